"""What every message turnpost sends starts with, notice or answer to a reply.

A module of its own, without the templates: `mail-in` answers replies and must start quickly.
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate

from server.settings import MailSettings


def envelope(to: str, settings: MailSettings) -> EmailMessage:
    """A message from turnpost's sender to `to`, dated now."""
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    return message
