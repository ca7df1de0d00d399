"""The game types as JSON: what each is (`GET /game-types`) and its rules for a newcomer
(`GET /game-types/TYPE/rules`), from the engine and its guide (`shared.guide`)."""

from __future__ import annotations

from typing import Any

from server.domain.bots import levels_for
from server.domain.clock_options import SERVICE_OPTIONS
from server.presenters import shapes
from shared.engine import Engine


def game_type(engine: Engine[Any]) -> shapes.GameType:
    """A type's player counts, its options with their defaults (the rules' options, then the
    move clock's, which every type takes) and the levels of bot that play it."""
    return {
        "id": engine.type_id,
        "title": engine.title,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "version": engine.version,
        "options": [*(option.describe() for option in engine.options), *SERVICE_OPTIONS],
        "bots": levels_for(engine.type_id),
    }


def game_rules(engine: Engine[Any]) -> shapes.GameRules:
    guide = engine.guide
    return {
        "id": engine.type_id,
        "title": engine.title,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "rules": list(guide.rules),
        "notation": guide.notation,
        "examples": [{"move": e.move, "means": e.means} for e in guide.examples],
    }
