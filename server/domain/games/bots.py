"""Bots at the table, as the service sees them: which may sit in a game, what their seats are
called, and the move one makes (`shared.bots.choose`, which decides from what its seat may know).

A bot moves for a seat of its own, taken at creation, or for a player whose move time ran out
under the policy `on_timeout: bot` (at `TIMEOUT_LEVEL`, or `bot:LEVEL`). Either way its move
goes through `GameService` like anyone's, in the worker, never in a web process. Its
randomness comes from the game's secret, the version and the seat (`shared.fairness.bot_seed`),
and a search thinks a fixed number of playouts (its version's for the game and the number of
players, `shared.bots.playouts`); the move's entry names the version of the bots that chose it
(`bot_version`). So a bot's move is the same however often a job is run again, nobody can
foresee it while the game runs, and anyone can make it again once the secret is revealed
(`turnpost verify` does), whatever the bots have become since.
"""

from __future__ import annotations

from collections.abc import Sequence

from server.domain.errors import N_, Invalid
from server.domain.games.loaded import Game
from server.domain.games.record import Seat
from shared.bots import BOTS, LEVELS, QUICK, VERSION, choose
from shared.engine import Move
from shared.fairness import bot_seed

TIMEOUT_POLICY = "bot"
TIMEOUT_LEVEL = QUICK
"""The level of the bot that moves for a player whose time ran out, unless the policy names one."""
TIMEOUT_POLICIES = (TIMEOUT_POLICY, *(f"{TIMEOUT_POLICY}:{level}" for level in LEVELS))


def timeout_level(policy: str) -> str | None:
    """The level of the bot a move-clock policy sends in when time runs out (None: no bot)."""
    if policy == TIMEOUT_POLICY:
        return TIMEOUT_LEVEL
    prefix = f"{TIMEOUT_POLICY}:"
    return policy.removeprefix(prefix) if policy.startswith(prefix) else None


def levels_for(type_id: str) -> list[str]:
    """The levels of bot that play this game type (none if no bot knows it)."""
    return list(LEVELS) if type_id in BOTS else []


def seats(type_id: str, levels: Sequence[str]) -> list[Seat]:
    """The seats of the bots asked for at a game's creation, each named by its level (and
    numbered when there are several): player names cannot hold a space, so no player is
    mistaken for one. Invalid for a level that does not exist or a game no bot plays."""
    for level in levels:
        if level not in LEVELS:
            raise Invalid(
                N_("there is no bot level %(level)s; the levels are %(levels)s"),
                {"bot": level},
                "unknown_bot_level",
                {"level": level, "levels": ", ".join(LEVELS)},
            )
    if levels and not levels_for(type_id):
        raise Invalid(
            N_("no bot plays %(type)s"), {"type": type_id}, "no_bots_for_type", {"type": type_id}
        )
    numbered = len(levels) > 1
    return [
        Seat(name=f"bot {n} ({level})" if numbered else f"bot ({level})", joined=True, bot=level)
        for n, level in enumerate(levels, start=1)
    ]


def move(game: Game, seat: int, level: str) -> tuple[Move, int]:
    """The move the bots of today's version make for `seat` in the game as it is now, and
    that version (its entry names it: `bot_version`). The bot is handed the state and the
    seat, and samples what the seat may not know before it thinks (`shared.bots`)."""
    record = game.record
    seed = bot_seed(record.secret or record.seed, game.version, seat)
    return choose(game.engine, game.state, seat, seed, level, None, VERSION).move, VERSION
