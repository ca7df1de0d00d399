"""The requests of the API: each rule a marshmallow validator, which the OpenAPI document
states as well (the answers' shapes are `server.presenters.shapes`).

Requests reject unknown fields (marshmallow's default; for query strings, the API's
blueprint), so a typo in a script is an error, not a silently ignored setting.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from zoneinfo import available_timezones

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from server.domain.errors import N_
from server.domain.games.bots import TIMEOUT_LEVEL
from server.domain.games.clock_options import move_clock
from server.domain.games.lists import DEFAULT_LIMIT, MAX_LIMIT
from server.domain.games.record import STATUSES
from server.domain.games.talk_rules import BIDI_CONTROLS
from server.domain.games.talk_rules import MAX_CHARS as MAX_MESSAGE_CHARS
from server.domain.games.talk_rules import MAX_LINES as MAX_MESSAGE_LINES
from server.domain.games.talk_rules import MAX_MARKS as MAX_MESSAGE_MARKS
from server.domain.players.addresses import RULES, normalized
from server.domain.players.player import INVITATIONS
from server.domain.players.quiet import QUIET_HOURS, QUIET_HOURS_FORMAT
from server.domain.players.webhook import KINDS
from server.domain.service.leaving import ACTIVE_GAMES
from server.presenters.player_shapes import (
    DIGEST_DOC,
    INVITATIONS_DOC,
    LANGUAGE_DOC,
    QUIET_HOURS_DOC,
)
from server.presenters.shapes import BOT_ACCOUNT_DOC, GAME_TYPE
from shared.bots import LEVELS
from shared.fairness import CONTRIBUTION_PATTERN
from shared.games import ENGINES
from shared.numbers import whole_number
from shared.words import LANGUAGES


class FullMatch(validate.Validator):
    """A text that `regex` must match whole. marshmallow's `Regexp` uses `re.match`, whose `$`
    also matches before a final newline, so "ada\n" passed for a name. The pattern itself keeps
    the `^...$` form, which means the same in the OpenAPI document's (ECMA) regexes; apispec
    finds it there as it finds Regexp's, by the validator's `regex`."""

    error: str

    def __init__(self, regex: re.Pattern[str], *, error: str) -> None:
        self.regex = regex
        self.error = error

    def __call__(self, value: str) -> str:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self.error)
        return value


NAME = FullMatch(
    re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$"),
    error=N_("a name is 2-32 letters, digits, '.', '_' or '-', starting with a letter or digit"),
)


class EmailAddress(fields.String):
    """An email address, loaded as the normalized form mail is delivered to
    (`server.domain.players.addresses`): what is stored is what is mailed to."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            metadata={"format": "email", "maxLength": 254, "description": RULES}, **kwargs
        )

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        try:
            return normalized(super()._deserialize(value, attr, data, **kwargs))
        except ValueError as error:
            raise ValidationError(str(error)) from None


TIMEZONE = validate.OneOf(
    sorted(available_timezones()),
    error=N_("an IANA time zone such as Europe/Warsaw or America/Chicago"),
)
"""Membership in the zone database's own list of keys, which the OpenAPI document lists. Asking
`ZoneInfo` to load whatever was sent instead reads files the client names: 'America' is a
folder there, and '/etc/localtime' a path outside the database."""

LANGUAGE = validate.OneOf(LANGUAGES, error=N_("one of: en, pl, de"))
"""Its complaint names `LANGUAGES` as written out, so that the catalogs find it whole."""


MAX_MOVE_TEXT = 500
MAX_MOVE_STEPS = 50


MoveValue = str | dict[str, Any] | list[dict[str, Any]]
"""A move as a request sends it: text, a JSON object, or a list of step objects."""


class Move(fields.Field[MoveValue]):
    """A move: JSON (an object, or a list of steps) or the game's text notation."""

    FORMS: ClassVar[list[dict[str, Any]]] = [
        {"type": "string", "minLength": 1, "maxLength": MAX_MOVE_TEXT},
        {"type": "object"},
        {"type": "array", "items": {"type": "object"}, "minItems": 1, "maxItems": MAX_MOVE_STEPS},
    ]
    """The same three forms for the OpenAPI document."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> MoveValue:
        if isinstance(value, str):
            if not 0 < len(value) <= MAX_MOVE_TEXT:
                raise ValidationError(f"move text is 1-{MAX_MOVE_TEXT} characters")
            return value
        if isinstance(value, dict):
            return value
        if isinstance(value, list) and 0 < len(value) <= MAX_MOVE_STEPS:
            steps = [step for step in value if isinstance(step, dict)]
            if len(steps) == len(value):
                return steps
        raise ValidationError(
            f"a move is a JSON object, a list of 1-{MAX_MOVE_STEPS} step objects, or text"
        )


class RegisterSchema(Schema):
    name = fields.String(required=True, validate=NAME)
    email = EmailAddress(required=True)
    timezone = fields.String(load_default="UTC", validate=TIMEZONE)
    language = fields.String(load_default="en", validate=LANGUAGE, metadata=LANGUAGE_DOC)


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's Boolean takes 1, "yes" and "on" too (and in
    Python `1 in {True}` holds)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("true or false")
        return value


class WholeNumber(fields.Integer):
    """A whole number: in a query string, ASCII digits alone (`shared.numbers`: `int` also
    reads `٣`, `+1`, ` 1` and `1_0`, and `str.isdigit` holds for `²`), refused otherwise, never
    a 500; in a JSON body (`strict`), a JSON number, never text or `true`. Every number the API
    takes is one of these."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, str) and not self.strict:
            value = whole_number(value)
        if value is None or isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


CURSOR_KINDS = ("games", "lobby", "played", "talk")
"""The lists a page's cursor may belong to: a player's games, the lobby, a player's finished
games, a game's table talk."""


def cursor_pattern(*kinds: str) -> str:
    """A cursor of one of the lists `kinds`: the list, and a `Position` in it (its score, and
    the id of the item there), as the edges write it."""
    return rf"^({'|'.join(kinds)})\.([0-9]{{1,15}})\.([0-9a-f]{{0,24}})$"


PAGE_CURSOR = re.compile(cursor_pattern(*CURSOR_KINDS))


def page_cursor(*kinds: str) -> fields.String:
    return fields.String(
        validate=FullMatch(
            re.compile(cursor_pattern(*kinds)), error="a cursor is a page's `next`, as it came"
        ),
        metadata={
            "description": "where the page before ended: its `next` (without it, the first page)"
        },
    )


class PageQuery(Schema):
    """A page of a list (`server.domain.games.lists`): how long, and where the last one ended."""

    limit = WholeNumber(
        load_default=DEFAULT_LIMIT,
        validate=validate.Range(1, MAX_LIMIT),
        metadata={"description": f"at most this many on the page (default {DEFAULT_LIMIT})"},
    )


class PlayedQuery(PageQuery):
    """A page of a player's finished games."""

    cursor = page_cursor("played")


class ProfileUpdateSchema(Schema):
    email = EmailAddress()
    timezone = fields.String(validate=TIMEZONE)
    quiet_hours = fields.String(
        validate=[validate.Length(max=11), FullMatch(QUIET_HOURS, error=QUIET_HOURS_FORMAT)],
        metadata=QUIET_HOURS_DOC,
    )
    digest = StrictBoolean(metadata=DIGEST_DOC)
    language = fields.String(validate=LANGUAGE, metadata=LANGUAGE_DOC)
    bot_account = StrictBoolean(metadata=BOT_ACCOUNT_DOC)
    invitations = fields.String(validate=validate.OneOf(INVITATIONS), metadata=INVITATIONS_DOC)


WEBHOOK_URL = r"^[Hh][Tt][Tt][Pp][Ss]://[^/?#@:\[\]]+(:[0-9]{0,5})?([/?#].*)?$"
"""What a webhook's address looks like, for the OpenAPI document: https, a host (a name or an
IPv4 address) and no user or password. Whether the host is public is checked where it is read
(by the outbound webhooks), and again at each post."""


class WebhookSetSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    url = fields.String(
        required=True,
        validate=validate.Length(1, 2000),
        metadata={
            "description": "https:// and a public address (checked at each post)",
            "pattern": WEBHOOK_URL,
        },
    )


def asked_for(validator: validate.Validator, description: str) -> fields.String:
    """A text the request must send, checked by `validator`, described as the OpenAPI document
    tells it."""
    return fields.String(required=True, validate=validator, metadata={"description": description})


class DeleteAccountSchema(Schema):
    confirm = asked_for(
        validate.Length(1, 64),
        "your player name, to show you mean it (400 confirmation_mismatch otherwise, and "
        "nothing is deleted)",
    )
    active_games = asked_for(
        validate.OneOf(ACTIVE_GAMES),
        "what becomes of your games still running: resign them, or a bot plays your seat to the "
        "end (the game is unrated from then on)",
    )
    bot = fields.String(
        load_default=TIMEOUT_LEVEL,
        validate=validate.OneOf(LEVELS),
        metadata={"description": f"with `bot`: its level (default {TIMEOUT_LEVEL})"},
    )


CONTRIBUTION = fields.String(
    validate=FullMatch(
        re.compile(CONTRIBUTION_PATTERN),
        error="a contribution is 32 random bytes as 64 lowercase hex digits",
    ),
    metadata={
        "description": "your random contribution to the game's seed (64 lowercase hex "
        "digits); without one the server makes one for your seat, and says so"
    },
)


FEWEST_SEATS = min(engine.min_players for engine in ENGINES.values())
MOST_SEATS = max(engine.max_players for engine in ENGINES.values())
"""The seats a game may have, of any type (each type's own counts: `GET /game-types`)."""
MAX_OTHERS = 9
"""The most players a request may invite, and the most bots it may seat: more than a table
has room for, so that a request for too many is told how many the game takes."""

MAX_OPTION_NAME = 64
"""Said in words in the OpenAPI document, whose version (3.0) cannot constrain an object's keys."""


class CreateGameSchema(Schema):
    type = fields.String(required=True, validate=validate.Length(max=64), metadata=GAME_TYPE)
    seats = WholeNumber(
        strict=True,
        validate=validate.Range(FEWEST_SEATS, MOST_SEATS),
        metadata={
            "description": "how many players; default: one for you, each invited player and "
            "each bot, or the fewest the game takes"
        },
    )
    options = fields.Dict(
        keys=fields.String(validate=validate.Length(max=MAX_OPTION_NAME)),
        load_default=dict,
        metadata={
            "description": "the game type's options, and the clock's (move_time, or "
            "time_bank and increment; on_timeout), which every type takes (see GET /game-types); "
            f"a name is at most {MAX_OPTION_NAME} characters"
        },
    )
    invite = fields.List(
        fields.String(validate=NAME), load_default=list, validate=validate.Length(max=MAX_OTHERS)
    )
    bots = fields.List(
        fields.String(validate=validate.Length(max=32), metadata={"enum": list(LEVELS)}),
        load_default=list,
        validate=validate.Length(max=MAX_OTHERS),
        metadata={
            "description": "a seat for a bot of each level given (random, quick or search; "
            "repeat one for several): a bot moves at once when its turn comes, and a game "
            "whose other seats are all bots starts at once; a game with a bot is unrated"
        },
    )
    contribution = CONTRIBUTION
    public = StrictBoolean(
        load_default=False,
        metadata={"description": "list the game in the lobby, and let anyone registered watch it"},
    )

    @post_load
    def clock(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        try:
            data["move_clock"] = move_clock(data["options"])
        except ValueError as error:
            raise ValidationError(
                {"options": {name: [why] for name, why in error.args[0].items()}}
            ) from None
        return data


class JoinSchema(Schema):
    body_optional: ClassVar[bool] = True
    """A join may come with no body at all (read as one with every field left out)."""

    contribution = CONTRIBUTION


class GameListQuery(PageQuery):
    cursor = page_cursor("games", "lobby")
    mine = fields.String(
        validate=validate.OneOf(["waiting", *STATUSES]),
        metadata={
            "description": "only your games waiting on you, or of this status (not with open)"
        },
    )
    open = fields.String(
        validate=validate.OneOf(["public"]),
        metadata={
            "description": "public: the lobby, every public game with a seat free (not with mine)"
        },
    )

    @validates_schema
    def one_list(self, data: dict[str, Any], **_: Any) -> None:
        if "mine" in data and "open" in data:
            raise ValidationError("ask for your games (mine) or the lobby (open), not both")


class MoveSchema(Schema):
    move = Move(required=True, metadata={"oneOf": Move.FORMS})
    expected_version = WholeNumber(required=True, strict=True, validate=validate.Range(0, 10**9))


class LogQuery(Schema):
    since = WholeNumber(load_default=0, validate=validate.Range(0, 10**9))


class WaitQuery(Schema):
    version = WholeNumber(required=True, validate=validate.Range(0, 10**9))
    revision = WholeNumber(
        validate=validate.Range(0, 10**9),
        metadata={"description": "the game's revision you saw (its view's `revision`)"},
    )
    timeout = WholeNumber(load_default=30, validate=validate.Range(0, 3600))


CURSOR = re.compile(r"^(0|[0-9]{1,15}-[0-9]{1,15})$")


class MyWaitQuery(Schema):
    after = fields.String(
        validate=FullMatch(CURSOR, error="a cursor is an event's `cursor`, or 0"),
        metadata={
            "description": "the last cursor you saw (0: every event kept); without it, events "
            "from now on"
        },
    )
    timeout = WholeNumber(load_default=30, validate=validate.Range(0, 3600))


UNSAID = "\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f" + "".join(
    f"\\u{ord(character):04x}" for character in sorted(BIDI_CONTROLS)
)
"""The characters no message may hold, as a pattern's class: control characters but the line
break, and those that reorder the text around them (`server.domain.games.talk_rules`)."""
MESSAGE_TEXT = rf"^[^{UNSAID}]*[^\s{UNSAID}][^{UNSAID}]*$"
"""A message's text as far as a pattern can state it: none of `UNSAID`, and something that is
not a space. (What can be seen, and how many marks a character carries, the text is checked
for where it is said: `server.domain.games.talk_rules`.)"""


class MessageSchema(Schema):
    text = fields.String(
        required=True,
        metadata={
            "pattern": MESSAGE_TEXT,
            "description": f"plain text, at most {MAX_MESSAGE_CHARS} characters on "
            f"{MAX_MESSAGE_LINES} lines (line breaks: \\n), kept in NFC; no control "
            "characters, something that can be seen (a letter, digit, symbol or punctuation "
            f"mark), at most {MAX_MESSAGE_MARKS} combining marks on a character",
        },
    )


class MessageQuery(PageQuery):
    cursor = page_cursor("talk")
    since = WholeNumber(
        load_default=0,
        validate=validate.Range(0, 10**9),
        metadata={"description": "only messages after this number"},
    )
    last = WholeNumber(
        validate=validate.Range(1, 1000), metadata={"description": "only the last this many"}
    )
