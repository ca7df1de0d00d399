"""What waits to be posted to each webhook, as messages; the one job that posts them is the
worker's (`server.notify.webhooks`).

A hook has at most one job at a time, queued or waiting out a pause after a failure, and at
most one message waiting per game: a change while one waits is merged into it
(`messages.merged`), so a hook that is slow or failing costs the same however fast its games
move, and a paused hook hears each game as it is when it answers again. Redis keeps them beside
the hook, with the job's token and its failures (`server.storage.hook_posts`); a message is
kept as JSON, its id and its update.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass

from server.storage.hook_posts import HookPosts
from server.webhooks.messages import Update, merged


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


def put(
    posts: HookPosts, scope: str, of: str, message_id: str, update: Update, now: float
) -> str | None:
    """Have the hook post `update` next for its game; the token of a job to queue if the hook
    has none (or a lost one), else None: its job will post this too."""
    before = posts.message(scope, of, update.game_id)
    if before is not None:
        update = merged(_message(update.game_id, before).update, update)
    kept = json.dumps({"id": message_id, "update": asdict(update)})
    token = secrets.token_hex(8)
    return token if posts.put(scope, of, update.game_id, kept, token, now) else None


def get(posts: HookPosts, scope: str, of: str) -> Waiting:
    queued = posts.get(scope, of)
    messages = tuple(_message(game_id, raw) for game_id, raw in queued.messages.items())
    return Waiting(queued.job, queued.failures, messages)


def sent(posts: HookPosts, scope: str, of: str, message: Message) -> None:
    posts.sent(scope, of, message.game_id, message.raw)


def _message(game_id: str, raw: str) -> Message:
    data = json.loads(raw)
    return Message(game_id, data["id"], Update.of(data["update"]), raw)
