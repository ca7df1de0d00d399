"""The `turnpost` command line: one Typer app, its commands gathered from their families in
`client/commands/` under the names people type.

Each command is the same three steps — open a session, make the API calls, emit the answer as
JSON or as text — so what differs between them is only what they ask and how they draw it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import typer
from typer import rich_utils
from typer.core import TyperCommand, TyperGroup

from client.commands import account, bot, catalogue, fairness, games, play, players, settings
from client.words import _


def help_words() -> None:
    """Typer's and Click's own words in help, in the reader's language: Typer keeps them as
    module constants, read as each help is drawn; the help option's own is set below."""
    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.ERRORS_PANEL_TITLE = _("Error")
    rich_utils.ABORTED_TEXT = _("Aborted.")
    rich_utils.DEFAULT_STRING = _("[default: {}]")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")


OWN_HELP = {
    "help": lambda: _("Show this message and exit."),
    "install_completion": lambda: _("Install completion for the current shell."),
    "show_completion": lambda: _(
        "Show completion for the current shell, to copy it or customize the installation."
    ),
}
"""The help of the options Click and Typer add to every command, by their parameter's name."""


def translated(params: list[Any]) -> list[Any]:
    for param in params:
        if param.name in OWN_HELP:
            param.help = OWN_HELP[param.name]()
    return params


def usage_line(command: Any, ctx: Any, formatter: Any) -> None:
    """`Usage: turnpost …`, its first word in the reader's language (Click's is English)."""
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), _("Usage: "))


class Commands(TyperGroup):
    """The app's group, its added options' help in the reader's language."""

    def get_params(self, ctx: Any) -> list[Any]:
        return translated(super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        usage_line(self, ctx, formatter)


help_words()
app = typer.Typer(
    name="turnpost",
    cls=Commands,
    help=_(
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
    `{GAME} {MOVE}`; and help whose sentences the terminal's width wraps, not the source's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = unfolded(self.help)

    def get_params(self, ctx: Any) -> list[Any]:
        return translated(super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        usage_line(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        # Any: Typer 0.29 and later bring a click of their own, whose Context is not click's
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]


def unfolded(docstring: str | None) -> str | None:
    """A docstring with each paragraph on one line: Typer keeps a paragraph's newlines, so the
    breaks that fit the source's 100 columns would cut sentences at any other width."""
    if docstring is None:
        return None
    paragraphs = inspect.cleandoc(docstring).split("\n\n")
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


COMMANDS: dict[str, Callable[..., None]] = {
    "register": account.register,
    "me": settings.me,
    "vacation": settings.vacation,
    "webhook": settings.webhook,
    "calendar": settings.calendar,
    "export": account.export_data,
    "delete-account": account.delete_account,
    "config": account.show_config,
    "types": catalogue.types,
    "rules": catalogue.rules,
    "new": games.new,
    "join": games.join,
    "decline": games.decline,
    "cancel": games.cancel,
    "rematch": games.rematch,
    "games": games.games,
    "lobby": games.lobby,
    "watch": games.watch,
    "history": players.history,
    "ratings": players.ratings,
    "show": play.show,
    "say": play.say,
    "moves": play.moves,
    "play": play.play,
    "log": play.log,
    "wait": play.wait,
    "next": play.next_game,
    "open": play.open_game,
    "resign": play.resign,
    "bot": bot.bot,
    "verify": fairness.verify,
}
"""Every command by the name people type, in the order `turnpost --help` lists them."""

for name, command in COMMANDS.items():
    app.command(name, cls=Usage)(command)
