"""Delivery to a real SMTP server, and to the Maildir used when none is configured."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from server.mail.delivery import deliver
from server.settings import MailSettings
from tests.parts import SmtpInbox


def letter(to: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "turnpost <turnpost@localhost>"
    message["To"] = to
    message["Subject"] = "Zażółć gęślą jaźń"
    message.set_content("Your turn.\n")
    return message


def test_with_an_smtp_host_mail_goes_to_it(
    smtp_server: tuple[Controller, SmtpInbox], tmp_path: Path
) -> None:
    controller, inbox = smtp_server
    settings = MailSettings(
        smtp_host=str(controller.hostname),
        smtp_port=controller.port,
        smtp_security="none",
        maildir=tmp_path / "mail",
    )
    deliver(letter("ada@example.org"), settings)
    (received,) = inbox.to("ada@example.org")
    assert received["Subject"] == "Zażółć gęślą jaźń"
    assert not (tmp_path / "mail").exists()


def test_without_one_mail_goes_to_a_maildir_any_reader_opens(tmp_path: Path) -> None:
    settings = MailSettings(smtp_host="", maildir=tmp_path / "mail")
    deliver(letter("bo@example.org"), settings)
    (stored,) = mailbox.Maildir(tmp_path / "mail", create=False)
    assert stored["To"] == "bo@example.org"


def test_an_unreachable_smtp_server_is_an_error_for_the_caller_to_retry(tmp_path: Path) -> None:
    settings = MailSettings(smtp_host="127.0.0.1", smtp_port=1, smtp_security="none")
    with pytest.raises(OSError):
        deliver(letter("ada@example.org"), settings)


def test_an_unknown_security_setting_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="TURNPOST_SMTP_SECURITY"):
        MailSettings(smtp_security="tls")
