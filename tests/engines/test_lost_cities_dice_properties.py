"""Lost Cities: Roll & Write on thousands of random games, both choosing orders, 2-5 players.

After every move the sheets must obey the rules (fields bottom to top, numbers 1..10 never
going down, at most 9 fields, vases matching the artefacts found); at the end the scores
must match a recount done here from the rules file's tables, the log must replay to the same
state, and nothing a seat may not know (another seat's pending choice, the future dice) may
change what that seat sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from shared.engine import RESIGN, Event, IllegalMove, Move
from shared.games.lost_cities_dice import LostCitiesDice
from shared.games.lost_cities_dice.sheet import Sheet
from shared.games.lost_cities_dice.state import State
from shared.playout import replay
from tests.support.engines import many, randoms, seeds

ENGINE = LostCitiesDice()
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
COLUMNS = 8

orders = st.sampled_from(["simultaneous", "clockwise"])


# The rules file, written out again: the recount must not borrow the engine's tables.
EXPEDITION_POINTS = {0: 0, 1: -20, 2: -15, 3: -10, 4: 5, 5: 10, 6: 15, 7: 30, 8: 35, 9: 50}
CIRCLE_ONLY = -50
ARTEFACT_POINTS = [0, -40, -30, -20, 10, 20, 30, 60, 70, 100]
DICE_POINTS = [0, -40, -30, -20, 10, 20, 30, 60, 70, 0]
BRIDGE_BONUS = 20
HOUSE_ARTEFACT_FIELD = {"red": 6, "orange": 2, "yellow": 8, "green": 4, "blue": 7, "purple": 5}


def filled(sheet: Sheet, column: int) -> int:
    """Marks in a bridge column: 0-5 expeditions, 6 vases, 7 dice symbols."""
    if column < len(COLOURS):
        return len(sheet.expeditions[column])
    return sheet.vases if column == len(COLOURS) else sheet.refusals


def check_sheet(sheet: Sheet) -> None:
    for index, numbers in enumerate(sheet.expeditions):
        assert len(numbers) <= 9
        assert all(1 <= number <= 10 for number in numbers)
        assert list(numbers) == sorted(numbers), "numbers never go down"
        assert not sheet.tops[index] or len(numbers) == 9, "top artefacts crown full columns"
    found = sum(
        len(sheet.expeditions[index]) >= HOUSE_ARTEFACT_FIELD[colour]
        for index, colour in enumerate(COLOURS)
    ) + sum(sheet.tops)
    assert sheet.vases == min(9, found)
    assert 0 <= sheet.refusals <= 9
    for column in range(COLUMNS):
        assert not sheet.bonuses[column] or filled(sheet, column) >= 7


def check_step(before: State, after: State, seat: int, move: Move) -> None:
    for old, new in zip(before.sheets, after.sheets, strict=True):
        if new is old:
            continue
        check_sheet(new)
        for index in range(len(COLOURS)):
            if new.circles[index] and not old.circles[index]:
                assert not old.expeditions[index] and not new.expeditions[index]
            if old.expeditions[index]:
                assert new.circles[index] == old.circles[index], "no circle after the start"
    assert not set(ENGINE.to_act(after)) & {s for s, out in enumerate(after.resigned) if out}
    if move["action"] == "resign":
        assert after.sheets[seat] == before.sheets[seat]


def recount(sheet: Sheet, bonus_columns: int) -> int:
    total = 0
    for index, numbers in enumerate(sheet.expeditions):
        points = EXPEDITION_POINTS[len(numbers)]
        if sheet.circles[index]:
            points = 2 * (points if numbers else CIRCLE_ONLY)
        total += points
    return (
        total
        + ARTEFACT_POINTS[sheet.vases]
        + DICE_POINTS[sheet.refusals]
        + BRIDGE_BONUS * bonus_columns
    )


@dataclass
class Played:
    state: State
    log: list[tuple[int, Move]] = field(default_factory=list)
    crossed: dict[tuple[int, int], int] = field(default_factory=dict)
    """(seat, column) -> the turn that seat crossed that column's bridge."""

    def step(self, seat: int, move: Move) -> Event:
        before = self.state
        self.state, event = ENGINE.transition(before, seat, move)
        check_step(before, self.state, seat, move)
        for player, (old, new) in enumerate(zip(before.sheets, self.state.sheets, strict=True)):
            for column in range(COLUMNS if new is not old else 0):
                if filled(old, column) < 7 <= filled(new, column):
                    self.crossed[player, column] = before.turn_number
        self.log.append((seat, move))
        return event

    def bonus_columns(self, seat: int) -> int:
        first = {
            column: min(turn for (_, c), turn in self.crossed.items() if c == column)
            for column in {c for _, c in self.crossed}
        }
        return sum(first[column] == turn for (s, column), turn in self.crossed.items() if s == seat)


def random_game(
    players: int, seed: str, order: str, rnd: random.Random, resign_chance: float = 0.0
) -> Played:
    played = Played(ENGINE.new(players, seed, {"order": order}))
    while seats := ENGINE.to_act(played.state):
        if rnd.random() < resign_chance:
            still_in = [s for s, out in enumerate(played.state.resigned) if not out]
            played.step(rnd.choice(still_in), dict(RESIGN))
            continue
        seat = rnd.choice(seats)
        played.step(seat, rnd.choice(ENGINE.legal_moves(played.state, seat)))
    return played


def check_finished(played: Played, players: int, seed: str, order: str) -> None:
    final = played.state
    result = ENGINE.result(final)
    assert result is not None and ENGINE.to_act(final) == ()
    expected = [recount(sheet, played.bonus_columns(s)) for s, sheet in enumerate(final.sheets)]
    assert result["scores"] == expected
    assert [parts["total"] for parts in result["breakdown"]] == expected
    still_in = [s for s, out in enumerate(final.resigned) if not out]
    if result["reason"] == "resignation":
        assert result["winners"] == still_in and len(still_in) == 1
    else:
        best = max(expected[s] for s in still_in)
        assert result["winners"] == [s for s in still_in if expected[s] == best]
    if result["reason"] == "bridges":
        assert {column for _, column in played.crossed} == set(range(COLUMNS))
    if result["reason"] == "exhausted":
        assert all(final.sheets[s].refusals == 9 for s in still_in)
    assert replay(ENGINE, ENGINE.new(players, seed, {"order": order}), played.log) == final


@many(1500)
@given(players=st.integers(2, 5), seed=seeds, order=orders, rnd=randoms)
def test_random_games_keep_the_rules_and_score_as_recounted(
    players: int, seed: str, order: str, rnd: random.Random
) -> None:
    played = random_game(players, seed, order, rnd)
    assert played.state.ended_by in ("bridges", "exhausted")
    check_finished(played, players, seed, order)


@many(500)
@given(players=st.integers(2, 5), seed=seeds, order=orders, rnd=randoms)
def test_random_games_with_resignations(
    players: int, seed: str, order: str, rnd: random.Random
) -> None:
    played = random_game(players, seed, order, rnd, resign_chance=0.02)
    check_finished(played, players, seed, order)
    result = ENGINE.result(played.state)
    assert result is not None
    assert not set(result["winners"]) & set(result["resigned"])


def seen_by_others(states: list[State], events: list[Event], owner: int) -> None:
    """Every seat but `owner` (and a spectator) sees the same in each state and event."""
    for viewer in [None, *range(states[0].players)]:
        if viewer == owner:
            continue
        views = [ENGINE.view(state, viewer) for state in states]
        assert all(view == views[0] for view in views)
        redacted = [ENGINE.redact_event(event, viewer) for event in events]
        assert all(event == redacted[0] for event in redacted)


@many(150)
@given(players=st.integers(3, 5), seed=seeds, other_seed=seeds, rnd=randoms)
def test_pending_choices_and_future_dice_stay_hidden(
    players: int, seed: str, other_seed: str, rnd: random.Random
) -> None:
    """Whenever a seat chooses while others still have to, two different choices of that seat
    must look the same to everyone else, and stay so through the next seat's choice unless
    that one ends the turn; a different seed (other future dice) must change no view."""
    played = Played(ENGINE.new(players, seed))
    while seats := ENGINE.to_act(played.state):
        state = played.state
        viewer = rnd.choice([None, *range(players)])
        assert ENGINE.view(state._replace(seed=other_seed), viewer) == ENGINE.view(state, viewer)
        seat = rnd.choice(seats)
        moves = ENGINE.legal_moves(state, seat)
        move = rnd.choice(moves)
        if len(seats) > 1 and state.active_choice is not None and len(moves) > 1:
            other_move = rnd.choice([m for m in moves if m != move])
            first, first_event = ENGINE.transition(state, seat, move)
            second, second_event = ENGINE.transition(state, seat, other_move)
            seen_by_others([first, second], [first_event, second_event], seat)
            follower = rnd.choice([s for s in seats if s != seat])
            reply = rnd.choice(ENGINE.legal_moves(first, follower))
            after_first, reply_to_first = ENGINE.transition(first, follower, reply)
            after_second, reply_to_second = ENGINE.transition(second, follower, reply)
            if after_first.active_choice is not None and not after_first.over:
                seen_by_others([after_first, after_second], [reply_to_first, reply_to_second], seat)
        played.step(seat, move)
    check_finished(played, players, seed, "simultaneous")


def candidate_moves(state: State) -> list[Move]:
    """Every choose move with the dice the seat may use and up to two accelerations."""
    targets = [None, *COLOURS]
    chains = [[], *([t] for t in targets), *([a, b] for a, b in product(targets, repeat=2))]
    return [
        {"action": "choose", "colour": COLOURS[colour], "number": number, "accelerate": chain}
        for colour in sorted(set(state.colours))
        for number in sorted(set(state.numbers))
        for chain in chains
    ]


@many(100)
@given(
    players=st.integers(2, 5),
    seed=seeds,
    order=orders,
    rnd=randoms,
    prefix=st.integers(0, 250),
)
def test_legal_moves_are_exactly_the_moves_that_apply(
    players: int, seed: str, order: str, rnd: random.Random, prefix: int
) -> None:
    state = ENGINE.new(players, seed, {"order": order})
    for _ in range(prefix):
        if not ENGINE.to_act(state):
            return
        seat = rnd.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)))
    if not ENGINE.to_act(state):
        return
    seat = rnd.choice(ENGINE.to_act(state))
    legal = ENGINE.legal_moves(state, seat)
    assert len({ENGINE.format_move(move) for move in legal}) == len(legal), "no duplicates"
    accepted = []
    for move in candidate_moves(state):
        try:
            ENGINE.transition(state, seat, move)
        except IllegalMove:
            continue
        accepted.append(ENGINE.format_move(move))
    short = [m for m in legal if m["action"] == "choose" and len(m["accelerate"]) <= 2]
    assert sorted(accepted) == sorted(ENGINE.format_move(move) for move in short)
