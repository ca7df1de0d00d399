"""Standings: each player's record in each game type (played, won, lost, resigned, timed out)
and their rating, a Plackett-Luce model from `openskill` (any number of players, ranks and
ties), kept as its mean and uncertainty (`mu`, `sigma`) and ranked by its conservative
estimate (`ordinal`, mu - 3 sigma).

Everything here is pure: from a finished game's record and log, and the standings of its
players before it, the standings after it. Applying them once per game is the store's part: it
writes them only if the game was not settled before, and
only if no other game changed those players' standings meanwhile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from server.domain.games import provenance
from server.domain.games.record import GameRecord
from shared.engine import RESIGN, Engine

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Standing:
    """One player's standing in one game type."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    played: int = 0
    won: int = 0
    lost: int = 0
    resigned: int = 0
    timed_out: int = 0
    rated: int = 0
    """How many of the games played were rated: a player is on the leaderboard from the first."""

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Standing:
        return cls(**{field.name: raw[field.name] for field in dataclasses.fields(cls)})


def rated(record: GameRecord, engine: Engine[Any]) -> bool:
    """A game counts for the ratings unless its creator fixed what is left to chance (a deck,
    who starts: `provenance.fixed_by_creator`) or a bot sat at its table."""
    return not provenance.fixed_by_creator(record, engine, None) and not any(
        seat.bot for seat in record.seats
    )


def ranks(result: Mapping[str, Any], out: Iterable[int], seats: int) -> list[int]:
    """Each seat's place, 1 first, equal places for a tie: the winners first, then whoever
    played on before whoever left (resigned or ran out of time), each group by score."""
    winners, gone = set(result.get("winners", [])), set(out)
    scores = result.get("scores") or [0] * seats
    keys = [(seat not in winners, seat in gone, -scores[seat]) for seat in range(seats)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def settled(
    record: GameRecord, engine: Engine[Any], entries: list[dict[str, Any]], before: list[Standing]
) -> list[Standing]:
    """The seats' standings after the finished game (`before`: by seat, as they were)."""
    seats = len(record.seats)
    resigned = {e["seat"] for e in entries if e["move"] == RESIGN and not e.get("timeout")}
    timed_out = {e["seat"] for e in entries if e.get("timeout")}
    result = record.result or {}
    winners = set(result.get("winners", []))
    places = ranks(result, resigned | timed_out, seats)
    counted = rated(record, engine)
    if counted:
        teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
        after = [team[0] for team in MODEL.rate(teams, ranks=[float(p) for p in places])]
    after_standings = []
    for seat, standing in enumerate(before):
        changes: dict[str, Any] = {
            "played": standing.played + 1,
            "won": standing.won + (seat in winners),
            "lost": standing.lost + (seat not in winners),
            "resigned": standing.resigned + (seat in resigned),
            "timed_out": standing.timed_out + (seat in timed_out),
        }
        if counted:
            changes.update(mu=after[seat].mu, sigma=after[seat].sigma, rated=standing.rated + 1)
        after_standings.append(dataclasses.replace(standing, **changes))
    return after_standings
