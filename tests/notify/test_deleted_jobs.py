"""A deleted player's jobs go with their account from every queue: the play queue, the mail
queue and the hooks', waiting, scheduled for a retry or failed; the places they held are given
up, so no job and no place names the player's id once the account is gone."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import redis

from server.notify import job_context
from server.runtime.redis_process import free_port
from tests.parts import LiveServer
from tests.support.jobs import BurstWorker, Mail
from tests.support.stored import everything

NAME = "zelda"


def queued_traces(client: redis.Redis) -> bytes:
    """What RQ and the subjects' places keep, jobs unpacked."""
    return everything(client, "rq:*") + everything(client, "mail:queued:*")


def test_deletion_leaves_no_job_and_no_place_naming_the_player_in_any_queue(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    zelda, bo = api.client().register(NAME), api.client().register("bo")
    zid = zelda.player["id"]
    bo.ok("POST", "/games", json={"type": "lost-cities", "invite": [NAME]})
    queues = mail.ctx.queues
    # Her invitation's plan runs; her flush fails (no SMTP server there) and waits to be retried.
    down = replace(mail.ctx, mail=replace(mail.ctx.mail, smtp_port=free_port()))
    job_context.use(down)
    try:
        mail.run()
    finally:
        job_context.use(mail.ctx)
    assert queues.mail.scheduled_job_registry.get_job_ids(), "her flush waits for a retry"
    queues.once("flush", zid)  # asked for again: queued
    queues.once("tell_hook_owner", zid, zid, "player", zid, "no answer")
    queues.hooks.enqueue_in(
        timedelta(seconds=60), "server.notify.jobs.deliver_hook", "player", zid, "token"
    )
    queues.play.enqueue("server.notify.jobs.check_clock", zid, description=f"check {zid}")
    BurstWorker([queues.play], connection=queues.connection).work(burst=True)  # it fails
    assert queues.play.failed_job_registry.get_job_ids()
    assert zid.encode() in queued_traces(redis_client)

    zelda.ok("DELETE", "/me", json={"confirm": NAME, "active_games": "resign"})
    left = queued_traces(redis_client)
    assert zid.encode() not in left and NAME.encode() not in left
    for kind in ("flush", "tell_hook_owner"):
        assert queues.once(kind, zid), "her places are free"
