"""How well the bots play, and how long they think: whole games between bot levels, one core.

For each game type and player count, each bot level (`quick`, `search`) plays `--games` games
against opponents of one level (`random`, `quick`) in every other seat. Each deal is played
once with the level in every seat (with two players: each deal twice, seats swapped, so both
sides get the same cards); game seeds and bot seeds are fixed by the game's number, so a run
replays. Printed per match-up: the level's win rate with its Wilson 95% interval (a shared
win counts as the share), and its think time per move (CPU time, `time.process_time`, median
and p99), with the search's playouts per move. Lost Cities is played as single games
(`rounds: 1`, the stall limit at its default of 12): a three-game match would favour the
stronger player more, so this is the harder test.

`--committer PATH` adds chikinn's `committer` (from a copy of the public chikinn/lost-cities
kept outside this project, `bench.committer`) as an opponent in two-player Lost Cities; it
sees what its seat may see. `--version` and `--against-version` name the versions of the bots
(`shared.bots.VERSIONS`) measured and played against, today's by default: a new version is
measured against the old one's quick bot as well as its own.

The targets: the search bot wins at least 95% of two-player Lost Cities games against random
play, at least 65% against the quick bot and at least 65% against `committer`, at no more than
0.5 s of CPU a move at p99; the dice game's and Livingstone's bots clearly beat random play at
every player count (the lower end of the interval above one in N).

Run: `python -m bench.bots` (or `./dev bench bots`) for every match-up; `--game`, `--players`,
`--level`, `--against`, `--games`, `--iterations` narrow it down for a quick run, e.g.
`python -m bench.bots --game lost-cities --level search --against quick --games 40`. A long
measurement can be split into runs of `--games` from `--first` (an even number, so that a
deal's two games fall in one part; the game numbers fix deals and seeds, so the parts add up
to one run); `--json` prints each match-up's tally, and `--tally FILE...` adds such outputs up
and prints them as a run would.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from bench.committer import Committer
from bench.service import percentile
from shared.bots import QUICK, RANDOM, SEARCH, VERSION, VERSIONS, Budget, choose
from shared.engine import JSON, Engine, Move, Seat
from shared.games import ENGINES

OPTIONS: dict[str, dict[str, JSON]] = {"lost-cities": {"rounds": 1}}
"""Options per game type; a type not listed plays with its defaults."""

GAMES = {QUICK: 1000, SEARCH: 100}
"""Games per match-up by default, per level: a thousand where a game takes milliseconds, fewer
where the search thinks for a second a move (`--games` overrides both)."""

COMMITTER = "committer"
"""chikinn's bot, an opponent for two-player Lost Cities when `--committer PATH` is given."""
COMMITTER_PLAYS = ("lost-cities", 2)

Opponent = Callable[[Engine[Any], Any, Seat, str], Move]
"""How a seat not under test picks its move: (engine, state, seat, seed) -> move."""


def level_opponent(level: str, version: int) -> Opponent:
    def move(engine: Engine[Any], state: Any, seat: Seat, seed: str) -> Move:
        return choose(engine, state, seat, seed, level, version=version).move

    return move


Z95 = statistics.NormalDist().inv_cdf(0.975)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win rate."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + Z95**2 / (2 * games)
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2))
    scale = 1 + Z95**2 / games
    return (centre - spread) / scale, (centre + spread) / scale


def seed_of(*numbers: int) -> str:
    return "".join(f"{number:08x}" for number in numbers).rjust(32, "0")


class Tally(NamedTuple):
    wins: float
    games: int
    think: list[float]
    """CPU seconds of each of the level's moves."""
    iterations: int


def play(
    engine: Engine[Any],
    players: int,
    level: str,
    against: Opponent,
    number: int,
    budget: Budget | None,
    version: int,
) -> tuple[float, list[float], int]:
    """Game `number`: `level` in seat `number % players`, `against` in the others, on deal
    `number // players`, so each deal is played with the level in every seat (which takes the
    luck of the deal out of the comparison). Returns the level's share of the win, its think
    times and its playouts."""
    deal, hero = divmod(number, players)
    state = engine.new(players, seed_of(deal), OPTIONS.get(engine.type_id))
    think: list[float] = []
    iterations = 0
    step = 0
    while seats := engine.to_act(state):
        for seat in seats:
            step += 1
            seed = seed_of(number, step, seat)
            if seat == hero:
                start = time.process_time()
                decision = choose(engine, state, seat, seed, level, budget, version)
                think.append(time.process_time() - start)
                iterations += decision.iterations
                move = decision.move
            else:
                move = against(engine, state, seat, seed)
            state = engine.apply(state, seat, move)
            if engine.is_over(state):
                break
    result = engine.result(state)
    assert result is not None
    winners = result["winners"]
    return (1 / len(winners) if hero in winners else 0.0), think, iterations


def match_up(
    engine: Engine[Any],
    players: int,
    level: str,
    against: Opponent,
    games: range,
    budget: Budget | None,
    version: int,
) -> Tally:
    wins, think, iterations = 0.0, [], 0
    for number in games:
        won, times, used = play(engine, players, level, against, number, budget, version)
        wins += won
        think += times
        iterations += used
    return Tally(wins, len(games), think, iterations)


def describe(type_id: str, players: int, level: str, against: str, tally: Tally) -> str:
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games
    line = (
        f"{type_id:<17} {players}p {level:>9} vs {against:<9} {rate:6.1%} "
        f"[{low:5.1%}, {high:5.1%}] of {tally.games:4d} (chance {1 / players:4.0%})   "
        f"think p50 {percentile(tally.think, 0.5) * 1000:7.1f} ms "
        f"p99 {percentile(tally.think, 0.99) * 1000:7.1f} ms"
    )
    if level.startswith(SEARCH):
        line += f"   {tally.iterations / len(tally.think):5.0f} playouts/move"
    return line


def add_up(files: list[str]) -> None:
    """The match-ups of several `--json` runs (parts of one measurement), added up."""
    tallies: dict[tuple[str, int, str, str], Tally] = {}
    for file in files:
        with open(file) as lines:
            for line in lines:
                if not line.startswith("{"):
                    continue
                part = json.loads(line)
                key = (part["game"], part["players"], part["level"], part["against"])
                before = tallies.get(key, Tally(0.0, 0, [], 0))
                tallies[key] = Tally(
                    before.wins + part["wins"],
                    before.games + part["games"],
                    before.think + part["think"],
                    before.iterations + part["iterations"],
                )
    for key, added in sorted(tallies.items()):
        print(describe(*key, added))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", choices=sorted(ENGINES), help="game types")
    parser.add_argument("--players", type=int, action="append", help="player counts")
    parser.add_argument("--level", action="append", choices=(QUICK, SEARCH), help="bot levels")
    parser.add_argument(
        "--against", action="append", choices=(RANDOM, QUICK, COMMITTER), help="opponents"
    )
    parser.add_argument(
        "--committer",
        metavar="PATH",
        help="a copy of chikinn/lost-cities: its `committer` plays two-player Lost Cities too",
    )
    parser.add_argument("--games", type=int, help="games per match-up (default: by level)")
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
    parser.add_argument(
        "--iterations", type=int, help="the search's playouts per move (default: its version's)"
    )
    for option, whose in (("--version", "measured"), ("--against-version", "played against")):
        parser.add_argument(
            option,
            type=int,
            default=VERSION,
            choices=sorted(VERSIONS),
            help=f"the version of the bots {whose} (default: today's)",
        )
    parser.add_argument(
        "--json", action="store_true", help="one JSON line per match-up, think times included"
    )
    parser.add_argument(
        "--tally", nargs="+", metavar="FILE", help="add up the --json output of runs, and print it"
    )
    options = parser.parse_args()
    if options.tally:
        add_up(options.tally)
        return

    opponents = {level: level_opponent(level, options.against_version) for level in (RANDOM, QUICK)}
    if options.committer:
        opponents[COMMITTER] = Committer(options.committer).move
    elif COMMITTER in (options.against or ()):
        parser.error("--against committer needs --committer PATH")
    print(f"Python {platform.python_version()} on {platform.machine()}, one process, one core")
    for type_id in options.game or sorted(ENGINES):
        engine = ENGINES[type_id]
        budget = Budget(options.iterations) if options.iterations else None
        counts = options.players or range(engine.min_players, engine.max_players + 1)
        for players in counts:
            for level in options.level or (QUICK, SEARCH):
                for against in options.against or opponents:
                    if against == COMMITTER and (type_id, players) != COMMITTER_PLAYS:
                        continue
                    games = range(options.first, options.first + (options.games or GAMES[level]))
                    tally = match_up(
                        engine, players, level, opponents[against], games, budget, options.version
                    )
                    names = (
                        f"{level} v{options.version}",
                        against
                        if against == COMMITTER
                        else f"{against} v{options.against_version}",
                    )
                    if options.json:
                        line = {"game": type_id, "players": players, "level": names[0]}
                        print(json.dumps({**line, "against": names[1], **tally._asdict()}))
                    else:
                        print(describe(type_id, players, *names, tally), flush=True)


if __name__ == "__main__":
    main()
