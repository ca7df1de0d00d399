"""What one notice says to one player, written from the game as that player may see it.

Everything here goes through the engine's `view`, `redact_event` and `legal_moves` for the
recipient's own seat, so a notice holds exactly what `GET /games/{id}` and its log would show
them: their hand, never another's. A notice shows the game as it is when it is sent, not as it
was when it was planned, and a notice that the game has overtaken (a turn the player took or
need not take any more, an invitation they took up, a start of a game that has ended) says
nothing: it is dropped.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Sequence
from typing import Any, TypedDict

from server.domain import provenance
from server.domain.bots import timeout_level
from server.domain.game import ACTIVE, FINISHED, OPEN, Game
from server.domain.quiet import zone
from server.mail.compose import Section
from server.mail.reply_address import Ticket, reply_address
from server.notify import table_talk
from server.notify.context import Context
from server.presenters import games as presenters
from server.storage.redis_client import UNAVAILABLE
from shared.clock_text import span
from shared.engine import Engine, seats_named, shown_name
from shared.fairness import fixed_by_creator_text

log = logging.getLogger("turnpost.notify")

MAX_CHANGES = 30
DEPARTURES = ("finished", "dropped")
"""The kinds of notice that name (`left`) who resigned or ran out of time."""


def sections(
    ctx: Context, items: list[dict[str, Any]]
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
            found = game_section(ctx, ctx.games.load(game_id), notices)
        except UNAVAILABLE:
            raise
        except Exception:
            log.exception("notices of game %s could not be written; kept for another try", game_id)
            failed.extend(notices)
            continue
        if found is not None:
            written.append(found)
    return written, failed


def game_section(ctx: Context, game: Game, notices: list[dict[str, Any]]) -> Section | None:
    """One game's notices as one section: the latest (by when it was made, then by the version
    it is about, as several are made in one moment) that still says something
    speaks for them all, drawn from the game as it is now and naming everyone who left it
    since the first."""
    notices = sorted(notices, key=lambda item: (item["created"], item.get("version", 0)))
    departed = [who for item in notices if item["kind"] in DEPARTURES for who in item["left"]]
    for item in reversed(notices):
        found = section(ctx, game, item, departed)
        if found is not None:
            talk, upto = table_talk.unheard(ctx, game, item["seat"])
            return dataclasses.replace(found, talk=talk, talk_upto=upto)
    return None


def invitation(game: Game, by: str) -> str:
    """What an invitation says of who asks: the creator, or for a rematch the player who asked
    for it (the creator stays the finished game's)."""
    asker = presenters.asker(game.record)
    if asker is None:
        return f"{by} invites you to a game of {game.engine.title}."
    asked = f"{asker} asks for a rematch of your game of {game.engine.title}, dealt anew"
    return f"{asked}." if asker == by else f"{asked}; {by} stays its creator."


def section(
    ctx: Context, game: Game, item: dict[str, Any], departed: list[list[Any]]
) -> Section | None:
    """A notice, drawn from the game as it is now (`departed`: who resigned or ran out of time,
    as `[seat, action, timed out]`): None if the game has overtaken it."""
    seat: int = item["seat"]
    names = game.names
    label = f"{game.engine.title} {game.id[:8]} with {', '.join(names)}"
    key = f"{item['id'].replace(':', '.')}.{seat}"
    kind = item["kind"]
    creator = ctx.players.get(game.record.creator)
    by = shown_name(creator.name, creator.bot_account) if creator else "Someone"
    if kind == "cancelled":
        headline = f"{by} has cancelled this game; it will not start."
        return Section(game.id, label, headline, message_key=key)
    if kind == "invite":
        if game.status != OPEN or game.seats[seat].joined or game.seats[seat].player is None:
            return None  # taken up, declined or called off while it was held
        fixed = provenance.fixed_by_creator(game.record, game.engine, game.seats[seat].player)
        return Section(
            game.id,
            label,
            invitation(game, by),
            notes=[
                *([fixed_by_creator_text(fixed)] if fixed else []),
                f"Take your seat with: turnpost join {game.id} (or turnpost decline {game.id})",
                "The game starts when every seat is taken.",
            ],
            reply_to=_reply_to(ctx, game, seat),
            commands=["join", "decline"],
            message_key=key,
        )
    if kind in ("turn", "reminder"):
        return _turn(ctx, game, item, label, key)
    if (kind == "finished") != (game.status != ACTIVE):
        return None  # a start or a departure in a game that has ended since: its end tells it
    log = ctx.games.log_raw(game.id)
    shown = drawn(game.engine, game.state, seat, names)
    who_left = departures(names, departed)
    if kind == "finished":
        headline = f"Game over. {who_left}".strip()
        changes = _changes(ctx, game, seat, log)
        notes = [*_result(game, names), f"Play again: turnpost rematch {game.id}"]
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
        headline = f"The game has started; it is {waiting}'s turn."
        return Section(
            game.id, label, headline, deadlines(ctx, game, seat), message_key=key, **shown
        )
    changes = _changes(ctx, game, seat, log)
    notes = deadlines(ctx, game, seat)
    return Section(game.id, label, who_left, notes, changes, message_key=key, **shown)


def departures(names: Sequence[str], left: Sequence[Sequence[Any]]) -> str:
    """Who resigned or ran out of time, from notices' `left` (`[seat, action, timed out]`)."""
    return " ".join(
        f"{names[who]} ran out of time and {'resigned' if action == 'resign' else 'was skipped'}."
        if timed_out
        else f"{names[who]} resigned."
        for who, action, timed_out in left
    )


def deadlines(ctx: Context, game: Game, seat: int) -> list[str]:
    """The game's running clocks as the seat's player reads them (`Deadlines.told`)."""
    player_id = game.seats[seat].player
    player = ctx.players.get(player_id) if player_id and game.record.clock else None
    if player is None:
        return []
    return ctx.deadlines.told(game.record, seat, zone(player), ctx.clock())


class Drawn(TypedDict):
    """The game as a seat sees it, in text and in HTML: a section's `view` and `board`."""

    view: str
    board: str


def drawn(engine: Engine[Any], state: Any, seat: int, names: Sequence[str]) -> Drawn:
    seen = engine.view(state, seat)
    return {"view": engine.render_view(seen, names), "board": engine.render_html(seen, names)}


def _turn(ctx: Context, game: Game, item: dict[str, Any], label: str, key: str) -> Section | None:
    seat, version = item["seat"], item["version"]
    if game.status != ACTIVE or seat not in game.engine.to_act(game.state):
        return None
    log = ctx.games.log_raw(game.id)
    if any(json.loads(entry)["seat"] == seat for entry in log[version:]):
        return None
    # Shown as it is now, not as it was when the turn came: in quiet hours or a digest the
    # others may have chosen meanwhile (simultaneous choices), and the reply address is for
    # the game as shown.
    engine = game.engine
    if item["kind"] == "reminder":
        headline = f"Reminder: it is still your turn, and {item['percent']}% of your time is used."
    elif item.get("started"):
        headline = "The game has started, and it is your turn."
    elif item.get("again"):
        headline = "It is still your turn."
    else:
        headline = "Your turn."
    notes = deadlines(ctx, game, seat)
    clock = game.record.clock
    if clock is not None:
        level = timeout_level(clock["on_timeout"])
        neutral = engine.neutral_move(game.state, seat) if clock["on_timeout"] == "skip" else None
        if level is not None:
            then = f"a {level} bot makes this move for you, and the next is yours again"
        elif neutral is None:
            then = "you resign"
        else:
            then = f'"{engine.format_move(neutral)}" is played for you'
        allowed = (
            f"You have {span(clock['move_time'])} per move"
            if "move_time" in clock
            else "Your moves draw on your time bank"
        )
        notes.append(
            f"{allowed}, your quiet hours and vacations not counted; when it runs out, {then}."
        )
    return Section(
        game.id,
        label,
        headline,
        notes,
        _changes(ctx, game, seat, log),
        moves=[engine.format_move(move) for move in engine.legal_moves(game.state, seat)],
        reply_to=_reply_to(ctx, game, seat),
        message_key=key,
        **drawn(engine, game.state, seat, game.names),
    )


def _reply_to(ctx: Context, game: Game, seat: int) -> str:
    """The address the seat's player answers this notice at, for the game as it is now."""
    ticket = Ticket(game.id, seat, game.version)
    return reply_address(ticket, ctx.secret.key(), ctx.mail.reply_domain)


def _changes(ctx: Context, game: Game, seat: int, log: list[bytes]) -> list[str]:
    """The log since the seat's own last move, as the seat may see it (`log`: the raw log); a
    move a bot chose for it when its time ran out is among the news, not its own."""
    own = [i for i, raw in enumerate(log[: game.version]) if _own(json.loads(raw), seat)]
    since = own[-1] + 1 if own else 0
    lines = []
    for entry in presenters.log(game, seat, since, ctx.games.entries(game, since)):
        if entry["version"] > game.version:
            break
        lines.append(presenters.history_line(entry["text"], entry))
    return lines[-MAX_CHANGES:]


def _own(entry: dict[str, Any], seat: int) -> bool:
    return bool(entry["seat"] == seat and not entry.get("bot"))


def _result(game: Game, names: list[str]) -> list[str]:
    result = game.engine.result(game.state) or {}
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    notes = [
        "Final scores: " + ", ".join(f"{names[i]} {score}" for i, score in enumerate(scores)),
        "Winner: " + (seats_named(winners, names) or "nobody"),
    ]
    record = game.record
    if game.status == FINISHED and record.chained:
        notes.append(
            f"The server's secret was {record.secret} (its SHA-256, "
            f"{record.commitment}, was published when the game was made), and the seed "
            f"made from it and every player's contribution was {record.seed}; check the "
            f"seed, every shuffle and roll and the log's chain with: turnpost verify {game.id}"
        )
    elif game.status == FINISHED:
        notes.append(
            f"The seed was {record.seed} (its SHA-256, {record.commitment}, was "
            f"published when the game was made); check every shuffle and roll with: "
            f"turnpost verify {game.id}"
        )
    return notes
