"""The `lost-cities` engine: the protocol of shared.engine wired to this package's parts.

Cards and their codes live in `cards`, options in `options`, the typed move in `moves`, the
turn in `rules`, visibility in `view`, text in `notation` and `render`.
"""

from __future__ import annotations

from typing import Final

from shared.engine import JSON, Event, Move, Seat
from shared.games.lost_cities import choices, html, notation, render
from shared.games.lost_cities.cards import CARD_ID
from shared.games.lost_cities.guide import GUIDE
from shared.games.lost_cities.legal import legal_moves
from shared.games.lost_cities.moves import DECK, Action, canonical_action, decode, encode
from shared.games.lost_cities.options import OPTIONS, Rules, check_options
from shared.games.lost_cities.resample import resample
from shared.games.lost_cities.result import result
from shared.games.lost_cities.rules import apply_action, drawn_card, ended_game, resign
from shared.games.lost_cities.scoring import games_won, match_totals
from shared.games.lost_cities.shapes import SHAPES
from shared.games.lost_cities.state import SEATS, State, new_game
from shared.games.lost_cities.view import by_colour, view
from shared.wiring import Parts, WiredEngine
from shared.words import LATER


class LostCities(WiredEngine[State]):
    """Reiner Knizia's Lost Cities for two, as a match of one or three games."""

    type_id = "lost-cities"
    named = LATER.pgettext("game", "Lost Cities")
    title = named.message
    min_players = SEATS
    max_players = SEATS
    version = 1
    guide = GUIDE
    shapes = SHAPES
    options = OPTIONS

    def __init__(self) -> None:
        super().__init__(Parts(view, resample, result, render, html, choices, notation))

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        check_options(players, options)

    def start(self, options: dict[str, JSON], players: int, seed: str, version: int) -> State:
        return new_game(Rules.from_options(options), seed)  # one version of the rules so far

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[Seat, ...]:
        mover = state.mover
        return () if mover is None else _TO_ACT[mover]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every play-or-discard-then-draw move; the dicts are shared, so treat them as
        read-only."""
        return legal_moves(state, seat)

    def apply(self, state: State, seat: Seat, move: JSON) -> State:
        """As `transition` without building the event (the replay and playout path)."""
        action = canonical_action(move)
        if action is None:  # resigning, or a move spelt some other way
            return self.transition(state, seat, move)[0]
        return apply_action(state, seat, action)

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        action = decode(move)
        if action is None:
            return resign(state, seat)
        after = apply_action(state, seat, action)
        return after, _event(state, after, seat, action)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        """A draw from the deck, and the deal of the match's next game."""
        return after.drawn != state.drawn or after.deal is not state.deal


_TO_ACT: Final[tuple[tuple[Seat, ...], ...]] = tuple((seat,) for seat in range(SEATS))


def _event(before: State, after: State, seat: Seat, action: Action) -> Event:
    """The whole turn for the log; a card drawn from the deck is only for the drawer's eyes."""
    event: Event = encode(action)
    event["seat"] = seat
    event["deck_left"] = before.deck_left - (action.source == DECK)
    drawn = CARD_ID[drawn_card(before, action)]
    if action.source == DECK:
        event["secret"] = {str(seat): {"drew": drawn}}
    else:
        event["drew"] = drawn
    points = ended_game(before, after)
    if points is not None:
        event["game_end"] = {
            "game": before.deal.game + 1,
            "points": [sum(own) for own in points],
            "expeditions": [by_colour(before.rules.colour_letters, own) for own in points],
            "totals": list(match_totals(after.deal.scored_games, SEATS)),
            "games_won": list(games_won(after.deal.scored_games, SEATS)),
            "next_starter": None if after.over else after.deal.starter,
        }
        if after.over:
            event["result"] = result(after)
    return event
