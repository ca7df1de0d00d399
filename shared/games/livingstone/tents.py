"""Tents on the board: where one may go, what it costs, and putting it there."""

from __future__ import annotations

from shared.engine import JSON
from shared.games.livingstone.state import Field, Outcome, State
from shared.immutable import replace_at, replaced


def owners_to_pay(state: State, seat: int, field: Field) -> tuple[int, ...]:
    """The other players with a tent on `field`: each gets 1 thaler from a newcomer."""
    column, row = field
    owners = state.tents[column][row - 1]
    if not owners:
        return ()
    return tuple(sorted(set(owners) - {seat}))


def tent_price(state: State, seat: int, field: Field, free: bool) -> int:
    if free:
        return 0
    return state.rules.costs[field[0]] + len(owners_to_pay(state, seat, field))


def scored_fields(state: State, seat: int) -> list[Field]:
    """Fields holding a tent of `seat` in a column already left behind (not the one the steamer
    is at): where Extra Tent may add one, and where two players re-use tents from."""
    return [
        (column, row)
        for column in range(state.column)
        for row, owners in enumerate(state.tents[column], start=1)
        if seat in owners
    ]


def _with_tents(state: State, field: Field, owners: tuple[int, ...]) -> State:
    column, row = field
    return replaced(
        state,
        tents=replace_at(state.tents, column, replace_at(state.tents[column], row - 1, owners)),
    )


def place_tent(
    state: State, seat: int, field: Field, free: bool, source: Field | None = None
) -> Outcome:
    """Put a tent of `seat` on `field`, paying for it unless `free`; from the player's supply, or
    picked up from `source`. The caller has checked that this is allowed and affordable."""
    column, row = field
    details: dict[str, JSON] = {"column": column + 1, "row": row}
    fees = () if free else owners_to_pay(state, seat, field)
    cost = 0 if free else state.rules.costs[column]
    players = list(state.players)
    player = players[seat]
    thalers = player.thalers - cost - len(fees)
    players[seat] = replaced(
        player,
        thalers=thalers,
        donated_at_most=min(player.donated_at_most, thalers + player.donated),
        tents_left=player.tents_left - (source is None),
    )
    for owner in fees:
        players[owner] = replaced(players[owner], thalers=players[owner].thalers + 1)
    state = replaced(state, players=tuple(players))
    if source is not None:
        owners = list(state.tents[source[0]][source[1] - 1])
        owners.remove(seat)
        state = _with_tents(state, source, tuple(owners))
        details["from"] = [source[0] + 1, source[1]]
    details["cost"] = cost
    if fees:
        details["fees"] = [*fees]
    return _with_tents(state, field, (*state.tents[column][row - 1], seat)), details
