"""Move clocks: a game with `move_time` gives each seat that long per decision; one with a
`time_bank` gives each seat a bank its decisions draw on, which each move adds `increment` to
(up to the bank it started with).

Only the seat's own waking, present time counts: its quiet hours and its vacations do not.
Reminders go out at half and at nine tenths of the time, and when it is all used the game's
`on_timeout` policy is applied through `GameService.worker_moves.time_out` (the one path every
move takes).

What runs for each seat is kept by `server.storage.games.clocks`, and the worker's tick looks at a
game's clocks when that says they are due, so deadlines are enforced by the worker, never by a
request.
"""

from __future__ import annotations

from typing import Any

from server.domain.games.loaded import ACTIVE, Game
from server.domain.games.seat_clocks import limit
from server.domain.players.waking import runs_out, used
from server.notify import webhooks
from server.notify.job_context import Context
from server.storage.players.outbox import item_id

REMINDERS = (50, 90)
"""Percent of the time a decision may take (its move time, or its bank) after which a
reminder goes out."""
SHORTEST_CHECK = 60.0
LONGEST_CHECK = 86400.0


def settings(game: Game) -> dict[str, Any] | None:
    return game.record.clock


def _running(ctx: Context, game: Game) -> dict[str, Any] | None:
    """The game's clock settings while its clocks run; otherwise None, and its clocks are
    cleared so that the tick stops looking at the game."""
    clock = settings(game)
    if clock is None or game.status != ACTIVE:
        ctx.clocks.stop(game.id)
        return None
    return clock


def follow(ctx: Context, game: Game, turns: list[int], now: float) -> None:
    """After planning: clocks start for the seats whose decision is new, stop for those who
    need not act any more, and run on for the rest. A seat's own steps within one decision
    (`Engine.decision`) do not restart its clock, or a small step would buy a fresh move time;
    the clock only follows the version, so `GameService.worker_moves.time_out` still knows the
    decision.
    With a time bank, a decision that ends is booked to its seat's bank (`_booked`) and the
    next takes what the bank holds. Planning the same version again changes nothing."""
    configured = _running(ctx, game)
    if configured is None:
        return
    banked = "time_bank" in configured
    banks = ctx.clocks.banks(game.id) if banked else {}
    acting = set(game.engine.to_act(game.state))
    running = ctx.clocks.running(game.id)
    stopped = running.keys() - acting
    started: dict[int, dict[str, Any]] = {}
    booked: dict[int, float] = {}
    if banked:
        booked = {seat: _booked(ctx, game, seat, running[seat], now) for seat in stopped}
    for seat in acting:
        decision = game.engine.decision(game.state, seat)
        clock = running.get(seat)
        if clock is not None and decision is not None and clock.get("decision") == decision:
            started[seat] = {**clock, "version": game.version}
        elif clock is None or (seat in turns and clock["version"] < game.version):
            allowed = configured.get("move_time", 0.0)
            if banked:
                allowed = banks.get(seat, configured["time_bank"])
                if clock is not None:
                    allowed = booked[seat] = _booked(ctx, game, seat, clock, now)
            started[seat] = {
                "since": now,
                "limit": allowed,
                "version": game.version,
                "reminded": 0,
                "decision": decision,
            }
    ctx.clocks.save(game.id, stopped, started, booked, ctx.clock())


def _booked(ctx: Context, game: Game, seat: int, clock: dict[str, Any], now: float) -> float:
    """The seat's bank once the decision its `clock` timed is over: what was left of it (none,
    if it ran out), plus the increment, never more than the bank it started the game with."""
    configured = game.record.clock or {}
    player_id = game.seats[seat].player
    player = ctx.players.get(player_id) if player_id else None
    spent = 0.0
    if player is not None:
        spent = used(player, ctx.vacations.intervals(player, now), clock["since"], now)
    left = max(0.0, clock["limit"] - spent)
    return float(min(configured["time_bank"], left + configured["increment"]))


def check(ctx: Context, game_id: str) -> list[str]:
    """Remind or time out each running clock of the game; returns the players reminded."""
    game = ctx.games.loading.load(game_id)
    clock = _running(ctx, game)
    if clock is None:
        return []
    now = ctx.clock()
    reminded: list[str] = []
    next_look = now + LONGEST_CHECK
    for seat, running in ctx.clocks.running(game_id).items():
        allowed = limit(clock, running)
        player_id = game.seats[seat].player
        player = ctx.players.get(player_id) if player_id else None
        if player_id is None or player is None:
            continue
        away = ctx.vacations.intervals(player, now)
        spent = used(player, away, running["since"], now)
        if spent >= allowed:
            # The move made for the seat is planned like any other: that stops its clock (and
            # books its bank), or starts the next.
            ctx.games.worker_moves.time_out(game_id, seat, running["version"])
            next_look = min(next_look, now + SHORTEST_CHECK)
            continue
        due = [p for p in REMINDERS if spent >= allowed * p / 100 > 0]
        if due and due[-1] > running["reminded"]:
            percent = due[-1]
            item = {
                "id": item_id(game_id, running["version"], f"reminder{percent}"),
                "kind": "reminder",
                "percent": percent,
                "game": game_id,
                "version": running["version"],
                "seat": seat,
                "created": now,
            }
            if ctx.outbox.add(player_id, item, now):
                webhooks.noticed(ctx, game, player_id, item)
            reminded.append(player_id)
            running["reminded"] = percent
            ctx.clocks.reminded(game_id, seat, running)
        # Looked at again when the next mark is reached, at the very moment if nothing changes
        # meanwhile, and at least as often as its waking time left (a change of quiet hours
        # or time zone moves the moment).
        mark = min(allowed * p / 100 for p in (*REMINDERS, 100) if p > running["reminded"])
        look = now + max(mark - spent, SHORTEST_CHECK)
        moment = runs_out(player, away, running["since"], mark)
        next_look = min(next_look, look if moment is None else min(look, moment))
    ctx.clocks.look_at(game_id, next_look)
    return reminded
