"""One's profile: where and when mail goes, what is held, and the vacation."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.console import Console

from client.layout import show
from client.screens.times import release, stamp


def profile(console: Console, me: dict[str, Any], now: float) -> None:
    """One's profile: who, where mail goes, when it may and what is held, and the vacation."""
    away = me["vacation"]
    if away["on"]:
        until = datetime.fromtimestamp(away["until"]).strftime("%Y-%m-%d %H:%M")
        vacation = f"on, until {until} at the latest"
    else:
        vacation = "off"
    rows = [
        ("name", me["name"]),
        ("played by", "a program (a bot account)" if me["bot_account"] else "a person"),
        ("email", me["email"]),
        ("time zone", me["timezone"]),
        ("quiet hours", quiet_hours(me)),
        ("mail", "a daily digest" if me["digest"] else "every turn"),
        ("held mail", held_mail(me, now)),
        ("vacation", f"{vacation} ({away['days_left']:g} days left this year)"),
    ]
    for label, value in rows:
        show(console, f"{label + ':':13}{value}", hanging=13)


def registered(console: Console, me: dict[str, Any], now: float) -> None:
    """After registering: the quiet hours one has from the start, and whether they hold mail."""
    show(console, f"Your quiet hours: {quiet_hours(me)}.")
    show(console, f"Held mail: {held_mail(me, now)}.")
    show(
        console, "Change them with: turnpost me --timezone ZONE --quiet-hours HH:MM-HH:MM (or none)"
    )


def quiet_hours(me: dict[str, Any]) -> str:
    if me["quiet_hours"] == "none":
        return "none"
    return f"{me['quiet_hours']} in {me['timezone']}, no mail then"


def held_mail(me: dict[str, Any], now: float) -> str:
    """What the server holds for me and when it goes out (see `mail` in GET /me)."""
    mail = me["mail"]
    count = mail["held_count"]
    if count:
        notices = "1 notice" if count == 1 else f"{count} notices"
        return f"{notices} held, going out {release(mail['next_release'], now)}"
    if mail["held_now"]:
        why = "a daily digest" if me["digest"] else "quiet hours now"
        return f"none yet; {why}: mail goes out {release(mail['next_release'], now)}"
    return "none; mail goes out as it comes"


def webhook_state(
    console: Console, hook: dict[str, Any] | None, removed: bool, game: str | None
) -> None:
    """A webhook, and whether its posts get through: on, failing since when, or switched off
    and why; or that there is none (`game`: the game's, else one's own)."""
    if hook is None and game is None:
        show(console, "You have no webhook. Set one with: turnpost webhook KIND URL")
    elif hook is None:
        show(
            console,
            f"Game {game} has no webhook. Set one with: turnpost webhook KIND URL --game {game}",
        )
    elif removed:
        show(console, f"Removed: {hook['kind']} {hook['url']}")
    elif not hook["enabled"]:
        show(console, f"Webhook: {hook['kind']} {hook['url']} (switched off: {hook['disabled']})")
    elif hook["failing_since"]:
        since = stamp(datetime.fromisoformat(hook["failing_since"]))
        show(
            console,
            f"Webhook: {hook['kind']} {hook['url']} (on, but failing since {since}: its posts are "
            "tried again, and it is switched off if they still fail a day after that)",
        )
    else:
        show(console, f"Webhook: {hook['kind']} {hook['url']} (on)")
    if hook and hook["secret"]:
        show(console, f"Signing secret (shown only now): {hook['secret']}")
