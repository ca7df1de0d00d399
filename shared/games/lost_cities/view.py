"""What each seat may see of a Lost Cities match: the one place that decides visibility.

Public: both expeditions, every discard pile in full (everyone saw each discard happen), the
size of the draw pile and of each hand, the cards of each hand everyone saw it take from a
discard pile (until they are played or discarded), and all scores. Private: a seat's own hand.
Never shown: the order of the draw pile and the rest of the opponent's cards.
"""

from __future__ import annotations

from shared.engine import JSON, Seat
from shared.games.lost_cities.cards import CARD_ID, cards_in
from shared.games.lost_cities.options import MATCH_BEST_OF, MATCH_TOTAL
from shared.games.lost_cities.scoring import (
    GamePoints,
    game_totals,
    games_won,
    match_totals,
    seat_points,
)
from shared.games.lost_cities.shapes import Scores, View
from shared.games.lost_cities.state import SEATS, State, known_in


def ids(cards: tuple[int, ...]) -> list[str]:
    return [CARD_ID[card] for card in cards]


def by_colour(letters: str, values: tuple[JSON, ...]) -> dict[str, JSON]:
    return dict(zip(letters, values, strict=True))


def view(state: State, seat: Seat | None) -> View:
    rules = state.rules
    letters = rules.colour_letters
    seen: View = {
        "seat": seat,
        "colours": list(letters),
        "game": state.deal.game + 1,
        "rounds": rules.rounds,
        "match": MATCH_BEST_OF if rules.best_of else MATCH_TOTAL,
        "to_act": state.mover,
        "over": state.over,
        "resigned": state.resigned_seat,
        "deck_left": state.deck_left,
        "hand_sizes": [len(hand) for hand in state.hands],
        "known_cards": [ids(known_in(state, other)) for other in range(SEATS)],
        "expeditions": [
            by_colour(letters, tuple(ids(cards_in(own, c)) for c in range(rules.colours)))
            for own in state.expeditions
        ],
        "discards": {
            letter: {"top": CARD_ID[pile[-1]] if pile else None, "cards": ids(pile)}
            for letter, pile in zip(letters, state.piles, strict=True)
        },
        "scores": scores(state),
    }
    if seat is not None:
        seen["hand"] = ids(state.hands[seat])
    if rules.stall_limit and state.stall and not state.over:
        seen["stall"] = {
            "turns": state.stall,
            "limit": rules.stall_limit,
            "must_draw_deck": state.stalled,
        }
    return seen


def scores(state: State) -> Scores:
    """Points per finished game and in total, and the current game's expeditions as they stand
    (while the match runs), so a player sees where everyone is."""
    scored: Scores = {
        "games": [list(game_totals(game)) for game in state.deal.scored_games],
        "totals": list(match_totals(state.deal.scored_games, SEATS)),
        "games_won": list(games_won(state.deal.scored_games, SEATS)),
    }
    if not state.over:
        current: GamePoints = tuple(
            seat_points(own, state.rules.colours) for own in state.expeditions
        )
        scored["current"] = {
            "expeditions": [by_colour(state.rules.colour_letters, own) for own in current],
            "points": list(game_totals(current)),
        }
    return scored
