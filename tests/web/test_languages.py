"""The web pages in their reader's language: in the pseudo-language, every page of random
states of every game (a player's game mid-game, a spectator's, a finished one, a replay, the
whole history) and
of the table around them (my games, the lobby, a new game's form for each type, settings, a
player's record, a refusal) leaves no English outside the marks but names, ids, notation and
numbers (`tests.support.languages.english_left`): no word of a page bypasses the catalogs."""

from __future__ import annotations

import random
import re
from zoneinfo import available_timezones

import pytest
from babel import Locale
from bs4 import BeautifulSoup

from server.presenters import catalogue
from shared.games import ENGINES
from tests.parts import LiveServer
from tests.support.games import play_moves, start_game
from tests.support.jobs import Mail
from tests.support.languages import english_left, pseudo_for
from tests.support.pages import Visitor, form_fields, login_link

READ = ("title", "aria-label", "placeholder", "alt")
"""The attributes a person reads (or hears) as well as the text."""
ID = re.compile(r"\b[0-9a-f]{6,}\b")
"""A game's id, its short form, a fingerprint."""
VALUES = {"turnpost", "JSON", "UTC", "example", "org", "English", "Polski", "Deutsch"}
VALUES |= {"discord", "slack", "matrix", "standard"}
"""What a page shows as it is typed or named in every language: the service's name, a
format, a zone, each language by its own name, the kinds of webhook."""


def read(html: str) -> str:
    """What a person reads of a page: its text and the attributes they read, without the
    scripts and styles, the mail addresses and ids."""
    page = BeautifulSoup(html, "html.parser")
    for hidden in page(["script", "style"]):
        hidden.decompose()
    said = [page.get_text(" ")]
    said += [str(tag[name]) for tag in page.find_all(True) for name in READ if tag.has_attr(name)]
    return ID.sub(" ", re.sub(r"\S+@\S+|https?://\S+", " ", " ".join(said)))


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_page_in_a_pseudo_language_leaves_no_english_unmarked(
    api: LiveServer, mail: Mail, type_id: str
) -> None:
    rnd = random.Random(type_id)
    game_id, (ada, bo) = start_game(api, type_id, names=["ada", "bo"], move_time="3d")
    stranger = api.client().register("ed")
    for client in (ada, bo, stranger):
        client.ok("PATCH", "/me", json={"language": "de"})
    ada.ok("POST", "/games", json={"type": type_id, "seats": 2, "public": True})  # the lobby's
    public = ada.ok(
        "POST", "/games", json={"type": type_id, "seats": 2, "public": True, "invite": ["bo"]}
    )["game"]["id"]
    bo.ok("POST", f"/games/{public}/join")  # one for a spectator
    play_moves(game_id, [ada, bo], rnd.randrange(1, 10), rnd)
    visitors: dict[str, Visitor] = {}
    for client in (ada, stranger):
        visitor = Visitor(api.url)
        form = form_fields(visitor.get("/login").text)
        visitor.post("/login", {**form, "email": client.player["email"]})
        mail.run()
        assert visitor.log_in(login_link(mail, client.player["email"])).status_code == 200
        visitors[client.player["name"]] = visitor
    version = ada.ok("GET", f"/games/{game_id}")["version"]
    pages = {
        ("ada", f"/play/{game_id}"),
        ("ada", f"/play/{game_id}?at={max(1, version // 2)}"),
        ("ada", f"/play/{game_id}?history=all"),
        ("ada", "/play"),
        ("ada", "/lobby"),
        ("ada", f"/new?type={type_id}"),
        ("ada", "/settings"),
        ("ada", "/players/ada"),
        ("ada", "/leaderboard"),
        ("ada", "/"),
        ("ed", f"/play/{game_id}"),  # not public: refused
        ("ed", f"/play/{public}"),
        ("ed", "/lobby"),
        ("ed", "/play/nosuchgame"),
    }
    names = ["ada", "bo", "cy", "di", "ed", *VALUES, *available_timezones()]  # zones are ids
    german = Locale("de")  # Babel writes the dates in the language chosen (de, swapped here)
    for kind in (german.days, german.months):
        names += [name for width in kind["format"].values() for name in width.values()]
    for engine in ENGINES.values():  # options' names and values: the API's, in every language
        for option in catalogue.game_type(engine)["options"]:
            names += [
                option["name"],
                *map(str, option.get("choices") or ()),
                str(option["default"]),
            ]
    with pseudo_for("de"):
        for who, path in sorted(pages):
            answer = visitors[who].get(path)
            assert answer.status_code < 500, (path, answer.status_code)
            left = english_left(read(answer.text), type_id, names)
            assert not left, (who, path, left)
        ada.ok("POST", f"/games/{game_id}/resign")
        for path in (f"/play/{game_id}", "/play", "/players/ada"):  # the game over
            left = english_left(read(visitors["ada"].get(path).text), type_id, names)
            assert not left, ("ada", path, left)
