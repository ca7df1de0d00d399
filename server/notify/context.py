"""What every notification job works with, made once per worker process.

Jobs take only ids as arguments and find the rest here. The worker builds it from the
environment; a test installs its own with `use` (a controlled clock, a test SMTP server), so
the very same job functions run under a clock the test moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rq import Queue

from server.domain.games import GameService
from server.login_links import LoginLinks
from server.notify.deadlines import Deadlines
from server.notify.outbox import Outbox
from server.notify.vacation import Vacations
from server.notify.watch import HOOK_QUEUE, queue, queue_connection
from server.players import Players
from server.redis_client import Client, connect
from server.secret import ServerSecret
from server.services import Services
from server.settings import Config, MailSettings
from server.standings import Standings
from server.webhooks.hooks import Hooks
from server.webhooks.waiting import Outgoing


@dataclass(frozen=True)
class Context:
    redis: Client
    mail: MailSettings
    clock: Callable[[], float]
    players: Players
    games: GameService
    outbox: Outbox
    vacations: Vacations
    deadlines: Deadlines
    hooks: Hooks
    outgoing: Outgoing
    config: Config
    queue: Queue
    hook_queue: Queue
    """Webhook posts only (`watch.HOOK_QUEUE`)."""
    standings: Standings
    secret: ServerSecret
    """Signs reply addresses."""
    links: LoginLinks

    @classmethod
    def build(
        cls,
        config: Config,
        client: Client,
        mail: MailSettings,
        clock: Callable[[], float] = time.time,
    ) -> Context:
        services = Services.build(config, client, clock)
        jobs = queue_connection(config, client)
        return cls(
            client,
            mail,
            clock,
            services.players,
            services.games,
            services.outbox,
            services.vacations,
            services.deadlines,
            services.hooks,
            Outgoing(client),
            config,
            queue(jobs),
            queue(jobs, HOOK_QUEUE),
            services.standings,
            services.secret,
            services.links,
        )


_current: Context | None = None


def use(context: Context | None) -> None:
    """Install the context jobs run with (None: build one from the environment again)."""
    global _current
    _current = context


def current() -> Context:
    global _current
    if _current is None:
        config = Config()
        _current = Context.build(config, connect(config.redis_url), MailSettings())
    return _current
