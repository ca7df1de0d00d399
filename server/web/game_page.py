"""A game's page as one player sees it, drawn from what the API would answer them alone: the
view (`presenters.view`) and the history as they may see it (`presenters.log`). Two games that
differ only in what the player cannot know draw the same page, byte for byte, given the same
`Fresh` values (`tests/web/test_game_page.py`)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import g, render_template, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from server.domain.game import ACTIVE, FINISHED, OPEN, Game
from server.http.errors import ApiError
from server.http.language import words_chosen
from server.presenters import games as presenters
from server.web.controls import controls
from shared.engine import seats_named

HISTORY = 30
"""The latest entries of the history a page shows unless asked for all of it."""
TALK_SHOWN = 10
"""How many of the latest messages at the table a game's page shows."""


@dataclass(frozen=True)
class Fresh:
    """What each drawing of a page makes anew: the forms' CSRF token, the idempotency key of
    each of its two move forms (a form sent twice moves once), the nonce of its script."""

    csrf: str
    nonce: str
    keys: tuple[str, str]

    @classmethod
    def made(cls) -> Fresh:
        return cls(generate_csrf(), g.nonce, (uuid.uuid4().hex, uuid.uuid4().hex))


def history(game: Game, seat: int | None, stored: list[dict[str, Any]], since: int) -> list[str]:
    """The stored log entries after version `since` as lines the seat may read."""
    return [
        presenters.history_line(entry["text"], entry)
        for entry in presenters.log(game, seat, since, stored)
    ]


def game_page(
    game: Game,
    seat: int | None,
    lines: list[str],
    fresh: Fresh,
    *,
    refusal: ApiError | None = None,
    draft: str = "",
    deadlines: Sequence[str] = (),
    talk: Sequence[Mapping[str, Any]] = (),
    steps: Sequence[str] | None = None,
) -> str:
    """The page; `lines` are the latest of the history (`history`), `refusal` what a form
    sent from the page before was told, `draft` the move text to offer again, `deadlines` the
    running clocks in the player's words (`Deadlines.told`), `talk` the latest messages said
    at the table (`presenters.messages`), `steps` the move's steps chosen so far (`controls`;
    None when none were asked for)."""
    shown = presenters.view(game, seat, presenters.player_at(game, seat))
    engine, names = game.engine, game.names
    result = shown["game"]["result"]
    return render_template(
        "game.html",
        game=shown["game"],
        short=game.id[:8],
        seat=seat,
        names=names,
        version=game.version,
        open=game.status == OPEN,
        active=game.status == ACTIVE,
        finished=game.status == FINISHED,
        invited=seat is None,
        your_turn=shown["your_turn"],
        waiting=seats_named(shown["to_act"], names),
        hidden_choice=seat is not None
        and shown["your_turn"]
        and engine.hidden_choice(game.state, seat),
        board=Markup(engine.render_html(shown["view"], names)) if shown["view"] else None,
        legal=[move["text"] for move in shown["legal_moves"]],
        controls=controls(engine, shown["view"], shown["legal_moves"], steps, words_chosen())
        if shown["view"] and shown["legal_moves"]
        else None,
        scores=list(zip(names, result["scores"], strict=False)) if result else [],
        winners=seats_named(result["winners"], names) if result else "",
        lines=lines,
        talk=talk,
        earlier=game.version - len(lines),
        fresh=fresh,
        csrf=fresh.csrf,
        nonce=fresh.nonce,
        refusal=refusal,
        draft=draft,
        deadlines=deadlines,
        page_url=url_for("web.game", game_id=game.id),
        wait_url=url_for("web.wait", game_id=game.id, version=game.version, revision=game.revision),
    )
