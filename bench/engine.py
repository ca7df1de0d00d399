"""Engine throughput: random complete games through the public protocol, on one core.

For every engine in the registry, `shared.playout.playout` plays random games from fresh seeds
(a seeded `random.Random` picks the seat and the move; `new` + `to_act` + `legal_moves` + `apply`
are all timed) and this prints games/s and moves/s. For lost-cities it also times replaying the
log of a full 3-game match (`shared.playout.replay` from `new`), which is what the service does
on every request without a snapshot.

Rates use the process's CPU time, and each figure is the best of several runs (as `timeit`
advises: other work on a shared or virtual machine only ever slows a run down), with the median
alongside to show the spread.

`--against-coolrl PATH` times Lost Cities beside coolrl-lost-cities's Cython engine (a checkout
at PATH, built in place; see `bench.coolrl`) in alternating rounds of one process: one game is
a deal and random moves to its end (`rounds 1` here, a single game there too).

Run: `python -m bench.engine` (or `python -m bench engine`) from the repository root.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from bench import coolrl
from compiled.finder import described
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
ROOT = Path(__file__).resolve().parent.parent


def variants(type_id: str) -> list[tuple[str, dict[str, JSON]]]:
    """The variants timed for an engine: its own, else its defaults."""
    return VARIANTS.get(type_id, [("defaults", {})])


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


class Timed(NamedTuple):
    """The runs of one variant of one engine (or, with `label` "replay", the match replays
    in milliseconds as `runs`, each `(0, moves, ms)`)."""

    type_id: str
    label: str
    players: int
    runs: list[Run]

    @property
    def best(self) -> Run:
        return max(self.runs, key=lambda run: run.games_per_second)


def measure(options: argparse.Namespace) -> list[Timed]:
    timed = []
    for type_id in options.engine or sorted(ENGINES):
        engine = ENGINES[type_id]
        for label, chosen in variants(type_id):
            players = engine.min_players
            runs = [
                throughput(engine, players, chosen, options.seconds, 100_000 * run)
                for run in range(options.runs)
            ]
            timed.append(Timed(type_id, label, players, runs))
    return timed


def describe(timed: Timed) -> str:
    best, runs = timed.best, timed.runs
    rate = best.games_per_second
    median = statistics.median(run.games_per_second for run in runs)
    line = (
        f"{timed.type_id:<18} {timed.label:<10} {timed.players} players {rate:7.0f} games/s "
        f"{best.moves / best.seconds:8.0f} moves/s (median {median:.0f} games/s; "
        f"{best.moves / best.games:.0f} moves/game; {sum(run.games for run in runs)} games)"
    )
    target = TARGET_GAMES_PER_SECOND.get(timed.type_id)
    if target is not None and timed.label == variants(timed.type_id)[0][0]:
        line += f"  target {target:.0f} games/s: {verdict(rate >= target)}"
    return line


def side_by_side(revision: str, options: argparse.Namespace) -> None:
    """This tree's engines and those of git `revision`, timed by this harness in alternating
    runs of one process each, who goes first alternating too (so a slower spell of the machine
    hits both alike); best of each."""
    arguments = ["-m", "bench.engine", "--json", "--runs", "1", "--seconds", str(options.seconds)]
    for type_id in options.engine or ():
        arguments += ["--engine", type_id]
    results: dict[str, dict[tuple[str, str], Timed]] = {"now": {}, revision: {}}
    builds: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="turnpost-baseline-") as scratch:
        archive = subprocess.run(
            ["git", "archive", revision, "shared"], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", scratch], input=archive.stdout, check=True)
        shutil.copytree(ROOT / "bench", Path(scratch) / "bench")
        trees = [("now", ROOT), (revision, Path(scratch))]
        for run in range(options.runs):
            for name, tree in trees if run % 2 == 0 else trees[::-1]:  # who goes first too
                output = subprocess.run(
                    [sys.executable, *arguments],
                    cwd=tree,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                for line in output.splitlines():
                    item = json.loads(line)
                    if isinstance(item, dict):  # which engines the run loaded
                        builds[name] = item["build"]
                        continue
                    timed = Timed(*item)
                    timed = timed._replace(runs=[Run(*run) for run in timed.runs])
                    key = (timed.type_id, timed.label)
                    if key in results[name]:
                        results[name][key].runs.extend(timed.runs)
                    else:
                        results[name][key] = timed
    print(
        f"side by side with {revision}, best of {options.runs} alternating runs; this tree "
        f"{builds['now']}, {revision} {builds[revision]}:"
    )
    for key, now in results["now"].items():
        then = results[revision][key]
        ratio = now.best.games_per_second / then.best.games_per_second
        print(
            f"{now.type_id:<18} {now.label:<10} {now.players} players "
            f"{now.best.games_per_second:7.0f} vs {then.best.games_per_second:7.0f} games/s: "
            f"{ratio:.2f}x",
            flush=True,
        )


def against_coolrl(path: Path, options: argparse.Namespace) -> None:
    """Lost Cities and coolrl's engine in alternating rounds of `options.seconds` CPU seconds
    each (who goes first alternating too), in this process; each round's ratio, then the
    medians'."""
    module = coolrl.load(path)
    engine = ENGINES["lost-cities"]
    timers: dict[str, Callable[[int], Run]] = {
        "turnpost": lambda first: throughput(engine, 2, {"rounds": 1}, options.seconds, first),
        "coolrl": lambda first: Run(*coolrl.playouts(module, options.seconds, first)),
    }
    print(
        f"Python {platform.python_version()}, turnpost {described()} against coolrl (Cython, "
        f"{path}): {options.runs} alternating rounds of {options.seconds:g} CPU seconds each"
    )
    runs: dict[str, list[Run]] = {name: [] for name in timers}
    for number in range(options.runs):
        order = list(timers) if number % 2 == 0 else list(timers)[::-1]
        for name in order:
            runs[name].append(timers[name](100_000 * number))
        ours, theirs = runs["turnpost"][-1], runs["coolrl"][-1]
        print(
            f"round {number + 1}: turnpost {ours.games_per_second:6.0f}, coolrl "
            f"{theirs.games_per_second:6.0f} games/s: "
            f"{ours.games_per_second / theirs.games_per_second:.2f}x",
            flush=True,
        )
    medians = {}
    for name, timed in runs.items():
        rates = [run.games_per_second for run in timed]
        games, turns = sum(run.games for run in timed), sum(run.moves for run in timed)
        medians[name] = statistics.median(rates)
        print(
            f"{name:<9} median {medians[name]:6.0f} games/s, best {max(rates):6.0f} "
            f"({games} games, {turns / games:.0f} turns a game)"
        )
    ratios = [
        ours.games_per_second / theirs.games_per_second
        for ours, theirs in zip(runs["turnpost"], runs["coolrl"], strict=True)
    ]
    print(
        f"turnpost / coolrl: {medians['turnpost'] / medians['coolrl']:.2f}x (medians); "
        f"round by round {min(ratios):.2f}-{max(ratios):.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per variant (best is kept)")
    parser.add_argument("--engine", action="append", help="only these engine ids")
    parser.add_argument("--replays", type=int, default=200, help="timed replays of the match")
    parser.add_argument(
        "--baseline", metavar="REVISION", help="time the engines of a git revision side by side"
    )
    parser.add_argument(
        "--against-coolrl",
        metavar="PATH",
        type=Path,
        help="time Lost Cities beside the built coolrl-lost-cities checkout at PATH",
    )
    parser.add_argument("--json", action="store_true", help="one JSON line per variant's runs")
    options = parser.parse_args()

    if options.against_coolrl:
        against_coolrl(options.against_coolrl, options)
        return
    if options.baseline:
        side_by_side(options.baseline, options)
        return
    if options.json:
        print(json.dumps({"build": described()}))
        for timed in measure(options):
            print(json.dumps(timed))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, {described()}, one core")
    for timed in measure(options):
        print(describe(timed), flush=True)
    if "lost-cities" in (options.engine or ENGINES):
        ms, median_ms, length = match_replay_ms(ENGINES["lost-cities"], options.replays)
        print(
            f"{'lost-cities':<18} {'replay':<10} a full 3-game match ({length} moves) in "
            f"{ms:.2f} ms (median {median_ms:.2f} ms)  target {TARGET_MATCH_REPLAY_MS:.0f} ms: "
            f"{verdict(ms < TARGET_MATCH_REPLAY_MS)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
