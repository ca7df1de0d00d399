"""The request and response shapes of the API; the OpenAPI document is generated from these.

Requests reject unknown fields (marshmallow's default; for query strings, see
`server.api.blueprint`), so a typo in a script is an error, not a silently ignored setting.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from zoneinfo import available_timezones

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from server.domain.addresses import RULES, normalized
from server.domain.bots import TIMEOUT_LEVEL
from server.domain.clock_options import move_clock
from server.domain.concerns import KINDS as EVENT_KINDS
from server.domain.leaving import ACTIVE_GAMES
from server.domain.quiet import DEFAULT_QUIET_HOURS, QUIET_HOURS, QUIET_HOURS_FORMAT
from server.domain.record import STATUSES
from server.domain.talk import MAX_CHARS as MAX_MESSAGE_CHARS
from server.domain.talk import MAX_LINES as MAX_MESSAGE_LINES
from server.domain.talk import MAX_MARKS as MAX_MESSAGE_MARKS
from server.storage.hooks import KINDS
from shared.bots import LEVELS
from shared.fairness import CONTRIBUTION_PATTERN
from shared.games import ENGINES


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


GAME_TYPE = {"enum": sorted(ENGINES)}
"""A game type, as the OpenAPI document states it: the domain knows no other
(`server.domain.games.engine_for`, 400 `unknown_game_type`)."""

NAME = FullMatch(
    re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$"),
    error="a name is 2-32 letters, digits, '.', '_' or '-', starting with a letter or digit",
)


class EmailAddress(fields.String):
    """An email address, loaded as the normalized form mail is delivered to
    (`server.domain.addresses`): what is stored is what is mailed to."""

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
    error="an IANA time zone such as Europe/Warsaw or America/Chicago",
)
"""Membership in the zone database's own list of keys, which the OpenAPI document lists. Asking
`ZoneInfo` to load whatever was sent instead reads files the client names: 'America' is a
folder there, and '/etc/localtime' a path outside the database."""


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


QUIET_HOURS_DOC = {
    "description": "mail is held in these local hours and their time does not count against "
    f"move clocks: HH:MM-HH:MM (default {DEFAULT_QUIET_HOURS}) or 'none'",
    "example": DEFAULT_QUIET_HOURS,
}
DIGEST_DOC = {"description": "true: one daily digest (when quiet hours end); false: every turn"}


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's Boolean takes 1, "yes" and "on" too (and in
    Python `1 in {True}` holds)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("true or false")
        return value


class ProfileUpdateSchema(Schema):
    email = EmailAddress()
    timezone = fields.String(validate=TIMEZONE)
    quiet_hours = fields.String(
        validate=[validate.Length(max=11), FullMatch(QUIET_HOURS, error=QUIET_HOURS_FORMAT)],
        metadata=QUIET_HOURS_DOC,
    )
    digest = StrictBoolean(metadata=DIGEST_DOC)

    @post_load
    def stored(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        """Profiles are Redis hashes of strings: booleans as JSON spells them."""
        if "digest" in data:
            data["digest"] = "true" if data["digest"] else "false"
        return data


class VacationSchema(Schema):
    on = fields.Boolean()
    since = fields.Integer(allow_none=True)
    until = fields.Integer(
        allow_none=True, metadata={"description": "when this year's allowance runs out"}
    )
    days_left = fields.Float(metadata={"description": "of this year's allowance"})


class HeldMailSchema(Schema):
    held_now = fields.Boolean(
        metadata={"description": "a notice made now would be held: quiet hours now, or digest"}
    )
    held_count = fields.Integer(metadata={"description": "notices waiting to be sent to you"})
    next_release = fields.String(
        allow_none=True,
        metadata={
            "description": "ISO 8601 with your time zone's offset: when the first waiting notice "
            "goes out (a time past: at the worker's next tick); with none waiting, when a "
            "notice made now would; null: mail goes out as it comes"
        },
    )


class PlayerSchema(Schema):
    id = fields.String()
    name = fields.String()
    email = fields.String()
    timezone = fields.String()
    created = fields.Integer()
    quiet_hours = fields.String(metadata=QUIET_HOURS_DOC)
    digest = fields.Boolean(metadata=DIGEST_DOC)
    vacation = fields.Nested(VacationSchema)
    mail = fields.Nested(HeldMailSchema)


class TokenSchema(Schema):
    token = fields.String(metadata={"description": "bearer token; shown only this once"})


class CalendarSchema(Schema):
    on = fields.Boolean(metadata={"description": "you have a calendar feed"})
    path = fields.String(
        allow_none=True,
        metadata={
            "description": "the feed's path on this server, with its secret; shown only when "
            "it is made"
        },
    )
    url = fields.String(
        allow_none=True, metadata={"description": "the same, as this request reached the server"}
    )


class WebhookSetSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    url = fields.String(
        required=True,
        validate=validate.Length(1, 2000),
        metadata={"description": "https:// and a public address (checked at each post)"},
    )


class WebhookSchema(Schema):
    kind = fields.String(metadata={"enum": list(EVENT_KINDS)})
    url = fields.String()
    enabled = fields.Boolean()
    disabled = fields.String(
        allow_none=True, metadata={"description": "why it was switched off, if it was"}
    )
    failing_since = fields.String(
        allow_none=True,
        metadata={"description": "its first failure since the last post that worked (ISO 8601)"},
    )
    secret = fields.String(
        allow_none=True,
        metadata={
            "description": "a standard webhook's signing secret (whsec_…), shown only when set"
        },
    )


class LoginLinkSchema(Schema):
    url = fields.String(
        metadata={"description": "opens the game in a browser, logged in as you; works once"}
    )
    expires = fields.Integer(metadata={"description": "when it stops working (Unix time)"})


class DeleteAccountSchema(Schema):
    confirm = fields.String(
        required=True,
        validate=validate.Length(1, 64),
        metadata={
            "description": "your player name, to show you mean it (400 confirmation_mismatch "
            "otherwise, and nothing is deleted)"
        },
    )
    active_games = fields.String(
        required=True,
        validate=validate.OneOf(ACTIVE_GAMES),
        metadata={
            "description": "what becomes of your games still running: resign them, or a bot "
            "plays your seat to the end (the game is unrated from then on)"
        },
    )
    bot = fields.String(
        load_default=TIMEOUT_LEVEL,
        validate=validate.OneOf(LEVELS),
        metadata={"description": f"with `bot`: its level (default {TIMEOUT_LEVEL})"},
    )


def game_ids(description: str) -> fields.List[str]:
    return fields.List(fields.String(), metadata={"description": description})


class LeftGamesSchema(Schema):
    cancelled = game_ids("not started, made by you: called off")
    freed = game_ids("not started, made by another: your seat or invitation is free again")
    resigned = game_ids("running: resigned")
    bot = game_ids("running: a bot plays your seat from now on")
    kept = game_ids("over: your seat stays, under a neutral name")


class DeletedSchema(Schema):
    deleted = fields.String(metadata={"description": "the name of the player deleted"})
    games = fields.Nested(LeftGamesSchema)


class RegisteredSchema(Schema):
    player = fields.Nested(PlayerSchema)
    token = fields.String(metadata={"description": "bearer token; shown only this once"})


class HealthSchema(Schema):
    ok = fields.Boolean()


class GameTypeSchema(Schema):
    id = fields.String(metadata=GAME_TYPE)
    title = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    version = fields.Integer()
    options = fields.List(fields.Dict())
    bots = fields.List(
        fields.String(metadata={"enum": list(LEVELS)}),
        metadata={"description": "the levels of bot that play this type"},
    )


class ExampleSchema(Schema):
    move = fields.String(metadata={"description": "a move as it is typed"})
    means = fields.String(metadata={"description": "what it does"})


class GameRulesSchema(Schema):
    """A game's rules for a newcomer (`shared.guide`): the rulebook stays the source."""

    id = fields.String(metadata=GAME_TYPE)
    title = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    rules = fields.List(fields.String(), metadata={"description": "the rules, point by point"})
    notation = fields.String(metadata={"description": "how moves are written"})
    examples = fields.List(fields.Nested(ExampleSchema))


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


MAX_OPTION_NAME = 64
"""Said in words in the OpenAPI document, whose version (3.0) cannot constrain an object's keys."""


class CreateGameSchema(Schema):
    type = fields.String(required=True, validate=validate.Length(max=64), metadata=GAME_TYPE)
    seats = fields.Integer(
        strict=True,
        validate=validate.Range(1, 10),
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
        fields.String(validate=NAME), load_default=list, validate=validate.Length(max=9)
    )
    bots = fields.List(
        fields.String(validate=validate.Length(max=32), metadata={"enum": list(LEVELS)}),
        load_default=list,
        validate=validate.Length(max=9),
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
    """A join may come with no body at all (see `server.api.blueprint`)."""

    contribution = CONTRIBUTION


class GameListQuery(Schema):
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
    expected_version = fields.Integer(required=True, strict=True, validate=validate.Range(0, 10**9))


class LogQuery(Schema):
    since = fields.Integer(load_default=0, validate=validate.Range(0, 10**9))


class WaitQuery(Schema):
    version = fields.Integer(required=True, validate=validate.Range(0, 10**9))
    revision = fields.Integer(
        validate=validate.Range(0, 10**9),
        metadata={"description": "the game's revision you saw (its view's `revision`)"},
    )
    timeout = fields.Integer(load_default=30, validate=validate.Range(0, 3600))


CURSOR = r"^(0|[0-9]{1,15}-[0-9]{1,15})$"


class MyWaitQuery(Schema):
    after = fields.String(
        validate=validate.Regexp(CURSOR, error="a cursor is an event's `cursor`, or 0"),
        metadata={
            "description": "the last cursor you saw (0: every event kept); without it, events "
            "from now on",
            "pattern": CURSOR,
        },
    )
    timeout = fields.Integer(load_default=30, validate=validate.Range(0, 3600))


class EventSchema(Schema):
    cursor = fields.String(metadata={"description": "ask again `after` it to go on from here"})
    game = fields.String()
    type = fields.String(metadata={"description": "the game's type"})
    kind = fields.String(metadata={"enum": list(EVENT_KINDS)})
    version = fields.Integer(
        allow_none=True, metadata={"description": "the game's version after it (moves made)"}
    )
    status = fields.String(metadata={"enum": list(STATUSES)})
    to_act = fields.List(fields.Integer(), metadata={"description": "the seats to act"})
    your_turn = fields.Boolean()
    rematch = fields.String(allow_none=True, metadata={"description": "`rematch`: the new game"})
    message = fields.Integer(allow_none=True, metadata={"description": "`talk`: its number"})


class MyWaitSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), metadata={"description": "oldest first"})
    cursor = fields.String(metadata={"description": "where to ask again from"})
    changed = fields.Boolean(metadata={"description": "whether any event came"})


class SeatSchema(Schema):
    seat = fields.Integer()
    name = fields.String(allow_none=True)
    joined = fields.Boolean()
    bot = fields.String(
        allow_none=True,
        metadata={"enum": list(LEVELS), "description": "a bot's seat: its level (else null)"},
    )


class ContributionSchema(Schema):
    value = fields.String()
    made_by = fields.String(metadata={"enum": ["player", "server"]})


class FixedOptionSchema(Schema):
    fingerprint = fields.String(
        allow_none=True,
        metadata={
            "description": "HMAC-SHA256 keyed with the server's secret over "
            "'turnpost-option-v1:NAME:' and the value as sorted, spaceless JSON: checked once "
            "the secret is revealed; shown only to the game's players and invitees (none for a "
            "spectator, in the lobby, or for a game from before secrets)"
        },
    )


class GameSchema(Schema):
    id = fields.String()
    type = fields.String(metadata=GAME_TYPE)
    title = fields.String()
    status = fields.String(metadata={"enum": list(STATUSES)})
    public = fields.Boolean(metadata={"description": "listed in the lobby, open to spectators"})
    rematch = fields.String(
        allow_none=True, metadata={"description": "the game its players play next, once asked"}
    )
    asked_by = fields.String(
        allow_none=True,
        metadata={
            "description": "for a rematch, the player who asked for it (its creator is the "
            "finished game's, and it is dealt anew: no option that fixes chance carries over)"
        },
    )
    engine_version = fields.Integer()
    seats = fields.List(fields.Nested(SeatSchema))
    options = fields.Dict(
        metadata={
            "description": "as configured, defaults filled in; an option that fixes chance (see "
            "fixed_by_creator) only to the game's creator and, once it is finished, its players"
        }
    )
    to_act = fields.List(fields.Integer())
    clock = fields.Dict(
        allow_none=True,
        metadata={
            "description": "the move clock, if set: move_time, or time_bank and increment (in "
            "seconds), and on_timeout"
        },
    )
    secret_sha256 = fields.String(
        allow_none=True,
        metadata={"description": "the SHA-256 of the server's secret, published at creation"},
    )
    secret = fields.String(
        allow_none=True, metadata={"description": "the server's secret, revealed when finished"}
    )
    contributions = fields.List(
        fields.Nested(ContributionSchema, allow_none=True),
        allow_none=True,
        metadata={"description": "each seat's contribution to the seed, once it is taken"},
    )
    seed_sha256 = fields.String(
        allow_none=True, metadata={"description": "from when the seed is made (the last join)"}
    )
    seed = fields.String(allow_none=True, metadata={"description": "revealed when finished"})
    head = fields.String(
        allow_none=True, metadata={"description": "the hash of the log's last entry"}
    )
    fixed_by_creator = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(FixedOptionSchema),
        metadata={"description": "options the creator set that replace a draw by lot"},
    )
    rated = fields.Boolean(
        metadata={"description": "false when the creator fixed chance or a bot has a seat"}
    )
    result = fields.Dict(allow_none=True)
    created = fields.Integer()
    updated = fields.Integer()


class SeatClockSchema(Schema):
    seat = fields.Integer()
    name = fields.String()
    due = fields.String(
        allow_none=True,
        metadata={
            "description": "when this seat's clock runs out, ISO 8601 with your time zone's "
            "offset: the moment its player's waking time (their quiet hours and vacations do "
            "not count) reaches the limit; an estimate that assumes they take no vacation from "
            "now on (null: not within ten years)"
        },
    )
    left_seconds = fields.Integer(
        metadata={"description": "the player's waking time left: of the move, or in the bank"}
    )
    running = fields.Boolean(
        metadata={"description": "false: a time bank between its player's decisions"}
    )


CLOCKS = fields.List(
    fields.Nested(SeatClockSchema),
    metadata={
        "description": "each running move clock (a seat that must act, once the worker has "
        "started its clock), with its deadline in your time zone; with a time bank, every "
        "seat's bank"
    },
)


class LobbyPlayerSchema(Schema):
    name = fields.String()
    timezone = fields.String()


class GameSummarySchema(GameSchema):
    free_seats = fields.Integer(metadata={"description": "in the lobby: seats anyone may take"})
    players = fields.List(
        fields.Nested(LobbyPlayerSchema),
        metadata={"description": "in the lobby: who sits at the table, in which time zone"},
    )
    seat = fields.Integer(allow_none=True)
    waiting_on_you = fields.Boolean()
    invited = fields.Boolean()
    notice_held_until = fields.String(
        allow_none=True,
        metadata={
            "description": "a notice to you about this game is held (your quiet hours or "
            "digest): when it goes out, ISO 8601 with your time zone's offset"
        },
    )
    clocks = CLOCKS


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema))


class LegalMoveSchema(Schema):
    text = fields.String()
    move = fields.Dict()


class UntriedSchema(Schema):
    after_step = fields.Integer(metadata={"description": "the step that ended the batch"})
    steps = fields.List(fields.Raw(), metadata={"description": "the steps not tried, as sent"})
    message = fields.String()


class GameViewSchema(Schema):
    game = fields.Nested(GameSchema)
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    to_act = fields.List(fields.Integer())
    your_turn = fields.Boolean()
    view = fields.Dict(allow_none=True, metadata={"description": "null until the game starts"})
    legal_moves = fields.List(fields.Nested(LegalMoveSchema))
    applied = fields.List(fields.Dict(), metadata={"description": "after a move: its events"})
    untried = fields.Nested(
        UntriedSchema,
        metadata={
            "description": "after a batch: the steps not tried because an earlier one drew, "
            "rolled or uncovered something (absent when every step was made)"
        },
    )
    revision = fields.Integer(
        metadata={
            "description": "in a view and a wait: how many times the game has changed (a move, "
            "a join, a decline, a cancel, a rematch asked for); give it to wait"
        }
    )
    changed = fields.Boolean(
        metadata={"description": "after a wait: does the game differ from what you gave"}
    )
    clocks = CLOCKS


class LogEntrySchema(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    at = fields.Integer()
    event = fields.Dict()
    text = fields.String()
    move = fields.Raw(metadata={"description": "one's own moves; everyone's once finished"})
    timeout = fields.Boolean(metadata={"description": "made by the service: time ran out"})
    bot = fields.String(
        metadata={
            "enum": list(LEVELS),
            "description": "time ran out and a bot of this level chose the move for the player",
        }
    )
    prev = fields.String(metadata={"description": "the hash of the entry before (the chain)"})


class MessageSchema(Schema):
    text = fields.String(
        required=True,
        metadata={
            "description": f"plain text, at most {MAX_MESSAGE_CHARS} characters on "
            f"{MAX_MESSAGE_LINES} lines (line breaks: \\n), kept in NFC; no control "
            "characters, something that can be seen (a letter, digit, symbol or punctuation "
            f"mark), at most {MAX_MESSAGE_MARKS} combining marks on a character"
        },
    )


class MessageQuery(Schema):
    since = fields.Integer(
        load_default=0,
        validate=validate.Range(0, 10**9),
        metadata={"description": "only messages after this number"},
    )
    last = fields.Integer(
        validate=validate.Range(1, 1000), metadata={"description": "only the last this many"}
    )


class SaidMessageSchema(Schema):
    number = fields.Integer(metadata={"description": "counting from 1, in the order said"})
    seat = fields.Integer()
    name = fields.String()
    at = fields.Integer()
    version = fields.Integer(metadata={"description": "the game's version when it was said"})
    text = fields.String(metadata={"description": "plain text: escape it to show it as HTML"})


class SaidSchema(Schema):
    message = fields.Nested(SaidMessageSchema)


class MessagesSchema(Schema):
    messages = fields.List(fields.Nested(SaidMessageSchema))


class LogSchema(Schema):
    version = fields.Integer()
    entries = fields.List(fields.Nested(LogEntrySchema))
    messages = fields.List(
        fields.Nested(SaidMessageSchema),
        metadata={"description": "the table talk said at or after version `since`"},
    )


class RatingSchema(Schema):
    mu = fields.Float(metadata={"description": "the rating's mean (openskill, Plackett-Luce)"})
    sigma = fields.Float(metadata={"description": "its uncertainty"})
    ordinal = fields.Float(metadata={"description": "mu - 3 sigma: what the board ranks by"})
    rated_games = fields.Integer()


class StandingSchema(Schema):
    played = fields.Integer()
    won = fields.Integer()
    lost = fields.Integer()
    resigned = fields.Integer()
    timed_out = fields.Integer()
    rating = fields.Nested(
        RatingSchema, allow_none=True, metadata={"description": "null before a rated game"}
    )


class RankedSchema(StandingSchema):
    rank = fields.Integer()
    name = fields.String()


class LeaderboardSchema(Schema):
    type = fields.String(metadata=GAME_TYPE)
    players = fields.List(fields.Nested(RankedSchema))


class PlayedSchema(Schema):
    id = fields.String()
    type = fields.String(metadata=GAME_TYPE)
    finished = fields.Integer()
    opponents = fields.List(fields.String(allow_none=True))
    scores = fields.Dict(keys=fields.String(), values=fields.Raw())
    won = fields.Boolean()


class PlayerRecordSchema(Schema):
    name = fields.String()
    records = fields.Dict(keys=fields.String(), values=fields.Nested(StandingSchema))
    games = fields.List(
        fields.Nested(PlayedSchema), metadata={"description": "finished games, latest first"}
    )


class ErrorBodySchema(Schema):
    code = fields.String()
    message = fields.String()
    details = fields.Dict()


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema)
