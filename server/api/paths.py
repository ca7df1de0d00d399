"""The API's path parameters, each with what the OpenAPI document says of it: the game types
there are, and the shape of the ids and names the service makes.

Each still matches any one path segment, as a plain `<name>` does, so that an unknown type, id
or name is answered as before, by the domain's own refusal (400 `unknown_game_type`, 404
`not_found`): the document says which values can name something, not a new way to refuse.
"""

from __future__ import annotations

from typing import Any, ClassVar

from flask import Flask
from flask_smorest import Api
from werkzeug.routing import BaseConverter

from server.domain.service.seating import GAME_ID
from server.presenters.schemas import NAME
from server.presenters.shapes import GAME_TYPE
from server.storage.players.calendars import FEED


class Documented(BaseConverter):
    """Any one path segment (`BaseConverter.regex`), documented as `schema`."""

    schema: ClassVar[dict[str, Any]]


class GameType(Documented):
    schema: ClassVar[dict[str, Any]] = {"type": "string", **GAME_TYPE}


class GameId(Documented):
    schema: ClassVar[dict[str, Any]] = {"type": "string", "pattern": GAME_ID.pattern}


class PlayerName(Documented):
    schema: ClassVar[dict[str, Any]] = {"type": "string", "pattern": NAME.regex.pattern}


class FeedId(Documented):
    schema: ClassVar[dict[str, Any]] = {"type": "string", "pattern": FEED.pattern}


CONVERTERS: dict[str, type[Documented]] = {
    "game_type": GameType,
    "game_id": GameId,
    "player_name": PlayerName,
    "feed_id": FeedId,
}
"""By the name routes give them: `<game_id:game_id>`."""


def documented(converter: Documented) -> dict[str, Any]:
    return dict(converter.schema)


def register(app: Flask, api: Api) -> None:
    """Before the routes that use them are registered."""
    for name, converter in CONVERTERS.items():
        app.url_map.converters[name] = converter
        api.register_converter(converter, documented)
