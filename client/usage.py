"""Typer's own words in the reader's language: its help's titles and notes, the help option's
help, and the usage errors it finds before a command runs (a missing argument, an unknown
option or command, a value it refuses, one argument too many).

Typer (0.29) writes these itself, from a copy of Click of its own whose sentences are English
f-strings rather than gettext calls, and from `typer.rich_utils`' module constants: no catalog
can be put under them. So the client says each in its own words, from what Typer knows rather
than what it wrote (the error's kind, its parameter, the value refused and why), and sets the
constants as a command starts and as an error is drawn, in the language `client.words` has
chosen by then. The sentences are the client's, in its catalog like every other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from difflib import get_close_matches
from enum import Enum
from typing import Any

from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer.exceptions import Abort

from client.words import _, ngettext


def help_words() -> None:
    """The titles and notes of help and error screens: Typer keeps them as module constants,
    read as each is drawn. Set just before one is drawn (a help, a usage error, an abort), as
    Typer loads them then too: a command that draws none starts without them."""
    from typer import rich_utils

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
"""The help of the options Typer adds to every command, by their parameter's name."""


TYPE_WORDS = {
    "str": lambda: _("text"),
    "int": lambda: _("number"),
    "float": lambda: _("number"),
    "int range": lambda: _("number"),
    "float range": lambda: _("number"),
    "Path": lambda: _("file"),
}
"""What Typer labels a parameter's type with in help (`<int range>`), in the reader's words."""


def translated(params: list[Any]) -> list[Any]:
    """The options Typer adds, with help in the reader's words, and each parameter's type as
    help labels it (`<number>`; none for a switch, whose name says it all)."""
    for param in params:
        if param.name in OWN_HELP:
            param.help = OWN_HELP[param.name]()
        param.display_type_rich = type_label(param)
    return params


def type_label(param: Any) -> Callable[[Any], str | None]:
    shown = type(param).display_type_rich

    def label(ctx: Any) -> str | None:
        if getattr(param, "is_flag", False):
            return None
        typer_label: str | None = shown(param, ctx)
        if typer_label is None:
            return None
        word = TYPE_WORDS.get(typer_label.strip("<>"))
        return typer_label if word is None else f"<{word()}>"

    return label


def confirmed(question: str) -> bool:
    """A yes-or-no question at the terminal (on stderr), answered in the reader's words as well
    as English: `[t/N]` in Polish, `[j/N]` in German; anything else is no."""
    import typer  # as the commands have it loaded

    yes = _("y")
    typed = typer.prompt(f"{question} [{yes}/N]", default="", show_default=False, err=True)
    return typed.strip().casefold() in {yes, _("yes"), "y", "yes"}


def usage_line(command: Any, ctx: Any, formatter: Any) -> None:
    """`Usage: turnpost …`, its first word in the reader's language."""
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), _("Usage: "))


@contextmanager
def in_words(ctx: Any) -> Iterator[None]:
    """A usage error raised in the block (a command's, whose context is `ctx`) is raised again
    said in the reader's words, with the command's usage line and the same exit code; one said
    already, or the client's own, as is; an abort (a prompt declined, Ctrl-C) is drawn in the
    reader's words too."""
    try:
        yield
    except (Abort, KeyboardInterrupt, EOFError):
        help_words()
        raise
    except UsageError as error:
        help_words()  # the language may have been chosen again since the command started
        sentence = said(error, error.ctx or ctx)
        if sentence is None:
            raise
        raise UsageError(sentence, error.ctx or ctx) from error


def said(error: UsageError, ctx: Any) -> str | None:
    """The sentence of one of Typer's own usage errors; None for a plain `UsageError`, whose
    sentence is its maker's (the client's, or one said here already)."""
    if isinstance(error, MissingParameter):
        return missing(error)
    if isinstance(error, BadParameter):
        return refused(error)
    if isinstance(error, NoSuchOption):
        return no_such_option(error.option_name, error.possibilities or ())
    if isinstance(error, BadOptionUsage):
        return misused(error, ctx.command.params)
    return None


def missing(error: MissingParameter) -> str:
    param = error.param
    name = hint(error) or ""
    if param is not None and param.param_type_name == "option":
        sentence = _("Missing option %(name)s.", name=name)
    else:
        sentence = _("Missing argument %(name)s.", name=name)
    options = choices(param)
    if not options:
        return sentence
    return " ".join((sentence, _("Choose from: %(choices)s.", choices=options)))


def refused(error: BadParameter) -> str:
    """`Invalid value for --mine: 'x' is not one of …`: why, from the parameter's choices and
    the check that failed (Typer checks values with pydantic), else the maker's own reason."""
    from pydantic import ValidationError  # Typer's, loaded by then: only a refusal needs it

    why = error.message
    cause = error.__cause__
    if isinstance(cause, ValidationError) and cause.errors():
        why = reason(cause.errors()[0], choices(error.param))
    name = hint(error)
    if name is None:
        return _("Invalid value: %(why)s", why=why)
    return _("Invalid value for %(name)s: %(why)s", name=name, why=why)


def reason(failure: Any, options: str) -> str:
    """Why a value was refused, from pydantic's account of it (its `type`, `input`, `ctx`)."""
    value, limits = failure["input"], failure.get("ctx") or {}
    if options:
        return _("'%(value)s' is not one of %(choices)s.", value=value, choices=options)
    if failure["type"] == "int_parsing":
        return _("'%(value)s' is not a whole number.", value=value)
    if failure["type"] == "float_parsing":
        return _("'%(value)s' is not a number.", value=value)
    if "ge" in limits:
        return _("%(value)s is less than %(limit)s.", value=value, limit=limits["ge"])
    if "le" in limits:
        return _("%(value)s is more than %(limit)s.", value=value, limit=limits["le"])
    return _("'%(value)s' is not a valid value here.", value=value)


def no_such_option(option: str, possibilities: Sequence[str]) -> str:
    if possibilities:
        return _(
            "No such option: %(option)s. Did you mean %(options)s?",
            option=option,
            options=", ".join(sorted(possibilities)),
        )
    return _("No such option: %(option)s.", option=option)


def misused(error: BadOptionUsage, params: Sequence[Any]) -> str:
    """An option given without its value, or a switch given one (`--json=yes`)."""
    switch = any(
        error.option_name in param.opts and getattr(param, "is_flag", False) for param in params
    )
    if switch:
        return _("The option %(option)s takes no value.", option=error.option_name)
    return _("The option %(option)s needs a value.", option=error.option_name)


def no_such_command(name: str, commands: Sequence[str]) -> str:
    """An unknown command, and the commands its name is close to."""
    close = get_close_matches(name, commands)
    if close:
        return _(
            "No such command: '%(name)s'. Did you mean %(commands)s?",
            name=name,
            commands=", ".join(f"'{command}'" for command in close),
        )
    return _("No such command: '%(name)s'.", name=name)


def extra_arguments(extra: Sequence[str]) -> str:
    return ngettext(
        "Got an unexpected extra argument: %(arguments)s.",
        "Got unexpected extra arguments: %(arguments)s.",
        len(extra),
        arguments=" ".join(extra),
    )


def hint(error: BadParameter) -> str | None:
    """The parameter as the person typed it: `'--mine'`, `'GAME'`."""
    given = error.param_hint
    if isinstance(given, str):
        return given
    if given is not None:
        return " / ".join(f"'{name}'" for name in given)
    return error.param.get_error_hint() if error.param is not None else None


def choices(param: Any) -> str:
    """A parameter's choices as one types them, or "" for a parameter without."""
    options = param.type_descriptor.choices if param is not None else None
    if not options:
        return ""
    return ", ".join(f"'{c.value if isinstance(c, Enum) else c}'" for c in options)
