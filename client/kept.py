"""What this machine keeps of each game it plays, to hold the server to it later.

Two things: the contribution it sent to the game's seed, and the head of the game's log at each
version it was shown. A server could put another contribution in the player's seat, or rewrite
a history the player has seen and chain it anew; the player's own memory is what catches both
(`turnpost verify`). A head shown twice for one version must be the same both times, so that is
checked the moment it happens. One small file per game, in the config directory's `games/`.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client import config
from shared.fairness import CONTRIBUTION_BYTES

SAFE_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""A game id that can name a file: the server chooses ids, and is not trusted with paths."""


@dataclass(frozen=True)
class Kept:
    contribution: str | None = None
    heads: dict[int, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        heads = {str(version): head for version, head in self.heads.items()}
        return {"contribution": self.contribution, "heads": heads}


def path(game_id: str) -> Path | None:
    return config.config_dir() / "games" / f"{game_id}.json" if SAFE_ID.fullmatch(game_id) else None


def load(game_id: str) -> Kept:
    """What is kept of the game (nothing yet: an empty record)."""
    where = path(game_id)
    if where is None:
        return Kept()
    try:
        raw = json.loads(where.read_text(encoding="utf-8"))
        return Kept(raw.get("contribution"), {int(v): h for v, h in raw.get("heads", {}).items()})
    except FileNotFoundError:
        return Kept()
    except (OSError, ValueError, TypeError, AttributeError) as error:
        raise config.ConfigError(config.UNREADABLE, file=where, error=error) from None


def save(game_id: str, kept: Kept) -> None:
    where = path(game_id)
    if where is not None:
        config.config_dir().mkdir(mode=0o700, parents=True, exist_ok=True)
        config.write_private(where, kept.as_json())


def contribution(game_id: str) -> str:
    """The contribution to send to the game: the one kept, if one was sent before (a join tried
    again sends the same, so a server refusing joins gets no second draw), else a new one, kept
    before it is sent."""
    kept = load(game_id)
    if kept.contribution is not None:
        return kept.contribution
    made = new_contribution()
    save(game_id, Kept(made, kept.heads))
    return made


def new_contribution() -> str:
    return secrets.token_hex(CONTRIBUTION_BYTES)


def keep_contribution(game_id: str, value: str) -> None:
    save(game_id, Kept(value, load(game_id).heads))


def keep_head(game_id: str, version: int, head: str) -> str | None:
    """Keep the head shown at `version`; if another was kept for that version, it is kept
    instead and returned: the server has shown two histories."""
    kept = load(game_id)
    before = kept.heads.get(version)
    if before is None:
        save(game_id, Kept(kept.contribution, {**kept.heads, version: head}))
    return before if before is not None and before != head else None
