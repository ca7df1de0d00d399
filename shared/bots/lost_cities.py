"""How a Lost Cities bot judges a turn: what each expedition may still come to.

One idea carries it: a colour's *prospect*, the points its expedition would end with if the
seat played the cards of that colour it holds (lowest first, as time allows) and, with a chance
that shrinks as the draw pile does, the unseen cards above them. A turn is judged by how it
changes the prospects: playing the lowest card of a colour changes nothing (it only uses a turn
to do what was planned), playing over a lower card throws that card away, discarding a card of
a promising colour loses its share, and a discard or a pile left open is judged by what it
would bring the other seat. Starting an expedition costs 20 points up front, so it is made only
when its prospect clears a margin.

Only what the seat may see is read: its own hand, both expeditions, the discard piles and the
size of the draw pile. The cards unseen (in the draw pile or the other hand) are everything
else. Inside a colour, cards are a 12-bit mask (`code - colour * 12` is the bit), and every sum
and count over a colour is one lookup in tables built here at import.
"""

from __future__ import annotations

import random
from typing import Any, Final, NamedTuple

from shared.bots.heuristic import Payoffs, margins, payoffs
from shared.engine import Engine, Move, Seat
from shared.games.lost_cities.cards import BIT, BLOCKED_BY, CARDS_PER_COLOUR, WAGERS_PER_COLOUR
from shared.games.lost_cities.moves import DECK, Action, canonical_action
from shared.games.lost_cities.rules import apply_action
from shared.games.lost_cities.scoring import (
    BONUS_CARDS,
    BONUS_POINTS,
    EXPEDITION_COST,
    match_totals,
)
from shared.games.lost_cities.state import SEATS, State

COLOUR_MASK: Final = (1 << CARDS_PER_COLOUR) - 1
WAGER_MASK: Final = (1 << WAGERS_PER_COLOUR) - 1
NUMBER_MASK: Final = COLOUR_MASK & ~WAGER_MASK


def _value(bit: int) -> int:
    return 0 if bit < WAGERS_PER_COLOUR else bit - WAGERS_PER_COLOUR + 2


_BITS: Final = tuple(
    tuple(bit for bit in range(CARDS_PER_COLOUR) if mask >> bit & 1)
    for mask in range(1 << CARDS_PER_COLOUR)
)


def _table(of: Any) -> tuple[int, ...]:
    return tuple(of(bits) for bits in _BITS)


SUM: Final = _table(lambda bits: sum(_value(bit) for bit in bits))
COUNT: Final = _table(len)
WAGERS: Final = _table(lambda bits: sum(bit < WAGERS_PER_COLOUR for bit in bits))
TOP: Final = _table(lambda bits: max((_value(bit) for bit in bits), default=0))
"""The highest number of a colour's cards (0: none, or wagers only)."""
ABOVE: Final = tuple(
    sum(1 << bit for bit in range(WAGERS_PER_COLOUR, CARDS_PER_COLOUR) if _value(bit) > top)
    for top in range(11)
)
"""`ABOVE[top]`: the numbers one may still play on an expedition whose top is `top`."""
COUNT_SUM: Final = tuple(zip(COUNT, SUM, strict=True))
EXPEDITION: Final = tuple(
    (ABOVE[TOP[mask]], SUM[mask], COUNT[mask], WAGERS[mask]) for mask in range(len(SUM))
)
"""An expedition's cards as `prospect` reads them: the numbers still playable on it, the sum
and count of its cards, its wagers."""
PLAYABLE: Final = tuple(
    ABOVE[TOP[mask]] | (0 if mask & NUMBER_MASK else WAGER_MASK) for mask in range(len(SUM))
)
"""The cards one may still play on an expedition (wagers only before its first number)."""


class Tuning(NamedTuple):
    """The numbers a Lost Cities bot judges by: each version of the bots has its own
    (`shared.bots.VERSIONS`), so that a move an older one made can be made again."""

    start_margin: float
    """The prospect an expedition must promise before it is started."""
    wager_margin: float
    """And more per wager on it, for a wager doubles the loss as well as the gain."""
    draw_share: float
    """The chance of drawing an unseen card in time to play it, per turn left per unseen card."""
    play_bonus: float
    """A turn that plays a card as planned beats one that discards a card nobody needs."""
    gift: float
    """How much of a card's worth to the other seat counts against discarding it (and for
    taking it off a pile): the other seat plays it only if it suits its hand."""
    spread: float
    """A margin of this many points is most of the way to a sure win (`payoffs`)."""
    playout_epsilon: float
    """How often a playout's turn is a random legal one, so the samples do not all agree."""
    playout_turns: int
    """Turns a playout plays before it judges the game as it stands."""


FIRST_TUNING = Tuning(
    start_margin=12.0,
    wager_margin=10.0,
    draw_share=0.5,
    play_bonus=1.0,
    gift=0.7,
    spread=25.0,
    playout_epsilon=0.1,
    playout_turns=10,
)
"""The bots' first version: careful starters, tuned against themselves."""


def _gift(gift: float, theirs: int, bit: int) -> float:
    if not (1 << bit) & PLAYABLE[theirs]:
        return 0.0
    if not theirs:
        return 0.1 * _value(bit)
    return gift * _value(bit) * (1 + WAGERS[theirs])


def gifts(gift: float) -> tuple[tuple[float, ...], ...]:
    """`gifts(gift)[theirs][bit]`: what a card would be worth to the other seat, whose
    expedition of its colour is `theirs` (more to one who has started it, and wagered on it)."""
    return tuple(
        tuple(_gift(gift, theirs, bit) for bit in range(CARDS_PER_COLOUR))
        for theirs in range(len(SUM))
    )


class Outlook:
    """One seat's view of the table, in colour masks, for judging its turn."""

    __slots__ = (
        "chance",
        "colours",
        "gifts",
        "hand",
        "later",
        "mine",
        "now",
        "other",
        "tops",
        "tuning",
        "turns",
        "unseen",
    )

    def __init__(self, state: State, seat: Seat, judge: LostCitiesHeuristic) -> None:
        self.tuning, self.gifts = judge.tuning, judge.gifts
        colours = state.deal.rules.colours
        mine, other = state.expeditions[seat], state.expeditions[1 - seat]
        seen = mine | other
        for pile in state.piles:
            for card in pile:
                seen |= BIT[card]
        held = 0
        for card in state.hands[seat]:
            held |= BIT[card]
        unseen = ~(seen | held)
        self.colours = colours
        self.hand, self.mine, self.other, self.unseen = [], [], [], []
        unseen_count = 0
        for colour in range(colours):
            shift = colour * CARDS_PER_COLOUR
            self.hand.append(held >> shift & COLOUR_MASK)
            self.mine.append(mine >> shift & COLOUR_MASK)
            self.other.append(other >> shift & COLOUR_MASK)
            hidden = unseen >> shift & COLOUR_MASK
            self.unseen.append(hidden)
            unseen_count += COUNT[hidden]
        self.tops = [pile[-1] if pile else -1 for pile in state.piles]
        self.turns = (state.deck_left + 1) // 2
        """Turns left to the seat if every draw is from the draw pile, this one included."""
        share = judge.tuning.draw_share
        self.chance = min(share, share * self.turns / max(unseen_count, 1))
        self.now: list[float | None] = [None] * colours
        """Per colour, its prospect as things are (worked out when first asked)."""
        self.later: list[float | None] = [None] * colours
        """The same a turn later (after a turn that leaves the colour alone)."""

    def current(self, colour: int) -> float:
        now = self.now[colour]
        if now is None:
            now = self.now[colour] = self.prospect(
                colour, self.mine[colour], self.hand[colour], self.turns
            )
        return now

    def next_turn(self, colour: int) -> float:
        later = self.later[colour]
        if later is None:
            later = self.later[colour] = self.prospect(
                colour, self.mine[colour], self.hand[colour], self.turns - 1
            )
        return later

    def prospect(self, colour: int, played: int, held: int, turns: int) -> float:
        """The points colour `colour` would end with: expedition `played`, cards `held`, `turns`
        turns to play them in. An expedition not started is worth nothing until it is."""
        above, played_sum, played_count, wagers = EXPEDITION[played]
        plays, whole = COUNT_SUM[held & above]
        numbers = float(whole)
        if plays > turns:
            numbers = numbers * turns / plays
            plays = turns
        later_count, later_sum = COUNT_SUM[self.unseen[colour] & above]
        expected = later_count * self.chance
        spare = max(turns - plays, 0)
        if expected > spare:  # too few turns left to play them all: each card takes one
            later = later_sum * spare / later_count
            expected = float(spare)
        else:
            later = later_sum * self.chance
        base = played_sum + numbers + later - EXPEDITION_COST
        bonus = BONUS_POINTS if played_count + plays + expected >= BONUS_CARDS else 0
        points = base * (1 + wagers) + bonus
        if held & WAGER_MASK and not played & NUMBER_MASK:
            in_hand = WAGERS[held]
            points = max(
                points, base * (1 + wagers + in_hand) + bonus - self.tuning.wager_margin * in_hand
            )
        return points if played else max(0.0, points)

    def gift(self, colour: int, bit: int) -> float:
        """What card `bit` of `colour` would be worth to the other seat."""
        return self.gifts[self.other[colour]][bit]

    def action(self, play: bool, colour: int, bit: int) -> float:
        """How a turn's first half changes the seat's prospects (the draw aside)."""
        played, rest = self.mine[colour], self.hand[colour] & ~(1 << bit)
        before = self.current(colour)
        if not play:
            if (1 << bit) & PLAYABLE[played]:
                after = self.prospect(colour, played, rest, self.turns - 1)
            else:  # a card the seat can no longer play: its prospect never counted it
                after = self.next_turn(colour)
            return after - before - self.gifts[self.other[colour]][bit]
        after = self.prospect(colour, played | 1 << bit, rest, self.turns - 1)
        tuning = self.tuning
        if not played:
            return after - before - tuning.start_margin + tuning.play_bonus
        if bit < WAGERS_PER_COLOUR:
            return after - before - tuning.wager_margin + tuning.play_bonus
        return after - before + tuning.play_bonus

    def draw(self, play: bool, colour: int, bit: int, source: int) -> float:
        """What the draw from `source` adds, after the first half played or discarded `bit`."""
        if source == DECK:
            return 0.0
        drawn = self.tops[source] - source * CARDS_PER_COLOUR
        played, held = self.mine[source], self.hand[source]
        if source == colour:
            held &= ~(1 << bit)
            if play:
                played |= 1 << bit
            before = self.prospect(source, played, held, self.turns - 1)
        else:
            before = self.next_turn(source)
        after = self.prospect(source, played, held | 1 << drawn, self.turns - 1)
        return after - before + self.gift(source, drawn)


def _turn_scores(outlook: Outlook, turns: list[Action]) -> list[float]:
    actions: dict[tuple[bool, int], float] = {}
    scores = []
    for play, card, source in turns:
        colour, bit = divmod(card, CARDS_PER_COLOUR)
        key = (play, card)
        score = actions.get(key)
        if score is None:
            score = actions[key] = outlook.action(play, colour, bit)
        scores.append(score + outlook.draw(play, colour, bit, source))
    return scores


def _best_turn(state: State, seat: Seat, judge: LostCitiesHeuristic) -> Action:
    """The best-scored turn, found without listing every compound move: the best draw after
    each first half is the best draw overall, unless that is from the first half's colour."""
    outlook = Outlook(state, seat, judge)
    played = state.expeditions[seat]
    drawable = 0 if state.deal.rules.must_draw_deck(state.stall) else state.open_piles
    draws = [(0.0, DECK)]
    draws += [
        (outlook.draw(False, -1, 0, colour), colour)
        for colour in range(outlook.colours)
        if drawable >> colour & 1
    ]
    draws.sort(reverse=True)
    first, second = draws[0], draws[-1] if len(draws) == 1 else draws[1]
    chosen, best_score = Action(False, state.hands[seat][0], DECK), -1e9
    for card in state.hands[seat]:
        colour, bit = divmod(card, CARDS_PER_COLOUR)
        draw, source = second if first[1] == colour else first
        for play in (False,) if played & BLOCKED_BY[card] else (True, False):
            score = outlook.action(play, colour, bit) + draw
            chosen_source = source
            if play and drawable >> colour & 1:
                own = outlook.draw(play, colour, bit, colour)
                if own > draw:
                    score += own - draw
                    chosen_source = colour
            if score > best_score:
                chosen, best_score = Action(play, card, chosen_source), score
    return chosen


def _action(move: Move) -> Action:
    action = canonical_action(move)
    assert action is not None, "legal moves are canonical"
    return action


def standing(state: State, judge: LostCitiesHeuristic) -> list[float]:
    """Per seat, the points of the match so far and what its expeditions of this game may
    still come to: how a playout cut short is judged."""
    totals = match_totals(state.deal.scored_games, SEATS)
    return [
        totals[seat] + sum((outlook.current(colour) for colour in range(outlook.colours)), 0.0)
        for seat, outlook in ((seat, Outlook(state, seat, judge)) for seat in range(SEATS))
    ]


class LostCitiesHeuristic:
    """The heuristic, judging by `tuning`."""

    def __init__(self, tuning: Tuning) -> None:
        self.tuning = tuning
        self.gifts = gifts(tuning.gift)

    def players(self, state: State) -> int:
        return SEATS

    def patient(self, state: State, seat: Seat) -> bool:
        return patient_play(state, 1 - seat)

    def scores(self, state: State, seat: Seat, moves: list[Move]) -> list[float]:
        return _turn_scores(Outlook(state, seat, self), [_action(move) for move in moves])

    def playout(self, engine: Engine[Any], state: State, rnd: random.Random) -> Payoffs:
        """At most `playout_turns` turns on, never into the match's next game, then judged:
        by the result at the match's end, else by the points so far and to come."""
        deal, tuning = state.deal, self.tuning
        for _ in range(tuning.playout_turns):
            seat = state.mover
            if seat is None or state.deal is not deal:
                break
            if rnd.random() < tuning.playout_epsilon:
                turn = _action(rnd.choice(engine.legal_moves(state, seat)))
            else:
                turn = _best_turn(state, seat, self)
            state = apply_action(state, seat, turn)
        spread = tuning.spread
        result = engine.result(state)
        if result is not None:
            return payoffs(match_totals(state.deal.scored_games, SEATS), result["winners"], spread)
        if state.deal is not deal:
            return margins(match_totals(state.deal.scored_games, SEATS), spread)
        return margins(standing(state, self), spread)


PATIENT_TABLE = 8
"""Cards on the table (expeditions and discard piles) before a seat's play is read."""
PATIENT_SHARE = 0.25
"""A seat whose expeditions hold less than this share of the cards on the table plays few
cards: chikinn's `committer` holds about 0.6, the second bots' quick level about 0.3, the first
bots' quick level under 0.2 (it starts an expedition only on a strong hand, and drags the game
on by drawing from the discard piles)."""


def patient_play(state: State, seat: Seat) -> bool:
    """Whether `seat` has played few of the cards on the table, from what everyone sees."""
    table = 0
    for expedition in state.expeditions:
        table += expedition.bit_count()
    for pile in state.piles:
        table += len(pile)
    return table >= PATIENT_TABLE and state.expeditions[seat].bit_count() < PATIENT_SHARE * table


FIRST = LostCitiesHeuristic(FIRST_TUNING)
SECOND = LostCitiesHeuristic(FIRST_TUNING._replace(start_margin=0.0, draw_share=0.4))
"""The second version: starts an expedition as soon as it promises anything, and counts on
fewer unseen cards. The first waited for a margin of 12 points, which suits a game dragged out
by drawing from the discard piles, as two such bots do to each other, but loses most games to
an opponent that plays a card nearly every turn (chikinn's `committer` beat it two games in
three; this one wins about two in three against it, and about half against the first)."""
