"""Several steps of one turn sent as one text, e.g. `sell blue; take 5 tent; donate 2; end`.

Engines whose turn is a sequence of steps take one step per move, so the log stays simple; a
person by email or at the command line wants to send the whole turn at once, and wants it to
happen entirely or not at all. Any engine works with this: it only calls `parse_move`,
`transition` and `reveals`, and nothing is kept unless every step tried is legal.

A batch ends at its first step that brings chance or hidden information into play (a draw, a
roll, choices uncovered): that step and those before it are made, and the steps after it are
not tried but handed back. Trying them would let a refusal describe what the mover has not yet
seen (`take 2 card; play no-cost-tent` would tell whether the card drawn is No Cost Tent), and
a step chosen before seeing what chance brought is not a choice the mover could make.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from shared.engine import JSON, Engine, Event, IllegalMove, Move, Seat
from shared.words import LATER

S = TypeVar("S")

SEPARATOR = ";"


class IllegalStep(IllegalMove):
    """A batch of several steps refused because of one of them; `step` counts from 1."""

    def __init__(self, step: int, error: IllegalMove) -> None:
        said = LATER.gettext("step %(step)d: %(refusal)s", step=step, refusal=error.said)
        super().__init__(error.code, said, error.seats)
        self.step = step


def _failed(step: int, count: int, error: IllegalMove) -> IllegalMove:
    """A lone step's refusal needs no step number; in a longer batch it names the step."""
    return error if count == 1 else IllegalStep(step, error)


def split_steps(text: str) -> list[str]:
    """The steps of a batch text; blank ones (`a;; b;`) are dropped."""
    return [step.strip() for step in text.split(SEPARATOR) if step.strip()]


def parse_batch(engine: Engine[Any], text: str) -> list[Move]:
    """Each step parsed by the engine; IllegalStep names the first one it cannot read."""
    steps = split_steps(text)
    if not steps:
        raise IllegalMove(
            "bad_notation", LATER.gettext("no move given: steps are separated by `;`")
        )
    moves = []
    for number, step in enumerate(steps, start=1):
        try:
            moves.append(engine.parse_move(step))
        except IllegalMove as error:
            raise _failed(number, len(steps), error) from None
    return moves


class Applied(NamedTuple):
    """A batch made: the state after its steps, their events, and the steps not tried because
    an earlier one brought chance into play (empty when every step was made)."""

    state: Any
    events: list[Event]
    untried: list[JSON]


def apply_batch(engine: Engine[S], state: S, seat: Seat, steps: JSON) -> Applied:
    """`seat` makes the steps in order, all or nothing, up to and including the first that
    `reveals` something; the rest are `untried`.

    `steps` is a batch text, a list of JSON moves, or one JSON move. If any step tried is
    illegal, the error says which (IllegalStep), and since states are values the caller's
    `state` is simply left as it was."""
    moves: list[JSON]
    if isinstance(steps, str):
        moves = list(parse_batch(engine, steps))
    elif isinstance(steps, list):
        moves = steps
    else:
        moves = [steps]
    if not moves:
        raise IllegalMove("bad_move", LATER.gettext("a batch needs at least one step"))
    events = []
    for number, move in enumerate(moves, start=1):
        try:
            after, event = engine.transition(state, seat, move)
        except IllegalMove as error:
            raise _failed(number, len(moves), error) from None
        events.append(event)
        revealed = number < len(moves) and engine.reveals(state, seat, move, after)
        state = after
        if revealed:
            return Applied(state, events, moves[number:])
    return Applied(state, events, [])


def refusal_details(engine: Engine[S], state: S, seat: Seat, error: IllegalMove) -> dict[str, JSON]:
    """What a refusal tells besides its code and message: the rule's code, the moves legal now
    (as before the batch, which changed nothing) and the step refused, if the batch had several."""
    legal = engine.legal_moves(state, seat) if seat in engine.to_act(state) else []
    details: dict[str, JSON] = {
        "reason": error.code,
        "legal_moves": [engine.format_move(move) for move in legal],
    }
    if isinstance(error, IllegalStep):
        details["step"] = error.step
    return details
