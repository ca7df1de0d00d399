"""chikinn's `committer`, the strongest public Lost Cities heuristic we know, as an opponent.

chikinn/lost-cities (on GitHub) is public code kept outside this project: `bench.bots
--committer PATH` loads `players/committer.py` from a copy of it at PATH. Its bot reads a
round through a small interface (the seat to move, per colour the cards each seat played and
the discard pile, its own hand); `Committer` builds that from the seat's view
(`Engine.view`), so it knows exactly what a player in that seat may know: its hand and the
table. It keeps no memory between turns (so there are no picked-up cards for it to track).

Its cards are a colour letter and a digit (`y0` a wager, `y1`..`y9` the numbers 2..10); its
answer, (card, discarded?, `deck` or the card to draw from a pile), becomes our move. Its
rules have no stall limit: where ours forbid its pile draw (after `stall_limit` turns without
a draw from the deck), it draws from the deck instead. It breaks ties with the global
`random`, which is seeded from the move's seed before each turn, so a game replays.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from shared.engine import JSON, Engine, Move, Seat

WAGER_DIGIT = "0"


def load(path: str) -> Any:
    """The `Committer` class of a chikinn/lost-cities copy at `path` (it imports its siblings
    `classes` and `utils` by their bare names, so the copy goes on the import path)."""
    root = Path(path).resolve()
    source = root / "players" / "committer.py"
    if not source.is_file():
        raise SystemExit(f"no chikinn/lost-cities copy at {path}: {source} is missing")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    spec = importlib.util.spec_from_file_location("chikinn_committer", source)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Committer


def their_card(card: str) -> str:
    """Our card id (`Y7`, `Yw2`) as theirs (`y6`, `y0`)."""
    colour, rank = card[0].lower(), card[1:]
    return colour + (WAGER_DIGIT if rank.startswith("w") else str(int(rank) - 1))


class Committer:
    """A seat played by chikinn's `committer`, from the seat's view alone."""

    def __init__(self, path: str) -> None:
        self.bot = load(path)(0)

    def move(self, engine: Engine[Any], state: Any, seat: Seat, seed: str) -> Move:
        view = engine.view(state, seat)
        ours = {their_card(card): card for card in view["hand"]}  # the cards it may name
        flags = {}
        for colour in view["colours"]:
            played = [[their_card(card) for card in own[colour]] for own in view["expeditions"]]
            discards = [their_card(card) for card in view["discards"][colour]["cards"]]
            flags[colour.lower()] = SimpleNamespace(played=played, discards=discards)
        hand = SimpleNamespace(cards=[their_card(card) for card in view["hand"]])
        table = SimpleNamespace(whose_turn=seat, flags=flags, hand=hand)
        random.seed(seed)
        card, discarded, draw = self.bot.play(table)
        move: dict[str, JSON] = {
            "action": "discard" if discarded else "play",
            "card": ours[card],
            "draw": "deck" if draw == "deck" else draw[0].upper(),
        }
        if move not in engine.legal_moves(state, seat):  # a pile draw our stall limit forbids
            move["draw"] = "deck"
        return move
