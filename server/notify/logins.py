"""Mailing the login links asked for on the login page (`server.storage.watch.ask_login_mail`).

The worker, not the web process, looks the address up: the page does the same work whether or
not anyone is registered at it. Each address is taken from `mail:logins` by one worker (ZREM)
and put back if its mail cannot be sent, for the job's retry; a worker that dies in between
loses that one request, and the player asks again.
"""

from __future__ import annotations

from server.mail.compose import login_mail
from server.mail.delivery import deliver
from server.mail.envelope import Login
from server.notify.context import Context
from server.storage.redis_client import members
from server.storage.watch import LOGINS


def login(ctx: Context, player: dict[str, str], game_id: str | None) -> Login:
    """A fresh login link for a message to `player`."""
    return Login(ctx.links.make(player, game_id), ctx.links.days)


def mail_links(ctx: Context) -> int:
    """Mail a link to every player registered at each address asked for; returns how many
    messages went out."""
    sent = 0
    for email in members(ctx.redis.zrange(LOGINS, 0, -1)):
        if not ctx.redis.zrem(LOGINS, email):
            continue  # another worker took it
        try:
            for player in ctx.players.by_email(email):
                message = login_mail(
                    player["email"], player["name"], login(ctx, player, None), ctx.mail
                )
                deliver(message, ctx.mail)
                sent += 1
        except Exception:
            ctx.redis.zadd(LOGINS, {email: ctx.clock()}, nx=True)
            raise
    return sent
