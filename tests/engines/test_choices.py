"""Every legal move is reached by exactly one path of steps a page offers one choice at a
time (`Engine.choices`), no choice offers more than a dozen, and the steps speak the reader's
words: in random states of every game, for every seat that must act."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.choices import MOST, Choice
from shared.engine import Engine
from shared.games import ENGINES
from shared.games.livingstone import Livingstone
from shared.games.livingstone.moves import donate_move
from tests.support.engines import ENGINE_IDS, SETTINGS, randoms, reached, seeds
from tests.support.pseudo import PSEUDO, unmarked

CARD_ID = re.compile(r"\b[A-Z](?:w[1-3]|10|[2-9])\b")


def paths(choices: list[Choice]) -> list[tuple[str, ...]]:
    return [tuple(step.key for step in choice.steps) for choice in choices]


def options(choices: list[Choice]) -> dict[tuple[str, ...], list[str]]:
    """Each choice of the tree (the keys chosen before it) → the options it offers."""
    offered: dict[tuple[str, ...], list[str]] = {}
    for path in paths(choices):
        for depth in range(len(path)):
            nexts = offered.setdefault(path[:depth], [])
            if path[depth] not in nexts:
                nexts.append(path[depth])
    return offered


def check_tree(choices: list[Choice]) -> None:
    found = paths(choices)
    assert len(set(found)) == len(found), "two moves share a path"
    ends = set(found)
    for path in found:
        assert all(path[:depth] not in ends for depth in range(len(path))), (
            f"{path} goes on past another move's end"
        )
    for before, nexts in options(choices).items():
        assert len(nexts) <= MOST, f"{len(nexts)} options after {before}"
    for choice in choices:
        assert all(step.label and step.asks for step in choice.steps) and choice.said


def acting(engine: Engine[object], state: object) -> list[int]:
    return [seat for seat in engine.to_act(state) if engine.legal_moves(state, seat)]


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_every_legal_move_has_one_path_and_no_choice_offers_more_than_a_dozen(
    type_id: str, data: st.DataObject
) -> None:
    engine = ENGINES[type_id]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    rnd = data.draw(randoms)
    state = reached(engine, players, data.draw(seeds), rnd)
    for seat in acting(engine, state):
        moves = engine.legal_moves(state, seat)
        choices = engine.choices(engine.view(state, seat), moves)
        assert len(choices) == len(moves)
        check_tree(choices)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_every_word_of_the_steps_goes_through_the_catalogs(type_id: str) -> None:
    """Rendered in the marking pseudo-language, what is left unmarked is ids and numbers."""
    engine = ENGINES[type_id]
    rnd = random.Random(7)
    state = reached(engine, 2, "c0ffee" * 5 + "00", rnd)
    for _ in range(40):
        for seat in acting(engine, state):
            view = engine.view(state, seat)
            for choice in engine.choices(view, engine.legal_moves(state, seat), PSEUDO):
                for text in (choice.said, *(f"{s.label} {s.asks}" for s in choice.steps)):
                    left = CARD_ID.sub(" ", unmarked(text))
                    assert not re.search(r"[A-Za-z]{2,}", left), text
        seats = engine.to_act(state)
        if not seats:
            break
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))


@pytest.mark.parametrize("thalers", [1, 12, 13, 57, 120, 121, 250])
def test_a_donation_of_any_amount_is_narrowed_to_a_dozen_at_a_time(thalers: int) -> None:
    moves = [donate_move(amount) for amount in range(1, thalers + 1)]
    view = Livingstone().view(Livingstone().new(2, "ab" * 16), 0)
    choices = Livingstone().choices(view, moves)
    check_tree(choices)
    depth = max(len(path) for path in paths(choices))
    assert depth == 2 + (thalers > MOST) + (thalers > MOST * 10)
