"""After each move, exactly the players who must act get exactly one email: their own view,
their legal moves, a reply address for that seat and version, and nobody else's hidden cards."""

from __future__ import annotations

import re

from server.mail.reply_address import Ticket, read_reply_address
from shared.engine import player_names
from shared.games import ENGINES
from tests.api_client import ApiClient
from tests.parts import SECRET, LiveServer
from tests.support.games import mover_of, start_game
from tests.support.jobs import Mail
from tests.support.letters import html_of, text_of, unlinked


def counts(mail: Mail, clients: list[ApiClient]) -> list[int]:
    return [len(mail.inbox.to(client.player["email"])) for client in clients]


def test_each_move_mails_the_player_to_act_their_view_moves_and_reply_address(
    api: LiveServer, mail: Mail
) -> None:
    game_id, players = start_game(api, "lost-cities", rounds=1)
    mail.run()
    views = [p.ok("GET", f"/games/{game_id}") for p in players]
    mover = 0 if views[0]["your_turn"] else 1
    waiter = 1 - mover
    # invitation to bo; game started to both (bo's and ada's start notice)
    assert counts(mail, players)[mover] >= 1
    received = mail.inbox.to(players[mover].player["email"])
    (first,) = [m for m in received if "your turn" in text_of(m)]
    body = unlinked(text_of(first))
    engine = ENGINES["lost-cities"]
    names = player_names(views[mover]["game"]["seats"])
    assert engine.render_view(views[mover]["view"], names) in body
    for legal in views[mover]["legal_moves"]:
        assert f"  {legal['text']}\n" in body
    assert first["Auto-Submitted"] == "auto-generated"  # no out-of-office answers to it
    assert read_reply_address(first["Reply-To"], SECRET.encode()) == Ticket(
        game_id, mover, views[mover]["version"]
    )
    hidden = set(views[waiter]["view"]["hand"])
    assert not hidden & set(re.findall(r"[A-Z][a-z]?\d+", body))
    html = html_of(first)  # the board, with the hand in it, and the same words
    assert all(f">{card}</span>" in html for card in views[mover]["view"]["hand"])
    assert not hidden & set(re.findall(r">([A-Z][a-z]?\d+)<", html))
    assert "reply to this email with your move" in " ".join(html.split())
    for reply in ("show", "moves", "help", "say: …"):  # both parts offer the same replies
        assert f"{reply} (" in body or f"{reply}," in body
        assert f">{reply}</code>" in html
    before = counts(mail, players)

    players[mover].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={
            "move": views[mover]["legal_moves"][0]["text"],
            "expected_version": views[mover]["version"],
        },
    )
    mail.run()
    after = counts(mail, players)
    assert after[mover] == before[mover]
    assert after[waiter] == before[waiter] + 1
    notice = mail.inbox.to(players[waiter].player["email"])[-1]
    now = players[waiter].ok("GET", f"/games/{game_id}")
    text = unlinked(text_of(notice))
    assert text.startswith("Your turn.")
    assert engine.render_view(now["view"], player_names(now["game"]["seats"])) in text
    assert read_reply_address(notice["Reply-To"], SECRET.encode()) == Ticket(
        game_id, waiter, now["version"]
    )
    own_hand = set(players[mover].ok("GET", f"/games/{game_id}")["view"]["hand"])
    assert not own_hand & set(re.findall(r"[A-Z][a-z]?\d+", text))
    assert notice["Subject"] == first["Subject"]
    assert notice["References"] == first["References"] == f"<game.{game_id}@turnpost.example>"
    mail.tick()
    assert counts(mail, players) == after, "planning again sends nothing twice"


def test_secret_cards_and_donations_stay_out_of_the_other_players_mail(
    api: LiveServer, mail: Mail
) -> None:
    """In Livingstone the card a die draws and the amount donated are the mover's secrets: the
    next player's notice shows the log as their own log shows it, and their own view only."""
    game_id, players = start_game(api, "livingstone")
    mail.run()
    mover, view = mover_of(game_id, players)
    other = players[1 - mover]
    die = min(view["view"]["dice"])
    drawn = players[mover].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": f"take {die} card; donate 2; end", "expected_version": 0},
    )
    assert drawn["untried"]["steps"] == [  # a batch ends at the draw
        {"action": "donate", "amount": 2},
        {"action": "end"},
    ]
    players[mover].ok(
        "POST",
        f"/games/{game_id}/moves",
        json={"move": "donate 2; end", "expected_version": drawn["version"]},
    )
    mail.run()
    text = mail.to(other.player)[-1]
    assert text.startswith("Your turn.")
    secret_view = players[mover].ok("GET", f"/games/{game_id}")["view"]["players"][mover]
    (card,) = secret_view["hand"]
    seen = other.ok("GET", f"/games/{game_id}")
    own = ENGINES["livingstone"].render_view(seen["view"], player_names(seen["game"]["seats"]))
    assert own in text
    if card not in own:
        assert card not in text
    changes = text.split("Since your last move:\n")[1].split("\n\n")[0].splitlines()
    log = other.ok("GET", f"/games/{game_id}/log")["entries"]
    assert [line.strip() for line in changes] == [entry["text"] for entry in log]
    assert not any("2" in line for line in changes if "donat" in line)
    html = mail.inbox.to(other.player["email"])[-1].get_body(preferencelist=("html",))
    assert html is not None and card not in str(html.get_content()).replace(own, "")


def test_a_player_still_to_act_after_a_step_is_told_only_if_they_stop(
    api: LiveServer, mail: Mail
) -> None:
    game_id, players = start_game(api, "livingstone")
    mail.run()
    view = players[0].ok("GET", f"/games/{game_id}")
    mover = players[0] if view["your_turn"] else players[1]
    before = len(mail.to(mover.player))

    def step(text: str) -> None:
        version = mover.ok("GET", f"/games/{game_id}")["version"]
        mover.ok(
            "POST", f"/games/{game_id}/moves", json={"move": text, "expected_version": version}
        )
        mail.run()

    die = min(mover.ok("GET", f"/games/{game_id}")["view"]["dice"])
    step(f"take {die} thalers")
    mail.clock.advance(60)
    mail.tick()
    step("donate 1")
    mail.clock.advance(119)
    mail.tick()
    assert len(mail.to(mover.player)) == before, "still at it: no mail yet"
    mail.clock.advance(2)
    mail.tick()
    assert len(mail.to(mover.player)) == before + 1
    assert mail.to(mover.player)[-1].startswith("It is still your turn.")
