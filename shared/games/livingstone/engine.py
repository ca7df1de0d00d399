"""Livingstone as the service sees it: the `Engine` protocol wired to the rule modules."""

from __future__ import annotations

from shared.engine import JSON, Event, Move, Seat
from shared.games.livingstone import choices, html, notation, render
from shared.games.livingstone.data import CURRENT_VERSION
from shared.games.livingstone.guide import GUIDE
from shared.games.livingstone.legal import legal_moves
from shared.games.livingstone.moves import decode, end_move
from shared.games.livingstone.options import OPTIONS, Rules
from shared.games.livingstone.resample import resample
from shared.games.livingstone.result import result
from shared.games.livingstone.rules import apply_action, resign, reveals
from shared.games.livingstone.shapes import SHAPES
from shared.games.livingstone.state import State, new_game
from shared.games.livingstone.view import view
from shared.wiring import Parts, WiredEngine
from shared.words import LATER


class Livingstone(WiredEngine[State]):
    type_id = "livingstone"
    named = LATER.pgettext("game", "Livingstone")
    title = named.message
    min_players = 2
    max_players = 5
    version = CURRENT_VERSION
    guide = GUIDE
    shapes = SHAPES
    options = OPTIONS

    def __init__(self) -> None:
        super().__init__(Parts(view, resample, result, render, html, choices, notation))

    def start(self, options: dict[str, JSON], players: int, seed: str, version: int) -> State:
        return new_game(Rules.from_options(options), players, seed, version)

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return () if state.turn is None else (state.turn.seat,)

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        return legal_moves(state, seat)

    def neutral_move(self, state: State, seat: Seat) -> Move | None:
        """Ending the turn, once a die is taken. Before that the rules have no way to let the
        die pick pass (only a player who cannot take a die is skipped), so there is none."""
        turn = state.turn
        if turn is None or turn.seat != seat or not turn.dice_taken:
            return None
        return end_move()

    def decision(self, state: State, seat: Seat) -> JSON:
        """A whole turn is one decision, however many steps it takes."""
        turn = state.turn
        return turn.began if turn is not None and turn.seat == seat else None

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        action = decode(move)
        if action is None:
            return resign(state, seat)
        return apply_action(state, seat, action)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        return reveals(state, move, after)
