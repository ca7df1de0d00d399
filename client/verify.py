"""Checking a finished game without trusting the server.

The server publishes the SHA-256 of its secret when the game is made, takes a contribution from
each player as they sit down, and reveals the secret at the end; the seed is an HMAC of the
secret over the contributions, and each log entry carries the hash of the one before
(`shared.fairness`). So a player can confirm on their own machine that the secret is the
committed one, that their contribution went in as they sent it, that the seed follows, that
the log is the chain the server showed them while playing, and that replaying it with the same
`shared/` rules the server runs gives the result the server announced.

A game made before contributions and the chain existed is checked as it always was: its seed
against the hash published at the start, and the replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from client.config import N_
from client.words import _, ngettext, words
from shared.chance import commitment
from shared.engine import BadOptions, Engine, IllegalMove, player_names
from shared.fairness import (
    bot_seed,
    derived_seed,
    entry_hash,
    fixed_by_creator_text,
    genesis,
    is_contribution,
    option_fingerprint,
    server_contribution,
)
from shared.playout import replay


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class Witness:
    """What the player holds besides the server's word: their seat, the contribution this
    machine sent for it, the heads of the log it was shown (by version), and heads given on the
    command line (at any version)."""

    seat: int | None = None
    contribution: str | None = None
    heads: dict[int, str] = field(default_factory=dict)
    given_heads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verification:
    game_id: str
    checks: list[Check] = field(default_factory=list)
    replayed_result: Any = None
    notes: list[str] = field(default_factory=list)
    deal_chosen_by_none: bool = True
    """Whether the deal is proven to be no one's choice: another player's contribution went
    into the seed. Without one, every check may pass and the server could still have chosen
    it, which the verdict says once (`client.screens.verification`)."""

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.passed for check in self.checks)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "ok": self.ok,
            "checks": [vars(check) for check in self.checks],
            "replayed_result": self.replayed_result,
            "notes": self.notes,
            "deal_chosen_by_none": self.deal_chosen_by_none,
        }


def verify(
    engine: Engine[Any],
    game: dict[str, Any],
    version: int,
    entries: list[dict[str, Any]],
    witness: Witness | None = None,
) -> Verification:
    """`game` is the server's public data of a finished game at `version`, `entries` its log."""
    checks, notes = record_checks(game, entries, version, witness or Witness())
    unchosen = not server_could_choose(game)
    if not all(check.passed for check in checks):
        return Verification(game["id"], checks, notes=notes, deal_chosen_by_none=unchosen)
    try:
        start = engine.new(
            len(game["seats"]), game["seed"], game["options"], game["engine_version"]
        )
    except ValueError as error:
        return Verification(
            game["id"], [*checks, unplayable(error)], notes=notes, deal_chosen_by_none=unchosen
        )
    replay_made, replayed = replay_checks(engine, game, start, entries)
    checks += replay_made
    if not replay_made[0].passed:  # not replayed: no result, no bot move to make again
        return Verification(game["id"], checks, notes=notes, deal_chosen_by_none=unchosen)
    if any("bot_version" in entry for entry in entries):
        checks.append(bot_moves_check(engine, game, start, entries))
    return Verification(game["id"], checks, replayed, notes, unchosen)


def record_checks(
    game: dict[str, Any], entries: list[dict[str, Any]], version: int, witness: Witness
) -> tuple[list[Check], list[str]]:
    """The checks of the record before any replay (up to the first that fails, for a game with
    contributions), and the notes that go with them."""
    if game.get("contributions") is None:
        checks = [revealed_check(game, "seed"), log_check(entries, version)]
        notes = [
            _(
                "This game was made before seeds took the players' contributions and logs were "
                "chained: the server drew its seed alone, and there is no chain to check."
            )
        ]
        return checks, notes
    checks = []
    for check in provenance_checks(game, entries, version, witness):
        checks.append(check)
        if not check.passed:
            break
    return checks, provenance_notes(game, witness)


def unplayable(error: ValueError) -> Check:
    """The replay's failed check when the game cannot be set up, or replayed, here."""
    why = error.message_in(words()) if isinstance(error, BadOptions) else str(error)
    return Check("replay", False, _("the game cannot be set up here: %(error)s", error=why))


def replay_checks(
    engine: Engine[Any], game: dict[str, Any], start: Any, entries: list[dict[str, Any]]
) -> tuple[list[Check], Any]:
    """The log replayed from `start` by the local rules: the replay's and the result's checks
    with the replayed result, or the replay's failed check alone (and no result)."""
    moves = [(entry["seat"], entry["move"]) for entry in entries]
    try:
        final = replay(engine, start, moves)
    except IllegalMove as error:
        forbidden = error.message_in(player_names(game["seats"], words()), words())
        return [
            Check(
                "replay",
                False,
                _("the log holds a move the rules forbid: %(error)s", error=forbidden),
            )
        ], None
    except ValueError as error:
        return [unplayable(error)], None
    replayed_moves = Check(
        "replay",
        True,
        ngettext(
            "%(num)d move replayed by the local rules",
            "%(num)d moves replayed by the local rules",
            len(moves),
        ),
    )
    # through JSON, as the server stored it: tuples become lists, integer keys strings
    replayed = json.loads(json.dumps(engine.result(final)))
    result = Check(
        "result",
        replayed == game["result"],
        _("the replay ends with the server's result")
        if replayed == game["result"]
        else _(
            "the replay gives %(replayed)s, the server says %(result)s",
            replayed=replayed,
            result=game["result"],
        ),
    )
    return [replayed_moves, result], replayed


def bot_moves_check(
    engine: Engine[Any], game: dict[str, Any], start: Any, entries: list[dict[str, Any]]
) -> Check:
    """Every move a bot chose (its entry names the bots' `bot_version`) made again: the bots of
    that version, at the level of the entry (a player out of time) or of the seat, with the
    randomness the secret gives that version of the game and seat (`bot_seed`), must choose
    the logged move. Old versions of the bots stay in `shared.bots.VERSIONS` for this. The bots
    are imported here, by the one check that needs them, and not by every command."""
    from shared.bots import choose

    secret = game.get("secret") or game["seed"]
    state, made, versions = start, 0, set[int]()
    for version, entry in enumerate(entries):
        seat, move, bots = entry["seat"], entry["move"], entry.get("bot_version")
        if bots is not None:
            level = entry.get("bot") or game["seats"][seat].get("bot")
            at = version + 1
            try:
                chosen = choose(
                    engine, state, seat, bot_seed(secret, version, seat), level, None, bots
                )
            except ValueError as error:  # a version or level of bots this code does not have
                return Check(
                    "bots",
                    False,
                    _(
                        "the move at version %(version)s cannot be made again here: %(error)s",
                        version=at,
                        error=error,
                    ),
                )
            if engine.parse_move(engine.format_move(chosen.move)) != move:
                return Check(
                    "bots",
                    False,
                    _(
                        "the move at version %(version)s is not the one the %(level)s bot of "
                        "version %(bots)s makes",
                        version=at,
                        level=level,
                        bots=bots,
                    ),
                )
            made, versions = made + 1, versions | {bots}
        state = engine.apply(state, seat, move)
    named = ", ".join(str(version) for version in sorted(versions))
    return Check(
        "bots",
        True,
        ngettext(
            "%(num)d bot move made again by the bots (version %(versions)s)",
            "%(num)d bot moves made again by the bots (version %(versions)s)",
            made,
            versions=named,
        ),
    )


def provenance_checks(
    game: dict[str, Any], entries: list[dict[str, Any]], version: int, witness: Witness
) -> Iterator[Check]:
    """The checks of a game with contributions and a chain, in order, each taking those before
    it as passed: the caller stops at the first that fails."""
    yield revealed_check(game, "secret")
    yield contributions_check(game, witness)
    yield derived_seed_check(game)
    if game["fixed_by_creator"]:
        yield fixed_options_check(game)
    yield log_check(entries, version)
    yield chain_check(game, entries, witness)


def sha256_of_hex(value: Any) -> str | None:
    try:
        return commitment(value)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class RevealedWords:
    """What a check of a value revealed against its hash published before says: the value is
    not hex, its hash is not the one published, or it is."""

    not_hex: str
    other_hash: str
    as_published: str


REVEALED = {
    "seed": RevealedWords(
        N_("the revealed seed %(seed)r is not hex"),
        N_("sha256(seed) is %(digest)s, but %(published)s was published"),
        N_("sha256(seed) = %(published)s, as published at the start"),
    ),
    "secret": RevealedWords(
        N_("the revealed secret %(secret)r is not hex"),
        N_("sha256(secret) is %(digest)s, but %(published)s was published"),
        N_("sha256(secret) = %(published)s, as published at creation"),
    ),
}
"""The words of the two values revealed: a game's seed (a game from before contributions,
published at its start) and its server's secret (published at its creation)."""


def revealed_check(game: dict[str, Any], name: str) -> Check:
    """The game's revealed value `name` (its `seed` or its `secret`) against the hash of it
    published before (`NAME_sha256`)."""
    value, published, texts = game[name], game[f"{name}_sha256"], REVEALED[name]
    digest = sha256_of_hex(value)
    if digest is None:
        return Check(name, False, _(texts.not_hex, **{name: value}))
    if digest != published:
        return Check(name, False, _(texts.other_hash, digest=digest, published=published))
    return Check(name, True, _(texts.as_published, published=published))


def contributions_check(game: dict[str, Any], witness: Witness) -> Check:
    """Every seat has a contribution; those the server made follow from its secret; the
    player's own is the one this machine sent."""
    contributions: list[Any] = game["contributions"]
    if len(contributions) != len(game["seats"]) or not all(
        isinstance(given, dict) for given in contributions
    ):
        return Check("contributions", False, _("a seat has no contribution"))
    own, made = [], []
    for seat, given in enumerate(contributions):
        value = given.get("value", "")
        if not is_contribution(value):
            return Check(
                "contributions",
                False,
                _("seat %(seat)s's %(value)r is no contribution", seat=seat, value=value),
            )
        if given.get("made_by") == "server":
            if value != server_contribution(game["secret"], seat):
                return Check(
                    "contributions",
                    False,
                    _(
                        "seat %(seat)s's contribution is not the one the server's secret makes",
                        seat=seat,
                    ),
                )
            made.append(seat)
        else:
            own.append(seat)
    details = [_("seats %(seats)s sent their own", seats=own) if own else _("no seat sent its own")]
    if made:
        details.append(
            _(
                "seats %(seats)s had the server make theirs from its secret, as it must",
                seats=made,
            )
        )
    yours = witness.seat
    if yours is not None and 0 <= yours < len(contributions) and witness.contribution is not None:
        if contributions[yours]["value"] != witness.contribution:
            return Check(
                "contributions",
                False,
                _(
                    "your seat's contribution is not %(sent)s, which you sent",
                    sent=witness.contribution,
                ),
            )
        details.append(_("yours is the one this machine sent"))
    return Check("contributions", True, "; ".join(details))


def derived_seed_check(game: dict[str, Any]) -> Check:
    values = [given["value"] for given in game["contributions"]]
    expected = derived_seed(game["secret"], values)
    if game["seed"] != expected:
        return Check(
            "seed",
            False,
            _(
                "the secret and contributions make the seed %(expected)s, not %(seed)s",
                expected=expected,
                seed=game["seed"],
            ),
        )
    if game["seed_sha256"] not in (None, sha256_of_hex(expected)):
        return Check("seed", False, _("sha256(seed) is not the hash shown while the game ran"))
    return Check("seed", True, _("the seed is HMAC-SHA256(secret, the contributions)"))


def fixed_options_check(game: dict[str, Any]) -> Check:
    """The options the creator fixed are the ones shown (by hash) before anyone joined; only
    the game's players see them, so no one else can replay the game."""
    for name, about in game["fixed_by_creator"].items():
        if name not in game["options"]:
            return Check(
                "fixed options",
                False,
                _(
                    "the %(option)s the creator set is shown only to the game's players: it "
                    "cannot be checked, nor the game replayed, here",
                    option=name,
                ),
            )
        shown = option_fingerprint(game["secret"], name, game["options"].get(name))
        if shown != about["fingerprint"]:
            return Check(
                "fixed options",
                False,
                _("the revealed %(option)s is not the one shown at the start", option=name),
            )
    names = ", ".join(game["fixed_by_creator"])
    return Check(
        "fixed options", True, _("%(options)s: as fingerprinted from the start", options=names)
    )


def log_check(entries: list[dict[str, Any]], version: int) -> Check:
    """The log is whole: one entry per version from 1 on, every entry with its move."""
    numbers = [entry.get("version") for entry in entries]
    if numbers != list(range(1, version + 1)):
        return Check(
            "log", False, _("the log is not versions 1 to %(version)s in order", version=version)
        )
    hidden = [entry["version"] for entry in entries if "move" not in entry]
    if hidden:
        return Check("log", False, _("entries %(versions)s hide their moves", versions=hidden[:5]))
    return Check(
        "log",
        True,
        ngettext(
            "%(num)d entry, with its move", "%(num)d entries, each with its move", len(entries)
        ),
    )


def chain_check(game: dict[str, Any], entries: list[dict[str, Any]], witness: Witness) -> Check:
    """Each entry names the hash of the one before; the last one's is the head the server shows
    now; and every head the player was shown is the chain's head at that version."""
    heads = chain_heads(game["secret"], entries)
    if isinstance(heads, int):
        return Check(
            "chain",
            False,
            _("entry %(version)s's prev is not the hash of the entry before", version=heads),
        )
    if game["head"] != heads[-1]:
        return Check("chain", False, _("the head the server shows is not the last entry's hash"))
    for version, kept in sorted(witness.heads.items()):
        if version >= len(heads) or heads[version] != kept:
            return Check(
                "chain",
                False,
                _(
                    "at version %(version)s you were shown the head %(head)s: this is another "
                    "history",
                    version=version,
                    head=kept,
                ),
            )
    for given in witness.given_heads:
        if given not in heads:
            return Check(
                "chain",
                False,
                _("the head %(head)s is on no version of this history", head=given),
            )
    held = len(witness.heads) + len(witness.given_heads)
    if held:
        detail = ngettext(
            "%(entries)s entries chained to the head %(head)s, through the %(num)d head you hold",
            "%(entries)s entries chained to the head %(head)s, through all %(num)d heads you hold",
            held,
            entries=len(entries),
            head=heads[-1],
        )
    else:
        detail = _(
            "%(entries)s entries chained to the head %(head)s", entries=len(entries), head=heads[-1]
        )
    return Check("chain", True, detail)


def chain_heads(secret: str, entries: Sequence[dict[str, Any]]) -> list[str] | int:
    """The head at each version, from 0 on; or the version of the first entry whose `prev` is
    not the head before it."""
    heads = [genesis(secret)]
    for entry in entries:
        if entry.get("prev") != heads[-1]:
            return int(entry["version"])
        heads.append(entry_hash(secret, entry))
    return heads


def server_could_choose(game: dict[str, Any]) -> bool:
    """Whether no contribution but the creator's went into the seed (or none at all, in a game
    from before them): the creator's came with the creation, before the server committed to
    its secret, so the server could have chosen the deal."""
    return not any(
        isinstance(given, dict) and given.get("made_by") == "player"
        for given in (game.get("contributions") or [])[1:]
    )


def provenance_notes(game: dict[str, Any], witness: Witness) -> list[str]:
    """What a player should know that no check can settle (but the deal, which the verdict
    itself speaks of)."""
    notes = []
    if game["fixed_by_creator"]:
        notes.append(fixed_by_creator_text(game["fixed_by_creator"], words()))
    if witness.seat is not None and witness.contribution is None:
        notes.append(
            _(
                "This machine kept no contribution for your seat: whether the one there is "
                "yours was not checked."
            )
        )
    return notes
