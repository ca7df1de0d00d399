"""Random games for the engines' property tests: seeds, a state part-way through a game, and
how many examples each property tries."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from shared.engine import Engine
from shared.games import ENGINES

ENGINE_IDS = sorted(ENGINES)
seeds = st.binary(min_size=16, max_size=16).map(bytes.hex)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reached(engine: Engine[Any], players: int, seed: str, rnd: random.Random) -> Any:
    """A state part-way through a random game (perhaps its start, perhaps its end)."""
    state = engine.new(players, seed)
    for _ in range(rnd.randrange(120)):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
    return state
