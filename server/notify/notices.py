"""What one notice says to one player, written from the game as that player may see it.

Everything here goes through the engine's `view`, `redact_event` and `legal_moves` for the
recipient's own seat, so a notice holds exactly what `GET /games/{id}` and its log would show
them: their hand, never another's. A notice shows the game as it is when it is sent, not as it
was when it was planned, and a notice that the game has overtaken (a turn the player took or
need not take any more, an invitation they took up, a start of a game that has ended) says
nothing: it is dropped. Every word is in the recipient's language (`words`): the sentences
written here, the engine's board and event lines, the deadlines.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Sequence
from typing import Any, TypedDict

from babel.numbers import format_decimal

from server.domain.games import provenance
from server.domain.games.bots import timeout_level
from server.domain.games.loaded import ACTIVE, FINISHED, OPEN, Game
from server.domain.players.quiet import zone
from server.mail.compose import Section
from server.mail.reply_address import Ticket, reply_address
from server.notify import table_talk
from server.notify.job_context import Context
from server.presenters import games as presenters
from server.presenters.catalogs import locale_of
from server.storage.redis_client import UNAVAILABLE
from shared.clock_text import span
from shared.engine import Engine, seats_named, shown_name, shown_names
from shared.fairness import fixed_by_creator_text
from shared.words import ENGLISH, Words

log = logging.getLogger("turnpost.notify")

MAX_CHANGES = 30
DEPARTURES = ("finished", "dropped")
"""The kinds of notice that name (`left`) who resigned or ran out of time."""


def sections(
    ctx: Context, items: list[dict[str, Any]], words: Words = ENGLISH
) -> tuple[list[Section], list[dict[str, Any]]]:
    """The sections of the notices still worth sending, one per game, and the notices that
    could not be written. A game whose notices were held (quiet hours, a digest) may have
    several, its start, a turn and its end say: it is told once, as it is now (see
    `game_section`). A game that cannot be loaded or drawn (a fault in its data or in this
    code) has its notices set apart, with its error logged, so that the player's other notices
    still go out; only Redis out of reach, which no notice gets past, is raised."""
    by_game: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        by_game.setdefault(item["game"], []).append(item)
    written: list[Section] = []
    failed: list[dict[str, Any]] = []
    for game_id, notices in by_game.items():
        try:
            found = game_section(ctx, ctx.games.loading.load(game_id), notices, words)
        except UNAVAILABLE:
            raise
        except Exception:
            log.exception("notices of game %s could not be written; kept for another try", game_id)
            failed.extend(notices)
            continue
        if found is not None:
            written.append(found)
    return written, failed


def game_section(
    ctx: Context, game: Game, notices: list[dict[str, Any]], words: Words = ENGLISH
) -> Section | None:
    """One game's notices as one section: the latest (by when it was made, then by the version
    it is about, as several are made in one moment) that still says something
    speaks for them all, drawn from the game as it is now and naming everyone who left it
    since the first."""
    notices = sorted(notices, key=lambda item: (item["created"], item.get("version", 0)))
    departed = [who for item in notices if item["kind"] in DEPARTURES for who in item["left"]]
    for item in reversed(notices):
        found = section(ctx, game, item, departed, words)
        if found is not None:
            talk, upto = table_talk.unheard(ctx, game, item["seat"], words)
            return dataclasses.replace(found, talk=talk, talk_upto=upto)
    return None


def invitation(game: Game, by: str, words: Words = ENGLISH) -> str:
    """What an invitation says of who asks: the creator, or for a rematch the player who asked
    for it (the creator stays the finished game's)."""
    asker = presenters.asker(game.record)
    title = game.engine.title_in(words)
    if asker is None:
        return words.gettext("%(by)s invites you to a game of %(title)s.", by=by, title=title)
    if asker == by:
        return words.gettext(
            "%(asker)s asks for a rematch of your game of %(title)s, dealt anew.",
            asker=asker,
            title=title,
        )
    return words.gettext(
        "%(asker)s asks for a rematch of your game of %(title)s, dealt anew; %(by)s stays its "
        "creator.",
        asker=asker,
        title=title,
        by=by,
    )


@dataclasses.dataclass(frozen=True)
class Notice:
    """One notice as a section draws it: the `item` queued for a seat, about its game as it is
    now, under the section's `label` and message `key`, in the player's `words`."""

    game: Game
    item: dict[str, Any]
    label: str
    key: str
    words: Words


def section(
    ctx: Context,
    game: Game,
    item: dict[str, Any],
    departed: list[list[Any]],
    words: Words = ENGLISH,
) -> Section | None:
    """A notice, drawn from the game as it is now (`departed`: who resigned or ran out of time,
    as `[seat, action, timed out]`): None if the game has overtaken it."""
    names = shown_names(game.names, game.bot_accounts, words)
    label = words.gettext(
        "%(title)s %(id)s with %(players)s",
        title=game.engine.title_in(words),
        id=game.id[:8],
        players=", ".join(names),
    )
    key = f"{item['id'].replace(':', '.')}.{item['seat']}"
    notice = Notice(game, item, label, key, words)
    kind = item["kind"]
    creator = ctx.players.get(game.record.creator)
    by = shown_name(creator.name, creator.bot_account, words) if creator else None
    if kind == "cancelled":
        headline = (
            words.gettext("%(name)s has cancelled this game; it will not start.", name=by)
            if by
            else words.gettext("This game has been cancelled; it will not start.")
        )
        return Section(game.id, label, headline, message_key=key)
    if kind == "invite":
        return _invite(ctx, notice, by or words.gettext("Someone"))
    if kind in ("turn", "reminder"):
        return _turn(ctx, notice)
    if (kind == "finished") != (game.status != ACTIVE):
        return None  # a start or a departure in a game that has ended since: its end tells it
    return _under_way(ctx, notice, departed)


def _invite(ctx: Context, notice: Notice, by: str) -> Section | None:
    """An invitation from `by`, while it is still open to the seat."""
    game, seat, words = notice.game, notice.item["seat"], notice.words
    if game.status != OPEN or game.seats[seat].joined or game.seats[seat].player is None:
        return None  # taken up, declined or called off while it was held
    fixed = provenance.fixed_by_creator(game.record, game.engine, game.seats[seat].player)
    return Section(
        game.id,
        notice.label,
        invitation(game, by, words),
        notes=[
            *([fixed_by_creator_text(fixed, words)] if fixed else []),
            words.gettext(
                "Take your seat with: turnpost join %(id)s (or turnpost decline %(id)s)",
                id=game.id,
            ),
            words.gettext("The game starts when every seat is taken."),
        ],
        reply_to=_reply_to(ctx, game, seat),
        commands=["join", "decline"],
        message_key=notice.key,
    )


def _under_way(ctx: Context, notice: Notice, departed: list[list[Any]]) -> Section:
    """A game's start, a departure from it or its end: the board as the seat sees it, with the
    moves since and who left."""
    game, label, key, words = notice.game, notice.label, notice.key, notice.words
    seat, kind = notice.item["seat"], notice.item["kind"]
    names = shown_names(game.names, game.bot_accounts, words)
    log = ctx.games.loading.log_raw(game.id)
    shown = seat_view(game.engine, game.state, seat, names, words)
    who_left = departures(names, departed, words)
    if kind == "finished":
        headline = f"{words.gettext('Game over.')} {who_left}".strip()
        changes = _changes(ctx, game, seat, log, words)
        notes = [
            *_result(game, names, words),
            words.gettext("Play again: turnpost rematch %(id)s", id=game.id),
        ]
        return Section(
            game.id,
            label,
            headline,
            notes,
            changes,
            reply_to=_reply_to(ctx, game, seat),
            commands=["rematch", "say: …"],
            message_key=key,
            **shown,
        )
    if kind == "started":
        waiting = seats_named(game.engine.to_act(game.state), names)
        headline = words.gettext("The game has started; it is %(name)s's turn.", name=waiting)
        return Section(
            game.id, label, headline, deadlines(ctx, game, seat, words), message_key=key, **shown
        )
    changes = _changes(ctx, game, seat, log, words)
    notes = deadlines(ctx, game, seat, words)
    return Section(game.id, label, who_left, notes, changes, message_key=key, **shown)


def departures(names: Sequence[str], left: Sequence[Sequence[Any]], words: Words = ENGLISH) -> str:
    """Who resigned or ran out of time, from notices' `left` (`[seat, action, timed out]`)."""
    return " ".join(
        departure(names[who], action, timed_out, words) for who, action, timed_out in left
    )


def departure(name: str, action: str, timed_out: bool, words: Words) -> str:
    if not timed_out:
        return words.gettext("%(name)s resigned.", name=name)
    if action == "resign":
        return words.gettext("%(name)s ran out of time and resigned.", name=name)
    return words.gettext("%(name)s ran out of time and was skipped.", name=name)


def deadlines(ctx: Context, game: Game, seat: int, words: Words = ENGLISH) -> list[str]:
    """The game's running clocks as the seat's player reads them (`Deadlines.sentences`)."""
    player_id = game.seats[seat].player
    player = ctx.players.get(player_id) if player_id and game.record.clock else None
    if player is None:
        return []
    return ctx.deadlines.sentences(game.record, seat, zone(player), ctx.clock(), words)


class SeatView(TypedDict):
    """The game as a seat sees it, in text and in HTML: a section's `view` and `board`."""

    view: str
    board: str


def seat_view(
    engine: Engine[Any], state: Any, seat: int, names: Sequence[str], words: Words = ENGLISH
) -> SeatView:
    seen = engine.view(state, seat)
    return {
        "view": engine.render_view(seen, names, words=words),
        "board": engine.render_html(seen, names, words=words),
    }


def _turn(ctx: Context, notice: Notice) -> Section | None:
    game, item, words = notice.game, notice.item, notice.words
    seat, version = item["seat"], item["version"]
    if game.status != ACTIVE or seat not in game.engine.to_act(game.state):
        return None
    log = ctx.games.loading.log_raw(game.id)
    if any(json.loads(entry)["seat"] == seat for entry in log[version:]):
        return None
    # Shown as it is now, not as it was when the turn came: in quiet hours or a digest the
    # others may have chosen meanwhile (simultaneous choices), and the reply address is for
    # the game as shown.
    engine = game.engine
    if item["kind"] == "reminder":
        headline = words.gettext(
            "Reminder: it is still your turn, and %(percent)s%% of your time is used.",
            percent=format_decimal(item["percent"], locale=locale_of(words)),
        )
    elif item.get("started"):
        headline = words.gettext("The game has started, and it is your turn.")
    elif item.get("again"):
        headline = words.gettext("It is still your turn.")
    else:
        headline = words.gettext("Your turn.")
    notes = deadlines(ctx, game, seat, words)
    if game.record.clock is not None:
        notes.append(timing(game, seat, game.record.clock, words))
    return Section(
        game.id,
        notice.label,
        headline,
        notes,
        _changes(ctx, game, seat, log, words),
        moves=[engine.format_move(move) for move in engine.legal_moves(game.state, seat)],
        reply_to=_reply_to(ctx, game, seat),
        message_key=notice.key,
        **seat_view(
            engine, game.state, seat, shown_names(game.names, game.bot_accounts, words), words
        ),
    )


def timing(game: Game, seat: int, clock: dict[str, Any], words: Words) -> str:
    """How the seat's move clock runs, and what happens when it runs out, in one sentence."""
    engine = game.engine
    level = timeout_level(clock["on_timeout"])
    neutral = engine.neutral_move(game.state, seat) if clock["on_timeout"] == "skip" else None
    if level is not None:
        then = words.gettext(
            "a %(level)s bot makes this move for you, and the next is yours again", level=level
        )
    elif neutral is None:
        then = words.gettext("you resign")
    else:
        then = words.gettext("“%(move)s” is played for you", move=engine.format_move(neutral))
    if "move_time" in clock:
        return words.gettext(
            "You have %(time)s per move, your quiet hours and vacations not counted; when it "
            "runs out, %(then)s.",
            time=span(clock["move_time"], words),
            then=then,
        )
    return words.gettext(
        "Your moves draw on your time bank, your quiet hours and vacations not counted; when "
        "it runs out, %(then)s.",
        then=then,
    )


def _reply_to(ctx: Context, game: Game, seat: int) -> str:
    """The address the seat's player answers this notice at, for the game as it is now."""
    ticket = Ticket(game.id, seat, game.version)
    return reply_address(ticket, ctx.secret.key(), ctx.mail.reply_domain)


def _changes(
    ctx: Context, game: Game, seat: int, log: list[bytes], words: Words = ENGLISH
) -> list[str]:
    """The log since the seat's own last move, as the seat may see it (`log`: the raw log); a
    move a bot chose for it when its time ran out is among the news, not its own."""
    own = [i for i, raw in enumerate(log[: game.version]) if _own(json.loads(raw), seat)]
    since = own[-1] + 1 if own else 0
    lines = []
    for entry in presenters.log(game, seat, since, ctx.games.loading.entries(game, since), words):
        if entry["version"] > game.version:
            break
        lines.append(presenters.history_line(entry["text"], entry, words))
    return lines[-MAX_CHANGES:]


def _own(entry: dict[str, Any], seat: int) -> bool:
    return bool(entry["seat"] == seat and not entry.get("bot"))


def _result(game: Game, names: list[str], words: Words = ENGLISH) -> list[str]:
    result = game.engine.result(game.state) or {}
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    scored = ", ".join(f"{names[i]} {score}" for i, score in enumerate(scores))
    won = seats_named(winners, names)
    notes = [
        words.gettext("Final scores: %(scores)s", scores=scored),
        words.ngettext("Winner: %(names)s", "Winners: %(names)s", len(winners), names=won)
        if winners
        else words.gettext("Winner: nobody"),
    ]
    record = game.record
    if game.status == FINISHED and record.chained:
        notes.append(
            words.gettext(
                "The server's secret was %(secret)s (its SHA-256, %(commitment)s, was published "
                "when the game was made), and the seed made from it and every player's "
                "contribution was %(seed)s; check the seed, every shuffle and roll and the "
                "log's chain with: turnpost verify %(id)s",
                secret=record.secret,
                commitment=record.commitment,
                seed=record.seed,
                id=game.id,
            )
        )
    elif game.status == FINISHED:
        notes.append(
            words.gettext(
                "The seed was %(seed)s (its SHA-256, %(commitment)s, was published when the game "
                "was made); check every shuffle and roll with: turnpost verify %(id)s",
                seed=record.seed,
                commitment=record.commitment,
                id=game.id,
            )
        )
    return notes
