"""A turn of Lost Cities: which moves are legal, and what a move does to the state.

This is the hot path of every playout and replay, so it works on card codes and rebuilds only
the tuples a move changes. The two questions share one test of playability, `can_play`, so the
legal moves and the refusals of `advance` cannot drift apart.
"""

from __future__ import annotations

from bisect import insort
from typing import NamedTuple

from shared.engine import IllegalMove, Move
from shared.games.lost_cities.cards import (
    CARD_ID,
    COLOUR_NAMES,
    COLOUR_OF,
    IS_WAGER,
    LEVEL_AFTER,
    PLAY_LIMIT,
)
from shared.games.lost_cities.moves import DECK, DISCARD_CHOICES, PLAY_CHOICES, Turn
from shared.games.lost_cities.scoring import (
    Expedition,
    GamePoints,
    expeditions_points,
    games_won,
    leaders,
    match_totals,
)
from shared.games.lost_cities.state import SEATS, State, deal


def can_play(expedition: Expedition, card: int) -> bool:
    """Wagers only before any number, numbers strictly rising (gaps allowed)."""
    return not expedition or LEVEL_AFTER[expedition[-1]] < PLAY_LIMIT[card]


def drawable_piles(state: State) -> int:
    """The colours whose discard pile one may draw from now, as a bit mask."""
    if state.stalled:
        return 0
    mask = 0
    for colour, pile in enumerate(state.piles):
        if pile:
            mask |= 1 << colour
    return mask


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat != state.turn:
        return []
    expeditions = state.expeditions[seat]
    piles = drawable_piles(state)
    moves: list[Move] = []
    for card in state.hands[seat]:
        if can_play(expeditions[COLOUR_OF[card]], card):
            moves.extend(PLAY_CHOICES[card][piles])
        moves.extend(DISCARD_CHOICES[card][piles])
    return moves


class Outcome(NamedTuple):
    """What a turn did beyond the new state: the card drawn, and the points of the game it
    ended (None while that game goes on)."""

    state: State
    drawn: int
    game_points: GamePoints | None


def advance(state: State, seat: int, turn: Turn) -> Outcome:
    """The state after `seat` takes `turn` (the match is known to be running); IllegalMove if
    the rules forbid it."""
    if seat != state.turn:
        raise IllegalMove("not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")
    card, colour, source = turn.card, COLOUR_OF[turn.card], turn.source
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalMove("card_not_in_hand", f"{CARD_ID[card]} is not in your hand")
    expeditions, piles = state.expeditions, state.piles
    if turn.play:
        own = expeditions[seat]
        if not can_play(own[colour], card):
            raise _unplayable(own[colour], card)
        own = (*own[:colour], (*own[colour], card), *own[colour + 1 :])
        expeditions = (own, expeditions[1]) if seat == 0 else (expeditions[0], own)
    else:
        piles = (*piles[:colour], (*piles[colour], card), *piles[colour + 1 :])

    new_hand = list(hand)
    new_hand.remove(card)
    if source == DECK:
        drawn_card, drawn, stall = state.deck[state.drawn], state.drawn + 1, 0
    else:
        _check_pile_draw(state, turn, piles)
        pile = piles[source]
        drawn_card, drawn, stall = pile[-1], state.drawn, state.stall + 1
        piles = (*piles[:source], pile[:-1], *piles[source + 1 :])
    insort(new_hand, drawn_card)
    hands = (tuple(new_hand), state.hands[1]) if seat == 0 else (state.hands[0], tuple(new_hand))

    moved = State(
        state.rules,
        state.seed,
        state.game,
        state.starter,
        1 - seat,
        hands,
        expeditions,
        piles,
        state.deck,
        drawn,
        stall,
        state.finished,
    )
    if drawn < len(state.deck):
        return Outcome(moved, drawn_card, None)
    return _end_game(moved, drawn_card)


def _unplayable(expedition: Expedition, card: int) -> IllegalMove:
    name = COLOUR_NAMES[COLOUR_OF[card]]
    if IS_WAGER[card]:
        return IllegalMove(
            "wager_after_number",
            f"{CARD_ID[card]} is a wager: wagers go only on an expedition with no number card "
            f"yet, and your {name} expedition has {CARD_ID[expedition[-1]]}",
        )
    return IllegalMove(
        "not_higher",
        f"{CARD_ID[card]} must be higher than {CARD_ID[expedition[-1]]}, the last card of your "
        f"{name} expedition",
    )


def _check_pile_draw(state: State, turn: Turn, piles: tuple[tuple[int, ...], ...]) -> None:
    if state.stalled:
        raise IllegalMove(
            "must_draw_deck",
            f"no one has drawn from the draw pile for {state.stall} turns, so you must draw "
            "from the draw pile (deck) now",
        )
    name = COLOUR_NAMES[turn.source]
    if not turn.play and COLOUR_OF[turn.card] == turn.source:
        raise IllegalMove(
            "draw_own_discard",
            f"you may not take back {CARD_ID[turn.card]}, the card you just discarded; "
            "draw from the deck or another pile",
        )
    if not piles[turn.source]:
        raise IllegalMove("empty_pile", f"the {name} discard pile is empty")


def _end_game(state: State, drawn_card: int) -> Outcome:
    """The last card of the draw pile is gone: score the game, then deal the next one of the
    match or end the match."""
    points = tuple(expeditions_points(own) for own in state.expeditions)
    finished = (*state.finished, points)
    if _match_decided(state, finished):
        return Outcome(state._replace(turn=None, finished=finished), drawn_card, points)
    return Outcome(
        deal(state.rules, state.seed, state.game + 1, _next_starter(state, finished), finished),
        drawn_card,
        points,
    )


def _match_decided(state: State, finished: tuple[GamePoints, ...]) -> bool:
    rules = state.rules
    if len(finished) == rules.rounds:
        return True
    return rules.best_of and max(games_won(finished, SEATS)) >= rules.wins_needed


def _next_starter(state: State, finished: tuple[GamePoints, ...]) -> int:
    """The player with more points so far; on a tie, the one who did not start this game."""
    ahead = leaders(match_totals(finished, SEATS))
    return ahead[0] if len(ahead) == 1 else 1 - state.starter
