"""Replies as mail clients write them move in the game, and the player gets the answer."""

from __future__ import annotations

import unicodedata

import pytest

from server.domain.players.addresses import normalized
from server.mail.reply_address import Ticket
from server.presenters import games as presenters
from server.presenters.catalogs import words_for
from shared.engine import IllegalMove
from shared.games import ENGINES
from shared.guide import notation_text
from tests.support.letters import Table, legal_moves_in, letter, plain_reply, text_of, ticket_of
from tests.support.talk import INVISIBLE, SEEN

CLIENTS = [
    "thunderbird-plain.eml",
    "gmail-html-only.eml",
    "mutt-quoted-below.eml",
    "outlook-top-posted.eml",
    "apple-signature-attachment.eml",
]


@pytest.mark.parametrize("client", CLIENTS)
def test_a_reply_from_each_mail_client_plays_its_first_line(table: Table, client: str) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    before = table.view(seat)
    move = next(m["text"] for m in before["legal_moves"] if m["text"].startswith("play"))
    raw = letter(
        client,
        to=table.address(seat),
        sender=table.players[seat].email.upper(),
        move=move,
        message_id=f"{client}@mail.example",
        subject="lost-cities: your turn",
    )

    done = table.mail_in(raw)

    assert done.returncode == 0, done.stderr
    after = table.view(seat)
    assert after["version"] == before["version"] + 1
    game, since = table.load(), before["version"]
    (entry,) = presenters.log(game, seat, since, table.services.games.loading.entries(game, since))
    assert entry["move"] == table.load().engine.parse_move(move)
    (answer,) = table.answers_to(seat)
    assert answer["In-Reply-To"] == f"<{client}@mail.example>"
    # under the game's thread as well as the letter, as the game's notices are
    root = f"<game.{table.game_id}@turnpost.test>"
    assert answer["References"].split() == [root, f"<{client}@mail.example>"]
    assert answer["Subject"].startswith(("Re: ", "RE: "))
    assert answer["Auto-Submitted"] == "auto-replied"
    assert answer["Date"] is not None and answer["Message-ID"].endswith("@turnpost.test>")
    body = text_of(answer)
    assert body.startswith("Played: ")
    assert "Waiting for" in body
    assert ticket_of(answer) == Ticket(table.game_id, seat, after["version"])
    assert table.answers_to(1 - seat) == []


def test_show_moves_and_help_are_answered_without_moving(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    version = table.load().version
    hand = table.hand(seat)
    for command in ["show", "Moves", "HELP"]:
        assert table.reply(seat, command).returncode == 0
    assert table.load().version == version
    show, moves, helped = table.answers_to(seat)
    assert hand in text_of(show)
    assert legal_moves_in(moves) == [m["text"] for m in table.view(seat)["legal_moves"]]
    assert "first line" in text_of(helped)
    tickets = [ticket_of(answer) for answer in (show, moves, helped)]
    assert all(ticket is not None and ticket.version == version for ticket in tickets)


def test_help_tells_how_this_games_moves_are_written(table: Table) -> None:
    game = table.load()
    seat = game.engine.to_act(game.state)[0]
    assert table.reply(seat, "help").returncode == 0
    helped = text_of(table.last_answer(seat))
    assert notation_text(ENGINES["lost-cities"].describe_rules()) in helped
    assert "play R7 draw deck" in helped and "turnpost rules lost-cities" in helped
    legal = [move["text"] for move in table.view(seat)["legal_moves"]]
    assert legal[0] in helped
    assert table.answers_to(1 - seat) == []


def test_an_illegal_move_is_answered_with_why_and_the_legal_moves(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    version = table.load().version
    done = table.reply(seat, "play X99 draw deck")
    assert done.returncode == 0, done.stderr
    assert table.load().version == version
    (answer,) = table.answers_to(seat)
    assert text_of(answer).startswith("Not played: ")
    assert legal_moves_in(answer) == [m["text"] for m in table.view(seat)["legal_moves"]]
    ticket = ticket_of(answer)
    assert ticket is not None and ticket.version == version


@pytest.mark.parametrize("language", ["pl", "de"])
def test_a_refusal_and_help_by_mail_speak_the_senders_language(table: Table, language: str) -> None:
    """The rules' reason for refusing a mailed move, and the help's notation, in the language
    of the player who mailed it."""
    seat = table.load().engine.to_act(table.load().state)[0]
    player = table.players[seat]
    table.services.players.update(player, {"language": language})
    words = words_for(language)
    assert table.reply(seat, "play X99 draw deck").returncode == 0
    engine = ENGINES["lost-cities"]
    with pytest.raises(IllegalMove) as why:
        engine.parse_move("play X99 draw deck")
    reason = why.value.message_in(table.load().names, words)
    assert text_of(table.last_answer(seat)).startswith(
        words.gettext("Not played: %(reason)s", reason=reason)
    )
    assert table.reply(seat, "help").returncode == 0
    helped = text_of(table.last_answer(seat))
    assert notation_text(engine.describe_rules(words), words=words) in helped
    assert notation_text(engine.describe_rules()) not in helped


def test_the_envelope_recipient_an_mta_passes_is_read_before_the_headers(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    raw = plain_reply("players@list.example", table.players[seat].email, "show", "env@x")
    done = table.mail_in(raw, args=("--recipient", table.address(seat)))
    assert done.returncode == 0, done.stderr
    (answer,) = table.answers_to(seat)
    assert "Your hand:" in text_of(answer)


def test_a_reply_from_the_registered_address_written_another_way_moves(table: Table) -> None:
    """The API stores an address normalized (a Unicode domain in its ASCII form); a reply
    whose From gives the domain in Unicode, in other case, is from the same mailbox. One that
    only begins like it is not."""
    seat = table.load().engine.to_act(table.load().state)[0]
    table.players[seat] = table.services.players.update(
        table.players[seat], {"email": normalized("Ada@Exämple.org")}
    )
    assert table.players[seat].email == "Ada@xn--exmple-cua.org"
    version = table.load().version
    # An SMTPUTF8 message carries its From in UTF-8; `letter` writes its blanks as Latin-1.
    look_alike = "ada@exämple.org.evil.example".encode().decode("latin-1")
    assert table.reply(seat, "show", sender=look_alike).returncode == 0
    assert text_of(table.last_answer(seat)).startswith("Not played: a reply to one of your")
    sender = "ADA@EXÄMPLE.ORG".encode().decode("latin-1")
    done = table.reply(seat, table.view(seat)["legal_moves"][0]["text"], sender=sender)
    assert done.returncode == 0, done.stderr
    assert table.load().version == version + 1
    assert text_of(table.last_answer(seat)).startswith("Played: ")


def test_lines_under_the_move_are_said_once_and_say_alone_moves_nothing(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    move = table.view(seat)["legal_moves"][0]["text"]
    raw = plain_reply(
        table.address(seat), table.players[seat].email, f"{move}\nNice\nhand!", "talk-1@x"
    )
    for _ in range(2):  # delivered twice: one move, one message
        assert table.mail_in(raw).returncode == 0
    game = table.load()
    assert game.version == 1
    assert [m["text"] for m in table.services.games.talking.talk(game, "") if m] == ["Nice\nhand!"]
    assert "Said to the table: Nice\n  hand!" in text_of(table.last_answer(seat))

    other = 1 - seat
    for body, said in [("say: <b>well</b> played", True), ("Say: bad\x07bell", False)]:
        assert table.reply(other, body, address=table.address(other)).returncode == 0
        answer = text_of(table.last_answer(other))
        assert answer.startswith("Said to the table:" if said else "Your message was not sent")
    assert table.load().version == 1
    texts = [m["text"] for m in table.services.games.talking.talk(game, "") if m]
    assert texts[1:] == ["<b>well</b> played"]


def test_a_say_reply_nobody_could_see_is_not_said(table: Table) -> None:
    """The same check as the API's: a `say:` reply of invisible characters or piled-up marks
    is answered and not said; one in accents and emoji is said in NFC."""
    seat = table.load().engine.to_act(table.load().state)[0]
    game = table.load()
    for text in [*INVISIBLE.values(), "a" + "\u0301" * 499]:
        body = f"say: {text}".encode().decode("latin-1")  # `letter` writes its blanks as Latin-1
        assert table.handled(seat, body).status == "answered"
        answer = text_of(table.last_answer(seat))
        assert answer.startswith("Your message was not sent: a message "), (text, answer)
    assert table.services.games.talking.talk(game, "") == []
    decomposed = unicodedata.normalize("NFD", SEEN[2])
    for text in (SEEN[0], SEEN[3], decomposed):
        assert table.handled(seat, f"say: {text}".encode().decode("latin-1")).status == "answered"
        said = unicodedata.normalize("NFC", text)
        assert f"Said to the table: {said}" in text_of(table.last_answer(seat))
    kept = [m["text"] for m in table.services.games.talking.talk(game, "") if m]
    assert kept == [SEEN[0], SEEN[3], SEEN[2]]
    assert table.load().version == game.version
