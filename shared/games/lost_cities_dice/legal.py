"""Every legal move of a seat: each choice its sheet can take from the dice it may use,
acceleration chains included, and the refusal.

This runs on every step of every game (and of the benchmark), so it reasons on field counts
rather than by writing trial sheets: a chain only needs to know, per colour, how many fields
are filled and whether the top artefact is still free.
"""

from __future__ import annotations

from shared.engine import Move
from shared.games.lost_cities_dice.moves import REFUSE, choose_move
from shared.games.lost_cities_dice.options import Rules
from shared.games.lost_cities_dice.sheet import Sheet
from shared.games.lost_cities_dice.sheet_data import COLOURS, FIELDS
from shared.games.lost_cities_dice.state import State

Chain = list[str | None]


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in state.to_act:
        return []
    return sheet_moves(state.sheets[seat], state.rules, state.colours, state.numbers)


def sheet_moves(
    sheet: Sheet, rules: Rules, colours: tuple[int, ...], numbers: tuple[int, ...]
) -> list[Move]:
    """Each distinct (colour, number) the dice offer that the sheet can take, with every
    acceleration chain it leads to, then the refusal (always allowed)."""
    moves: list[Move] = []
    distinct_numbers = sorted(set(numbers))
    for colour in sorted(set(colours)):
        name = COLOURS[colour]
        expedition = sheet.expeditions[colour]
        filled = len(expedition)
        chains: list[Chain] | None = None
        for number in distinct_numbers:
            if number == 0 and not filled:
                if not sheet.circles[colour]:
                    moves.append(choose_move(name, 0, []))
                continue
            if filled and (number or 10) < expedition[-1]:
                continue
            if filled == FIELDS:
                if not sheet.tops[colour]:
                    moves.append(choose_move(name, number, []))
                continue
            if not rules.arrows[colour][filled]:
                moves.append(choose_move(name, number, []))
                continue
            if chains is None:
                lengths = [len(column) for column in sheet.expeditions]
                lengths[colour] += 1
                chains = acceleration_chains(lengths, sheet.tops, rules)
            moves.extend(choose_move(name, number, list(chain)) for chain in chains)
    moves.append(dict(REFUSE))
    return moves


def acceleration_chains(lengths: list[int], tops: tuple[bool, ...], rules: Rules) -> list[Chain]:
    """Every way to answer an arrow just reached, given fields filled per colour.

    Declining ends the chain; accelerating a colour writes its next field (which may reach
    another arrow) or, on a full expedition, marks its top artefact once. `lengths` is
    restored before returning.
    """
    chains: list[Chain] = [[None]]
    for target, name in enumerate(COLOURS):
        filled = lengths[target]
        if filled == FIELDS:
            if not tops[target]:
                chains.append([name])
        elif rules.arrows[target][filled]:
            lengths[target] += 1
            chains.extend([name, *rest] for rest in acceleration_chains(lengths, tops, rules))
            lengths[target] -= 1
        else:
            chains.append([name])
    return chains
