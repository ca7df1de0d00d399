"""The compiled engines answer exactly as the sources they were compiled from.

`./dev` compiles `shared/` with mypyc where it can (`compiled.build`); the suite then runs the
compiled engines, and this test runs the same games again in a Python whose engines are plain
source (`TURNPOST_PURE_PYTHON=1`) and compares everything each answered: whose turn, the legal
moves, every event, view, text and HTML board, result, resample, the refusals of bad moves and
bad options, the bots' moves, and the snapshots of the last states: their tags, and the state
each loads to in the compiled engines (a snapshot made from source must serve them). Not their
bytes: those may differ in pickle's memo alone, where an object the state holds twice is one
object from source and two equal ones compiled (mypyc keeps a `tuple[int, int, int]` unboxed
and builds a new tuple each time it hands one on), which load to the same state. Compiled
code checks its arguments' types where the sources only declare them, so a refusal could
become a TypeError there: the bad input below is what a person or script can send.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from compiled.finder import PURE_PYTHON, active
from server.domain.games.snapshots import pickled, snapshot_tag, unpickled
from shared.batch import apply_batch, refusal_details
from shared.bots import LEVELS, Budget, choose
from shared.engine import JSON, BadOptions, Engine, IllegalMove
from shared.games import ENGINES
from shared.words import LATER

ROOT = Path(__file__).resolve().parents[2]

BAD_MOVES: list[JSON] = [
    None,
    7,
    "R7",
    [],
    [1, 2],
    {},
    {"action": 5},
    {"action": "play"},
    {"action": "play", "card": 7, "draw": None},
    {"action": "resign", "extra": 1},
    {"action": "discard", "card": "X9", "draw": "deck"},
    {"action": "sell", "colour": ["blue"]},
    {"action": "take", "what": 3.5},
    {"action": "choose", "die": "a"},
]
BAD_TEXTS = ["", ";", "play", "zzz 9", "take 99 tent", "sell", "end; end", "é", "1" * 300]
BAD_OPTIONS: list[dict[str, JSON]] = [
    {"nope": 1},
    {"rounds": "x"},
    {"colours": 9},
    {"deck": 7},
    {"board": "x"},
    {"sheet": [1]},
    {"rounds": True},
]
BAD_VERSIONS: list[JSON] = [0, "1", True, 1.5, 99]
SNAPSHOT = "snapshot"
"""What the line of a game's last state, pickled, begins with."""


def refusal(call: Callable[..., Any], *arguments: JSON) -> JSON:
    """What a call answered: its value's text, or the refusal's class, code and message."""
    try:
        return repr(call(*arguments))
    except IllegalMove as error:
        return ["refused", type(error).__name__, error.code, error.message]
    except (BadOptions, ValueError) as error:
        return ["refused", type(error).__name__, str(error)]


def game(engine: Engine[Any], players: int, number: int) -> list[JSON]:
    """A random game with everything the engine answered on its way."""
    rnd = random.Random(number)
    seed = f"{number:032x}"
    lines: list[JSON] = [refusal(engine.new, players, seed, bad) for bad in BAD_OPTIONS]
    lines += [refusal(engine.new, players, seed, None, bad) for bad in BAD_VERSIONS]
    state = engine.new(players, seed)
    step = 0
    while seats := engine.to_act(state):
        step += 1
        seat = rnd.choice(seats)
        moves = engine.legal_moves(state, seat)
        lines.append([step, list(seats), seat, moves, engine.decision(state, seat)])
        lines.append([engine.hidden_choice(state, seat), engine.neutral_move(state, seat)])
        if step % 7 == 1:
            lines += [refusal(engine.transition, state, seat, bad) for bad in BAD_MOVES]
            lines += [
                refusal(apply_batch, engine, state, seat, bad) for bad in [*BAD_MOVES, *BAD_TEXTS]
            ]
            lines += [refusal(engine.parse_move, bad) for bad in BAD_TEXTS]
            sample = engine.resample(state, seat, f"{step:032x}")
            lines.append([engine.view(sample, seat), engine.legal_moves(sample, seat)])
            view = engine.view(state, seat)
            lines += [engine.render_view(view, ("ada", "bo")), engine.render_html(view)]
            for level in LEVELS:
                lines.append(choose(engine, state, seat, f"{step:032x}", level, Budget(8)))
        move = rnd.choice(moves)
        text = engine.format_move(move)
        lines.append([text, engine.parse_move(text)])
        after, event = engine.transition(state, seat, move)
        lines += [event, engine.reveals(state, seat, move, after)]
        for viewer in [None, *range(players)]:
            redacted = engine.redact_event(event, viewer)
            lines += [engine.view(after, viewer), engine.render_event(redacted)]
        state = after
    error = IllegalMove("game_over", LATER.gettext("over"))
    lines += [engine.result(state), refusal_details(engine, state, 0, error)]
    return [*lines, [SNAPSHOT, engine.type_id, snapshot_tag(engine), pickled(state).hex()]]


def loaded(line: str) -> str:
    """A line of the transcript as compared: a snapshot as its tag and the state it loads to in
    this process, any other line as it is."""
    if not line.startswith(f'["{SNAPSHOT}"'):
        return line
    _, type_id, tag, blob = json.loads(line)
    state = unpickled(ENGINES[type_id], tag, bytes.fromhex(blob))
    assert state is not None, f"a snapshot of {type_id} does not load"
    return f"{tag} {state!r}"


def transcript() -> str:
    """Every engine's answers over a game of each player count, one JSON line each: some
    38,000 lines (a second game of each count doubled the test's time, not what it covers)."""
    lines: list[JSON] = []
    for type_id, engine in sorted(ENGINES.items()):
        for players in range(engine.min_players, engine.max_players + 1):
            lines += [[type_id, players], *game(engine, players, players)]
    return "\n".join(json.dumps(line, sort_keys=True, default=repr) for line in lines)


def test_compiled_engines_answer_as_their_sources() -> None:
    if not active():
        pytest.skip(
            "the engines run from source here: no mypyc build matches them "
            "(`python -m compiled.build` says why)"
        )
    pure = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from compiled.finder import active; "
            "from tests.engines.test_compiled import transcript; "
            "assert not active(); sys.stdout.write(transcript())",
        ],
        cwd=ROOT,
        env={**os.environ, PURE_PYTHON: "1"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    compiled = transcript().splitlines()
    assert len(compiled) > 10_000
    for number, (ours, theirs) in enumerate(zip(compiled, pure, strict=True)):
        assert loaded(ours) == loaded(theirs), f"line {number}: compiled and pure engines differ"
