"""What one player causes waits behind that player's own work, not everyone's: a bot's move and
a clock's check never wait behind other players' mail or the plans of their invitations. What
games in play wait for is queued on the play queue, which every worker serves first and the play
worker alone, so neither a flood of one player's invitations nor an SMTP server that never
answers holds a bot up. (A bot's first move took 547 s behind one account's 1,000 invitations.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from rq.job import Job

from server.notify.queues import relay_heard
from server.storage.games.watch import Queues
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.jobs import HEARD_WITHIN, BurstWorker, GatedInbox, Mail, worker_process
from tests.support.processes import eventually

FLOOD = 40
"""Invitations one account sends."""


def flood(api: LiveServer, sender: ApiClient, invited: str) -> list[str]:
    body = {"type": "lost-cities", "invite": [invited], "options": {"rounds": 1}}
    return [sender.ok("POST", "/games", json=body)["game"]["id"] for _ in range(FLOOD)]


@pytest.fixture
def started_order(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The descriptions of the jobs in the order they start."""
    order: list[str] = []
    release = Queues.release

    def noted(queues: Queues, job: Job) -> None:
        order.append(str(job.description))
        release(queues, job)

    monkeypatch.setattr(Queues, "release", noted)
    yield order


def run_all(mail: Mail) -> None:
    queues = list(mail.ctx.queues.all())
    BurstWorker(queues, connection=mail.ctx.queues.connection).work(burst=True)


def test_a_bot_moves_before_a_flood_of_anothers_invitations_is_planned(
    api: LiveServer, mail: Mail, started_order: list[str]
) -> None:
    mallory, _, ada = (api.client().register(n) for n in ("mallory", "victim", "ada"))
    invitations = flood(api, mallory, "victim")
    body = {"type": "lost-cities", "bots": ["quick"], "options": {"first_player": 1}}
    bot_game = ada.ok("POST", "/games", json=body)["game"]["id"]
    relay_heard(mail.announcements, mail.ctx.queues, HEARD_WITHIN)
    assert mail.ctx.queues.mail.count == FLOOD
    assert [job.args for job in mail.ctx.queues.play.jobs] == [(bot_game,)]

    run_all(mail)
    moved = started_order.index(f"play_bot {bot_game}")
    assert started_order.index(f"plan {bot_game}") < moved
    planned = [started_order.index(f"plan {game_id}") for game_id in invitations]
    assert moved < min(planned), "the bot moved before any invitation was planned"
    assert ada.ok("GET", f"/games/{bot_game}")["version"] >= 1


def test_a_game_that_starts_while_its_invitation_waits_behind_a_flood_is_planned_first(
    api: LiveServer, mail: Mail, started_order: list[str]
) -> None:
    """Its plan waited in the mail queue, an invitation's; once the game is in play an urgent
    plan takes its place, and the one in the mail queue is taken out."""
    mallory, ada, bo = (api.client().register(n) for n in ("mallory", "ada", "bo"))
    invitations = flood(api, mallory, "bo")
    body = {
        "type": "lost-cities-dice",
        "seats": 3,
        "invite": ["bo"],
        "bots": ["quick"],
        "options": {"first_player": 2},
    }
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    relay_heard(mail.announcements, mail.ctx.queues, HEARD_WITHIN)
    waiting = [job.args for job in mail.ctx.queues.mail.jobs]
    assert waiting[-1] == (game_id,) and len(waiting) == FLOOD + 1
    joined = bo.ok("POST", f"/games/{game_id}/join")
    assert joined["game"]["status"] == "active" and 2 in joined["to_act"]
    relay_heard(mail.announcements, mail.ctx.queues, HEARD_WITHIN)
    assert [job.args for job in mail.ctx.queues.play.jobs] == [(game_id,)]
    assert (game_id,) not in [job.args for job in mail.ctx.queues.mail.jobs]

    run_all(mail)
    moved = started_order.index(f"play_bot {game_id}")
    assert started_order.count(f"plan {game_id}") >= 1
    assert moved < min(started_order.index(f"plan {g}") for g in invitations)
    entries = bo.ok("GET", f"/games/{game_id}/log")["entries"]
    assert any(entry["seat"] == 2 for entry in entries), "the bot moved"


def test_a_bot_moves_while_the_mail_worker_waits_on_an_smtp_server_that_does_not_answer(
    api: LiveServer, gated: tuple[Controller, GatedInbox], tmp_path: Path
) -> None:
    """The mail worker is stuck in a delivery; the play worker moves the bot all the same, and
    the mail goes out once the SMTP server answers."""
    controller, inbox = gated
    ada, bo, cy = (api.client().register(n) for n in ("ada", "bo", "cy"))
    for player in (ada, bo):
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    with (
        worker_process(api, controller.port, tmp_path / "mail.log"),
        worker_process(api, controller.port, tmp_path / "play.log", "play-worker"),
    ):
        ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})
        assert inbox.entered.wait(60), (tmp_path / "mail.log").read_text()
        body = {"type": "lost-cities", "bots": ["quick"], "options": {"first_player": 1}}
        bot_game = cy.ok("POST", "/games", json=body)["game"]["id"]
        eventually(lambda: cy.ok("GET", f"/games/{bot_game}")["version"] >= 1)
        assert inbox.received == [], "the bot moved while the delivery still waited"
        inbox.gate.set()
        eventually(lambda: inbox.received)
