"""How a command that leaves you looking at a game ends: the game drawn, and the head of its
log kept for `verify`."""

from __future__ import annotations

from typing import Any

from client import kept
from client.screens.game import game_screen
from client.session import Session
from client.words import _

OVER = ("finished", "cancelled")
"""The statuses of a game that will not change any more: nothing to wait for."""


def show_game(s: Session, answer: dict[str, Any], everything: bool = False) -> None:
    """The ending of every command that leaves you looking at a game: the others' part in
    brief unless `everything` is asked for."""
    keep_head(s, answer)
    s.out.emit(answer, lambda console: game_screen(console, answer, everything))


def keep_head(s: Session, answer: dict[str, Any]) -> None:
    """Keep the head of the game's log this answer shows, for `verify` (see `client.kept`), and
    say at once if another was shown for the same version before."""
    game = answer["game"]
    if game.get("head") is None:
        return  # a game from before the log was chained
    before = kept.keep_head(game["id"], answer["version"], game["head"])
    if before is not None:
        s.out.note(
            _(
                "Warning: at version %(version)s this game's log had the head %(before)s when "
                "you last looked, and now has %(head)s: its history has changed.",
                version=answer["version"],
                before=before,
                head=game["head"],
            )
        )
