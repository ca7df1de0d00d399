"""The game state and the flow of a turn: roll, the active player's choice, the others'
choices (one after another, or simultaneously and hidden), then the next roll or the end.

The active player's choice is applied at once: it is public, and the others need to know
which dice it leaves them. In simultaneous order the others' choices are only checked when
made and applied together when the last one is in, so a pending choice changes nothing that
another seat can see. Bridge bonuses go to everyone who crosses in the turn a bridge is first
crossed, which makes that all-at-once application (or any order) give the same result.
"""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Seat
from shared.games.lost_cities_dice.moves import Action, encode
from shared.games.lost_cities_dice.result import result
from shared.games.lost_cities_dice.sheet import Mark, Sheet, write
from shared.games.lost_cities_dice.sheet_data import (
    COLOURS,
)
from shared.games.lost_cities_dice.state import State, roll
from shared.immutable import replace_at, replaced
from shared.words import LATER


def apply_action(state: State, seat: Seat, choice: Action) -> tuple[State, Event]:
    """A seat's choice or refusal: checked against whose turn it is and the dice it may use."""
    _check_may_choose(state, seat)
    if choice.colour is not None:
        _check_dice(state, choice)
    event: Event = {"type": "choice", "turn": state.turn_number, "seat": seat}
    waiting = tuple(other for other in state.waiting if other != seat)
    if state.active_choice is None:
        return _active_chooses(state, seat, choice, event), event
    if state.rules.clockwise:
        sheets, bridge_turns, marks = _written(state, seat, choice)
        event.update(choice=encode(choice), marks=marks)
        state = replaced(state, sheets=sheets, bridge_turns=bridge_turns, waiting=waiting)
    else:
        # Applied with the others' when all are in; checked (and shown to the chooser) now
        # unless this is the last choice, which the end of the turn checks by applying it.
        state = replaced(state, pending=replace_at(state.pending, seat, choice), waiting=waiting)
        if waiting:
            marks = _written(state, seat, choice)[2]
            event["secret"] = {
                str(seat): {"choice": encode(choice), "marks": marks, "pending": True}
            }
    return (state, event) if waiting else (_end_turn(state, event), event)


def resign(state: State, seat: Seat) -> tuple[State, Event]:
    """The seat leaves: its hidden choice is dropped; if it was the last one the turn waited
    for (or the active player yet to choose), the turn ends; one player left ends the game."""
    _check_in_game(state, seat)
    event: Event = {"type": "resign", "turn": state.turn_number, "seat": seat}
    was_awaited = seat in state.waiting
    state = replaced(
        state,
        resigned=replace_at(state.resigned, seat, True),
        pending=replace_at(state.pending, seat, None),
        waiting=tuple(other for other in state.waiting if other != seat),
    )
    if state.resigned.count(False) == 1:
        return _finish(state, "resignation", event), event
    if was_awaited and not state.waiting:
        return _end_turn(state, event), event
    return state, event


def _active_chooses(state: State, seat: Seat, choice: Action, event: Event) -> State:
    sheets, bridge_turns, marks = _written(state, seat, choice)
    colours, numbers = state.colours, state.numbers
    if choice.colour is not None:
        colours, numbers = _without(colours, choice.colour), _without(numbers, choice.number)
    event.update(
        active=True,
        choice=encode(choice),
        marks=marks,
        left={"colours": [COLOURS[c] for c in colours], "numbers": list(numbers)},
    )
    return replaced(
        state,
        sheets=sheets,
        bridge_turns=bridge_turns,
        active_choice=choice,
        colours=colours,
        numbers=numbers,
        waiting=tuple(
            other
            for step in range(1, state.players)
            if not state.resigned[other := (seat + step) % state.players]
        ),
    )


def _written(
    state: State, seat: Seat, choice: Action
) -> tuple[tuple[Sheet, ...], tuple[int | None, ...], list[Mark]]:
    """The sheets and first-crossing turns after `seat` writes `choice`, and its marks."""
    sheet, marks, crossed = write(
        state.sheets[seat], state.rules, choice, state.bridge_turns, state.turn_number
    )
    bridge_turns = state.bridge_turns
    if crossed:
        bridge_turns = tuple(
            state.turn_number if first is None and column in crossed else first
            for column, first in enumerate(bridge_turns)
        )
    return replace_at(state.sheets, seat, sheet), bridge_turns, marks


def _end_turn(state: State, event: Event) -> State:
    """Reveal and apply the hidden choices, then end the game or roll for the next player."""
    if state.pending.count(None) < state.players:
        revealed = []
        for seat, choice in enumerate(state.pending):
            if choice is not None:
                sheets, bridge_turns, marks = _written(state, seat, choice)
                state = replaced(state, sheets=sheets, bridge_turns=bridge_turns)
                revealed.append({"seat": seat, "choice": encode(choice), "marks": marks})
        event["revealed"] = revealed
        state = replaced(state, pending=(None,) * state.players)
    if None not in state.bridge_turns:
        return _finish(state, "bridges", event)
    if all(sheet.exhausted or out for sheet, out in zip(state.sheets, state.resigned, strict=True)):
        return _finish(state, "exhausted", event)
    active = next(
        seat
        for step in range(1, state.players + 1)
        if not state.resigned[seat := (state.active + step) % state.players]
    )
    turn_number = state.turn_number + 1
    colours, numbers = roll(state.seed, turn_number)
    event["next"] = {
        "turn": turn_number,
        "active": active,
        "colours": [COLOURS[c] for c in colours],
        "numbers": list(numbers),
    }
    return replaced(
        state,
        turn_number=turn_number,
        active=active,
        rolled_colours=colours,
        rolled_numbers=numbers,
        colours=colours,
        numbers=numbers,
        active_choice=None,
        waiting=(active,),
    )


def _finish(state: State, ended_by: str, event: Event) -> State:
    state = replaced(state, ended_by=ended_by, waiting=(), pending=(None,) * state.players)
    final = result(state)
    assert final is not None
    event["end"] = {"reason": ended_by, "scores": final["scores"], "winners": final["winners"]}
    return state


def _check_in_game(state: State, seat: Seat) -> None:
    if state.over:
        raise IllegalMove("game_over", LATER.gettext("the game is over"))
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalMove(
            "no_such_seat", LATER.gettext("there is no seat %(seat)s in this game", seat=seat)
        )
    if state.resigned[seat]:
        raise IllegalMove(
            "resigned",
            LATER.gettext("%(seat)s has resigned and takes no further part"),
            {"seat": seat},
        )


def _check_may_choose(state: State, seat: Seat) -> None:
    _check_in_game(state, seat)
    if seat in state.to_act:
        return
    if state.active_choice is None:
        raise IllegalMove(
            "not_your_turn",
            LATER.gettext("%(active)s is the active player and chooses first"),
            {"active": state.active},
        )
    if seat in state.waiting:
        raise IllegalMove(
            "not_your_turn",
            LATER.gettext("%(before)s chooses before you (clockwise order)"),
            {"before": state.waiting[0]},
        )
    raise IllegalMove("already_chosen", LATER.gettext("you have made your choice this turn"))


def _check_dice(state: State, choice: Action) -> None:
    assert choice.colour is not None
    if choice.colour not in state.colours or choice.number not in state.numbers:
        raise IllegalMove(
            "dice_not_available",
            LATER.gettext(
                "%(colour)s %(number)d is not among your dice: colours %(colours)s; "
                "numbers %(numbers)s",
                colour=COLOURS[choice.colour],
                number=choice.number,
                colours=", ".join(COLOURS[c] for c in state.colours),
                numbers=", ".join(str(n) for n in state.numbers),
            ),
        )


def _without(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The dice left when one die showing `value` is taken."""
    index = dice.index(value)
    return dice[:index] + dice[index + 1 :]
