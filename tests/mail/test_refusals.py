"""Replies that must not move: a forged address, the same message again, a sender who is not
the seat's player, a stale ticket. Each changes nothing in the game, and no answer ever goes
anywhere but the seat's registered address."""

from __future__ import annotations

import pytest

from tests.support.letters import Table, plain_reply, text_of, ticket_of, unlinked

MALLORY = "mallory@evil.example"


def to_act(table: Table) -> int:
    seat: int = table.load().engine.to_act(table.load().state)[0]
    return seat


def first_move(table: Table, seat: int) -> str:
    move: str = table.view(seat)["legal_moves"][0]["text"]
    return move


def test_a_forged_reply_address_is_dropped_unanswered(table: Table) -> None:
    seat = to_act(table)
    version = table.load().version
    local, _, domain = table.address(seat).partition("@")
    middle = len(local) // 2
    flipped = local[:middle] + ("a" if local[middle] != "a" else "b") + local[middle + 1 :]
    done = table.reply(seat, first_move(table, seat), address=f"{flipped}@{domain}")
    assert done.returncode == 0
    assert "forged" in done.stderr
    assert table.load().version == version
    assert table.inbox.received == []


def test_mail_to_no_reply_address_at_all_is_dropped(table: Table) -> None:
    done = table.reply(0, "show", address="someone@turnpost.test")
    assert done.returncode == 0
    assert "not sent to a reply address" in done.stderr
    assert table.inbox.received == []


def test_the_same_message_twice_moves_once(table: Table) -> None:
    seat = to_act(table)
    version = table.load().version
    raw = plain_reply(
        table.address(seat),
        table.players[seat].email,
        first_move(table, seat),
        "once@ada.example",
    )
    assert table.mail_in(raw).returncode == 0
    assert table.mail_in(raw).returncode == 0
    assert table.load().version == version + 1
    first, second = table.answers_to(seat)
    assert unlinked(text_of(first)) == unlinked(text_of(second))  # each with a fresh link
    assert text_of(first).startswith("Played: ")


def test_a_used_ticket_is_stale_and_refused_with_the_current_view(table: Table) -> None:
    seat = to_act(table)
    used = table.address(seat)
    assert table.reply(seat, first_move(table, seat), address=used).returncode == 0
    version = table.load().version
    other = 1 - seat
    assert table.reply(other, first_move(table, other)).returncode == 0
    after_other = table.load().version

    done = table.reply(seat, first_move(table, seat), address=used)

    assert done.returncode == 0
    assert table.load().version == after_other > version
    refusal = table.last_answer(seat)
    body = text_of(refusal)
    assert body.startswith("Not played: the game has moved on")
    assert table.hand(seat) in body
    fresh = ticket_of(refusal)
    assert fresh is not None and fresh.version == after_other


def test_a_ticket_from_before_the_other_player_moved_is_stale(table: Table) -> None:
    seat = to_act(table)
    other = 1 - seat
    waiting = table.address(other)
    assert table.reply(seat, first_move(table, seat)).returncode == 0
    version = table.load().version
    assert table.reply(other, first_move(table, other), address=waiting).returncode == 0
    assert table.load().version == version
    assert text_of(table.last_answer(other)).startswith("Not played: the game has moved on")


def test_a_sender_who_is_not_the_seats_player_is_refused_and_learns_nothing(
    table: Table,
) -> None:
    seat = to_act(table)
    other = 1 - seat
    version = table.load().version
    hand = table.hand(seat)
    for body in [first_move(table, seat), "show", "moves"]:
        assert table.reply(seat, body, sender=MALLORY).returncode == 0
    # the other player, with this seat's address: still not this seat's player
    assert table.reply(seat, "show", sender=table.players[other].email).returncode == 0

    assert table.load().version == version
    assert table.inbox.to(MALLORY) == []
    assert table.answers_to(other) == []
    refusals = table.answers_to(seat)
    assert len(refusals) == 4
    for refusal in refusals:
        body = text_of(refusal)
        assert body.startswith("Not played: a reply to one of your turnpost emails came from")
        assert hand not in body
        assert "Your legal moves" not in body
    assert MALLORY in text_of(refusals[0])


@pytest.mark.parametrize(
    "header",
    ["Auto-Submitted: auto-replied", "Precedence: bulk", "Return-Path: <>", "X-Autoreply: yes"],
)
def test_auto_replies_and_bounces_are_dropped_unanswered(table: Table, header: str) -> None:
    seat = to_act(table)
    version = table.load().version
    raw = plain_reply(
        table.address(seat), table.players[seat].email, "I am away until Monday.", "away@x"
    )
    done = table.mail_in(header.encode() + b"\n" + raw)
    assert done.returncode == 0
    assert "sent automatically" in done.stderr
    assert table.load().version == version
    assert table.inbox.received == []
