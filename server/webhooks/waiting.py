"""What waits to be posted to each webhook, and the one job that posts it.

A hook has at most one job at a time, queued or waiting out a pause after a failure, and at
most one message waiting per game: a change while one waits is merged into it
(`messages.merged`), so a hook that is slow or failing costs the same however fast its games
move, and a paused hook hears each game as it is when it answers again. Kept per hook in one
hash beside it (`{g:ID}:webhook:waiting`, `{p:ID}:webhook:waiting`): `job` (the token of the
hook's job) and `due` (when it is to run), `failures` (in a row, since the last post taken),
and `m:GAME` for each message waiting. Emptied, the hash is gone.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass

from server.storage.hooks import WAITING, key
from server.storage.redis_client import Client, as_text
from server.webhooks.messages import Update, merged

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


@dataclass(frozen=True)
class Message:
    game_id: str
    message_id: str
    """The same on every attempt to post it (a Standard Webhook's `webhook-id`)."""
    update: Update
    raw: str
    """As it is kept: what `sent` compares."""


@dataclass(frozen=True)
class Waiting:
    """A hook's job and the messages waiting for it."""

    job: str | None
    failures: int
    messages: tuple[Message, ...]

    def oldest(self) -> Message | None:
        return min(self.messages, key=lambda m: m.update.at, default=None)


def _key(scope: str, of: str) -> str:
    return key(scope, of, WAITING)


class Outgoing:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._put = client.register_script(PUT)
        self._release = client.register_script(RELEASE)
        self._sent = client.register_script(SENT)

    def put(self, scope: str, of: str, message_id: str, update: Update, now: float) -> str | None:
        """Have the hook post `update` next for its game; the token of a job to queue if the
        hook has none (or a lost one), else None: its job will post this too."""
        hash_key, field = _key(scope, of), f"m:{update.game_id}"
        before = self.client.hget(hash_key, field)
        if before is not None:
            update = merged(_message(update.game_id, as_text(before)).update, update)
        kept = json.dumps({"id": message_id, "update": asdict(update)})
        token = secrets.token_hex(8)
        if self._put(keys=[hash_key], args=[field, kept, token, repr(now), LOST_AFTER]):
            return token
        return None

    def get(self, scope: str, of: str) -> Waiting:
        raw = {as_text(k): as_text(v) for k, v in self.client.hgetall(_key(scope, of)).items()}
        messages = tuple(
            _message(name[2:], value) for name, value in raw.items() if name.startswith("m:")
        )
        return Waiting(raw.get("job"), int(raw.get("failures", 0)), messages)

    def sent(self, scope: str, of: str, message: Message) -> None:
        self._sent(keys=[_key(scope, of)], args=[f"m:{message.game_id}", message.raw])

    def failed(self, scope: str, of: str) -> int:
        """Count a failure; how many in a row now."""
        return int(self.client.hincrby(_key(scope, of), "failures", 1))

    def give_up(self, scope: str, of: str) -> None:
        """Drop what waits (tried as often as it will be), and start counting afresh."""
        hash_key = _key(scope, of)
        names = [as_text(name) for name in self.client.hkeys(hash_key)]
        self.client.hdel(hash_key, "failures", *[n for n in names if n.startswith("m:")])

    def pause(self, scope: str, of: str, token: str, due: float) -> None:
        """The hook's job runs again at `due`."""
        self.client.hset(_key(scope, of), mapping={"job": token, "due": repr(due)})

    def release(self, scope: str, of: str, token: str) -> bool:
        """End the job with token `token`, unless something waits: True if it must run again."""
        return bool(self._release(keys=[_key(scope, of)], args=[token]))

    def clear(self, scope: str, of: str) -> None:
        self.client.delete(_key(scope, of))


def _message(game_id: str, raw: str) -> Message:
    data = json.loads(raw)
    return Message(game_id, data["id"], Update.of(data["update"]), raw)
