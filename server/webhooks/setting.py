"""A webhook set by its owner, from the API or the settings page alike: only to an address that
may be sent to, as far as can be told without resolving it (every delivery checks the address
it connects to, `server.webhooks.outbound`)."""

from __future__ import annotations

from server.domain.errors import Invalid
from server.domain.players.webhook import Hook
from server.storage.hooks import Hooks
from server.webhooks.outbound import Refused, check_url


def set_hook(hooks: Hooks, scope: str, of: str, owner: str, kind: str, url: str) -> Hook:
    """The hook set (replacing any before it, switched on), or refused (400 `bad_webhook`)."""
    try:
        check_url(url, hooks.allow_loopback)
    except Refused as refused:
        raise Invalid(str(refused), {"url": url}, "bad_webhook") from None
    return hooks.set(scope, of, owner, kind, url)
