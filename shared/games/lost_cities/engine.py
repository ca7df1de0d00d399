"""The `lost-cities` engine: the protocol of shared.engine wired to this package's parts.

Cards and their codes live in `cards`, options in `options`, the turn in `rules`, visibility in
`view`, text in `notation` and `render`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.chance import Chance
from shared.engine import (
    JSON,
    Engine,
    Event,
    IllegalMove,
    Move,
    Seat,
)
from shared.games.lost_cities import html, notation, render, view
from shared.games.lost_cities.cards import CARD_ID
from shared.games.lost_cities.guide import GUIDE
from shared.games.lost_cities.legal import legal_moves
from shared.games.lost_cities.notation import DECK, RESIGN_TEXT, Turn
from shared.games.lost_cities.options import OPTIONS, Rules, check_deck
from shared.games.lost_cities.result import result
from shared.games.lost_cities.rules import advance, drawn_card, ended_game
from shared.games.lost_cities.scoring import games_won, match_totals
from shared.games.lost_cities.state import SEATS, State, deal, first_starter
from shared.immutable import replaced
from shared.redeal import redealt
from shared.text import WIDTH


class LostCities(Engine[State]):
    """Reiner Knizia's Lost Cities for two, as a match of one or three games."""

    type_id = "lost-cities"
    title = "Lost Cities"
    min_players = SEATS
    max_players = SEATS
    version = 1
    guide = GUIDE
    options = OPTIONS

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        if options["deck"] is not None:
            check_deck(options["deck"], options["colours"], options["rounds"])

    def new(
        self,
        players: int,
        seed: str,
        options: Mapping[str, JSON] | None = None,
        version: JSON = None,
    ) -> State:
        self.rules_version(version)  # one version of these rules so far: only checked
        rules = Rules.from_options(self.configure(players, options))
        return deal(rules, seed, 0, first_starter(rules, seed), ())

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[Seat, ...]:
        turn = state.turn
        return () if turn is None else _TO_ACT[turn]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every play-or-discard-then-draw move; the dicts are shared, so treat them as
        read-only."""
        return legal_moves(state, seat)

    def apply(self, state: State, seat: Seat, move: JSON) -> State:
        """As `transition` without building the event (the replay and playout path)."""
        turn = notation.canonical_turn(move)
        if turn is None:  # resigning, or a move spelt some other way
            return self.transition(state, seat, move)[0]
        return advance(state, seat, turn)

    def transition(self, state: State, seat: Seat, move: JSON) -> tuple[State, Event]:
        turn = notation.read(move)
        if turn is None:
            return _resign(state, seat)
        after = advance(state, seat, turn)
        return after, _turn_event(state, after, seat, turn)

    def reveals(self, state: State, seat: Seat, move: Move, after: State) -> bool:
        """A draw from the deck, and the deal of the match's next game."""
        return after.drawn != state.drawn or after.deal is not state.deal

    # -- seeing -----------------------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return view.view(state, seat)

    def resample(self, state: State, seat: Seat | None, seed: str) -> State:
        """The hidden hands and the rest of the deck dealt anew from one pool, and the seed,
        which deals the match's later games, replaced. (Which of the other's cards were taken
        from a discard pile is the log's to tell, not the state's.)"""
        if state.over:
            return state
        deal, hands = state.deal, list(state.hands)
        hidden = [other for other in range(SEATS) if other != seat]
        dealt, rest = redealt(
            Chance(seed, "resample"), [hands[other] for other in hidden], deal.deck[state.drawn :]
        )
        for other, hand in zip(hidden, dealt, strict=True):
            hands[other] = hand
        deck = deal.deck[: state.drawn] + tuple(rest)
        return replaced(state, deal=replaced(deal, seed=seed, deck=deck), hands=tuple(hands))

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

    # -- notation ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        turn = notation.read(move)
        return RESIGN_TEXT if turn is None else notation.format_turn(turn)


_TO_ACT: tuple[tuple[Seat, ...], ...] = tuple((seat,) for seat in range(SEATS))


def _resign(state: State, seat: Seat) -> tuple[State, Event]:
    """With two players, resigning hands the whole match to the other."""
    if state.over:
        raise IllegalMove("game_over", "the match is over")
    if seat not in range(SEATS):
        raise IllegalMove("bad_seat", f"there is no seat {seat} in this game")
    ended = replaced(state, turn=None, resigned=seat)
    return ended, {"seat": seat, "action": RESIGN_TEXT, "result": result(ended)}


def _turn_event(before: State, after: State, seat: Seat, turn: Turn) -> Event:
    """The whole turn for the log; a card drawn from the deck is only for the drawer's eyes."""
    event: Event = notation.move_of(turn)
    event["seat"] = seat
    event["deck_left"] = before.deck_left - (turn.source == DECK)
    drawn = CARD_ID[drawn_card(before, turn)]
    if turn.source == DECK:
        event["secret"] = {str(seat): {"drew": drawn}}
    else:
        event["drew"] = drawn
    points = ended_game(before, after)
    if points is not None:
        event["game_end"] = {
            "game": before.deal.game + 1,
            "points": [sum(own) for own in points],
            "expeditions": [view.by_colour(before.rules.colour_letters, own) for own in points],
            "totals": list(match_totals(after.deal.finished, SEATS)),
            "games_won": list(games_won(after.deal.finished, SEATS)),
            "next_starter": None if after.over else after.deal.starter,
        }
        if after.over:
            event["result"] = result(after)
    return event
