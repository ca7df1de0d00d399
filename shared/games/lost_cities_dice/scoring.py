"""A sheet's points, column by column, as the players add them up at the end."""

from __future__ import annotations

from shared.games.lost_cities_dice.options import Rules
from shared.games.lost_cities_dice.sheet import Sheet
from shared.games.lost_cities_dice.sheet_data import COLOURS


def expedition_points(rules: Rules, filled: int, circle: bool) -> int:
    """An untouched expedition scores nothing; a circle doubles, negative scores included."""
    if filled:
        points = rules.expedition_points[filled - 1]
    elif circle:
        points = rules.circle_only
    else:
        return 0
    return 2 * points if circle else points


def breakdown(sheet: Sheet, rules: Rules) -> dict[str, int]:
    """Points per expedition, artefacts, dice and bridges (never doubled), and the total."""
    parts = {
        colour: expedition_points(rules, len(sheet.expeditions[index]), sheet.circles[index])
        for index, colour in enumerate(COLOURS)
    }
    parts["artefacts"] = rules.artefact_points[sheet.vases - 1] if sheet.vases else 0
    parts["dice"] = rules.dice_points[sheet.refusals - 1] if sheet.refusals else 0
    parts["bridges"] = rules.bridge_bonus * sum(sheet.bonuses)
    parts["total"] = sum(parts.values())
    return parts
