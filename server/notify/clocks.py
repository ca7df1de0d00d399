"""Move clocks: a game with `move_time` gives each seat that long per decision.

Only the seat's own waking, present time counts: its quiet hours and its vacations do not.
Reminders go out at half and at nine tenths of the time, and when it is all used the game's
`on_timeout` policy is applied through `GameService.time_out` (the one path every move takes).

`{g:ID}:clock` holds, per seat that must act, when its decision began and which reminders it
has had; `clock:games` (game → when to look next) is what the periodic tick reads, so
deadlines are enforced by the worker, never by a request.
"""

from __future__ import annotations

import json
from typing import Any

from server import keys
from server.domain.game import ACTIVE, Game
from server.notify.context import Context
from server.notify.outbox import item_id
from server.notify.quiet import quiet_intervals

DUE = "clock:games"
REMINDERS = (50, 90)
"""Percent of the move time after which a reminder goes out."""
SHORTEST_CHECK = 60.0


def settings(game: Game) -> dict[str, Any] | None:
    return game.record.clock


def _running(ctx: Context, game: Game) -> dict[str, Any] | None:
    """The game's clock settings while its clocks run; otherwise None, and its clocks are
    cleared so that the tick stops looking at the game."""
    clock = settings(game)
    if clock is None or game.status != ACTIVE:
        ctx.redis.delete(keys.game(game.id, "clock"))
        ctx.redis.zrem(DUE, game.id)
        return None
    return clock


def follow(ctx: Context, game: Game, turns: list[int], began: float) -> None:
    """After planning: clocks start for the seats whose decision is new, stop for those who
    need not act any more, and run on for the rest. A seat's own steps within one decision
    (`Engine.decision`) do not restart its clock, or a small step would buy a fresh move time;
    the clock only follows the version, so `GameService.time_out` still knows the decision."""
    if _running(ctx, game) is None:
        return
    clock_key = keys.game(game.id, "clock")
    acting = set(game.engine.to_act(game.state))
    running = {int(seat): json.loads(raw) for seat, raw in ctx.redis.hgetall(clock_key).items()}
    pipe = ctx.redis.pipeline(transaction=True)
    for seat in running.keys() - acting:
        pipe.hdel(clock_key, str(seat))
    for seat in acting:
        decision = game.engine.decision(game.state, seat)
        clock = running.get(seat)
        if clock is not None and decision is not None and clock.get("decision") == decision:
            pipe.hset(clock_key, str(seat), json.dumps({**clock, "version": game.version}))
        elif seat in turns or clock is None:
            started = {"since": began, "version": game.version, "reminded": 0, "decision": decision}
            pipe.hset(clock_key, str(seat), json.dumps(started))
    pipe.zadd(DUE, {game.id: ctx.clock()})
    pipe.execute()


def used(ctx: Context, profile: dict[str, str], since: float, now: float) -> float:
    """Seconds of the player's own time spent since `since`: quiet hours and vacations, which
    may overlap, are taken out once."""
    paused = sorted([*quiet_intervals(profile, since, now), *ctx.vacations.intervals(profile, now)])
    total, reach = 0.0, since
    for start, end in paused:
        start, end = max(start, reach), min(end, now)
        if end > start:
            total += end - start
            reach = end
    return (now - since) - total


def check(ctx: Context, game_id: str) -> list[str]:
    """Remind or time out each running clock of the game; returns the players reminded."""
    game = ctx.games.load(game_id)
    clock = _running(ctx, game)
    if clock is None:
        return []
    clock_key = keys.game(game_id, "clock")
    now, move_time = ctx.clock(), clock["move_time"]
    reminded: list[str] = []
    next_look = now + move_time
    for seat_text, raw in ctx.redis.hgetall(clock_key).items():
        seat, running = int(seat_text), json.loads(raw)
        player = game.seats[seat].player
        profile = ctx.players.get(player) if player else None
        if player is None or profile is None:
            continue
        spent = used(ctx, profile, running["since"], now)
        if spent >= move_time:
            if ctx.games.time_out(game_id, seat, running["version"]):
                ctx.redis.hdel(clock_key, seat_text)
                continue
            next_look = min(next_look, now + SHORTEST_CHECK)
            continue
        due = [p for p in REMINDERS if spent >= move_time * p / 100 > 0]
        if due and due[-1] > running["reminded"]:
            percent = due[-1]
            item = {
                "id": item_id(game_id, running["version"], f"reminder{percent}"),
                "kind": "reminder",
                "percent": percent,
                "left": move_time - spent,
                "game": game_id,
                "version": running["version"],
                "seat": seat,
                "created": now,
            }
            ctx.outbox.add(player, item, now)
            reminded.append(player)
            running["reminded"] = percent
            ctx.redis.hset(clock_key, seat_text, json.dumps(running))
        thresholds = [move_time * p / 100 for p in REMINDERS if p > running["reminded"]]
        to_next = min([*thresholds, move_time]) - spent
        next_look = min(next_look, now + max(to_next, SHORTEST_CHECK))
    ctx.redis.zadd(DUE, {game_id: next_look})
    return reminded
