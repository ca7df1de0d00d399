"""Game changes and notices to webhooks: what the worker posts, and how it keeps trying.

Planning hands each change of a game to the game's hook (`changed`) and each notice it plans
for a player to that player's hook (`noticed`); a reminder does too. A hook hears the public
part only (`server.webhooks.messages`), a chat app's in the language of the hook's owner (who
set it; `standard` hooks, for programs, in English). What a hook is to hear waits beside it
(`server.webhooks.waiting`: one message per game, a later change merged into it), and the hook's
one job (`jobs.deliver_hook`, on the hook worker's queue of its own, `watch.HOOK_QUEUE`) posts
it through the outbound checks (`server.webhooks.outbound`). A failure pauses the hook, for the
next of `TURNPOST_WEBHOOK_RETRY` after each failure in a row, however many changes come
meanwhile; once those are spent, what waits is dropped and the next change tries afresh. A hook
that has failed for `TURNPOST_WEBHOOK_DISABLE_AFTER` seconds with no success, or whose address
may never be posted to, is switched off, and its owner is told by mail.

Unlike mail, webhooks keep no quiet hours.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from rq.timeouts import JobTimeoutException

from server.domain.games.loaded import Game
from server.domain.players.webhook import Hook
from server.mail.delivery import deliver as deliver_mail
from server.mail.envelope import envelope
from server.notify.job_context import Context
from server.notify.notices import departures
from server.notify.queues import RETRY
from server.presenters.catalogs import words_for
from server.webhooks import waiting
from server.webhooks.messages import Update, body, public_update, signed
from server.webhooks.outbound import Failed, Refused, post, resolve
from server.webhooks.waiting import Message
from shared.engine import shown_names
from shared.words import ENGLISH, Words

log = logging.getLogger("turnpost.webhooks")

JOB_SECONDS = 15
"""A post that takes longer (an answer trickling in, each wait under the read timeout) is cut
off and counts as a failure."""


def link(ctx: Context, game_id: str) -> str:
    """The game's page."""
    return f"{ctx.config.public_url}/play/{game_id}"


def words_of(ctx: Context, hook: Hook) -> Words:
    """The words a hook's posts are in: its owner's language for people in a chat channel,
    English for a `standard` hook's programs."""
    owner = None if hook.kind == "standard" else ctx.players.get(hook.owner)
    return ENGLISH if owner is None else words_for(owner.language)


def update(
    ctx: Context,
    game: Game,
    entries: Sequence[Mapping[str, Any]],
    headline: str,
    names: Sequence[str],
    words: Words,
) -> Update:
    """The game as anyone may see it now, after `entries`, in `words` (`names` as they are
    read in them)."""
    clocks = ctx.deadlines.of(game.record, ctx.clock())
    running = [(names[clock.seat], clock.due) for clock in clocks if clock.due is not None]
    return public_update(
        game.engine,
        game.state,
        entries,
        names,
        words=words,
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
    hook = ctx.hooks.get("game", game.id)
    if hook is None:
        return
    words = words_of(ctx, hook)
    names = shown_names(game.names, game.bot_accounts, words)
    if game.record.result is not None:
        headline = over(departures(names, left, words), words)
    elif started:
        headline = words.gettext("The game has started.")
    else:
        headline = departures(names, left, words)
    said = update(ctx, game, entries, headline, names, words)
    _queue(ctx, "game", game.id, f"msg_{game.id}_{game.version}", said)


def noticed(ctx: Context, game: Game, player: str, item: Mapping[str, Any]) -> None:
    """A notice planned for a player to the player's hook, without what only they may see."""
    hook = ctx.hooks.get("player", player)
    if hook is None:
        return
    words = words_of(ctx, hook)
    names = shown_names(game.names, game.bot_accounts, words)
    said = update(ctx, game, [], headline(game, item, names, words), names, words)
    message_id = "msg_" + item["id"].replace(":", "_")
    _queue(ctx, "player", player, message_id, said)


def headline(game: Game, item: Mapping[str, Any], names: Sequence[str], words: Words) -> str:
    """What a notice says first, in `words`."""
    name, kind, left = names[item["seat"]], item["kind"], item.get("left", [])
    if kind == "invite":
        return words.gettext("%(name)s is invited: turnpost join %(id)s", name=name, id=game.id)
    if kind == "turn" and item.get("again"):
        return words.gettext("%(name)s: it is still your turn.", name=name)
    if kind == "turn":
        return words.gettext("%(name)s: it is your turn.", name=name)
    if kind == "reminder":
        return words.gettext(
            "%(name)s: still your turn; %(percent)s%% of your time is used.",
            name=name,
            percent=item.get("percent"),
        )
    if kind == "started":
        return words.gettext("The game has started.")
    if kind == "finished":
        return over(departures(names, left, words), words)
    return departures(names, left, words) if kind == "dropped" else ""


def over(left: str, words: Words) -> str:
    """The end of a game, and who left it on the way (`departures`)."""
    return words.gettext("Game over. %(left)s", left=left) if left else words.gettext("Game over.")


def _queue(ctx: Context, scope: str, of: str, message_id: str, said: Update) -> None:
    token = waiting.put(ctx.hook_posts, scope, of, message_id, said, ctx.clock())
    if token is not None:
        _run(ctx, scope, of, token, 0)


def _run(ctx: Context, scope: str, of: str, token: str, after: float) -> None:
    """Queue the hook's job, to run `after` seconds from now."""
    job = "server.notify.jobs.deliver_hook"
    options: dict[str, Any] = {
        "retry": RETRY,  # for a job lost with its worker: its token tells a stale run
        "job_timeout": JOB_SECONDS,
        "result_ttl": 0,
        "description": f"webhook {scope} {of}",
    }
    if after > 0:
        ctx.queues.hooks.enqueue_in(timedelta(seconds=after), job, scope, of, token, **options)
    else:
        ctx.queues.hooks.enqueue(job, scope, of, token, **options)


def deliver(ctx: Context, scope: str, of: str, token: str) -> None:
    """Post the oldest message waiting for the hook as it is now, then run again for the next
    or pause after a failure. A job that is no longer the hook's (set again meanwhile, or run
    twice) does nothing; a hook gone or switched off gets nothing."""
    found = waiting.get(ctx.hook_posts, scope, of)
    if found.job != token:
        return
    hook = ctx.hooks.get(scope, of)
    if hook is None or hook.disabled is not None:
        ctx.hook_posts.clear(scope, of)
        return
    message = found.oldest()
    if message is not None and not _posted(ctx, hook, message, token):
        return
    if ctx.hook_posts.release(scope, of, token):
        _run(ctx, scope, of, token, 0)  # behind the other hooks' jobs queued meanwhile


def _posted(ctx: Context, hook: Hook, message: Message, token: str) -> bool:
    """Post one message; False if the job is paused or over for now."""
    sent = datetime.now(UTC)  # the receiver's clock judges it: the real time, not the worker's
    payload = body(hook.kind, message.update, words_of(ctx, hook))
    headers = {}
    if hook.kind == "standard":
        headers = signed(hook.secret, message.message_id, sent, payload)
    try:
        try:
            post(resolve(hook.url, ctx.config.webhook_loopback), payload, headers)
        except JobTimeoutException:
            raise Failed(f"no answer within {JOB_SECONDS} s") from None
    except Refused as refused:
        _failed(ctx, hook, f"its address may not be posted to: {refused}", 0)
        ctx.hook_posts.clear(hook.scope, hook.of)
        return False
    except Failed as failed:
        log.warning("webhook %s %s: %s", hook.scope, hook.of, failed)
        if _failed(ctx, hook, str(failed), ctx.config.webhook_disable_after):
            ctx.hook_posts.clear(hook.scope, hook.of)
            return False
        failures, pauses = ctx.hook_posts.failed(hook.scope, hook.of), ctx.config.webhook_retry
        if failures > len(pauses):
            ctx.hook_posts.give_up(hook.scope, hook.of)
            return True
        pause = pauses[failures - 1]
        ctx.hook_posts.pause(hook.scope, hook.of, token, ctx.clock() + pause)
        _run(ctx, hook.scope, hook.of, token, pause)
        return False
    waiting.sent(ctx.hook_posts, hook.scope, hook.of, message)
    ctx.hooks.delivered(hook)
    return True


def _failed(ctx: Context, hook: Hook, why: str, disable_after: float) -> bool:
    if not ctx.hooks.failed(hook, ctx.clock(), disable_after, why):
        return False
    log.warning("webhook %s %s switched off: %s", hook.scope, hook.of, why)
    ctx.queues.once("tell_hook_owner", hook.of, hook.owner, hook.scope, hook.of, why)
    return True


def tell_owner(ctx: Context, owner: str, scope: str, of: str, why: str) -> None:
    """Mail the hook's owner that it is switched off, and why."""
    player = ctx.players.get(owner)
    if player is None:
        return
    words = words_for(player.language)
    if scope == "game":
        which = words.gettext(
            "The webhook of game %(game)s is switched off: %(why)s", game=of, why=why
        )
        again = f"turnpost webhook --game {of} KIND URL"
    else:
        which = words.gettext("Your webhook is switched off: %(why)s", why=why)
        again = "turnpost webhook KIND URL"
    message = envelope(player.email, ctx.mail)
    message["Subject"] = words.gettext("[turnpost] a webhook is switched off")
    message["Content-Language"] = words.language
    message["Auto-Submitted"] = "auto-generated"
    explained = words.gettext(
        "Nothing more is posted to it. Once its address works again, set it again with:"
    )
    message.set_content(f"{which}\n\n{explained}\n  {again}\n")
    deliver_mail(message, ctx.mail)
