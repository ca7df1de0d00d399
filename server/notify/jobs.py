"""The worker's jobs (RQ). Each takes ids only and is safe to run again or concurrently.

Each is queued at most once per subject at a time (`server.notify.queues.JobQueues.once`), and
gives its subject's place back as it starts (`started`), so a change made while it runs queues
the next one. What a game in play waits for is queued on the play queue, which every worker
serves first and the play worker alone; the rest on the mail queue (`server.storage.games.watch`).

- `plan(game_id)`: a game changed; put its notices in its players' outboxes. Urgent for a game
  in play: a bot's move follows from it.
- `flush(player_id)`: deliver what in a player's outbox may go out now (see `quiet`).
- `check_clock(game_id)`, urgent: remind the game's players whose move time runs low, or time
  them out (see `clocks`).
- `deliver_hook(scope, of, token)`: post what waits for a game's or a player's webhook (see
  `webhooks`); a hook has one such job at a time, known by its token. The hook worker alone
  runs it, from a queue of its own (`watch.HOOK_QUEUE`).
- `tell_hook_owner(owner, scope, of, why)`: mail a hook's owner that it is switched off.
- `play_bot(game_id)`, urgent: the move of a bot whose seat must act
  (`GameService.worker_moves.play_bot`); planning queues it, and keeps the game marked until
  the bot has moved (see `plan`).
- `login_mail()`: mail the login links asked for on the login page (see `logins`).
- `tick()`, urgent, every `TURNPOST_TICK_SECONDS`: plan games whose change was not planned (no
  worker heard it, or a web process died between its mark and its write) or whose bot has not
  moved (its job was lost with a worker killed as it thought), mail login links nobody was told
  of, flush players whose held mail is due or whose settings changed, and check the move clocks
  that are due.
- `catch_up()`, urgent, as a worker's relay subscribes: plan every game still marked, and mail
  the login links asked for, which nobody may have heard of.
"""

from __future__ import annotations

import logging
import math

from rq import get_current_job

from server.domain.players.held_mail import release_at
from server.mail.compose import compose
from server.mail.delivery import deliver
from server.notify import clocks, logins, notices, webhooks
from server.notify import plan as planning
from server.notify.job_context import Context, current
from server.presenters.catalogs import words_for
from server.storage.games.watch import in_play

log = logging.getLogger("turnpost.notify")

SWEEP_AFTER = 30.0
"""A change older than this and still unplanned lost its job, or a bot asked to move this long
ago lost its: the sweep plans the game again."""
FAILED_DELIVERY_PAUSE = 300.0


def started() -> Context:
    """The context a job runs with, once the job has given up its subject's place (run by hand,
    it holds none)."""
    ctx = current()
    job = get_current_job()
    if job is not None:
        ctx.queues.release(job)
    return ctx


def plan(game_id: str) -> None:
    ctx = started()
    for player_id in planning.plan(ctx, game_id):
        queue_flush(ctx, player_id)


def flush(player_id: str) -> None:
    deliver_due(started(), player_id)


def check_clock(game_id: str) -> None:
    ctx = started()
    for player_id in clocks.check(ctx, game_id):
        queue_flush(ctx, player_id)


def play_bot(game_id: str) -> None:
    started().games.worker_moves.play_bot(game_id)


def login_mail() -> None:
    logins.mail_links(started())


def tick() -> None:
    run_tick(started())


def catch_up() -> None:
    ctx = started()
    sweep(ctx, ctx.watch.marked_before(math.inf))
    if ctx.logins.asked_before(math.inf):
        ctx.queues.once("login_mail")


def deliver_hook(scope: str, of: str, token: str) -> None:
    webhooks.deliver(current(), scope, of, token)


def tell_hook_owner(owner: str, scope: str, of: str, why: str) -> None:
    webhooks.tell_owner(started(), owner, scope, of, why)


def queue_flush(ctx: Context, player_id: str) -> None:
    ctx.queues.once("flush", player_id)


def sweep(ctx: Context, games: list[str]) -> None:
    """Plan each of `games`, urgently those in play."""
    for game_id, record in zip(games, ctx.games.loading.records(games), strict=True):
        ctx.queues.once("plan", game_id, urgent=record is not None and in_play(record.status))


def run_tick(ctx: Context) -> None:
    now = ctx.clock()
    sweep(ctx, ctx.watch.marked_before(now - SWEEP_AFTER))
    if ctx.logins.asked_before(now - SWEEP_AFTER):
        ctx.queues.once("login_mail")
    rechecks = ctx.outbox.rechecks()
    for player_id in dict.fromkeys([*ctx.outbox.due_players(now), *rechecks]):
        queue_flush(ctx, player_id)
    ctx.outbox.rechecked(rechecks)
    for game in ctx.clocks.due(now):
        ctx.queues.once("check_clock", game, urgent=True)


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
    compacted = ctx.games.loading.compacted({item["game"] for item in sent})
    for section in sections:
        if section.talk_upto and section.game_id not in compacted:
            ctx.talk_carried.heard(player_id, section.game_id, section.talk_upto)
    for game_id in compacted:  # its last notice: nothing more will carry its talk
        ctx.talk_carried.forget(player_id, game_id)
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
