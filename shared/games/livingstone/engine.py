"""Livingstone as the service sees it: the `Engine` protocol wired to the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.chance import Chance
from shared.engine import JSON, Engine, Event, Move, Option, Seat
from shared.games.livingstone import html, legal, notation, render, result, rules
from shared.games.livingstone.cards import shuffled_cards
from shared.games.livingstone.data import (
    BAG,
    CURRENT_VERSION,
    DEFAULT_BOARD,
    ROWS,
    board_from_table,
    parse_board,
)
from shared.games.livingstone.guide import GUIDE
from shared.games.livingstone.moves import end_move
from shared.games.livingstone.resample import resample
from shared.games.livingstone.rounds import roll_round
from shared.games.livingstone.state import Player, State, Turn
from shared.games.livingstone.stones import NO_STONES
from shared.games.livingstone.view import view
from shared.text import WIDTH


class Livingstone(Engine[State]):
    type_id = "livingstone"
    title = "Livingstone"
    min_players = 2
    max_players = 5
    version = CURRENT_VERSION
    guide = GUIDE
    options = (
        Option(
            "board",
            "the printed values: column costs, row VP, row majority bonus, card counts, how "
            "often Steamer Back may revisit a column, and which gems sold in the turn the white "
            "stone comes out go back into the bag (costs, the 8/6/4 bonuses, the card counts, "
            "revisits and white_stone are house data)",
            DEFAULT_BOARD,
            parse_board,
        ),
    )

    def new(
        self,
        players: int,
        seed: str,
        options: Mapping[str, JSON] | None = None,
        version: JSON = None,
    ) -> State:
        version = self.rules_version(version)
        board = board_from_table(self.configure(players, options)["board"])
        start = Chance(seed, "start").below(players)
        return State(
            seed=seed,
            board=board,
            players=(Player(),) * players,
            tents=(((),) * ROWS,) * board.columns,
            steamer=0,
            round=roll_round(seed, 1, start, players),
            turn=Turn(start),
            bag=BAG,
            set_aside=NO_STONES,
            deck=shuffled_cards(Chance(seed, "deck"), version, board.deck()),
            played=(),
            version=version,
        )

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return () if state.turn is None else (state.turn.seat,)

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        return legal.legal_moves(state, seat)

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
        return rules.step(state, seat, move)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        return rules.reveals(state, move, after)

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return view(state, seat)

    def resample(self, state: State, seat: Seat | None, seed: str) -> State:
        return resample(state, seat, seed)

    def result(self, state: State) -> dict[str, JSON] | None:
        return result.result(state)

    def render_view(
        self,
        view: dict[str, JSON],
        names: Sequence[str] = (),
        *,
        width: int = WIDTH,
        compact: bool = False,
    ) -> str:
        return render.render_view(view, names, width, compact)

    def render_html(self, view: dict[str, JSON], names: Sequence[str] = ()) -> str:
        return html.render_html(view, names)

    def render_event(self, event: Event, names: Sequence[str] = ()) -> str:
        return render.render_event(event, names)

    def parse_move(self, text: str) -> Move:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        return notation.format_step(move)
