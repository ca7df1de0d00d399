"""The real parts the service tests run against: the API served over real HTTP on loopback,
its settings for tests, and an SMTP server (aiosmtpd) that keeps what it receives. Fixtures that
hand them out live in the conftest of the folders that use them (the root one for Redis and the
API), so the engines' tests run without any of this installed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import Envelope
from werkzeug.serving import make_server

from server.runtime.app import create_app
from server.runtime.redis_process import free_port
from server.settings import Config
from tests.api_client import Endpoints

SECRET = "the test secret"
"""The server's secret in every test: the worker the tests run and the API's signatures agree."""


def service_config(redis_url: str, **overrides: object) -> Config:
    settings: dict[str, object] = {
        "redis_url": redis_url,
        "data_dir": Path("var-test"),
        "rate_limit": "100000 per minute",
        "registration_limit": "100000 per minute",
        "snapshot_every": 4,
        "secret": SECRET,
        "login_limit": "100000 per minute",
        "games_per_hour": 100000,
        "invitations_sent": 100000,
        "invitations_waiting": 100000,
        **overrides,
    }
    return Config(**settings)  # type: ignore[arg-type]


class LiveServer(Endpoints):
    """The app on a loopback port, in a thread of the test process."""

    def __init__(self, config: Config) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        # Its links (login links, `turnpost open`) lead to it.
        self.app = create_app(replace(config, public_url=self.url))
        self.server = make_server("127.0.0.1", port, self.app, threaded=True)
        super().__init__(self.url)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join()


class SmtpInbox:
    """An aiosmtpd handler that keeps every message it is given, as parsed email."""

    def __init__(self) -> None:
        self.received: list[tuple[list[str], EmailMessage]] = []

    async def handle_DATA(self, server: object, session: object, envelope: Envelope) -> str:
        raw = envelope.content if isinstance(envelope.content, bytes) else b""
        parsed = message_from_bytes(raw, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.received.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [message for recipients, message in self.received if address in recipients]


@contextmanager
def smtp_serving(handler: SmtpInbox) -> Iterator[Controller]:
    """A real SMTP server on a free loopback port, handing what it receives to `handler`."""
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller
    finally:
        controller.stop()
