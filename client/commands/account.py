"""The account itself: made (`register`), pointed at a server (`config`), taken away
(`export`) and ended (`delete-account`)."""

from __future__ import annotations

import io
import os
import time
import zipfile
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from client import config, words
from client.commands.arguments import JsonFlag, LanguageOption, asking_first, described
from client.http import Api
from client.layout import show
from client.output import ExitCode, Failure
from client.screens.profile import registered
from client.screens.times import number
from client.session import session
from client.words import _, ngettext


@described(
    _(
        "Register a player and save the server URL and your token (file mode 0600).\n\n"
        "The token is shown only once by the server; it is kept in your config directory (or "
        "TURNPOST_CONFIG_DIR).\n\n"
        "Example: turnpost register ada ada@example.org --timezone Europe/Warsaw --language pl"
    )
)
def register(
    name: Annotated[
        str,
        typer.Argument(metavar="NAME", help=_("Your player name: 2-32 letters, digits, . _ -")),
    ],
    email: Annotated[str, typer.Argument(metavar="EMAIL", help=_("Where your-turn notices go."))],
    timezone: Annotated[
        str,
        typer.Option(help=_("Your IANA time zone: your quiet hours (22:00-08:00) are in it.")),
    ] = "UTC",
    language: LanguageOption = None,
    url: Annotated[str | None, typer.Option(help=_("The server; default: the saved one."))] = None,
    force: Annotated[
        bool, typer.Option("--force", help=_("Replace the token saved here (it is then lost)."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json, needs_token=False) as s:
        saved = config.load_saved()
        if saved.token and not force:
            raise Failure(
                ExitCode.USAGE,
                "already_registered",
                _(
                    "a token is saved already (for %(name)s); use --force to replace it, or "
                    "another TURNPOST_CONFIG_DIR",
                    name=saved.name,
                )
                if saved.name
                else _(
                    "a token is saved already; use --force to replace it, or another "
                    "TURNPOST_CONFIG_DIR"
                ),
            )
        api = Api(url) if url else s.api
        # the language chosen: the one given, else the locale's (English, the server's own
        # default, goes without saying)
        spoken = language.value if language else words.chosen(None, os.environ)
        answer = api.register(name, email, timezone, None if spoken == "en" else spoken)
        player = answer["player"]
        path = config.save(
            config.Saved(api.url, answer["token"], player["name"], player.get("language"))
        )
        words.settle(player.get("language"))

        def say(console: Console) -> None:
            show(
                console,
                _(
                    "Registered %(name)s at %(url)s; token saved in %(file)s.",
                    name=player["name"],
                    url=api.url,
                    file=path,
                ),
            )
            registered(console, player, time.time())

        s.out.emit({**answer, "config": str(path)}, say)


@described(
    _(
        "Download everything turnpost keeps about you, as one zip of JSON files: your profile, "
        "each of your games as you may see it (your view, its log, its talk), what you wrote "
        "at the tables, and your records and ratings.\n\n"
        "Example: turnpost export my-turnpost.zip"
    )
)
def export_data(
    file: Annotated[
        Path,
        typer.Argument(metavar="FILE", help=_("Where to save the zip."), show_default=False),
    ],
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        body = s.api.export()
        file.write_bytes(body)
        with zipfile.ZipFile(io.BytesIO(body)) as packed:
            files = packed.namelist()
        s.out.emit(
            {"file": str(file), "bytes": len(body), "files": files},
            lambda console: show(
                console,
                ngettext(
                    "Saved %(num)d file (%(size)s, zipped) to %(file)s.",
                    "Saved %(num)d files (%(size)s, zipped) to %(file)s.",
                    len(files),
                    size=byte_count(len(body)),
                    file=file,
                ),
            ),
        )


class ActiveGames(StrEnum):
    resign = "resign"
    bot = "bot"


@described(
    _(
        "Delete your account, for good: your profile, address, tokens, webhooks, calendar "
        "feed, ratings and the words you wrote at the tables go. Games not started are called "
        "off (yours) or left; your seats in games that started stay under a neutral name, so "
        "the other players' games still replay and verify. Your name is free for anyone at "
        "once.\n\n"
        "At a terminal you are asked to type your name first; elsewhere, and with --json, "
        "nothing asks, so --yes is needed (without it nothing happens and the exit code is "
        "2). Save your data first with `turnpost export`.\n\n"
        "Example: turnpost delete-account --active-games resign"
    )
)
def delete_account(
    active_games: Annotated[
        ActiveGames,
        typer.Option(
            "--active-games",
            help=_("Your games still running: resign them, or a bot plays your seat to the end."),
            show_default=False,
        ),
    ],
    bot: Annotated[
        str | None, typer.Option(help=_("With --active-games bot: its level (default quick)."))
    ] = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help=_("Delete without being asked (for scripts)."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        asking = asking_first(
            yes,
            as_json,
            _("deleting your account cannot be undone: add --yes to go on without being asked"),
        )
        name = s.api.me()["name"]
        if asking:
            typed = typer.prompt(
                _(
                    "This deletes the account %(name)s for good. Type its name to go on",
                    name=name,
                ),
                err=True,
            )
            if typed.strip().casefold() != name.casefold():
                s.out.note(_("Not deleted: that is not the account's name."))
                return
        answer = s.api.delete_account(name, active_games.value, bot)
        if not s.settings.token_from_env:  # the saved token is no one's any more
            config.save(config.Saved(config.load_saved().url))

        def say(console: Console) -> None:
            show(console, _("The account %(name)s is deleted.", name=answer["deleted"]))
            for outcome, sentence in deleted_games().items():
                if answer["games"][outcome]:
                    show(console, sentence % {"games": ", ".join(answer["games"][outcome])})

        s.out.emit(answer, say)


def deleted_games() -> dict[str, str]:
    """What became of one's games, by the answer's key; `%(games)s` their ids."""
    return {
        "cancelled": _("Called off: %(games)s"),
        "freed": _("Left before they started: %(games)s"),
        "resigned": _("Resigned: %(games)s"),
        "bot": _("Played on by a bot: %(games)s"),
        "kept": _("Kept under a neutral name: %(games)s"),
    }


def byte_count(size: int) -> str:
    """`12 345 bytes`, its number as the language writes numbers."""
    return ngettext("%(size)s byte", "%(size)s bytes", size, size=number(size))


@described(
    _(
        "Show the settings in use, or change the saved server URL or token.\n\n"
        "TURNPOST_URL and TURNPOST_TOKEN override the saved values.\n\n"
        "Example: turnpost config --url https://turnpost.example.org"
    )
)
def show_config(
    url: Annotated[str | None, typer.Option(help=_("Save this server URL."))] = None,
    token: Annotated[str | None, typer.Option(help=_("Save this token."))] = None,
    as_json: JsonFlag = False,
) -> None:
    if url is not None and not url.startswith(("http://", "https://")):
        raise typer.BadParameter(_("the URL starts with http:// or https://"), param_hint="--url")
    with session(as_json, needs_token=False) as s:
        if url is not None or token is not None:
            saved = config.load_saved()
            config.save(
                config.Saved(url or saved.url, token or saved.token, saved.name, saved.language)
            )
        settings = config.current()
        shown = {
            "url": settings.url,
            "token": masked(settings.token),
            "name": settings.name,
            "language": settings.language,
            "config_file": str(config.config_path()),
            "url_from_env": settings.url_from_env,
            "token_from_env": settings.token_from_env,
        }

        def draw(console: Console) -> None:
            labels = setting_labels()
            for key, value in shown.items():
                shown_value = (_("yes") if value else _("no")) if isinstance(value, bool) else value
                show(console, labels[key] % {"value": "—" if value is None else shown_value})

        s.out.emit(shown, draw)


def setting_labels() -> dict[str, str]:
    """Each setting `config` shows, by its name in JSON; `%(value)s` its value."""
    return {
        "url": _("server: %(value)s"),
        "token": _("token: %(value)s"),
        "name": _("name: %(value)s"),
        "language": _("language: %(value)s"),
        "config_file": _("config file: %(value)s"),
        "url_from_env": _("server from the environment: %(value)s"),
        "token_from_env": _("token from the environment: %(value)s"),
    }


def masked(token: str | None) -> str | None:
    """Enough of a token to tell two apart, not enough to use it."""
    return None if token is None else token[:4] + "…"
