"""Game changes and notices to webhooks: what the worker posts, and how it keeps trying.

Planning hands each change of a game to the game's hook (`changed`) and each notice it plans
for a player to that player's hook (`noticed`); a reminder does too. A hook hears the public
part only (`server.webhooks.messages`). Each message is a job of its own
(`jobs.deliver_hook`), posted through the outbound checks (`server.webhooks.outbound`) and
retried with back-off (`TURNPOST_WEBHOOK_RETRY`) while it fails. A hook that has failed for
`TURNPOST_WEBHOOK_DISABLE_AFTER` seconds with no success, or whose address may never be posted
to, is switched off, and its owner is told by mail.

Unlike mail, webhooks keep no quiet hours: a chat app holds its own notifications.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from rq import Retry

from server.domain.game import Game
from server.mail.delivery import deliver as deliver_mail
from server.mail.envelope import envelope
from server.notify.context import Context
from server.notify.notices import departures
from server.storage.hooks import Hook
from server.storage.watch import RETRY
from server.webhooks.messages import Update, body, public_update, signed
from server.webhooks.outbound import Failed, Refused, post, resolve

log = logging.getLogger("turnpost.webhooks")


def link(ctx: Context, game_id: str) -> str:
    """The game's page."""
    return f"{ctx.config.public_url}/play/{game_id}"


def update(ctx: Context, game: Game, entries: Sequence[Mapping[str, Any]], headline: str) -> Update:
    """The game as anyone may see it now, after `entries`."""
    clocks = ctx.deadlines.of(game.record, ctx.clock())
    running = [(clock.name, clock.due) for clock in clocks if clock.due is not None]
    return public_update(
        game.engine,
        game.state,
        entries,
        game.names,
        game_id=game.id,
        version=game.version,
        headline=headline,
        deadlines=running,
        link=link(ctx, game.id),
        at=ctx.clock(),
    )


def changed(
    ctx: Context,
    game: Game,
    started: bool,
    entries: Sequence[Mapping[str, Any]],
    left: Sequence[Sequence[Any]],
) -> None:
    """A change planned (the log `entries` since the last plan) to the game's hook."""
    if ctx.hooks.get("game", game.id) is None:
        return
    if game.record.result is not None:
        headline = f"Game over. {departures(game.names, left)}".strip()
    else:
        headline = "The game has started." if started else departures(game.names, left)
    said = update(ctx, game, entries, headline)
    _queue(ctx, "game", game.id, f"msg_{game.id}_{game.version}", said)


def noticed(ctx: Context, game: Game, player: str, item: Mapping[str, Any]) -> None:
    """A notice planned for a player to the player's hook, without what only they may see."""
    if ctx.hooks.get("player", player) is None:
        return
    seat = item["seat"]
    name = game.names[seat]
    kind = item["kind"]
    headlines = {
        "invite": f"{name} is invited: turnpost join {game.id}",
        "turn": f"{name}: it is {'still ' if item.get('again') else ''}your turn.",
        "reminder": f"{name}: still your turn; {item.get('percent')}% of your time is used.",
        "started": "The game has started.",
        "finished": f"Game over. {departures(game.names, item.get('left', []))}".strip(),
        "dropped": departures(game.names, item.get("left", [])),
    }
    said = update(ctx, game, [], headlines.get(kind, ""))
    message_id = "msg_" + item["id"].replace(":", "_")
    _queue(ctx, "player", player, message_id, said)


def _queue(ctx: Context, scope: str, of: str, message_id: str, said: Update) -> None:
    intervals = list(ctx.config.webhook_retry)
    ctx.queue.enqueue(
        "server.notify.jobs.deliver_hook",
        scope,
        of,
        message_id,
        asdict(said),
        retry=Retry(max=len(intervals), interval=intervals) if intervals else None,
        description=f"webhook {scope} {of} {message_id}",
    )


def deliver(ctx: Context, scope: str, of: str, message_id: str, said: Update) -> None:
    """Post a message to the hook as it is now; Failed (for a retry) if it did not take it.
    A hook gone or switched off meanwhile gets nothing."""
    hook = ctx.hooks.get(scope, of)
    if hook is None or hook.disabled is not None:
        return
    sent = datetime.now(UTC)  # the receiver's clock judges it: the real time, not the worker's
    payload = body(hook.kind, said)
    headers = signed(hook.secret, message_id, sent, payload) if hook.kind == "standard" else {}
    try:
        post(resolve(hook.url, ctx.config.webhook_loopback), payload, headers)
    except Refused as refused:
        _failed(ctx, hook, f"its address may not be posted to: {refused}", 0)
        return
    except Failed as failed:
        log.warning("webhook %s %s: %s", scope, of, failed)
        if _failed(ctx, hook, str(failed), ctx.config.webhook_disable_after):
            return
        raise
    ctx.hooks.delivered(hook)


def _failed(ctx: Context, hook: Hook, why: str, disable_after: float) -> bool:
    if not ctx.hooks.failed(hook, ctx.clock(), disable_after, why):
        return False
    log.warning("webhook %s %s switched off: %s", hook.scope, hook.of, why)
    ctx.queue.enqueue(
        "server.notify.jobs.tell_hook_owner",
        hook.owner,
        hook.scope,
        hook.of,
        why,
        retry=RETRY,
        description=f"webhook off {hook.scope} {hook.of}",
    )
    return True


def tell_owner(ctx: Context, owner: str, scope: str, of: str, why: str) -> None:
    """Mail the hook's owner that it is switched off, and why."""
    profile = ctx.players.get(owner)
    if profile is None:
        return
    which = f"the webhook of game {of}" if scope == "game" else "your webhook"
    again = (
        f"turnpost webhook --game {of} KIND URL" if scope == "game" else "turnpost webhook KIND URL"
    )
    message = envelope(profile["email"], ctx.mail)
    message["Subject"] = "[turnpost] a webhook is switched off"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(
        f"{which.capitalize()} is switched off: {why}\n\n"
        f"Nothing more is posted to it. Once its address works again, set it again with:\n"
        f"  {again}\n"
    )
    deliver_mail(message, ctx.mail)
