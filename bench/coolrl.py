"""coolrl-lost-cities's Cython engine, timed by the harness `bench.engine` times ours with.

coolrl-lost-cities (public, on GitHub) is the fastest Lost Cities engine we know of. Nothing of
it is part of this project: `bench.engine --against-coolrl PATH` takes a checkout of it whose
engine is built in place (`python setup.py build_ext --inplace`, which needs Cython), and
loads that one compiled module, `coolrl_lost_cities/games/classic/game`, from its file. Importing
it as a package would run the package's `__init__`, which imports its bots and training code
(numpy, torch); the engine itself needs only the standard library.

A random game is played the way coolrl's own evaluation loop plays one
(`evaluation.play_game_for_evaluation` with its random bot): `GameState.new_game(config,
seed=...)` deals a classic 5-colour game, then until `state.terminal` the player to act picks
one of `state.legal_actions()` and `state.apply_action()` plays it. Its random bot picks with
numpy; here Python's `random.Random.choice` picks, as it does for our engine, which makes
coolrl's loop faster than its own. A turn is two of its actions (a card, then a draw), so its
turns are its actions halved.
"""

from __future__ import annotations

import importlib.util
import random
import time
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = "coolrl_lost_cities.games.classic.game"
RELATIVE = Path(*MODULE.split("."))


def load(path: Path) -> ModuleType:
    """The built engine module of the coolrl-lost-cities checkout (or installed package
    directory's parent) at `path`; SystemExit naming what is missing."""
    candidates = [
        found
        for root in (path / "src", path)
        for found in sorted((root / RELATIVE.parent).glob(f"{RELATIVE.name}.*.so"))
    ]
    if not candidates:
        raise SystemExit(
            f"no built coolrl engine under {path} (looked for {RELATIVE}.*.so in it and in "
            "its src/): build it there with `python setup.py build_ext --inplace`"
        )
    spec = importlib.util.spec_from_file_location(MODULE, candidates[0])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def playouts(module: ModuleType, seconds: float, first: int) -> tuple[int, int, float]:
    """Random games with seeds `first`, `first + 1`, ... for at least `seconds` of CPU time:
    games, turns and the CPU seconds taken."""
    game_state: Any = module.GameState
    config = module.LostCitiesConfig()
    choice = random.Random(first).choice
    games = actions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = game_state.new_game(config, seed=first + games)
        while not state.terminal:
            state.apply_action(choice(state.legal_actions()))
            actions += 1
        games += 1
        elapsed = time.process_time() - start
    return games, actions // 2, elapsed
