"""Nothing a message can contain makes mail-in fail: each gets an answer or is dropped with a
log line, and mail-in exits 0 (so the MTA neither bounces nor retries it). Only a service it
cannot reach makes it exit 75, and then the message is handled whole when it comes again."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import Envelope

from server.runtime.redis_process import free_port
from tests.parts import SmtpInbox
from tests.support.letters import Table, plain_reply, text_of


def headers(table: Table, seat: int = 0) -> str:
    return (
        f"From: {table.players[seat].email}\n"
        f"To: {table.address(seat)}\n"
        "Subject: Re: your turn\n"
        "Message-ID: <hostile@example.org>\n"
    )


HOSTILE: dict[str, Callable[[Table], bytes]] = {
    "nothing at all": lambda table: b"",
    "binary noise": lambda table: bytes(range(256)) * 64,
    "headers and no body": lambda table: headers(table).encode(),
    "a multipart with no boundary": lambda table: (
        headers(table) + "MIME-Version: 1.0\nContent-Type: multipart/mixed\n\n--x\n\nshow\n--x--\n"
    ).encode(),
    "a charset nobody knows": lambda table: (
        headers(table) + "Content-Type: text/plain; charset=x-klingon\n\nshow\n"
    ).encode(),
    "wrong bytes for its charset": lambda table: (
        headers(table).encode()
        + b"Content-Type: text/plain; charset=utf-8\n\n\xff\xfe sh\xc3ow\nshow\n"
    ),
    "an attachment and no text": lambda table: (
        headers(table) + 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n'
        "--b\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n"
        "Content-Disposition: attachment; filename=x.pdf\n\nJVBERi0xLjQK\n--b--\n"
    ).encode(),
    "broken base64": lambda table: (
        headers(table) + "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!!!\n"
    ).encode(),
    "headers that do not parse": lambda table: (
        f"From: <<<@@@>>> =?utf-8?b?////?=\nTo: {table.address(0)}\nSubject: =?x-unknown?q?=FF?=\n"
        "Message-ID: <<>>\nContent-Type: text/plain; charset=\n\nshow\n"
    ).encode(),
    "a 5 MiB body": lambda table: (
        headers(table) + "Content-Type: text/plain\n\nshow\n" + ("x" * 998 + "\n") * 5 * 1024
    ).encode(),
    "a 5 MiB line": lambda table: (
        headers(table) + "Content-Type: text/plain\n\n" + "s" * 5 * 1024 * 1024 + "\n"
    ).encode(),
    "deeply nested parts": lambda table: (
        headers(table)
        + "".join(
            f'Content-Type: multipart/mixed; boundary="b{depth}"\n\n--b{depth}\n'
            for depth in range(500)
        )
        + "Content-Type: text/plain\n\nshow\n"
    ).encode(),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_hostile_mail_is_answered_or_dropped_never_fatal(table: Table, kind: str) -> None:
    version = table.load().version
    done = table.mail_in(HOSTILE[kind](table))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip(), "every message leaves a log line"
    assert table.load().version == version
    for _, answer in table.inbox.received:
        assert answer["To"] == f"ada <{table.players[0].email}>"


def test_an_unreachable_redis_is_a_temporary_failure(table: Table) -> None:
    env = {**table.env, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}
    done = table.mail_in(plain_reply(table.address(0), "ada@example.org", "show", "m@x"), env)
    assert done.returncode == 75
    assert "Redis" in done.stderr


def test_an_answer_that_cannot_be_sent_is_retried_and_the_move_made_once(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    version = table.load().version
    move = table.view(seat)["legal_moves"][0]["text"]
    raw = plain_reply(table.address(seat), table.players[seat].email, move, "retry@x")
    no_smtp = {**table.env, "TURNPOST_SMTP_PORT": str(free_port())}

    assert table.mail_in(raw, no_smtp).returncode == 75
    assert table.mail_in(raw).returncode == 0

    assert table.load().version == version + 1
    (answer,) = table.answers_to(seat)
    assert text_of(answer).startswith("Played: ")


class RefusingInbox(SmtpInbox):
    """An SMTP server that has no mailbox for one address."""

    async def handle_RCPT(
        self, server: object, session: object, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if address.lower() == "ada@example.org":
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def test_an_answer_refused_for_good_is_logged_and_the_message_done_with(table: Table) -> None:
    seat = 0
    inbox = RefusingInbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        env = {**table.env, "TURNPOST_SMTP_PORT": str(controller.port)}
        raw = plain_reply(table.address(seat), table.players[seat].email, "show", "gone@x")
        done = table.mail_in(raw, env)
    finally:
        controller.stop()
    assert done.returncode == 0, done.stderr
    assert "was refused" in done.stderr
    assert inbox.received == []
