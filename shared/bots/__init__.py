"""Bots: a move for a seat, at one of three levels, from what that seat may know.

    choose(engine, state, seat, seed, level, budget) -> Decision(move, iterations)

`random` plays a uniformly random legal move; `quick` the move its game's heuristic scores best;
`search` the best of the heuristic's favourite moves when each is played on in the same games
sampled from what the seat may know (`shared.bots.search`). How each level plays is a version
of the bots (`VERSIONS`): old versions are kept, so that a move logged with its version can be
made again. The caller hands over the true state
(the service has nothing else), but a bot never reads it: the first thing `choose` does is
sample a state the seat cannot tell from it (`Engine.resample`, which depends only on what the
seat may know and the seed), and the search samples afresh from there on. So two games that
differ only in what the seat may not know get the same move for the same seed
(tests/engines/test_bots.py checks it).

Engines are pure, and so are bots: no clock. A budget is a number of playouts, which makes a
decision a function of (state as the seat knows it, seed, iterations) and so replayable; a
caller with a clock may also pass `out_of_time`, asked before each sampled game, and record
the `iterations` the decision says it used to replay it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from shared.bots import lost_cities
from shared.bots.heuristic import Heuristic, best
from shared.bots.livingstone import LIVINGSTONE
from shared.bots.lost_cities_dice import LOST_CITIES_DICE
from shared.bots.search import FIRST as FIRST_SEARCH
from shared.bots.search import Settings, search
from shared.engine import KNOWING, Engine, Move, Seat

RANDOM, QUICK, SEARCH = "random", "quick", "search"
LEVELS = (RANDOM, QUICK, SEARCH)


class Bot(NamedTuple):
    """How one version of the bots plays one game."""

    heuristic: Heuristic
    iterations: int
    """The `search` level's playouts per move: what fits in well under a second of one core
    (docs/performance.md, Bots, has the think times)."""
    search: Settings = FIRST_SEARCH
    knows: int = KNOWING
    """How much of what the seat saw of hidden things its samples keep (`Engine.resample`):
    the first version's forgot it all, the second's forgot Livingstone's stacks of played
    cards."""
    full_players: int | None = None
    """The most players at which the search makes all its `iterations`. A playout plays rounds,
    a turn of each player, so with more players each costs more: the search then makes
    `iterations * full_players // players`, which holds a move under half a second of CPU
    (None: `iterations` at every count, as the first versions did)."""
    against_patient: tuple[Heuristic, Settings] | None = None
    """The heuristic and search settings it plays by against others whose public play is
    patient (`Heuristic.patient`), if not its own: a heuristic tuned to an eager opponent
    misjudges a patient one, in its own moves and in how its playouts play that opponent."""


def playouts(bot: Bot, players: int) -> int:
    """The `search` level's playouts per move for `players` players (`Bot.full_players`)."""
    if bot.full_players is None or players <= bot.full_players:
        return bot.iterations
    return bot.iterations * bot.full_players // players


FIRST: dict[str, Bot] = {
    "livingstone": Bot(LIVINGSTONE, 200, knows=0),
    "lost-cities": Bot(lost_cities.FIRST, 600, knows=0),
    "lost-cities-dice": Bot(LOST_CITIES_DICE, 300, knows=0),
}
VERSIONS: dict[int, dict[str, Bot]] = {
    1: FIRST,
    2: {
        "livingstone": Bot(LIVINGSTONE, 200, knows=1),
        "lost-cities": Bot(lost_cities.SECOND, 600, Settings(confidence=2.0), knows=1),
        "lost-cities-dice": Bot(LOST_CITIES_DICE, 300, knows=1),
    },
    3: {
        "livingstone": Bot(LIVINGSTONE, 200, full_players=3),
        "lost-cities": Bot(
            lost_cities.SECOND,
            600,
            Settings(confidence=2.0),
            against_patient=(lost_cities.FIRST, FIRST_SEARCH),
        ),
        "lost-cities-dice": Bot(LOST_CITIES_DICE, 300),
    },
}
"""Every version of the bots a game may name, by game type (a bot's move is logged with its
version, so that anyone can make it again: `client.verify`). A version, once a game names it,
is never changed or dropped; a change to how the bots play is a new version."""
VERSION = max(VERSIONS)
"""The version that moves now."""
BOTS = VERSIONS[VERSION]


class Budget(NamedTuple):
    """How long a `search` bot may think: at most `iterations` playouts, and none once
    `out_of_time()` (the caller's clock, if any) says so."""

    iterations: int
    out_of_time: Callable[[], bool] | None = None


class Decision(NamedTuple):
    move: Move
    iterations: int
    """The playouts made: `Budget(iterations)` with the same seed gives the same move."""


def choose(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    seed: str,
    level: str = SEARCH,
    budget: Budget | None = None,
    version: int = VERSION,
) -> Decision:
    """`seat`'s move at `level`, from randomness `seed` (hex), as the bots of `version` make
    it; the seat must be one to act. The `search` level's budget defaults to that version's
    playouts for the game and its number of players (`playouts`)."""
    if level not in LEVELS:
        raise ValueError(f"a bot's level is one of {', '.join(LEVELS)}, not {level!r}")
    bots = VERSIONS.get(version)
    if bots is None:
        raise ValueError(f"there are no bots of version {version!r}")
    bot = bots[engine.type_id]
    rnd = random.Random(int(seed, 16))
    sample = engine.resample(state, seat, f"{rnd.getrandbits(128):032x}", bot.knows)
    moves = engine.legal_moves(sample, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move to make")
    heuristic, settings = bot.heuristic, bot.search
    if bot.against_patient is not None and heuristic.patient(sample, seat):
        heuristic, settings = bot.against_patient
    if level == RANDOM or len(moves) == 1:
        return Decision(rnd.choice(moves), 0)
    if level == QUICK:
        return Decision(best(moves, heuristic.scores(sample, seat, moves)), 0)
    budget = budget or Budget(playouts(bot, heuristic.players(sample)))
    move, iterations = search(
        engine,
        sample,
        seat,
        heuristic,
        budget.iterations,
        rnd,
        budget.out_of_time,
        settings,
        bot.knows,
    )
    return Decision(move, iterations)
