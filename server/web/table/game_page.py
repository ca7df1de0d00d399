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

from flask import current_app, g, render_template, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from server.domain.games.loaded import ACTIVE, FINISHED, OPEN, Game
from server.http import language
from server.http.errors import ApiError
from server.http.language import gettext, template_words
from server.presenters import games as presenters
from server.presenters.shapes import GameView
from server.web.table.controls import Controls, Steps, controls, steps
from shared.engine import seats_named, shown_names
from shared.words import Words

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


def history(
    game: Game, seat: int | None, stored: list[dict[str, Any]], since: int, words: Words
) -> list[Line]:
    """The stored log entries after version `since` as lines the seat may read, in `words`."""
    return [
        Line(entry["version"], presenters.history_line(entry["text"], entry, words))
        for entry in presenters.log(game, seat, since, stored, words)
    ]


@dataclass(frozen=True)
class Position:
    """What a page shows of `game` (as it stands, or stood then for a replay) to `seat` in
    `words`, and nothing else: the view as the API gives it, the players' names, the board,
    the tree of the move's steps (None unless the seat has a move to make), whether the seat's
    choice is hidden from the others, and the history drawn from its `lines` (`history`).
    Kept from one request to the next by `server.web.table.positions`."""

    game: Game
    seat: int | None
    shown: GameView
    names: list[str]
    board: Markup | None
    steps: Steps | None
    hidden_choice: bool
    history: Markup
    words: Words


def position(
    game: Game, seat: int | None, lines: list[Line], words: Words, at: int | None = None
) -> Position:
    """The position of `game` for `seat`, drawn; `at`: the version a replay shows (`game`
    as it stood then), marked in the history."""
    shown = presenters.view(game, seat, presenters.player_at(game, seat))
    engine, names = game.engine, shown_names(game.names, game.bot_accounts, words)
    view, legal = shown["view"], shown["legal_moves"]
    return Position(
        game,
        seat,
        shown,
        names,
        Markup(engine.render_html(view, names, words=words)) if view else None,
        steps(engine, view, legal, words) if view and legal else None,
        seat is not None and shown["your_turn"] and engine.hidden_choice(game.state, seat),
        fragment(
            "history.html",
            words,
            lines=lines,
            earlier=lines[0].version - 1 if lines else game.version,
            at=at,
            page_url=url_for("web.game", game_id=game.id),
        ),
        words,
    )


def game_page(
    position: Position,
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
    asked: Sequence[str] | None = None,
) -> str:
    """The page of the position `drawn`; `refusal` is what a form sent from the page before
    was told, `draft` the move text to offer again, `deadlines` the running clocks in the
    player's words (`Deadlines.sentences`), `talk` the latest messages said at the table
    (`presenters.messages`). `watching`: the viewer is a spectator (seat None, not invited);
    `replay`: the position is the game as it was then (`GameService.loading.at_version`);
    `in_rematch`: the viewer has taken a seat in the finished game's rematch; `asked` the
    move's steps chosen so far (`controls`; None when none were asked for)."""
    game, seat, shown, names = position.game, position.seat, position.shown, position.names
    live = replay is None
    page_url = url_for("web.game", game_id=game.id)
    offered = controls(position.steps, asked) if position.steps else None
    return render_template(
        "game.html",
        **standing(game, shown, names),
        **addresses(game, replay, watched),
        seat=seat,
        latest=replay.latest if replay else game.version,
        invited=seat is None and not watching,
        watching=watching,
        replay=replay,
        live=live,
        your_turn=live and shown["your_turn"],
        hidden_choice=position.hidden_choice,
        board=position.board,
        example=shown["legal_moves"][0]["text"] if shown["legal_moves"] else "",
        controls=offered,
        choice=choice(position.steps, offered, game.id, page_url, position.words)
        if position.steps and offered
        else "",
        history=position.history,
        talk=talk,
        fresh=fresh,
        csrf=fresh.csrf,
        nonce=fresh.nonce,
        refusal=refusal,
        draft=draft,
        deadlines=deadlines if live else (),
        in_rematch=in_rematch,
    )


def standing(game: Game, shown: GameView, names: list[str]) -> dict[str, Any]:
    """Where the game stands, as the page's template takes it: its version, its status, whom
    it waits on, and its result once it has one."""
    result = shown["game"]["result"]
    return {
        "game": shown["game"],
        "title": game.engine.title_in(language.words_chosen()),
        "short": game.id[:8],
        "names": names,
        "version": game.version,
        "revision": game.revision,
        "open": game.status == OPEN,
        "active": game.status == ACTIVE,
        "finished": game.status == FINISHED,
        "waiting": seats_named(shown["to_act"], names),
        "scores": list(zip(names, result["scores"], strict=False)) if result else [],
        "winners": seats_named(result["winners"], names) if result else "",
    }


def addresses(game: Game, replay: Replay | None, watched: Watched) -> dict[str, Any]:
    """The page's links, as its template takes them: the page itself, a position of it, the
    replay's neighbours, and the wait that answers when the page is out of date."""
    page_url = url_for("web.game", game_id=game.id)
    return {
        "page_url": page_url,
        "at_url": page_url + "?at=",
        "positions": positions(game.id, replay) if replay else None,
        "wait_url": url_for(
            "web.wait",
            game_id=game.id,
            version=game.version,
            revision=game.revision,
            said=watched.said,
            clocks=watched.clocks,
        ),
    }


def fragment(name: str, words: Words, **values: Any) -> Markup:
    """A part of a page drawn from `values` alone, in `words`: without the page's own context
    (its player, its tokens), which a part kept from one request to the next must not hold."""
    template = current_app.jinja_env.get_template(name)
    return Markup(template.render(values | template_words(words)))


def choice(tree: Steps, offered: Controls, game_id: str, page_url: str, words: Words) -> Markup:
    """The choice `offered` as the page draws it (`templates/choice.html`): the same for every
    request that asks for the same steps of a position, so drawn once and kept with its tree;
    the form that sends the move, with its tokens, is drawn for each request."""
    key = (tuple(offered.keys), offered.focus, offered.lost)
    found = tree.fragments.get(key)
    if found is None:
        found = tree.fragments[key] = fragment(
            "choice.html", words, controls=offered, game_id=game_id, page_url=page_url
        )
    return found


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
