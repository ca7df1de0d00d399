"""Moves as people type them, and back: `play R7 draw deck`, `discard Bw2 draw G`, `resign`.

The JSON form and the typed `Action` are `moves`'s; this module only reads and writes text.
"""

from __future__ import annotations

import re

from shared.aliases import Aliases
from shared.engine import RESIGN, IllegalMove, Move
from shared.games.lost_cities.cards import CARD_ID, COLOUR_NAMES, COLOURS, code_of
from shared.games.lost_cities.moves import (
    DISCARD,
    PLAY,
    RESIGN_TEXT,
    Action,
    decode,
    encode,
    source_of,
    source_text,
)
from shared.words import LATER

WORDS = Aliases(
    {
        "play": {"pl": ("zagraj", "wyłóż", "dołóż"), "de": ("lege", "legen", "anlegen")},
        "discard": {"pl": ("odrzuć", "rzuć", "wyrzuć"), "de": ("ablegen", "abwerfen")},
        "draw": {"pl": ("dobierz", "weź"), "de": ("nimm", "nehmen", "ziehe", "ziehen")},
        "deck": {
            "pl": ("tali*", "stos", "stosu", "zakryty", "zakrytego stosu"),
            "de": ("stapel", "nachziehstapel", "verdeckt*", "verdeckten stapel"),
        },
        "from": {"en": ("from the",), "pl": ("z", "ze"), "de": ("vom", "von", "aus")},
        "yellow": {"pl": ("żółt*",), "de": ("gelb*",)},
        "blue": {"pl": ("niebiesk*",), "de": ("blau*",)},
        "white": {"pl": ("biał*",), "de": ("weiß*", "weiss*")},
        "green": {"pl": ("zielon*",), "de": ("grün*", "gruen*")},
        "red": {"pl": ("czerwon*",), "de": ("rot", "rote*")},
        "purple": {"pl": ("fiolet*",), "de": ("lila", "violett*")},
        "resign": {"pl": ("poddaj się", "poddaję się", "poddaj*"), "de": ("aufgeben", "aufgabe")},
    }
)
"""What Polish and German players may type for the notation's words, as the rulebooks say
them (`shared.aliases`), in the cases people write them (`dobierz talię`, `z talii`); card
ids are the same in every language, and a card may also be named by its colour's word and its
value (`czerwoną 4`, `red 9`)."""

_COLOUR_CARD = re.compile(
    r"\b(?P<colour>yellow|blue|white|green|red|purple)\s+(?P<rank>w\s*[1-3]|10|[2-9])\b",
    re.IGNORECASE,
)
"""A card named by its colour's word and its value, as guides write it (`play red 9`)."""


def format_move(move: Move) -> str:
    """The canonical text of a move (any spelling `decode` accepts)."""
    action = decode(move)
    if action is None:
        return RESIGN_TEXT
    verb = PLAY if action.play else DISCARD
    return f"{verb} {CARD_ID[action.card]} draw {source_text(action.source)}"


_NOTATION = re.compile(
    r"\s*(?P<action>play|discard)\s*(?P<card>[a-z]\s*(?:w\s*[1-3]|10|[2-9]))\s*,?"
    r"\s*(?:draw\s*)?(?:from\s*)?(?P<source>[a-z]+)\s*",
    re.IGNORECASE,
)


def _card_id(found: re.Match[str]) -> str:
    return COLOURS[COLOUR_NAMES.index(found["colour"].lower())] + found["rank"]


def parse_move(text: str) -> Move:
    """`play R7 draw deck`, `discard Bw2 draw G` (any case and spacing; `draw` may be left out,
    a pile may be named by its colour), or `resign`."""
    if not isinstance(text, str):
        raise IllegalMove(
            "bad_notation",
            LATER.gettext("a move in text is a string such as 'play R7 draw deck'"),
        )
    text = _COLOUR_CARD.sub(_card_id, WORDS.canonical(text))
    if text.strip().lower() == RESIGN_TEXT:
        return dict(RESIGN)
    match = _NOTATION.fullmatch(text)
    code = code_of(match["card"]) if match else None
    source = source_of(match["source"]) if match else None
    if match is None or code is None or source is None:
        raise IllegalMove(
            "bad_notation",
            LATER.gettext(
                "cannot read '%(text)s': write e.g. 'play R7 draw deck', 'discard Bw2 draw G' "
                "or 'resign'",
                text=text.strip(),
            ),
        )
    return encode(Action(match["action"].lower() == PLAY, code, source))
