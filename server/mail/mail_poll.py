"""`turnpost-server mail-poll`: replies fetched from an IMAP mailbox instead of an MTA pipe.

Each unseen message is read (at most `MAX_MESSAGE_BYTES` of it, asked for as a partial fetch),
handled exactly as `mail-in` handles one, and only then marked seen. A temporary failure stops
the pass and leaves that message unseen for the next one; handling is idempotent, so a message
handled but not yet marked seen when something broke is harmless the second time.
"""

from __future__ import annotations

import contextlib
import imaplib
import logging
import os
import ssl
import time
from dataclasses import dataclass, field

from server.config import Config
from server.mail.inbound import Mailroom, TemporaryFailure, handle
from server.mail.mail_in import EX_OK, EX_TEMPFAIL
from server.mail.reading import MAX_MESSAGE_BYTES
from server.mail.settings import MailSettings

IMAP_PORTS = {"ssl": 993, "starttls": 143, "none": 143}
IMAP_TIMEOUT_SECONDS = 60

log = logging.getLogger("turnpost.mail")


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


@dataclass(frozen=True)
class ImapSettings:
    host: str = field(default_factory=lambda: _env("TURNPOST_IMAP_HOST"))
    port: int = field(default_factory=lambda: int(_env("TURNPOST_IMAP_PORT", "0")))
    security: str = field(default_factory=lambda: _env("TURNPOST_IMAP_SECURITY", "ssl"))
    user: str = field(default_factory=lambda: _env("TURNPOST_IMAP_USER"))
    password: str = field(default_factory=lambda: _env("TURNPOST_IMAP_PASSWORD"))
    folder: str = field(default_factory=lambda: _env("TURNPOST_IMAP_FOLDER", "INBOX"))

    def __post_init__(self) -> None:
        if self.security not in IMAP_PORTS:
            raise ValueError(
                f"TURNPOST_IMAP_SECURITY is {self.security!r}; use one of {', '.join(IMAP_PORTS)}"
            )
        if not self.host:
            raise ValueError("TURNPOST_IMAP_HOST is not set")

    def connect(self) -> imaplib.IMAP4:
        port = self.port or IMAP_PORTS[self.security]
        context = ssl.create_default_context()
        if self.security == "ssl":
            return imaplib.IMAP4_SSL(
                self.host, port, ssl_context=context, timeout=IMAP_TIMEOUT_SECONDS
            )
        imap = imaplib.IMAP4(self.host, port, timeout=IMAP_TIMEOUT_SECONDS)
        if self.security == "starttls":
            imap.starttls(context)
        return imap


def mail_poll(every: float | None) -> int:
    """One pass over the unseen mail, or one every `every` seconds until stopped."""
    try:
        imap_settings = ImapSettings()
        room = Mailroom.open(Config(), MailSettings())
    except (TemporaryFailure, ValueError) as error:
        log.error("cannot poll: %s", error)
        return EX_TEMPFAIL
    while True:
        status = poll_once(imap_settings, room)
        if every is None:
            return status
        time.sleep(every)


def poll_once(imap_settings: ImapSettings, room: Mailroom) -> int:
    try:
        imap = imap_settings.connect()
    except OSError as error:
        log.error("cannot reach the IMAP server: %s", error)
        return EX_TEMPFAIL
    try:
        imap.login(imap_settings.user, imap_settings.password)
        status, detail = imap.select(imap_settings.folder)
        if status != "OK":
            raise imaplib.IMAP4.error(f"cannot open folder {imap_settings.folder!r}: {detail}")
        return handle_unseen(imap, room)
    except (imaplib.IMAP4.error, OSError) as error:
        log.error("IMAP: %s", error)
        return EX_TEMPFAIL
    finally:
        with contextlib.suppress(imaplib.IMAP4.error, OSError):
            imap.logout()


def handle_unseen(imap: imaplib.IMAP4, room: Mailroom) -> int:
    _, found = imap.uid("SEARCH", "UNSEEN")
    for uid in (found[0] or b"").decode().split():
        raw = fetch(imap, uid)
        try:
            outcome = handle(raw, room)
        except TemporaryFailure as error:
            log.warning("deferred, left unseen: %s", error)
            return EX_TEMPFAIL
        except Exception:  # a message that breaks the handler is not fetched again
            log.exception("dropped: the message could not be handled")
        else:
            log.info("%s: %s", outcome.status, outcome.detail)
        imap.uid("STORE", uid, "+FLAGS", "(\\Seen)")
    return EX_OK


def fetch(imap: imaplib.IMAP4, uid: str) -> bytes:
    """The message's first MAX_MESSAGE_BYTES, without marking it seen (BODY.PEEK)."""
    _, data = imap.uid("FETCH", uid, f"(BODY.PEEK[]<0.{MAX_MESSAGE_BYTES}>)")
    for item in data:
        if isinstance(item, tuple):
            return bytes(item[1])
    return b""
