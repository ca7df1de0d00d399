"""Random livingstone games, checked after every step.

The checks recount from the log, not from the engine's own bookkeeping: money is explained by
income (the bank is unlimited), stones and cards never appear or vanish, the stones set aside
and where each sold gem goes follow the white stone's rule, the draw pile only loses cards from
its top and takes new stacks under it, tents on the board are tracked from the events and scored
here from scratch, and a seat's view and log are the same whatever it may not know.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.engine import Event, Move
from shared.games.livingstone import Livingstone
from shared.games.livingstone.data import (
    BAG,
    CARDS,
    GEMS,
    MINE_COLLAPSE,
    PRINTED_VERSION,
    SOLD_THIS_TURN,
    STONES,
    TENTS_PER_PLAYER,
    WHITE_STONE_READINGS,
)
from shared.games.livingstone.state import State
from shared.playout import replay
from tests.support.engines import seeds

ENGINE = Livingstone()
ANIMALS = {"lion": 4, "rhino": 3, "antelope": 2}
HOLDABLE = [card for card in CARDS if card != MINE_COLLAPSE]

policies = st.integers(0, 2**32)
player_counts = st.integers(ENGINE.min_players, ENGINE.max_players)
boards = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {
            "costs": st.lists(st.integers(0, 6), min_size=1, max_size=10),
            "cards": st.dictionaries(st.sampled_from(CARDS), st.integers(0, 4)),
        },
        optional={"white_stone": st.sampled_from(WHITE_STONE_READINGS)},
    ),
)


def choose(rnd: random.Random, moves: list[Move], builder: bool = False) -> Move:
    """Mostly first a kind of step, then one of that kind, so games see many tents and cards
    rather than mostly small donations; now and then a uniform pick. A builder pitches a tent
    whenever it can and never gives money away, so two-player games run out of tents and
    re-use them."""
    if builder:
        for use in ("tent", "thalers"):
            if preferred := [move for move in moves if move.get("use") == use]:
                return rnd.choice(preferred)
        moves = [move for move in moves if move["action"] != "donate"] or moves
    if rnd.random() < 0.2:
        return rnd.choice(moves)
    kinds = sorted({(move["action"], move.get("use", "")) for move in moves})
    action, use = rnd.choice(kinds)
    return rnd.choice([m for m in moves if m["action"] == action and m.get("use", "") == use])


class Recount:
    """What the log says happened, kept apart from the engine's state."""

    def __init__(self, state: State, view: dict[str, Any]) -> None:
        players = len(state.players)
        self.row_points: list[int] = view["row_points"]
        self.majority: list[int] = view["majority"]
        self.money = [3] * players
        self.donated = [0] * players
        self.chest_at_most = [0] * players
        """The most each chest can hold, by the public log alone: a player's money at its last
        donation, less the tents and fees paid since."""
        self.gems = [Counter[str]() for _ in range(players)]
        self.tents: dict[tuple[int, int], list[int]] = {}
        self.round_vp = [0] * players
        self.other_vp = [0] * players
        self.cards = sorted(state.rules.deck())
        self.set_aside = Counter[str]()
        self.printed = state.version >= PRINTED_VERSION
        self.white_stone = state.rules.white_stone
        self.white: Counter[str] | None = None
        """Once the white stone is out in this turn: the gems drawn with it still held."""

    def tent(self, seat: int, event: Event) -> None:
        if "from" in event:
            self.tents[tuple(event["from"])].remove(seat)
        self.tents.setdefault((event["column"], event["row"]), []).append(seat)
        self.money[seat] -= event["cost"] + len(event.get("fees", []))
        self.chest_at_most[seat] = min(self.chest_at_most[seat], self.money[seat])
        for owner in event.get("fees", []):
            self.money[owner] += 1

    def stones(self, seat: int, event: Event) -> None:
        drawn = Counter[str](event["drawn"])
        gems = Counter({gem: drawn[gem] for gem in GEMS})
        self.gems[seat] += gems
        self.set_aside.update(black=drawn["black"], white=drawn["white"])
        if drawn["white"]:
            assert event["returned"] == {c: self.set_aside[c] for c in STONES if self.set_aside[c]}
            self.set_aside.clear()
            if self.printed:
                self.white = (self.white or Counter()) + gems

    def sell(self, seat: int, gem: str) -> str:
        """Where the sold gem goes: back into the bag once the white stone came out in this
        turn (every gem, or those drawn with it), else aside."""
        self.gems[seat][gem] -= 1
        back = self.white is not None and (self.white_stone == SOLD_THIS_TURN or self.white[gem])
        if self.white is not None and self.white[gem]:
            self.white[gem] -= 1
        if back:
            return "bag"
        self.set_aside[gem] += 1
        return "aside"

    def apply(self, seat: int, event: Event) -> None:
        action = event["action"]
        placed_tent = event.get("use") == "tent" or event.get("card") == "extra-tent"
        if placed_tent:
            self.tent(seat, event)
        if "drawn" in event:
            self.stones(seat, event)
        for loser in event.get("lost", {}):
            self.gems[int(loser)].clear()
        if "lost" in event and self.white is not None:
            self.white.clear()
        if action in ("take", "play", "sell"):
            self.money[seat] += event.get("thalers", 0)
        if action == "sell":
            assert event["to"] == self.sell(seat, event["gem"])
        if action in ("sell", "play"):
            self.other_vp[seat] += event.get("points", 0)
        if action == "donate":
            self.donated[seat] += event["secret"][str(seat)]["amount"]
            self.chest_at_most[seat] = self.money[seat]
        if "scored" in event:
            column = event["scored"]["column"]
            points = [0] * len(self.money)
            for row, vp in enumerate(self.row_points, start=1):
                for owner in self.tents.get((column, row), []):
                    points[owner] += vp
            assert event["scored"]["points"] == points
            self.round_vp = [a + b for a, b in zip(self.round_vp, points, strict=True)]
        if "next" in event or "round" in event:
            self.white = None

    def final_scores(self, state: State) -> list[int]:
        scores = [a + b for a, b in zip(self.round_vp, self.other_vp, strict=True)]
        for row, bonus in enumerate(self.majority, start=1):
            count = Counter(
                owner for (_, r), owners in self.tents.items() if r == row for owner in owners
            )
            if count:
                best = max(count.values())
                leaders = [seat for seat, n in count.items() if n == best]
                for seat in leaders:
                    scores[seat] += bonus // len(leaders)
        for seat, player in enumerate(state.players):
            scores[seat] += sum(self.gems[seat].values())
            scores[seat] += sum(ANIMALS.get(card, 0) for card in player.hand)
        return scores


def check_board(state: State, recount: Recount) -> None:
    """The tents on the board are the ones the log placed and moved."""
    board = {
        (column + 1, row + 1): owners
        for column, fields in enumerate(state.tents)
        for row, owners in enumerate(fields)
        if owners
    }
    assert board == {field: tuple(owners) for field, owners in recount.tents.items() if owners}


def check_state(state: State, recount: Recount) -> None:
    gems = [sum(column) for column in zip(*(player.gems for player in state.players), strict=True)]
    held = [0, *gems, 0]
    stones = [sum(counts) for counts in zip(state.bag, state.set_aside, held, strict=True)]
    assert stones == list(BAG)
    assert list(state.set_aside) == [recount.set_aside[colour] for colour in STONES]
    cards = [*state.deck, *state.played]
    for player in state.players:
        cards.extend(player.hand)
    assert sorted(cards) == recount.cards
    on_board = Counter(owner for column in state.tents for owners in column for owner in owners)
    for seat, player in enumerate(state.players):
        assert player.tents_left + on_board[seat] == TENTS_PER_PLAYER
        assert player.thalers >= 0 and min(player.gems) >= 0
        assert player.thalers + player.donated == recount.money[seat]
        assert player.donated == recount.donated[seat]
        assert player.donated_at_most == recount.chest_at_most[seat]
        assert player.donations <= player.donated <= player.donated_at_most
        assert list(player.gems) == [recount.gems[seat][gem] for gem in ("clear", "blue", "red")]
        assert player.tent_points == recount.round_vp[seat]
    if state.turn is not None:
        assert not state.players[state.turn.seat].resigned
        assert list(state.round.dice) == sorted(state.round.dice)
        taken: dict[int, list[int]] = {}
        for taker, pips in state.round.taken:
            taken.setdefault(taker, []).append(pips)
        for seat, last in enumerate(state.round.last_die):
            mine = taken.get(seat, [0])
            assert last == mine[-1] and mine == sorted(set(mine))


def check_deck(before: State, after: State, event: Event) -> None:
    """The draw pile loses cards only from its top, and a drawn Mine Collapse goes with the
    played cards into a new stack under it, so it never comes back above a card that was in the
    pile then, nor strikes twice in one draw (a pile refilled from the played cards was empty)."""
    stack = event.get("new_stack", 0)
    pile = after.deck[: len(after.deck) - stack]
    if not event.get("reshuffled"):
        assert before.deck[len(before.deck) - len(pile) :] == pile
    collapses = event.get("collapses", 0)
    assert collapses <= (before.deck + before.played).count(MINE_COLLAPSE)
    assert after.deck[len(pile) :].count(MINE_COLLAPSE) >= collapses
    assert (stack > 0) == (collapses > 0)


def expected_winners(state: State, scores: list[int]) -> tuple[list[int], list[int]]:
    active = [seat for seat, p in enumerate(state.players) if not p.resigned]
    if state.ended_by == "resignation":
        return active, []
    gifts = {seat: state.players[seat].donated for seat in active}
    if len(state.players) == 2:
        assert state.threshold is not None and 4 <= state.threshold <= 24
        out = [seat for seat in active if gifts[seat] < state.threshold]
    else:
        out = [seat for seat in active if gifts[seat] == min(gifts.values())]
    contenders = [seat for seat in active if seat not in out]
    best = max(((scores[seat], gifts[seat]) for seat in contenders), default=None)
    return [seat for seat in contenders if (scores[seat], gifts[seat]) == best], out


def play_checked(
    players: int, seed: str, policy: int, board: Any, version: int = ENGINE.version
) -> None:
    rnd = random.Random(policy)
    builder = policy % 3 == 0
    if builder and board is None:
        board = {"costs": [0] * 10}
    options = None if board is None else {"board": board}
    start = ENGINE.new(players, seed, options, version)
    state = start
    recount = Recount(state, ENGINE.view(state, None))
    check_state(state, recount)
    log = []
    while ENGINE.to_act(state):
        (seat,) = ENGINE.to_act(state)
        if rnd.random() < 0.001:
            seat = rnd.choice([s for s, p in enumerate(state.players) if not p.resigned])
            move: Move = {"action": "resign"}
        else:
            move = choose(rnd, ENGINE.legal_moves(state, seat), builder)
        before = state
        state, event = ENGINE.transition(state, seat, move)
        log.append((seat, move))
        recount.apply(seat, event)
        check_state(state, recount)
        if version == ENGINE.version:
            check_deck(before, state, event)
        if "row" in event or "scored" in event:
            check_board(state, recount)
        assert len(log) < 5_000
    assert state.round.number <= state.rules.columns * (1 + state.rules.revisits)
    check_board(state, recount)
    assert replay(ENGINE, ENGINE.new(players, seed, options, version), log) == state
    result = ENGINE.result(state)
    assert result is not None
    scores = recount.final_scores(state)
    assert result["scores"] == scores
    winners, out = expected_winners(state, scores)
    assert result["winners"] == winners and result["excluded"] == out


@pytest.mark.long
@settings(max_examples=1800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=player_counts, seed=seeds, policy=policies, board=boards)
def test_random_games_keep_every_invariant_and_score_as_recounted(
    players: int, seed: str, policy: int, board: Any
) -> None:
    play_checked(players, seed, policy, board)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=player_counts, seed=seeds, policy=policies, board=boards)
def test_games_by_the_version_1_rules_keep_the_same_invariants(
    players: int, seed: str, policy: int, board: Any
) -> None:
    """Stored games begun under version 1 still play on by its rules."""
    play_checked(players, seed, policy, board, version=1)


def disguise(state: State, viewer: int, rnd: random.Random, deck_too: bool) -> State:
    """The same game except for what `viewer` cannot know: the others' thalers, donation
    totals and hands (same sizes), and, unless the viewer is about to draw, the deck's order
    (collapses kept where they are, since drawing one is public)."""
    players = list(state.players)
    for seat, player in enumerate(players):
        if seat != viewer:
            hand = sorted(rnd.choice(HOLDABLE) for _ in player.hand)
            players[seat] = player._replace(
                thalers=player.thalers + rnd.randint(1, 5),
                donated=player.donated + rnd.randint(0, 5),
                hand=tuple(hand),
            )
    deck = state.deck
    if deck_too:
        others = [card for card in deck if card != MINE_COLLAPSE]
        rnd.shuffle(others)
        shuffled = iter(others)
        deck = tuple(card if card == MINE_COLLAPSE else next(shuffled) for card in deck)
    return state._replace(players=tuple(players), deck=deck)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=player_counts, seed=seeds, policy=policies)
def test_a_seat_never_sees_the_others_money_donations_or_cards(
    players: int, seed: str, policy: int
) -> None:
    rnd = random.Random(policy)
    state = ENGINE.new(players, seed)
    while ENGINE.to_act(state):
        (seat,) = ENGINE.to_act(state)
        viewer = rnd.randrange(players)
        twin = disguise(state, viewer, rnd, deck_too=seat != viewer)
        assert ENGINE.view(twin, viewer) == ENGINE.view(state, viewer)
        other = (viewer + 1) % players
        assert ENGINE.view(twin, other) != ENGINE.view(state, other)
        move = choose(rnd, ENGINE.legal_moves(state, seat))
        after, event = ENGINE.transition(state, seat, move)
        if move in ENGINE.legal_moves(twin, seat):
            _, twin_event = ENGINE.transition(twin, seat, move)
            assert ENGINE.redact_event(twin_event, viewer) == ENGINE.redact_event(event, viewer)
        state = after
