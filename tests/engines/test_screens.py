"""Every text view fits a terminal: random states of every game at every player count, seen by
every seat and a spectator, fit 120 x 40 as `turnpost show` draws them (the others in brief),
and at 80 columns no line is longer and no word is broken across lines."""

from __future__ import annotations

import random
from typing import Any

import pytest

from shared.engine import Engine, Seat
from shared.games import ENGINES
from shared.playout import playout, replay

NAMES = ("ada", "bo", "cy", "di", "ed")
GAMES = 2
STATES = 5
"""Per game: states along the way, and the end."""
UNWRAPPED = 10_000

CASES = [
    (type_id, players)
    for type_id, engine in sorted(ENGINES.items())
    for players in range(engine.min_players, engine.max_players + 1)
]


def states_along(engine: Engine[Any], players: int, seed: str, rnd: random.Random) -> list[Any]:
    start = engine.new(players, seed)
    final, log = playout(engine, start, rnd.choice, rnd.choice)
    steps = sorted(rnd.sample(range(len(log)), min(STATES, len(log))))
    return [replay(engine, start, log[:step]) for step in steps] + [final]


def lines_of(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.parametrize(("type_id", "players"), CASES)
def test_views_fit_the_screen_and_break_no_word(type_id: str, players: int) -> None:
    engine = ENGINES[type_id]
    names = NAMES[:players]
    rnd = random.Random(f"{type_id}/{players}")
    for game in range(GAMES):
        for state in states_along(engine, players, f"{game:032x}", rnd):
            viewers: list[Seat | None] = [None, *range(players)]
            for viewer in viewers:
                view = engine.view(state, viewer)
                shown = engine.render_view(view, names, width=120, compact=True)
                assert len(lines_of(shown)) <= 40, shown
                assert max(map(len, lines_of(shown))) <= 120, shown
                for compact in (True, False):
                    narrow = engine.render_view(view, names, width=80, compact=compact)
                    wide = engine.render_view(view, names, width=UNWRAPPED, compact=compact)
                    assert max(map(len, lines_of(narrow))) <= 80, narrow
                    assert narrow.split() == wide.split(), narrow


def test_a_compact_view_has_your_sheet_in_full_and_the_others_in_brief() -> None:
    engine = ENGINES["lost-cities-dice"]
    view = engine.view(engine.new(5, "ab" * 16), 2)
    compact = engine.render_view(view, NAMES, compact=True)
    full = engine.render_view(view, NAMES)
    drawn = [sum(line.startswith("bridge ") for line in lines_of(text)) for text in (compact, full)]
    assert drawn == [1, 5]
    assert "Sheet of cy (you, 0 points)\n" in compact
    assert "Sheet of ada (0 points): no expedition begun; vases 0, dice 0" in compact
    assert all(f"Sheet of {name} (" in compact for name in NAMES)
