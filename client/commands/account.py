"""The account itself: made (`register`), pointed at a server (`config`), taken away
(`export`) and ended (`delete-account`)."""

from __future__ import annotations

import io
import time
import zipfile
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from client import config
from client.commands.arguments import JsonFlag, asking_first
from client.http import Api
from client.layout import show
from client.output import ExitCode, Failure
from client.screens.profile import registered
from client.session import session


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
            show(
                console,
                f"Registered {answer['player']['name']} at {api.url}; token saved in {path}.",
            )
            registered(console, answer["player"], time.time())

        s.out.emit({**answer, "config": str(path)}, say)


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
            lambda console: show(
                console, f"Saved {len(files)} files ({len(body)} bytes, zipped) to {file}."
            ),
        )


class ActiveGames(StrEnum):
    resign = "resign"
    bot = "bot"


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
        asking = asking_first(yes, as_json, "deleting your account")
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
            show(console, f"The account {answer['deleted']} is deleted.")
            for outcome, told in DELETED_GAMES.items():
                if answer["games"][outcome]:
                    show(console, f"{told}: {', '.join(answer['games'][outcome])}")

        s.out.emit(answer, say)


DELETED_GAMES = {
    "cancelled": "Called off",
    "freed": "Left before they started",
    "resigned": "Resigned",
    "bot": "Played on by a bot",
    "kept": "Kept under a neutral name",
}


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
                show(console, f"{key}: {value}")

        s.out.emit(shown, draw)


def masked(token: str | None) -> str | None:
    """Enough of a token to tell two apart, not enough to use it."""
    return None if token is None else token[:4] + "…"
