"""The fairness check's report: each check passed or failed, and the verdict."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.verify import Verification


def verification(console: Console, report: Verification) -> None:
    for check in report.checks:
        mark, style = ("✔", "bold green") if check.passed else ("✘", "bold red")
        show(console, Text.assemble((f"{mark} {check.name}", style), f": {check.detail}"))
    for note in report.notes:
        show(console, Text(note, style="yellow"))
    if report.ok:
        console.print(Text("The server played this game fairly.", style="bold green"))
    else:
        console.print(Text("This game does NOT check out.", style="bold red"))
