"""The state of a Lost Cities match, and dealing a game of it.

A state is a value of tuples and ints: never changed once built, compared by value, picklable,
and cheap to build, which matters because a random playout creates one per move. What stays
fixed for a whole game of the match (rules, seed, the dealt deck, the scores of earlier games)
sits in one `Deal` shared by all of that game's states, so a move rebuilds only the few fields
turns change (in `rules.apply_action`).
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, final

from shared.chance import Chance
from shared.games.lost_cities.cards import deck_codes
from shared.games.lost_cities.options import Rules
from shared.games.lost_cities.scoring import GamePoints

HAND_SIZE = 8
SEATS = 2

Hand = tuple[int, ...]
"""Card codes in code order: the order a player sorts a hand into."""
Pile = tuple[int, ...]
"""A discard pile, bottom first: the last card is the visible top."""


class Deal(NamedTuple):
    """One game of the match as dealt."""

    rules: Rules
    seed: str
    game: int
    """Index of this game in the match, from 0."""
    starter: int
    """The seat that starts this game (on a tie, the other one starts the next)."""
    deck: tuple[int, ...]
    """The draw pile as dealt, top first; it never shrinks, `State.drawn` counts what is gone."""
    scored_games: tuple[GamePoints, ...]
    """Points of each earlier game of the match (of all games, once the match is over)."""


@final
class State:
    """A plain class rather than a NamedTuple: compiled, building one is a native call and
    reading a field a load, where a NamedTuple subclass is built through `tuple.__new__` (two
    throwaway tuples each time) and read by index with a type check. It keeps a NamedTuple's
    ways: `_fields` in order (`shared.immutable.replaced` changes a state's fields), equality
    and hash by value, pickling by fields."""

    _fields: ClassVar[tuple[str, ...]] = (
        "deal",
        "mover",
        "hands",
        "known_cards",
        "expeditions",
        "piles",
        "open_piles",
        "drawn",
        "stall",
        "resigned_seat",
    )

    def __init__(
        self,
        deal: Deal,
        mover: int | None,
        hands: tuple[Hand, ...],
        known_cards: int,
        expeditions: tuple[int, ...],
        piles: tuple[Pile, ...],
        open_piles: int,
        drawn: int,
        stall: int,
        resigned_seat: int | None,
    ) -> None:
        self.deal = deal
        self.mover = mover
        """The seat to move; None once the match is over."""
        self.hands = hands
        self.known_cards = known_cards
        """The cards everyone saw taken from a discard pile and not played or discarded since,
        as a set (see cards.BIT): each is in the hand of the player who took it, so `known_in`
        tells whose. Public, so views show them and `resample` keeps them in place. One set for
        both hands keeps a turn that takes from a pile (most turns of a random playout) to a
        few operations on an int, without a new tuple per hand."""
        self.expeditions = expeditions
        """Per seat, the set of cards it played (see cards.BIT). The set says it all: an
        expedition is its wagers, then its numbers rising, so the order of play follows from
        the cards."""
        self.piles = piles
        """Per colour."""
        self.open_piles = open_piles
        """Bit i set when the colour-i discard pile holds a card: the piles one may draw from,
        kept with `piles` so listing the legal moves need not look at every pile."""
        self.drawn = drawn
        self.stall = stall
        """Turns in a row in which no one drew from the draw pile."""
        self.resigned_seat = resigned_seat
        """The seat that resigned, ending the match."""

    def as_tuple(self) -> tuple[Any, ...]:
        """The fields' values, in the order of `_fields`."""
        return (
            self.deal,
            self.mover,
            self.hands,
            self.known_cards,
            self.expeditions,
            self.piles,
            self.open_piles,
            self.drawn,
            self.stall,
            self.resigned_seat,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.as_tuple() == other.as_tuple()

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        values = zip(self._fields, self.as_tuple(), strict=True)
        return f"State({', '.join(f'{name}={value!r}' for name, value in values)})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return State, self.as_tuple()

    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def deck_left(self) -> int:
        return len(self.deal.deck) - self.drawn

    @property
    def over(self) -> bool:
        return self.mover is None

    @property
    def stalled(self) -> bool:
        return self.deal.rules.must_draw_deck(self.stall)


def known_in(state: State, seat: int) -> Hand:
    """The cards of `seat`'s hand that everyone saw it take from a discard pile."""
    known = state.known_cards
    return tuple(card for card in state.hands[seat] if known >> card & 1) if known else ()


def card_order(rules: Rules, seed: str, game: int) -> tuple[int, ...]:
    """The cards of one game of the match, top first: as given, or shuffled from the seed."""
    given = rules.decks[game]
    if given is not None:
        return given
    return tuple(Chance(seed, f"deal/{game}").shuffled(deck_codes(rules.colours)))


def first_player(rules: Rules, seed: str) -> int:
    if rules.first_player is not None:
        return rules.first_player
    return Chance(seed, "first_player").below(SEATS)


def new_game(rules: Rules, seed: str) -> State:
    """The match's first game, dealt."""
    return deal(rules, seed, 0, first_player(rules, seed), ())


def deal(
    rules: Rules, seed: str, game: int, starter: int, scored_games: tuple[GamePoints, ...]
) -> State:
    """A fresh game of the match: the start player's 8 cards come off the top first."""
    order = card_order(rules, seed, game)
    first = tuple(sorted(order[:HAND_SIZE]))
    second = tuple(sorted(order[HAND_SIZE : 2 * HAND_SIZE]))
    return State(
        deal=Deal(rules, seed, game, starter, order[2 * HAND_SIZE :], scored_games),
        mover=starter,
        hands=(first, second) if starter == 0 else (second, first),
        known_cards=0,
        expeditions=(0, 0),
        piles=((),) * rules.colours,
        open_piles=0,
        drawn=0,
        stall=0,
        resigned_seat=None,
    )
