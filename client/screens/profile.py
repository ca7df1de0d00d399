"""One's profile: where and when mail goes, what is held, the vacation, whom one takes
invitations from; and the players one blocks."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.console import Console

from client.layout import show
from client.screens.times import day_and_time, number, release, stamp
from client.words import _, ngettext

LANGUAGE_NAMES = {"en": "English", "pl": "polski", "de": "Deutsch"}
"""Each language by its own name, as a person looking for theirs reads it."""


def profile(console: Console, me: dict[str, Any], now: float) -> None:
    """One's profile: who, where mail goes, when it may and what is held, and the vacation."""
    away = me["vacation"]
    days_left = ngettext(
        "%(days)s day left this year",
        "%(days)s days left this year",
        int(away["days_left"]) if away["days_left"] == int(away["days_left"]) else 2,
        days=number(away["days_left"]),
    )
    if away["on"]:
        until = day_and_time(datetime.fromtimestamp(away["until"]).astimezone())
        vacation = _("on, until %(until)s at the latest (%(left)s)", until=until, left=days_left)
    else:
        vacation = _("off (%(left)s)", left=days_left)
    rows = [
        (_("name:"), me["name"]),
        (
            _("played by:"),
            _("a program (a bot account)") if me["bot_account"] else _("a person"),
        ),
        (_("email:"), me["email"]),
        (_("time zone:"), me["timezone"]),
        (_("language:"), LANGUAGE_NAMES.get(me.get("language") or "", _("as your locale"))),
        (_("quiet hours:"), quiet_hours(me)),
        (_("mail:"), _("a daily digest") if me["digest"] else _("every turn")),
        (_("held mail:"), held_mail(me, now)),
        (_("vacation:"), vacation),
        (_("invited by:"), invited_by(me.get("invitations", "anyone"))),
    ]
    column = max(len(label) for label, _value in rows) + 1
    for label, value in rows:
        show(console, f"{label:{column}}{value}", hanging=column)


def invited_by(mode: str) -> str:
    """Whom one takes invitations from, in words."""
    if mode == "nobody":
        return _("nobody")
    if mode == "played":
        return _("the players you have played a game with")
    return _("anyone")


def blocked(
    console: Console, answer: dict[str, Any], blocking: str = "", unblocking: str = ""
) -> None:
    """The players one blocks, after blocking or unblocking one if so."""
    if blocking:
        show(console, _("You block %(name)s.", name=blocking))
    if unblocking:
        show(console, _("You no longer block %(name)s.", name=unblocking))
    names = answer["blocked"]
    if names:
        show(console, _("You block: %(names)s", names=", ".join(names)), hanging=2)
    else:
        show(console, _("You block nobody."))


def registered(console: Console, me: dict[str, Any], now: float) -> None:
    """After registering: the quiet hours one has from the start, and whether they hold mail."""
    show(console, _("Your quiet hours: %(hours)s.", hours=quiet_hours(me)))
    show(console, _("Held mail: %(held)s.", held=held_mail(me, now)))
    show(
        console,
        _("Change them with: turnpost me --timezone ZONE --quiet-hours HH:MM-HH:MM (or none)"),
    )


def quiet_hours(me: dict[str, Any]) -> str:
    if me["quiet_hours"] == "none":
        return _("none")
    return _("%(hours)s in %(zone)s, no mail then", hours=me["quiet_hours"], zone=me["timezone"])


def held_mail(me: dict[str, Any], now: float) -> str:
    """What the server holds for me and when it goes out (see `mail` in GET /me)."""
    mail = me["mail"]
    count = mail["held_count"]
    if count:
        return ngettext(
            "%(num)d notice held, going out %(when)s",
            "%(num)d notices held, going out %(when)s",
            count,
            when=release(mail["next_release"], now),
        )
    if mail["held_now"]:
        when = release(mail["next_release"], now)
        if me["digest"]:
            return _("none yet; a daily digest: mail goes out %(when)s", when=when)
        return _("none yet; quiet hours now: mail goes out %(when)s", when=when)
    return _("none; mail goes out as it comes")


def webhook_state(
    console: Console, hook: dict[str, Any] | None, removed: bool, game: str | None
) -> None:
    """A webhook, and whether its posts get through: on, failing since when, or switched off
    and why; or that there is none (`game`: the game's, else one's own)."""
    if hook is None and game is None:
        show(console, _("You have no webhook. Set one with: turnpost webhook KIND URL"))
    elif hook is None:
        show(
            console,
            _(
                "Game %(id)s has no webhook. Set one with: turnpost webhook KIND URL --game %(id)s",
                id=game,
            ),
        )
    elif removed:
        show(console, _("Removed: %(kind)s %(url)s", kind=hook["kind"], url=hook["url"]))
    elif not hook["enabled"]:
        show(
            console,
            _(
                "Webhook: %(kind)s %(url)s (switched off: %(why)s)",
                kind=hook["kind"],
                url=hook["url"],
                why=hook["disabled"],
            ),
        )
    elif hook["failing_since"]:
        since = stamp(datetime.fromisoformat(hook["failing_since"]))
        show(
            console,
            _(
                "Webhook: %(kind)s %(url)s (on, but failing since %(since)s: its posts are "
                "tried again, and it is switched off if they still fail a day after that)",
                kind=hook["kind"],
                url=hook["url"],
                since=since,
            ),
        )
    else:
        show(console, _("Webhook: %(kind)s %(url)s (on)", kind=hook["kind"], url=hook["url"]))
    if hook and hook["secret"]:
        show(console, _("Signing secret (shown only now): %(secret)s", secret=hook["secret"]))
