"""Lost Cities: Roll & Write in one screen, for a newcomer (the rulebook stays the source)."""

from __future__ import annotations

from shared.games.lost_cities_dice.notation import WORDS
from shared.guide import Example, Guide
from shared.words import LATER

GUIDE = Guide(
    rules=(
        LATER.gettext(
            "Everyone has an open score sheet: six expeditions (red, orange, yellow, green, blue, "
            "purple) of 9 fields each, filled from the bottom up, a column of 9 vases and one of "
            "9 dice symbols."
        ),
        LATER.gettext(
            "Players take turns being active. The server rolls 3 colour dice and 3 number dice "
            "(0-9). The active player writes one colour with one number, or refuses; then each "
            "other player does the same with the dice left (all six after a refusal), hidden "
            "until all have chosen (option order=clockwise: one after another, openly)."
        ),
        LATER.gettext(
            "A number goes into its colour's lowest empty field and must be at least the number "
            "below it. A 0 marks the double-point circle of an expedition not yet started; on a "
            "started one it counts as 10."
        ),
        LATER.gettext(
            "An arrow field lets you accelerate an expedition: write its top number again (a 1 "
            "if empty), again on reaching another arrow. An artefact field marks your next vase. "
            "Continuing a full expedition marks its top artefact (and a vase) once."
        ),
        LATER.gettext(
            "Refusing marks your next dice symbol; at the 9th you are exhausted (that column "
            "scores 0) but play on."
        ),
        LATER.gettext(
            "Every column, vases and dice symbols too, has a bridge between marks 6 and 7: the "
            "first to cross it gets 20 points, as do all who cross it in the same turn. The game "
            "ends when all players are exhausted or all 8 bridges are crossed."
        ),
        LATER.gettext(
            "An expedition scores -20 for 1 field up to 50 for 9, doubled (minus points too) when "
            "its circle is marked; a circle with no field scores -100 (-50 doubled). The vases "
            "score -40 to 100, the dice symbols -40 to 70 (0 for all 9). The default sheet layout "
            "and the points in between are house data (option sheet)."
        ),
    ),
    notation=LATER.gettext(
        "a colour (or its first letter) and a number, then `accel` and an expedition for "
        "each arrow you reach (`accel none` declines it); or refuse. A 10 may be written for "
        "the 0 on a started expedition."
    ),
    examples=(
        Example("red 3", LATER.gettext("write 3 in red")),
        Example("blue 0", LATER.gettext("mark blue's circle, or write 10 once blue has begun")),
        Example(
            "green 7 accel red",
            LATER.gettext("write 7 in green; its arrow repeats red's top number"),
        ),
        Example(
            "g 7 accel red accel none", LATER.gettext("the same, declining the next arrow reached")
        ),
        Example("refuse", LATER.gettext("use no dice: mark a dice symbol")),
        Example("resign", LATER.gettext("leave the game")),
    ),
    typed=WORDS.words,
)
