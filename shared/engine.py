"""The contract every game engine keeps.

The server and the client never know the rules of a game: they hold a log of `(seat, move)`
entries and replay it through an engine. So an engine must be a pure function of its inputs
(no clock, no I/O, no global randomness) and must answer every question the service asks in
plain JSON-ready data. `Engine` spells out those questions; the shared parts (option checking,
log redaction, `apply`) live here once so that each game only writes its rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, TypeVar

from shared.choices import Choice
from shared.guide import Guide
from shared.numbers import whole_number
from shared.shapes import GameShapes
from shared.text import WIDTH, wrapped
from shared.words import ENGLISH, LATER, Sentence, Words

Seat = int
JSON = Any
Move = dict[str, JSON]
Event = dict[str, JSON]

RESIGN: Move = {"action": "resign"}

KNOWING: Final = 2
"""How much of what a seat saw of hidden things `Engine.resample` keeps: today's samplers
everything (2). 0 keeps nothing (the first bots' samples), 1 all but Livingstone's stacks of
played cards (the second's): kept only so that those bots' moves can be made again."""
"""The one move every engine accepts from any seat still playing, at any time before the end."""


def seat_name(seat: Seat, names: Sequence[str], words: Words = ENGLISH) -> str:
    """Who sits in `seat`, in text a person reads. Players' names belong to the service, not the
    rules, so a caller that knows them passes them in; without a name, `seat N`."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return words.gettext("seat %(number)d", number=seat)


def seats_named(seats: Iterable[Seat], names: Sequence[str], words: Words = ENGLISH) -> str:
    """Several seats in a sentence (`ada, bo`), each as `seat_name` has it."""
    return ", ".join(seat_name(seat, names, words) for seat in seats)


def shown_name(name: str, bot_account: bool, words: Words = ENGLISH) -> str:
    """A player's name as people read it: marked in the reader's words when a program plays
    the account, so that no one takes a bot for a person. JSON keeps the name bare, with
    `bot_account` beside it."""
    return words.gettext("%(name)s (bot)", name=name) if bot_account else name


def shown_names(
    names: Sequence[str], bot_accounts: Collection[Seat], words: Words = ENGLISH
) -> list[str]:
    """The `names` to render with, by seat, the bot accounts' marked (`shown_name`): an empty
    name (an open seat) stays empty, for each render to word it in its reader's language."""
    return [
        shown_name(name, seat in bot_accounts, words) if name else ""
        for seat, name in enumerate(names)
    ]


def player_names(seats: Sequence[Mapping[str, Any]], words: Words = ENGLISH) -> list[str]:
    """`shown_names` from the seats as the service shows them (each with its player's `name`,
    None while the seat is open, and `bot_account`)."""
    return shown_names(
        [seat["name"] or "" for seat in seats],
        {number for number, seat in enumerate(seats) if seat.get("bot_account")},
        words,
    )


class IllegalMove(Exception):
    """A move the rules forbid, or input that is not a move at all.

    `code` is stable (clients and tests match on it); `said` is why, for a person, kept as a
    `shared.words.Sentence` (its message an id of the shared catalog) until the reader is known:
    the edge that answers says it in the reader's language with `message_in(names, words)`, as the
    catalogs have it. The rules know seats, not players, so a sentence that names a seat has a
    placeholder for it, and `seats` maps that placeholder to the seat: `message_in` puts in the
    player's name where the caller knows it (`seat_name`). `message` is the English, with
    `seat N` (logs, and whoever has no reader at hand).
    """

    def __init__(self, code: str, said: Sentence, seats: Mapping[str, Seat] | None = None) -> None:
        self.code = code
        self.said = said
        self.seats = dict(seats or {})
        self.message = self.message_in(())
        super().__init__(self.message)

    def message_in(self, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
        """The message in `words`, the seats it names as players' names (`seat_name`)."""
        named = {key: seat_name(seat, names, words) for key, seat in self.seats.items()}
        return self.said.said(words, **named)


class BadValue(ValueError):
    """An option's value refused by its `parse`: why, to be said in the reader's words."""

    def __init__(self, said: Sentence) -> None:
        super().__init__(said.said())
        self.said = said


class BadOptions(ValueError):
    """Game options that cannot start a game: an unknown name, a bad value, a bad combination.
    `message_in(words)` says why in the reader's words (`message` in English), as `IllegalMove`."""

    def __init__(self, option: str, said: Sentence) -> None:
        super().__init__(said.said())
        self.option = option
        self.said = said
        self.message = said.said()

    def message_in(self, words: Words = ENGLISH) -> str:
        return self.said.said(words)


@dataclass(frozen=True)
class Option:
    """One setting a game can be created with.

    `parse` turns the value a person or script sent into the engine's value, raising `BadValue`
    with a readable reason; it also runs on the default, so a default is always valid.
    One that `fixes_chance` replaces a draw by lot when set (the deck, who starts): a game the
    creator set it for is shown to invitees as such, and is unrated; its value is shown to
    those who may know it only (`server.domain.games.provenance.shown_options`), and a game played
    again is dealt anew without it (`Engine.dealt_anew`).
    """

    name: str
    description: Sentence
    default: JSON
    parse: Callable[[JSON], JSON]
    choices: tuple[JSON, ...] | None = None
    fixes_chance: bool = False

    def describe(self, words: Words = ENGLISH) -> dict[str, JSON]:
        described: dict[str, JSON] = {
            "name": self.name,
            "description": self.description.said(words),
            "default": self.default,
        }
        if self.choices is not None:
            described["choices"] = list(self.choices)
        if self.fixes_chance:
            described["fixes_chance"] = True
        return described


def choice_option(
    name: str, description: Sentence, default: JSON, choices: Sequence[JSON]
) -> Option:
    """An option that takes one of a closed set of values (text input is matched loosely)."""
    allowed = tuple(choices)
    refusal = LATER.gettext("must be one of %(choices)s", choices=", ".join(map(str, allowed)))

    def parse(value: JSON) -> JSON:
        if isinstance(value, bool | list | dict):  # `true == 1` in Python, not in JSON
            raise BadValue(refusal)
        for candidate in allowed:
            if value == candidate or str(value).strip().lower() == str(candidate).lower():
                return candidate
        raise BadValue(refusal)

    return Option(name, description, default, parse, allowed)


def int_option(
    name: str,
    description: Sentence,
    default: int | None,
    low: int,
    high: int,
    *,
    fixes_chance: bool = False,
) -> Option:
    """A whole number within bounds; `None` as default means "not set"."""

    def parse(value: JSON) -> int | None:
        if value is None and default is None:
            return None
        number = whole_number(value) if isinstance(value, str) else value
        if number is None or isinstance(value, bool):  # text in ASCII digits, or a number
            raise BadValue(LATER.gettext("must be a whole number"))
        if not isinstance(number, int) or not low <= number <= high:
            raise BadValue(
                LATER.gettext("must be a whole number from %(low)d to %(high)d", low=low, high=high)
            )
        return number

    return Option(name, description, default, parse, fixes_chance=fixes_chance)


S = TypeVar("S")


class Engine(ABC, Generic[S]):
    """One game's rules. States are immutable values; every method is pure.

    `transition` must accept *any* JSON value as a move: anything that is not a legal move for
    that seat raises `IllegalMove`, never another exception, and never changes its input.
    """

    type_id: ClassVar[str]
    named: ClassVar[Sentence]
    """The game's name as its publisher prints it in each language (the glossary's)."""
    title: ClassVar[str]
    """Its English name: the API's `title`, which scripts read."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    version: ClassVar[int]
    """The version of the rules, raised by a change that would replay a stored game differently.
    A game records the version it began with, and `new` keeps that version's rules for it."""
    options: ClassVar[tuple[Option, ...]] = ()
    guide: ClassVar[Guide]
    """The rules in short and the notation by example, for a newcomer (`shared.guide`)."""
    shapes: ClassVar[GameShapes]
    """The TypedDicts of its view, moves and log events (the OpenAPI document's schemas)."""

    def title_in(self, words: Words = ENGLISH) -> str:
        """The game's name for a reader of `words`."""
        return self.named.said(words)

    # -- setting up -------------------------------------------------------------------------

    def configure(
        self, players: int, options: Mapping[str, JSON] | None = None, elsewhere: Sequence[str] = ()
    ) -> dict[str, JSON]:
        """Check options and fill in defaults; the result is what a game is created with.
        `elsewhere`: the options a caller has taken out before (the service's move clock), so
        that the refusal of an unknown one names every option a game can be given."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                "seats",
                LATER.gettext(
                    "%(game)s takes %(low)d to %(high)d players",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                ),
            )
        given = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise BadOptions(
                unknown[0],
                LATER.gettext(
                    "%(game)s has no option '%(option)s'; its options are %(options)s",
                    game=self.type_id,
                    option=unknown[0],
                    options=", ".join([*known, *elsewhere]) or "-",
                ),
            )
        configured: dict[str, JSON] = {}
        for name, option in known.items():
            try:
                configured[name] = option.parse(given.get(name, option.default))
            except (ValueError, TypeError) as error:
                # a house table's detailed reasons (scripts send those) stay in English
                why = error.said if isinstance(error, BadValue) else str(error)
                said = LATER.gettext("option '%(option)s': %(why)s", option=name, why=why)
                raise BadOptions(name, said) from None
        self.check_options(players, configured)
        return configured

    def check_options(self, players: int, options: dict[str, JSON]) -> None:
        """Checks that involve several options or the player count; raise BadOptions."""

    @property
    def fixing_chance(self) -> frozenset[str]:
        """The names of the options that replace a draw by lot when set (`Option.fixes_chance`),
        whose values are shown only to those who may know them."""
        return frozenset(option.name for option in self.options if option.fixes_chance)

    def dealt_anew(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """A game's `options` with every one that fixes chance back at its default (by lot):
        a game played again must not be known from the one before, whose deck its players and
        perhaps others have seen."""
        by_lot = {option.name: option.default for option in self.options if option.fixes_chance}
        return {name: by_lot.get(name, value) for name, value in options.items()}

    def describe(self, words: Words = ENGLISH) -> dict[str, JSON]:
        """What the API and CLI list about this game type, in the reader's `words`."""
        return {
            "id": self.type_id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "version": self.version,
            "options": [option.describe(words) for option in self.options],
        }

    def describe_rules(self, words: Words = ENGLISH) -> dict[str, JSON]:
        """What the API and CLI show of this game's guide: the type, then the guide itself, in
        the reader's `words` (`shared.guide`)."""
        return {
            "id": self.type_id,
            "title": self.title_in(words),
            "min_players": self.min_players,
            "max_players": self.max_players,
            **self.guide.describe(words),
        }

    def new(
        self,
        players: int,
        seed: str,
        options: Mapping[str, JSON] | None = None,
        version: JSON = None,
    ) -> S:
        """The starting state. All chance comes from `seed` (hex); `options` are configured;
        `version` is the rules version the game was created with (None: the current one), so
        a stored game replays by the rules it was played by (see `rules_version`)."""
        version = self.rules_version(version)
        return self.start(self.configure(players, options), players, seed, version)

    @abstractmethod
    def start(self, options: dict[str, JSON], players: int, seed: str, version: int) -> S:
        """`new`'s state, from the options configured and the version checked."""

    def rules_version(self, version: JSON) -> int:
        """The rules version a game is played by: `version` if these rules know it, else a
        ValueError (a game made by newer rules cannot be replayed by older ones); None is the
        current version."""
        if version is None:
            return self.version
        if isinstance(version, bool) or not isinstance(version, int):
            raise ValueError(f"a rules version is a whole number, not {version!r}")
        if not 1 <= version <= self.version:
            raise ValueError(
                f"{self.title} rules version {version} is unknown here "
                f"(these rules know versions 1 to {self.version})"
            )
        return version

    # -- playing ----------------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """The seats that must move now: several during simultaneous choices, none at the end."""

    @abstractmethod
    def legal_moves(self, state: S, seat: Seat) -> list[Move]:
        """Every legal move of `seat` now, complete (`resign` aside); empty if it need not act."""

    @abstractmethod
    def transition(self, state: S, seat: Seat, move: JSON) -> tuple[S, Event]:
        """The state after `seat` makes `move`, and the full log event describing it.

        The event may carry information some seats must not see under the key `secret`
        (`{"<seat>": {...}}`); `redact_event` strips it for everyone else.
        """

    def apply(self, state: S, seat: Seat, move: JSON) -> S:
        return self.transition(state, seat, move)[0]

    @abstractmethod
    def reveals(self, state: S, seat: Seat, move: Move, after: S) -> bool:
        """Did `seat`'s legal `move`, which led from `state` to `after`, bring chance or hidden
        information into play (a draw, a roll, a reshuffle, choices uncovered)? What comes after
        such a step may depend on it, so a batch ends there (`shared.batch`). Decide it by what
        the mover knew before the step (the kind of move, public counts), never by what chance
        brought: the answer itself must tell nothing."""

    @abstractmethod
    def resample(self, state: S, seat: Seat | None, seed: str, knowing: int = KNOWING) -> S:
        """A state `seat` cannot tell from `state`: its view is the same, while everything hidden
        from it (others' hands and money, hidden choices, the order of what is still to be
        drawn, the future chance of the game's seed) is drawn afresh from `seed` (hex), keeping
        all the seat saw of it (a card taken openly, what a chest can hold, which cards a stack
        was made of). The tests of what each answer may tell compare a game with its resampled
        twins. A `knowing` below `KNOWING` draws as older bots did, forgetting some of what the
        seat saw: kept only so that their moves can be made again (`shared.bots.VERSIONS`)."""

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def neutral_move(self, state: S, seat: Seat) -> Move | None:
        """A legal move `seat` may be made to take when its time runs out: one the rules offer
        as a way of doing nothing (refusing the dice, ending a turn), so skipping a player who
        vanished neither helps nor harms anyone more than the rules do. None when the rules
        offer no such move now; the service then resigns the seat instead."""
        return None

    def hidden_choice(self, state: S, seat: Seat) -> bool:
        """Is `seat`'s move now a choice kept from the others until all have chosen
        (simultaneous choices)? Pages say so beside the choice. From what `seat` may know."""
        return False

    def decision(self, state: S, seat: Seat) -> JSON:
        """Which decision `seat` faces now, where one decision takes several of its moves (a
        Livingstone turn of free actions, a die and more free actions): the service's move
        clock runs on while this stays the same. None: each move of the seat is a decision."""
        return None

    # -- seeing -----------------------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> dict[str, JSON]:
        """All that `seat` may know (None: a spectator). The one place that decides visibility."""

    @abstractmethod
    def result(self, state: S) -> dict[str, JSON] | None:
        """Final `scores`, `winners`, per-seat `breakdown`; None while the game runs."""

    def redact_event(self, event: Event, seat: Seat | None) -> Event:
        """The log entry as `seat` may see it: the public part plus that seat's own secret."""
        secrets = event.get("secret")
        if secrets is None:
            return event
        public = {key: value for key, value in event.items() if key != "secret"}
        if seat is not None and str(seat) in secrets:
            public.update(secrets[str(seat)])
        return public

    def render_view(
        self,
        view: dict[str, JSON],
        names: Sequence[str] = (),
        *,
        width: int = WIDTH,
        compact: bool = False,
        words: Words = ENGLISH,
    ) -> str:
        """A view as plain text for a terminal or an email: readable with no colour, using the
        notation people type (card ids, colour names), ending with a key to its symbols.
        `names` are the players by seat, where the caller knows them (see `seat_name`). No
        line is longer than `width` (`shared.text.wrapped`: none is broken inside a word).
        `compact` draws what is the viewer's own in full and the others' in brief, so that a
        game of the most players fits a terminal of 120 x 40."""
        return "\n".join(wrapped(self.view_lines(view, names, compact, words), width))

    @abstractmethod
    def view_lines(
        self, view: dict[str, JSON], names: Sequence[str], compact: bool, words: Words
    ) -> list[str]:
        """The lines of `render_view`, before they are laid out for a width."""

    @abstractmethod
    def render_html(
        self, view: dict[str, JSON], names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        """The same view drawn as an HTML board for an email or a page: a fragment, its
        stylesheet and a legend of its symbols included (`shared.html`; in the text's words,
        `shared.legend`), every colour paired with the letter, number or word the text uses.
        From the view alone, so it shows only what the view's seat may see; `names` as for
        `render_view`."""

    @abstractmethod
    def render_event(
        self, event: Event, names: Sequence[str] = (), *, words: Words = ENGLISH
    ) -> str:
        """One (redacted) log event as a line a person reads, e.g. `ada: play R7, drew from
        deck`; `names` as for `render_view`. Every render speaks the reader's language,
        `words` (`shared.words`)."""

    @abstractmethod
    def choices(
        self, view: dict[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
    ) -> list[Choice]:
        """Each of `moves` (legal moves of the view's seat) as the path of steps a page offers one
        choice at a time, and as a sentence (`shared.choices`): one path per move, none the start
        of another, and at most `shared.choices.MOST` options at any one choice where the game
        allows. From the view and the moves alone, in the reader's `words`."""

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """A move from the text people type; raises IllegalMove('bad_notation', ...)."""

    @abstractmethod
    def format_move(self, move: Move) -> str:
        """The canonical text of a move: `format_move(parse_move(t))` is stable."""


def require_mapping(move: JSON) -> Mapping[str, JSON]:
    """The first check of every `transition`: a move is a JSON object."""
    if not isinstance(move, Mapping):
        raise IllegalMove(
            "bad_move", LATER.gettext('a move is a JSON object such as {"action": ...}')
        )
    return move
