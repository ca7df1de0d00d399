"""A game's page and its forms over HTTP, as a browser without JavaScript sends them (every
refusal is a page that says why, with the API's status, and a form sent twice moves once), and
the lists' pages, each with a link to the next."""

from __future__ import annotations

import html
import re
import time
from concurrent.futures import ThreadPoolExecutor

import redis

from server.storage import keys
from server.web.pages import WAIT_SECONDS
from tests.parts import LiveServer
from tests.support.games import game_and_stranger, start_game
from tests.support.jobs import Mail
from tests.support.pages import Visitor, form_fields, logged_in, mover_at_page, said
from tests.support.processes import eventually
from tests.support.stored import log_length


def test_the_page_shows_a_players_view_and_moves_once_however_often_its_form_is_sent(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    game_id, _, _, view, visitor = mover_at_page(api, mail, "lost-cities", rounds=1)
    page = visitor.get(f"/play/{game_id}")
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == "no-store"
    assert "Your turn." in said(page.text)
    hand = view["view"]["hand"]
    assert all(card in said(page.text) for card in hand)
    form = form_fields(page.text)
    move = view["legal_moves"][0]["text"]
    before = log_length(redis_client, game_id)
    first = visitor.post(f"/play/{game_id}", {**form, "move": move}, allow_redirects=False)
    again = visitor.post(f"/play/{game_id}", {**form, "move": move}, allow_redirects=False)
    assert (first.status_code, again.status_code) == (303, 303)
    assert log_length(redis_client, game_id) == before + 1
    after = visitor.get(f"/play/{game_id}")
    assert "Waiting for" in said(after.text)


def test_a_stale_form_says_the_game_moved_on_and_shows_it_as_it_is_now(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    game_id, clients, seat, view, visitor = mover_at_page(api, mail, "lost-cities-dice")
    page = visitor.get(f"/play/{game_id}")
    move = view["legal_moves"][0]["text"]
    clients[seat].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": move, "expected_version": view["version"]},
    )
    before = log_length(redis_client, game_id)
    stale = visitor.post(f"/play/{game_id}", {**form_fields(page.text), "move": move})
    assert stale.status_code == 409
    assert "moved on" in said(stale.text)
    assert f"version {before}" in said(stale.text)
    assert log_length(redis_client, game_id) == before


def test_an_illegal_typed_move_is_refused_on_the_page_with_the_rules_words(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    game_id, _, _, _, visitor = mover_at_page(api, mail, "livingstone")
    before = log_length(redis_client, game_id)
    refused = visitor.move(game_id, "donate 99; end", field="typed")
    assert refused.status_code == 422
    assert "Not done" not in said(refused.text)  # the game's page, with the refusal on it
    assert "donate 99; end" in refused.text  # offered again to mend
    assert said(refused.text).count("Your turn.") == 1
    assert log_length(redis_client, game_id) == before


def test_a_forged_csrf_token_and_a_missing_one_are_refused(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    game_id, _, _, view, visitor = mover_at_page(api, mail, "lost-cities", rounds=1)
    form = form_fields(visitor.get(f"/play/{game_id}").text)
    move = view["legal_moves"][0]["text"]
    before = log_length(redis_client, game_id)
    for token in ("forged." + form["csrf_token"][7:], ""):
        refused = visitor.post(f"/play/{game_id}", {**form, "csrf_token": token, "move": move})
        assert refused.status_code == 400
        assert "csrf_failed" in refused.text and "load the page again" in said(refused.text)
    # A page's token sent from another browser (a forged form elsewhere): not its session's.
    refused = Visitor(api.url).post(f"/play/{game_id}", {**form, "move": move})
    assert refused.status_code == 400
    assert log_length(redis_client, game_id) == before


def test_another_players_game_an_unknown_one_and_no_session_get_refusal_pages(
    api: LiveServer, mail: Mail
) -> None:
    game_id, _, eve = game_and_stranger(api)
    created = eve.ok("POST", "/games", json={"type": "lost-cities", "invite": []})
    link = eve.ok("POST", f"/games/{created['game']['id']}/login-link")["url"]
    visitor = Visitor(api.url)
    assert visitor.log_in(link).status_code == 200
    for path, expected in (
        (f"/play/{game_id}", "this game is not public"),  # a private game's page, as the API's
        (f"/play/{game_id}/wait?version=0", "this game is not public"),
    ):
        refused = visitor.get(path)
        assert refused.status_code == 403, refused.text
        assert expected in said(refused.text).lower()
    form = form_fields(visitor.get(f"/play/{created['game']['id']}").text, action="/logout")
    moved = visitor.post(
        f"/play/{game_id}", {**form, "move": "play R7 draw deck", "version": "0", "key": "k"}
    )
    assert moved.status_code == 403
    assert visitor.get("/play/" + "0" * 24).status_code == 404
    nobody = Visitor(api.url)
    for path in ("/play", f"/play/{game_id}"):
        refused = nobody.get(path)
        assert refused.status_code == 401 and "Log in" in said(refused.text)


def test_the_page_shows_the_talk_at_the_table_escaped(api: LiveServer, mail: Mail) -> None:
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    clients[1].ok("POST", f"/games/{game_id}/messages", json={"text": "<script>x</script> hi"})
    visitor = logged_in(mail, api.url, clients[0])
    page = visitor.get(f"/play/{game_id}").text
    assert "At the table bo : <script>x</script> hi" in said(page)  # as text
    assert "&lt;script&gt;x&lt;/script&gt; hi" in page and "<script>x" not in page


def test_an_open_games_page_refreshes_at_its_start_and_a_cancelled_ones_wait_answers_at_once(
    api: LiveServer, redis_client: redis.Redis
) -> None:
    """The page of a game waiting for players polls too, and wakes as the last seat is taken
    (a change of its revision, not its version); a game that is over has nothing to wait for."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    game_id = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]["id"]
    visitor = Visitor(api.url)
    visitor.log_in(ada.ok("POST", f"/games/{game_id}/login-link")["url"])
    page = visitor.get(f"/play/{game_id}")
    assert "Waiting for every seat to be taken." in said(page.text)
    found = re.search(r'data-wait="([^"]+)"', page.text)
    assert found is not None, "an open game's page polls"
    wait = html.unescape(found.group(1)).removeprefix(api.url)
    with ThreadPoolExecutor(1) as pool:
        answer = pool.submit(visitor.get, wait)
        place = keys.player(ada.player["id"], "waits")
        eventually(lambda: redis_client.zcard(place) == 1)
        bo.ok("POST", f"/games/{game_id}/join")
        woken = answer.result()
    assert woken.status_code == 200  # woken by the change: a wait that ran out says no change
    assert woken.json()["changed"] is True and woken.json()["version"] == 0
    assert "Waiting for every seat" not in said(visitor.get(f"/play/{game_id}").text)

    other = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]
    ada.ok("POST", f"/games/{other['id']}/cancel")
    revision = ada.ok("GET", f"/games/{other['id']}")["revision"]
    started = time.monotonic()
    over = visitor.get(f"/play/{other['id']}/wait?version=0&revision={revision}")
    assert over.json() == {"changed": False, "version": 0, "revision": revision}
    # at once: long before the wait a game in play would make (WAIT_SECONDS), and in no place
    assert time.monotonic() - started < WAIT_SECONDS and redis_client.zcard(place) == 0


def more_link(page: str, words: str = "More games") -> str | None:
    """Where a list's "more" link that says `words` leads."""
    found = re.search(rf'<p class="more"><a href="([^"]+)">{words}<', page)
    return html.unescape(found[1]) if found else None


def joinable(page: str) -> list[str]:
    """The games a page offers a join form for."""
    return re.findall(r'action="/play/([0-9a-f]{24})/join"', page)


def test_the_lists_show_a_page_and_a_link_to_the_next(api: LiveServer, mail: Mail) -> None:
    ada, bo = api.client().register("ada"), api.client().register("bo")
    invited = {
        bo.ok("POST", "/games", json={"type": "lost-cities", "invite": ["ada"]})["game"]["id"]
        for _ in range(60)
    }
    own = {
        ada.ok("POST", "/games", json={"type": "lost-cities", "public": True})["game"]["id"]
        for _ in range(55)
    }
    finished = set()
    for _ in range(52):
        game_id = bo.ok("POST", "/games", json={"type": "lost-cities", "invite": ["ada"]})
        finished.add(game_id := game_id["game"]["id"])
        ada.ok("POST", f"/games/{game_id}/join")
        bo.ok("POST", f"/games/{game_id}/resign")
    visitor = logged_in(mail, api.url, ada)

    first = visitor.get("/play").text
    assert len(joinable(first)) == 50  # a page of the invitations
    more = more_link(first, "More games waiting on you")
    assert more is not None
    second = visitor.get(more).text
    assert more_link(second, "More games waiting on you") is None
    assert set(joinable(first)) | set(joinable(second)) == invited
    assert not set(joinable(first)) & set(joinable(second))
    pages, others = [first], more_link(first, "More of your games")
    while others is not None:
        pages.append(visitor.get(others).text)
        others = more_link(pages[-1], "More of your games")
    rows = [re.findall(r'href="/play/([0-9a-f]{24})"', page) for page in pages]
    assert len(pages) == 3
    assert sorted(game for row in rows for game in row if game not in invited) == sorted(
        own | finished
    )

    lobby_visitor = logged_in(mail, api.url, bo)
    lobby = lobby_visitor.get("/lobby").text
    following = more_link(lobby)
    assert len(joinable(lobby)) == 50 and following is not None
    lobby_next = lobby_visitor.get(following).text
    assert set(joinable(lobby)) | set(joinable(lobby_next)) == own and more_link(lobby_next) is None

    record = lobby_visitor.get("/players/ada").text
    following = more_link(record)
    assert following is not None
    record_next = lobby_visitor.get(following).text
    listed = re.findall(r'href="/play/([0-9a-f]{24})"', record + record_next)
    assert sorted(listed) == sorted(finished) and more_link(record_next) is None
    refused = lobby_visitor.get("/lobby?cursor=nonsense")
    assert refused.status_code == 400
