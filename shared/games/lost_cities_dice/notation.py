"""Moves as people type them, and back; the JSON form and the typed `Action` are `moves`'s.

A move in text names dice by their values as its JSON does, so it reads the same without the
game at hand. Grammar (case-insensitive, any spacing or commas):

    <colour> <number> [accel <colour|none>]...   |   refuse   |   resign
"""

from __future__ import annotations

import re

from shared.aliases import Aliases
from shared.engine import RESIGN, IllegalMove, Move
from shared.games.lost_cities_dice.moves import REFUSE, choose_move, decode
from shared.games.lost_cities_dice.sheet_data import COLOURS
from shared.words import LATER

WORDS = Aliases(
    {
        "red": {"pl": ("czerwon*",), "de": ("rot", "rote*")},
        "orange": {"pl": ("pomarańcz*",), "de": ("orangene*",)},
        "yellow": {"pl": ("żółt*",), "de": ("gelb*",)},
        "green": {"pl": ("zielon*",), "de": ("grün*", "gruen*")},
        "blue": {"pl": ("niebiesk*",), "de": ("blau*",)},
        "purple": {"pl": ("fiolet*",), "de": ("lila", "violett*")},
        "accel": {"pl": ("przyspiesz*",), "de": ("beschleunig*",)},
        "none": {"pl": ("nic", "brak", "żadn*"), "de": ("keine*", "nichts")},
        "refuse": {
            "pl": (
                "rezygnuj z kości",
                "rezygnacja z kości",
                "rezygnuję z kości",
                "zrezygnuj z kości",
                "rezygnuj*",
                "zrezygnuj*",
                "pas",
                "pasuję",
            ),
            "de": ("verzicht*", "passe", "passen"),
            "en": ("pass",),
        },
        "resign": {
            "pl": ("poddaj się", "poddaję się", "poddaj*", "rezygnuj*", "zrezygnuj*"),
            "de": ("aufgeben", "aufgabe", "gib auf"),
        },
    }
)
"""What Polish and German players may type for the notation's words (`shared.aliases`): the
colours as the rulebook names the expeditions, `przyspiesz` for an arrow's acceleration, and
`rezygnuj`, which the Polish rulebook says for refusing the dice but which also says giving
up the game: alone it is refused as ambiguous (resigning cannot be taken back), while
`rezygnuję z kości` refuses the dice."""

_COLOUR_WORDS = {
    **{colour: index for index, colour in enumerate(COLOURS)},
    **{colour[0]: index for index, colour in enumerate(COLOURS)},
}
_ACCEL_WORDS = ("accel", "accelerate")
_DECLINE_WORDS = ("none", "no")

_ALLOWED_TEXT = re.compile(r"[a-z0-9\s,]*")
_TOKEN = re.compile(r"[a-z]+|[0-9]+")


def parse_move(text: str) -> Move:
    lowered = WORDS.canonical(text).lower() if isinstance(text, str) else ""
    if not _ALLOWED_TEXT.fullmatch(lowered):
        raise _bad_notation(text)
    tokens = _TOKEN.findall(lowered)
    if tokens == ["resign"]:
        return dict(RESIGN)
    if tokens == ["refuse"]:
        return dict(REFUSE)
    if len(tokens) < 2 or len(tokens) % 2 or tokens[0] not in _COLOUR_WORDS:
        raise _bad_notation(text)
    number = _number(tokens[1], text)
    accelerate: list[str | None] = []
    for keyword, target in zip(tokens[2::2], tokens[3::2], strict=True):
        if keyword not in _ACCEL_WORDS:
            raise _bad_notation(text)
        if target in _DECLINE_WORDS:
            accelerate.append(None)
        elif target in _COLOUR_WORDS:
            accelerate.append(COLOURS[_COLOUR_WORDS[target]])
        else:
            raise _bad_notation(text)
    return choose_move(COLOURS[_COLOUR_WORDS[tokens[0]]], number, accelerate)


def _number(token: str, text: str) -> int:
    """A die face; '10' is accepted for the 0 it stands for on a started expedition."""
    if token == "10":
        return 0
    if len(token) == 1:
        return int(token)
    raise _bad_notation(text)


def format_move(move: Move) -> str:
    action = decode(move)
    if action is None:
        return "resign"
    if action.colour is None:
        return "refuse"
    words = [COLOURS[action.colour], str(action.number)]
    for target in action.accelerate:
        words += ["accel", "none" if target is None else COLOURS[target]]
    return " ".join(words)


def _bad_notation(text: str) -> IllegalMove:
    return IllegalMove(
        "bad_notation",
        LATER.gettext(
            "cannot read '%(text)s': write a colour and a number with any accelerations "
            "('green 7 accel red accel none'), 'refuse' or 'resign'",
            text=text,
        ),
    )
