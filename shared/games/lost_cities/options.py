"""The settings a Lost Cities game is created with, and the `Rules` value they become.

Options arrive as JSON (from the API, the CLI, a test) and are stored with the game as JSON, so
each option's parser returns the canonical JSON form; `Rules` is the engine's typed, hashable
reading of them, held by every state so that a state alone says how its game goes on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.engine import JSON, BadOptions, BadValue, Option, choice_option, int_option
from shared.games.lost_cities.cards import (
    CARD_ID,
    CARDS_PER_COLOUR,
    CODE_OF_ID,
    COLOURS,
    code_of,
    deck_codes,
)
from shared.immutable import by_fields
from shared.words import LATER

DEFAULT_STALL_LIMIT = 12
"""The house rule against endless discard swapping (rules file, "Stalling"): after this many
turns in a row without a draw from the draw pile, the next draw must come from it."""

MATCH_TOTAL = "total"
MATCH_BEST_OF = "best-of"


def _parse_deck(value: JSON) -> JSON:
    """A deck is a list of card ids (or one string of them), or a list of such lists, one per
    game of the match. Only the ids are checked here; whether they make up exactly the game's
    cards depends on `colours` and `rounds`, so `check_deck` does that."""
    if value is None:
        return None
    if isinstance(value, str):
        value = [word for word in re.split(r"[\s,]+", value) if word]
    if not isinstance(value, list) or not value:
        raise BadValue(
            LATER.gettext("must be a list of card ids, top card first, or a list of such lists")
        )
    if all(isinstance(item, list) for item in value):
        return [_canonical_ids(item) for item in value]
    return _canonical_ids(value)


def _canonical_ids(cards: list[JSON]) -> list[str]:
    canonical = []
    for card in cards:
        code = code_of(card) if isinstance(card, str) else None
        if code is None:
            raise BadValue(
                LATER.gettext(
                    "holds %(card)s, which is not a card id such as R7, R10 or Bw2",
                    card=repr(card),
                )
            )
        canonical.append(CARD_ID[code])
    return canonical


OPTIONS: tuple[Option, ...] = (
    choice_option(
        "colours", LATER.gettext("expedition colours: 5, or 6 with purple (72 cards)"), 5, (5, 6)
    ),
    choice_option("rounds", LATER.gettext("games in the match, scores added up"), 3, (1, 3)),
    choice_option(
        "match",
        LATER.gettext(
            "who wins the match: the highest total, or the first to win most of the games"
        ),
        MATCH_TOTAL,
        (MATCH_TOTAL, MATCH_BEST_OF),
    ),
    int_option(
        "stall_limit",
        LATER.gettext(
            "turns in a row without a draw from the draw pile after which one must draw from it "
            "(0: no limit)"
        ),
        DEFAULT_STALL_LIMIT,
        0,
        1000,
    ),
    int_option(
        "first_player",
        LATER.gettext("the seat that starts the first game (default: by lot)"),
        None,
        0,
        1,
        fixes_chance=True,
    ),
    Option(
        "deck",
        LATER.gettext(
            "an explicit card order instead of a shuffle, top first (8 to the start player, 8 "
            "to the other, the rest is the draw pile); with 3 rounds, optionally a list of 3 "
            "orders"
        ),
        None,
        _parse_deck,
        fixes_chance=True,
    ),
)


def check_options(players: int, options: Mapping[str, JSON]) -> None:
    """What one option's parse cannot check alone: a given deck against the colours and rounds."""
    if options["deck"] is not None:
        check_deck(options["deck"], options["colours"], options["rounds"])


def check_deck(deck: JSON, colours: int, rounds: int) -> None:
    """Every given order holds each card of the game exactly once, and there is one order for
    the first game or one for every game."""
    orders: list[list[str]] = deck if isinstance(deck[0], list) else [deck]
    if len(orders) not in (1, rounds):
        raise BadOptions(
            "deck",
            LATER.gettext(
                "option 'deck' needs one card order or %(rounds)d, one per game", rounds=rounds
            ),
        )
    expected = {CARD_ID[code] for code in deck_codes(colours)}
    for number, order in enumerate(orders, start=1):
        which = (
            LATER.gettext("deck %(number)d", number=number)
            if len(orders) > 1
            else LATER.gettext("the deck")
        )
        counts = Counter(order)
        twice = sorted(card for card, count in counts.items() if count > 1)
        foreign = sorted(set(counts) - expected)
        missing = sorted(expected - set(counts))
        if twice:
            said = LATER.gettext(
                "%(deck)s holds %(cards)s more than once", deck=which, cards=", ".join(twice)
            )
            raise BadOptions("deck", said)
        if foreign:
            said = LATER.gettext(
                "%(deck)s holds %(cards)s, not in a %(colours)d-colour game",
                deck=which,
                cards=", ".join(foreign),
                colours=colours,
            )
            raise BadOptions("deck", said)
        if missing:
            said = LATER.gettext("%(deck)s lacks %(cards)s", deck=which, cards=", ".join(missing))
            raise BadOptions("deck", said)


@dataclass(frozen=True)
class Rules:
    """How one game goes: the options, read once into the form the engine uses."""

    colours: int
    rounds: int
    best_of: bool
    stall_limit: int
    first_player: int | None
    decks: tuple[tuple[int, ...] | None, ...]
    """The given card order of each game of the match; None where the seed shuffles."""

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return by_fields(self)

    @property
    def card_count(self) -> int:
        return self.colours * CARDS_PER_COLOUR

    @property
    def colour_letters(self) -> str:
        return COLOURS[: self.colours]

    def must_draw_deck(self, stall: int) -> bool:
        """The stalling house rule: after `stall_limit` turns in a row without a draw from the
        draw pile (`stall`), the next draw must come from it; a limit of 0 turns this off."""
        return 0 < self.stall_limit <= stall

    @property
    def wins_needed(self) -> int:
        """Games a player must win to take a best-of match early: a majority of `rounds`."""
        return self.rounds // 2 + 1

    @classmethod
    def from_options(cls, options: Mapping[str, JSON]) -> Rules:
        rounds: int = options["rounds"]
        deck = options["deck"]
        orders: list[list[str]] = (
            [] if deck is None else deck if isinstance(deck[0], list) else [deck]
        )
        decks = tuple(
            tuple(CODE_OF_ID[card] for card in orders[number]) if number < len(orders) else None
            for number in range(rounds)
        )
        return cls(
            colours=options["colours"],
            rounds=rounds,
            best_of=options["match"] == MATCH_BEST_OF,
            stall_limit=options["stall_limit"],
            first_player=options["first_player"],
            decks=decks,
        )
