"""From a change in a game to the notices its players get.

Planning looks at everything between the last planned version and now as one change, so a
worker that fell behind sends one notice per player, about the game as it is:

- a seat that must act now and did not have to before (or has just moved and must act again)
  gets "your turn"; the others, whose decision stands, get nothing new;
- everyone gets "game over" when it ended, "game started" when it began (unless it is their
  turn), and a note when someone resigned or ran out of time;
- invited players get an invitation once, and a note if the game is cancelled before it starts;
- a finished game is counted in its players' records and ratings (`server.storage.games.standings`).

The planned version is stored beside the log (`server.storage.games.mail_state`) and only ever
raised, under a per-game lock, so planning is safe to repeat and to run in several workers. When a
bot's seat must act, planning also queues the bot's move (`server.notify.jobs.play_bot`, on the play
queue, as the plan of a game in play is), and the game stays marked as changed until the bot has
moved: a job lost with its worker is queued again by the catch-up of a worker that starts, or by
the sweep (`server.notify.jobs`). Once a finished game is planned to its end it is compacted
(`Kept.compact`), and its mail state and move clocks go with its plain form: a compacted
game is never planned again, so nothing about it can be told twice.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from server.domain.games.loaded import ACTIVE, CANCELLED, FINISHED, OPEN, Game
from server.domain.games.record import GameRecord
from server.notify import clocks, webhooks
from server.notify.job_context import Context
from server.storage.games.watch import in_play
from server.storage.players.outbox import item_id
from server.storage.redis_client import UNAVAILABLE
from shared.engine import RESIGN

log = logging.getLogger("turnpost.notify")

LOCK_SECONDS = 120
JOIN_GRACE = 60.0
"""Longer than a join takes from marking the game to committing its seat."""


class Busy(Exception):
    """Another worker is planning this game; the job is retried later."""


def plan(ctx: Context, game_id: str) -> list[str]:
    """Plan the game's pending notices; returns the players who got any. A bot to act is asked
    to move once the game's lock is given up, so the plan its move makes finds it free; so is
    the next plan of a change made meanwhile, whose own job may have found the lock taken."""
    if not ctx.mail_state.lock(game_id, LOCK_SECONDS):
        raise Busy(game_id)
    bot_to_act = behind = False
    try:
        marked = ctx.watch.marked(game_id)
        notified = _plan(ctx, game_id)
        # Unmark, then look again: a move that began before the unmark shows in the log now,
        # one after it marked the game anew. A join shows nothing until it commits, so an open
        # game keeps a fresh mark until the sweep has looked once more.
        ctx.watch.unmark(game_id)
        record = ctx.games.loading.record(game_id)
        status = record.status if record else None
        if status == OPEN and marked is not None and marked > ctx.clock() - JOIN_GRACE:
            ctx.watch.mark(game_id, marked)
        elif record is not None and status not in (OPEN, CANCELLED) and record.archived is None:
            if _behind(ctx, game_id):
                ctx.watch.mark(game_id, ctx.clock())
                behind = True
            elif status == FINISHED:
                _compact(ctx, record)
            elif _bots_to_act(record):
                ctx.watch.mark(game_id, ctx.clock(), anew=True)
                bot_to_act = True
    finally:
        ctx.mail_state.unlock(game_id)
    if bot_to_act:
        ctx.queues.once("play_bot", game_id, urgent=True)
    if behind:
        ctx.queues.once("plan", game_id, urgent=in_play(status))
    return notified


def _bots_to_act(record: GameRecord) -> bool:
    return record.status == ACTIVE and any(record.seats[seat].bot for seat in record.to_act)


def _behind(ctx: Context, game_id: str) -> bool:
    return ctx.mail_state.version(game_id) < ctx.games.loading.version(game_id)


def _compact(ctx: Context, record: GameRecord) -> None:
    """A finished game whose every notice is planned, compacted with its mail state and clocks;
    its players' outboxes forget what they sent about it. A game that cannot be (a fault in its
    data or in this code) stays plain and whole, with the error logged: its notices still go."""
    game_id = record.id
    try:
        if not ctx.games.loading.compact(game_id):
            return
    except UNAVAILABLE:
        raise
    except Exception:
        log.exception("game %s could not be compacted; it stays as it is", game_id)
        return
    for sitter in record.seats:
        if sitter.player:
            ctx.outbox.forget(sitter.player, game_id)


def _plan(ctx: Context, game_id: str) -> list[str]:
    done = ctx.mail_state.of(game_id)
    record = ctx.games.loading.record(game_id)
    if record is None or record.archived is not None:  # planned to its end, then compacted
        return []
    now = ctx.clock()
    notified: set[str] = set()
    if not done.invited:
        for seat, sitter in enumerate(record.seats):
            if sitter.player and not sitter.joined:  # all but the one who made it
                item = _item(game_id, 0, "invite", seat, now)
                if ctx.outbox.add(sitter.player, item, now):
                    webhooks.noticed(ctx, ctx.games.loading.load(game_id), sitter.player, item)
                notified.add(sitter.player)
        ctx.mail_state.invited(game_id)
    if record.status == CANCELLED and not done.cancelled:
        for seat, sitter in enumerate(record.seats):
            if sitter.player and sitter.player != record.creator:
                ctx.outbox.add(sitter.player, _item(game_id, 0, "cancelled", seat, now), now)
                notified.add(sitter.player)
        ctx.mail_state.cancelled(game_id)
    if record.status in (OPEN, CANCELLED):
        return sorted(notified)
    game = ctx.games.loading.load(game_id)
    planned = done.version
    if planned < game.version:
        notified |= _notices(ctx, game, planned, now)
        # Before the planned version is raised, so a job that dies in between is done again
        # (the game is still marked, and not yet compacted); counted once however often.
        ctx.standings.settle(game)
        ctx.mail_state.planned(game_id, game.version)
    return sorted(notified)


def _item(
    game_id: str, version: int, kind: str, seat: int, now: float, **more: Any
) -> dict[str, Any]:
    return {
        "id": item_id(game_id, version, kind),
        "kind": kind,
        "game": game_id,
        "version": version,
        "seat": seat,
        "created": now,
        **more,
    }


def _notices(ctx: Context, game: Game, planned: int, now: float) -> set[str]:
    engine = game.engine
    log = ctx.games.loading.log_raw(game.id)[: game.version]
    before = (
        engine.to_act(ctx.games.loading.at_version(game, planned, log).state)
        if planned >= 0
        else ()
    )
    entries = [json.loads(raw) for raw in log[max(planned, 0) :]]
    after = engine.to_act(game.state) if game.status == ACTIVE else ()
    movers = {entry["seat"] for entry in entries}
    dropped = [e for e in entries if e["move"] == RESIGN or (e.get("timeout") and not e.get("bot"))]
    notified: set[str] = set()
    added: list[tuple[str, dict[str, Any]]] = []
    turns = [seat for seat in after if seat not in before or seat in movers]
    left = [[e["seat"], e["move"].get("action"), bool(e.get("timeout"))] for e in dropped]
    for seat, sitter in enumerate(game.seats):
        if not sitter.player:
            continue
        if game.status != ACTIVE:
            item = _item(game.id, game.version, "finished", seat, now, left=left)
        elif seat in turns:
            again = seat in movers
            item = _item(game.id, game.version, "turn", seat, now, started=planned < 0, again=again)
        elif planned < 0:
            item = _item(game.id, game.version, "started", seat, now)
        elif dropped:
            item = _item(game.id, game.version, "dropped", seat, now, left=left)
        else:
            continue
        if ctx.outbox.add(sitter.player, item, now):
            notified.add(sitter.player)
            added.append((sitter.player, item))
    clocks.follow(ctx, game, turns, now)
    webhooks.changed(ctx, game, planned < 0, entries, left)
    for player, item in added:
        webhooks.noticed(ctx, game, player, item)
    return notified
