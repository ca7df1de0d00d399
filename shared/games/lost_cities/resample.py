"""A Lost Cities match as one seat cannot tell it apart: what is hidden from it dealt afresh.

Hidden from a seat: the cards of the other hand that no one saw it take, and the rest of the
deck (one pool, dealt anew), and the seed, which deals the match's later games. A card the other
took from a discard pile is known to be in that hand until it is played or discarded
(`State.known_cards`), so it stays there: a sample knows no less than the seat, as it knows no
more.
"""

from __future__ import annotations

from shared.chance import Chance
from shared.engine import KNOWING, Seat
from shared.games.lost_cities.state import SEATS, State, known_in
from shared.immutable import replaced
from shared.redeal import redealt


def resample(state: State, seat: Seat | None, seed: str, knowing: int = KNOWING) -> State:
    if state.over:
        return state
    deal, hands = state.deal, list(state.hands)
    hidden = [other for other in range(SEATS) if other != seat]
    known = state.known_cards if knowing else 0
    dealt, rest = redealt(
        Chance(seed, "resample"),
        [tuple(card for card in hands[other] if not known >> card & 1) for other in hidden],
        deal.deck[state.drawn :],
    )
    for other, hand in zip(hidden, dealt, strict=True):
        hands[other] = tuple(sorted((*known_in(state, other), *hand))) if knowing else hand
    deck = deal.deck[: state.drawn] + tuple(rest)
    return replaced(state, deal=replaced(deal, seed=seed, deck=deck), hands=tuple(hands))
