"""The whole loop of play by post: the worker mails "your turn", the player answers that very
email, `mail-in` moves for them, and the worker mails the next player."""

from __future__ import annotations

import re
from email.message import EmailMessage

from shared.games import ENGINES
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.jobs import Mail, latest_turn_notice
from tests.support.letters import text_of

MOVES_BY_MAIL = 6


def first_legal_move(notice: EmailMessage) -> str:
    listed = re.search(r"Your legal moves \(\d+\):\n  (.+)\n", text_of(notice))
    assert listed, text_of(notice)
    return listed.group(1)


def test_players_answer_their_turn_emails_and_the_game_goes_on(
    api: LiveServer, mail: Mail, mail_env: dict[str, str]
) -> None:
    env = mail.replies_env(mail_env)
    game_id, players = start_game(api, "lost-cities", rounds=1)
    mail.run()
    answered: set[str] = set()
    for sent in range(MOVES_BY_MAIL):
        view = players[0].ok("GET", f"/games/{game_id}")
        (seat,) = view["to_act"]
        email = players[seat].player["email"]
        notice = latest_turn_notice(mail, email)
        assert notice is not None and notice["Message-ID"] not in answered
        answered.add(notice["Message-ID"])
        move = first_legal_move(notice)
        answer = mail.answer(env, notice, email, move, f"answer-{sent}@example.org")
        after = players[seat].ok("GET", f"/games/{game_id}")
        assert after["version"] == view["version"] + 1
        (entry,) = players[seat].ok("GET", f"/games/{game_id}/log?since={view['version']}")[
            "entries"
        ]
        assert entry["seat"] == seat and entry["move"] == ENGINES["lost-cities"].parse_move(move)
        assert answer.startswith("Played")
        mail.run()
    assert len(answered) == MOVES_BY_MAIL
