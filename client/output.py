"""How a command ends: what it prints, where, and with which exit code.

Scripts rely on two promises kept here for every command: with `--json` the whole answer is one
JSON document on stdout (a failure too, in the server's error shape), and the exit code says what
kind of ending it was. People get the same information as text, errors on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from enum import IntEnum
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from client.layout import show
from client.words import _


class ExitCode(IntEnum):
    """Stable exit codes; docs/players.md lists them ("Exit codes")."""

    OK = 0
    REFUSED = 1
    """The server refused the request (an illegal move, a game that is over, …), or a check
    failed (`verify`)."""
    USAGE = 2
    """The command line or the saved settings cannot be used (no token yet, a bad `--option`)."""
    UNREACHABLE = 3
    GAME_OVER = 4
    """`wait` on a finished or cancelled game: a waiting loop's natural end."""
    TIMED_OUT = 5
    """`wait --timeout` ran out before it was your turn."""


class Failure(Exception):
    """Ends a command with an exit code and an error in the server's shape."""

    def __init__(
        self, exit_code: ExitCode, code: str, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.code = code
        self.message = message
        self.details = details or {}

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


def terminal(stderr: bool = False, **settings: Any) -> Console:
    """The console a command draws on: soft_wrap, so that rich never breaks an engine's lines
    or a game id at the terminal's width; the screens lay their lines out for it themselves
    (`client.layout`). `settings`: a test's file and width."""
    return Console(stderr=stderr, highlight=False, soft_wrap=True, **settings)


class Output:
    """Where one command's answer goes: JSON for scripts or rich text for people."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.console = terminal()
        self.errors = terminal(stderr=True)

    def emit(self, data: Any, show: Callable[[Console], None]) -> None:
        """The command's answer: `data` as JSON, or `show` drawing it for a person."""
        if self.as_json:
            typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            show(self.console)

    def note(self, message: str) -> None:
        """A remark for a person that must not end up in a script's captured stdout."""
        if not self.as_json:
            show(self.errors, message)

    def fail(self, failure: Failure) -> NoReturn:
        if self.as_json:
            typer.echo(json.dumps(failure.body(), indent=2, ensure_ascii=False))
        else:
            show(self.errors, Text(failure.message, style="bold red"))
            for line in explanation(failure.details):
                show(self.errors, line)
        raise typer.Exit(failure.exit_code)


def field_problems(problems: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Each problem with a field, named by its path (`options.rounds`), from the nested
    messages the server sends (`{"options": {"rounds": ["..."]}}`)."""
    if isinstance(problems, dict):
        for name, inner in problems.items():
            yield from field_problems(inner, f"{path}.{name}" if path else str(name))
    elif isinstance(problems, list):
        for problem in problems:
            yield from field_problems(problem, path)
    else:
        yield path, str(problems)


def explanation(details: dict[str, Any]) -> list[str]:
    """The parts of an error's details that help a person put it right."""
    lines: list[str] = []
    if "step" in details:
        lines.append(_("(in step %(step)s of the batch)", step=details["step"]))
    for where in (details.get("fields") or {}).values():  # keyed by where: the body, the query
        lines.extend(f"  {field}: {problem}" for field, problem in field_problems(where))
    if "legal_moves" in details:
        legal = details["legal_moves"]
        lines.append(_("Legal moves:") if legal else _("You have no legal move now."))
        lines.extend(f"  {move}" for move in legal)
    return lines
