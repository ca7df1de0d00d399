"""Every event of a player's one wait is a view (`server.domain.games.events`): made from what a
move changes of a game's record, so twins, states a seat cannot tell apart, make the same
events for every player, whoever moved.

That twins keep the same record (whose turn, the result) is proved with many examples in
tests/engines/test_what_answers_tell.py; here a few prove the events read nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.domain.games import events as player_events
from server.domain.games.loaded import progress
from server.domain.games.record import ACTIVE, GameRecord, Seat
from tests.support.engines import ENGINE_IDS, SETTINGS, Twins, twins

FEW = settings(SETTINGS, max_examples=20)


def record(twin: Twins, state: Any) -> GameRecord:
    seats = tuple(Seat(f"id-{n}", f"p{n}", joined=True) for n in range(twin.engine.max_players))
    before = GameRecord(
        id="g",
        type="t",
        engine_version=1,
        options={},
        seats=seats,
        status=ACTIVE,
        creator="id-0",
        created=0,
        updated=0,
    )
    return before.changed(**progress(twin.engine, state, 1))


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@FEW
@given(data=st.data())
def test_twins_make_the_same_events(type_id: str, data: st.DataObject) -> None:
    twin = data.draw(twins(type_id))
    before = record(twin, twin.state).changed(to_act=(), status=ACTIVE)
    for mover in (None, twin.seat):
        made = player_events.of_change(before, record(twin, twin.state), 7, mover=mover)
        made_twin = player_events.of_change(before, record(twin, twin.twin), 7, mover=mover)
        assert made == made_twin
