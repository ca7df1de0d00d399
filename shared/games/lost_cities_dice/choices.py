"""A choice of the dice game in a few touches (`shared.choices`): a colour die or refusing, then
a number die, then one touch for each arrow the number reaches (an expedition to accelerate, or
none). At most 3 colour dice and the refusal, 3 number dice, 6 expeditions and none: no choice
offers more than `shared.choices.MOST`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.choices import Choice, Step
from shared.engine import JSON, Move
from shared.games.lost_cities_dice.html import PALETTE
from shared.games.lost_cities_dice.render import colour_word
from shared.games.lost_cities_dice.sheet_data import FIELDS
from shared.words import ENGLISH, Words


def choices(
    view: Mapping[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
) -> list[Choice]:
    which = words.gettext("Which colour die, or refuse?")
    sheet = view["sheets"][view["seat"]]["expeditions"]
    return [_choice(move, sheet, which, words) for move in moves]


def _choice(
    move: Move, sheet: Mapping[str, Mapping[str, JSON]], which: str, words: Words
) -> Choice:
    if move["action"] == "refuse":
        return Choice(
            (Step("refuse", words.gettext("Refuse the dice"), which),),
            words.gettext("Refuse the dice (and mark a dice symbol)"),
        )
    colour, number, targets = move["colour"], move["number"], move["accelerate"]
    name = colour_word(colour, words)
    filled = len(sheet[colour]["numbers"])
    steps = [
        Step(colour, name.capitalize(), which, PALETTE[colour][0]),
        Step(str(number), _number(number, filled, words), words.gettext("Which number die?")),
    ]
    for depth, target in enumerate(targets):
        asks = (
            words.gettext("An arrow: accelerate which expedition?")
            if depth == 0
            else words.gettext("Another arrow: accelerate which expedition?")
        )
        steps.append(
            Step("none", words.gettext("No acceleration"), asks)
            if target is None
            else Step(target, colour_word(target, words).capitalize(), asks, PALETTE[target][0])
        )
    if number == 0 and not filled:
        said = words.gettext("Mark the %(colour)s double-point circle", colour=name)
    elif filled == FIELDS:
        said = words.gettext("Mark the %(colour)s top artefact", colour=name)
    else:
        said = words.gettext("Write %(number)d in %(colour)s", number=number or 10, colour=name)
    if targets:
        named = ", ".join(
            words.gettext("none") if target is None else colour_word(target, words)
            for target in targets
        )
        said = words.gettext("%(move)s, then accelerate: %(targets)s", move=said, targets=named)
    return Choice(tuple(steps), said)


def _number(number: int, filled: int, words: Words) -> str:
    """A number die's face as it counts for this expedition: a 0 marks the circle before the
    expedition starts, and is a 10 after."""
    if number:
        return str(number)
    if filled:
        return words.gettext("0, counting 10")
    return words.gettext("0: the double-point circle")
