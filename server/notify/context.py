"""What every notification job works with, made once per worker process.

Jobs take only ids as arguments and find the rest here. The worker builds it from the
environment; a test installs its own with `use` (a controlled clock, a test SMTP server), so
the very same job functions run under a clock the test moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from server.domain.service.facade import GameService
from server.notify.queues import JobQueues
from server.settings import Config, MailSettings
from server.storage.games.clocks import Clocks
from server.storage.games.deadlines import Deadlines
from server.storage.games.mail_state import MailState
from server.storage.games.standings import Standings
from server.storage.games.watch import AskedLogins, GameWatch, queue_connection
from server.storage.hook_posts import HookPosts
from server.storage.hooks import Hooks
from server.storage.players.login_links import LoginLinks
from server.storage.players.outbox import Outbox
from server.storage.players.profiles import Players
from server.storage.players.talk_carried import TalkCarried
from server.storage.players.vacations import Vacations
from server.storage.redis_client import Client, connect
from server.storage.secret import ServerSecret
from server.storage.services import Services


@dataclass(frozen=True)
class Context:
    redis: Client
    """The connection, for the queues: every key is read and written by the storage objects
    below (`server.storage.keys`)."""
    mail: MailSettings
    clock: Callable[[], float]
    players: Players
    games: GameService
    outbox: Outbox
    vacations: Vacations
    deadlines: Deadlines
    hooks: Hooks
    hook_posts: HookPosts
    """What waits to be posted to each hook (`server.webhooks.waiting`)."""
    config: Config
    queues: JobQueues
    """The play queue, the mail queue and the hooks' (`server.storage.games.watch`)."""
    standings: Standings
    secret: ServerSecret
    """Signs reply addresses."""
    links: LoginLinks
    watch: GameWatch
    logins: AskedLogins
    clocks: Clocks
    mail_state: MailState
    talk_carried: TalkCarried

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
            HookPosts(client),
            config,
            JobQueues.on(jobs),
            services.standings,
            services.secret,
            services.links,
            services.watch,
            services.logins,
            services.clocks,
            MailState(client),
            TalkCarried(client),
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
