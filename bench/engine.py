"""Engine throughput: random complete games through the public protocol, on one core.

For every engine in the registry, `shared.playout.playout` plays random games from fresh seeds
(a seeded `random.Random` picks the seat and the move; `new` + `to_act` + `legal_moves` + `apply`
are all timed) and this prints games/s and moves/s. For lost-cities it also times replaying the
log of a full 3-game match (`shared.playout.replay` from `new`), which is what the service does
on every request without a snapshot.

Rates use the process's CPU time, and each figure is the best of several runs (as `timeit`
advises: other work on a shared or virtual machine only ever slows a run down), with the median
alongside to show the spread.

Run: `python -m bench.engine` (or `python -m bench engine`) from the repository root.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any, NamedTuple

from shared.engine import JSON, Engine
from shared.games import ENGINES
from shared.playout import playout, replay

VARIANTS: dict[str, list[tuple[str, dict[str, JSON]]]] = {
    "lost-cities": [("rounds 1", {"rounds": 1}), ("rounds 3", {"rounds": 3})],
}
"""Options worth timing per engine; an engine not listed runs with its defaults. A "game" below
is one complete playout with those options (with rounds 3, a whole match)."""

TARGET_GAMES_PER_SECOND = {"lost-cities": 1000.0}
"""Per engine: random complete games per second, with the first variant's options."""
TARGET_MATCH_REPLAY_MS = 5.0


def seed_of(number: int) -> str:
    return f"{number:032x}"


class Run(NamedTuple):
    games: int
    moves: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def throughput(
    engine: Engine[Any], players: int, options: dict[str, JSON], seconds: float, first: int
) -> Run:
    """Random games from seeds `first`, `first + 1`, ... for at least `seconds` of CPU time."""
    rnd = random.Random(first)
    games = moves = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = engine.new(players, seed_of(first + games), options)
        _, log = playout(engine, state, rnd.choice, rnd.choice)
        games += 1
        moves += len(log)
        elapsed = time.process_time() - start
    return Run(games, moves, elapsed)


def match_replay_ms(engine: Engine[Any], repeats: int) -> tuple[float, float, int]:
    """Best and median CPU milliseconds to rebuild a finished 3-game match from its log, and
    the length of the log."""
    options: dict[str, JSON] = {"rounds": 3}
    rnd = random.Random(7)
    final, log = playout(engine, engine.new(2, seed_of(7), options), rnd.choice, rnd.choice)
    times = []
    for _ in range(repeats):
        start = time.process_time()
        rebuilt = replay(engine, engine.new(2, seed_of(7), options), log)
        times.append(time.process_time() - start)
        assert rebuilt == final
    return min(times) * 1000, statistics.median(times) * 1000, len(log)


def verdict(ok: bool) -> str:
    return "ok" if ok else "BELOW TARGET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per variant (best is kept)")
    parser.add_argument("--engine", action="append", help="only these engine ids")
    parser.add_argument("--replays", type=int, default=200, help="timed replays of the match")
    options = parser.parse_args()

    print(f"Python {platform.python_version()} on {platform.machine()}, one process, one core")
    for type_id in options.engine or sorted(ENGINES):
        engine = ENGINES[type_id]
        for number, (label, chosen) in enumerate(VARIANTS.get(type_id, [("defaults", {})])):
            players = engine.min_players
            runs = [
                throughput(engine, players, chosen, options.seconds, 100_000 * number)
                for number in range(options.runs)
            ]
            best = max(runs, key=lambda run: run.games_per_second)
            rate = best.games_per_second
            median = statistics.median(run.games_per_second for run in runs)
            games = sum(run.games for run in runs)
            line = (
                f"{type_id:<18} {label:<10} {players} players {rate:7.0f} games/s "
                f"{best.moves / best.seconds:8.0f} moves/s (median {median:.0f} games/s; "
                f"{best.moves / best.games:.0f} moves/game; {games} games)"
            )
            target = TARGET_GAMES_PER_SECOND.get(type_id)
            if target is not None and number == 0:
                line += f"  target {target:.0f} games/s: {verdict(rate >= target)}"
            print(line, flush=True)
        if type_id == "lost-cities":
            ms, median_ms, length = match_replay_ms(engine, options.replays)
            print(
                f"{type_id:<18} {'replay':<10} a full 3-game match ({length} moves) in "
                f"{ms:.2f} ms (median {median_ms:.2f} ms)  target {TARGET_MATCH_REPLAY_MS:.0f} ms: "
                f"{verdict(ms < TARGET_MATCH_REPLAY_MS)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
