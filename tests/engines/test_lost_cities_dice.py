"""Lost Cities: Roll & Write, rule by rule: each test sets up the sheet and the dice it needs,
makes one move through the engine and checks what the rules file says should happen."""

from __future__ import annotations

from typing import Any

import pytest

from shared.engine import RESIGN, BadOptions, Event, IllegalMove, Move
from shared.games.lost_cities_dice import DEFAULT_SHEET, LostCitiesDice
from shared.games.lost_cities_dice.options import HOUSE_SHEET, describe_layout
from shared.games.lost_cities_dice.scoring import breakdown, expedition_points
from shared.games.lost_cities_dice.sheet import EMPTY_SHEET, Sheet
from shared.games.lost_cities_dice.sheet_data import COLOURS
from shared.games.lost_cities_dice.state import State

ENGINE = LostCitiesDice()
SEED = "5eed" * 8
INDEX = {colour: index for index, colour in enumerate(COLOURS)}
COLUMN_ORDER = (*COLOURS, "artefacts", "dice")


# -- building positions -------------------------------------------------------------------


def start(players: int = 2, **options: Any) -> State:
    return ENGINE.new(players, SEED, {"first_player": 0, **options})


def make_sheet(
    expeditions: dict[str, list[int]] | None = None,
    circles: tuple[str, ...] = (),
    tops: tuple[str, ...] = (),
    vases: int = 0,
    refusals: int = 0,
) -> Sheet:
    written = expeditions or {}
    return EMPTY_SHEET._replace(
        expeditions=tuple(tuple(written.get(colour, [])) for colour in COLOURS),
        circles=tuple(colour in circles for colour in COLOURS),
        tops=tuple(colour in tops for colour in COLOURS),
        vases=vases,
        refusals=refusals,
    )


def with_dice(state: State, colours: list[str], numbers: list[int]) -> State:
    rolled = tuple(INDEX[colour] for colour in colours)
    return state._replace(
        rolled_colours=rolled, colours=rolled, rolled_numbers=tuple(numbers), numbers=tuple(numbers)
    )


def with_sheets(state: State, **sheets: Sheet) -> State:
    """Sheets by seat, e.g. `seat1=make_sheet(...)`."""
    replaced = list(state.sheets)
    for name, sheet in sheets.items():
        replaced[int(name.removeprefix("seat"))] = sheet
    return state._replace(sheets=tuple(replaced))


def play(state: State, seat: int, text: str) -> tuple[State, Event]:
    return ENGINE.transition(state, seat, ENGINE.parse_move(text))


def write(sheet: Sheet, text: str, options: dict[str, Any] | None = None) -> tuple[Sheet, Event]:
    """The active player (seat 0) makes `text` on `sheet`, with dice that allow it."""
    move = ENGINE.parse_move(text)
    state = with_sheets(start(**(options or {})), seat0=sheet)
    if move["action"] == "choose":
        state = with_dice(state, [move["colour"], "red", "red"], [move["number"], 1, 1])
    after, event = ENGINE.transition(state, 0, move)
    return after.sheets[0], event


def refused(code: str, sheet: Sheet, text: str) -> None:
    with pytest.raises(IllegalMove) as raised:
        write(sheet, text)
    assert raised.value.code == code
    assert raised.value.message


# -- double-point circles and numbers ------------------------------------------------------


def test_a_zero_on_an_unstarted_expedition_marks_its_circle() -> None:
    sheet, event = write(EMPTY_SHEET, "blue 0")
    assert sheet == make_sheet(circles=("blue",))
    assert event["marks"] == [{"mark": "circle", "colour": "blue"}]


def test_a_marked_circle_cannot_be_marked_again_nor_a_zero_start_the_expedition() -> None:
    refused("circle_marked", make_sheet(circles=("blue",)), "blue 0")


def test_a_zero_counts_as_ten_once_the_expedition_has_started() -> None:
    sheet, _ = write(make_sheet({"blue": [4]}), "blue 0")
    assert sheet == make_sheet({"blue": [4, 10]})
    assert sheet.circles == (False,) * 6, "a started expedition's circle stays unmarked"


def test_the_circle_stays_with_the_expedition_it_doubles() -> None:
    sheet, _ = write(make_sheet(circles=("red",)), "red 2")
    assert sheet == make_sheet({"red": [2]}, circles=("red",))


def test_the_guide_gives_the_points_the_scoring_counts() -> None:
    points = {
        "1 field": expedition_points(HOUSE_SHEET, 1, circle=False),
        "9": expedition_points(HOUSE_SHEET, 9, circle=False),
        "circle alone": expedition_points(HOUSE_SHEET, 0, circle=True),
    }
    assert points == {"1 field": -20, "9": 50, "circle alone": -100}
    scoring = " ".join(point.said() for point in LostCitiesDice.guide.rules)
    assert "-20 for 1 field up to 50 for 9, doubled (minus points too)" in scoring
    assert "a circle with no field scores -100 (-50 doubled)" in scoring
    assert HOUSE_SHEET.circle_only == -50
    assert expedition_points(HOUSE_SHEET, 1, circle=True) == -40  # minus points doubled too


def test_numbers_never_go_down_but_may_repeat() -> None:
    refused("number_too_low", make_sheet({"red": [5]}), "red 4")
    sheet, event = write(make_sheet({"red": [5]}), "red 5")
    assert sheet.expeditions[INDEX["red"]] == (5, 5)
    assert event["marks"] == [{"mark": "field", "colour": "red", "field": 2, "number": 5}]


def test_a_ten_can_only_be_followed_by_a_ten() -> None:
    refused("number_too_low", make_sheet({"red": [10]}), "red 9")
    assert write(make_sheet({"red": [10]}), "red 0")[0].expeditions[0] == (10, 10)


# -- acceleration --------------------------------------------------------------------------


def test_an_arrow_must_be_answered_and_may_be_declined() -> None:
    # House layout: red's arrow is on field 3.
    refused("acceleration_missing", make_sheet({"red": [1, 2]}), "red 3")
    sheet, _ = write(make_sheet({"red": [1, 2]}), "red 3 accel none")
    assert sheet == make_sheet({"red": [1, 2, 3]})


def test_accelerating_repeats_the_top_number_or_starts_with_a_one() -> None:
    sheet, _ = write(make_sheet({"red": [1, 2], "blue": [4]}), "red 3 accel blue")
    assert sheet == make_sheet({"red": [1, 2, 3], "blue": [4, 4]})
    sheet, _ = write(make_sheet({"red": [1, 2]}), "red 3 accel orange")
    assert sheet == make_sheet({"red": [1, 2, 3], "orange": [1]})


def test_the_written_expedition_itself_may_be_accelerated() -> None:
    sheet, _ = write(make_sheet({"red": [1, 2]}), "red 3 accel red")
    assert sheet == make_sheet({"red": [1, 2, 3, 3]})


def test_acceleration_never_marks_a_circle_and_starts_the_expedition() -> None:
    sheet, _ = write(make_sheet({"red": [1, 2]}), "red 3 accel green")
    assert sheet.circles[INDEX["green"]] is False
    sheet, _ = write(sheet, "green 0")
    assert sheet.expeditions[INDEX["green"]] == (1, 10), "once started, 0 is 10"


def test_a_chain_of_two_accelerations() -> None:
    # green 6 has an arrow; so has red 3: accelerating red reaches another arrow.
    before = make_sheet({"green": [1, 2, 3, 4, 5], "red": [2, 2]})
    refused("acceleration_missing", before, "green 7 accel red")
    sheet, event = write(before, "green 7 accel red accel blue")
    assert sheet == make_sheet({"green": [1, 2, 3, 4, 5, 7], "red": [2, 2, 2], "blue": [1]})
    assert [mark["colour"] for mark in event["marks"]] == ["green", "red", "blue"]
    assert event["choice"] == {
        "action": "choose",
        "colour": "green",
        "number": 7,
        "accelerate": ["red", "blue"],
    }


def test_the_chain_is_listed_among_the_legal_moves() -> None:
    state = with_dice(
        with_sheets(start(), seat0=make_sheet({"green": [1, 2, 3, 4, 5], "red": [2, 2]})),
        ["green", "yellow", "yellow"],
        [7, 7, 7],
    )
    texts = {ENGINE.format_move(move) for move in ENGINE.legal_moves(state, 0)}
    assert "green 7 accel red accel none" in texts
    assert "green 7 accel red accel red" in texts
    assert "green 7 accel red" not in texts
    assert "green 7 accel none" in texts


def test_naming_more_accelerations_than_arrows_reached_is_refused() -> None:
    refused("acceleration_unused", make_sheet({"red": [1]}), "red 2 accel blue")
    refused("acceleration_unused", make_sheet({"red": [1, 2]}), "red 3 accel none accel red")


def test_acceleration_marks_the_top_artefact_of_a_full_expedition_once() -> None:
    full = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    sheet, event = write(make_sheet({"red": [1, 2], "blue": full}), "red 3 accel blue")
    assert sheet.tops[INDEX["blue"]] and sheet.vases == 1
    assert {"mark": "top", "colour": "blue"} in event["marks"]
    topped = make_sheet({"red": [1, 2], "blue": full}, tops=("blue",))
    refused("cannot_accelerate", topped, "red 3 accel blue")


# -- artefacts -----------------------------------------------------------------------------


def test_an_artefact_field_marks_the_next_vase() -> None:
    # House layout: orange's artefact is on field 2.
    sheet, event = write(make_sheet({"orange": [3]}, vases=4), "orange 3")
    assert sheet.vases == 5
    assert event["marks"][-1] == {"mark": "vase", "vase": 5}


def test_an_artefact_reached_by_acceleration_counts_too() -> None:
    sheet, _ = write(make_sheet({"red": [1, 2], "orange": [3]}), "red 3 accel orange")
    assert sheet.vases == 1


def test_after_nine_vases_nothing_more_is_marked() -> None:
    sheet, event = write(make_sheet({"orange": [3]}, vases=9), "orange 3")
    assert sheet.vases == 9
    assert [mark["mark"] for mark in event["marks"]] == ["field"]


def test_the_top_artefact_of_a_full_expedition() -> None:
    full = make_sheet({"purple": [2, 3, 4, 5, 6, 7, 8, 8, 8]}, vases=2)
    refused("number_too_low", full, "purple 7")
    sheet, event = write(full, "purple 8")
    assert sheet.tops[INDEX["purple"]] and sheet.vases == 3
    assert sheet.expeditions == full.expeditions
    assert event["marks"] == [{"mark": "top", "colour": "purple"}, {"mark": "vase", "vase": 3}]
    refused("expedition_complete", sheet, "purple 9")


def test_the_top_artefact_is_offered_once_among_the_legal_moves() -> None:
    full = make_sheet({"purple": [2, 3, 4, 5, 6, 7, 8, 8, 8]})
    state = with_dice(with_sheets(start(), seat0=full), ["purple", "red", "red"], [7, 8, 0])
    purple = [m for m in ENGINE.legal_moves(state, 0) if m.get("colour") == "purple"]
    assert [ENGINE.format_move(move) for move in purple] == ["purple 0", "purple 8"]
    topped = with_sheets(state, seat0=full._replace(tops=(False,) * 5 + (True,)))
    assert not [m for m in ENGINE.legal_moves(topped, 0) if m.get("colour") == "purple"]


# -- refusals, exhaustion, bridges ---------------------------------------------------------


def test_a_refusal_marks_the_next_dice_symbol_and_the_ninth_exhausts() -> None:
    sheet, event = write(make_sheet(refusals=3), "refuse")
    assert sheet.refusals == 4
    assert event["marks"] == [{"mark": "dice", "symbol": 4, "exhausted": False}]
    sheet, event = write(make_sheet(refusals=8), "refuse")
    assert sheet.refusals == 9 and sheet.exhausted
    assert event["marks"] == [{"mark": "dice", "symbol": 9, "exhausted": True}]
    sheet, event = write(sheet, "refuse")
    assert sheet.refusals == 9 and event["marks"] == []


def test_the_seventh_mark_of_a_column_crosses_its_bridge_for_the_bonus() -> None:
    sheet, event = write(make_sheet({"yellow": [1, 1, 1, 1, 1, 1]}), "yellow 1")
    assert event["marks"][-1] == {"mark": "bridge", "column": "yellow", "bonus": 20}
    assert breakdown(sheet, HOUSE_SHEET)["bridges"] == 20
    sheet, event = write(make_sheet(vases=6, expeditions={"orange": [2]}), "orange 2")
    assert event["marks"][-1] == {"mark": "bridge", "column": "artefacts", "bonus": 20}
    sheet, event = write(make_sheet(refusals=6), "refuse")
    assert event["marks"][-1] == {"mark": "bridge", "column": "dice", "bonus": 20}


def test_an_exhausted_player_keeps_the_dice_bridge_bonus() -> None:
    sheet = make_sheet(refusals=6)
    for _ in range(3):
        sheet, _ = write(sheet, "refuse")
    assert sheet.exhausted
    points = breakdown(sheet, HOUSE_SHEET)
    assert points["dice"] == 0 and points["bridges"] == 20 and points["total"] == 20


def crossing_red(state: State, seat: int) -> Sheet:
    return state.sheets[seat]._replace(expeditions=((1, 1, 1, 1, 1, 1), *((),) * 5))


@pytest.mark.parametrize("order", ["simultaneous", "clockwise"])
def test_players_crossing_a_bridge_in_the_same_turn_all_get_the_bonus(order: str) -> None:
    state = start(4, order=order)
    state = with_sheets(
        state,
        **{f"seat{seat}": crossing_red(state, seat) for seat in range(4)},
    )
    state = with_dice(state, ["red", "red", "blue"], [1, 1, 5])
    state, _ = play(state, 0, "red 1")
    state, _ = play(state, 1, "red 1")
    state, _ = play(state, 2, "refuse")
    state, event = play(state, 3, "red 1")
    bonuses = [sheet.bonuses[INDEX["red"]] for sheet in state.sheets]
    assert bonuses == [True, True, False, True]
    assert state.bridge_turns[INDEX["red"]] == 1
    # A turn later the bridge pays nothing.
    state = with_dice(state, ["red", "red", "blue"], [1, 1, 5])
    state, event = play(state, 1, "refuse")
    state, event = play(state, 2, "red 1")
    assert state.pending[2] is not None or event["marks"][-1]["bonus"] == 0
    state, _ = play(state, 3, "refuse")
    state, event = play(state, 0, "refuse")
    assert state.sheets[2].bonuses[INDEX["red"]] is False
    assert state.sheets[2].expeditions[INDEX["red"]] == (1,) * 7


# -- turns, simultaneous and clockwise ------------------------------------------------------


def test_the_active_player_chooses_first_then_the_others_from_the_dice_left() -> None:
    state = with_dice(start(3), ["red", "blue", "blue"], [2, 5, 5])
    assert ENGINE.to_act(state) == (0,)
    assert ENGINE.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove) as raised:
        play(state, 1, "blue 5")
    assert raised.value.code == "not_your_turn"
    state, event = play(state, 0, "red 2")
    assert event["left"] == {"colours": ["blue", "blue"], "numbers": [5, 5]}
    assert ENGINE.to_act(state) == (1, 2)
    with pytest.raises(IllegalMove) as raised:
        play(state, 1, "red 5")
    assert raised.value.code == "dice_not_available"
    with pytest.raises(IllegalMove):
        play(state, 1, "blue 2")
    assert {ENGINE.format_move(m) for m in ENGINE.legal_moves(state, 1)} == {"blue 5", "refuse"}


def test_after_a_refusal_all_six_dice_stay_available() -> None:
    state = with_dice(start(2), ["red", "blue", "green"], [2, 5, 0])
    state, event = play(state, 0, "refuse")
    assert event["left"] == {"colours": ["red", "blue", "green"], "numbers": [2, 5, 0]}
    assert len(ENGINE.legal_moves(state, 1)) == 3 * 3 + 1


def test_several_players_may_choose_the_same_dice() -> None:
    state = with_dice(start(3), ["red", "blue", "green"], [2, 5, 7])
    state, _ = play(state, 0, "red 2")
    state, _ = play(state, 2, "blue 5")
    state, event = play(state, 1, "blue 5")
    assert [item["seat"] for item in event["revealed"]] == [1, 2]
    assert state.sheets[1].expeditions == state.sheets[2].expeditions


def test_a_pending_simultaneous_choice_is_hidden_until_all_have_chosen() -> None:
    state = with_dice(start(3), ["red", "blue", "green"], [2, 5, 7])
    state, _ = play(state, 0, "refuse")
    before = [ENGINE.view(state, seat) for seat in (None, 0, 2)]
    state, event = play(state, 1, "green 7")
    assert ENGINE.to_act(state) == (2,)
    assert [ENGINE.view(state, seat) for seat in (None, 0, 2)] != before  # "chosen" changes
    for seat in (None, 0, 2):
        view = ENGINE.view(state, seat)
        assert view["your_choice"] is None and view["chosen"] == [1]
        assert view["sheets"][1]["expeditions"]["green"]["numbers"] == []
        assert ENGINE.redact_event(event, seat) == {"type": "choice", "turn": 1, "seat": 1}
        assert "green" not in ENGINE.render_event(ENGINE.redact_event(event, seat))
    own = ENGINE.redact_event(event, 1)
    assert own["choice"] == ENGINE.parse_move("green 7") and own["pending"] is True
    assert "green 7" in ENGINE.render_event(own)
    assert ENGINE.view(state, 1)["your_choice"] == ENGINE.parse_move("green 7")
    with pytest.raises(IllegalMove) as raised:
        play(state, 1, "red 2")
    assert raised.value.code == "already_chosen"
    state, event = play(state, 2, "refuse")
    assert "secret" not in event
    assert event["revealed"][0]["choice"] == ENGINE.parse_move("green 7")
    assert event["next"]["turn"] == 2 and event["next"]["active"] == 1
    assert state.sheets[1].expeditions[INDEX["green"]] == (7,)


@pytest.mark.parametrize("order", ["simultaneous", "clockwise"])
def test_a_bad_choice_that_would_end_the_turn_is_refused_and_changes_nothing(order: str) -> None:
    state = with_dice(start(2, order=order), ["red", "blue", "green"], [2, 5, 7])
    state = with_sheets(state, seat1=make_sheet({"green": [9]}))
    state, _ = play(state, 0, "refuse")
    with pytest.raises(IllegalMove) as raised:
        play(state, 1, "green 7")
    assert raised.value.code == "number_too_low"
    assert ENGINE.to_act(state) == (1,) and state.pending == (None, None)


def test_clockwise_order_lets_each_player_see_the_earlier_choices() -> None:
    state = with_dice(start(4, order="clockwise", first_player=2), ["red"] * 3, [2, 5, 7])
    state, _ = play(state, 2, "red 2")
    assert ENGINE.to_act(state) == (3,)
    with pytest.raises(IllegalMove) as raised:
        play(state, 0, "red 5")
    assert raised.value.code == "not_your_turn"
    state, event = play(state, 3, "red 5")
    assert "secret" not in event and event["choice"] == ENGINE.parse_move("red 5")
    assert ENGINE.view(state, 0)["sheets"][3]["expeditions"]["red"]["numbers"] == [5]
    assert ENGINE.to_act(state) == (0,)
    state, _ = play(state, 0, "refuse")
    state, event = play(state, 1, "refuse")
    assert event["next"]["active"] == 3 and ENGINE.to_act(state) == (3,)


def test_the_first_player_is_drawn_from_the_seed_unless_chosen() -> None:
    drawn = {ENGINE.new(5, f"{n:032x}").active for n in range(40)}
    assert drawn == set(range(5))
    assert ENGINE.new(5, SEED, {"first_player": 3}).active == 3
    with pytest.raises(BadOptions):
        ENGINE.configure(2, {"first_player": 2})


def test_the_dice_come_from_the_seed() -> None:
    first = ENGINE.new(3, SEED, {"first_player": 0})
    again = ENGINE.new(3, SEED, {"first_player": 0})
    assert (first.rolled_colours, first.rolled_numbers) == (
        again.rolled_colours,
        again.rolled_numbers,
    )
    rolls = {ENGINE.new(2, f"{n:032x}").rolled_numbers for n in range(30)}
    assert len(rolls) > 20


# -- the end -------------------------------------------------------------------------------


def test_the_game_ends_after_the_turn_in_which_all_are_exhausted() -> None:
    state = with_sheets(start(3), seat0=make_sheet(refusals=8), seat1=make_sheet(refusals=9))
    state = with_sheets(state, seat2=make_sheet(refusals=7))
    state, _ = play(state, 0, "refuse")
    state, _ = play(state, 1, "refuse")
    state, event = play(state, 2, "refuse")
    assert "next" in event and not ENGINE.is_over(state), "seat 2 is not exhausted yet"
    state, _ = play(state, 1, "refuse")
    state, _ = play(state, 2, "refuse")
    assert ENGINE.to_act(state) == (0,), "the turn is not over before everyone has chosen"
    state, event = play(state, 0, "refuse")
    assert ENGINE.is_over(state) and event["end"]["reason"] == "exhausted"
    result = ENGINE.result(state)
    assert result is not None and result["reason"] == "exhausted"


def test_the_game_ends_after_the_turn_in_which_the_last_bridge_is_crossed() -> None:
    state = start(3)
    state = state._replace(bridge_turns=(1, 1, 1, 1, 1, 1, 1, None))
    state = with_sheets(state, seat0=make_sheet(refusals=6))
    state, event = play(state, 0, "refuse")
    assert state.bridge_turns[-1] == 1 and not ENGINE.is_over(state)
    state, _ = play(state, 1, "refuse")
    state, event = play(state, 2, "refuse")
    assert ENGINE.is_over(state) and event["end"]["reason"] == "bridges"
    assert ENGINE.to_act(state) == ()
    with pytest.raises(IllegalMove) as raised:
        play(state, 0, "refuse")
    assert raised.value.code == "game_over"


def test_the_highest_total_wins_and_equal_totals_share() -> None:
    state = start(3)._replace(ended_by="bridges")
    state = with_sheets(
        state,
        seat0=make_sheet({"red": [1, 2, 3, 4]}),
        seat1=make_sheet({"blue": [1, 2, 3, 4]}),
        seat2=make_sheet({"blue": [1]}),
    )
    result = ENGINE.result(state)
    assert result is not None
    assert result["scores"] == [5, 5, -20] and result["winners"] == [0, 1]
    assert result["breakdown"][2] == {
        **dict.fromkeys(COLOURS, 0),
        "blue": -20,
        "artefacts": 0,
        "dice": 0,
        "bridges": 0,
        "total": -20,
    }


# -- scoring tables ------------------------------------------------------------------------

EXPEDITION_ROWS = [(0, 0), (1, -20), (2, -15), (3, -10), (4, 5), (5, 10), (6, 15), (7, 30)]
EXPEDITION_ROWS += [(8, 35), (9, 50)]


@pytest.mark.parametrize(("fields", "points"), EXPEDITION_ROWS)
def test_expedition_points_by_fields_filled(fields: int, points: int) -> None:
    sheet = make_sheet({"green": list(range(1, fields + 1))})
    assert breakdown(sheet, HOUSE_SHEET)["green"] == points
    doubled = sheet._replace(circles=(False, False, False, True, False, False))
    assert breakdown(doubled, HOUSE_SHEET)["green"] == (2 * points if fields else -100)


def test_a_circle_only_expedition_costs_a_hundred() -> None:
    sheet, _ = write(EMPTY_SHEET, "orange 0")
    assert breakdown(sheet, HOUSE_SHEET)["orange"] == -100
    assert breakdown(sheet, HOUSE_SHEET)["total"] == -100


@pytest.mark.parametrize(
    ("marks", "artefacts", "dice"),
    [
        (0, 0, 0),
        (1, -40, -40),
        (2, -30, -30),
        (3, -20, -20),
        (4, 10, 10),
        (5, 20, 20),
        (6, 30, 30),
        (7, 60, 60),
        (8, 70, 70),
        (9, 100, 0),
    ],
)
def test_artefact_and_dice_columns_by_marks(marks: int, artefacts: int, dice: int) -> None:
    points = breakdown(make_sheet(vases=marks, refusals=marks), HOUSE_SHEET)
    assert (points["artefacts"], points["dice"]) == (artefacts, dice)


def test_bridge_points_are_never_doubled() -> None:
    sheet, _ = write(make_sheet({"red": [1] * 6}, circles=("red",)), "red 1")
    points = breakdown(sheet, HOUSE_SHEET)
    assert points["red"] == 60 and points["bridges"] == 20 and points["total"] == 80


# -- resigning -----------------------------------------------------------------------------


def test_resigning_with_two_players_ends_the_game_for_the_other() -> None:
    state = start(2)
    state, event = ENGINE.transition(state, 1, dict(RESIGN))
    assert ENGINE.is_over(state) and event["end"]["winners"] == [0]
    result = ENGINE.result(state)
    assert result is not None and result["winners"] == [0] and result["resigned"] == [1]


def test_an_active_player_who_resigns_passes_the_turn_with_a_new_roll() -> None:
    state = start(3)
    state, event = ENGINE.transition(state, 0, dict(RESIGN))
    assert event["next"] == {**event["next"], "turn": 2, "active": 1}
    assert ENGINE.to_act(state) == (1,)
    state, _ = play(state, 1, "refuse")
    assert ENGINE.to_act(state) == (2,), "the resigned seat makes no choices"
    state, event = play(state, 2, "refuse")
    assert event["next"]["active"] == 2
    state, _ = play(state, 2, "refuse")
    state, event = play(state, 1, "refuse")
    assert event["next"]["active"] == 1, "the resigned seat is skipped as active player"


def test_a_resigning_seat_s_pending_choice_is_dropped_and_may_end_the_turn() -> None:
    state = with_dice(start(4), ["red", "blue", "green"], [2, 5, 7])
    state, _ = play(state, 0, "refuse")
    state, _ = play(state, 1, "green 7")
    state, _ = play(state, 2, "green 7")
    state, event = ENGINE.transition(state, 1, dict(RESIGN))
    assert state.pending[1] is None and ENGINE.to_act(state) == (3,)
    state, event = ENGINE.transition(state, 3, dict(RESIGN))
    assert [item["seat"] for item in event["revealed"]] == [2]
    assert state.sheets[1] == EMPTY_SHEET and state.sheets[2].expeditions[INDEX["green"]] == (7,)
    assert event["next"]["active"] == 2
    with pytest.raises(IllegalMove) as raised:
        ENGINE.transition(state, 1, dict(RESIGN))
    assert raised.value.code == "resigned"
    state, event = ENGINE.transition(state, 0, dict(RESIGN))
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert result is not None and result["winners"] == [2] and result["reason"] == "resignation"


def test_a_resigned_seat_cannot_win_on_points() -> None:
    state = start(3)._replace(resigned=(True, False, False), ended_by="exhausted")
    state = with_sheets(state, seat0=make_sheet({"red": [1] * 9}))
    result = ENGINE.result(state)
    assert result is not None and result["scores"][0] == 50 and result["winners"] == [1, 2]


def test_resign_takes_no_other_fields() -> None:
    with pytest.raises(IllegalMove):
        ENGINE.transition(start(), 0, {"action": "resign", "seat": 1})


# -- notation ------------------------------------------------------------------------------


def test_notation_moves_are_state_free_json() -> None:
    assert ENGINE.parse_move("green 7 accel red accel none") == {
        "action": "choose",
        "colour": "green",
        "number": 7,
        "accelerate": ["red", None],
    }
    assert ENGINE.parse_move("refuse") == {"action": "refuse"}
    assert ENGINE.parse_move("resign") == RESIGN


@pytest.mark.parametrize(
    "move",
    [
        {"action": "choose", "colour": "red"},
        {"action": "choose", "colour": "red", "number": True},
        {"action": "choose", "colour": "red", "number": 4.0},
        {"action": "choose", "colour": "Red", "number": 4},
        {"action": "choose", "colour": "red", "number": 4, "accelerate": "blue"},
        {"action": "choose", "colour": "red", "number": 4, "accelerate": [7]},
        {"action": "choose", "colour": "red", "number": 4, "die": 1},
        {"action": "refuse", "colour": "red"},
        {"action": "roll"},
    ],
)
def test_malformed_json_moves_are_illegal(move: Move) -> None:
    state = with_dice(start(), ["red"] * 3, [4] * 3)
    with pytest.raises(IllegalMove):
        ENGINE.transition(state, 0, move)


# -- the sheet option ----------------------------------------------------------------------


def test_the_default_sheet_is_the_house_layout_of_the_rules_file() -> None:
    assert describe_layout(HOUSE_SHEET) == (
        "red: arrow 3, artefact 6 · orange: arrow 5, artefact 2 · "
        "yellow: arrow 2, artefact 8 · green: arrow 6, artefact 4 · "
        "blue: arrow 4, artefact 7 · purple: arrow 8, artefact 5"
    )
    assert ENGINE.configure(2, {})["sheet"] == DEFAULT_SHEET


def test_a_game_can_use_another_layout_and_scales() -> None:
    layout: dict[str, dict[str, list[int]]] = {
        colour: {"arrows": [], "artefacts": []} for colour in COLOURS
    }
    layout["red"] = {"arrows": [1, 5], "artefacts": [2, 3]}
    options: dict[str, Any] = {"sheet": {"layout": layout, "bridge_bonus": 25, "circle_only": -40}}
    configured = ENGINE.configure(2, options)
    assert configured["sheet"]["artefact_points"] == DEFAULT_SHEET["artefact_points"]
    assert configured["sheet"]["bridge_bonus"] == 25
    sheet, _ = write(EMPTY_SHEET, "red 1 accel red", options)
    assert sheet == make_sheet({"red": [1, 1]}, vases=1)
    sheet, _ = write(make_sheet({"green": [1] * 6}), "green 1", options)
    state = start(**options)
    assert breakdown(sheet, state.rules)["bridges"] == 25
    assert breakdown(make_sheet(circles=("red",)), state.rules)["red"] == -80


@pytest.mark.parametrize(
    ("sheet", "reason"),
    [
        ("house", "must be an object"),
        ({"layuot": {}}, "has no entry 'layuot'"),
        ({"layout": []}, "layout must map each colour"),
        ({"layout": {"red": {}}}, "missing orange"),
        ({"layout": {**DEFAULT_SHEET["layout"], "pink": {}}}, "unknown pink"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": []}}, "layout.red must be an object"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrow": [3]}}}, "layout.red must"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": 3}}}, "list of field"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [0]}}}, "1 to 9, not 0"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [10]}}}, "not 10"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [True]}}}, "not True"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [3, 3]}}}, "twice"),
        ({"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [3, 4]}}}, "adjacent"),
        (
            {"layout": {**DEFAULT_SHEET["layout"], "red": {"arrows": [3], "artefacts": [3]}}},
            "both an arrow and an artefact",
        ),
        ({"expedition_points": [1, 2, 3]}, "list of 9 values"),
        ({"artefact_points": "100"}, "list of 9 values"),
        ({"dice_points": [0.5] * 9}, "dice_points[0] must be a whole number"),
        ({"circle_only": -5000}, "circle_only must be a whole number from -1000"),
        ({"bridge_bonus": "20"}, "bridge_bonus must be a whole number"),
        ({"bridge_bonus": False}, "bridge_bonus must be a whole number"),
    ],
)
def test_bad_sheets_are_refused_with_a_reason(sheet: Any, reason: str) -> None:
    with pytest.raises(BadOptions) as raised:
        ENGINE.configure(3, {"sheet": sheet})
    assert raised.value.option == "sheet"
    assert reason in raised.value.message


@pytest.mark.parametrize("order", ["simultaneous", "clockwise", "CLOCKWISE"])
def test_the_order_option(order: str) -> None:
    assert ENGINE.configure(2, {"order": order})["order"] == order.lower()
    with pytest.raises(BadOptions):
        ENGINE.configure(2, {"order": "anticlockwise"})


# -- rendering -----------------------------------------------------------------------------


def test_views_render_as_plain_text_with_every_sheet() -> None:
    state = with_dice(start(3), ["red", "blue", "blue"], [3, 0, 7])
    state = with_sheets(state, seat1=make_sheet({"red": [2, 2]}, circles=("blue",), vases=2))
    state, _ = play(state, 0, "refuse")
    state, _ = play(state, 1, "red 3 accel none")
    text = ENGINE.render_view(ENGINE.view(state, 1))
    assert "Active player: seat 0, who refused" in text and "red blue blue | 3 0 7" in text
    assert "Your choice (hidden from the others): red 3 accel none" in text
    assert "Sheet of seat 1 (you" in text and "Sheet of seat 2" in text
    others = ENGINE.render_view(ENGINE.view(state, 2))
    assert "red 3 accel none" not in others and "seat 1" in others
    named = ENGINE.render_view(ENGINE.view(state, 1), ["ada", "bo", "cy"])
    assert "Dice rolled by ada" in named and "Sheet of bo (you" in named
    assert "To choose: cy" in named and "seat " not in named


def test_events_render_on_one_line() -> None:
    state = with_dice(start(2), ["red", "blue", "blue"], [3, 0, 7])
    state, event = play(state, 0, "blue 0")
    line = ENGINE.render_event(event)
    assert "\n" not in line and "blue 0" in line and "blue circle" in line
    state, event = play(state, 1, "red 7")
    line = ENGINE.render_event(event)
    assert "\n" not in line and "red field 1 = 7" in line and "turn 2: seat 1 rolled" in line
    state, event = ENGINE.transition(state, 0, dict(RESIGN))
    assert "resigned" in ENGINE.render_event(event) and "won by seat 1" in ENGINE.render_event(
        event
    )
    assert ENGINE.render_event(event, ["ada", "bo"]).startswith("turn 2: ada resigned")
    assert "won by bo" in ENGINE.render_event(event, ["ada", "bo"])
