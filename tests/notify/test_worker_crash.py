"""A real worker process (`turnpost-server worker`), killed with SIGKILL in the middle of
delivering: what it was sending goes out once after its claim runs out, nothing twice."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from aiosmtpd.controller import Controller

from server.notify import job_context
from tests.parts import LiveServer
from tests.support.jobs import GatedInbox, Mail, worker_process


def test_a_worker_killed_mid_delivery_loses_nothing_and_sends_nothing_twice(
    api: LiveServer, mail: Mail, gated: tuple[Controller, GatedInbox], tmp_path: Path
) -> None:
    controller, inbox = gated
    names = ["ada", "bo"]
    players = [api.client().register(name) for name in names]
    for player in players:
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
    with worker_process(api, controller.port, tmp_path / "worker.log"):
        created = players[0].ok(
            "POST", "/games", json={"type": "lost-cities", "options": {"rounds": 1}}
        )
        game_id = created["game"]["id"]
        players[1].ok("POST", f"/games/{game_id}/join")
        assert inbox.entered.wait(60), (tmp_path / "worker.log").read_text()
    inbox.gate.set()
    assert inbox.received == []
    claimed = [p for p in players if mail.ctx.outbox.in_flight(p.player["id"])]
    assert len(claimed) == 1, "the dead worker's claim is still there"

    gated_ctx = replace(mail.ctx, mail=replace(mail.ctx.mail, smtp_port=controller.port))
    job_context.use(gated_ctx)
    mail = Mail(gated_ctx, mail.clock, inbox, mail.announcements)
    mail.tick()  # the test's clock is well past the dead worker's claim
    mail.tick()
    for player in players:
        received = mail.to(player.player)
        assert sum(text.startswith("The game has started") for text in received) == 1, received
    ids = [message["Message-ID"] for _, message in inbox.received]
    assert len(ids) == len(set(ids)) == 2
