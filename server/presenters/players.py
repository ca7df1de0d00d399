"""A player's own things as JSON: their profile, with their vacation and the mail held for them,
and their webhooks, times in their own zone. Storage hands over what it keeps; these decide the
shape (`server.presenters.shapes`)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from server.domain.players.away import Away
from server.domain.players.held_mail import HeldMail
from server.domain.players.player import Player
from server.domain.players.quiet import local
from server.domain.players.webhook import Hook
from server.presenters import player_shapes


def profile(player: Player, away: Away, held: HeldMail) -> player_shapes.Profile:
    """One's own profile as `GET /me` answers it: never the token hash."""
    return {
        "id": player.id,
        "name": player.name,
        "email": player.email,
        "timezone": player.timezone,
        "created": player.created,
        "quiet_hours": player.quiet_hours,
        "digest": player.digest,
        "language": player.language,
        "bot_account": player.bot_account,
        "invitations": player.invitations,
        "vacation": {
            "on": away.on,
            "since": away.since,
            "until": away.until,
            "days_left": away.days_left,
        },
        "mail": {
            "held_now": held.held_now,
            "held_count": held.count,
            "next_release": held.next_release,
        },
    }


def webhook(hook: Hook, zone: ZoneInfo, with_secret: bool = False) -> player_shapes.Webhook:
    """A hook as its owner sees it, times in their zone (the secret only when it is made)."""
    failing = hook.failing_since
    return {
        "kind": hook.kind,
        "url": hook.url,
        "enabled": hook.disabled is None,
        "disabled": hook.disabled,
        "failing_since": None if failing is None else local(failing, zone).isoformat(),
        "secret": hook.secret if with_secret and hook.secret else None,
    }


def calendar_path(feed_id: str) -> str:
    """Where a calendar feed is read, on this server (its id is the secret)."""
    return f"/api/v1/calendar/{feed_id}.ics"
