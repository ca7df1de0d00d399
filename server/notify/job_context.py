"""What every notification job works with, made once per worker process.

Jobs take only ids as arguments and find the rest here. The worker builds it from the
environment; a test installs its own with `use` (a controlled clock, a test SMTP server), so
the very same job functions run under a clock the test moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, fields

from server.notify.queues import JobQueues
from server.settings import Config, MailSettings
from server.storage.games.mail_state import MailState
from server.storage.games.watch import queue_connection
from server.storage.hook_posts import HookPosts
from server.storage.players.talk_carried import TalkCarried
from server.storage.redis_client import Client, connect
from server.storage.services import Services


@dataclass(frozen=True)
class Context(Services):
    """The one `Services`, and what only the worker works with."""

    mail: MailSettings
    queues: JobQueues
    """The play queue, the mail queue and the hooks' (`server.notify.queues`)."""
    hook_posts: HookPosts
    """What waits to be posted to each hook (`server.webhooks.waiting`)."""
    mail_state: MailState
    talk_carried: TalkCarried

    @classmethod
    def build_with_mail(
        cls,
        config: Config,
        client: Client,
        mail: MailSettings,
        clock: Callable[[], float] = time.time,
    ) -> Context:
        services = Services.build(config, client, clock)
        return cls(
            **{part.name: getattr(services, part.name) for part in fields(Services)},
            mail=mail,
            queues=JobQueues.on(queue_connection(config, client)),
            hook_posts=HookPosts(client),
            mail_state=MailState(client),
            talk_carried=TalkCarried(client),
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
        _current = Context.build_with_mail(config, connect(config.redis_url), MailSettings())
    return _current
