"""A turn of Lost Cities: which moves are legal, and what a move does to the state.

This is the hot path of every playout and replay, so it works on card codes, rebuilds only the
tuples a move changes, and builds error messages only when it refuses a move.
"""

from __future__ import annotations

from shared.engine import IllegalMove, Move
from shared.games.lost_cities.cards import (
    CARD_ID,
    COLOUR_NAMES,
    COLOUR_OF,
    IS_WAGER,
    LEVEL_AFTER,
    PLAY_LIMIT,
)
from shared.games.lost_cities.moves import CHOICES, DECK, Turn
from shared.games.lost_cities.scoring import (
    Expedition,
    GamePoints,
    expeditions_points,
    games_won,
    leaders,
    match_totals,
)
from shared.games.lost_cities.state import SEATS, Pile, State, deal


def can_play(expedition: Expedition, card: int) -> bool:
    """Wagers only before any number, numbers strictly rising (gaps allowed)."""
    return not expedition or LEVEL_AFTER[expedition[-1]] < PLAY_LIMIT[card]


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat != state.turn:
        return []
    expeditions = state.expeditions[seat]
    choices = CHOICES[0 if state.stalled else state.open_piles]
    moves: list[Move] = []
    for card in state.hands[seat]:
        played = expeditions[COLOUR_OF[card]]
        # can_play, inlined: this loop is the hottest spot of a random playout
        moves += choices[card][not played or LEVEL_AFTER[played[-1]] < PLAY_LIMIT[card]]
    return moves


def advance(state: State, seat: int, turn: Turn) -> State:
    """The state after `seat` takes `turn`; IllegalMove if the rules forbid it."""
    if seat != state.turn:
        raise _not_to_move(state, seat)
    play, card, source = turn
    if source >= len(state.piles):
        raise _no_such_pile(state, source)
    hands = state.hands
    if card not in hands[seat]:
        raise _not_in_hand(state, card)
    colour = COLOUR_OF[card]
    expeditions, piles, open_piles = state.expeditions, state.piles, state.open_piles
    if play:
        own = list(expeditions[seat])
        if not can_play(own[colour], card):
            raise _unplayable(own[colour], card)
        own[colour] += (card,)
        expeditions = (tuple(own), expeditions[1]) if seat == 0 else (expeditions[0], tuple(own))
    else:
        piles = _put(piles, colour, piles[colour] + (card,))
        open_piles |= 1 << colour

    drawn, deck = state.drawn, state.deal.deck
    if source == DECK:
        new_card, drawn, stall = deck[drawn], drawn + 1, 0
    else:
        if state.stalled or (source == colour and not play) or not piles[source]:
            raise _refused_pile_draw(state, turn, piles)
        pile = piles[source]
        new_card, stall = pile[-1], state.stall + 1
        piles = _put(piles, source, pile[:-1])
        if len(pile) == 1:
            open_piles &= ~(1 << source)
    hand = list(hands[seat])
    hand.remove(card)
    hand.append(new_card)
    hand.sort()
    hands = (tuple(hand), hands[1]) if seat == 0 else (hands[0], tuple(hand))

    moved = State(state.deal, 1 - seat, hands, expeditions, piles, open_piles, drawn, stall, None)
    return moved if drawn < len(deck) else _end_game(moved)


def drawn_card(before: State, turn: Turn) -> int:
    """The card `turn` drew in `before` (the event names it; after the turn it is just one card
    of a hand)."""
    if turn.source == DECK:
        return before.deal.deck[before.drawn]
    return before.piles[turn.source][-1]


def ended_game(before: State, after: State) -> GamePoints | None:
    """The points of the game a turn ended, or None if the game goes on."""
    if after.deal is before.deal:
        return None
    return after.deal.finished[-1]


def _put(piles: tuple[Pile, ...], colour: int, pile: Pile) -> tuple[Pile, ...]:
    changed = list(piles)
    changed[colour] = pile
    return tuple(changed)


def _not_to_move(state: State, seat: int) -> IllegalMove:
    if state.over:
        return IllegalMove("game_over", "the match is over")
    return IllegalMove("not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")


def _not_in_hand(state: State, card: int) -> IllegalMove:
    rules = state.rules
    if card >= rules.card_count:
        return IllegalMove(
            "bad_move", f"{CARD_ID[card]} is not a card of a {rules.colours}-colour game"
        )
    return IllegalMove("card_not_in_hand", f"{CARD_ID[card]} is not in your hand")


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


def _no_such_pile(state: State, source: int) -> IllegalMove:
    return IllegalMove(
        "bad_move",
        f"there is no {COLOUR_NAMES[source]} discard pile in a {state.rules.colours}-colour game",
    )


def _refused_pile_draw(state: State, turn: Turn, piles: tuple[Pile, ...]) -> IllegalMove:
    if state.stalled:
        return IllegalMove(
            "must_draw_deck",
            f"no one has drawn from the draw pile for {state.stall} turns, so you must draw "
            "from the draw pile (deck) now",
        )
    if not turn.play and COLOUR_OF[turn.card] == turn.source:
        return IllegalMove(
            "draw_own_discard",
            f"you may not take back {CARD_ID[turn.card]}, the card you just discarded; "
            "draw from the deck or another pile",
        )
    return IllegalMove("empty_pile", f"the {COLOUR_NAMES[turn.source]} discard pile is empty")


def _end_game(state: State) -> State:
    """The last card of the draw pile is gone: score the game, then deal the next one of the
    match or end the match."""
    points = tuple(expeditions_points(own) for own in state.expeditions)
    finished = (*state.deal.finished, points)
    if _match_decided(state, finished):
        return state._replace(deal=state.deal._replace(finished=finished), turn=None)
    starter = _next_starter(state, finished)
    return deal(state.rules, state.deal.seed, state.deal.game + 1, starter, finished)


def _match_decided(state: State, finished: tuple[GamePoints, ...]) -> bool:
    rules = state.rules
    if len(finished) == rules.rounds:
        return True
    return rules.best_of and max(games_won(finished, SEATS)) >= rules.wins_needed


def _next_starter(state: State, finished: tuple[GamePoints, ...]) -> int:
    """The player with more points so far; on a tie, the one who did not start this game."""
    ahead = leaders(match_totals(finished, SEATS))
    return ahead[0] if len(ahead) == 1 else 1 - state.deal.starter
