"""Random games for the engines' property tests: seeds, a state part-way through a game, and
how many examples each property tries."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from shared.engine import Engine, Event, IllegalMove, Move, Seat
from shared.games import ENGINES

ENGINE_IDS = sorted(ENGINES)
seeds = st.binary(min_size=16, max_size=16).map(bytes.hex)
randoms = st.integers(0, 2**64).map(random.Random)
"""Move choices from a plain Random seeded by Hypothesis: a failure replays from the drawn
number, and a call costs what `random` costs. Each call of `st.randoms()` is a draw Hypothesis
records, which cost many times what the games themselves did (a contract test 10 s, not 0.5)."""


def many(examples: int) -> settings:
    """A property's settings: `examples` of them, with no deadline (a whole game may take a
    while), however slow the drawing."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


SETTINGS = many(200)


def reached(engine: Engine[Any], players: int, seed: str, rnd: random.Random) -> Any:
    """A state part-way through a random game (perhaps its start, perhaps its end)."""
    state = engine.new(players, seed)
    for _ in range(rnd.randrange(120)):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
    return state


class Twins(NamedTuple):
    """A state part-way through a random game, a seat (None: a spectator), and its twin."""

    engine: Engine[Any]
    state: Any
    seat: Seat | None
    twin: Any
    rnd: random.Random


@st.composite
def twins(draw: st.DrawFn, type_id: str, spectators: bool = False) -> Twins:
    engine = ENGINES[type_id]
    players = draw(st.integers(engine.min_players, engine.max_players))
    rnd = draw(randoms)
    state = reached(engine, players, draw(seeds), rnd)
    seats = st.integers(0, players - 1)
    seat = draw(st.one_of(st.none(), seats) if spectators else seats)
    return Twins(engine, state, seat, engine.resample(state, seat, draw(seeds)), rnd)


class Quiet(NamedTuple):
    """One move made in a state and in its twin: what each led to, and each one's event."""

    move: Move
    after: Any
    event: Event
    twin_after: Any
    twin_event: Event


def quiet_moves(
    engine: Engine[Any], state: Any, twin: Any, mover: Seat, moves: Iterable[Move]
) -> Iterator[Quiet]:
    """`mover`'s `moves` made in `state` and in its `twin`, those legal in both that bring no
    chance into play: what a seat who cannot tell the twins apart must see alike after them."""
    for move in moves:
        try:
            twin_after, twin_event = engine.transition(twin, mover, move)
        except IllegalMove:
            continue  # a move of a hand or a purse the twin does not have
        after, event = engine.transition(state, mover, move)
        if not engine.reveals(state, mover, move, after):  # what chance brings is news to all
            yield Quiet(move, after, event, twin_after, twin_event)
