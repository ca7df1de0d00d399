"""A Lost Cities match as one seat cannot tell it apart: what is hidden from it dealt afresh.

Hidden from a seat: the other hand and the rest of the deck (one pool, dealt anew), and the
seed, which deals the match's later games. (Which of the other's cards were taken from a
discard pile is the log's to tell, not the state's.)
"""

from __future__ import annotations

from shared.chance import Chance
from shared.engine import Seat
from shared.games.lost_cities.state import SEATS, State
from shared.immutable import replaced
from shared.redeal import redealt


def resample(state: State, seat: Seat | None, seed: str) -> State:
    if state.over:
        return state
    deal, hands = state.deal, list(state.hands)
    hidden = [other for other in range(SEATS) if other != seat]
    dealt, rest = redealt(
        Chance(seed, "resample"), [hands[other] for other in hidden], deal.deck[state.drawn :]
    )
    for other, hand in zip(hidden, dealt, strict=True):
        hands[other] = hand
    deck = deal.deck[: state.drawn] + tuple(rest)
    return replaced(state, deal=replaced(deal, seed=seed, deck=deck), hands=tuple(hands))
