"""Every engine's HTML board, on every view of random games: well-formed, self-contained,
explained by a legend, escaping what players type, and showing a seat nothing it may not know."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.engine import Engine, Seat
from shared.games import ENGINES
from shared.games.lost_cities.cards import CODE_OF_ID
from shared.games.lost_cities.scoring import expedition_points
from tests.support.engines import randoms, seeds

ENGINE_IDS = sorted(ENGINES)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["<b>ada</b>", "bo & co", '"cy"', "di'", "ed"]
"""Names as players may choose them: the board must show them as text, never as markup."""


def parsed(html: str) -> ElementTree.Element:
    """The fragment as XML: every element closed and nested, every `&` an escape."""
    return ElementTree.fromstring(f"<fragment>{html}</fragment>")


def text_of(root: ElementTree.Element) -> str:
    """What the board says, its stylesheet left out."""
    return " ".join(root[1].itertext())


def check_board(engine: Engine[Any], view: dict[str, Any], players: int) -> str:
    html = engine.render_html(view, NAMES[:players])
    root = parsed(html)
    assert [child.tag for child in root] == ["style", "div"]
    board = root[1]
    assert board.get("class", "").startswith("board ")
    assert board[-1].get("class") == "legend" and board[-1].text
    assert not {"script", "img", "link", "iframe", "object"} & {e.tag for e in root.iter()}
    assert not re.search(r"https?:|url\(|@import|javascript:", html, re.IGNORECASE)
    text = text_of(root)
    assert NAMES[0] in text and "<b>" not in html
    return html


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data(), seed=seeds, twin_seed=seeds, rnd=randoms)
def test_every_view_of_a_random_game_draws_a_board_from_what_its_seat_may_see(
    type_id: str, data: st.DataObject, seed: str, twin_seed: str, rnd: random.Random
) -> None:
    """Some views along the way, and every view of the end. A game the seat cannot tell apart
    (everything hidden from it drawn afresh) draws the same board, to the byte."""
    engine = ENGINES[type_id]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    viewers: list[Seat | None] = [None, *range(players)]
    state = engine.new(players, seed)
    while seats := engine.to_act(state):
        if rnd.random() < 0.2:
            viewer = rnd.choice(viewers)
            html = check_board(engine, engine.view(state, viewer), players)
            twin = engine.resample(state, viewer, twin_seed)
            assert engine.render_html(engine.view(twin, viewer), NAMES[:players]) == html
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
    for viewer in viewers:
        check_board(engine, engine.view(state, viewer), players)


@SETTINGS
@given(seed=seeds, rnd=randoms)
def test_a_lost_cities_board_shows_your_hand_and_of_the_other_only_what_all_know(
    seed: str, rnd: random.Random
) -> None:
    """The other's cards on the board are those everyone saw it take from a discard pile."""
    engine = ENGINES["lost-cities"]
    state = engine.new(2, seed)
    for _ in range(rnd.randrange(60)):
        seat: Seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
        if engine.is_over(state):
            return
    for seat in (0, 1):
        view = engine.view(state, seat)
        shown = set(text_of(parsed(engine.render_html(view, NAMES[:2]))).split())
        assert set(view["hand"]) <= shown
        known = set(view["known_cards"][1 - seat])
        assert known <= shown
        other = engine.view(state, 1 - seat)["hand"]
        assert not (set(other) - known) & shown


@SETTINGS
@given(seed=seeds, rnd=randoms)
def test_a_lost_cities_board_shows_each_expeditions_points_to_the_end(
    seed: str, rnd: random.Random
) -> None:
    """The legend promises each expedition's points so far: the board keeps them once the
    match is over (the game-over mail's board), the same as the scoring makes them."""
    engine = ENGINES["lost-cities"]
    state = engine.new(2, seed, {"rounds": 1})
    while seats := engine.to_act(state):
        moves = engine.legal_moves(state, seats[0])
        plays = [move for move in moves if move.get("action") == "play"]
        state = engine.apply(state, seats[0], rnd.choice(plays or moves))
    view = engine.view(state, None)
    points = [
        cell.text
        for cell in parsed(engine.render_html(view, NAMES[:2])).iter("td")
        if cell.get("class") == "points"
    ]
    started = [
        expedition_points([CODE_OF_ID[card] for card in cards])
        for seat in (0, 1)  # a spectator looks from seat 1: seat 0 across the table
        for cards in view["expeditions"][seat].values()
        if cards
    ]
    assert started and [int(text) for text in points if text] == started
