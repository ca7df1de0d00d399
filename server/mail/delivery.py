"""Handing a finished message to the outside world: an SMTP server, or the local Maildir.

Failures are raised, never swallowed: whoever delivers (a queued job) retries, so a message is
either delivered or still waiting, never silently lost.
"""

from __future__ import annotations

import mailbox
import smtplib
import ssl
from email.message import EmailMessage

from server.settings import MailSettings

SMTP_TIMEOUT_SECONDS = 30


def deliver(message: EmailMessage, settings: MailSettings) -> None:
    if settings.smtp_host:
        send_smtp(message, settings)
    else:
        settings.maildir.parent.mkdir(parents=True, exist_ok=True)
        mailbox.Maildir(settings.maildir, create=True).add(message)


def send_smtp(message: EmailMessage, settings: MailSettings) -> None:
    host, port, context = settings.smtp_host, settings.port, ssl.create_default_context()
    smtp = (
        smtplib.SMTP_SSL(host, port, timeout=SMTP_TIMEOUT_SECONDS, context=context)
        if settings.smtp_security == "ssl"
        else smtplib.SMTP(host, port, timeout=SMTP_TIMEOUT_SECONDS)
    )
    with smtp:
        if settings.smtp_security == "starttls":
            smtp.starttls(context=context)
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)
