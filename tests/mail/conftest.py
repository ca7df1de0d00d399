"""Moves by email, end to end: games set up in a real Redis, replies fed to the real
`turnpost-server mail-in` process, its answers caught by a real SMTP server."""

from __future__ import annotations

import pytest
import redis
from aiosmtpd.controller import Controller

from server.runtime.redis_process import RedisProcess
from tests.parts import SmtpInbox
from tests.support.letters import Table, seated


@pytest.fixture
def table(
    redis_server: RedisProcess,
    redis_client: redis.Redis,
    smtp_server: tuple[Controller, SmtpInbox],
    mail_env: dict[str, str],
) -> Table:
    """ada and bo in a started one-round game of lost-cities."""
    return seated(redis_server.url, redis_client, mail_env, smtp_server[1])
