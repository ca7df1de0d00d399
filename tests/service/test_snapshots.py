"""Snapshots hold every engine's states: a state that the restricted unpickler refused would
not be wrong, only slow (replayed from the start on every load), so nothing else would notice."""

from __future__ import annotations

import random

import pytest

from server.domain.games.snapshots import pickled, snapshot_tag, unpickled
from shared.games import ENGINES
from shared.playout import playout


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_state_of_every_engine_comes_back_from_a_snapshot(type_id: str) -> None:
    engine = ENGINES[type_id]
    tag = snapshot_tag(engine)
    for seats in range(engine.min_players, engine.max_players + 1):
        rnd = random.Random(seats)
        state = engine.new(seats, "5eed" * 16, engine.configure(seats, {}))
        _, log = playout(engine, state, rnd.choice, rnd.choice)
        for seat, move in log:
            state, _ = engine.transition(state, seat, move)
            assert unpickled(engine, tag, pickled(state)) == state


def test_a_snapshot_of_other_code_is_not_used() -> None:
    engine = ENGINES["lost-cities"]
    state = engine.new(2, "5eed" * 16, engine.configure(2, {}))
    assert unpickled(engine, "another code", pickled(state)) is None
    assert unpickled(engine, snapshot_tag(engine), b"not a pickle") is None
