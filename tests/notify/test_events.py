"""Simultaneous choices, game events, quiet hours, digests, and failed deliveries."""

from __future__ import annotations

from dataclasses import replace

from server.mail.reply_address import Ticket, read_reply_address
from server.notify import job_context
from server.notify.jobs import FAILED_DELIVERY_PAUSE
from server.settings import MailSettings
from server.storage import keys
from server.storage.players.outbox import DUE
from shared.games.lost_cities.cards import CARD_ID, deck_codes
from tests.parts import SECRET, LiveServer
from tests.support.games import move, start_game
from tests.support.jobs import Mail, texts
from tests.support.letters import text_of


def test_simultaneous_choices_mail_each_chooser_once(api: LiveServer, mail: Mail) -> None:
    game_id, players = start_game(api, "lost-cities-dice", players=3, first_player=0)
    mail.run()
    started = texts(mail, players)
    assert started[0][-1].startswith("The game has started, and it is your turn.")
    assert started[1][-1].startswith("The game has started; it is ada's turn.")
    move(players[0], game_id)
    mail.run()
    chose = texts(mail, players)
    assert [len(c) - len(s) for c, s in zip(chose, started, strict=True)] == [0, 1, 1]
    assert chose[1][-1].startswith("Your turn.") and "turn 1: ada (active)" in chose[1][-1]
    move(players[1], game_id)
    mail.run()
    assert texts(mail, players) == chose, "cy's choice stands: nothing new for anyone"


def test_invitation_resignation_and_the_end_with_scores_and_seed(
    api: LiveServer, mail: Mail
) -> None:
    players = [api.client().register(name) for name in ("ada", "bo")]
    created = players[0].ok(
        "POST", "/games", json={"type": "lost-cities", "options": {"rounds": 1}, "invite": ["bo"]}
    )
    game_id = created["game"]["id"]
    mail.run()
    (invitation,) = mail.to(players[1].player)
    assert invitation.startswith("ada invites you to a game of Lost Cities.")
    assert f"turnpost join {game_id}" in invitation
    assert mail.to(players[0].player) == []
    players[1].ok("POST", f"/games/{game_id}/join")
    players[1].ok("POST", f"/games/{game_id}/resign")
    mail.run()
    game = players[0].ok("GET", f"/games/{game_id}")["game"]
    for client in players:
        last = mail.to(client.player)[-1]
        assert last.startswith("Game over. bo resigned.")
        assert game["seed"] in last and f"turnpost verify {game_id}" in last
        assert "Winner: ada" in last


def test_an_invitation_says_what_the_creator_set_in_place_of_chance(
    api: LiveServer, mail: Mail
) -> None:
    players = [api.client().register(name) for name in ("ada", "bo")]
    deck = [CARD_ID[code] for code in deck_codes(5)]
    body = {"type": "lost-cities", "options": {"deck": deck}, "invite": ["bo"]}
    players[0].ok("POST", "/games", json=body)
    mail.run()
    (invitation,) = mail.to(players[1].player)
    shown = players[1].ok("GET", "/games")["games"][0]["fixed_by_creator"]["deck"]
    fixed = f"Set by the creator, not by lot: deck (fingerprint {shown['fingerprint']})."
    assert fixed in invitation and "The game is unrated." in invitation
    assert deck[0] not in invitation.split()


def test_an_invitation_held_in_quiet_hours_is_dropped_once_the_invitee_joined(
    api: LiveServer, mail: Mail
) -> None:
    """bo is invited at 23:00 in Warsaw, his quiet hours; he sees the game in his list and
    joins before 08:00. At 08:00 he hears that the game started, not that he is invited."""
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    mail.clock.at(10, 23)
    created = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})
    mail.run()
    assert mail.to(bo.player) == [], "held in quiet hours"
    bo.ok("POST", f"/games/{created['game']['id']}/join")
    mail.run()
    mail.clock.at(11, 8)
    mail.tick()
    (held,) = mail.to(bo.player)
    assert "invites you" not in held
    assert "The game has started" in held


def test_quiet_hours_hold_mail_and_merge_what_was_held(api: LiveServer, mail: Mail) -> None:
    """bo's quiet hours (22:00-08:00 in Warsaw, the default) hold the notice until 08:00."""
    first, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    mail.clock.at(10, 23)
    before = len(mail.to(bo.player))
    move(ada, first)
    mail.run()
    assert len(mail.to(bo.player)) == before, "held in quiet hours"
    assert mail.ctx.redis.zscore(DUE, bo.player["id"]) is not None
    mail.clock.at(11, 7, 59)
    mail.tick()
    assert len(mail.to(bo.player)) == before
    mail.clock.at(11, 8, 0)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1


def test_several_held_notices_become_one_digest(api: LiveServer, mail: Mail) -> None:
    game_a, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.clock.at(10, 23)
    game_b = ada.ok(
        "POST",
        "/games",
        json={"type": "lost-cities", "options": {"rounds": 1, "first_player": 0}, "invite": ["bo"]},
    )["game"]["id"]
    bo.ok("POST", f"/games/{game_b}/join")
    mail.run()
    before = len(mail.to(bo.player))
    move(ada, game_a)
    move(ada, game_b)
    mail.run()
    assert len(mail.to(bo.player)) == before
    mail.clock.at(11, 8, 30)
    mail.tick()
    (digest,) = mail.inbox.to(bo.player["email"])[before:]
    assert digest["Subject"].startswith("[turnpost] digest:")
    text = mail.to(bo.player)[-1]
    assert game_a[:8] in text and game_b[:8] in text
    assert text.count("Your turn.") == 2


def test_a_daily_digest_waits_for_the_end_of_the_quiet_hours(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    assert bo.ok("PATCH", "/me", json={"digest": True})["digest"] is True
    mail.run()
    before = len(mail.to(bo.player))
    mail.clock.at(10, 13)
    move(ada, game_id)
    mail.run()
    assert len(mail.to(bo.player)) == before
    mail.clock.at(11, 8, 1)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1


def test_a_failed_delivery_is_kept_and_sent_once_later(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    before = len(mail.to(bo.player))
    working = mail.ctx
    unreachable = MailSettings(smtp_host="127.0.0.1", smtp_port=1, smtp_security="none")
    job_context.use(replace(working, mail=unreachable))
    move(ada, game_id)
    mail.run()
    job_context.use(working)
    assert len(mail.to(bo.player)) == before
    assert mail.ctx.outbox.waiting(bo.player["id"]), "kept in the outbox"
    mail.clock.advance(600)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1


def test_a_notice_that_cannot_be_written_holds_back_none_of_the_others(
    api: LiveServer, mail: Mail
) -> None:
    broken, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    options = {"rounds": 1, "first_player": 0}
    created = ada.ok("POST", "/games", json={"type": "lost-cities", "options": options})
    fine = created["game"]["id"]
    bo.ok("POST", f"/games/{fine}/join")
    mail.run()
    before = len(mail.to(bo.player))
    mail.clock.at(10, 23)  # bo's quiet hours: his notices of both games wait in his outbox
    move(ada, broken)
    move(ada, fine)
    mail.run()
    assert len(mail.to(bo.player)) == before
    meta = keys.game(broken, "meta")
    type_id = mail.ctx.redis.hget(meta, "type")
    mail.ctx.redis.hset(meta, "type", "no-such-game")  # as if its data were damaged
    mail.clock.at(11, 8, 1)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1
    sent = mail.to(bo.player)[-1]
    assert fine[:8] in sent and broken[:8] not in sent
    assert [item["game"] for item in mail.ctx.outbox.waiting(bo.player["id"])] == [broken]
    assert type_id is not None
    mail.ctx.redis.hset(meta, "type", type_id)  # mended
    mail.clock.advance(FAILED_DELIVERY_PAUSE)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 2
    assert broken[:8] in mail.to(bo.player)[-1]
    assert not mail.ctx.outbox.waiting(bo.player["id"])


def test_a_turn_held_in_quiet_hours_shows_the_game_as_it_is_when_sent(
    api: LiveServer, mail: Mail
) -> None:
    """bo's turn to choose comes at 23:00, in his quiet hours, and cy chooses meanwhile. At
    08:00 bo's notice shows the game as it is then, and its reply address is for that version."""
    game_id, (ada, bo, cy) = start_game(api, "lost-cities-dice", players=3, first_player=0)
    mail.run()
    mail.clock.at(10, 23)
    move(ada, game_id)
    mail.run()
    move(cy, game_id)
    mail.run()
    assert not mail.to(bo.player)[-1].startswith("Your turn.")
    mail.clock.at(11, 8, 1)
    mail.tick()
    notice = mail.inbox.to(bo.player["email"])[-1]
    text = text_of(notice)
    assert text.startswith("Your turn.") and "Chosen, hidden until all have chosen: cy" in text
    now = bo.ok("GET", f"/games/{game_id}")
    assert read_reply_address(notice["Reply-To"], SECRET.encode()) == Ticket(
        game_id, 1, now["version"]
    )
    assert now["version"] == 2
