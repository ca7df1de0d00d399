"""The one way every command talks to the server.

`session()` gives a command its API client and its output, and turns whatever goes wrong inside
— the server refusing, no server, unusable settings — into the right message and exit code, so
no command handles errors itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from client import config, words
from client.http import Api, Refused, Unreachable
from client.output import ExitCode, Failure, Output
from client.words import _, ngettext

T = TypeVar("T")


@dataclass
class Session:
    api: Api
    out: Output
    settings: config.Settings

    def on_game(self, given: str, call: Callable[[str], T], lobby: bool = False) -> T:
        """`call` with a game id; when there is no such game, with the one game of mine (or,
        with `lobby`, of mine or in the lobby) whose id starts with `given`, so a person can
        type the first few characters of an id."""
        try:
            return call(given)
        except Refused as refused:
            if refused.code != "not_found":
                raise
            listed = [*self.api.games()["games"], *(self.api.lobby()["games"] if lobby else ())]
            matches = sorted({game["id"] for game in listed if game["id"].startswith(given)})
            if len(matches) > 1:
                count = len(matches)
                message = (
                    ngettext(
                        "%(given)r starts the ids of %(num)d game, yours or in the lobby; "
                        "type more",
                        "%(given)r starts the ids of %(num)d games, yours or in the lobby; "
                        "type more",
                        count,
                        given=given,
                    )
                    if lobby
                    else ngettext(
                        "%(given)r starts the ids of %(num)d of your games; type more of it",
                        "%(given)r starts the ids of %(num)d of your games; type more of it",
                        count,
                        given=given,
                    )
                )
                raise Failure(
                    ExitCode.REFUSED, "ambiguous_game", message, {"matches": matches}
                ) from None
            if not matches:
                raise
            return call(matches[0])

    def game_id(self, given: str) -> str:
        """The whole id of the game of mine `given` names, or the start of whose id it is."""
        return str(self.on_game(given, self.api.game)["game"]["id"])


@contextmanager
def session(as_json: bool, *, needs_token: bool = True) -> Iterator[Session]:
    out = Output(as_json)
    try:
        settings = config.current()
        words.settle(settings.language)
        if needs_token and not settings.token:
            raise Failure(
                ExitCode.USAGE,
                "no_token",
                _(
                    "there is no token yet: run `turnpost register NAME EMAIL`, "
                    "or set %(variable)s",
                    variable=config.TOKEN_ENV,
                ),
            )
        yield Session(Api(settings.url, settings.token), out, settings)
    except Refused as refused:
        out.fail(Failure(ExitCode.REFUSED, refused.code, refused.message, refused.details))
    except Unreachable as unreachable:
        out.fail(
            Failure(ExitCode.UNREACHABLE, "unreachable", unreachable.message, unreachable.details)
        )
    except config.ConfigError as error:
        out.fail(Failure(ExitCode.USAGE, "bad_config", _(error.message, **error.values)))
    except Failure as failure:
        out.fail(failure)
