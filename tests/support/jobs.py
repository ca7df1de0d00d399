"""The notification worker's jobs run in the test process (RQ's SimpleWorker, burst mode)
over the real Redis and a real SMTP server, under a clock the test moves; and a real worker
process, for the tests that kill one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psutil
import redis
from aiosmtpd.controller import Controller
from redis.client import PubSub
from rq import SimpleWorker

from server.notify import job_context
from server.notify.job_context import Context
from server.notify.jobs import run_tick
from server.notify.queues import listen, relay_heard
from server.runtime.processes import start_process
from server.settings import MailSettings
from tests.api_client import ApiClient
from tests.parts import SECRET, LiveServer, SmtpInbox, service_config
from tests.support.letters import SERVER_COMMAND, plain_reply, text_of

# RQ's worker adds its own stdout/stderr handlers unless the logger has one: give it one that
# does nothing, so its records go to the test's log capture and never to a stream since closed.
logging.getLogger("rq").addHandler(logging.NullHandler())

HEARD_WITHIN = 0.02
"""Seconds to wait for the first announcement: Redis wrote it to the subscription before it
answered the write that made it, long before the API's answer reached the test."""


WARSAW = ZoneInfo("Europe/Warsaw")  # every test player's time zone (tests/api_client.py)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def at(self, day: int, hour: int, minute: int = 0) -> None:
        """Set to that local time in Warsaw, in March 2027."""
        self.now = datetime(2027, 3, day, hour, minute, tzinfo=WARSAW).timestamp()

    def advance(self, seconds: float) -> None:
        self.now += seconds


class BurstWorker(SimpleWorker):
    """RQ's worker, run in bursts in the test process, without the channel on which a worker
    that keeps running hears `rq`'s own commands (shut down, stop a job): a burst is over before
    one could come, and stopping that channel's thread costs a third of a second a burst. Like
    the service's workers (`server.notify.worker`), it keeps no job's result once done."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "default_result_ttl": 0})

    def subscribe(self) -> None:
        pass

    def unsubscribe(self) -> None:
        pass


@dataclass
class Mail:
    ctx: Context
    clock: Clock
    inbox: SmtpInbox
    announcements: PubSub

    def run(self) -> None:
        """Relay the games' announcements into jobs, as the worker's relay thread does, and run
        every queued job (the play queue's first, then the mail queue's, then the hook
        worker's), until neither a job nor an announcement (a
        job's own change, a timeout say) is left."""
        queues = list(self.ctx.queues.all())
        while relay_heard(self.announcements, self.ctx.queues, HEARD_WITHIN) or any(
            jobs.count for jobs in queues
        ):
            BurstWorker(queues, connection=self.ctx.queues.connection).work(burst=True)

    def miss_announcements(self) -> None:
        """What a worker that was not running would have missed."""
        while self.announcements.get_message(timeout=HEARD_WITHIN):
            pass

    def tick(self) -> None:
        run_tick(self.ctx)
        self.run()

    def to(self, player: dict[str, str]) -> list[str]:
        """The plain-text parts a player has received so far."""
        return [text_of(message) for message in self.inbox.to(player["email"])]

    def replies_env(self, mail_env: dict[str, str]) -> dict[str, str]:
        """The environment of `mail-in` (`mail_env`) for replies to this worker's notices: its
        reply domain."""
        return {**mail_env, "TURNPOST_MAIL_DOMAIN": self.ctx.mail.reply_domain}

    def answer(
        self, env: dict[str, str], notice: EmailMessage, sender: str, body: str, message_id: str
    ) -> str:
        """`body` replied to `notice` from the address `sender` through the real
        `turnpost-server mail-in` (run with `env`), which takes it: the text of the answer mailed
        back."""
        raw = plain_reply(str(notice["Reply-To"]), sender, body, message_id)
        done = subprocess.run(
            [SERVER_COMMAND, "mail-in"], input=raw, env=env, capture_output=True, check=False
        )
        assert done.returncode == 0, done.stderr.decode()
        return text_of(self.inbox.to(sender)[-1])


@contextmanager
def jobs_in_process(
    api: LiveServer, redis_client: redis.Redis, smtp: Controller, inbox: SmtpInbox, maildir: Path
) -> Iterator[Mail]:
    """The worker's context over the API's Redis, sending through `smtp`, at noon on
    10 March 2027 in Warsaw."""
    clock = Clock(0)
    clock.at(10, 12)
    settings = MailSettings(
        smtp_host=str(smtp.hostname),
        smtp_port=smtp.port,
        smtp_security="none",
        reply_domain="turnpost.example",
        maildir=maildir,
    )
    config = service_config(api.app.extensions["turnpost"].config.redis_url, public_url=api.url)
    ctx = Context.build_with_mail(config, redis_client, settings, clock)
    job_context.use(ctx)
    announcements = listen(redis_client)
    try:
        yield Mail(ctx, clock, inbox, announcements)
    finally:
        announcements.close()
        job_context.use(None)


class GatedInbox(SmtpInbox):
    """Stalls the first delivery at MAIL FROM until the test opens the gate."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.gate = threading.Event()

    async def handle_MAIL(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        self.entered.set()
        while not self.gate.is_set():
            await asyncio.sleep(0.05)
        envelope.mail_from = address
        return "250 OK"


def texts(mail: Mail, clients: list[ApiClient]) -> list[list[str]]:
    return [mail.to(client.player) for client in clients]


@contextmanager
def worker_process(
    api: LiveServer, smtp_port: int, output: Path, command: str = "worker", **settings: str
) -> Iterator[subprocess.Popen[bytes]]:
    """A real worker process (`turnpost-server worker`, or `hook-worker`) over the test's Redis,
    delivering to the SMTP server on `smtp_port`, writing to `output`, with `settings` added to
    its environment; killed (SIGKILL, its whole process group) when the block is left, if it
    has not been already."""
    env = {
        **os.environ,
        "REDIS_URL": api.app.extensions["turnpost"].config.redis_url,
        "TURNPOST_SMTP_HOST": "127.0.0.1",
        "TURNPOST_SMTP_PORT": str(smtp_port),
        "TURNPOST_SMTP_SECURITY": "none",
        "TURNPOST_SECRET": SECRET,
        "TURNPOST_TICK_SECONDS": "3600",
        **settings,
    }
    with output.open("w") as written:
        worker = start_process(
            [sys.executable, "-m", "server.runtime.cli", command],
            env=env,
            stdout=written,
            stderr=subprocess.STDOUT,
        )
    try:
        yield worker
    finally:
        kill(worker)


def kill(worker: subprocess.Popen[bytes]) -> None:
    """kill -9 of the worker and whatever it started: its process group, and the work horses
    RQ forks into groups of their own (a horse left alive would finish the job it was doing,
    as no process of a machine that died does)."""
    if worker.poll() is None:
        horses = psutil.Process(worker.pid).children(recursive=True)
        os.killpg(worker.pid, signal.SIGKILL)
        for horse in horses:
            with contextlib.suppress(psutil.NoSuchProcess):
                horse.kill()
    worker.wait()


def latest_turn_notice(mail: Mail, email: str) -> EmailMessage | None:
    """The newest notice that asks for a move (only those carry a reply address)."""
    notices = [
        m for m in mail.inbox.to(email) if m["Reply-To"] and "Your legal moves" in text_of(m)
    ]
    return notices[-1] if notices else None
