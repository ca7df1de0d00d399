"""A game's page as one viewer sees it, drawn from what the API would answer them alone: the
view (`presenters.view`) and the history as they may see it (`presenters.log`), for a player,
an invitee, a spectator of a public game (seat None) or anyone of these replaying the game as
it stood after an earlier move (`Replay`). Two games that differ only in what the viewer
cannot know draw the same page, byte for byte, given the same `Fresh` values
(`tests/web/test_game_page.py`)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import g, render_template, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from server.domain.game import ACTIVE, FINISHED, OPEN, Game
from server.http import language
from server.http.errors import ApiError
from server.http.language import gettext
from server.presenters import games as presenters
from server.web.controls import controls
from shared.engine import seats_named, shown_names

HISTORY = 30
"""The latest entries of the history a page shows unless asked for all of it."""
TALK_SHOWN = 10
"""How many of the latest messages at the table a game's page shows."""


@dataclass(frozen=True)
class Fresh:
    """What each drawing of a page makes anew: the forms' CSRF token, the idempotency keys of
    its forms (the two move forms' and the talk's: a form sent twice acts once), the nonce of
    its script."""

    csrf: str
    nonce: str
    keys: tuple[str, str, str]

    @classmethod
    def made(cls) -> Fresh:
        return cls(generate_csrf(), g.nonce, (uuid.uuid4().hex, uuid.uuid4().hex, uuid.uuid4().hex))


@dataclass(frozen=True)
class Replay:
    """A page of the game as it stood after move `at`, of the `latest` it has made since."""

    at: int
    latest: int


@dataclass(frozen=True)
class Line:
    """A line of the history: the version its move made, and what the viewer may read of it."""

    version: int
    text: str


@dataclass(frozen=True)
class Watched:
    """What a page shows that may change with no move: how many messages were said at the
    table, and the running clocks (who, since when). The page's wait is answered when either
    differs from what the page shows, as when the game does."""

    said: int = 0
    clocks: str = ""


def history(game: Game, seat: int | None, stored: list[dict[str, Any]], since: int) -> list[Line]:
    """The stored log entries after version `since` as lines the seat may read, in the
    request's words."""
    words = language.words_chosen()
    return [
        Line(entry["version"], presenters.history_line(entry["text"], entry, words))
        for entry in presenters.log(game, seat, since, stored, words)
    ]


def game_page(
    game: Game,
    seat: int | None,
    lines: list[Line],
    fresh: Fresh,
    *,
    refusal: ApiError | None = None,
    draft: str = "",
    deadlines: Sequence[str] = (),
    talk: Sequence[Mapping[str, Any]] = (),
    watching: bool = False,
    replay: Replay | None = None,
    in_rematch: bool = False,
    watched: Watched = Watched(),
    steps: Sequence[str] | None = None,
) -> str:
    """The page; `lines` are the latest of the history (`history`), `refusal` what a form
    sent from the page before was told, `draft` the move text to offer again, `deadlines` the
    running clocks in the player's words (`Deadlines.told`), `talk` the latest messages said
    at the table (`presenters.messages`). `watching`: the viewer is a spectator (seat None, not
    invited); `replay`: `game` is the game as it was then (`GameService.at_version`);
    `in_rematch`: the viewer has taken a seat in the finished game's rematch; `steps` the
    move's steps chosen so far (`controls`; None when none were asked for)."""
    shown = presenters.view(game, seat, presenters.player_at(game, seat))
    words = language.words_chosen()
    engine, names = game.engine, shown_names(game.names, game.bot_accounts, words)
    result = shown["game"]["result"]
    live = replay is None
    latest = replay.latest if replay else game.version
    page_url = url_for("web.game", game_id=game.id)
    return render_template(
        "game.html",
        game=shown["game"],
        short=game.id[:8],
        seat=seat,
        names=names,
        version=game.version,
        latest=latest,
        open=game.status == OPEN,
        active=game.status == ACTIVE,
        finished=game.status == FINISHED,
        invited=seat is None and not watching,
        watching=watching,
        replay=replay,
        live=live,
        your_turn=live and shown["your_turn"],
        waiting=seats_named(shown["to_act"], names),
        hidden_choice=seat is not None
        and shown["your_turn"]
        and engine.hidden_choice(game.state, seat),
        board=Markup(engine.render_html(shown["view"], names, words=words))
        if shown["view"]
        else None,
        legal=[move["text"] for move in shown["legal_moves"]],
        controls=controls(engine, shown["view"], shown["legal_moves"], steps, words)
        if shown["view"] and shown["legal_moves"]
        else None,
        scores=list(zip(names, result["scores"], strict=False)) if result else [],
        winners=seats_named(result["winners"], names) if result else "",
        lines=lines,
        talk=talk,
        earlier=lines[0].version - 1 if lines else game.version,
        fresh=fresh,
        csrf=fresh.csrf,
        nonce=fresh.nonce,
        refusal=refusal,
        draft=draft,
        deadlines=deadlines if live else (),
        in_rematch=in_rematch,
        page_url=page_url,
        at_url=page_url + "?at=",
        positions=positions(game.id, replay) if replay else None,
        wait_url=url_for(
            "web.wait",
            game_id=game.id,
            version=game.version,
            revision=game.revision,
            said=watched.said,
            clocks=watched.clocks,
        ),
    )


def at(game_id: str, version: int) -> str:
    """The address of the game's page as it stood after move `version`: a position to link."""
    return url_for("web.game", game_id=game_id, at=version)


def positions(game_id: str, replay: Replay) -> list[tuple[str, str | None]]:
    """The replay's first, previous, next and last positions: each a label and its address
    (None where there is none to go to)."""
    here, last = replay.at, replay.latest
    return [
        (gettext("First"), at(game_id, 0) if here > 0 else None),
        (gettext("Previous"), at(game_id, here - 1) if here > 0 else None),
        (gettext("Next"), at(game_id, here + 1) if here < last else None),
        (gettext("Last"), at(game_id, last) if here < last else None),
    ]
