"""What an incoming reply says: who sent it, where to, and the one line a person wrote.

Mail is hostile input. Everything here tolerates what a message may contain (broken MIME,
unknown charsets, headers that do not parse, no text at all) by answering "nothing found"
rather than raising, and reads at most `MAX_TEXT_CHARS` of a body: a move is one line at the top.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from email.utils import getaddresses

from mailparser_reply import EmailReplyParser

MAX_MESSAGE_BYTES = 1024 * 1024
"""How much of a message is read at all; a reply carrying more is cut there (its move is at the
top, and an attachment that big is not looked at)."""

MAX_TEXT_CHARS = 64 * 1024
MAX_LINE_CHARS = 500
MAX_HEADER_CHARS = 998
"""RFC 5322's line limit: no more of a header's values is read."""

RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "To", "Cc")
"""Where the address a reply was sent to can be found, the MTA's own record first."""

REPLY_LANGUAGES = ["en", "de", "fr", "it", "es", "nl", "pl", "sv", "da", "cs"]
"""Languages whose "On … wrote:" and forwarded-header lines are recognised."""

QUOTE_HEADER = re.compile(
    r"\s*(?:Wiadomość napisana przez .+:|(?:.*\s)?(?:napisał|napisała|napisał\(a\)|pisze):)\s*"
)
"""The Polish lines over a quote that the reply parser misses: Thunderbird's "W dniu … napisał:"
and "…, turnpost pisze:", Gmail's "… napisał(a):" (its verb alone on a line when the header
wraps), Apple Mail's "Wiadomość napisana przez … o godz. 18:41:"."""

UNQUOTED_HTML = ("blockquote", "style", "script", "head", "title")
"""HTML elements whose text is never the reply: quoted mail and what is not shown."""

AUTOMATIC_PRECEDENCE = ("bulk", "junk", "list", "auto_reply")
AUTORESPONDER_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autoresponse")

MESSAGE_ID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]{1,900}>")
"""A Message-ID as RFC 5322 allows it: printable ASCII between angle brackets."""


@dataclass(frozen=True)
class Letter:
    """An incoming message, reduced to what handling it needs."""

    senders: list[str]
    recipients: list[str]
    message_id: str | None
    subject: str
    first_line: str | None
    below: str
    """The lines the sender wrote under the first one (above the quote), as written: a message
    to the table (`server.domain.games.talk_rules`); empty if none."""
    automatic: str | None
    """Why the message looks sent by a machine (an auto-reply, a bounce), else None."""
    fingerprint: str
    """The Message-ID, or a hash of the whole message without one: what makes a second
    delivery of the same message recognisable."""


def read_letter(raw: bytes) -> Letter:
    message = message_from_bytes(raw[:MAX_MESSAGE_BYTES], policy=policy.default)
    message_id = _message_id(_header(message, "Message-ID"))
    first, below = written(body_text(message))
    return Letter(
        senders=_addresses(message, ("From",)),
        recipients=_addresses(message, RECIPIENT_HEADERS),
        message_id=message_id,
        subject=" ".join(_header(message, "Subject").split())[:200],
        first_line=first,
        below=below,
        automatic=automatic(message),
        fingerprint=message_id or "sha256:" + hashlib.sha256(raw).hexdigest(),
    )


def _header(message: Message, name: str) -> str:
    """All values of a header, joined; '' when absent or beyond parsing."""
    try:
        values = message.get_all(name) or []
        return " ".join(str(value) for value in values)[:MAX_HEADER_CHARS]
    except Exception:  # the header registry raises on some malformed values
        return ""


def _addresses(message: Message, names: tuple[str, ...]) -> list[str]:
    found = []
    for name in names:
        try:
            values = [str(value) for value in message.get_all(name) or []]
        except Exception:
            continue
        found += [address for _, address in getaddresses(values) if "@" in address]
    return found


def automatic(message: Message) -> str | None:
    """Auto-replies and bounces are never answered (RFC 3834): an out-of-office reply answered
    by an answer that is itself auto-replied to would go round for ever."""
    submitted = _header(message, "Auto-Submitted").strip().lower()
    if submitted and submitted != "no":
        return f"Auto-Submitted: {submitted[:40]}"
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in AUTOMATIC_PRECEDENCE:
        return f"Precedence: {precedence}"
    if _header(message, "Return-Path").strip() == "<>":
        return "a bounce (empty Return-Path)"
    for name in AUTORESPONDER_HEADERS:
        if name in message:
            return f"{name} header"
    return None


def _message_id(value: str) -> str | None:
    match = MESSAGE_ID.search(value)
    return match.group(0) if match else None


def body_text(message: EmailMessage) -> str:
    """The text/plain body, or the HTML one turned to text when there is no plain part;
    attachments are never read."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
    except Exception:
        return ""
    if part is None:
        return ""
    text = _decoded(part)[:MAX_TEXT_CHARS]
    return html_to_text(text) if part.get_content_subtype() == "html" else text


def _decoded(part: Message) -> str:
    """The part's text in its declared charset; an unknown or wrong one falls back to UTF-8
    with replacement characters instead of failing."""
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        return ""
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "us-ascii"
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    try:
        return payload.decode(charset)
    except UnicodeDecodeError:
        return payload.decode("utf-8", errors="replace")


def html_to_text(html: str) -> str:
    from bs4 import BeautifulSoup  # here: it would add a tenth of a second to every mail-in

    soup = BeautifulSoup(html, "html.parser")
    for hidden in soup(UNQUOTED_HTML):
        hidden.decompose()
    return soup.get_text("\n")


def quote_headers_marked(text: str) -> str:
    """`text` with each `QUOTE_HEADER` marked as quoted ('> '), as the quote under it is; a
    verb alone on its line takes the line above with it (a wrapped header)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if QUOTE_HEADER.fullmatch(line):
            lines[index] = "> " + line
            if len(line.split()) == 1 and index and lines[index - 1].strip():
                lines[index - 1] = "> " + lines[index - 1]
    return "\n".join(lines)


def written(text: str) -> tuple[str | None, str]:
    """The first line the sender wrote themselves, and the lines they wrote under it: the
    newest reply of the thread without its quoted header ("On … wrote:", Outlook's "From:"
    block) and signature, quoted lines ('>') and blank lines before the first skipped. Works
    for replies written above the quote and below it."""
    replies = EmailReplyParser(languages=REPLY_LANGUAGES).read(quote_headers_marked(text)).replies
    newest = replies[0].body if replies else ""
    own = [line for line in newest.splitlines() if not line.lstrip().startswith(">")]
    for index, line in enumerate(own):
        stripped = " ".join(line.split())
        if stripped:
            return stripped[:MAX_LINE_CHARS], "\n".join(own[index + 1 :]).strip()
    return None, ""
