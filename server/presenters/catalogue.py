"""The game types as JSON: what each is (`GET /game-types`) and its rules for a newcomer
(`GET /game-types/TYPE/rules`), from the engine and its guide (`shared.guide`)."""

from __future__ import annotations

from typing import Any, cast

from server.domain.games.bots import levels_for
from server.domain.games.clock_options import DESCRIBED, SERVICE_OPTIONS
from server.presenters import shapes
from shared.engine import Engine
from shared.words import ENGLISH, Words


def game_type(engine: Engine[Any], words: Words = ENGLISH) -> shapes.GameType:
    """A type's player counts, its options with their defaults (the rules' options, then the
    move clock's, which every type takes) and the levels of bot that play it: the engine's own
    description (`Engine.describe`), which the shape documents, in the reader's `words`."""
    described = engine.describe(words)
    clock = [
        {**option, "description": words.gettext(option["description"], **DESCRIBED)}
        for option in SERVICE_OPTIONS
    ]
    options = [*cast(list[Any], described["options"]), *clock]
    shown = {**described, "options": options, "bots": levels_for(engine.type_id)}
    return cast(shapes.GameType, shown)


def game_rules(engine: Engine[Any], words: Words = ENGLISH) -> shapes.GameRules:
    """The type and its guide, as the engine describes them (`Engine.describe_rules`), in the
    reader's `words`."""
    return cast(shapes.GameRules, engine.describe_rules(words))
