"""The cards of Lost Cities: small integer codes inside the engine, ids like `R7` at the edges.

A card's code is `colour * 12 + rank`, ranks 0-2 being the three wagers and 3-11 the numbers
2-10. Sorting codes therefore sorts a hand the way a player holds it (by colour, wagers first,
then rising numbers), and every per-card fact the rules ask about is one tuple lookup in a table
built here once, at import, rather than string work on every move.
"""

from __future__ import annotations

import re

COLOURS = "YBWGRP"
"""Colour letters in table order; a 5-colour game uses the first five (purple is the 2019 one)."""

COLOUR_NAMES = ("yellow", "blue", "white", "green", "red", "purple")
WAGERS_PER_COLOUR = 3
NUMBERS = tuple(range(2, 11))
CARDS_PER_COLOUR = WAGERS_PER_COLOUR + len(NUMBERS)
ALL_CODES = tuple(range(len(COLOURS) * CARDS_PER_COLOUR))

WAGER_LEVEL = 1
"""The level of an expedition holding only wagers; an empty one is level 0 and one with numbers
is at the value of its last number. A card may be played while the expedition's level is below
the card's `PLAY_LIMIT`, which folds "wagers only before numbers" and "strictly rising numbers"
into one comparison."""


def _card_id(code: int) -> str:
    colour, rank = divmod(code, CARDS_PER_COLOUR)
    if rank < WAGERS_PER_COLOUR:
        return f"{COLOURS[colour]}w{rank + 1}"
    return f"{COLOURS[colour]}{rank - WAGERS_PER_COLOUR + 2}"


CARD_ID: tuple[str, ...] = tuple(_card_id(code) for code in ALL_CODES)
CODE_OF_ID: dict[str, int] = {card_id: code for code, card_id in enumerate(CARD_ID)}
COLOUR_OF: tuple[int, ...] = tuple(code // CARDS_PER_COLOUR for code in ALL_CODES)
IS_WAGER: tuple[bool, ...] = tuple(
    code % CARDS_PER_COLOUR < WAGERS_PER_COLOUR for code in ALL_CODES
)
VALUE: tuple[int, ...] = tuple(
    0 if IS_WAGER[code] else code % CARDS_PER_COLOUR - WAGERS_PER_COLOUR + 2 for code in ALL_CODES
)
LEVEL_AFTER: tuple[int, ...] = tuple(
    WAGER_LEVEL if IS_WAGER[code] else VALUE[code] for code in ALL_CODES
)
PLAY_LIMIT: tuple[int, ...] = tuple(
    WAGER_LEVEL + 1 if IS_WAGER[code] else VALUE[code] for code in ALL_CODES
)

_CARD_TEXT = re.compile(r"\s*([a-z])\s*(w\s*[1-3]|10|[2-9])\s*", re.IGNORECASE)


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
