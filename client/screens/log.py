"""A game's history and its table talk."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.screens.seats import shown
from client.screens.style import highlight
from client.screens.times import day_and_time
from client.words import _

LEAD = 8
"""How far a wrapped entry or message, and a message's own further lines, are indented."""


def log_lines(
    console: Console,
    answer: dict[str, Any],
    entries: Sequence[dict[str, Any]],
    messages: Sequence[dict[str, Any]] = (),
) -> None:
    """The history, one line per entry: version, when, and what happened as the engine tells
    it (which names who did it, in the language asked for); each message said at the table
    after the entry it followed."""
    said = list(messages)
    for entry in entries:
        while said and said[0]["version"] < entry["version"]:
            talk_line(console, said.pop(0))
        when = day_and_time(datetime.fromtimestamp(entry["at"]).astimezone())
        line = Text(f"{entry['version']:>4}  {when}  ", "dim") + highlight(entry["text"])
        show(console, line, hanging=LEAD)
    for message in said:
        talk_line(console, message)
    if not entries and not messages:
        show(console, _("Nothing has happened yet."))


def talk_line(console: Console, message: dict[str, Any]) -> None:
    """A message said at the table: who, when, and the text as typed (no markup read in it)."""
    when = day_and_time(datetime.fromtimestamp(message["at"]).astimezone())
    line = Text.assemble(
        ("   »  ", "dim"),
        (when, "dim"),
        "  ",
        (f"{shown(message)}: ", "bold"),
        message["text"].replace("\n", "\n" + " " * LEAD),
    )
    show(console, line, hanging=LEAD)
