"""Mailing the login links asked for on the login page (`server.storage.games.watch.AskedLogins`).

The worker, not the web process, looks the address up: the page does the same work whether or
not anyone is registered at it. Each address is taken from those asked for by one worker
and put back if its mail cannot be sent, for the job's retry; a worker that dies in between
loses that one request, and the player asks again.
"""

from __future__ import annotations

from server.domain.players.player import Player
from server.mail.compose import login_mail
from server.mail.delivery import deliver
from server.mail.envelope import Login
from server.notify.job_context import Context
from server.presenters.catalogs import words_for


def login(ctx: Context, player: Player, game_id: str | None) -> Login:
    """A fresh login link for a message to `player`."""
    return Login(ctx.links.make(player, game_id), ctx.links.days, words_for(player.language))


def mail_links(ctx: Context) -> int:
    """Mail a link to every player registered at each address asked for; returns how many
    messages went out."""
    sent = 0
    for email in ctx.logins.asked():
        if not ctx.logins.withdraw(email):
            continue  # another worker took it
        try:
            for player in ctx.players.by_email(email):
                link = login(ctx, player, None)
                message = login_mail(player.email, player.name, link, ctx.mail, link.words)
                deliver(message, ctx.mail)
                sent += 1
        except Exception:
            ctx.logins.again(email, ctx.clock())
            raise
    return sent
