"""A player's language: chosen at registration, changed with PATCH /me, kept in the export; a
refusal's `message` in the caller's language (their own setting, else Accept-Language), its
`code` the same in every language; and every kind of refusal told wholly through the catalogs
(the pseudo-language marks each message: nothing English is left outside the marks)."""

from __future__ import annotations

import io
import json
import re
import zipfile
from typing import Any

import pytest
from marshmallow import Schema
from marshmallow.fields import Boolean, Field, Integer, String

from server.domain.players.addresses import normalized
from server.http.refusals import FIELD_WORDS
from server.presenters import catalogue
from server.presenters.catalogs import words_for
from server.presenters.schemas import LANGUAGE, NAME
from shared.engine import IllegalMove, player_names
from shared.games import ENGINES
from shared.words import ENGLISH, Words
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.languages import pseudo_for
from tests.support.pseudo import unmarked


def test_the_language_is_chosen_at_registration_changed_and_kept_in_the_export(
    api: LiveServer,
) -> None:
    client = api.client()
    body = {"name": "ola", "email": "ola@example.org", "language": "pl"}
    registered = client.ok("POST", "/players", json=body)
    ola = ApiClient(api.url, registered["token"])
    assert registered["player"]["language"] == "pl"
    assert ola.ok("GET", "/me")["language"] == "pl"
    assert ola.ok("PATCH", "/me", json={"language": "de"})["language"] == "de"
    assert ola.ok("GET", "/me")["language"] == "de"
    archive = zipfile.ZipFile(io.BytesIO(ola.call("GET", "/me/export").content))
    assert json.loads(archive.read("profile.json"))["profile"]["language"] == "de"
    refused = ola.call("PATCH", "/me", json={"language": "fr"})
    assert refused.status_code == 400
    assert refused.json()["error"]["details"]["fields"] == {
        "json": {"language": ["eines von: en, pl, de"]}
    }
    assert ola.ok("GET", "/me")["language"] == "de"  # a refusal changes nothing
    assert api.client().register("eve").player["language"] == "en"  # English unless chosen


def refusal(client: ApiClient, method: str, path: str, **kwargs: Any) -> dict[str, str]:
    answer = client.call(method, path, **kwargs)
    assert answer.status_code >= 400, answer.text
    error: dict[str, str] = answer.json()["error"]
    return error


def test_a_refusal_speaks_the_callers_language_with_the_same_code(api: LiveServer) -> None:
    stranger = api.client()
    for language in ("en", "pl", "de"):
        said = refusal(stranger, "GET", "/me", headers={"Accept-Language": language})
        assert said["code"] == "unauthorized"
        assert said["message"] == words_for(language).gettext(
            "send your token as 'Authorization: Bearer <token>'"
        )
    assert "Bearer" in said["message"] and said["message"].startswith("sende dein Token")
    ada = api.client().register("ada")
    ada.ok("PATCH", "/me", json={"language": "pl"})
    # The player's own setting wins over what the browser or script asks for.
    said = refusal(ada, "GET", "/games/nosuchgame", headers={"Accept-Language": "de"})
    assert (said["code"], said["message"]) == ("not_found", "nie ma takiej gry")
    ada.ok("PATCH", "/me", json={"language": "de"})
    said = refusal(ada, "GET", "/games/nosuchgame")
    assert (said["code"], said["message"]) == ("not_found", "diese Partie gibt es nicht")
    said = refusal(ada, "POST", "/games", json={"type": "chess", "seats": 2})
    assert said["code"] == "unknown_game_type"
    assert said["message"].startswith("es gibt keinen Spieltyp chess; bekannte Typen: ")


ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
NOTATION = {"GET", "POST", "PATCH", "DELETE", "PUT", "games", "chess", "Idempotency", "Key"}
"""Words a refusal may name that are not English prose: methods, routes, values sent."""


def test_every_kind_of_refusal_goes_through_the_catalogs(api: LiveServer) -> None:
    with pseudo_for("de"):
        game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
        cy = api.client().register("cy")
        private, _ = start_game(api, "lost-cities", names=["di", "ed"], rounds=1)
        view = ada.ok("GET", f"/games/{game_id}")
        mover = ada if view["your_turn"] else bo
        version = view["version"]
        move = mover.ok("GET", f"/games/{game_id}")["legal_moves"][0]["text"]
        mover.ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": move, "expected_version": version},
            headers={"Idempotency-Key": "k1"},
        )
        for player in (ada, bo, cy):
            player.ok("PATCH", "/me", json={"language": "de"})
        german = {"Accept-Language": "de"}  # for those not logged in
        asked: dict[str, tuple[ApiClient, str, str, dict[str, Any]]] = {
            "unauthorized": (api.client(), "GET", "/me", {}),
            "bad token": (ApiClient(api.url, "p_0.nope"), "GET", "/me", {}),
            "not_found": (cy, "GET", "/games/nosuchgame", {}),
            "forbidden": (cy, "GET", f"/games/{private}", {}),
            "invalid": (cy, "POST", "/games", {"json": {"type": "chess", "seats": 2}}),
            "fields": (cy, "PATCH", "/me", {"json": {"language": "fr"}}),
            "conflict": (ada, "POST", f"/games/{game_id}/join", {}),
            "stale": (
                ada,
                "POST",
                f"/games/{game_id}/moves",
                {"json": {"move": "x", "expected_version": version}},
            ),
            "key reused": (
                mover,
                "POST",
                f"/games/{game_id}/moves",
                {
                    "json": {"move": "other", "expected_version": version},
                    "headers": {"Idempotency-Key": "k1"},
                },
            ),
            "not json": (
                cy,
                "POST",
                "/games",
                {"data": "{", "headers": {"Content-Type": "application/json"}},
            ),
            "method": (cy, "PUT", "/me", {}),
            "name taken": (
                api.client(),
                "POST",
                "/players",
                {"json": {"name": "ada", "email": "a@b.cd"}},
            ),
        }
        for what, (client, method, path, kwargs) in asked.items():
            headers = {**german, **kwargs.pop("headers", {})}
            said = refusal(client, method, path, headers=headers, **kwargs)
            left = set(ENGLISH_WORD.findall(unmarked(said["message"]))) - NOTATION
            assert not left, (what, said["message"])
            assert "\u27e6" in said["message"], (what, said["message"])


def refused_by_rules(move: str, mover: bool, names: list[str], words: Words) -> tuple[str, str]:
    """The code and message the rules give `move` in a new game of Lost Cities, sent by the
    player to move (`mover`) or the other, `names` in seat order as the server's game has the
    one to move first."""
    engine = ENGINES["lost-cities"]
    state = engine.new(2, "ab" * 16)
    turn = engine.to_act(state)[0]
    seated = names if turn == 0 else names[::-1]
    with pytest.raises(IllegalMove) as refused:
        engine.transition(state, turn if mover else 1 - turn, engine.parse_move(move))
    return refused.value.code, refused.value.message_in(seated, words)


def test_the_rules_refusals_speak_the_callers_language(api: LiveServer) -> None:
    """An illegal move's and bad options' `message` is the engine's sentence in the caller's
    language, naming players, not seats; its `code` the engine's, the same in every one."""
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    ada.ok("PATCH", "/me", json={"language": "pl"})
    bo.ok("PATCH", "/me", json={"language": "de"})
    seen = ada.ok("GET", f"/games/{game_id}")
    names = player_names(seen["game"]["seats"])
    first = seen["to_act"][0]
    in_turn = names if first == 0 else names[::-1]  # the one to move first
    languages = {"ada": "pl", "bo": "de"}
    for client in (ada, bo):
        mover = client.player["name"] == names[first]
        for move in ("play X99 draw deck", "play R7 draw deck"):
            if mover and move == "play R7 draw deck":
                continue  # it might be legal
            words = words_for(languages[client.player["name"]])
            code, message = refused_by_rules(move, mover, in_turn, words)
            body = {"move": move, "expected_version": seen["version"]}
            said = refusal(client, "POST", f"/games/{game_id}/moves", json=body)
            assert (said["code"], said["message"]) == (code, message)
            assert message != refused_by_rules(move, mover, in_turn, ENGLISH)[1]
    asked = {"type": "lost-cities", "options": {"rounds": 7}}
    said = refusal(ada, "POST", "/games", json=asked)
    assert (said["code"], said["message"]) == (
        "bad_options",
        "opcja 'rounds': musi być jednym z: 1, 3",
    )
    said = refusal(bo, "POST", "/games", json=asked)
    assert said["message"] == "Option 'rounds': muss eines von 1, 3 sein"
    stranger = api.client()
    said = refusal(stranger, "GET", "/game-types/chess/rules", headers={"Accept-Language": "de"})
    assert said["code"] == "unknown_game_type"


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_the_game_types_and_their_guides_follow_accept_language(
    api: LiveServer, language: str
) -> None:
    stranger, words = api.client(), words_for(language)
    asked = {"Accept-Language": language}
    for engine in ENGINES.values():
        rules = stranger.ok("GET", f"/game-types/{engine.type_id}/rules", headers=asked)
        assert rules == json.loads(json.dumps(engine.describe_rules(words)))
    types = stranger.ok("GET", "/game-types", headers=asked)
    expected = [catalogue.game_type(engine, words) for engine in ENGINES.values()]
    assert types == json.loads(json.dumps(expected))
    if language != "en":
        english = [catalogue.game_type(engine) for engine in ENGINES.values()]
        assert types[0]["options"][0]["description"] != english[0]["options"][0]["description"]


def test_a_players_saved_language_wins_on_routes_that_need_no_token(api: LiveServer) -> None:
    ola = api.client().register("ola")
    ola.ok("PATCH", "/me", json={"language": "pl"})
    polish, english = words_for("pl"), {"Accept-Language": "en"}
    for engine in ENGINES.values():
        for headers in ({}, english):
            rules = ola.ok("GET", f"/game-types/{engine.type_id}/rules", headers=headers)
            assert rules == json.loads(json.dumps(engine.describe_rules(polish)))
    types = ola.ok("GET", "/game-types", headers=english)
    expected = [catalogue.game_type(engine, polish) for engine in ENGINES.values()]
    assert types == json.loads(json.dumps(expected))


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_logs_text_is_in_the_readers_language(api: LiveServer, language: str) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1)
    view = ada.ok("GET", f"/games/{game_id}")
    mover = ada if view["your_turn"] else bo
    legal = mover.ok("GET", f"/games/{game_id}")["legal_moves"][0]["text"]
    move = {"move": legal, "expected_version": view["version"]}
    mover.ok("POST", f"/games/{game_id}/moves", json=move)
    engine, words = ENGINES["lost-cities"], words_for(language)
    names = player_names(view["game"]["seats"], words)
    ada.ok("PATCH", "/me", json={"language": language})
    for asked in ({}, {"Accept-Language": language}, {"Accept-Language": "en"}):
        entries = ada.ok("GET", f"/games/{game_id}/log", headers=asked)["entries"]
        assert entries and all(
            entry["text"] == engine.render_event(entry["event"], names, words=words)
            for entry in entries
        )
        assert entries[-1]["text"] != engine.render_event(entries[-1]["event"], names)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_fields_refused_at_registration_are_said_in_the_callers_language(
    api: LiveServer, language: str
) -> None:
    asked, words = {"Accept-Language": language}, words_for(language)
    bad = {"name": "-", "email": "ola@example", "language": "fr", "x": 1}
    answer = api.client().call("POST", "/players", json=bad, headers=asked)
    fields: dict[str, list[str]] = answer.json()["error"]["details"]["fields"]["json"]
    with pytest.raises(ValueError) as undeliverable:
        normalized("ola@example")
    assert fields == {
        "name": [words.gettext(NAME.error)],
        "email": [words.gettext(str(undeliverable.value))],
        "language": [words.gettext(str(LANGUAGE.error))],
        "x": [words.gettext("Unknown field.")],
    }
    english = {NAME.error, str(LANGUAGE.error), str(undeliverable.value), "Unknown field."}
    assert not english & {problem for problems in fields.values() for problem in problems}
    missing = api.client().call("POST", "/players", json={}, headers=asked).json()["error"]
    assert missing["details"]["fields"]["json"]["name"] == [
        words.gettext("Missing data for required field.")
    ]


def test_marshmallows_own_complaints_are_in_the_catalogs() -> None:
    """The complaints marked for the catalogs are marshmallow's own, word for word."""
    said = {
        *Field.default_error_messages.values(),
        *String.default_error_messages.values(),
        *Integer.default_error_messages.values(),
        *Boolean.default_error_messages.values(),
        *Schema._default_error_messages.values(),
    }
    assert set(FIELD_WORDS) <= said
