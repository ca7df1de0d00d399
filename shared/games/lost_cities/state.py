"""The state of a Lost Cities match, and dealing a game of it.

A state is a NamedTuple of tuples and ints: immutable, compared by value, picklable, and cheap to
build, which matters because a random playout creates one per move. A move rebuilds only the
parts it touches; everything else (the rules, the deck, the other hand) is shared with the
previous state.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.chance import Chance
from shared.games.lost_cities.cards import deck_codes
from shared.games.lost_cities.options import Rules
from shared.games.lost_cities.scoring import Expedition, GamePoints

HAND_SIZE = 8
SEATS = 2

Hand = tuple[int, ...]
"""Card codes in code order: the order a player sorts a hand into."""
Pile = tuple[int, ...]
"""A discard pile, bottom first: the last card is the visible top."""


class State(NamedTuple):
    rules: Rules
    seed: str
    game: int
    """Index of the current game in the match, from 0."""
    starter: int
    """The seat that started the current game (on a tie, the other starts the next one)."""
    turn: int | None
    """The seat to move; None once the match is over."""
    hands: tuple[Hand, ...]
    expeditions: tuple[tuple[Expedition, ...], ...]
    """Per seat, per colour: the cards in the order played."""
    piles: tuple[Pile, ...]
    """Per colour."""
    deck: tuple[int, ...]
    """This game's draw pile as dealt, top first; it never shrinks, `drawn` counts what is gone."""
    drawn: int
    stall: int
    """Turns in a row in which no one drew from the draw pile."""
    finished: tuple[GamePoints, ...]
    """Points of each finished game of the match."""
    resigned: int | None = None

    @property
    def deck_left(self) -> int:
        return len(self.deck) - self.drawn

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def stalled(self) -> bool:
        """Whether the next draw must come from the draw pile (the stalling house rule)."""
        return 0 < self.rules.stall_limit <= self.stall


def card_order(rules: Rules, seed: str, game: int) -> tuple[int, ...]:
    """The deck of one game of the match, top first: as given, or shuffled from the seed."""
    given = rules.decks[game]
    if given is not None:
        return given
    return tuple(Chance(seed, f"deal/{game}").shuffled(deck_codes(rules.colours)))


def first_starter(rules: Rules, seed: str) -> int:
    if rules.first_player is not None:
        return rules.first_player
    return Chance(seed, "first_player").below(SEATS)


def deal(
    rules: Rules, seed: str, game: int, starter: int, finished: tuple[GamePoints, ...]
) -> State:
    """A fresh game of the match: the start player's 8 cards come off the top first."""
    order = card_order(rules, seed, game)
    first, second = sorted(order[:HAND_SIZE]), sorted(order[HAND_SIZE : 2 * HAND_SIZE])
    hands = (tuple(first), tuple(second)) if starter == 0 else (tuple(second), tuple(first))
    no_expeditions = ((),) * rules.colours
    return State(
        rules=rules,
        seed=seed,
        game=game,
        starter=starter,
        turn=starter,
        hands=hands,
        expeditions=(no_expeditions, no_expeditions),
        piles=((),) * rules.colours,
        deck=order[2 * HAND_SIZE :],
        drawn=0,
        stall=0,
        finished=finished,
    )
