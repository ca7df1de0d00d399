"""What every message turnpost sends starts with, notice or answer to a reply, and the login
link it ends with.

A module of its own, without the templates: `mail-in` answers replies and must start quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate

from server.settings import MailSettings
from server.storage.players.login_links import LoginLink
from shared.words import ENGLISH, Words


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
    words: Words = ENGLISH
    """The recipient's language."""

    def invitation(self) -> str:
        """What the link offers, in a sentence that the text shows above the link and the
        HTML as the link's own words."""
        if self.link.game_id:
            return self.words.ngettext(
                "Open this game in your browser (the link logs you in as you; it works once, "
                "for %(num)d day)",
                "Open this game in your browser (the link logs you in as you; it works once, "
                "for %(num)d days)",
                round(self.days),
            )
        return self.words.ngettext(
            "Open your games in your browser (the link logs you in as you; it works once, "
            "for %(num)d day)",
            "Open your games in your browser (the link logs you in as you; it works once, "
            "for %(num)d days)",
            round(self.days),
        )

    def text(self) -> str:
        """The link in a message's plain text."""
        return f"{self.invitation()}:\n  {self.link.url}"
