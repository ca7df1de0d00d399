"""A game has one planning job queued at a time, however often it is asked for: by the relay for
each announcement, by its catch-up, by the sweep on every tick (which had queued a job per
marked game each time: 3,015 jobs for 246 games behind a load). A change made while its job
runs queues the next one, so it is planned at once all the same."""

from __future__ import annotations

from collections import Counter

import pytest

from server.notify import plan as planning
from server.notify.context import Context
from server.notify.jobs import SWEEP_AFTER, run_tick
from server.storage.watch import CHANGED, queue_plan, relay_heard
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import move, start_game
from tests.support.jobs import HEARD_WITHIN, Mail

TICKS = 10


def plans_queued(ctx: Context) -> Counter[str]:
    """How many planning jobs wait in the queue, per game."""
    return Counter(
        job.args[0] for job in ctx.queue.jobs if job.func_name == "server.notify.jobs.plan"
    )


def to_act(game_id: str, clients: list[ApiClient]) -> ApiClient:
    return next(c for c in clients if c.ok("GET", f"/games/{game_id}")["your_turn"])


def test_each_game_has_one_planning_job_queued_however_many_ticks_pass(
    api: LiveServer, mail: Mail
) -> None:
    games = [
        start_game(api, "lost-cities", 2, [f"a{i}", f"b{i}"], rounds=1, first_player=0)
        for i in range(3)
    ]
    mail.run()
    sent = {game_id: [len(mail.to(c.player)) for c in clients] for game_id, clients in games}
    for game_id, clients in games:
        move(to_act(game_id, clients), game_id)
    assert relay_heard(mail.announcements, mail.ctx.queue, HEARD_WITHIN) == 3
    for game_id, _ in games:  # the worker's catch-up as it subscribes again
        queue_plan(mail.ctx.queue, game_id, "catch up")
    mail.clock.advance(SWEEP_AFTER + 1)
    for _ in range(TICKS):
        run_tick(mail.ctx)
    assert plans_queued(mail.ctx) == {game_id: 1 for game_id, _ in games}

    mail.run()
    for game_id, clients in games:  # each player to act told once: a turn each
        told = [len(mail.to(c.player)) - n for c, n in zip(clients, sent[game_id], strict=True)]
        assert told == [0, 1]
        assert mail.ctx.redis.zscore(CHANGED, game_id) is None
    mail.clock.advance(SWEEP_AFTER + 1)
    run_tick(mail.ctx)
    assert plans_queued(mail.ctx) == {}


def test_a_change_made_while_its_game_is_planned_is_planned_next(
    api: LiveServer, mail: Mail, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The job gives up its game's place as it starts, so the relay queues the next job for a
    move made after the job read the game, rather than leaving it to the sweep."""
    game_id, clients = start_game(api, "lost-cities", rounds=1, first_player=0)
    ada, bo = clients
    mail.run()
    plan = planning.plan
    queued_meanwhile: list[Counter[str]] = []

    def plan_then_bo_moves(ctx: Context, planned: str) -> list[str]:
        told = plan(ctx, planned)
        if not queued_meanwhile:  # the first job: bo is told, and moves before it has ended
            move(bo, game_id)
            relay_heard(mail.announcements, ctx.queue, HEARD_WITHIN)
            queued_meanwhile.append(plans_queued(ctx))
        return told

    monkeypatch.setattr(planning, "plan", plan_then_bo_moves)
    before = len(mail.to(ada.player))
    move(ada, game_id)
    mail.run()  # no tick: no sweep
    assert queued_meanwhile == [Counter({game_id: 1})]
    assert len(mail.to(ada.player)) == before + 1
    assert mail.to(ada.player)[-1].startswith("Your turn.")
    assert plans_queued(mail.ctx) == {}
