"""How mail leaves turnpost, read from the environment once, like `server.config.Config`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

SECURITY_PORTS = {"none": 25, "starttls": 587, "ssl": 465}


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


@dataclass(frozen=True)
class MailSettings:
    """With no SMTP host, mail goes to a Maildir under the data directory, so a local service
    sends real, readable mail with no setup (`mutt -f var/mail`, or any reader of Maildir)."""

    smtp_host: str = field(default_factory=lambda: _env("TURNPOST_SMTP_HOST"))
    smtp_port: int = field(default_factory=lambda: int(_env("TURNPOST_SMTP_PORT", "0")))
    smtp_security: str = field(default_factory=lambda: _env("TURNPOST_SMTP_SECURITY", "starttls"))
    smtp_user: str = field(default_factory=lambda: _env("TURNPOST_SMTP_USER"))
    smtp_password: str = field(default_factory=lambda: _env("TURNPOST_SMTP_PASSWORD"))
    sender: str = field(
        default_factory=lambda: _env("TURNPOST_MAIL_FROM", "turnpost <turnpost@localhost>")
    )
    reply_domain: str = field(default_factory=lambda: _env("TURNPOST_MAIL_DOMAIN", "localhost"))
    secret: str = field(default_factory=lambda: _env("TURNPOST_SECRET"))
    maildir: Path = field(default_factory=lambda: Path(_env("TURNPOST_DATA", "var")) / "mail")

    def __post_init__(self) -> None:
        if self.smtp_security not in SECURITY_PORTS:
            raise ValueError(
                f"TURNPOST_SMTP_SECURITY is {self.smtp_security!r}; "
                f"use one of {', '.join(SECURITY_PORTS)}"
            )

    @property
    def port(self) -> int:
        return self.smtp_port or SECURITY_PORTS[self.smtp_security]
