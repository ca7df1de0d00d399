"""How a Livingstone bot judges a step: victory points now and to come, with money at a price.

Everything is counted in victory points (VP). A thaler is worth `THALER` VP (what it buys in
tents), a gem the better of its VP at the end and its price, a card in hand what it does when
played. A tent earns its row's VP when its column is scored (this round) and a share of the
row's majority bonus as the rows stand; it costs its price in thalers. Draws are valued by what
they bring on average (stones by the bag's mix, which is public), never by the sample's luck.

The queen's rule decides games: the lowest donor cannot win (with two players, whoever gives
less than four dice's sum). So the bot aims its donations at a target from what it may see (the
others' money, which the table shows as a sum, and how often they gave), and a shortfall costs
it more the nearer the end is.

A playout plays every seat by these values to the end of the round and a little beyond, then
judges each seat's `worth`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from shared.bots.heuristic import Payoffs, margins, payoffs
from shared.engine import Engine, Move, Seat
from shared.games.livingstone.data import (
    ANIMAL_POINTS,
    BANK_PRICE,
    CARD_STONES,
    CARD_THALERS,
    CLEAR,
    DRAW_3_STONES,
    EXPEDITION,
    EXTRA_TENT,
    GEMS,
    IGNORE_DIE_VALUE,
    MARKET,
    MARKET_PRICE,
    NO_COST_TENT,
    START_THALERS,
    TAKE_4_THALERS,
    THRESHOLD_DICE,
    TWO_DICE,
)
from shared.games.livingstone.legal import legal_moves
from shared.games.livingstone.moves import decode
from shared.games.livingstone.rules import apply_action
from shared.games.livingstone.state import State
from shared.games.livingstone.tents import tent_price

THALER = 0.8
"""VP a thaler is worth at the start: what it buys in tents, roughly. Tents cost more as the
steamer moves on, and thalers score nothing at the end, so the worth falls to nothing."""
CARD = 2.0
"""VP a card drawn blind is worth on average."""
GEM_PRICES = tuple(BANK_PRICE[gem] for gem in GEMS)
MAJORITY_SHARE = 0.6
"""How much of a row's majority bonus, as the rows stand now, counts: they may yet change."""
EXCLUSION = 40.0
"""VP that being ruled out by the queen costs: about the game."""
SHORTFALL = 5.0
"""More than two players: VP per thaler a donation falls short of its target, at the end
(less before)."""
SPREAD = 10.0
"""A lead of this many VP is most of the way to a sure win (`payoffs`)."""
PLAYOUT_ROUNDS = 1
"""Rounds a playout plays after the current one before it judges the game."""
PLAYOUT_EPSILON = 0.05


def gem_worth(gem: int, thaler: float = THALER) -> float:
    """Clear, blue or red (0, 1, 2): 1 VP at the end, or its price in thalers."""
    return max(1.0, GEM_PRICES[gem] * thaler)


def _sums_above(dice: int) -> tuple[float, ...]:
    """`above[n]`: the chance that `dice` six-sided dice sum to more than n."""
    ways = Counter({0: 1})
    for _ in range(dice):
        rolled: Counter[int] = Counter()
        for total, count in ways.items():
            for face in range(1, 7):
                rolled[total + face] += count
        ways = rolled
    outcomes = 6**dice
    return tuple(
        sum(count for total, count in ways.items() if total > n) / outcomes
        for n in range(6 * dice + 1)
    )


THRESHOLD_ABOVE = _sums_above(THRESHOLD_DICE)
BEST_RATE = tuple(
    max(
        (THRESHOLD_ABOVE[given] - THRESHOLD_ABOVE[min(given + more, len(THRESHOLD_ABOVE) - 1)])
        / more
        for more in range(1, len(THRESHOLD_ABOVE))
    )
    for given in range(len(THRESHOLD_ABOVE))
)
"""Two players: `BEST_RATE[given]`, the most a thaler more can lower the chance that the dice
beat a gift of `given`, given at the best rate over the gifts still to make (the first thalers
of a gift lower it by nothing alone)."""


class Outlook:
    """One seat's view of the game, for judging its steps: how far the game is, what its
    donations must reach, what a thaler and a stone are worth to it, who leads each row."""

    __slots__ = ("_rows", "progress", "seat", "state", "stone", "target", "thaler")

    def __init__(self, state: State, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.progress = state.steamer / max(state.rules.columns - 1, 1)
        """0 at the first column, 1 at the last."""
        rounds = state.rules.columns
        others = [
            (other.thalers + other.donated - START_THALERS) * rounds / (state.steamer + 1)
            + START_THALERS
            for index, other in enumerate(state.players)
            if index != seat and not other.resigned
        ]
        self.target = int(min(others, default=0)) + 1
        """More than two players: one thaler over all the money the poorest other may have had
        to give by the end (its thalers and its gifts, whose sum the table shows, going on
        growing as it has so far), which no gift of that player's can beat."""
        self._rows: list[Counter[int]] | None = None
        donated = state.players[seat].donated
        if len(state.players) == 2:
            rate = BEST_RATE[donated] if donated < len(BEST_RATE) else 0.0
            saves = EXCLUSION * rate * self.progress
        else:
            saves = SHORTFALL * self.progress if donated < self.target else 0.0
        self.thaler = max(THALER * (1 - self.progress), saves)
        """VP one more thaler is worth: what it buys, or what giving it saves, whichever is
        more."""
        bag = state.bag
        left = sum(bag)
        self.stone = (
            sum(bag[CLEAR + gem] * gem_worth(gem, self.thaler) for gem in range(3)) / left
            if left
            else 0.0
        )
        """A stone drawn blind from the bag, on average."""

    @property
    def rows(self) -> list[Counter[int]]:
        """Per row, how many tents each seat has in it (worked out when first asked)."""
        if self._rows is None:
            tents = self.state.tents
            self._rows = [
                Counter(owner for column in tents for owner in column[row])
                for row in range(len(self.state.rules.row_points))
            ]
        return self._rows

    def shortfall(self, donated: int) -> float:
        """VP the queen's rule may yet cost the seat having given `donated`: with two players
        the chance that the dice beat it, with more how far it is from its target; either
        weighs more as the end nears, while money still buys tents."""
        if len(self.state.players) == 2:
            chance = THRESHOLD_ABOVE[donated] if donated < len(THRESHOLD_ABOVE) else 0.0
            return EXCLUSION * chance * self.progress
        return SHORTFALL * max(0, self.target - donated) * self.progress

    def majority(self, row: int, added: int = 1) -> float:
        """What `added` more tents in `row` (1..6) change in the seat's share of its bonus."""
        counts = self.rows[row - 1]
        bonus = self.state.rules.majority[row - 1]
        before = _share(counts, self.seat, bonus)
        counts[self.seat] += added
        after = _share(counts, self.seat, bonus)
        counts[self.seat] -= added
        return MAJORITY_SHARE * (after - before)

    def worth(self) -> float:
        """What the seat may end the game with, in VP, as things stand."""
        state, seat = self.state, self.seat
        player = state.players[seat]
        rules = state.rules
        total = float(player.points)
        if state.turn is not None:
            for row_points, owners in zip(rules.row_points, state.tents[state.column], strict=True):
                total += row_points * owners.count(seat)
        for row, counts in enumerate(self.rows):
            total += MAJORITY_SHARE * _share(counts, seat, rules.majority[row])
        total += sum(count * gem_worth(gem) for gem, count in enumerate(player.gems))
        total += player.thalers * THALER * (1 - self.progress)
        total += sum(ANIMAL_POINTS.get(card, CARD) for card in player.hand)
        return total - self.shortfall(player.donated)

    def step(self, move: Move) -> float:
        """How much `move` (a legal one, so in canonical form) adds to the seat's worth, drawing
        by its average."""
        thaler = self.thaler
        action = move["action"]
        if action == "take":
            die: int = move["die"]
            use = move["use"]
            if use == "thalers":
                return die * thaler
            if use == "mine":
                return die * self.stone
            if use == "card":
                return CARD
            source = move.get("from")
            return self._tent(move.get("row", die), None if source is None else source[1])
        if action == "sell":
            gem: str = move["gem"]
            market: bool = move.get("market", False)
            price = MARKET_PRICE[gem] if market else BANK_PRICE[gem]
            value = price * (thaler + market) - gem_worth(GEMS.index(gem))
            return value + self._unlocked(move)
        if action == "donate":
            amount: int = move["amount"]
            donated = self.state.players[self.seat].donated
            saves = self.shortfall(donated) - self.shortfall(donated + amount)
            return saves - amount * THALER * (1 - self.progress)
        if action == "play":
            at = move.get("at")
            return self._card(move["card"], None if at is None else at[1])
        return 0.0

    def _tent(self, row: int, source: int | None) -> float:
        """A tent on `row` of the steamer's column (moved from a tent on row `source`)."""
        state, turn = self.state, self.state.turn
        assert turn is not None, "tents are pitched only while the game runs"
        price = tent_price(state, self.seat, (state.column, row), turn.free_tents > 0)
        value = state.rules.row_points[row - 1] + self.majority(row) - price * self.thaler
        if source is not None:
            value += self.majority(source, -1)
        return value

    def _best_take(self) -> float:
        takes = [move for move in legal_moves(self.state, self.seat) if move["action"] == "take"]
        return max((self.step(move) for move in takes), default=0.0)

    def _unlocked(self, sale: Move) -> float:
        """What a sale adds to the best die the seat may take (a tent it could not pay)."""
        state, turn = self.state, self.state.turn
        if turn is None or not turn.may_take or not state.round.can_take(self.seat):
            return 0.0
        action = decode(sale)
        assert action is not None, "a sale is an action"
        after = Outlook(apply_action(state, self.seat, action)[0], self.seat)
        return max(0.0, after._best_take() - self._best_take())

    def _card(self, card: str, at: int | None) -> float:
        """What playing `card` (Extra Tent at row `at`) brings beyond keeping it (worth `CARD`,
        or an animal's VP)."""
        state, turn = self.state, self.state.turn
        assert turn is not None, "cards are played only while the game runs"
        player = state.players[self.seat]
        if card in ANIMAL_POINTS:
            return 0.1
        if card == TAKE_4_THALERS:
            return CARD_THALERS * self.thaler - CARD + 0.1
        if card == DRAW_3_STONES:
            return CARD_STONES * self.stone - CARD + 0.1
        if card == MARKET:
            gains = (
                count * (MARKET_PRICE[gem] * (self.thaler + 1) - gem_worth(index))
                for index, (gem, count) in enumerate(zip(GEMS, player.gems, strict=True))
            )
            return sum(gains) - CARD
        if card == EXTRA_TENT and at is not None:
            return self.majority(at) - CARD + 0.5
        dice_left = turn.may_take and state.round.can_take(self.seat)
        if card == TWO_DICE:
            return 1.0 if dice_left and len(state.round.dice) > 1 else -CARD
        if card in (NO_COST_TENT, IGNORE_DIE_VALUE, EXPEDITION):
            if not dice_left or player.tents_left == 0 or turn.free_tents or turn.any_row_tents:
                return -CARD
            return 2.0
        return -CARD


def _share(counts: Counter[int], seat: Seat, bonus: int) -> float:
    """`seat`'s share of a row's majority `bonus`, the tents per owner being `counts`."""
    mine = counts[seat]
    if not mine:
        return 0.0
    most = max(counts.values())
    if mine < most:
        return 0.0
    return bonus / sum(1 for count in counts.values() if count == most)


class LivingstoneHeuristic:
    def players(self, state: State) -> int:
        return len(state.players)

    def patient(self, state: State, seat: Seat) -> bool:
        return False

    def scores(self, state: State, seat: Seat, moves: list[Move]) -> list[float]:
        outlook = Outlook(state, seat)
        return [outlook.step(move) for move in moves]

    def playout(self, engine: Engine[Any], state: State, rnd: random.Random) -> Payoffs:
        last = state.round.number + PLAYOUT_ROUNDS
        while state.turn is not None and state.round.number <= last:
            seat = state.turn.seat
            moves = engine.legal_moves(state, seat)
            if rnd.random() < PLAYOUT_EPSILON:
                move = rnd.choice(moves)
            else:
                scores = self.scores(state, seat, moves)
                move = moves[max(range(len(moves)), key=scores.__getitem__)]
            state = engine.apply(state, seat, move)
        result = engine.result(state)
        if result is not None:
            return payoffs(result["scores"], result["winners"], SPREAD)
        seats = range(len(state.players))
        return margins([Outlook(state, seat).worth() for seat in seats], SPREAD)


LIVINGSTONE = LivingstoneHeuristic()
