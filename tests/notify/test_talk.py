"""Table talk by post: a whole game (ended by a resignation after some turns, to keep it short)
in which the players talk through the API and in their email replies (under the move, or a
reply that is only `say: …`); every message reaches each other player's notices exactly once,
escaped in the HTML, and never makes a move stale."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from redis import Redis

from tests.parts import LiveServer, service_config
from tests.support.games import start_game
from tests.support.jobs import Mail, latest_turn_notice
from tests.support.letters import html_of, text_of

TURNS = 10
CHATTY = 1000
"""Messages a minute: a game played at a test's speed talks far faster than people do."""


@pytest.fixture
def chatty(api: LiveServer, redis_client: Redis) -> Iterator[LiveServer]:
    """The service with room for a test's talk."""
    redis_url = api.app.extensions["turnpost"].config.redis_url
    server = LiveServer(service_config(redis_url, talk_per_minute=CHATTY))
    yield server
    server.stop()


def test_every_message_reaches_each_other_player_once_in_a_whole_game(
    chatty: LiveServer, mail: Mail, mail_env: dict[str, str]
) -> None:
    env = {**mail.replies_env(mail_env), "TURNPOST_TALK_PER_MINUTE": str(CHATTY)}
    game_id, players = start_game(chatty, "lost-cities", rounds=1)
    mail.run()
    rnd = random.Random(3)
    said: list[tuple[int, str]] = []
    turn = 0
    while True:
        views = [p.ok("GET", f"/games/{game_id}") for p in players]
        if views[0]["game"]["status"] == "finished":
            break
        (seat,) = views[0]["to_act"]
        view = views[seat]
        turn += 1
        if turn > TURNS:
            players[seat].ok("POST", f"/games/{game_id}/resign")
            mail.run()
            continue
        text = f"<b>{players[seat].player['name']}</b> says #{turn}."
        way = "mail under the move" if turn % 5 == 1 else "mail alone" if turn % 5 == 3 else "api"
        if way == "mail alone":
            notice = latest_turn_notice(mail, players[seat].player["email"])
            assert notice is not None
            email = players[seat].player["email"]
            answer = mail.answer(env, notice, email, f"say: {text}", f"say-{turn}@example.org")
            assert answer.startswith(f"Said to the table: {text}"), answer
            said.append((seat, text))
        elif way == "api":
            players[seat].ok("POST", f"/games/{game_id}/messages", json={"text": text})
            said.append((seat, text))
        # the move goes against the version read before the message: never stale for it
        move = rnd.choice(view["legal_moves"])["text"]
        if way == "mail under the move":
            notice = latest_turn_notice(mail, players[seat].player["email"])
            assert notice is not None
            body = f"{move}\n{text}\nyour move!"
            email = players[seat].player["email"]
            answer = mail.answer(env, notice, email, body, f"move-{turn}@example.org")
            assert answer.startswith("Played: "), answer
            assert f"Said to the table: {text}\n  your move!" in answer
            said.append((seat, f"{text}\n    your move!"))
        else:
            players[seat].ok("POST", f"/games/{game_id}/moves",
                             json={"move": move, "expected_version": view["version"]})  # fmt: skip
        mail.run()
    assert len(said) == TURNS
    for listener in (0, 1):
        notices = [
            m
            for m in mail.inbox.to(players[listener].player["email"])
            if m["Auto-Submitted"] == "auto-generated"
        ]
        texts = "\n".join(text_of(m) for m in notices)
        html = "\n".join(html_of(m) for m in notices)
        for seat, text in said:
            line = f"{players[seat].player['name']} wrote: {text}"
            expected = 0 if seat == listener else 1
            assert texts.count(line) == expected, (listener, line)
            escaped = text.replace("<", "&lt;").replace(">", "&gt;").split("\n")[0]
            assert html.count(escaped) == expected, (listener, escaped)
        assert not re.search(r"<b>\w+</b> says", html), "markup in a message is escaped"


def test_a_blocked_players_words_are_in_no_notice_to_the_blocker(
    chatty: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = start_game(chatty, "lost-cities", rounds=1)
    mail.run()
    mails_before = len(mail.inbox.to(bo.player["email"]))
    bo.ok("PUT", "/me/blocks/ada")
    ada.ok("POST", f"/games/{game_id}/messages", json={"text": "from the blocked"})
    bo.ok("POST", f"/games/{game_id}/messages", json={"text": "from the blocker"})
    for player in (ada, bo):
        view = player.ok("GET", f"/games/{game_id}")
        if view["your_turn"]:
            move = view["legal_moves"][0]["text"]
            body = {"move": move, "expected_version": view["version"]}
            player.ok("POST", f"/games/{game_id}/moves", json=body)
            break
    bo.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    assert len(mail.inbox.to(bo.player["email"])) > mails_before, "bo was told of the game"
    to_bo = "\n".join(text_of(m) for m in mail.inbox.to(bo.player["email"]))
    to_ada = "\n".join(text_of(m) for m in mail.inbox.to(ada.player["email"]))
    assert "from the blocked" not in to_bo
    assert "bo wrote: from the blocker" in to_ada, "the blocker is heard as ever"
