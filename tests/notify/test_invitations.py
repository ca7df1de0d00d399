"""Answering invitations and finished games by email: "join" and "decline" to an invitation,
"rematch" to a game-over notice; and the players of a cancelled game are told."""

from __future__ import annotations

from email.message import EmailMessage

from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.jobs import Mail
from tests.support.letters import text_of


def reply(mail: Mail, env: dict[str, str], to: EmailMessage, sender: ApiClient, body: str) -> str:
    """Answer a notice from the sender's address; the text of the answer mailed back."""
    message_id = f"{body}.{to['Message-ID'].strip('<>')}"
    return mail.answer(env, to, sender.player["email"], body, message_id)


def notice(mail: Mail, client: ApiClient, words: str, game_id: str = "") -> EmailMessage:
    """The one notice to the client about the game that says `words`."""
    (found,) = [
        m
        for m in mail.inbox.to(client.player["email"])
        if words in text_of(m) and game_id[:8] in str(m["Subject"])
    ]
    return found


def test_invitations_are_answered_join_or_decline_and_a_finished_game_rematch(
    api: LiveServer, mail: Mail, mail_env: dict[str, str]
) -> None:
    env = mail.replies_env(mail_env)
    ada, bo, cy = (api.client().register(name) for name in ("ada", "bo", "cy"))
    body: dict[str, object] = {"type": "lost-cities-dice", "invite": ["bo", "cy"]}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    mail.run()
    invited = notice(mail, bo, "invites you")
    assert "reply to this email with one of: join, decline" in text_of(invited)
    assert reply(mail, env, invited, bo, "join").startswith("You have taken your seat.")
    answer = reply(mail, env, notice(mail, cy, "invites you"), cy, "Decline")
    assert answer.startswith("You have declined")
    seats = ada.ok("GET", f"/games/{game_id}")["game"]["seats"]
    assert [(s["name"], s["joined"]) for s in seats] == [("ada", True), ("bo", True), (None, False)]
    ada.ok("POST", f"/games/{game_id}/cancel")
    mail.run()
    assert "ada has cancelled this game" in text_of(mail.inbox.to(bo.player["email"])[-1])
    assert not [m for m in mail.inbox.to(cy.player["email"]) if "cancelled" in text_of(m)]

    body = {"type": "lost-cities", "invite": ["bo"], "options": {"rounds": 1}}
    game_id = ada.ok("POST", "/games", json=body)["game"]["id"]
    bo.ok("POST", f"/games/{game_id}/join")
    bo.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    over = notice(mail, bo, "Game over")
    assert f"Play again: turnpost rematch {game_id}" in text_of(over)
    answer = reply(mail, env, over, bo, "rematch")
    next_id = ada.ok("GET", f"/games/{game_id}")["game"]["rematch"]
    assert answer.startswith(f"Rematch: game {next_id}.")
    mail.run()
    invitation = notice(mail, ada, "bo asks for a rematch", next_id)  # ada: still its creator
    words = "bo asks for a rematch of your game of Lost Cities, dealt anew; ada stays its creator."
    assert words in text_of(invitation)
    reply(mail, env, invitation, ada, "join")
    assert ada.ok("GET", f"/games/{next_id}")["game"]["status"] == "active"
    answer = reply(mail, env, notice(mail, ada, "Game over"), ada, "rematch")  # joins, no new game
    assert answer.startswith(f"Rematch: game {next_id}.")
    assert len(ada.ok("GET", "/games")["games"]) == 3
