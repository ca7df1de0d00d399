"""Every kind of job is queued at most once per subject at a time, however often it is asked
for: a game's plan by the relay for each announcement, by the catch-up, by the sweep on every
tick (which had queued a job per marked game each time: 3,015 jobs for 246 games behind a load);
a player's flush by every tick while their held mail is due (213 copies of one); a bot's move,
a clock's check, the tick, the catch-up, the login links, a note to a hook's owner. A job gives
its subject's place back as it starts, so a change made while it runs queues the next one, which
handles it."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from rq.job import Job

from server.notify import plan as planning
from server.notify.job_context import Context
from server.notify.jobs import SWEEP_AFTER, run_tick
from server.notify.queues import listen, relay_heard
from server.storage.games.watch import CHANGED, KINDS, Queues
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import clocked_game, move, start_game
from tests.support.jobs import HEARD_WITHIN, BurstWorker, Mail

TICKS = 10
GAMES = 40


def queued(ctx: Context) -> Counter[tuple[str, tuple[Any, ...]]]:
    """The jobs waiting in every queue, by function and arguments."""
    return Counter(
        (str(job.func_name).rsplit(".", 1)[1], tuple(job.args))
        for jobs in ctx.queues.all()
        for job in jobs.jobs
    )


def plans_queued(ctx: Context) -> Counter[str]:
    """How many planning jobs wait, per game."""
    waiting = queued(ctx)
    return Counter({args[0]: n for (kind, args), n in waiting.items() if kind == "plan"})


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
    assert relay_heard(mail.announcements, mail.ctx.queues, HEARD_WITHIN) == 3
    for game_id, _ in games:  # the worker's catch-up as it subscribes again
        mail.ctx.queues.once("plan", game_id, urgent=True)
    mail.clock.advance(SWEEP_AFTER + 1)
    for _ in range(TICKS):
        run_tick(mail.ctx)
    assert plans_queued(mail.ctx) == {game_id: 1 for game_id, _ in games}

    mail.run()
    for game_id, clients in games:  # each player to act told once: a turn each
        sent_to = [len(mail.to(c.player)) - n for c, n in zip(clients, sent[game_id], strict=True)]
        assert sent_to == [0, 1]
        assert mail.ctx.redis.zscore(CHANGED, game_id) is None
    mail.clock.advance(SWEEP_AFTER + 1)
    run_tick(mail.ctx)
    assert plans_queued(mail.ctx) == {}


def test_two_workers_hearing_every_announcement_at_once_queue_one_plan_a_game(
    api: LiveServer, mail: Mail
) -> None:
    """Every mail and play worker relays; each announcement is heard by all of them at the same
    moment, and a place claimed by one whose job is not queued yet still stands."""
    ada = api.client().register("ada")
    api.client().register("bo")
    second = listen(mail.ctx.redis)
    try:
        body = {"type": "lost-cities", "invite": ["bo"]}
        games = [ada.ok("POST", "/games", json=body)["game"]["id"] for _ in range(GAMES)]
        relays = [
            threading.Thread(target=relay_heard, args=(heard, mail.ctx.queues, HEARD_WITHIN))
            for heard in (mail.announcements, second)
        ]
        for relay in relays:
            relay.start()
        for relay in relays:
            relay.join()
    finally:
        second.close()
    assert plans_queued(mail.ctx) == dict.fromkeys(games, 1)


def test_a_player_whose_held_mail_is_due_has_one_flush_queued_however_many_ticks_pass(
    api: LiveServer, mail: Mail
) -> None:
    """Each tick finds the players whose mail held for their quiet hours is due; a tick every
    few seconds had queued a flush for each of them each time, and a tick of its own."""
    game_id, players = start_game(api, "lost-cities", rounds=1, first_player=0)
    for player in players:
        player.ok("PATCH", "/me", json={"quiet_hours": "22:00-08:00"})
    mail.clock.at(10, 23)  # in their quiet hours: what they are told waits
    mail.run()
    move(to_act(game_id, players), game_id)
    mail.run()
    before = sum(len(mail.to(p.player)) for p in players)
    mail.clock.at(11, 9)  # their quiet hours over: what was held is due
    for _ in range(TICKS):
        mail.ctx.queues.once("tick", urgent=True)
        run_tick(mail.ctx)
    waiting = queued(mail.ctx)
    flushes = [args for kind, args in waiting if kind == "flush"]
    assert sorted(flushes) == sorted((p.player["id"],) for p in players), waiting
    assert waiting[("tick", ())] == 1
    assert set(waiting.values()) == {1}, waiting
    mail.run()
    assert sum(len(mail.to(p.player)) for p in players) > before


SUBJECTS: dict[str, tuple[bool, str]] = {
    "plan": (True, "game"),
    "flush": (False, "player"),
    "play_bot": (True, "bot game"),
    "check_clock": (True, "game"),
    "tick": (True, ""),
    "catch_up": (True, ""),
    "login_mail": (False, ""),
    "tell_hook_owner": (False, "player"),
}
"""Each kind: whether it is urgent, and what its subject is."""


def subject_of(api: LiveServer, mail: Mail, what: str) -> str:
    """A subject of that sort: a game on a move clock, a game against a bot, a player."""
    if what == "bot game":
        ada = api.client().register("ada")
        body = {"type": "lost-cities", "bots": ["quick"], "options": {"first_player": 0}}
        game_id: str = ada.ok("POST", "/games", json=body)["game"]["id"]
        return game_id
    if what == "":
        return ""
    game_id, players = clocked_game(api, "lost-cities", rounds=1)
    mail.run()
    return game_id if what == "game" else str(players[0].player["id"])


def test_every_kind_is_here() -> None:
    assert set(SUBJECTS) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(SUBJECTS))
def test_a_job_waiting_is_asked_for_once_and_one_asked_for_as_it_runs_runs_next(
    api: LiveServer, mail: Mail, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    urgent, what = SUBJECTS[kind]
    subject = subject_of(api, mail, what)
    args = (subject, "player", subject, "no answer") if kind == "tell_hook_owner" else ()
    mail.miss_announcements()
    asked = [mail.ctx.queues.once(kind, subject, *args, urgent=urgent) for _ in range(5)]
    assert asked == [True, False, False, False, False]
    mine = [
        job
        for jobs in mail.ctx.queues.all()
        for job in jobs.jobs
        if job.func_name == f"server.notify.jobs.{kind}"
    ]
    assert len(mine) == 1
    assert mine[0].origin == (mail.ctx.queues.play if urgent else mail.ctx.queues.mail).name

    release = Queues.release
    meanwhile: list[bool] = []
    ran: list[str] = []

    def released_then_asked_again(queues: Queues, job: Job) -> None:
        release(queues, job)
        if str(job.func_name).endswith(f".{kind}"):
            ran.append(job.id)
            if not meanwhile:  # the first run: its subject changes as it runs
                meanwhile.append(mail.ctx.queues.once(kind, subject, *args, urgent=urgent))

    monkeypatch.setattr(Queues, "release", released_then_asked_again)
    queues = list(mail.ctx.queues.all())
    BurstWorker(queues, connection=mail.ctx.queues.connection).work(burst=True)
    assert meanwhile == [True], "asked for while it ran: queued"
    assert len(ran) == 2, "the next job ran too"
    assert not any(str(job.func_name).endswith(f".{kind}") for jobs in queues for job in jobs.jobs)


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
        sent_to = plan(ctx, planned)
        if not queued_meanwhile:  # the first job: bo is told, and moves before it has ended
            move(bo, game_id)
            relay_heard(mail.announcements, ctx.queues, HEARD_WITHIN)
            queued_meanwhile.append(plans_queued(ctx))
        return sent_to

    monkeypatch.setattr(planning, "plan", plan_then_bo_moves)
    before = len(mail.to(ada.player))
    move(ada, game_id)
    mail.run()  # no tick: no sweep
    assert queued_meanwhile == [Counter({game_id: 1})]
    assert len(mail.to(ada.player)) == before + 1
    assert mail.to(ada.player)[-1].startswith("Your turn.")
    assert plans_queued(mail.ctx) == {}


def test_a_change_whose_own_plan_found_the_game_locked_is_planned_next(
    api: LiveServer, mail: Mail, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers serve the play queue: a move's plan may start while the plan before it still
    holds the game's lock, and is refused (`Busy`, retried later by RQ). The plan holding the
    lock finds the game moved on as it ends and queues the next at once, rather than leaving
    it to the retry or the sweep."""
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    inner = planning._plan
    refused: list[str] = []

    def plan_while_bo_moves(ctx: Context, planned: str) -> list[str]:
        sent_to = inner(ctx, planned)
        if not refused:
            move(bo, game_id)
            mail.miss_announcements()  # its own job: the one the lock refuses
            with pytest.raises(planning.Busy):
                planning.plan(ctx, planned)
            refused.append(planned)
        return sent_to

    monkeypatch.setattr(planning, "_plan", plan_while_bo_moves)
    before = len(mail.to(ada.player))
    move(ada, game_id)
    mail.run()  # no tick: no sweep, no retry due
    assert refused == [game_id]
    assert len(mail.to(ada.player)) == before + 1
    assert mail.to(ada.player)[-1].startswith("Your turn.")
