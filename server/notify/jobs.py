"""The worker's jobs (RQ). Each takes ids only and is safe to run again or concurrently.

- `plan(game_id)`: a game changed; put its notices in its players' outboxes. One is queued per
  game at a time (`watch.queue_plan`).
- `flush(player_id)`: deliver what in a player's outbox may go out now (see `quiet`).
- `check_clock(game_id)`: remind the game's players whose move time runs low, or time them
  out (see `clocks`).
- `deliver_hook(scope, of, token)`: post what waits for a game's or a player's webhook (see
  `webhooks`); a hook has one such job at a time, known by its token. The hook worker alone
  runs it, from a queue of its own (`watch.HOOK_QUEUE`).
- `tell_hook_owner(owner, scope, of, why)`: mail a hook's owner that it is switched off.
- `play_bot(game_id)`: the move of a bot whose seat must act (`GameService.play_bot`); planning
  queues it, and keeps the game marked until the bot has moved (see `plan`).
- `login_mail()`: mail the login links asked for on the login page (see `logins`).
- `tick()`: every `TURNPOST_TICK_SECONDS`: plan games whose change was not planned (no worker
  heard it, or a web process died between its mark and its write) or whose bot has not moved
  (its job was lost with a worker killed as it thought), mail login links nobody was told of,
  flush players whose held mail is due or whose settings changed, and check the move clocks
  that are due.
"""

from __future__ import annotations

import logging

from rq import get_current_job

from server.mail.compose import compose
from server.mail.delivery import deliver
from server.notify import clocks, logins, notices, webhooks
from server.notify import plan as planning
from server.notify.context import Context, current
from server.presenters.words import words_for
from server.storage import watch
from server.storage.held import release_at
from server.storage.watch import RETRY, queue_login_mail, queue_plan

log = logging.getLogger("turnpost.notify")

SWEEP_AFTER = 30.0
"""A change older than this and still unplanned lost its job, or a bot asked to move this long
ago lost its: the sweep plans the game again."""
FAILED_DELIVERY_PAUSE = 300.0


def plan(game_id: str) -> None:
    ctx = current()
    job = get_current_job()
    if job is not None:  # (run by hand, it holds no place)
        watch.plan_started(ctx.queue, game_id, job.id)
    for player_id in planning.plan(ctx, game_id):
        enqueue_flush(ctx, player_id)


def flush(player_id: str) -> None:
    deliver_due(current(), player_id)


def check_clock(game_id: str) -> None:
    ctx = current()
    for player_id in clocks.check(ctx, game_id):
        enqueue_flush(ctx, player_id)


def play_bot(game_id: str) -> None:
    current().games.play_bot(game_id)


def login_mail() -> None:
    logins.mail_links(current())


def tick() -> None:
    run_tick(current())


def deliver_hook(scope: str, of: str, token: str) -> None:
    webhooks.deliver(current(), scope, of, token)


def tell_hook_owner(owner: str, scope: str, of: str, why: str) -> None:
    webhooks.tell_owner(current(), owner, scope, of, why)


def enqueue_flush(ctx: Context, player_id: str) -> None:
    ctx.queue.enqueue(flush, player_id, retry=RETRY, description=f"flush {player_id}")


def run_tick(ctx: Context) -> None:
    now = ctx.clock()
    for game in ctx.watch.marked_before(now - SWEEP_AFTER):
        queue_plan(ctx.queue, game, "sweep")
    if ctx.logins.asked_before(now - SWEEP_AFTER):
        queue_login_mail(ctx.queue, "swept")
    rechecks = ctx.outbox.rechecks()
    for player_id in dict.fromkeys([*ctx.outbox.due_players(now), *rechecks]):
        enqueue_flush(ctx, player_id)
    ctx.outbox.rechecked(rechecks)
    for game in ctx.clocks.due(now):
        ctx.queue.enqueue(check_clock, game, retry=RETRY)


def deliver_due(ctx: Context, player_id: str) -> int:
    """Send the player's notices that may go out now: one alone as its own email, several as
    one digest; hold the rest until they may. Returns how many messages went out (0 or 1)."""
    now = ctx.clock()
    ctx.outbox.reclaim(player_id, now)
    player = ctx.players.get(player_id)
    waiting = ctx.outbox.waiting(player_id)
    if player is None or not waiting:
        ctx.outbox.settle(player_id)
        return 0
    ready, later = [], []
    for item in waiting:
        held = release_at(player, item, now)
        if held is None:
            ready.append(item["id"])
        else:
            later.append(held)
    claimed = ctx.outbox.claim(player_id, ready, now)
    try:
        words = words_for(player.language)
        sections, failed = notices.sections(ctx, claimed, words)
        if sections:
            game_id = sections[0].game_id if len(sections) == 1 else None
            login = logins.login(ctx, player, game_id)
            message = compose(player.email, sections, ctx.mail, login, words)
            deliver(message, ctx.mail)
    except Exception:
        log.exception("delivery to %s failed; kept for a retry", player_id)
        ctx.outbox.release(player_id, [item["id"] for item in claimed])
        ctx.outbox.schedule(player_id, now + FAILED_DELIVERY_PAUSE)
        raise
    sent = [item for item in claimed if item not in failed]
    compacted = ctx.games.compacted({item["game"] for item in sent})
    for section in sections:
        if section.talk_upto and section.game_id not in compacted:
            ctx.told.heard(player_id, section.game_id, section.talk_upto)
    for game_id in compacted:  # its last notice: nothing more will carry its talk
        ctx.told.forget(player_id, game_id)
    forgotten = [item["id"] for item in sent if item["game"] in compacted]
    ctx.outbox.done(player_id, [item["id"] for item in sent], now, forgotten)
    if failed:  # the others went out; these wait for their game or this code to be mended
        ctx.outbox.release(player_id, [item["id"] for item in failed])
        later.append(now + FAILED_DELIVERY_PAUSE)
    if later:
        ctx.outbox.schedule(player_id, min(later))
    else:
        ctx.outbox.settle(player_id)
    return 1 if sections else 0
