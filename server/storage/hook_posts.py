"""What waits to be posted to each webhook, and the token of the hook's one job, kept per hook
in one hash beside it (`{g:ID}:webhook:waiting`, `{p:ID}:webhook:waiting`): `job` (the token
of the hook's job) and `due` (when it is to run), `failures` (in a row, since the last post
taken), and `m:GAME` for each message waiting, as the webhooks' messages keep it. Emptied,
the hash is gone; setting or removing the hook empties it (`server.storage.hooks`).
"""

from __future__ import annotations

from dataclasses import dataclass

from server.storage import keys
from server.storage.redis_client import Client, as_text

LOST_AFTER = 600.0
"""A job this long past its time without having run was lost (a worker killed as it ran it,
its retries spent): the next change queues another, and the lost one, if it runs, finds its
token gone."""

PUT = """
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local due = redis.call('HGET', KEYS[1], 'due')
if due and tonumber(due) + tonumber(ARGV[5]) >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'job', ARGV[3], 'due', ARGV[4])
return 1
"""
"""Keep a message; take the hook's job for the token given if it has none, or a lost one."""

RELEASE = """
if redis.call('HGET', KEYS[1], 'job') ~= ARGV[1] then return 0 end
for _, name in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.sub(name, 1, 2) == 'm:' then return 1 end
end
redis.call('HDEL', KEYS[1], 'job', 'due')
return 0
"""
"""The job is done unless a message waits (one may have come while it posted): 1 if the job
must run again, 0 if it is gone (or was not this one)."""

SENT = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('HDEL', KEYS[1], 'failures')
"""
"""A message taken: forget it unless a change was merged into it meanwhile."""

MESSAGE = "m:"


def key(scope: str, of: str) -> str:
    """The hash of what waits for the game's (`scope` "game") or the player's hook."""
    return keys.scoped(scope, of, "webhook:waiting")


@dataclass(frozen=True)
class Queued:
    """A hook's job and the messages waiting for it, as kept."""

    job: str | None
    failures: int
    messages: dict[str, str]
    """Game id → its message."""


class HookPosts:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._put = client.register_script(PUT)
        self._release = client.register_script(RELEASE)
        self._sent = client.register_script(SENT)

    def message(self, scope: str, of: str, game_id: str) -> str | None:
        """The message waiting for the hook about the game, if one is."""
        kept = self.client.hget(key(scope, of), MESSAGE + game_id)
        return None if kept is None else as_text(kept)

    def put(self, scope: str, of: str, game_id: str, message: str, token: str, now: float) -> bool:
        """Keep the hook's message about the game (in place of any before); True if the job
        is now the one of `token` (the hook had none, or a lost one), to be queued."""
        args: list[str | float] = [MESSAGE + game_id, message, token, repr(now), LOST_AFTER]
        return bool(self._put(keys=[key(scope, of)], args=args))

    def get(self, scope: str, of: str) -> Queued:
        raw = {as_text(k): as_text(v) for k, v in self.client.hgetall(key(scope, of)).items()}
        messages = {
            name.removeprefix(MESSAGE): value
            for name, value in raw.items()
            if name.startswith(MESSAGE)
        }
        return Queued(raw.get("job"), int(raw.get("failures", 0)), messages)

    def sent(self, scope: str, of: str, game_id: str, message: str) -> None:
        """The message was taken: forgotten unless it changed meanwhile, failures too."""
        self._sent(keys=[key(scope, of)], args=[MESSAGE + game_id, message])

    def failed(self, scope: str, of: str) -> int:
        """Count a failure; how many in a row now."""
        return int(self.client.hincrby(key(scope, of), "failures", 1))

    def give_up(self, scope: str, of: str) -> None:
        """Drop what waits, and start counting failures afresh (the job stays)."""
        hash_key = key(scope, of)
        names = [as_text(name) for name in self.client.hkeys(hash_key)]
        self.client.hdel(hash_key, "failures", *[n for n in names if n.startswith(MESSAGE)])

    def pause(self, scope: str, of: str, token: str, due: float) -> None:
        """The hook's job runs again at `due`."""
        self.client.hset(key(scope, of), mapping={"job": token, "due": repr(due)})

    def release(self, scope: str, of: str, token: str) -> bool:
        """End the job with token `token`, unless something waits: True if it must run again."""
        return bool(self._release(keys=[key(scope, of)], args=[token]))

    def drop(self, scope: str, of: str, game_id: str) -> None:
        """Forget the hook's message about the game (its job, finding nothing, ends)."""
        self.client.hdel(key(scope, of), MESSAGE + game_id)

    def clear(self, scope: str, of: str) -> None:
        self.client.delete(key(scope, of))
