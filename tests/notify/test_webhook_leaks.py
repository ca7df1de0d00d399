"""A webhook's post tells nothing hidden: two games a spectator cannot tell apart (`resample`
with no seat) get byte-identical posts of every kind, before and after any move that brings no
chance into play (what chance brings is news to everyone)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.domain.players.webhook import KINDS
from server.webhooks.messages import body, public_update
from shared.engine import Engine
from shared.games import ENGINES
from tests.support.engines import ENGINE_IDS, SETTINGS, quiet_moves, randoms, reached, seeds

NAMES = ["ada", "bo", "cy", "di", "ed"]


def posts(engine: Engine[Any], state: Any, events: list[Any], players: int) -> list[bytes]:
    update = public_update(
        engine,
        state,
        [{"event": event} for event in events],
        NAMES[:players],
        game_id="0" * 24,
        version=7,
        headline="",
        deadlines=[("ada", 1.8e9)],
        link="https://turnpost.example/play/0",
        at=1.8e9,
    )
    return [body(kind, update) for kind in KINDS]


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_spectators_twins_get_the_same_posts(type_id: str, data: st.DataObject) -> None:
    engine = ENGINES[type_id]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    rnd = data.draw(randoms)
    state = reached(engine, players, data.draw(seeds), rnd)
    twin = engine.resample(state, None, data.draw(seeds))
    assert posts(engine, state, [], players) == posts(engine, twin, [], players)
    for mover in engine.to_act(state):
        legal = engine.legal_moves(state, mover)
        some = random.Random(rnd.random()).sample(legal, min(len(legal), 8))
        for made in quiet_moves(engine, state, twin, mover, some):
            posted = posts(engine, made.after, [made.event], players)
            assert posted == posts(engine, made.twin_after, [made.twin_event], players)
