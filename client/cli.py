"""The `turnpost` command line: one function per verb a player expects.

Each command is the same three steps — open a session, make the API calls, emit the answer as
JSON or as text — so what differs between them is only what they ask and how they draw it.
"""

from __future__ import annotations

import io
import json
import math
import sys
import time
import uuid
import webbrowser
import zipfile
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperCommand

from client import config, kept, render
from client.http import Api, Refused, Unreachable
from client.output import ExitCode, Failure
from client.rules import engine_for, known_types
from client.session import Session, session
from client.verify import Witness
from client.verify import verify as verify_game
from shared.fairness import fixed_by_creator_text

app = typer.Typer(
    name="turnpost",
    help=(
        "Play board games slowly, by post: the turnpost command line.\n\n"
        "Start with: turnpost register NAME EMAIL\n\n"
        "Exit codes: 0 ok · 1 refused by the server (e.g. an illegal move) or a failed check · "
        "2 usage · 3 cannot reach the server · 4 `wait` on a finished or cancelled game · "
        "5 `wait --timeout` ran out."
    ),
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)


class Usage(TyperCommand):
    """Usage lines as people write them, `turnpost play [OPTIONS] GAME MOVE`, not Typer's
    `{GAME} {MOVE}`."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        # Any: Typer 0.29 and later bring a click of their own, whose Context is not click's
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]


def complete_game_id(incomplete: str) -> list[str]:
    """Shell completion: the ids of my games. Completion must never print errors, so any
    failure (no token, no server) just offers nothing."""
    try:
        settings = config.current()
        games = Api(settings.url, settings.token).games()["games"]
    except (Refused, Unreachable, config.ConfigError):
        return []
    return [game["id"] for game in games if game["id"].startswith(incomplete)]


def game_given(value: str) -> str:
    """An empty GAME would start every id: a mistake (an unset shell variable), not a choice."""
    if not value.strip():
        raise typer.BadParameter("give a game id, or the start of one, not an empty string")
    return value


def complete_game_type(incomplete: str) -> list[str]:
    return [type_id for type_id in known_types() if type_id.startswith(incomplete)]


GameType = Annotated[
    str,
    typer.Argument(
        metavar="TYPE",
        help="A game type (see `turnpost types`).",
        autocompletion=complete_game_type,
    ),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print the answer as JSON, for scripts.")]
GameId = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help="A game id, or the start of one of your games' ids.",
        callback=game_given,
        autocompletion=complete_game_id,
        show_default=False,
    ),
]


OVER = ("finished", "cancelled")
"""The statuses of a game that will not change any more: nothing to wait for."""


class Listing(StrEnum):
    waiting = "waiting"
    active = "active"
    open = "open"
    finished = "finished"


def option_value(text: str) -> tuple[str, Any]:
    """`k=v`; v is JSON when it parses (3, true, a list), else the text itself."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise typer.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def show_game(s: Session, answer: dict[str, Any], everything: bool = False) -> None:
    """The ending of every command that leaves you looking at a game: the others' part in
    brief unless `everything` is asked for."""
    keep_head(s, answer)
    s.out.emit(answer, lambda console: render.game_screen(console, answer, everything))


TALK_SHOWN = 3
"""How many of the latest messages at the table `show` prints under the game."""


def keep_head(s: Session, answer: dict[str, Any]) -> None:
    """Keep the head of the game's log this answer shows, for `verify` (see `client.kept`), and
    say at once if another was shown for the same version before."""
    game = answer["game"]
    if game.get("head") is None:
        return  # a game from before the log was chained
    before = kept.keep_head(game["id"], answer["version"], game["head"])
    if before is not None:
        s.out.note(
            f"Warning: at version {answer['version']} this game's log had the head {before} "
            f"when you last looked, and now has {game['head']}: its history has changed."
        )


def warn_if_fixed(s: Session, game: dict[str, Any]) -> None:
    """Tell a joiner that the creator set what is normally left to chance."""
    if game.get("fixed_by_creator"):
        s.out.note("Warning: " + fixed_by_creator_text(game["fixed_by_creator"]))


# -- settings ---------------------------------------------------------------------------------


@app.command(cls=Usage)
def register(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="Your player name: 2-32 letters, digits, . _ -")
    ],
    email: Annotated[str, typer.Argument(metavar="EMAIL", help="Where your-turn notices go.")],
    timezone: Annotated[
        str, typer.Option(help="Your IANA time zone: your quiet hours (22:00-08:00) are in it.")
    ] = "UTC",
    url: Annotated[str | None, typer.Option(help="The server; default: the saved one.")] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the token saved here (it is then lost).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Register a player and save the server URL and your token (file mode 0600).

    The token is shown only once by the server; it is kept in your config directory (or
    TURNPOST_CONFIG_DIR).

    Example: turnpost register ada ada@example.org --timezone Europe/Warsaw
    """
    with session(as_json, needs_token=False) as s:
        saved = config.load_saved()
        if saved.token and not force:
            raise Failure(
                ExitCode.USAGE,
                "already_registered",
                f"a token is saved already (for {saved.name or 'someone'}); "
                "use --force to replace it, or another TURNPOST_CONFIG_DIR",
            )
        api = Api(url) if url else s.api
        answer = api.register(name, email, timezone)
        path = config.save(config.Saved(api.url, answer["token"], answer["player"]["name"]))

        def say(console: Console) -> None:
            console.print(
                f"Registered {answer['player']['name']} at {api.url}; token saved in {path}.",
                markup=False,
            )
            render.registered(console, answer["player"], time.time())

        s.out.emit({**answer, "config": str(path)}, say)


class Away(StrEnum):
    on = "on"
    off = "off"


def show_profile(s: Session, answer: dict[str, Any]) -> None:
    s.out.emit(answer, lambda console: render.profile(console, answer, time.time()))


@app.command(cls=Usage)
def me(
    email: Annotated[str | None, typer.Option(help="Where notices go.")] = None,
    timezone: Annotated[
        str | None, typer.Option(help="Your IANA time zone, e.g. Europe/Warsaw.")
    ] = None,
    quiet_hours: Annotated[
        str | None,
        typer.Option(
            help="Local hours without mail, which do not count against move clocks: "
            "HH:MM-HH:MM, or 'none'."
        ),
    ] = None,
    digest: Annotated[
        bool | None,
        typer.Option(
            "--digest/--every-turn",
            help="One daily digest when your quiet hours end, or an email every turn.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show your profile, or change how and when turnpost mails you.

    Example: turnpost me --timezone Europe/Warsaw --quiet-hours 22:30-07:00 --digest
    """
    changes: dict[str, Any] = {
        name: value
        for name, value in {
            "email": email,
            "timezone": timezone,
            "quiet_hours": quiet_hours,
            "digest": digest,
        }.items()
        if value is not None
    }
    with session(as_json) as s:
        show_profile(s, s.api.me(changes))


@app.command(cls=Usage)
def vacation(
    away: Annotated[Away, typer.Argument(metavar="on|off", help="Going away, or back.")],
    as_json: JsonFlag = False,
) -> None:
    """Go on vacation (your move clocks stop, up to a yearly allowance) or come back.

    Example: turnpost vacation on
    """
    with session(as_json) as s:
        show_profile(s, s.api.vacation(away == Away.on))


class HookKind(StrEnum):
    discord = "discord"
    slack = "slack"
    matrix = "matrix"
    standard = "standard"


@app.command(cls=Usage)
def webhook(
    kind: Annotated[
        HookKind | None, typer.Argument(metavar="KIND", help="discord, slack, matrix or standard.")
    ] = None,
    url: Annotated[
        str | None, typer.Argument(metavar="URL", help="The webhook's https:// address.")
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            help="A game you created: its webhook, for a channel its players share.",
            autocompletion=complete_game_id,
        ),
    ] = None,
    off: Annotated[bool, typer.Option("--off", help="No more posts to it.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Show, set or remove the webhook your notices are posted to (or, with --game, a game's).

    A webhook carries only what anyone may see of a game (whose turn it is, the moves, a
    link), never your hand. A standard one signs each post (Standard Webhooks); its secret is
    shown only when it is set.

    Example: turnpost webhook discord https://discord.com/api/webhooks/123/abc
    """
    if (kind is None) != (url is None):
        raise typer.BadParameter("give both KIND and URL, or neither", param_hint="KIND URL")
    with session(as_json) as s:
        game_id = s.on_game(game, s.api.game)["game"]["id"] if game else None
        change = {"kind": kind.value, "url": url} if kind and url else None
        answer = s.api.webhook(game_id, change, off)

        def say(console: Console) -> None:
            state = "on" if answer["enabled"] else f"switched off: {answer['disabled']}"
            verb = "Removed" if off else "Webhook"
            console.print(f"{verb}: {answer['kind']} {answer['url']} ({state})", markup=False)
            if answer["secret"]:
                console.print(f"Signing secret (shown only now): {answer['secret']}", markup=False)

        s.out.emit(answer, say)


@app.command(cls=Usage)
def calendar(
    off: Annotated[
        bool, typer.Option("--off", help="No feed any more: its address stops working.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Make a private calendar feed of your games waiting on you, each ending at your move's
    deadline: subscribe to its address in Google Calendar, Apple Calendar or Thunderbird.

    The address holds a secret and is shown only now; running this again makes a new one,
    and the one before stops working.

    Example: turnpost calendar
    """
    with session(as_json) as s:
        answer = s.api.calendar(not off)
        if answer["path"]:
            answer = {**answer, "url": s.api.url.rstrip("/") + answer["path"]}

        def say(console: Console) -> None:
            if answer["url"]:
                console.print("Subscribe to this address (keep it private):", markup=False)
                console.print(answer["url"], markup=False, highlight=False, soft_wrap=True)
            else:
                console.print("No calendar feed; its address stops working.", markup=False)

        s.out.emit(answer, say)


@app.command(name="export", cls=Usage)
def export_data(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="Where to save the zip.", show_default=False)
    ],
    as_json: JsonFlag = False,
) -> None:
    """Download everything turnpost keeps about you, as one zip of JSON files: your profile,
    each of your games as you may see it (your view, its log, its talk), what you wrote at
    the tables, and your records and ratings.

    Example: turnpost export my-turnpost.zip
    """
    with session(as_json) as s:
        body = s.api.export()
        file.write_bytes(body)
        with zipfile.ZipFile(io.BytesIO(body)) as packed:
            files = packed.namelist()
        s.out.emit(
            {"file": str(file), "bytes": len(body), "files": files},
            lambda console: console.print(
                f"Saved {len(files)} files ({len(body)} bytes, zipped) to {file}.", markup=False
            ),
        )


class ActiveGames(StrEnum):
    resign = "resign"
    bot = "bot"


@app.command(cls=Usage)
def delete_account(
    active_games: Annotated[
        ActiveGames,
        typer.Option(
            "--active-games",
            help="Your games still running: resign them, or a bot plays your seat to the end.",
            show_default=False,
        ),
    ],
    bot: Annotated[
        str | None, typer.Option(help="With --active-games bot: its level (default quick).")
    ] = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Delete without being asked (for scripts).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Delete your account, for good: your profile, address, tokens, webhooks, calendar feed,
    ratings and the words you wrote at the tables go. Games not started are called off (yours)
    or left; your seats in games that started stay under a neutral name, so the other
    players' games still replay and verify. Your name is free for anyone at once.

    At a terminal you are asked to type your name first; elsewhere, and with --json, nothing
    asks, so --yes is needed (without it nothing happens and the exit code is 2). Save your
    data first with `turnpost export`.

    Example: turnpost delete-account --active-games resign
    """
    with session(as_json) as s:
        asking = not yes and not as_json and sys.stdin.isatty()
        if not yes and not asking:
            raise Failure(
                ExitCode.USAGE,
                "confirmation_needed",
                "deleting your account cannot be undone: add --yes to delete it without "
                "being asked",
            )
        name = s.api.me()["name"]
        if asking:
            typed = typer.prompt(
                f"This deletes the account {name} for good. Type its name to go on", err=True
            )
            if typed.strip().casefold() != name.casefold():
                s.out.note("Not deleted: that is not the account's name.")
                return
        answer = s.api.delete_account(name, active_games.value, bot)
        if not s.settings.token_from_env:  # the saved token is no one's any more
            config.save(config.Saved(config.load_saved().url))

        def say(console: Console) -> None:
            console.print(f"The account {answer['deleted']} is deleted.", markup=False)
            for outcome, told in DELETED_GAMES.items():
                if answer["games"][outcome]:
                    console.print(f"{told}: {', '.join(answer['games'][outcome])}", markup=False)

        s.out.emit(answer, say)


DELETED_GAMES = {
    "cancelled": "Called off",
    "freed": "Left before they started",
    "resigned": "Resigned",
    "bot": "Played on by a bot",
    "kept": "Kept under a neutral name",
}


@app.command(name="config", cls=Usage)
def show_config(
    url: Annotated[str | None, typer.Option(help="Save this server URL.")] = None,
    token: Annotated[str | None, typer.Option(help="Save this token.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show the settings in use, or change the saved server URL or token.

    TURNPOST_URL and TURNPOST_TOKEN override the saved values.

    Example: turnpost config --url https://turnpost.example.org
    """
    if url is not None and not url.startswith(("http://", "https://")):
        raise typer.BadParameter("the URL starts with http:// or https://", param_hint="--url")
    with session(as_json, needs_token=False) as s:
        if url is not None or token is not None:
            saved = config.load_saved()
            config.save(config.Saved(url or saved.url, token or saved.token, saved.name))
        settings = config.current()
        shown = {
            "url": settings.url,
            "token": masked(settings.token),
            "name": settings.name,
            "config_file": str(config.config_path()),
            "url_from_env": settings.url_from_env,
            "token_from_env": settings.token_from_env,
        }

        def draw(console: Console) -> None:
            for key, value in shown.items():
                console.print(f"{key}: {value}", markup=False)

        s.out.emit(shown, draw)


def masked(token: str | None) -> str | None:
    """Enough of a token to tell two apart, not enough to use it."""
    return None if token is None else token[:4] + "…"


# -- games ------------------------------------------------------------------------------------


@app.command(cls=Usage)
def types(as_json: JsonFlag = False) -> None:
    """List the game types the server offers, with their options and defaults.

    Example: turnpost types
    """
    with session(as_json, needs_token=False) as s:
        described = s.api.game_types()
        s.out.emit(described, lambda console: render.game_types(console, described))


@app.command(cls=Usage)
def rules(
    game_type: GameType,
    as_json: JsonFlag = False,
) -> None:
    """Print a game's rules in one screen, and how to write its moves, with examples.

    The rules come with this command line (the server is asked only about a game type newer
    than it); the rulebook stays the source.

    Example: turnpost rules lost-cities
    """
    with session(as_json, needs_token=False) as s:
        engine = engine_for(game_type)
        described = engine.describe_rules() if engine else s.api.game_rules(game_type)
        s.out.emit(described, lambda console: render.game_rules(console, described))


@app.command(cls=Usage)
def new(
    game_type: GameType,
    seats: Annotated[
        int | None,
        typer.Option(
            help="Number of players; default: you and the invited, or the fewest the game takes."
        ),
    ] = None,
    invite: Annotated[
        list[str] | None, typer.Option(help="Reserve a seat for this player (repeatable).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="LEVEL",
            help="A seat for a bot: random, quick or search (repeatable; unrated game).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help="A game option NAME=VALUE (repeatable); VALUE is JSON or text."),
    ] = None,
    public: Annotated[
        bool,
        typer.Option("--public", help="List it in the lobby: anyone may join it, or watch it."),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Start a new game; you take the first seat and the others join it, or bots take them.

    Example: turnpost new lost-cities --invite bo --option rounds=1

    Against a bot (the game starts at once): turnpost new lost-cities --bot search
    """
    options = dict(option_value(text) for text in option or [])
    with session(as_json) as s:
        contribution = kept.new_contribution()
        answer = s.api.create_game(
            game_type, seats, options, invite or [], contribution, bot or [], public
        )
        kept.keep_contribution(answer["game"]["id"], contribution)
        show_game(s, answer)


@app.command(cls=Usage)
def join(game: GameId, as_json: JsonFlag = False) -> None:
    """Take your reserved seat in a game, or a free one; the last seat starts the game.

    Your seat comes with a random contribution to the game's seed, made and kept here, so that
    `turnpost verify` can show the server did not choose the deal. If the creator set what is
    normally left to chance (a deck), you are warned.

    Example: turnpost join k3J9xQ
    """
    with session(as_json) as s:
        try:  # an invitee sees the game before taking the seat
            seen: dict[str, Any] | None = s.on_game(game, s.api.game)
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


@app.command(cls=Usage)
def decline(game: GameId, as_json: JsonFlag = False) -> None:
    """Turn down an invitation to a game that has not started; your seat is free again.

    Example: turnpost decline k3J9xQ
    """
    with session(as_json) as s:
        game_id = s.on_game(game, s.api.game)["game"]["id"]
        answer = s.api.decline(game_id)
        s.out.emit(answer, lambda console: console.print(f"Declined game {game_id}.", markup=False))


@app.command(cls=Usage)
def cancel(game: GameId, as_json: JsonFlag = False) -> None:
    """Call off a game you created, before it starts; its players are told.

    Example: turnpost cancel k3J9xQ
    """
    with session(as_json) as s:
        game_id = s.on_game(game, s.api.game)["game"]["id"]
        show_game(s, s.api.cancel(game_id))


@app.command(cls=Usage)
def rematch(game: GameId, as_json: JsonFlag = False) -> None:
    """Play a finished game again, with the same players and options, each a seat further round.

    The first to ask makes the new game and the others are invited; asking after that takes
    your seat in it (as `turnpost join NEW-GAME` would).

    Example: turnpost rematch k3J9xQ
    """
    with session(as_json) as s:
        game_id = s.on_game(game, s.api.game)["game"]["id"]
        contribution = kept.new_contribution()
        answer = s.api.rematch(game_id, contribution)
        new_id = answer["game"]["id"]
        if not kept.load(new_id).contribution:  # a seat taken now, not one taken before
            kept.keep_contribution(new_id, contribution)
        show_game(s, answer)


@app.command(cls=Usage)
def games(
    mine: Annotated[Listing | None, typer.Option(help="Only these games.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """List your games: those waiting on you first, with whose turn it is and for how long.

    Example: turnpost games --mine waiting
    """
    with session(as_json) as s:
        kind = mine.value if mine else None
        answer = s.api.games(kind)
        s.out.emit(
            answer, lambda console: render.game_list(console, answer["games"], time.time(), kind)
        )


@app.command(cls=Usage)
def lobby(as_json: JsonFlag = False) -> None:
    """List the public games with a seat free: type, seats, options, move clock, and the time
    zone of each player at the table. Take a seat with `turnpost join GAME`.

    Example: turnpost lobby
    """
    with session(as_json) as s:
        answer = s.api.lobby()
        s.out.emit(answer, lambda console: render.lobby(console, answer["games"], time.time()))


@app.command(cls=Usage)
def watch(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A public game's id.")],
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help="Keep watching until the game is over.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Watch a public game as a spectator: the board as the rules show it to no seat in
    particular (no hand, no hidden choice, no money).

    Example: turnpost watch k3J9xQ --follow
    """
    with session(as_json) as s:
        answer = s.api.game(game)
        show_game(s, answer)
        while follow and answer["game"]["status"] not in OVER:
            answer = s.api.wait(answer["game"]["id"], answer, 60)
            if answer["changed"]:
                show_game(s, answer)


@app.command(cls=Usage)
def history(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="A player; default: you.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show a player's record in each game type (played, won, lost, resigned, timed out, and
    the rating with its uncertainty) and their finished games, with opponents and scores.

    Example: turnpost history bo
    """
    with session(as_json) as s:
        who = name or s.settings.name or s.api.me()["name"]
        answer = s.api.player(who)
        s.out.emit(answer, lambda console: render.history(console, answer))


@app.command(cls=Usage)
def ratings(
    game_type: GameType,
    as_json: JsonFlag = False,
) -> None:
    """Show the leaderboard of a game type: rated players, best first.

    A rating is a mean and its uncertainty (mu ± sigma); the board ranks by mu - 3 sigma, so a
    player is ranked high only once the games played have made the rating sure.

    Example: turnpost ratings lost-cities
    """
    with session(as_json) as s:
        answer = s.api.leaderboard(game_type)
        s.out.emit(answer, lambda console: render.leaderboard(console, answer))


@app.command(cls=Usage)
def show(
    game: GameId,
    everything: Annotated[
        bool,
        typer.Option(
            "--all", help="Draw the other players' sheets in full too, not on a line each."
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Show a game as you see it: your hidden hand, the board, scores and whose turn it is,
    and the latest messages at the table.

    It fits a terminal of 120 x 40 at any player count: your own sheet or hand in full, the
    others' in brief (--all: in full), a key to the symbols at the end.

    Example: turnpost show k3J9xQ --all
    """
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        keep_head(s, answer)
        said = s.api.messages(answer["game"]["id"], TALK_SHOWN)["messages"]

        def draw(console: Console) -> None:
            render.game_screen(console, answer, everything)
            if said:
                console.print()
                for message in said:
                    render.talk_line(console, message)

        s.out.emit(answer, draw)


@app.command(cls=Usage)
def say(
    game: GameId,
    text: Annotated[
        str, typer.Argument(metavar="TEXT", help="Plain text, at most 500 characters.")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Say something to the other players of a game; it never changes the game's version.

    They read it in `turnpost log` and `show`, and in their next email about the game.

    Example: turnpost say k3J9xQ "good luck!"
    """
    with session(as_json) as s:
        game_id = s.on_game(game, s.api.game)["game"]["id"]
        answer = s.api.say(game_id, text, str(uuid.uuid4()))
        s.out.emit(answer, lambda console: render.talk_line(console, answer["message"]))


@app.command(cls=Usage)
def moves(game: GameId, as_json: JsonFlag = False) -> None:
    """Print your legal moves in text notation, one per line (none when it is not your turn).

    Example: turnpost moves k3J9xQ | head -n1
    """
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        legal = answer["legal_moves"]
        if not legal:
            s.out.note(render.next_step(answer).plain)
        s.out.emit(legal, lambda _: typer.echo("".join(f"{m['text']}\n" for m in legal), nl=False))


@app.command(cls=Usage)
def play(
    game: GameId,
    move: Annotated[
        str,
        typer.Argument(
            metavar="MOVE", help="A move in text notation; steps of a batch separated by ';'."
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Make a move, and see the game after it.

    An illegal move is refused with the reason and your legal moves. The move is sent with the
    version just read, so it cannot land on a game that changed in between, and with a fresh
    idempotency key, so a retry never moves twice.

    Example: turnpost play k3J9xQ "play R7 draw deck"
    """
    with session(as_json) as s:
        before = s.on_game(game, s.api.game)
        answer = s.api.move(before["game"]["id"], move, before["version"], str(uuid.uuid4()))

        def draw(console: Console) -> None:
            render.applied(console, answer)
            render.game_screen(console, answer)

        keep_head(s, answer)
        s.out.emit(answer, draw)


@app.command(cls=Usage)
def log(
    game: GameId,
    since: Annotated[int, typer.Option(min=0, help="Only what happened after this version.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Show the game's history as you may see it (everyone's moves once it is over), with what
    was said at the table.

    Example: turnpost log k3J9xQ --since 10
    """
    with session(as_json) as s:
        current = s.on_game(game, s.api.game)
        answer = s.api.log(current["game"]["id"], since)
        s.out.emit(
            answer,
            lambda console: render.log_lines(
                console, current, answer["entries"], answer.get("messages", [])
            ),
        )


@app.command(cls=Usage)
def wait(
    game: GameId,
    poll: Annotated[
        int, typer.Option(min=1, help="Seconds per long poll (the server may cap it).")
    ] = 60,
    timeout: Annotated[
        int | None,
        typer.Option(min=0, help="Give up after this many seconds (exit 5); default: never."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Block until it is your turn, then show the game and exit 0.

    On a finished (or cancelled) game show it and exit 4, so that a loop
    `while turnpost wait GAME; do …; done` ends with the game. With --timeout, exit 5 if
    it is still not your turn by then.

    Example: turnpost wait k3J9xQ --timeout 3600 && turnpost moves k3J9xQ
    """
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        game_id = answer["game"]["id"]
        if answer["game"]["status"] == "open" and answer["seat"] is None:
            raise Failure(
                ExitCode.REFUSED,
                "not_joined",
                f"you have not joined this game, so it will never wait on you: "
                f"turnpost join {game_id}",
            )
        if answer["game"]["status"] not in OVER and not answer["your_turn"]:
            s.out.note(render.next_step(answer).plain)
        deadline = None if timeout is None else time.monotonic() + timeout
        while answer["game"]["status"] not in OVER and not answer["your_turn"]:
            left = poll if deadline is None else math.ceil(deadline - time.monotonic())
            if left <= 0:
                raise Failure(
                    ExitCode.TIMED_OUT,
                    "timed_out",
                    f"still not your turn after {timeout} s",
                    {"version": answer["version"], "to_act": answer["to_act"]},
                )
            answer = s.api.wait(game_id, answer, min(poll, left))
        show_game(s, answer)
        if answer["game"]["status"] in OVER:
            raise typer.Exit(ExitCode.GAME_OVER)


@app.command(name="open", cls=Usage)
def open_game(
    game: GameId,
    browser: Annotated[
        bool, typer.Option("--browser", "-b", help="Open the link in your web browser too.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Print a fresh link that opens the game in a web browser, logged in as you.

    The link works once (it starts a session in the browser that opens it) and for a few days;
    rotating your token ends it, and the sessions it started.

    Example: turnpost open k3J9xQ --browser
    """
    with session(as_json) as s:
        link = s.on_game(game, s.api.login_link)
        s.out.emit(link, lambda _: typer.echo(link["url"]))
        if browser and not webbrowser.open(link["url"]):
            s.out.note("No web browser could be started here: open the link above yourself.")


@app.command(cls=Usage)
def resign(
    game: GameId,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Resign without being asked (for scripts).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Resign from a game (allowed at any time, also out of turn); it cannot be undone.

    At a terminal you are asked first; elsewhere, and with --json, nothing asks, so --yes is
    needed (without it nothing happens and the exit code is 2).

    Example: turnpost resign k3J9xQ
    """
    with session(as_json) as s:
        asking = not yes and not as_json and sys.stdin.isatty()
        if not yes and not asking:
            raise Failure(
                ExitCode.USAGE,
                "confirmation_needed",
                "resigning cannot be undone: add --yes to resign without being asked",
            )
        seen = s.on_game(game, s.api.game)
        public = seen["game"]
        if asking:
            others = render.opponents(public["seats"], seen["seat"])
            question = f"Resign from {public['title']} {public['id']} ({others})?"
            if not typer.confirm(question, err=True):
                s.out.note("Not resigned.")
                return
        show_game(s, s.api.resign(public["id"]))


@app.command(cls=Usage)
def verify(
    game: GameId,
    head: Annotated[
        list[str] | None,
        typer.Option(help="A head of the game's log you noted while it ran (repeatable)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check on this machine that a finished game was played fairly.

    The server's revealed secret must match the hash it published at creation; your seat's
    contribution must be the one this machine sent; the seed must follow from the secret and
    every contribution; each log entry must carry the hash of the one before, ending at the
    head the server shows, and every head you were shown (kept here, or given with --head)
    must lie on it; replaying the whole log with the local rules must give the server's result.
    Exits 1 if anything does not match.

    Example: turnpost verify k3J9xQ
    """
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        public = answer["game"]
        if public["status"] != "finished":
            raise Failure(
                ExitCode.REFUSED,
                "not_finished",
                "only a finished game can be checked: its seed stays secret until the end",
            )
        engine = engine_for(public["type"])
        if engine is None:
            raise Failure(
                ExitCode.REFUSED,
                "unknown_game_type",
                f"this turnpost does not know the rules of {public['type']!r}; update it",
            )
        history = s.api.log(public["id"])
        record = kept.load(public["id"])
        witness = Witness(answer["seat"], record.contribution, record.heads, tuple(head or ()))
        report = verify_game(engine, public, history["version"], history["entries"], witness)
        s.out.emit(report.as_json(), lambda console: render.verification(console, report))
        if not report.ok:
            raise typer.Exit(ExitCode.REFUSED)
