"""The `lost-cities` engine: the protocol of shared.engine wired to this package's parts.

Rules text: /work/shared/rules/lost-cities.md. Cards and their codes live in `cards`, options in
`options`, the turn in `rules`, visibility in `views`, text in `moves` and `render`.
"""

from __future__ import annotations

from collections.abc import Mapping

from shared.engine import (
    JSON,
    Engine,
    Event,
    IllegalMove,
    Move,
    Seat,
    require_mapping,
)
from shared.games.lost_cities import moves, render, views
from shared.games.lost_cities.cards import CARD_ID, COLOUR_NAMES
from shared.games.lost_cities.moves import DECK, RESIGN_TEXT, Turn
from shared.games.lost_cities.options import OPTIONS, Rules, check_deck
from shared.games.lost_cities.result import result
from shared.games.lost_cities.rules import Outcome, advance, legal_moves
from shared.games.lost_cities.scoring import games_won, match_totals
from shared.games.lost_cities.state import SEATS, State, deal, first_starter


class LostCities(Engine[State]):
    """Reiner Knizia's Lost Cities for two, as a match of one or three games."""

    type_id = "lost-cities"
    title = "Lost Cities"
    min_players = SEATS
    max_players = SEATS
    version = 1
    options = OPTIONS

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        if options["deck"] is not None:
            check_deck(options["deck"], options["colours"], options["rounds"])

    def new(self, players: int, seed: str, options: Mapping[str, JSON] | None = None) -> State:
        rules = Rules.from_options(self.configure(players, options))
        return deal(rules, seed, 0, first_starter(rules, seed), ())

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return () if state.turn is None else (state.turn,)

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every play-or-discard-then-draw move; the dicts are shared, so treat them as
        read-only."""
        return legal_moves(state, seat)

    def apply(self, state: State, seat: Seat, move: JSON) -> State:
        """As `transition` without building the event (the replay and playout path)."""
        fields = require_mapping(move)
        if _is_resign(fields):
            return self.transition(state, seat, fields)[0]
        return advance(state, seat, _turn(state, fields)).state

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        fields = require_mapping(move)
        if _is_resign(fields):
            return _resign(state, seat, fields)
        turn = _turn(state, fields)
        outcome = advance(state, seat, turn)
        return outcome.state, _turn_event(state, seat, turn, outcome)

    # -- seeing -----------------------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return views.view(state, seat)

    def result(self, state: State) -> dict[str, JSON] | None:
        return result(state)

    def render_view(self, view: dict[str, JSON]) -> str:
        return render.render_view(view)

    def render_event(self, event: Event) -> str:
        return render.render_event(event)

    # -- notation ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return moves.parse(text)

    def format_move(self, move: Move) -> str:
        fields = require_mapping(move)
        if _is_resign(fields):
            return RESIGN_TEXT
        return moves.format_turn(moves.decode(fields))


def _is_resign(fields: Mapping[str, JSON]) -> bool:
    action = fields.get("action")
    return isinstance(action, str) and action.strip().lower() == RESIGN_TEXT


def _turn(state: State, fields: Mapping[str, JSON]) -> Turn:
    """The turn a move asks for, if it can be asked in this game at all."""
    turn = moves.decode(fields)
    rules = state.rules
    if turn.card >= rules.card_count:
        raise IllegalMove(
            "bad_move", f"{CARD_ID[turn.card]} is not a card of a {rules.colours}-colour game"
        )
    if turn.source >= rules.colours:
        raise IllegalMove(
            "bad_move",
            f"there is no {COLOUR_NAMES[turn.source]} discard pile in a "
            f"{rules.colours}-colour game",
        )
    if state.over:
        raise IllegalMove("game_over", "the match is over")
    return turn


def _resign(state: State, seat: Seat, fields: Mapping[str, JSON]) -> tuple[State, Event]:
    if len(fields) != 1:
        raise IllegalMove("bad_move", 'resigning is just {"action": "resign"}')
    if state.over:
        raise IllegalMove("game_over", "the match is over")
    if seat not in range(SEATS):
        raise IllegalMove("bad_seat", f"there is no seat {seat} in this game")
    ended = state._replace(turn=None, resigned=seat)
    return ended, {"seat": seat, "action": RESIGN_TEXT, "result": result(ended)}


def _turn_event(before: State, seat: Seat, turn: Turn, outcome: Outcome) -> Event:
    """The whole turn for the log; a card drawn from the deck is only for the drawer's eyes."""
    after = outcome.state
    event: Event = moves.move_of(turn)
    event["seat"] = seat
    event["deck_left"] = before.deck_left - (turn.source == DECK)
    if turn.source == DECK:
        event["secret"] = {str(seat): {"drew": CARD_ID[outcome.drawn]}}
    else:
        event["drew"] = CARD_ID[outcome.drawn]
    if outcome.game_points is not None:
        event["game_end"] = {
            "game": before.game + 1,
            "points": [sum(points) for points in outcome.game_points],
            "expeditions": [
                views.by_colour(before.rules.colour_letters, points)
                for points in outcome.game_points
            ],
            "totals": list(match_totals(after.finished, SEATS)),
            "games_won": list(games_won(after.finished, SEATS)),
            "next_starter": None if after.over else after.starter,
        }
        if after.over:
            event["result"] = result(after)
    return event
