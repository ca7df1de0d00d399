"""`WiredEngine`: an `Engine` that forwards what one module of its game package answers alone,
written once for every game.

Each game package has the same modules under the same names (docs/architecture.md, "A game
package"), so what an engine answers from one of them alone (a view, a resample, a result, the
texts, the choices, the notation) is the same forwarding in every game. A game's engine hands
its `Parts` over and states only what is its own: starting, who acts, the legal moves, a
transition and what it reveals. Those stay its own methods, called directly, because a random
playout calls them on every move (`shared.playout`), and a playout is most of a bot's search;
the forwarded ones it asks once a playout at most. The text modules are passed whole, each
typed by the names this reads of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, NamedTuple, Protocol, TypeVar

from shared.choices import Choice
from shared.engine import JSON, KNOWING, Engine, Event, Move, Seat
from shared.words import ENGLISH, Words

S = TypeVar("S")


class Drawing(Protocol):
    """A game's `render` module: its view as lines of text, and a log event as a line."""

    def view_lines(
        self, view: dict[str, JSON], names: Sequence[str], compact: bool, words: Words
    ) -> list[str]: ...

    def render_event(self, event: Event, names: Sequence[str], words: Words) -> str: ...


class Board(Protocol):
    """A game's `html` module."""

    def render_html(self, view: dict[str, JSON], names: Sequence[str], words: Words) -> str: ...


class Offering(Protocol):
    """A game's `choices` module."""

    def choices(
        self, view: dict[str, JSON], moves: Sequence[Move], words: Words
    ) -> list[Choice]: ...


class Notation(Protocol):
    """A game's `notation` module."""

    def parse_move(self, text: str) -> Move: ...

    def format_move(self, move: Move) -> str: ...


class Parts(NamedTuple, Generic[S]):
    """What a game package gives its engine to forward to: its `view`, `resample` and `result`
    functions, and its `render`, `html`, `choices` and `notation` modules."""

    view: Callable[[S, Seat | None], Mapping[str, JSON]]
    resample: Callable[[S, Seat | None, str, int], S]
    result: Callable[[S], dict[str, JSON] | None]
    render: Drawing
    html: Board
    choices: Offering
    notation: Notation


class WiredEngine(Engine[S]):
    """An engine wired to its game package's `Parts`."""

    def __init__(self, parts: Parts[S]) -> None:
        self.parts = parts

    def view(self, state: S, seat: Seat | None) -> dict[str, JSON]:
        """The game's view (its `shapes.View`, which mypy checks it builds) as plain JSON."""
        return dict(self.parts.view(state, seat))

    def resample(self, state: S, seat: Seat | None, seed: str, knowing: int = KNOWING) -> S:
        return self.parts.resample(state, seat, seed, knowing)

    def result(self, state: S) -> dict[str, JSON] | None:
        return self.parts.result(state)

    def view_lines(
        self, view: dict[str, JSON], names: Sequence[str], compact: bool, words: Words
    ) -> list[str]:
        return self.parts.render.view_lines(view, names, compact, words)

    def render_html(
        self, view: dict[str, JSON], names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        return self.parts.html.render_html(view, names, words)

    def render_event(
        self, event: Event, names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        return self.parts.render.render_event(event, names, words)

    def choices(
        self, view: dict[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
    ) -> list[Choice]:
        return self.parts.choices.choices(view, moves, words)

    def parse_move(self, text: str) -> Move:
        return self.parts.notation.parse_move(text)

    def format_move(self, move: Move) -> str:
        return self.parts.notation.format_move(move)
