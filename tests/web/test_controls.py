"""The choice a page offers after the steps chosen so far (`server/web/table/controls.py`), the same
for every game: the options of the next step, then the whole move to send; steps that fit no
legal move start the choice again. And the page that offers it, without JavaScript, one step
per request."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.web.table.controls import Node, controls, steps
from shared.engine import Engine
from shared.games import ENGINES
from shared.words import ENGLISH
from tests.parts import LiveServer
from tests.support.engines import reached
from tests.support.games import start_game
from tests.support.jobs import Mail
from tests.support.pages import form_fields, logged_in, said


def legal(engine: Engine[Any], state: Any, seat: int) -> list[dict[str, Any]]:
    return [
        {"text": engine.format_move(move), "move": move} for move in engine.legal_moves(state, seat)
    ]


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_walking_the_steps_reaches_each_legal_move_and_sends_it(type_id: str) -> None:
    engine = ENGINES[type_id]
    rnd = random.Random(type_id)
    state = reached(engine, 2, "5eed" * 8, rnd)
    while not [seat for seat in engine.to_act(state) if engine.legal_moves(state, seat)]:
        state = engine.new(2, f"{rnd.getrandbits(128):032x}")
    seat = engine.to_act(state)[0]
    view, moves = engine.view(state, seat), legal(engine, state, seat)
    tree = steps(engine, view, moves, ENGLISH)
    reached_moves = set()
    for _ in range(30):
        asked: list[str] = []
        shown = controls(tree, None)
        assert not shown.focus and not shown.chosen
        while shown.move is None:
            assert shown.asks and 0 < len(shown.options) <= 12
            asked.append(rnd.choice(shown.options).key)
            shown = controls(tree, asked)
            assert shown.focus and shown.keys == asked and not shown.lost
        assert shown.move in {move["text"] for move in moves} and shown.said
        reached_moves.add(shown.move)
    assert sorted(leaves(tree.root)) == sorted(move["text"] for move in moves)
    assert len(reached_moves) >= min(2, len(moves))


def leaves(node: Node) -> list[str]:
    """The moves a tree's steps lead to, each as often as it is reached."""
    if node.move is not None:
        return [node.move]
    return [move for _, then in node.options.values() for move in leaves(then)]


def test_steps_that_fit_no_legal_move_start_the_choice_again() -> None:
    engine = ENGINES["lost-cities"]
    state = engine.new(2, "ab" * 16)
    seat = engine.to_act(state)[0]
    view, moves = engine.view(state, seat), legal(engine, state, seat)
    tree = steps(engine, view, moves, ENGLISH)
    fresh, lost = controls(tree, []), controls(tree, ["no-such-card", "play"])
    assert lost.lost and not fresh.lost
    assert lost.options == fresh.options and lost.chosen == () and lost.move is None
    assert [step.label for step in fresh.options] == view["hand"]


def test_without_javascript_each_step_is_a_request_and_the_last_sends_the_move(
    api: LiveServer, mail: Mail
) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    seat = next(i for i, c in enumerate(clients) if c.ok("GET", f"/games/{game_id}")["your_turn"])
    visitor = logged_in(mail, api.url, clients[seat])
    hand = clients[seat].ok("GET", f"/games/{game_id}")["view"]["hand"]
    page = visitor.get(f"/play/{game_id}", params={"step": [hand[0], "discard", "deck"]})
    assert f"Send: Discard {hand[0]}, then draw from the deck" in said(page.text)
    form = form_fields(page.text)
    assert form["move"] == f"discard {hand[0]} draw deck"
    moved = visitor.post(f"/play/{game_id}", form)
    assert moved.status_code == 200 and "Waiting for" in said(moved.text)
