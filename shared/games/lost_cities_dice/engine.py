"""`LostCitiesDice`: the engine protocol wired to this game's modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.chance import Chance
from shared.engine import (
    JSON,
    BadOptions,
    Engine,
    Event,
    Move,
    Option,
    Seat,
    choice_option,
    int_option,
    require_mapping,
)
from shared.games.lost_cities_dice import html, notation, render, rules
from shared.games.lost_cities_dice.guide import GUIDE
from shared.games.lost_cities_dice.legal import legal_choices
from shared.games.lost_cities_dice.result import result
from shared.games.lost_cities_dice.sheet_data import (
    DEFAULT_SHEET,
    HOUSE_SHEET,
    describe_layout,
    parse_sheet,
    sheet_option_value,
)
from shared.games.lost_cities_dice.state import State, first_player, new_game
from shared.games.lost_cities_dice.view import view
from shared.immutable import replaced
from shared.text import WIDTH


class LostCitiesDice(Engine[State]):
    type_id = "lost-cities-dice"
    title = "Lost Cities: Roll & Write"
    min_players = 2
    max_players = 5
    version = 1
    guide = GUIDE
    options = (
        Option(
            "sheet",
            "the score sheet: per colour the fields (1-9) with an arrow or an artefact, and "
            "the points for 1-9 marks of each column; the default is a house layout, as the "
            f"printed one is not known ({describe_layout(HOUSE_SHEET)})",
            DEFAULT_SHEET,
            sheet_option_value,
        ),
        choice_option(
            "order",
            "how the other players choose after the active player: all at once, each hidden "
            "until all have chosen (simultaneous), or one after another (clockwise)",
            "simultaneous",
            ("simultaneous", "clockwise"),
        ),
        int_option(
            "first_player",
            "the seat that rolls first (default: drawn from the game's seed)",
            None,
            0,
            4,
            fixes_chance=True,
        ),
    )

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        first = options["first_player"]
        if first is not None and first >= players:
            raise BadOptions(
                "first_player", f"option 'first_player' must be a seat from 0 to {players - 1}"
            )

    def new(
        self,
        players: int,
        seed: str,
        options: Mapping[str, JSON] | None = None,
        version: JSON = None,
    ) -> State:
        self.rules_version(version)  # one version of these rules so far: only checked
        configured = self.configure(players, options)
        first = configured["first_player"]
        return new_game(
            players,
            seed,
            parse_sheet(configured["sheet"]),
            configured["order"] == "clockwise",
            first_player(seed, players) if first is None else first,
        )

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return state.to_act

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in state.to_act:
            return []
        return legal_choices(state.sheets[seat], state.rules, state.colours, state.numbers)

    def neutral_move(self, state: State, seat: Seat) -> Move | None:
        """Refusing the dice is open to everyone who must choose."""
        return dict(notation.REFUSE) if seat in state.to_act else None

    def hidden_choice(self, state: State, seat: Seat) -> bool:
        """The others' choices after the active player's, in simultaneous order."""
        return not state.clockwise and state.active_choice is not None and seat in state.to_act

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        choice = notation.read_move(require_mapping(move))
        if choice is None:
            return rules.resign(state, seat)
        return rules.choose(state, seat, choice)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        """The end of a turn, or of the game: the hidden choices are uncovered (and the next
        dice rolled)."""
        return after.turn != state.turn or after.ended != state.ended

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return view(state, seat)

    def resample(self, state: State, seat: Seat | None, seed: str) -> State:
        """Another seed (every roll to come), and for each hidden choice another the same
        player could have made from the same dice."""
        chance = Chance(seed, "resample")
        pending = list(state.pending)
        for other, choice in enumerate(pending):
            if choice is not None and other != seat:
                choices = legal_choices(
                    state.sheets[other], state.rules, state.colours, state.numbers
                )
                pending[other] = notation.read_move(choices[chance.below(len(choices))])
        return replaced(state, seed=seed, pending=tuple(pending))

    def result(self, state: State) -> dict[str, JSON] | None:
        return result(state)

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
        return notation.parse_move(text)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)
