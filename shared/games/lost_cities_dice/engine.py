"""`LostCitiesDice`: the engine protocol wired to this game's modules."""

from __future__ import annotations

from shared.engine import JSON, Event, Move, Seat
from shared.games.lost_cities_dice import choices, html, notation, render
from shared.games.lost_cities_dice.guide import GUIDE
from shared.games.lost_cities_dice.legal import legal_moves
from shared.games.lost_cities_dice.moves import REFUSE, decode
from shared.games.lost_cities_dice.options import OPTIONS, Rules, check_options
from shared.games.lost_cities_dice.resample import resample
from shared.games.lost_cities_dice.result import result
from shared.games.lost_cities_dice.rules import apply_action, resign
from shared.games.lost_cities_dice.shapes import SHAPES
from shared.games.lost_cities_dice.state import State, new_game
from shared.games.lost_cities_dice.view import view
from shared.wiring import Parts, WiredEngine
from shared.words import LATER


class LostCitiesDice(WiredEngine[State]):
    type_id = "lost-cities-dice"
    named = LATER.pgettext("game", "Lost Cities: Roll & Write")
    title = named.message
    min_players = 2
    max_players = 5
    version = 1
    guide = GUIDE
    shapes = SHAPES
    options = OPTIONS

    def __init__(self) -> None:
        super().__init__(Parts(view, resample, result, render, html, choices, notation))

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        check_options(players, options)

    def start(self, options: dict[str, JSON], players: int, seed: str, version: int) -> State:
        return new_game(Rules.from_options(options), players, seed)  # one version so far

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return state.to_act

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        return legal_moves(state, seat)

    def neutral_move(self, state: State, seat: Seat) -> Move | None:
        """Refusing the dice is open to everyone who must choose."""
        return dict(REFUSE) if seat in state.to_act else None

    def hidden_choice(self, state: State, seat: Seat) -> bool:
        """The others' choices after the active player's, in simultaneous order."""
        return (
            not state.rules.clockwise and state.active_choice is not None and seat in state.to_act
        )

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        action = decode(move)
        if action is None:
            return resign(state, seat)
        return apply_action(state, seat, action)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        """The end of a turn, or of the game: the hidden choices are uncovered (and the next
        dice rolled)."""
        return after.turn_number != state.turn_number or after.ended_by != state.ended_by
