"""Getting to a table: starting a game (`new`, `rematch`), taking or turning down a seat
(`join`, `decline`), calling one off (`cancel`), finding games (`games`, `lobby`) and watching
one (`watch`)."""

from __future__ import annotations

import json
import time
from enum import StrEnum
from typing import Annotated, Any

import typer

from client import kept
from client.commands.arguments import GameId, GameType, JsonFlag, PublicGameId, described
from client.commands.showing import OVER, show_game
from client.http import Refused
from client.layout import show
from client.screens.game_list import game_list
from client.screens.lobby import public_games
from client.session import Session, session
from client.words import _, words
from shared.fairness import fixed_by_creator_text

MostGames = Annotated[
    int | None,
    typer.Option(
        "--limit",
        min=1,
        help=_("At most this many games, the first in the server's order (default: all)."),
    ),
]


class Listing(StrEnum):
    waiting = "waiting"
    active = "active"
    open = "open"
    finished = "finished"


def option_value(text: str) -> tuple[str, Any]:
    """`k=v`; v is JSON when it parses (3, true, a list), else the text itself."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise typer.BadParameter(_("%(text)r is not NAME=VALUE", text=text), param_hint="--option")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def warn_if_fixed(s: Session, game: dict[str, Any]) -> None:
    """Tell a joiner that the creator set what is normally left to chance."""
    if game.get("fixed_by_creator"):
        s.out.note(
            _(
                "Warning: %(warning)s",
                warning=fixed_by_creator_text(game["fixed_by_creator"], words()),
            )
        )


@described(
    _(
        "Start a new game; you take the first seat and the others join it, or bots take "
        "them.\n\nExample: turnpost new lost-cities --invite bo --option "
        "rounds=1\n\nAgainst a bot (the game starts at once): turnpost new lost-cities "
        "--bot search"
    )
)
def new(
    game_type: GameType,
    seats: Annotated[
        int | None,
        typer.Option(
            help=_("Number of players; default: you and the invited, or the fewest the game takes.")
        ),
    ] = None,
    invite: Annotated[
        list[str] | None,
        typer.Option(
            help=_("Reserve a seat for this player (repeatable, or several: --invite ola,dieter).")
        ),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="LEVEL",
            help=_("A seat for a bot: random, quick or search (repeatable; unrated game)."),
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help=_("A game option NAME=VALUE (repeatable); VALUE is JSON or text.")),
    ] = None,
    public: Annotated[
        bool,
        typer.Option("--public", help=_("List it in the lobby: anyone may join it, or watch it.")),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    options = dict(option_value(text) for text in option or [])
    invited = [name.strip() for names in invite or [] for name in names.split(",") if name.strip()]
    with session(as_json) as s:
        contribution = kept.new_contribution()
        answer = s.api.create_game(
            game_type, seats, options, invited, contribution, bot or [], public
        )
        kept.keep_contribution(answer["game"]["id"], contribution)
        show_game(s, answer)


@described(
    _(
        "Take your reserved seat in a game, or a free one; the last seat starts the "
        "game.\n\nYour seat comes with a random contribution to the game's seed, made and "
        "kept here, so that `turnpost verify` can show the server did not choose the deal. "
        "If the creator set what is normally left to chance (a deck), you are "
        "warned.\n\nExample: turnpost join k3J9xQ"
    )
)
def join(game: PublicGameId, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        try:  # an invitee sees the game before taking the seat
            seen: dict[str, Any] | None = s.on_game(game, s.api.game, lobby=True)
        except Refused as refused:
            if refused.code != "forbidden":
                raise
            seen = None  # a free seat in a game one is not invited to: nothing to see first
        if seen is not None:
            warn_if_fixed(s, seen["game"])
        game_id = seen["game"]["id"] if seen is not None else game
        answer = s.api.join(game_id, kept.contribution(game_id))
        if seen is None:
            warn_if_fixed(s, answer["game"])
        show_game(s, answer)


@described(
    _(
        "Turn down an invitation to a game that has not started; your seat is free "
        "again.\n\nExample: turnpost decline k3J9xQ"
    )
)
def decline(game: GameId, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        game_id = s.game_id(game)
        answer = s.api.decline(game_id)
        s.out.emit(answer, lambda console: show(console, _("Declined game %(id)s.", id=game_id)))


@described(
    _(
        "Call off a game you created, before it starts; its players are told.\n\nExample: "
        "turnpost cancel k3J9xQ"
    )
)
def cancel(game: GameId, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        game_id = s.game_id(game)
        show_game(s, s.api.cancel(game_id))


@described(
    _(
        "Play a finished game again, with the same players and options, each a seat further "
        "round.\n\nThe first to ask makes the new game and the others are invited; asking "
        "after that takes your seat in it (as `turnpost join NEW-GAME` would).\n\nExample: "
        "turnpost rematch k3J9xQ"
    )
)
def rematch(game: GameId, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        game_id = s.game_id(game)
        contribution = kept.new_contribution()
        answer = s.api.rematch(game_id, contribution)
        new_id = answer["game"]["id"]
        if not kept.load(new_id).contribution:  # a seat taken now, not one taken before
            kept.keep_contribution(new_id, contribution)
        show_game(s, answer)


@described(
    _(
        "List your games: those waiting on you first, with whose turn it is and for how "
        "long.\n\nExample: turnpost games --mine waiting"
    )
)
def games(
    mine: Annotated[Listing | None, typer.Option(help=_("Only these games."))] = None,
    limit: MostGames = None,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        kind = mine.value if mine else None
        answer = s.api.games(kind, limit)
        s.out.emit(answer, lambda console: game_list(console, answer["games"], time.time(), kind))


@described(
    _(
        "List the public games with a seat free: type, seats, options, move clock, and the "
        "time zone of each player at the table. Take a seat with `turnpost join "
        "GAME`.\n\nExample: turnpost lobby"
    )
)
def lobby(limit: MostGames = None, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        answer = s.api.lobby(limit)
        s.out.emit(answer, lambda console: public_games(console, answer["games"], time.time()))


@described(
    _(
        "Watch a public game as a spectator: the board as the rules show it to no seat in "
        "particular (no hand, no hidden choice, no money).\n\nExample: turnpost watch "
        "k3J9xQ --follow"
    )
)
def watch(
    game: PublicGameId,
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help=_("Keep watching until the game is over."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game, lobby=True)
        show_game(s, answer)
        while follow and answer["game"]["status"] not in OVER:
            answer = s.api.wait(answer["game"]["id"], answer, 60)
            if answer["changed"]:
                show_game(s, answer)
