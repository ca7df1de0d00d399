"""Every answer is a view: two games a seat cannot tell apart get byte-identical answers.

For random states of every engine, `resample` makes a twin that differs only in what the seat
may not know (others' hands, money and hidden choices, the order of what is still to be drawn,
every roll to come). The seat then sends the same random batch to both: steps legal at the time,
steps that would only be legal after what a draw brought (`take 2 card; play no-cost-tent`), and
nonsense. Its answers must be the same bytes: a refusal with its message and details, or the
steps made and those handed back untried, with everything shown before the first step that
brought chance into play (after that step the seat has seen what it drew, and twins differ).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.batch import apply_batch, refusal_details
from shared.engine import JSON, Engine, IllegalMove, Seat
from shared.games.livingstone import Livingstone
from shared.games.livingstone.state import State, Turn
from shared.games.lost_cities_dice import LostCitiesDice
from tests.support.engines import ENGINE_IDS, SETTINGS, quiet_moves, twins

NONSENSE: list[JSON] = [None, 7, "play", {}, {"action": "fly"}, {"action": "play", "card": 10**9}]


def random_batch(engine: Engine[Any], state: Any, seat: Seat, rnd: random.Random) -> list[JSON]:
    """Steps the seat could send: mostly moves legal when reached, following the game on
    past draws and rolls as they fall in `state` (not in its twin), and some nonsense."""
    steps: list[JSON] = []
    for _ in range(rnd.randint(1, 5)):
        legal = engine.legal_moves(state, seat)
        if not legal or rnd.random() < 0.15:
            steps.append(rnd.choice(NONSENSE))
            continue
        move = rnd.choice(legal)
        steps.append(move)
        state = engine.apply(state, seat, move)
    return steps


def answer(engine: Engine[Any], state: Any, seat: Seat, steps: list[JSON]) -> bytes:
    """What the service would tell the seat of its batch, up to the first step that drew."""
    try:
        applied = apply_batch(engine, state, seat, steps)
    except IllegalMove as error:
        refusal = {"code": error.code, "message": error.message}
        details = refusal_details(engine, state, seat, error)
        return json.dumps({"refused": refusal, "details": details}).encode()
    telling: dict[str, JSON] = {"made": len(applied.events), "untried": applied.untried}
    shown = []
    for step, event in zip(steps, applied.events, strict=False):
        after = engine.apply(state, seat, step)
        if engine.reveals(state, seat, step, after):
            break
        shown.append(engine.render_event(engine.redact_event(event, seat)))
        state = after
    else:
        telling["view"] = engine.view(state, seat)
        telling["legal_moves"] = engine.legal_moves(state, seat)
    telling["shown"] = shown
    return json.dumps(telling).encode()


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_twins_a_seat_cannot_tell_apart_get_the_same_answers(
    type_id: str, data: st.DataObject
) -> None:
    engine, state, seat, twin, rnd = data.draw(twins(type_id))
    assert seat is not None
    assert engine.view(twin, seat) == engine.view(state, seat)
    assert engine.legal_moves(twin, seat) == engine.legal_moves(state, seat)
    # what a game's record keeps of its state (`server.domain.games.loaded.progress`)
    assert engine.to_act(twin) == engine.to_act(state)
    assert engine.result(twin) == engine.result(state)
    for _ in range(4):
        steps = random_batch(engine, state, seat, rnd)
        assert answer(engine, state, seat, steps) == answer(engine, twin, seat, steps)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_a_twin_hides_what_it_should_and_keeps_the_rest(type_id: str, data: st.DataObject) -> None:
    """A spectator's twin looks the same to every spectator, and each seat's to that seat."""
    engine, state, seat, twin, _ = data.draw(twins(type_id, spectators=True))
    assert engine.view(twin, seat) == engine.view(state, seat)
    assert engine.to_act(twin) == engine.to_act(state)
    assert engine.result(twin) == engine.result(state)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_twins_log_the_others_moves_alike(type_id: str, data: st.DataObject) -> None:
    """What a seat's log and view say of another's move: the same in twins, wherever that
    move is legal in both and brings no chance into play (what chance brings is news to all)."""
    engine, state, seat, twin, _ = data.draw(twins(type_id))
    for mover in engine.to_act(state):
        if mover == seat:
            continue
        for made in quiet_moves(engine, state, twin, mover, engine.legal_moves(state, mover)):
            logged = [engine.redact_event(e, seat) for e in (made.event, made.twin_event)]
            assert logged[0] == logged[1]
            assert engine.render_event(logged[0]) == engine.render_event(logged[1])
            assert engine.view(made.after, seat) == engine.view(made.twin_after, seat)


def livingstone_turn(dice: tuple[int, ...]) -> tuple[Livingstone, State]:
    """Three players, seat 0 to move with `dice` on the table and three thalers."""
    engine = Livingstone()
    state = engine.new(3, "00112233445566778899aabbccddeeff")
    state = state._replace(round=state.round._replace(start=0, dice=dice), turn=Turn(0))
    return engine, state


def test_a_card_drawn_in_a_batch_cannot_be_probed_by_the_steps_after_it() -> None:
    """`take 2 card; play no-cost-tent; donate 0` once named the deck's top card by whether
    step 2 or step 3 was refused. Now the draw is made and the rest handed back, whatever the
    card: the top of the deck is the same answer whether it is No Cost Tent or not."""
    engine, state = livingstone_turn((1, 2, 3, 4, 5, 6))
    answers = set()
    for top in ("no-cost-tent", "lion"):
        rest = list(state.deck)
        rest.remove(top)
        stacked = state._replace(deck=(top, *rest))
        applied = apply_batch(engine, stacked, 0, "take 2 card; play no-cost-tent; donate 0")
        assert len(applied.events) == 1
        answers.add(json.dumps(applied.untried))
    assert answers == {
        json.dumps([{"action": "play", "card": "no-cost-tent"}, {"action": "donate", "amount": 0}])
    }


def test_the_next_roll_cannot_be_probed_by_a_choice_sent_with_the_one_that_rolls_it() -> None:
    """Two players of the dice game, the active one has chosen: the other's `green 5; purple 0;
    refuse` once answered `purple 0 is not among your dice: …` with the next roll. Now the
    choice that ends the turn is made and the rest is handed back untried."""
    engine = LostCitiesDice()
    state = engine.new(2, "00112233445566778899aabbccddeeff")
    (active,) = engine.to_act(state)
    state = engine.apply(state, active, engine.legal_moves(state, active)[0])
    (other,) = engine.to_act(state)
    first = engine.format_move(engine.legal_moves(state, other)[0])
    applied = apply_batch(engine, state, other, f"{first}; purple 0; refuse")
    assert len(applied.events) == 1
    assert [engine.format_move(step) for step in applied.untried] == ["purple 0", "refuse"]
