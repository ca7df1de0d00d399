"""The cards of Lost Cities: small integer codes inside the engine, ids like `R7` at the edges.

A card's code is `colour * 12 + rank`, ranks 0-2 being the three wagers and 3-11 the numbers
2-10. Sorting codes therefore sorts a hand the way a player holds it (by colour, wagers first,
then rising numbers), and every per-card fact the rules ask about is one lookup in a table built
here once, at import, rather than string work on every move. Sets of cards (an expedition) are
ints with one bit per code.
"""

from __future__ import annotations

import re
from typing import Final

from shared.words import LATER

COLOURS: Final = "YBWGRP"
"""Colour letters in table order; a 5-colour game uses the first five (purple is the 2019 one)."""

COLOUR_NAMES: Final = ("yellow", "blue", "white", "green", "red", "purple")
"""The colours as the notation may name a discard pile (`draw red`)."""
COLOUR_WORDS: Final = (
    LATER.gettext("yellow"),
    LATER.gettext("blue"),
    LATER.gettext("white"),
    LATER.gettext("green"),
    LATER.gettext("red"),
    LATER.gettext("purple"),
)
"""The colours as people read them, in their language (`shared.words`)."""
WAGERS_PER_COLOUR: Final = 3
NUMBERS: Final = tuple(range(2, 11))
CARDS_PER_COLOUR: Final = WAGERS_PER_COLOUR + len(NUMBERS)
ALL_CODES: Final = tuple(range(len(COLOURS) * CARDS_PER_COLOUR))


def _card_id(code: int) -> str:
    colour, rank = divmod(code, CARDS_PER_COLOUR)
    if rank < WAGERS_PER_COLOUR:
        return f"{COLOURS[colour]}w{rank + 1}"
    return f"{COLOURS[colour]}{rank - WAGERS_PER_COLOUR + 2}"


CARD_ID: Final[tuple[str, ...]] = tuple(_card_id(code) for code in ALL_CODES)
CODE_OF_ID: Final[dict[str, int]] = {card_id: code for code, card_id in enumerate(CARD_ID)}
COLOUR_OF: Final[tuple[int, ...]] = tuple(code // CARDS_PER_COLOUR for code in ALL_CODES)
IS_WAGER: Final[tuple[bool, ...]] = tuple(
    code % CARDS_PER_COLOUR < WAGERS_PER_COLOUR for code in ALL_CODES
)
VALUE: Final[tuple[int, ...]] = tuple(
    0 if IS_WAGER[code] else code % CARDS_PER_COLOUR - WAGERS_PER_COLOUR + 2 for code in ALL_CODES
)
BIT: Final[tuple[int, ...]] = tuple(1 << code for code in ALL_CODES)
COLOUR_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(range(colour * CARDS_PER_COLOUR, (colour + 1) * CARDS_PER_COLOUR))
    for colour in range(len(COLOURS))
)


def _blocked_by(code: int) -> int:
    """The cards whose presence in an expedition forbids playing `code` there: for a wager any
    number of its colour ("wagers only before numbers"), for a number any number of its colour
    at least as high ("strictly rising"). So playability is one AND with the set played."""
    lowest = NUMBERS[0] if IS_WAGER[code] else VALUE[code]
    return sum(
        BIT[other]
        for other in COLOUR_CARDS[COLOUR_OF[code]]
        if not IS_WAGER[other] and VALUE[other] >= lowest
    )


BLOCKED_BY: Final[tuple[int, ...]] = tuple(_blocked_by(code) for code in ALL_CODES)

_CARD_TEXT: Final = re.compile(r"\s*([a-z])\s*(w\s*[1-3]|10|[2-9])\s*", re.IGNORECASE)


def cards_in(cards: int, colour: int) -> tuple[int, ...]:
    """The cards of one colour in a set of cards, in code order."""
    return tuple(code for code in COLOUR_CARDS[colour] if cards >> code & 1)


def deck_codes(colours: int) -> tuple[int, ...]:
    """Every card of a game with that many colours, in code order."""
    return ALL_CODES[: colours * CARDS_PER_COLOUR]


def code_of(text: str) -> int | None:
    """The code of a card id typed any way (`r7`, `BW2`, ` g 10 `), or None if it is none."""
    code = CODE_OF_ID.get(text)
    if code is not None:
        return code
    match = _CARD_TEXT.fullmatch(text)
    if match is None:
        return None
    colour, rank = match.groups()
    rank = rank.replace(" ", "").lower()
    return CODE_OF_ID.get(colour.upper() + rank)


def colour_index(text: str) -> int | None:
    """The index of a colour given by letter or name, any case, or None."""
    word = text.strip().lower()
    for index, (letter, name) in enumerate(zip(COLOURS, COLOUR_NAMES, strict=True)):
        if word in (letter.lower(), name):
            return index
    return None
