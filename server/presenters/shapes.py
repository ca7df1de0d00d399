"""The API's answers about games, and what every answer shares (errors, a player's events, the
service's health), declared once: the presenters build these TypedDicts (mypy checks each key and
its type) and the OpenAPI document's answer schemas are made from them
(`server.presenters.documented`), with what only the document says in `about(...)`. The answers
about players are declared alike in `server.presenters.player_shapes`.

A key that is not always there is `NotRequired`; the document lists the others as required.
"""

# No `from __future__ import annotations`: the TypedDicts are read at run time, and Python 3.11
# tells a `NotRequired` key from a required one only when its annotation is not a string.

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from server.domain.games.events import KINDS as EVENT_KINDS
from server.domain.games.record import STATUSES
from shared.bots import LEVELS
from shared.games import ENGINES
from shared.shapes import about

GAME_TYPE = {"enum": sorted(ENGINES)}
"""A game type, as the OpenAPI document states it: the domain knows no other
(`server.domain.service.facade.engine_for`, 400 `unknown_game_type`)."""

BOT_ACCOUNT_DOC = {
    "description": "a program plays this account (`turnpost bot`): shown beside its name "
    "everywhere, and marked `(bot)` in texts; its games are rated as anyone's"
}
BotAccount = Annotated[bool, about(**BOT_ACCOUNT_DOC)]

GameTypeId = Annotated[str, about(**GAME_TYPE)]
Level = Annotated[str, about(enum=list(LEVELS))]

VIEWS = tuple(engine.shapes.view for engine in ENGINES.values())
MOVES = tuple(shape for engine in ENGINES.values() for shape in engine.shapes.moves)
EVENTS = tuple(shape for engine in ENGINES.values() for shape in engine.shapes.events)
RESULTS = tuple(engine.shapes.result for engine in ENGINES.values())
"""Each game type's own JSON (`shared.shapes.GameShapes`): a view, a move or an event is one of
its game's, which the game's `type` says (docs/views.md shows each)."""
GameMove = Annotated[dict[str, Any], about("a legal move as JSON, of the game's type", of=MOVES)]
GameEvent = Annotated[
    dict[str, Any],
    about("what happened, as you may see it (others' secrets left out)", of=EVENTS),
]


class LoginLink(TypedDict):
    url: Annotated[str, about("opens the game in a browser, logged in as you; works once")]
    expires: Annotated[int, about("when it stops working (Unix time)")]


class Health(TypedDict):
    ok: bool


class GameType(TypedDict):
    id: GameTypeId
    title: str
    min_players: int
    max_players: int
    version: int
    options: list[dict[str, Any]]
    bots: Annotated[list[Level], about("the levels of bot that play this type")]


class Example(TypedDict):
    move: Annotated[str, about("a move as it is typed")]
    means: Annotated[str, about("what it does")]


class TypedWord(TypedDict):
    word: Annotated[str, about("a word of the notation")]
    typed: Annotated[
        list[str], about("what the reader may type for it in their language; … takes any ending")
    ]


class GameRules(TypedDict):
    """A game's rules for a newcomer (`shared.guide`): the rulebook stays the source."""

    id: GameTypeId
    title: Annotated[str, about("the game's name as its publisher prints it in your language")]
    min_players: int
    max_players: int
    rules: Annotated[list[str], about("the rules, point by point")]
    notation: Annotated[str, about("how moves are written")]
    examples: list[Example]
    typed: Annotated[
        list[TypedWord], about("the reader's own words a move may use (none in English)")
    ]


class Seat(TypedDict):
    seat: int
    name: str | None
    joined: bool
    bot: Annotated[
        str | None,
        about("the service's own bot's seat: its level (else null)", enum=list(LEVELS)),
    ]
    bot_account: Annotated[
        bool, about("the player's account said a program plays it when they took the seat")
    ]


class Contribution(TypedDict):
    value: str
    made_by: Literal["player", "server"]


class FixedOption(TypedDict):
    fingerprint: Annotated[
        str | None,
        about(
            "HMAC-SHA256 keyed with the server's secret over 'turnpost-option-v1:NAME:' and the "
            "value as sorted, spaceless JSON: checked once the secret is revealed; shown only to "
            "the game's players and invitees (none for a spectator, in the lobby, or for a game "
            "from before secrets)"
        ),
    ]


class Game(TypedDict):
    id: str
    type: GameTypeId
    title: str
    status: Annotated[str, about(enum=list(STATUSES))]
    public: Annotated[bool, about("listed in the lobby, open to spectators")]
    rematch: Annotated[str | None, about("the game its players play next, once asked")]
    asked_by: Annotated[
        str | None,
        about(
            "for a rematch, the player who asked for it (its creator is the finished game's, "
            "and it is dealt anew: no option that fixes chance carries over)"
        ),
    ]
    engine_version: int
    seats: list[Seat]
    options: Annotated[
        dict[str, Any],
        about(
            "as configured, defaults filled in; an option that fixes chance (see "
            "fixed_by_creator) only to the game's creator and, once it is finished, its players"
        ),
    ]
    to_act: list[int]
    clock: Annotated[
        dict[str, Any] | None,
        about(
            "the move clock, if set: move_time, or time_bank and increment (in seconds), and "
            "on_timeout"
        ),
    ]
    secret_sha256: Annotated[
        str | None, about("the SHA-256 of the server's secret, published at creation")
    ]
    secret: Annotated[str | None, about("the server's secret, revealed when finished")]
    contributions: Annotated[
        list[Contribution | None] | None,
        about("each seat's contribution to the seed, once it is taken"),
    ]
    seed_sha256: Annotated[str | None, about("from when the seed is made (the last join)")]
    seed: Annotated[str | None, about("revealed when finished")]
    head: Annotated[str | None, about("the hash of the log's last entry")]
    fixed_by_creator: Annotated[
        dict[str, FixedOption], about("options the creator set that replace a draw by lot")
    ]
    rated: Annotated[bool, about("false when the creator fixed chance or a bot has a seat")]
    result: Annotated[
        dict[str, Any] | None,
        about("how the game ended, of its type (null until it is over)", of=RESULTS),
    ]
    created: int
    updated: int


class SeatClock(TypedDict):
    seat: int
    name: str
    due: Annotated[
        str | None,
        about(
            "when this seat's clock runs out, ISO 8601 with your time zone's offset: the moment "
            "its player's waking time (their quiet hours and vacations do not count) reaches the "
            "limit; an estimate that assumes they take no vacation from now on (null: not within "
            "ten years)"
        ),
    ]
    left_seconds: Annotated[
        int, about("the player's waking time left: of the move, or in the bank")
    ]
    running: Annotated[bool, about("false: a time bank between its player's decisions")]
    paused: Annotated[
        bool,
        about(
            "its player is on vacation: the clock stands still until they are back (`due` "
            "assumes they come back now)"
        ),
    ]


Clocks = Annotated[
    list[SeatClock],
    about(
        "each running move clock (a seat that must act, once the worker has started its clock), "
        "with its deadline in your time zone; with a time bank, every seat's bank"
    ),
]


class LobbyPlayer(TypedDict):
    name: str
    bot_account: BotAccount
    timezone: str


class Listed(TypedDict):
    """What a list of games adds to each: yours (`seat` onwards), or the lobby's (`free_seats`,
    `players`). Apart from `Game`, so that a list's entry is a game and this (`GameSummary`)."""

    free_seats: NotRequired[Annotated[int, about("in the lobby: seats anyone may take")]]
    players: NotRequired[
        Annotated[
            list[LobbyPlayer], about("in the lobby: who sits at the table, in which time zone")
        ]
    ]
    seat: int | None
    waiting_on_you: bool
    invited: bool
    notice_held_until: NotRequired[
        Annotated[
            str | None,
            about(
                "a notice to you about this game is held (your quiet hours or digest): when it "
                "goes out, ISO 8601 with your time zone's offset"
            ),
        ]
    ]
    clocks: NotRequired[Clocks]


class GameSummary(Game, Listed):
    pass


NextPage = Annotated[
    str | None,
    about(
        'the cursor of the next page (give it as `cursor`; the `Link` header\'s rel="next" '
        "names the same request with it), null after the last page"
    ),
]


class GameList(TypedDict):
    games: list[GameSummary]
    next: NextPage


class LegalMove(TypedDict):
    text: Annotated[str, about("the move in the game's notation (send either)")]
    move: GameMove


class Untried(TypedDict):
    after_step: Annotated[int, about("the step that ended the batch")]
    steps: Annotated[list[Any], about("the steps not tried, as sent")]
    message: str


class GameView(TypedDict):
    game: Game
    version: int
    seat: int | None
    to_act: list[int]
    your_turn: bool
    view: Annotated[
        dict[str, Any] | None,
        about(
            "all your seat may know (a spectator: what everyone may), of the game's type; null "
            "until the game starts",
            of=VIEWS,
        ),
    ]
    legal_moves: list[LegalMove]
    applied: NotRequired[Annotated[list[GameEvent], about("after a move: its events")]]
    untried: NotRequired[
        Annotated[
            Untried,
            about(
                "after a batch: the steps not tried because an earlier one drew, rolled or "
                "uncovered something (absent when every step was made)"
            ),
        ]
    ]
    revision: NotRequired[
        Annotated[
            int,
            about(
                "in a view and a wait: how many times the game has changed (a move, a join, a "
                "decline, a cancel, a rematch asked for); give it to wait"
            ),
        ]
    ]
    changed: NotRequired[
        Annotated[bool, about("after a wait: does the game differ from what you gave")]
    ]
    clocks: NotRequired[Clocks]


class LogEntry(TypedDict):
    version: int
    seat: int
    at: int
    event: GameEvent
    text: Annotated[str, about("what happened, in the reader's language (programs read `event`)")]
    move: NotRequired[Annotated[Any, about("one's own moves; everyone's once finished")]]
    timeout: NotRequired[Annotated[bool, about("made by the service: time ran out")]]
    bot: NotRequired[
        Annotated[
            str,
            about(
                "time ran out and a bot of this level chose the move for the player",
                enum=list(LEVELS),
            ),
        ]
    ]
    bot_version: NotRequired[
        Annotated[
            int,
            about(
                "a bot chose the move (for its own seat, or for a player out of time): the "
                "version of the bots that did, to make it again with once the game is over"
            ),
        ]
    ]
    prev: NotRequired[Annotated[str, about("the hash of the entry before (the chain)")]]


class TalkMessage(TypedDict):
    number: Annotated[int, about("counting from 1, in the order said")]
    seat: int
    name: str
    bot_account: BotAccount
    at: int
    version: Annotated[int, about("the game's version when it was said")]
    text: Annotated[str, about("plain text: escape it to show it as HTML")]


class MessagePosted(TypedDict):
    message: TalkMessage


class Messages(TypedDict):
    messages: list[TalkMessage]
    next: NextPage


class Log(TypedDict):
    version: int
    entries: list[LogEntry]
    messages: Annotated[list[TalkMessage], about("the table talk said at or after version `since`")]


class ErrorBody(TypedDict):
    code: str
    message: str
    details: dict[str, Any]


class Error(TypedDict):
    error: ErrorBody


class Event(TypedDict):
    cursor: Annotated[str, about("ask again `after` it to go on from here")]
    game: str
    type: GameTypeId
    kind: Annotated[str, about(enum=list(EVENT_KINDS))]
    version: Annotated[int | None, about("the game's version after it (moves made)")]
    status: Annotated[str, about(enum=list(STATUSES))]
    to_act: Annotated[list[int], about("the seats to act")]
    your_turn: bool
    rematch: NotRequired[Annotated[str | None, about("`rematch`: the new game")]]
    message: NotRequired[Annotated[int | None, about("`talk`: its number")]]


class MyWait(TypedDict):
    events: Annotated[list[Event], about("oldest first")]
    cursor: Annotated[str, about("where to ask again from")]
    changed: Annotated[bool, about("whether any event came")]
