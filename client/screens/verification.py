"""The fairness check's report: each check passed or failed, and the verdict."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.verify import Verification
from client.words import _, pgettext


def check_name(name: str) -> str:
    """A check's name as a person reads it (JSON keeps the name itself)."""
    return {
        "seed": pgettext("check", "seed"),
        "secret": pgettext("check", "secret"),
        "contributions": pgettext("check", "contributions"),
        "fixed options": pgettext("check", "fixed options"),
        "log": pgettext("check", "log"),
        "chain": pgettext("check", "chain"),
        "replay": pgettext("check", "replay"),
        "result": pgettext("check", "result"),
        "bots": pgettext("check", "bots"),
    }.get(name, name)


def verification(console: Console, report: Verification) -> None:
    for check in report.checks:
        mark, style = ("✔", "bold green") if check.passed else ("✘", "bold red")
        show(
            console, Text.assemble((f"{mark} {check_name(check.name)}", style), f": {check.detail}")
        )
    for note in report.notes:
        show(console, Text(note, style="yellow"))
    if report.ok and report.deal_chosen_by_none:
        console.print(Text(_("The server played this game fairly."), style="bold green"))
    elif report.ok:
        show(
            console,
            Text(
                _(
                    "Proven: every move, the log and the result are as the rules make them "
                    "from this deal. Not proven: that the deal is no one's choice, since only "
                    "the creator's contribution went into it, and the server could have chosen "
                    "it. For a deal nobody can choose, have another player join with `turnpost "
                    "join`, which sends a contribution of its own."
                ),
                style="bold yellow",
            ),
        )
    else:
        console.print(Text(_("This game does NOT check out."), style="bold red"))
