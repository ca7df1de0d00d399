"""Livingstone as the service sees it: the `Engine` protocol wired to the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.choices import Choice
from shared.engine import JSON, KNOWING, Engine, Event, Move, Seat
from shared.games.livingstone import choices, html, notation, render
from shared.games.livingstone.data import CURRENT_VERSION
from shared.games.livingstone.guide import GUIDE
from shared.games.livingstone.legal import legal_moves
from shared.games.livingstone.moves import decode, end_move
from shared.games.livingstone.options import OPTIONS, Rules
from shared.games.livingstone.resample import resample
from shared.games.livingstone.result import result
from shared.games.livingstone.rules import apply_action, resign, reveals
from shared.games.livingstone.state import State, new_game
from shared.games.livingstone.view import view
from shared.text import WIDTH
from shared.words import ENGLISH, Words


class Livingstone(Engine[State]):
    type_id = "livingstone"
    title = "Livingstone"
    min_players = 2
    max_players = 5
    version = CURRENT_VERSION
    guide = GUIDE
    options = OPTIONS

    def new(
        self,
        players: int,
        seed: str,
        options: Mapping[str, JSON] | None = None,
        version: JSON = None,
    ) -> State:
        version = self.rules_version(version)
        rules = Rules.from_options(self.configure(players, options))
        return new_game(rules, players, seed, version)

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

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return view(state, seat)

    def resample(self, state: State, seat: Seat | None, seed: str, knowing: int = KNOWING) -> State:
        return resample(state, seat, seed, knowing)

    def result(self, state: State) -> dict[str, JSON] | None:
        return result(state)

    def render_view(
        self,
        view: dict[str, JSON],
        names: Sequence[str] = (),
        *,
        width: int = WIDTH,
        compact: bool = False,
        words: Words = ENGLISH,
    ) -> str:
        return render.render_view(view, names, width, compact, words)

    def render_html(
        self, view: dict[str, JSON], names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        return html.render_html(view, names, words)

    def render_event(
        self, event: Event, names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        return render.render_event(event, names, words)

    def choices(
        self, view: dict[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
    ) -> list[Choice]:
        return choices.choices(view, moves, words)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)
