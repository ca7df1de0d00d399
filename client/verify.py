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

from shared.bots import choose
from shared.chance import commitment
from shared.engine import Engine, IllegalMove
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
        }


OLD_GAME = (
    "This game was made before seeds took the players' contributions and logs were chained: "
    "the server drew its seed alone, and there is no chain to check."
)
SERVER_COULD_CHOOSE = (
    "No player but the creator sent a contribution of their own, and the creator's came with "
    "the creation, before the server committed to its secret: the server could have chosen "
    "this deal."
)


def verify(
    engine: Engine[Any],
    game: dict[str, Any],
    version: int,
    entries: list[dict[str, Any]],
    witness: Witness | None = None,
) -> Verification:
    """`game` is the server's public data of a finished game at `version`, `entries` its log."""
    witness = witness or Witness()
    if game.get("contributions") is None:
        checks, notes = [seed_check(game), log_check(entries, version)], [OLD_GAME]
    else:
        checks = []
        for check in provenance_checks(game, entries, version, witness):
            checks.append(check)
            if not check.passed:
                break
        notes = provenance_notes(game, witness)
    if not all(check.passed for check in checks):
        return Verification(game["id"], checks, notes=notes)
    moves = [(entry["seat"], entry["move"]) for entry in entries]
    try:
        start = engine.new(
            len(game["seats"]), game["seed"], game["options"], game["engine_version"]
        )
        final = replay(engine, start, moves)
    except IllegalMove as error:
        checks.append(Check("replay", False, f"the log holds a move the rules forbid: {error}"))
        return Verification(game["id"], checks, notes=notes)
    except ValueError as error:
        checks.append(Check("replay", False, f"the game cannot be set up here: {error}"))
        return Verification(game["id"], checks, notes=notes)
    checks.append(Check("replay", True, f"{len(moves)} moves replayed by the local rules"))
    # through JSON, as the server stored it: tuples become lists, integer keys strings
    replayed = json.loads(json.dumps(engine.result(final)))
    checks.append(
        Check(
            "result",
            replayed == game["result"],
            "the replay ends with the server's result"
            if replayed == game["result"]
            else f"the replay gives {replayed}, the server says {game['result']}",
        )
    )
    if any("bot_version" in entry for entry in entries):
        checks.append(bot_moves_check(engine, game, start, entries))
    return Verification(game["id"], checks, replayed, notes)


def bot_moves_check(
    engine: Engine[Any], game: dict[str, Any], start: Any, entries: list[dict[str, Any]]
) -> Check:
    """Every move a bot chose (its entry names the bots' `bot_version`) made again: the bots of
    that version, at the level of the entry (a player out of time) or of the seat, with the
    randomness the secret gives that version of the game and seat (`bot_seed`), must choose
    the logged move. Old versions of the bots stay in `shared.bots.VERSIONS` for this."""
    secret = game.get("secret") or game["seed"]
    state, made, versions = start, 0, set[int]()
    for version, entry in enumerate(entries):
        seat, move, bots = entry["seat"], entry["move"], entry.get("bot_version")
        if bots is not None:
            level = entry.get("bot") or game["seats"][seat].get("bot")
            where = f"the move at version {version + 1}"
            try:
                chosen = choose(
                    engine, state, seat, bot_seed(secret, version, seat), level, None, bots
                )
            except ValueError as error:  # a version or level of bots this code does not have
                return Check("bots", False, f"{where} cannot be made again here: {error}")
            if engine.parse_move(engine.format_move(chosen.move)) != move:
                return Check(
                    "bots", False, f"{where} is not the one the {level} bot of version {bots} makes"
                )
            made, versions = made + 1, versions | {bots}
        state = engine.apply(state, seat, move)
    named = ", ".join(str(version) for version in sorted(versions))
    moves = "move" if made == 1 else "moves"
    return Check("bots", True, f"{made} bot {moves} made again by the bots (version {named})")


def provenance_checks(
    game: dict[str, Any], entries: list[dict[str, Any]], version: int, witness: Witness
) -> Iterator[Check]:
    """The checks of a game with contributions and a chain, in order, each taking those before
    it as passed: the caller stops at the first that fails."""
    yield secret_check(game)
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


def seed_check(game: dict[str, Any]) -> Check:
    """A game from before contributions: its seed against the hash published at the start."""
    seed, published = game["seed"], game["seed_sha256"]
    digest = sha256_of_hex(seed)
    if digest is None:
        return Check("seed", False, f"the revealed seed {seed!r} is not hex")
    if digest != published:
        return Check("seed", False, f"sha256(seed) is {digest}, but {published} was published")
    return Check("seed", True, f"sha256(seed) = {published}, as published at the start")


def secret_check(game: dict[str, Any]) -> Check:
    secret, published = game["secret"], game["secret_sha256"]
    digest = sha256_of_hex(secret)
    if digest is None:
        return Check("secret", False, f"the revealed secret {secret!r} is not hex")
    if digest != published:
        return Check("secret", False, f"sha256(secret) is {digest}, but {published} was published")
    return Check("secret", True, f"sha256(secret) = {published}, as published at creation")


def contributions_check(game: dict[str, Any], witness: Witness) -> Check:
    """Every seat has a contribution; those the server made follow from its secret; the
    player's own is the one this machine sent."""
    contributions: list[Any] = game["contributions"]
    if len(contributions) != len(game["seats"]) or not all(
        isinstance(given, dict) for given in contributions
    ):
        return Check("contributions", False, "a seat has no contribution")
    own, made = [], []
    for seat, given in enumerate(contributions):
        value = given.get("value", "")
        if not is_contribution(value):
            return Check("contributions", False, f"seat {seat}'s {value!r} is no contribution")
        if given.get("made_by") == "server":
            if value != server_contribution(game["secret"], seat):
                return Check(
                    "contributions",
                    False,
                    f"seat {seat}'s contribution is not the one the server's secret makes",
                )
            made.append(seat)
        else:
            own.append(seat)
    detail = f"seats {own} sent their own" if own else "no seat sent its own"
    if made:
        detail += f"; seats {made} had the server make theirs from its secret, as it must"
    yours = witness.seat
    if yours is not None and 0 <= yours < len(contributions) and witness.contribution is not None:
        if contributions[yours]["value"] != witness.contribution:
            return Check(
                "contributions",
                False,
                f"your seat's contribution is not {witness.contribution}, which you sent",
            )
        detail += "; yours is the one this machine sent"
    return Check("contributions", True, detail)


def derived_seed_check(game: dict[str, Any]) -> Check:
    values = [given["value"] for given in game["contributions"]]
    expected = derived_seed(game["secret"], values)
    if game["seed"] != expected:
        return Check(
            "seed",
            False,
            f"the secret and contributions make the seed {expected}, not {game['seed']}",
        )
    if game["seed_sha256"] not in (None, sha256_of_hex(expected)):
        return Check("seed", False, "sha256(seed) is not the hash shown while the game ran")
    return Check("seed", True, "the seed is HMAC-SHA256(secret, the contributions)")


def fixed_options_check(game: dict[str, Any]) -> Check:
    """The options the creator fixed are the ones shown (by hash) before anyone joined; only
    the game's players see them, so no one else can replay the game."""
    for name, about in game["fixed_by_creator"].items():
        if name not in game["options"]:
            return Check(
                "fixed options",
                False,
                f"the {name} the creator set is shown only to the game's players: "
                "it cannot be checked, nor the game replayed, here",
            )
        shown = option_fingerprint(game["secret"], name, game["options"].get(name))
        if shown != about["fingerprint"]:
            return Check(
                "fixed options", False, f"the revealed {name} is not the one shown at the start"
            )
    names = ", ".join(game["fixed_by_creator"])
    return Check("fixed options", True, f"{names}: as fingerprinted from the start")


def log_check(entries: list[dict[str, Any]], version: int) -> Check:
    """The log is whole: one entry per version from 1 on, every entry with its move."""
    numbers = [entry.get("version") for entry in entries]
    if numbers != list(range(1, version + 1)):
        return Check("log", False, f"the log is not versions 1 to {version} in order")
    hidden = [entry["version"] for entry in entries if "move" not in entry]
    if hidden:
        return Check("log", False, f"entries {hidden[:5]} hide their moves")
    return Check("log", True, f"{len(entries)} entries, each with its move")


def chain_check(game: dict[str, Any], entries: list[dict[str, Any]], witness: Witness) -> Check:
    """Each entry names the hash of the one before; the last one's is the head the server shows
    now; and every head the player was shown is the chain's head at that version."""
    heads = chain_heads(game["secret"], entries)
    if isinstance(heads, int):
        return Check("chain", False, f"entry {heads}'s prev is not the hash of the entry before")
    if game["head"] != heads[-1]:
        return Check("chain", False, "the head the server shows is not the last entry's hash")
    for version, kept in sorted(witness.heads.items()):
        if version >= len(heads) or heads[version] != kept:
            return Check(
                "chain",
                False,
                f"at version {version} you were shown the head {kept}: this is another history",
            )
    for given in witness.given_heads:
        if given not in heads:
            return Check("chain", False, f"the head {given} is on no version of this history")
    detail = f"{len(entries)} entries chained to the head {heads[-1]}"
    held = len(witness.heads) + len(witness.given_heads)
    if held:
        detail += f", through all {held} heads you hold"
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


def provenance_notes(game: dict[str, Any], witness: Witness) -> list[str]:
    """What a player should know that no check can settle."""
    notes = []
    if not any(
        isinstance(given, dict) and given.get("made_by") == "player"
        for given in game["contributions"][1:]
    ):
        notes.append(SERVER_COULD_CHOOSE)
    if game["fixed_by_creator"]:
        notes.append(fixed_by_creator_text(game["fixed_by_creator"]))
    if witness.seat is not None and witness.contribution is None:
        notes.append(
            "This machine kept no contribution for your seat: whether the one there is yours "
            "was not checked."
        )
    return notes
