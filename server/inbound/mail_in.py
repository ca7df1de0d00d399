"""`turnpost-server mail-in`: one message on standard input, as an MTA hands it to a pipe.

The exit status is what the MTA acts on: 0 once the message is handled or deliberately dropped
(so it is neither bounced nor retried), 75 (EX_TEMPFAIL) when Redis or the outgoing mail server
is unreachable, so the MTA keeps the message and delivers it again later.
"""

from __future__ import annotations

import logging
from typing import BinaryIO

from server.inbound.parsing import MAX_MESSAGE_BYTES
from server.inbound.replies import Mailroom, TemporaryFailure, handle
from server.settings import Config, MailSettings

EX_OK = 0
EX_TEMPFAIL = 75

log = logging.getLogger("turnpost.mail")


def mail_in(stream: BinaryIO, recipients: list[str]) -> int:
    raw = stream.read(MAX_MESSAGE_BYTES)
    while stream.read(64 * 1024):  # drain the rest, so the MTA's write does not fail
        pass
    try:
        room = Mailroom.open(Config(), MailSettings())
    except (TemporaryFailure, ValueError) as error:  # ValueError: a setting is wrong
        log.error("deferred: %s", error)
        return EX_TEMPFAIL
    try:
        outcome = handle(raw, room, recipients)
    except TemporaryFailure as error:
        log.warning("deferred: %s", error)
        return EX_TEMPFAIL
    except Exception:  # a message that breaks the handler must not be retried for ever
        log.exception("dropped: the message could not be handled")
        return EX_OK
    log.info("%s: %s", outcome.status, outcome.detail)
    return EX_OK
