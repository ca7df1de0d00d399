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
    TAKE_4_THALERS,
    THRESHOLD_DICE,
    TWO_DICE,
)
from shared.games.livingstone.legal import legal_moves
from shared.games.livingstone.moves import Donate, Play, Sell, Take, decode
from shared.games.livingstone.rules import step
from shared.games.livingstone.state import Field, State
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
SHORTFALL = 3.0
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


def stone_worth(state: State, thaler: float) -> float:
    """A stone drawn blind from the bag, on average."""
    bag = state.bag
    left = sum(bag)
    if not left:
        return 0.0
    return sum(bag[CLEAR + gem] * gem_worth(gem, thaler) for gem in range(3)) / left


def thaler_worth(state: State, seat: Seat) -> float:
    """VP one more thaler is worth to `seat` now: what it buys, or what giving it saves (at
    the best rate over the gifts it may still make: the first thalers of a two-player gift save
    nothing alone), whichever is more."""
    donated = state.players[seat].donated
    now = shortfall(state, seat, donated)
    saves = max(
        (now - shortfall(state, seat, donated + more)) / more
        for more in range(1, len(THRESHOLD_ABOVE) + 1)
    )
    return max(THALER * (1 - progress(state)), saves)


def donation_target(state: State, seat: Seat) -> int:
    """More than two players: what `seat` aims to have given by the end, one thaler over all
    the money the poorest other has had to give (its thalers and its gifts, whose sum the table
    shows), which no gift of that player's can beat."""
    means = [
        other.thalers + other.donated
        for index, other in enumerate(state.players)
        if index != seat and not other.resigned
    ]
    return min(means, default=0) + 1


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


def shortfall(state: State, seat: Seat, donated: int) -> float:
    """VP the queen's rule may yet cost `seat` having given `donated`: with two players the
    chance that the dice beat it, with more how far it is from its target; either weighs more
    as the end nears, while money still buys tents."""
    weight = progress(state)
    if len(state.players) == 2:
        chance = THRESHOLD_ABOVE[donated] if donated < len(THRESHOLD_ABOVE) else 0.0
        return EXCLUSION * chance * weight
    return SHORTFALL * max(0, donation_target(state, seat) - donated) * weight


def progress(state: State) -> float:
    """How far the game is: 0 at the first column, 1 at the last."""
    return state.steamer / max(state.board.columns - 1, 1)


def _majority(state: State, seat: Seat, row: int, added: int = 1) -> float:
    """What `added` more tents of `seat` in `row` (1..6) change in its share of the bonus."""
    counts = Counter(owner for column in state.tents for owner in column[row - 1])
    bonus = state.board.majority[row - 1]

    def share(counted: Counter[int]) -> float:
        if not counted:
            return 0.0
        most = max(counted.values())
        leaders = [owner for owner, count in counted.items() if count == most]
        return bonus / len(leaders) if seat in leaders else 0.0

    before = share(counts)
    counts[seat] += added
    return MAJORITY_SHARE * (share(counts) - before)


def worth(state: State, seat: Seat) -> float:
    """What `seat` may end the game with, in VP, as things stand."""
    player = state.players[seat]
    board = state.board
    total = float(player.points)
    if state.turn is not None:
        for row_points, owners in zip(board.row_points, state.tents[state.column], strict=True):
            total += row_points * owners.count(seat)
    for row in range(1, len(board.row_points) + 1):
        total += _majority(state, seat, row, 0) + MAJORITY_SHARE * _row_share(state, seat, row)
    total += sum(count * gem_worth(gem) for gem, count in enumerate(player.gems))
    total += player.thalers * THALER * (1 - progress(state))
    total += sum(ANIMAL_POINTS.get(card, CARD) for card in player.hand)
    return total - shortfall(state, seat, player.donated)


def _row_share(state: State, seat: Seat, row: int) -> float:
    counts = Counter(owner for column in state.tents for owner in column[row - 1])
    if not counts:
        return 0.0
    most = max(counts.values())
    leaders = [owner for owner, count in counts.items() if count == most]
    return state.board.majority[row - 1] / len(leaders) if seat in leaders else 0.0


def step_value(state: State, seat: Seat, move: Move) -> float:
    """How much `move` adds to `seat`'s worth, drawing by its average."""
    player = state.players[seat]
    thaler = thaler_worth(state, seat)
    match decode(move):
        case Take(die, "thalers"):
            return die * thaler
        case Take(die, "mine"):
            return die * stone_worth(state, thaler)
        case Take(_, "card"):
            return CARD
        case Take(die, _, row, source):
            return _tent_value(state, seat, row or die, source, thaler)
        case Sell(gem, market):
            index = GEMS.index(gem)
            price = MARKET_PRICE[gem] if market else BANK_PRICE[gem]
            value = price * (thaler + market) - gem_worth(index)
            return value + _unlocked(state, seat, move)
        case Donate(amount):
            saves = shortfall(state, seat, player.donated) - shortfall(
                state, seat, player.donated + amount
            )
            return saves - amount * THALER * (1 - progress(state))
        case Play(card, at):
            return _card_value(state, seat, card, at, thaler)
    return 0.0


def _tent_value(state: State, seat: Seat, row: int, source: Field | None, thaler: float) -> float:
    turn = state.turn
    assert turn is not None, "tents are pitched only while the game runs"
    free = turn.free_tents > 0
    price = tent_price(state, seat, (state.column, row), free)
    value = state.board.row_points[row - 1] + _majority(state, seat, row) - price * thaler
    if source is not None:
        value += _majority(state, seat, source[1], -1)
    return value


def _best_take(state: State, seat: Seat) -> float:
    takes = [move for move in legal_moves(state, seat) if move["action"] == "take"]
    return max((step_value(state, seat, move) for move in takes), default=0.0)


def _unlocked(state: State, seat: Seat, sale: Move) -> float:
    """What a sale adds to the best die `seat` may take (a tent it could not pay before)."""
    turn = state.turn
    if turn is None or not turn.may_take or not state.round.can_take(seat):
        return 0.0
    after = step(state, seat, sale)[0]
    return max(0.0, _best_take(after, seat) - _best_take(state, seat))


def _card_value(state: State, seat: Seat, card: str, at: Field | None, thaler: float) -> float:
    """What playing `card` brings beyond keeping it (worth `CARD`, or an animal's VP)."""
    turn = state.turn
    assert turn is not None, "cards are played only while the game runs"
    player = state.players[seat]
    if card in ANIMAL_POINTS:
        return 0.1
    if card == TAKE_4_THALERS:
        return CARD_THALERS * thaler - CARD + 0.1
    if card == DRAW_3_STONES:
        return CARD_STONES * stone_worth(state, thaler) - CARD + 0.1
    if card == MARKET:
        gains = (
            count * (MARKET_PRICE[gem] * (thaler + 1) - gem_worth(index))
            for index, (gem, count) in enumerate(zip(GEMS, player.gems, strict=True))
        )
        return sum(gains) - CARD
    if card == EXTRA_TENT and at is not None:
        return _majority(state, seat, at[1]) - CARD + 0.5
    dice_left = turn.may_take and state.round.can_take(seat)
    if card == TWO_DICE:
        return 1.0 if dice_left and len(state.round.dice) > 1 else -CARD
    if card in (NO_COST_TENT, IGNORE_DIE_VALUE, EXPEDITION):
        if not dice_left or player.tents_left == 0 or turn.free_tents or turn.any_row_tents:
            return -CARD
        return 2.0
    return -CARD


class LivingstoneHeuristic:
    def scores(self, state: State, seat: Seat, moves: list[Move]) -> list[float]:
        return [step_value(state, seat, move) for move in moves]

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
        return margins([worth(state, seat) for seat in range(len(state.players))], SPREAD)


LIVINGSTONE = LivingstoneHeuristic()
