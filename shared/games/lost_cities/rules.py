"""A turn of Lost Cities: what an action does to the state (which moves are legal: `legal`).

This is the hot path of every playout and replay, so it works on card codes, rebuilds only the
tuples a move changes, and builds error messages only when it refuses a move.
"""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Seat
from shared.games.lost_cities.cards import (
    BIT,
    BLOCKED_BY,
    CARD_ID,
    COLOUR_OF,
    COLOUR_WORDS,
    IS_WAGER,
    cards_in,
)
from shared.games.lost_cities.moves import DECK, RESIGN_TEXT, Action
from shared.games.lost_cities.result import result
from shared.games.lost_cities.scoring import (
    GamePoints,
    games_won,
    leaders,
    match_totals,
    seat_points,
)
from shared.games.lost_cities.state import SEATS, Hand, State, deal
from shared.immutable import replaced
from shared.words import LATER


def apply_action(state: State, seat: int, action: Action) -> State:
    """The state after `seat` takes its turn, `action`; IllegalMove if the rules forbid it.
    Only the state: the engine builds the turn's event when it is asked for one (a replay or
    a playout never does).
    """
    deal, to_move, hands, known_cards = state.deal, state.mover, state.hands, state.known_cards
    expeditions, piles, open_piles = state.expeditions, state.piles, state.open_piles
    drawn, stall = state.drawn, state.stall
    if to_move is None or seat != to_move:
        raise _not_to_move(state, seat)
    play, card, source = action
    if source >= len(piles):
        raise _no_such_pile(state, source)
    hand = hands[seat]
    kept = [held for held in hand if held != card]
    if len(kept) == len(hand):
        raise _not_in_hand(state, card)
    colour = COLOUR_OF[card]
    changed = None  # the discard piles as a list, once one of them changes
    if play:
        own = expeditions[seat]
        if own & BLOCKED_BY[card]:
            raise _unplayable(own, card)
        own |= BIT[card]
        expeditions = (own, expeditions[1]) if seat == 0 else (expeditions[0], own)
    else:
        changed = list(piles)
        changed[colour] += (card,)
        open_piles |= 1 << colour

    if source == DECK:
        new_card = deal.deck[drawn]
        drawn += 1
        stall = 0
        ends_game = drawn == len(deal.deck)
    else:
        pile = piles[source]  # untouched by this turn's discard, which may not be drawn back
        if deal.rules.must_draw_deck(stall) or (source == colour and not play) or not pile:
            raise _refused_pile_draw(state, action)
        new_card = pile[-1]
        stall += 1
        if changed is None:
            changed = list(piles)
        changed[source] = pile[:-1]
        if len(pile) == 1:
            open_piles &= ~(1 << source)
        ends_game = False
    if changed is not None:
        piles = tuple(changed)
    new_hand = _sorted_in(kept, new_card)
    hands = (new_hand, hands[1]) if seat == 0 else (hands[0], new_hand)
    if source != DECK:  # shifts, not `BIT`: a global's lookup costs more than the shift
        known_cards = known_cards & ~(1 << card) | 1 << new_card
    elif known_cards >> card & 1:
        known_cards ^= 1 << card

    moved = State(
        deal, 1 - seat, hands, known_cards, expeditions, piles, open_piles, drawn, stall, None
    )
    return _end_game(moved) if ends_game else moved


def _sorted_in(cards: list[int], card: int) -> Hand:
    """The hand of `cards` (in code order) and `card`, in code order: `card` goes in before
    the first card above it, which costs less than sorting."""
    at = 0
    while at < len(cards) and cards[at] < card:
        at += 1
    cards.insert(at, card)
    return tuple(cards)


def drawn_card(before: State, action: Action) -> int:
    """The card `action` drew in `before` (the event names it; after the turn it is just one
    card of a hand)."""
    if action.source == DECK:
        return before.deal.deck[before.drawn]
    return before.piles[action.source][-1]


def resign(state: State, seat: Seat) -> tuple[State, Event]:
    """With two players, resigning hands the whole match to the other."""
    if state.over:
        raise IllegalMove("game_over", LATER.gettext("the match is over"))
    if seat not in range(SEATS):
        raise IllegalMove(
            "bad_seat", LATER.gettext("there is no seat %(seat)s in this game", seat=seat)
        )
    ended = replaced(state, mover=None, resigned_seat=seat)
    return ended, {"seat": seat, "action": RESIGN_TEXT, "result": result(ended)}


def ended_game(before: State, after: State) -> GamePoints | None:
    """The points of the game a turn ended, or None if the game goes on."""
    if after.deal is before.deal:
        return None
    return after.deal.scored_games[-1]


def _not_to_move(state: State, seat: int) -> IllegalMove:
    if state.mover is None:
        return IllegalMove("game_over", LATER.gettext("the match is over"))
    return IllegalMove(
        "not_your_turn",
        LATER.gettext("it is %(mover)s's turn, not %(seat)s's"),
        {"mover": state.mover, "seat": seat},
    )


def _not_in_hand(state: State, card: int) -> IllegalMove:
    rules = state.rules
    if card >= rules.card_count:
        return IllegalMove(
            "bad_move",
            LATER.gettext(
                "%(card)s is not a card of a %(colours)d-colour game",
                card=CARD_ID[card],
                colours=rules.colours,
            ),
        )
    return IllegalMove(
        "card_not_in_hand", LATER.gettext("%(card)s is not in your hand", card=CARD_ID[card])
    )


def _unplayable(expeditions: int, card: int) -> IllegalMove:
    colour = COLOUR_OF[card]
    values = {
        "card": CARD_ID[card],
        "colour": COLOUR_WORDS[colour],
        "last": CARD_ID[cards_in(expeditions, colour)[-1]],
    }
    if IS_WAGER[card]:
        return IllegalMove(
            "wager_after_number",
            LATER.gettext(
                "%(card)s is a wager: wagers go only on an expedition with no number card yet, "
                "and your %(colour)s expedition has %(last)s",
                **values,
            ),
        )
    return IllegalMove(
        "not_higher",
        LATER.gettext(
            "%(card)s must be higher than %(last)s, the last card of your %(colour)s expedition",
            **values,
        ),
    )


def _no_such_pile(state: State, source: int) -> IllegalMove:
    return IllegalMove(
        "bad_move",
        LATER.gettext(
            "there is no %(colour)s discard pile in a %(colours)d-colour game",
            colour=COLOUR_WORDS[source],
            colours=state.rules.colours,
        ),
    )


def _refused_pile_draw(state: State, action: Action) -> IllegalMove:
    if state.stalled:
        return IllegalMove(
            "must_draw_deck",
            LATER.ngettext(
                "no one has drawn from the draw pile for %(num)d turn, so you must draw from "
                "the draw pile (deck) now",
                "no one has drawn from the draw pile for %(num)d turns, so you must draw from "
                "the draw pile (deck) now",
                state.stall,
            ),
        )
    if not action.play and COLOUR_OF[action.card] == action.source:
        return IllegalMove(
            "draw_own_discard",
            LATER.gettext(
                "you may not take back %(card)s, the card you just discarded; draw from the "
                "deck or another pile",
                card=CARD_ID[action.card],
            ),
        )
    return IllegalMove(
        "empty_pile",
        LATER.gettext("the %(colour)s discard pile is empty", colour=COLOUR_WORDS[action.source]),
    )


def _end_game(state: State) -> State:
    """The last card of the draw pile is gone: score the game, then deal the next one of the
    match or end the match."""
    points = tuple(seat_points(own, state.rules.colours) for own in state.expeditions)
    scored = (*state.deal.scored_games, points)
    if _match_decided(state, scored):
        return replaced(state, deal=replaced(state.deal, scored_games=scored), mover=None)
    starter = _next_starter(state, scored)
    return deal(state.rules, state.deal.seed, state.deal.game + 1, starter, scored)


def _match_decided(state: State, scored: tuple[GamePoints, ...]) -> bool:
    rules = state.rules
    if len(scored) == rules.rounds:
        return True
    return rules.best_of and max(games_won(scored, SEATS)) >= rules.wins_needed


def _next_starter(state: State, scored: tuple[GamePoints, ...]) -> int:
    """The player with more points so far; on a tie, the one who did not start this game."""
    ahead = leaders(match_totals(scored, SEATS))
    return ahead[0] if len(ahead) == 1 else 1 - state.deal.starter
