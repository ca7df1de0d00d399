"""Players' email addresses, stored as mail is delivered to them and compared in that form.

An address is checked by `email-validator` (syntax only: no DNS, so any domain may be given and
the tests' example.org passes) and kept in its normalized ASCII form: the domain lowercased and,
if it was given in Unicode, IDNA-encoded, which every SMTP server takes. Refused besides what the
validator refuses (display names, quoted local parts, IP literals, invisible characters, lengths
past RFC 5321's): non-ASCII before the @, which only SMTPUTF8 servers deliver, and anything
shaped like an RFC 2047 encoded word. Those are valid atoms, but Python's own mail code (and
others') decodes them when it reads the To header back, so `=?utf-8?q?evil?=@example.org` was
stored as typed and mailed to evil@example.org.
"""

from __future__ import annotations

from email_validator import SPECIAL_USE_DOMAIN_NAMES, EmailNotValidError, validate_email

from server.domain.errors import N_

ENCODED_WORD_START = "=?"
"""How an RFC 2047 encoded word begins; lenient decoders need little more than that."""

RULES = (
    "an address mail can be delivered to: ASCII before the @, no display name, quoted part, IP "
    f"literal or '{ENCODED_WORD_START}', and no special-use domain "
    f"({', '.join('.' + name for name in SPECIAL_USE_DOMAIN_NAMES)})"
)
"""What `normalized` refuses beyond the OpenAPI document's `email` format, for that document."""


def normalized(address: str) -> str:
    """The form of `address` that is stored and mailed to; ValueError saying why there is none,
    as a message of the catalogs (the validator's own reasons are English only)."""
    if ENCODED_WORD_START in address:
        raise ValueError(
            N_(
                "an email address holds no '=?' (the start of an RFC 2047 encoded word, which "
                "mail software decodes into another address)"
            )
        )
    try:
        checked = validate_email(
            address, check_deliverability=False, allow_smtputf8=False, strict=True
        )
    except EmailNotValidError:
        raise ValueError(
            N_(
                "not an address mail can be delivered to: a name, @ and a domain with a dot, "
                "such as ola@example.org, without spaces, quotes or a display name"
            )
        ) from None
    return checked.ascii_email or checked.normalized  # ascii_email is set without SMTPUTF8


def same_mailbox(sender: str, registered: str) -> bool:
    """Whether a message from `sender` came from the `registered` address: the same once both
    are normalized, in any case (mail providers ignore the case of the local part too)."""
    try:
        return normalized(sender).lower() == normalized(registered).lower()
    except ValueError:
        return False
