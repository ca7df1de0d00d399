"""What many commands take, declared once: a game, a game type, `--json`, with their shell
completion and their check."""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any, TypeVar

import typer

from client import config
from client.http import Api, Refused, Unreachable
from client.output import ExitCode, Failure
from client.rules import known_types
from client.words import _

Command = TypeVar("Command", bound=Callable[..., None])


def described(help_text: str) -> Callable[[Command], Command]:
    """A command's help, in the reader's language: Typer takes a command's help from its
    docstring, which no catalog can translate, so the translated text is put there. Each
    paragraph is one line of the message (the terminal's width wraps it), paragraphs apart by
    an empty line."""

    def describe(command: Command) -> Command:
        command.__doc__ = help_text
        return command

    return describe


def complete_game_id(incomplete: str) -> list[str]:
    """Shell completion: the ids of my games. Completion must never print errors, so any
    failure (no token, no server) just offers nothing."""
    try:
        settings = config.current()
        games = Api(settings.url, settings.token).games()["games"]
    except (Refused, Unreachable, config.ConfigError):
        return []
    return [game["id"] for game in games if game["id"].startswith(incomplete)]


def game_given(value: str | None) -> str | None:
    """An empty GAME would start every id: a mistake (an unset shell variable), not a choice
    (nor, where GAME may be left out, the same as leaving it out)."""
    if value is not None and not value.strip():
        raise typer.BadParameter(_("give a game id, or the start of one, not an empty string"))
    return value


def complete_game_type(incomplete: str) -> list[str]:
    return [type_id for type_id in known_types() if type_id.startswith(incomplete)]


GameType = Annotated[
    str,
    typer.Argument(
        metavar="TYPE",
        help=_("A game type (see `turnpost types`)."),
        autocompletion=complete_game_type,
    ),
]
JsonFlag = Annotated[bool, typer.Option("--json", help=_("Print the answer as JSON, for scripts."))]


def game_argument(help_text: str) -> Any:
    """A GAME argument: an id, or the start of one (see `Session.on_game`)."""
    return typer.Argument(
        metavar="GAME",
        help=help_text,
        callback=game_given,
        autocompletion=complete_game_id,
        show_default=False,
    )


GameId = Annotated[str, game_argument(_("A game id, or the start of one of your games' ids."))]
PublicGameId = Annotated[
    str,
    game_argument(_("A game id, or the start of the id of one of your games or the lobby's.")),
]
OptionalGameId = Annotated[
    str | None,
    game_argument(_("A game id, or the start of one of your games' ids; none: any of your games.")),
]


class Language(StrEnum):
    """The languages turnpost speaks (`shared.words.LANGUAGES`)."""

    en = "en"
    pl = "pl"
    de = "de"


LanguageOption = Annotated[
    Language | None,
    typer.Option(
        help=_(
            "The language turnpost speaks to you in: mail, pages and this command line "
            "(en, pl or de); default: your locale's."
        ),
        show_default=False,
    ),
]


def asking_first(yes: bool, as_json: bool, undone: str) -> bool:
    """Whether to ask at the terminal before a step that cannot be undone (`undone`: the whole
    refusal, as "resigning cannot be undone: …"); with no terminal to ask at, or --json, only
    --yes goes on (exit 2)."""
    asking = not yes and not as_json and sys.stdin.isatty()
    if not yes and not asking:
        raise Failure(ExitCode.USAGE, "confirmation_needed", undone)
    return asking
