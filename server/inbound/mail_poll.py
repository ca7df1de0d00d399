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
import ssl
import time

from server.inbound.mail_in import EX_OK, EX_TEMPFAIL
from server.inbound.parsing import MAX_MESSAGE_BYTES
from server.inbound.replies import Mailroom, TemporaryFailure, handle
from server.settings import IMAP_PORTS, Config, ImapSettings, MailSettings

IMAP_TIMEOUT_SECONDS = 60

log = logging.getLogger("turnpost.mail")


def connect(settings: ImapSettings) -> imaplib.IMAP4:
    port = settings.port or IMAP_PORTS[settings.security]
    context = ssl.create_default_context()
    if settings.security == "ssl":
        return imaplib.IMAP4_SSL(
            settings.host, port, ssl_context=context, timeout=IMAP_TIMEOUT_SECONDS
        )
    imap = imaplib.IMAP4(settings.host, port, timeout=IMAP_TIMEOUT_SECONDS)
    if settings.security == "starttls":
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
        imap = connect(imap_settings)
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
