"""How and where turnpost tells you about your games: your profile (`me`), `vacation`, a
`webhook` and a `calendar` feed; and whom you hear from: the players you `block`."""

from __future__ import annotations

import time
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.console import Console

from client import config, words
from client.commands.arguments import JsonFlag, LanguageOption, complete_game_id, described
from client.commands.showing import OVER
from client.http import Refused
from client.layout import show
from client.screens.profile import blocked, profile, webhook_state
from client.session import Session, session
from client.words import _


class Away(StrEnum):
    on = "on"
    off = "off"


class Invitations(StrEnum):
    anyone = "anyone"
    played = "played"
    nobody = "nobody"


def show_profile(s: Session, answer: dict[str, Any]) -> None:
    """One's profile, in one's language from now on: kept in the saved config, so every
    command speaks it (this one too)."""
    config.remember_language(s.settings, answer.get("language"))
    words.settle(answer.get("language") or s.settings.language)
    s.out.emit(answer, lambda console: profile(console, answer, time.time()))


Email = Annotated[str | None, typer.Option(help=_("Where notices go."))]
Timezone = Annotated[str | None, typer.Option(help=_("Your IANA time zone, e.g. Europe/Warsaw."))]
QuietHours = Annotated[
    str | None,
    typer.Option(
        help=_(
            "Local hours without mail, which do not count against move clocks: "
            "HH:MM-HH:MM, or 'none'."
        )
    ),
]
Digest = Annotated[
    bool | None,
    typer.Option(
        "--digest/--every-turn",
        help=_("One daily digest when your quiet hours end, or an email every turn."),
        show_default=False,
    ),
]
BotAccount = Annotated[
    bool | None,
    typer.Option(
        "--bot-account/--person",
        help=_(
            "A program plays this account (`turnpost bot`): your name is marked (bot) "
            "in the games you take a seat in from now on, on the boards and in the lobby."
        ),
        show_default=False,
    ),
]
InvitationsFrom = Annotated[
    Invitations | None,
    typer.Option(
        metavar="anyone|played|nobody",
        help=_(
            "Whom you take invitations and rematches from: anyone, the players you have "
            "played a game with, or nobody. Never from a player you block."
        ),
        show_default=False,
    ),
]


@described(
    _(
        "Show your profile, or change how, when and in which language turnpost speaks to "
        "you, whom you take invitations from, or say that a program plays your account.\n\n"
        "Example: turnpost me --timezone Europe/Warsaw --quiet-hours 22:30-07:00 --digest "
        "--language pl"
    )
)
def me(
    email: Email = None,
    timezone: Timezone = None,
    quiet_hours: QuietHours = None,
    digest: Digest = None,
    bot_account: BotAccount = None,
    invitations: InvitationsFrom = None,
    language: LanguageOption = None,
    as_json: JsonFlag = False,
) -> None:
    changes: dict[str, Any] = {
        name: value
        for name, value in {
            "email": email,
            "timezone": timezone,
            "quiet_hours": quiet_hours,
            "digest": digest,
            "bot_account": bot_account,
            "language": language.value if language else None,
            "invitations": invitations.value if invitations else None,
        }.items()
        if value is not None
    }
    with session(as_json) as s:
        show_profile(s, s.api.me(changes))


@described(
    _(
        "Go on vacation (your move clocks stop, up to a yearly allowance) or come "
        "back.\n\nExample: turnpost vacation on"
    )
)
def vacation(
    away: Annotated[Away, typer.Argument(metavar="on|off", help=_("Going away, or back."))],
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        show_profile(s, s.api.vacation(away == Away.on))


class HookKind(StrEnum):
    discord = "discord"
    slack = "slack"
    matrix = "matrix"
    standard = "standard"


@described(
    _(
        "Show, set or remove the webhook your notices are posted to (or, with --game, a "
        "game's).\n\nA webhook carries only what anyone may see of a game (whose turn it "
        "is, the moves, a link), never your hand. A standard one signs each post (Standard "
        "Webhooks); its secret is shown only when it is set.\n\nExample: turnpost webhook "
        "discord https://discord.com/api/webhooks/123/abc"
    )
)
def webhook(
    kind: Annotated[
        HookKind | None,
        typer.Argument(metavar="KIND", help=_("discord, slack, matrix or standard.")),
    ] = None,
    url: Annotated[
        str | None, typer.Argument(metavar="URL", help=_("The webhook's https:// address."))
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            help=_("A game you created: its webhook, for a channel its players share."),
            autocompletion=complete_game_id,
        ),
    ] = None,
    off: Annotated[bool, typer.Option("--off", help=_("No more posts to it."))] = False,
    as_json: JsonFlag = False,
) -> None:
    if (kind is None) != (url is None):
        raise typer.BadParameter(_("give both KIND and URL, or neither"), param_hint="KIND URL")
    with session(as_json) as s:
        game_id = s.game_id(game) if game else None
        change = {"kind": kind.value, "url": url} if kind and url else None
        try:
            answer = s.api.webhook(game_id, change, off)
        except Refused as refused:
            if refused.code != "not_found":
                raise
            answer = None  # none to show or remove: said so, not an error

        s.out.emit(answer, lambda console: webhook_state(console, answer, off, game_id))


@described(
    _(
        "Make a private calendar feed of your games waiting on you, each ending at your "
        "move's deadline: subscribe to its address in Google Calendar, Apple Calendar or "
        "Thunderbird.\n\nThe address holds a secret and is shown only now; running this "
        "again makes a new one, and the one before stops working.\n\nExample: turnpost "
        "calendar"
    )
)
def calendar(
    off: Annotated[
        bool, typer.Option("--off", help=_("No feed any more: its address stops working."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        answer = s.api.calendar(not off)
        if answer["path"]:
            answer = {**answer, "url": s.api.url.rstrip("/") + answer["path"]}
        clocked = answer["url"] and any(
            game["clock"] for game in s.api.games()["games"] if game["status"] not in OVER
        )

        def say(console: Console) -> None:
            if not answer["url"]:
                show(console, _("No calendar feed; its address stops working."))
                return
            show(console, _("Subscribe to this address (keep it private):"))
            show(console, answer["url"])
            if not clocked:
                show(
                    console,
                    _(
                        "Its feed is empty for now: it lists the games waiting on you that have "
                        "a move clock, and none of yours has one. A game gets one when it is "
                        "made, e.g. turnpost new lost-cities --option move_time=3d"
                    ),
                )

        s.out.emit(answer, say)


PlayerName = Annotated[str, typer.Argument(metavar="NAME", help=_("The player's name."))]


@described(
    _(
        "Block a player: their invitations and rematches are refused, as from a player you "
        "take no invitations from, and you no longer read what they say at a table you "
        "share. They are not told.\n\nExample: turnpost block bo"
    )
)
def block(name: PlayerName, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        answer = s.api.block(name, True)
        s.out.emit(answer, lambda console: blocked(console, answer, blocking=name))


@described(_("Stop blocking a player.\n\nExample: turnpost unblock bo"))
def unblock(name: PlayerName, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        answer = s.api.block(name, False)
        s.out.emit(answer, lambda console: blocked(console, answer, unblocking=name))


@described(_("The players you block.\n\nExample: turnpost blocks"))
def blocks(as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        answer = s.api.blocks()
        s.out.emit(answer, lambda console: blocked(console, answer))
