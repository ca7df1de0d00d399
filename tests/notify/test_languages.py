"""Every mail in its reader's language: one move in a game of three players who speak English,
Polish and German mails each of them wholly in their own language, subject, text and HTML;
and in the pseudo-language, a mail of any game in any state, the engines' boards and events
in it included, leaves no English outside the marks but the names, ids and notation it
carries (`tests.support.languages.english_left`)."""

from __future__ import annotations

import html
import random
import re
from email.message import EmailMessage

import pytest

from server.presenters.catalogs import words_for
from shared.engine import player_names
from shared.games import ENGINES
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import play_moves, start_game
from tests.support.jobs import Mail
from tests.support.languages import english_left, pseudo_for
from tests.support.letters import html_of, text_of
from tests.support.pseudo import unmarked

LANGUAGES = ("en", "pl", "de")


def newest(mail: Mail, client: ApiClient) -> EmailMessage:
    return mail.inbox.to(client.player["email"])[-1]


def test_one_move_mails_three_players_each_in_their_own_language(
    api: LiveServer, mail: Mail
) -> None:
    game_id, players = start_game(api, "livingstone", players=3)
    for client, language in zip(players, LANGUAGES, strict=True):
        client.ok("PATCH", "/me", json={"language": language})
    mail.run()
    mover = next(p for p in players if p.ok("GET", f"/games/{game_id}")["your_turn"])
    before = [len(mail.inbox.to(p.player["email"])) for p in players]
    mover.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    after = [len(mail.inbox.to(p.player["email"])) for p in players]
    assert [b - a for a, b in zip(before, after, strict=True)] == [1, 1, 1]
    for client, language in zip(players, LANGUAGES, strict=True):
        words = words_for(language)
        message = newest(mail, client)
        text, page = text_of(message), " ".join(html.unescape(html_of(message)).split())
        footer = words.gettext("turnpost: board games played slowly, by post.")
        resigned = words.gettext("%(name)s resigned.", name=mover.player["name"])
        assert message["Content-Language"] == language
        assert footer in text and footer in page
        assert resigned in text or words.gettext("Your turn.") in text
        if language != "en":
            for english in ("board games played slowly", "Your turn", "resigned.", "Open "):
                assert english not in text and english not in page, (language, english)


WORD = re.compile(r"[A-Za-z]{2,}")
COMMANDS = {"turnpost", "join", "decline", "rematch", "show", "moves", "help", "say", "play"}
COMMANDS |= {"me", "vacation", "verify", "rules"}
"""The words of replies and commands: notation, the same in every language."""


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_a_mail_in_the_pseudo_language_has_no_english_outside_the_marks(
    api: LiveServer, mail: Mail, type_id: str
) -> None:
    with pseudo_for("pl"):
        players = 2 if type_id == "lost-cities" else 3
        game_id, clients = start_game(api, type_id, players=players)
        for client in clients:
            client.ok("PATCH", "/me", json={"language": "pl"})
        play_moves(game_id, clients, random.Random(type_id).randrange(1, 12), random.Random(7))
        mail.run()
        for client in clients:
            messages = mail.inbox.to(client.player["email"])
            if not messages:
                continue
            seen = client.ok("GET", f"/games/{game_id}")
            names = player_names(seen["game"]["seats"])
            moves = " ".join(m["text"] for m in seen["legal_moves"])
            known = {*COMMANDS, *names, *WORD.findall(moves)}
            message = messages[-1]
            # addresses, links and the game's id
            text = re.sub(r"\S+@\S+|https?://\S+", " ", unmarked(text_of(message)))
            text = text.replace(game_id, " ")
            assert not english_left(text, type_id, known), (type_id, client.player["name"], text)
            subject = str(message["Subject"]).replace(game_id, " ")
            assert not english_left(subject, type_id, known | {"digest"}), subject


@pytest.mark.parametrize(
    ("type_id", "named", "english"),
    [
        ("lost-cities", "Zaginione Miasta", "Lost Cities"),
        ("lost-cities-dice", "gra w kości", "Roll"),
    ],
)
def test_a_polish_mail_names_the_game_as_its_polish_edition_does(
    api: LiveServer, mail: Mail, type_id: str, named: str, english: str
) -> None:
    game_id, clients = start_game(api, type_id, players=2)
    for client in clients:
        client.ok("PATCH", "/me", json={"language": "pl"})
    play_moves(game_id, clients, 1, random.Random(3))
    mail.run()
    for client in clients:
        message = mail.inbox.to(client.player["email"])[-1]
        subject, text = str(message["Subject"]), text_of(message)
        assert named in subject and english not in subject, subject
        assert english not in text.replace("Lost Cities: gra w kości", ""), text
