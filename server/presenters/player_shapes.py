"""The API's answers about players, declared once as the games' are (`server.presenters.shapes`):
one's profile, with its vacation and the mail held; tokens, the calendar feed, webhooks, blocks,
an account deleted; and a player's record, standings and the leaderboard.
"""

# No `from __future__ import annotations`: the TypedDicts are read at run time (see
# `server.presenters.shapes`).

from typing import Annotated, Any, TypedDict

from server.domain.players.player import DEFAULT_QUIET_HOURS, INVITATIONS
from server.domain.players.webhook import KINDS
from server.presenters.shapes import BotAccount, GameTypeId, NextPage
from shared.shapes import about
from shared.words import LANGUAGES

QUIET_HOURS_DOC = {
    "description": "mail is held in these local hours and their time does not count against "
    f"move clocks: HH:MM-HH:MM (default {DEFAULT_QUIET_HOURS}) or 'none'",
    "example": DEFAULT_QUIET_HOURS,
}
DIGEST_DOC = {"description": "true: one daily digest (when quiet hours end); false: every turn"}
LANGUAGE_DOC = {
    "description": "the language of your mail, pages and refusal messages",
    "enum": list(LANGUAGES),
}
INVITATIONS_DOC = {
    "description": "whom you take invitations (and rematches) from: anyone, the players you "
    "have played a game with (`played`), or nobody; never from a player you block",
    "enum": list(INVITATIONS),
}


class Vacation(TypedDict):
    on: bool
    since: int | None
    until: Annotated[int | None, about("when this year's allowance runs out")]
    days_left: Annotated[float, about("of this year's allowance")]


class HeldMail(TypedDict):
    held_now: Annotated[bool, about("a notice made now would be held: quiet hours now, or digest")]
    held_count: Annotated[int, about("notices waiting to be sent to you")]
    next_release: Annotated[
        str | None,
        about(
            "ISO 8601 with your time zone's offset: when the first waiting notice goes out (a "
            "time past: at the worker's next tick); with none waiting, when a notice made now "
            "would; null: mail goes out as it comes"
        ),
    ]


class Profile(TypedDict):
    id: str
    name: str
    email: str
    timezone: str
    created: int
    quiet_hours: Annotated[str, about(**QUIET_HOURS_DOC)]
    digest: Annotated[bool, about(**DIGEST_DOC)]
    language: Annotated[str, about(**LANGUAGE_DOC)]
    bot_account: BotAccount
    invitations: Annotated[str, about(**INVITATIONS_DOC)]
    vacation: Vacation
    mail: HeldMail


class Token(TypedDict):
    token: Annotated[str, about("bearer token; shown only this once")]


class Calendar(TypedDict):
    on: Annotated[bool, about("you have a calendar feed")]
    path: Annotated[
        str | None,
        about("the feed's path on this server, with its secret; shown only when it is made"),
    ]
    url: Annotated[str | None, about("the same, as this request reached the server")]


class Webhook(TypedDict):
    kind: Annotated[str, about(enum=list(KINDS))]
    url: str
    enabled: bool
    disabled: Annotated[str | None, about("why it was switched off, if it was")]
    failing_since: Annotated[
        str | None, about("its first failure since the last post that worked (ISO 8601)")
    ]
    secret: Annotated[
        str | None, about("a standard webhook's signing secret (whsec_…), shown only when set")
    ]


class LeftGames(TypedDict):
    cancelled: Annotated[list[str], about("not started, made by you: called off")]
    freed: Annotated[
        list[str], about("not started, made by another: your seat or invitation is free again")
    ]
    resigned: Annotated[list[str], about("running: resigned")]
    bot: Annotated[list[str], about("running: a bot plays your seat from now on")]
    kept: Annotated[list[str], about("over: your seat stays, under a neutral name")]


class Deleted(TypedDict):
    deleted: Annotated[str, about("the name of the player deleted")]
    games: LeftGames


class Blocks(TypedDict):
    blocked: Annotated[
        list[str], about("the names of the players you block, in alphabetical order")
    ]


class Registered(TypedDict):
    player: Profile
    token: Annotated[str, about("bearer token; shown only this once")]


class Rating(TypedDict):
    mu: Annotated[float, about("the rating's mean (openskill, Plackett-Luce)")]
    sigma: Annotated[float, about("its uncertainty")]
    ordinal: Annotated[float, about("mu - 3 sigma: what the board ranks by")]
    rated_games: int


class Standing(TypedDict):
    played: int
    won: int
    lost: int
    resigned: int
    timed_out: int
    rating: Annotated[Rating | None, about("null before a rated game")]


class Ranked(Standing):
    rank: int
    name: str
    bot_account: BotAccount


class Leaderboard(TypedDict):
    type: GameTypeId
    players: list[Ranked]


class Played(TypedDict):
    id: str
    type: GameTypeId
    finished: int
    opponents: list[str | None]
    bot_accounts: Annotated[
        list[str | None],
        about(description="those of the opponents whose accounts a program plays"),
    ]
    scores: dict[str, Any]
    won: bool


class PlayerRecord(TypedDict):
    name: str
    bot_account: BotAccount
    records: dict[str, Standing]
    games: Annotated[list[Played], about("a page of their finished games, newest first")]
    next: NextPage
