"""Accounts played by programs say so: `bot_account` set with PATCH /me (a boolean, nothing
else), shown in the profile and the export, beside the name in a game's seats, its talk, the
lobby and the board, and as `(bot)` after the name in every text, in the reader's words (a log
entry here, a mail and a page in Polish and German; mail, pages and the command line draw names
through the same `shared.engine.shown_name`). Their games are
rated as anyone's. A seat keeps what the account said when it was taken."""

from __future__ import annotations

import io
import json
import random
import zipfile

import pytest
from bs4 import BeautifulSoup

from server.storage.services import Services
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.answer_shapes import refused
from tests.support.games import play_moves, play_to_the_end
from tests.support.jobs import Mail
from tests.support.letters import text_of
from tests.support.pages import Visitor, form_fields, login_link


def a_bot(api: LiveServer, name: str = "bo") -> ApiClient:
    bo = api.client().register(name)
    assert bo.ok("GET", "/me")["bot_account"] is False
    assert bo.ok("PATCH", "/me", json={"bot_account": True})["bot_account"] is True
    return bo


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_bot_account_is_a_boolean_and_a_refusal_changes_nothing(
    api: LiveServer, value: object
) -> None:
    ada = api.client().register("ada")
    details = refused(ada.call("PATCH", "/me", json={"bot_account": value}), 400, "invalid_request")
    assert "bot_account" in json.dumps(details)
    assert ada.ok("GET", "/me")["bot_account"] is False


def test_a_bot_account_is_shown_so_beside_its_name_and_in_texts(api: LiveServer) -> None:
    ada, bo = api.client().register("ada"), a_bot(api)
    body = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1}, "public": True}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    seats = ada.ok("GET", f"/games/{game_id}")["game"]["seats"]
    assert [(s["name"], s["bot_account"], s["bot"]) for s in seats] == [
        ("ada", False, None),
        ("bo", True, None),
    ]
    bo.ok("POST", f"/games/{game_id}/join")
    bo.ok("POST", f"/games/{game_id}/messages", json={"text": "beep"})
    (said,) = ada.ok("GET", f"/games/{game_id}/messages")["messages"]
    assert (said["name"], said["bot_account"]) == ("bo", True)
    play_moves(game_id, [ada, bo], 2, random.Random(1))  # one each
    texts = {e["seat"]: e["text"] for e in ada.ok("GET", f"/games/{game_id}/log")["entries"]}
    assert texts[0].startswith("ada: ") and texts[1].startswith("bo (bot): ")


def test_a_seat_keeps_what_the_account_said_when_it_was_taken(api: LiveServer) -> None:
    ada, bo = api.client().register("ada"), a_bot(api)
    before = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})
    bo.ok("PATCH", "/me", json={"bot_account": False})
    seats = ada.ok("GET", f"/games/{before['game']['id']}")["game"]["seats"]
    assert seats[1]["bot_account"] is True  # invited while a bot: shown so until bo joins
    bo.ok("POST", f"/games/{before['game']['id']}/join")
    seats = ada.ok("GET", f"/games/{before['game']['id']}")["game"]["seats"]
    assert seats[1]["bot_account"] is False  # joined as a person


def test_the_lobby_the_board_the_record_and_the_export_mark_a_bot_account(
    api: LiveServer,
) -> None:
    ada, bo = api.client().register("ada"), a_bot(api)
    listed = bo.ok("POST", "/games", json={"type": "livingstone", "public": True})
    (lobby,) = ada.ok("GET", "/games?open=public")["games"]
    assert lobby["id"] == listed["game"]["id"]
    assert lobby["players"] == [{"name": "bo", "bot_account": True, "timezone": "Europe/Warsaw"}]
    body = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1}}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    over = play_to_the_end(game_id, [ada, bo], random.Random(3))
    assert over["game"]["rated"] is True  # a bot account's game is rated as anyone's
    found: Services = api.app.extensions["turnpost"]
    assert found.standings.settle(found.games.loading.load(game_id)) == "settled"
    board = ada.ok("GET", "/game-types/lost-cities/leaderboard")["players"]
    assert {ranked["name"]: ranked["bot_account"] for ranked in board} == {
        "ada": False,
        "bo": True,
    }
    assert ada.ok("GET", "/players/bo")["bot_account"] is True
    (played,) = ada.ok("GET", "/players/ada")["games"]
    assert (played["opponents"], played["bot_accounts"]) == (["bo"], ["bo"])
    exported = bo.call("GET", "/me/export")
    with zipfile.ZipFile(io.BytesIO(exported.content)) as packed:
        assert json.loads(packed.read("profile.json"))["profile"]["bot_account"] is True


@pytest.mark.parametrize(("language", "marked"), [("pl", "bo (bot)"), ("de", "bo (Bot)")])
def test_the_mark_is_in_the_readers_language_in_mail_and_on_the_page(
    api: LiveServer, mail: Mail, language: str, marked: str
) -> None:
    ada, bo = api.client().register("ada"), a_bot(api)
    ada.ok("PATCH", "/me", json={"language": language, "quiet_hours": "none"})
    body = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1, "first_player": 0}}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    mail.run()
    turn = text_of(mail.inbox.to(ada.player["email"])[-1])
    assert marked in turn and (language == "pl" or "(bot)" not in turn)
    visitor = Visitor(api.url)
    form = form_fields(visitor.get("/login").text)
    visitor.post("/login", {**form, "email": ada.player["email"]})
    mail.run()
    assert visitor.log_in(login_link(mail, ada.player["email"])).status_code == 200
    page = BeautifulSoup(visitor.get(f"/play/{game_id}").text, "html.parser").get_text(" ")
    assert marked in page and (language == "pl" or "(bot)" not in page)
