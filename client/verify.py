"""Checking a finished game without trusting the server.

The server commits to each game's seed by publishing its SHA-256 before the first move and
reveals the seed at the end; every shuffle and roll follows from the seed, and the rules are the
same `shared/` engines the server runs. So a player can confirm on their own machine that the
seed is the committed one and that replaying the log gives the result the server announced.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from shared.engine import Engine, IllegalMove
from shared.playout import replay


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class Verification:
    game_id: str
    checks: list[Check] = field(default_factory=list)
    replayed_result: Any = None

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.passed for check in self.checks)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "ok": self.ok,
            "checks": [vars(check) for check in self.checks],
            "replayed_result": self.replayed_result,
        }


def verify(
    engine: Engine[Any], game: dict[str, Any], version: int, entries: list[dict[str, Any]]
) -> Verification:
    """`game` is the server's public data of a finished game at `version`, `entries` its log."""
    checks = [seed_check(game), log_check(entries, version)]
    if not all(check.passed for check in checks):
        return Verification(game["id"], checks)
    moves = [(entry["seat"], entry["move"]) for entry in entries]
    try:
        start = engine.new(
            len(game["seats"]), game["seed"], game["options"], game["engine_version"]
        )
        final = replay(engine, start, moves)
    except IllegalMove as error:
        checks.append(Check("replay", False, f"the log holds a move the rules forbid: {error}"))
        return Verification(game["id"], checks)
    except ValueError as error:
        checks.append(Check("replay", False, f"the game cannot be set up here: {error}"))
        return Verification(game["id"], checks)
    checks.append(Check("replay", True, f"{len(moves)} moves replayed by the local rules"))
    # through JSON, as the server stored it: tuples become lists, integer keys strings
    replayed = json.loads(json.dumps(engine.result(final)))
    checks.append(
        Check(
            "result",
            replayed == game["result"],
            "the replay ends with the server's result"
            if replayed == game["result"]
            else f"the replay gives {replayed}, the server says {game['result']}",
        )
    )
    return Verification(game["id"], checks, replayed)


def seed_check(game: dict[str, Any]) -> Check:
    seed, published = game["seed"], game["seed_sha256"]
    try:
        digest = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    except (TypeError, ValueError):
        return Check("seed", False, f"the revealed seed {seed!r} is not hex")
    if digest != published:
        return Check("seed", False, f"sha256(seed) is {digest}, but {published} was published")
    return Check("seed", True, f"sha256(seed) = {published}, as published at the start")


def log_check(entries: list[dict[str, Any]], version: int) -> Check:
    """The log is whole: one entry per version from 1 on, every entry with its move."""
    numbers = [entry.get("version") for entry in entries]
    if numbers != list(range(1, version + 1)):
        return Check("log", False, f"the log is not versions 1 to {version} in order")
    hidden = [entry["version"] for entry in entries if "move" not in entry]
    if hidden:
        return Check("log", False, f"entries {hidden[:5]} hide their moves")
    return Check("log", True, f"{len(entries)} entries, each with its move")
