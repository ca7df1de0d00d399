"""Who moves next, and what happens between rounds: scoring the steamer's column, moving the
steamer, rolling the dice for the next start player, and the end of the game."""

from __future__ import annotations

from collections.abc import Iterator

from shared.chance import Chance
from shared.engine import JSON
from shared.games.livingstone.data import THRESHOLD_DICE
from shared.games.livingstone.state import Outcome, State, Turn, roll_round
from shared.immutable import replaced

ROUNDS_END, RESIGNATION = "rounds", "resignation"


def _clockwise(state: State, seat: int) -> Iterator[int]:
    """The seats still playing, clockwise after `seat`, ending with `seat` itself."""
    count = len(state.players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not state.players[candidate].resigned:
            yield candidate


def pass_turn(state: State, seat: int) -> Outcome:
    """After `seat`'s turn: the next player clockwise who can still take a die, skipping those
    who cannot; if nobody can, the round ends."""
    for candidate in _clockwise(state, seat):
        if state.round.can_take(candidate):
            return replaced(state, turn=Turn(candidate, began=state.step)), {"next": candidate}
    return end_round(state)


def column_points(state: State, column: int) -> list[int]:
    """Round scoring: each tent in `column` earns its owner the row's VP."""
    points = [0] * len(state.players)
    for row_points, owners in zip(state.rules.row_points, state.tents[column], strict=True):
        for owner in owners:
            points[owner] += row_points
    return points


def end_round(state: State) -> Outcome:
    scored = state.column
    points = column_points(state, scored)
    players = tuple(
        replaced(player, tent_points=player.tent_points + gained) if gained else player
        for player, gained in zip(state.players, points, strict=True)
    )
    steamer = state.steamer if state.round.steamer_back else state.steamer + 1
    state = replaced(state, players=players, steamer=steamer)
    details: dict[str, JSON] = {"scored": {"column": scored + 1, "points": points}}
    if steamer == state.rules.columns:
        return finish(state, ROUNDS_END), details
    start = next(_clockwise(state, state.round.start))
    state = replaced(
        state,
        round=roll_round(state.seed, state.round.number + 1, start, len(players)),
        turn=Turn(start, began=state.step),
    )
    details["round"] = {
        "number": state.round.number,
        "start": start,
        "column": steamer + 1,
        "dice": [*state.round.dice],
    }
    return state, details


def finish(state: State, ended_by: str) -> State:
    """The game is over. Two players who played it out roll the donation threshold now."""
    threshold = None
    if ended_by == ROUNDS_END and len(state.players) == 2:
        chance = Chance(state.seed, "donation-threshold")
        threshold = sum(chance.roll(6) for _ in range(THRESHOLD_DICE))
    return replaced(state, turn=None, ended_by=ended_by, threshold=threshold)


def drop_out(state: State, seat: int) -> Outcome:
    """`seat` resigned: skipped from now on. Its tents stay on the board."""
    state = state.with_player(seat, replaced(state.players[seat], resigned=True))
    if len(state.active_seats) == 1:
        return finish(state, RESIGNATION), {}
    assert state.turn is not None, "only a running game takes resignations"
    if state.turn.seat == seat:
        return pass_turn(state, seat)
    return state, {}
