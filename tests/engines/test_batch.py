"""A turn sent as one text of `;`-separated steps happens entirely or not at all."""

from __future__ import annotations

import pytest

from shared.batch import IllegalStep, apply_batch, parse_batch, split_steps
from shared.engine import IllegalMove
from shared.games.livingstone import Livingstone
from shared.games.livingstone.state import State, Turn

ENGINE = Livingstone()
SEED = "00112233445566778899aabbccddeeff"


def start() -> tuple[State, int]:
    """Seat 0 to move, holding a blue gem, with the dice 1 to 6 on the table."""
    state = ENGINE.new(3, SEED)
    state = state._replace(
        round=state.round._replace(start=0, dice=(1, 2, 3, 4, 5, 6)),
        turn=Turn(0),
    )
    return state.with_player(0, state.players[0]._replace(gems=(0, 1, 0))), 0


def test_steps_are_split_on_semicolons_and_blank_ones_dropped() -> None:
    assert split_steps(" sell blue;take 5 tent ;; end ; ") == ["sell blue", "take 5 tent", "end"]


def test_parsing_a_batch_parses_each_step_in_order() -> None:
    assert parse_batch(ENGINE, "sell blue; take 5 thalers; donate 2; end") == [
        {"action": "sell", "gem": "blue"},
        {"action": "take", "die": 5, "use": "thalers"},
        {"action": "donate", "amount": 2},
        {"action": "end"},
    ]


def test_an_empty_batch_is_not_a_move() -> None:
    with pytest.raises(IllegalMove) as refused:
        parse_batch(ENGINE, " ; ")
    assert refused.value.code == "bad_notation"


def test_an_unreadable_step_is_named_by_its_position() -> None:
    with pytest.raises(IllegalStep) as refused:
        parse_batch(ENGINE, "sell blue; fly away; end")
    assert refused.value.step == 2
    assert refused.value.code == "bad_notation"
    assert refused.value.message.startswith("step 2: ")


def test_a_lone_step_keeps_the_engines_own_error() -> None:
    with pytest.raises(IllegalMove) as refused:
        parse_batch(ENGINE, "fly away")
    assert not isinstance(refused.value, IllegalStep)


def test_a_batch_applies_like_its_steps_one_by_one() -> None:
    state, seat = start()
    after, events, _ = apply_batch(ENGINE, state, seat, "sell blue; take 5 thalers; donate 2; end")
    expected = state
    for move in parse_batch(ENGINE, "sell blue; take 5 thalers; donate 2; end"):
        expected = ENGINE.apply(expected, seat, move)
    assert after == expected
    assert [event["action"] for event in events] == ["sell", "take", "donate", "end"]
    assert after.players[0].thalers == 3 + 3 + 5 - 2


def test_a_batch_with_an_illegal_step_changes_nothing_and_names_the_step() -> None:
    state, seat = start()
    before = state
    with pytest.raises(IllegalStep) as refused:
        apply_batch(ENGINE, state, seat, "sell blue; take 5 thalers; take 6 mine; end")
    assert refused.value.step == 3
    assert refused.value.code == "die_already_taken"
    assert state == before


def test_a_batch_may_be_json_steps_or_one_json_move() -> None:
    state, seat = start()
    steps = [{"action": "take", "die": 2, "use": "thalers"}, {"action": "end"}]
    after, events, _ = apply_batch(ENGINE, state, seat, steps)
    assert len(events) == 2 and ENGINE.to_act(after) == (1,)
    after, events, _ = apply_batch(ENGINE, state, seat, steps[0])
    assert len(events) == 1 and ENGINE.to_act(after) == (0,)
    with pytest.raises(IllegalMove) as refused:
        apply_batch(ENGINE, state, seat, [])
    assert refused.value.code == "bad_move"
    with pytest.raises(IllegalMove):
        apply_batch(ENGINE, state, seat, 7)
