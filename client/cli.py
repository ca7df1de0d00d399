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
from typer.core import TyperCommand, TyperGroup

from client import usage
from client.commands import account, bot, catalogue, fairness, games, play, players, settings
from client.words import _


class Commands(TyperGroup):
    """The app's group: Typer's own words in the reader's language (`client.usage`), set as
    a help, a usage error or an abort is drawn, its usage errors said in them."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with usage.in_words(ctx):
            rest: list[str] = super().parse_args(ctx, args)
        return rest

    def invoke(self, ctx: Any) -> Any:
        with usage.in_words(ctx):
            return super().invoke(ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        usage.help_words()
        super().format_help(ctx, formatter)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            ctx.fail(usage.no_such_command(name, self.list_commands(ctx)))
        return super().resolve_command(ctx, args)

    def get_params(self, ctx: Any) -> list[Any]:
        return usage.translated(super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        usage.usage_line(self, ctx, formatter)


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


def unbraced(piece: str) -> str:
    """A usage piece without Typer's braces: `{GAME}` is `GAME`, and a variadic argument's
    `{[ARGS]...}...` is `[ARGS]...`."""
    bare = piece.strip("{}")
    if bare.endswith("}..."):
        bare = bare.removesuffix("}...")
    return bare


class Usage(TyperCommand):
    """Usage lines as people write them, `turnpost play [OPTIONS] GAME MOVE`, not Typer's
    `{GAME} {MOVE}`; help whose sentences the terminal's width wraps, not the source's; and
    arguments left over said in the reader's words (Typer lets them through, so they are
    counted here)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        settings = kwargs.pop("context_settings", None) or {}
        super().__init__(*args, context_settings={**settings, "allow_extra_args": True}, **kwargs)
        self.help = unfolded(self.help)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with usage.in_words(ctx):
            extra: list[str] = super().parse_args(ctx, args)
        if extra and not ctx.resilient_parsing:
            ctx.fail(usage.extra_arguments(extra))
        return extra

    def get_params(self, ctx: Any) -> list[Any]:
        return usage.translated(super().get_params(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        usage.usage_line(self, ctx, formatter)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        usage.help_words()
        super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        # Any: Typer 0.29 and later bring a click of their own, whose Context is not click's
        return [unbraced(piece) for piece in super().collect_usage_pieces(ctx)]


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
    "block": settings.block,
    "unblock": settings.unblock,
    "blocks": settings.blocks,
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
