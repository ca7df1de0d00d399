"""Webhooks as they are kept: a game's (`{g:ID}:webhook`, set by its creator) and a player's
(`{p:ID}:webhook`), each a hash of its kind, address, signing secret and how it has fared.

A hook that keeps failing is switched off (`disabled` says why) and its owner is told; setting
it again switches it on. The address is checked by the edge that sets it, as far as it can be
without resolving it, and fully at every delivery.
"""

from __future__ import annotations

import base64
import secrets

from server.domain.players.webhook import KINDS, Hook
from server.storage import hook_posts, keys
from server.storage.redis_client import Client, as_text, hash_fields


def key(scope: str, of: str) -> str:
    """The hook's hash (what waits to be posted to it is `server.storage.hook_posts`'s)."""
    return keys.scoped(scope, of, "webhook")


class Hooks:
    def __init__(self, client: Client, allow_loopback: bool = False) -> None:
        self.client = client
        self.allow_loopback = allow_loopback

    def set(self, scope: str, of: str, owner: str, kind: str, url: str) -> Hook:
        """A new hook in place of any before, switched on (its address checked already)."""
        secret = ""
        if kind == "standard":
            secret = "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()
        hook = Hook(secrets.token_hex(8), scope, of, owner, kind, url, secret)
        fields = {"id": hook.id, "owner": owner, "kind": kind, "url": url, "secret": secret}
        pipe = self.client.pipeline(transaction=True)
        pipe.delete(key(scope, of), hook_posts.key(scope, of))
        pipe.hset(key(scope, of), mapping=hash_fields(fields))
        pipe.execute()
        return hook

    def get(self, scope: str, of: str) -> Hook | None:
        raw = {as_text(k): as_text(v) for k, v in self.client.hgetall(key(scope, of)).items()}
        if raw.get("kind") not in KINDS:
            return None
        failing = raw.get("failing_since")
        return Hook(
            raw.get("id", ""),
            scope,
            of,
            raw["owner"],
            raw["kind"],
            raw["url"],
            raw.get("secret", ""),
            float(failing) if failing else None,
            raw.get("disabled") or None,
        )

    def remove(self, scope: str, of: str) -> None:
        self.client.delete(key(scope, of), hook_posts.key(scope, of))

    def delivered(self, hook: Hook) -> None:
        if hook.failing_since is not None:
            self.client.hdel(key(hook.scope, hook.of), "failing_since")

    def failed(self, hook: Hook, now: float, disable_after: float, why: str) -> bool:
        """Note a failed delivery; switch the hook off if it has failed since `disable_after`
        seconds ago (at once for an address that may never be sent to: `disable_after` 0).
        True if it was switched off now."""
        hash_key = key(hook.scope, hook.of)
        since = hook.failing_since if hook.failing_since is not None else now
        if now - since < disable_after:
            self.client.hsetnx(hash_key, "failing_since", str(since))
            return False
        if as_text(self.client.hget(hash_key, "id") or b"") != hook.id:
            return False  # set again meanwhile: the new one starts afresh
        return bool(self.client.hsetnx(hash_key, "disabled", why))
