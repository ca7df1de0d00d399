"""What every message turnpost sends starts with, notice or answer to a reply, and the login
link it ends with.

A module of its own, without the templates: `mail-in` answers replies and must start quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate

from server.settings import MailSettings
from server.storage.login_links import LoginLink


def envelope(to: str, settings: MailSettings) -> EmailMessage:
    """A message from turnpost's sender to `to`, dated now."""
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    return message


@dataclass(frozen=True)
class Login:
    """A login link as a message shows it: where it leads, and for how many days it works."""

    link: LoginLink
    days: float

    @property
    def leads_to(self) -> str:
        return "this game" if self.link.game_id else "your games"

    def text(self) -> str:
        """The link in a message's plain text."""
        return (
            f"Open {self.leads_to} in your browser (the link logs you in as you; it works "
            f"once, for {self.days:g} days):\n  {self.link.url}"
        )
