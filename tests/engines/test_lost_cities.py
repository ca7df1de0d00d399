"""The rules of lost-cities, one by one, on deals set up with the `deck` option."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from shared.engine import RESIGN, BadOptions, IllegalMove
from shared.games.lost_cities import LostCities
from shared.games.lost_cities.cards import CARD_ID, CODE_OF_ID, code_of, deck_codes
from shared.games.lost_cities.scoring import expedition_points
from shared.games.lost_cities.state import State
from shared.immutable import replaced

ENGINE = LostCities()
SEED = "00112233445566778899aabbccddeeff"


def ids(text: str) -> list[str]:
    return text.split()


def codes(text: str) -> tuple[int, ...]:
    return tuple(CODE_OF_ID[card] for card in ids(text))


def deck(first: str, second: str, top: str = "", colours: int = 5) -> list[str]:
    """A full card order: the start player's 8, the other's 8, then the draw pile from `top`
    down, the cards not named at the bottom in code order."""
    named = ids(first) + ids(second) + ids(top)
    rest = [CARD_ID[c] for c in deck_codes(colours) if CARD_ID[c] not in named]
    return named + rest


HAND_0 = "Yw1 Y2 Y5 Bw1 B3 W10 G4 R9"
HAND_1 = "Yw2 Y3 Y6 B2 B4 W2 G5 R10"
OTHER_HAND = "W2 W3 W4 G2 G3 G5 R2 R10"


def new(first: str = HAND_0, second: str = HAND_1, top: str = "", **options: Any) -> State:
    colours = options.get("colours", 5)
    options.setdefault("first_player", 0)
    options.setdefault("rounds", 1)
    return ENGINE.new(2, SEED, {"deck": deck(first, second, top, colours), **options})


def move(text: str) -> dict[str, Any]:
    return ENGINE.parse_move(text)


def play(state: State, *texts: str) -> State:
    for text in texts:
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.apply(state, seat, move(text))
    return state


def refused(state: State, seat: int, text_or_move: str | Any) -> IllegalMove:
    chosen = move(text_or_move) if isinstance(text_or_move, str) else text_or_move
    with pytest.raises(IllegalMove) as caught:
        ENGINE.transition(state, seat, chosen)
    assert caught.value.message
    return caught.value


def hand(state: State, seat: int) -> list[str]:
    return [CARD_ID[c] for c in state.hands[seat]]


# -- cards and notation -------------------------------------------------------------------


def test_sixty_cards_or_seventy_two_with_purple() -> None:
    five, six = deck_codes(5), deck_codes(6)
    assert len(five) == 60 and len(six) == 72
    assert sum(CARD_ID[c].count("w") for c in five) == 15
    assert {CARD_ID[c] for c in six} - {CARD_ID[c] for c in five} == {
        "Pw1",
        "Pw2",
        "Pw3",
        *(f"P{v}" for v in range(2, 11)),
    }
    assert [CARD_ID[c] for c in five[:12]] == [
        "Yw1",
        "Yw2",
        "Yw3",
        *(f"Y{v}" for v in range(2, 11)),
    ]


@pytest.mark.parametrize(
    ("typed", "card"),
    [("R7", "R7"), ("r7", "R7"), ("R10", "R10"), ("bw2", "Bw2"), ("BW2", "Bw2"), (" g 10 ", "G10")],
)
def test_card_ids_read_in_any_case(typed: str, card: str) -> None:
    code = code_of(typed)
    assert code is not None and CARD_ID[code] == card


@pytest.mark.parametrize("typed", ["R1", "R11", "X5", "Rw4", "Rw0", "", "7"])
def test_nonsense_is_no_card(typed: str) -> None:
    assert code_of(typed) is None


def test_json_and_text_forms_agree() -> None:
    assert move("play R7 draw deck") == {"action": "play", "card": "R7", "draw": "deck"}
    assert move("discard Bw2 draw G") == {"action": "discard", "card": "Bw2", "draw": "G"}
    assert move("resign") == RESIGN
    assert ENGINE.format_move({"action": "Play", "card": "r7", "draw": "Deck"}) == (
        "play R7 draw deck"
    )


@pytest.mark.parametrize(
    "bad",
    [
        {"action": "play", "card": "R7"},
        {"action": "play", "card": "R7", "draw": "deck", "extra": 1},
        {"action": "fly", "card": "R7", "draw": "deck"},
        {"action": "play", "card": "R1", "draw": "deck"},
        {"action": "play", "card": 7, "draw": "deck"},
        {"action": "play", "card": "R7", "draw": "X"},
        {"action": "play", "card": "R7", "draw": ["deck"]},
        {"action": "resign", "seat": 0},
        {"card": "R7", "draw": "deck"},
        ["play", "R7", "deck"],
        "play R7 draw deck",
        None,
    ],
)
def test_malformed_moves_are_bad_move(bad: Any) -> None:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.transition(new(), 0, bad)
    assert caught.value.code == "bad_move"


def test_purple_is_no_card_of_a_five_colour_game() -> None:
    state = new()
    assert refused(state, 0, "play P7 draw deck").code == "bad_move"
    assert refused(state, 0, "discard Y2 draw P").code == "bad_move"


# -- options ------------------------------------------------------------------------------


def test_defaults() -> None:
    assert ENGINE.configure(2, {}) == {
        "colours": 5,
        "rounds": 3,
        "match": "total",
        "stall_limit": 12,
        "first_player": None,
        "deck": None,
    }
    assert ENGINE.fixing_chance == {"deck", "first_player"}


def test_the_deck_option_deals_start_player_first_and_draws_from_the_top() -> None:
    state = new(HAND_0, HAND_1, "R2 G7", first_player=1)
    assert ENGINE.to_act(state) == (1,)
    assert hand(state, 1) == ids(HAND_0) and hand(state, 0) == ids(HAND_1)
    assert state.deck_left == 44
    state = play(state, "discard R9 draw deck")
    assert "R2" in hand(state, 1) and state.deck_left == 43
    state = play(state, "discard W2 draw deck")
    assert "G7" in hand(state, 0)


def test_a_deck_may_be_typed_as_one_string_in_any_case() -> None:
    order = " ".join(deck(HAND_0, HAND_1)).lower()
    assert ENGINE.configure(2, {"deck": order})["deck"] == deck(HAND_0, HAND_1)


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"deck": deck(HAND_0, HAND_1)[:-1]}, "lacks"),
        ({"deck": [*deck(HAND_0, HAND_1)[:-1], "Y2"]}, "more than once"),
        ({"deck": deck(HAND_0, HAND_1, colours=6)}, "not in a 5-colour game"),
        ({"deck": deck(HAND_0, HAND_1), "colours": 6}, "lacks"),
        ({"deck": ["R7", "Q3"]}, "not a card id"),
        ({"deck": [deck(HAND_0, HAND_1)] * 2, "rounds": 3}, "one per game"),
        ({"deck": [deck(HAND_0, HAND_1)] * 3, "rounds": 1}, "one per game"),
        ({"deck": 5}, "list"),
        ({"rounds": 2}, "must be one of"),
        ({"colours": 7}, "must be one of"),
        ({"match": "first-to-five"}, "must be one of"),
        ({"first_player": 2}, "0 to 1"),
        ({"stall_limit": -1}, "whole number"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, Any], why: str) -> None:
    with pytest.raises(BadOptions) as caught:
        ENGINE.configure(2, options)
    assert why in caught.value.message


def test_three_decks_for_three_games_and_one_deck_for_the_first_only() -> None:
    orders = [deck(HAND_0, HAND_1), deck(HAND_1, HAND_0), deck("Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", "")]
    state = ENGINE.new(2, SEED, {"deck": orders, "rounds": 3, "first_player": 0})
    assert state.rules.decks == tuple(tuple(CODE_OF_ID[c] for c in order) for order in orders)
    single = ENGINE.new(2, SEED, {"deck": orders[0], "rounds": 3, "first_player": 0})
    assert single.rules.decks[0] == state.rules.decks[0] and single.rules.decks[1:] == (None, None)


def test_first_player_and_the_shuffle_come_from_the_seed() -> None:
    starters, deals = set(), set()
    for n in range(40):
        state = ENGINE.new(2, f"{n:032x}")
        assert state == ENGINE.new(2, f"{n:032x}")
        starters.add(state.mover)
        deals.add(state.hands)
    assert starters == {0, 1} and len(deals) == 40


def test_six_colours_deal_seventy_two_cards() -> None:
    state = ENGINE.new(2, SEED, {"colours": 6})
    assert state.deck_left == 72 - 16 and len(state.piles) == 6
    assert ENGINE.view(state, 0)["colours"] == ["Y", "B", "W", "G", "R", "P"]


# -- a turn -------------------------------------------------------------------------------


def test_a_turn_plays_then_draws() -> None:
    state = play(new(top="R2"), "play Y2 draw deck")
    assert ENGINE.view(state, 1)["expeditions"][0]["Y"] == ["Y2"]
    assert hand(state, 0) == ids("Yw1 Y5 Bw1 B3 W10 G4 R2 R9")
    assert ENGINE.to_act(state) == (1,)


def test_a_discard_goes_face_up_and_may_be_taken_by_the_other_player() -> None:
    state = play(new(), "discard R9 draw deck", "discard W2 draw R")
    assert "R9" in hand(state, 1) and state.piles[2] == codes("W2") and state.piles[4] == ()


def test_the_card_just_discarded_cannot_be_taken_back() -> None:
    state = new()
    error = refused(state, 0, "discard R9 draw R")
    assert error.code == "draw_own_discard" and "R9" in error.message
    state = play(state, "discard W10 draw deck", "discard W2 draw deck")
    assert refused(state, 0, "discard Y2 draw Y").code == "draw_own_discard"
    state = play(state, "discard Y2 draw W")  # another pile is fine
    assert "W2" in hand(state, 0)


def test_drawing_from_an_empty_pile_is_refused() -> None:
    error = refused(new(), 0, "play Y2 draw G")
    assert error.code == "empty_pile" and "green" in error.message


def test_only_the_player_to_move_moves() -> None:
    error = refused(new(), 1, "play Y3 draw deck")
    assert error.code == "not_your_turn"


def test_only_cards_in_hand() -> None:
    error = refused(new(), 0, "play Y3 draw deck")
    assert error.code == "card_not_in_hand" and "Y3" in error.message


def test_wagers_only_before_numbers_and_stacked() -> None:
    state = play(
        new("Yw1 Yw2 Yw3 Y2 Y3 B2 B3 B4", OTHER_HAND),
        "play Yw1 draw deck",
        "discard R10 draw deck",
        "play Yw3 draw deck",
        "discard R2 draw deck",
        "play Y2 draw deck",
        "discard W2 draw deck",
    )
    error = refused(state, 0, "play Yw2 draw deck")
    assert error.code == "wager_after_number" and "Y2" in error.message
    assert ENGINE.view(state, 1)["expeditions"][0]["Y"] == ["Yw1", "Yw3", "Y2"]


def test_numbers_strictly_rise_with_gaps_allowed() -> None:
    state = play(
        new("Y2 Y3 Y6 Y9 B2 B3 B4 B5", OTHER_HAND), "play Y3 draw deck", "discard R10 draw deck"
    )
    assert refused(state, 0, "play Y2 draw deck").code == "not_higher"
    state = play(state, "play Y9 draw deck", "discard W2 draw deck")
    error = refused(state, 0, "play Y6 draw deck")
    assert error.code == "not_higher" and "Y9" in error.message
    assert "play Y6 draw deck" not in {ENGINE.format_move(m) for m in ENGINE.legal_moves(state, 0)}


def test_legal_moves_are_every_card_action_and_source() -> None:
    state = play(new(), "discard R9 draw deck", "play B2 draw deck")
    moves = {ENGINE.format_move(m) for m in ENGINE.legal_moves(state, 0)}
    # seat 0 holds no red card and may play each of its 8; the red pile holds R9
    assert "play Y2 draw R" in moves and "discard R10 draw deck" not in moves
    assert "discard G4 draw R" in moves and "discard B3 draw deck" in moves
    assert len(moves) == 8 * 2 * 2 and ENGINE.legal_moves(state, 1) == []
    assert all(m != RESIGN for m in ENGINE.legal_moves(state, 0))


# -- stalling -----------------------------------------------------------------------------


def take_a_discard(state: State) -> State:
    """The player to move discards a card and takes the top of another discard pile."""
    (seat,) = ENGINE.to_act(state)
    pile = next(letter for letter, cards in zip("YBWGR", state.piles, strict=True) if cards)
    card = next(c for c in hand(state, seat) if not c.startswith(pile))
    return play(state, f"discard {card} draw {pile}")


def test_after_twelve_turns_without_a_deck_draw_one_must_draw_from_the_deck() -> None:
    state = play(new(), "discard R9 draw deck")
    for _ in range(12):
        state = take_a_discard(state)
    assert state.stall == 12
    (seat,) = ENGINE.to_act(state)
    assert {m["draw"] for m in ENGINE.legal_moves(state, seat)} == {"deck"}
    pile = next(letter for letter, cards in zip("YBWGR", state.piles, strict=True) if cards)
    card = next(c for c in hand(state, seat) if not c.startswith(pile))
    error = refused(state, seat, f"discard {card} draw {pile}")
    assert error.code == "must_draw_deck" and "12" in error.message
    assert ENGINE.view(state, seat)["stall"] == {"turns": 12, "limit": 12, "must_draw_deck": True}
    state = play(state, f"discard {card} draw deck")
    assert state.stall == 0 and "stall" not in ENGINE.view(state, 0)


def test_the_stall_limit_is_an_option_and_zero_turns_it_off() -> None:
    state = take_a_discard(play(new(stall_limit=1), "discard R9 draw deck"))
    assert {m["draw"] for m in ENGINE.legal_moves(state, 0)} == {"deck"}
    state = play(new(stall_limit=0), "discard R9 draw deck")
    for _ in range(30):
        state = take_a_discard(state)
    assert state.stall == 30 and "stall" not in ENGINE.view(state, 0)


# -- the end of a game and scoring ---------------------------------------------------------


def expeditions(*per_seat: str) -> tuple[int, ...]:
    """Per seat, the set of cards played (colours separated by '|' for the reader)."""
    return tuple(sum(1 << code for code in codes(seat.replace("|", " "))) for seat in per_seat)


RULEBOOK = "Y3 Y4 Y7 Y9 | | Ww1 | Gw1 G7 G8 | Rw1 Rw2 R2 R3 R4 R7 R9 R10"
BGA = "Yw3 Y2 Y4 Y5 Y6 Y8 Y10 Y7 | | | | "


def test_the_rulebook_example_scores_18() -> None:
    per_colour = [expedition_points(codes(colour)) for colour in RULEBOOK.split("|")]
    assert per_colour == [3, 0, -40, -10, 65] and sum(per_colour) == 18


def test_the_bga_example_scores_64() -> None:
    assert expedition_points(codes("Yw1 Y2 Y4 Y5 Y6 Y7 Y8 Y10")) == 64


def test_the_largest_expedition_scores_156() -> None:
    assert expedition_points(codes("Rw1 Rw2 Rw3 R2 R3 R4 R5 R6 R7 R8 R9 R10")) == 156


@pytest.mark.parametrize("wagers", [1, 2, 3])
def test_wagers_alone_cost_twenty_times_one_plus_wagers(wagers: int) -> None:
    cards = codes(" ".join(f"Bw{n}" for n in range(1, wagers + 1)))
    assert expedition_points(cards) == (0 - 20) * (1 + wagers)


def test_an_empty_expedition_costs_nothing_and_the_bonus_counts_wagers() -> None:
    assert expedition_points(()) == 0
    seven = codes("Gw1 G2 G3 G4 G5 G6 G7")
    assert expedition_points(seven) == (27 - 20) * 2
    assert expedition_points((*seven, CODE_OF_ID["G8"])) == (35 - 20) * 2 + 20


def near_the_end(state: State, *per_seat: str) -> State:
    """`state` with these expeditions and one card left in the draw pile."""
    return replaced(state, expeditions=expeditions(*per_seat), drawn=len(state.deal.deck) - 1)


def test_the_game_ends_at_once_on_the_last_draw_and_scores() -> None:
    state = near_the_end(new(), RULEBOOK, BGA)
    state, event = ENGINE.transition(state, 0, move("discard R9 draw deck"))
    assert ENGINE.to_act(state) == () and ENGINE.legal_moves(state, 1) == []
    result = ENGINE.result(state)
    assert result is not None
    assert result["scores"] == [18, 64] and result["winners"] == [1]
    assert result["breakdown"][0]["games"][0]["expeditions"] == {
        "Y": 3,
        "B": 0,
        "W": -40,
        "G": -10,
        "R": 65,
    }
    assert event["game_end"]["points"] == [18, 64] and event["result"] == result
    assert refused(state, 1, "discard Y3 draw deck").code == "game_over"
    assert refused(state, 1, RESIGN).code == "game_over"


def test_equal_totals_share_the_win() -> None:
    state = near_the_end(new(), "Y10 Y9| | | |", "B10 B9 | | | |")
    result = ENGINE.result(play(state, "discard R9 draw deck"))
    assert result is not None and result["scores"] == [-1, -1] and result["winners"] == [0, 1]


# -- the match ----------------------------------------------------------------------------


def test_three_games_add_up_and_the_leader_starts_the_next() -> None:
    state = new(rounds=3, first_player=0)
    state, event = ENGINE.transition(
        near_the_end(state, "Y10 | | | |", "| | | |"), 0, move("discard R9 draw deck")
    )
    assert event["game_end"] == {
        "game": 1,
        "points": [-10, 0],
        "expeditions": [{"Y": -10, "B": 0, "W": 0, "G": 0, "R": 0}, dict.fromkeys("YBWGR", 0)],
        "totals": [-10, 0],
        "games_won": [0, 1],
        "next_starter": 1,
    }
    assert state.deal.game == 1 and ENGINE.to_act(state) == (1,) and state.deck_left == 44
    assert state.expeditions == (0, 0) and all(len(h) == 8 for h in state.hands)
    # game 2: seat 0 draws level at -10 : -10, so the one who did not start game 2 starts game 3
    (seat,) = ENGINE.to_act(state)
    card = hand(state, seat)[0]
    state, event = ENGINE.transition(
        near_the_end(state, "| | | |", "| B10 | | |"), 1, move(f"discard {card} draw deck")
    )
    assert event["game_end"]["totals"] == [-10, -10] and event["game_end"]["next_starter"] == 0
    card = hand(state, 0)[0]
    state, event = ENGINE.transition(
        near_the_end(state, "| | | | R5 R6 R7 R8", "| | | |"), 0, move(f"discard {card} draw deck")
    )
    assert event["game_end"]["next_starter"] is None
    result = ENGINE.result(state)
    assert result is not None and result["scores"] == [-4, -10] and result["winners"] == [0]
    assert [g["points"] for g in result["breakdown"][0]["games"]] == [-10, 0, 6]
    view = ENGINE.view(state, None)
    assert view["scores"]["games"] == [[-10, 0], [0, -10], [6, 0]]
    assert view["scores"]["totals"] == [-4, -10]


def test_best_of_three_ends_at_two_won_games() -> None:
    state = new(rounds=3, match="best-of", first_player=1)
    for _ in range(2):
        (seat,) = ENGINE.to_act(state)
        card = hand(state, seat)[0]
        state = ENGINE.apply(
            near_the_end(state, "Y10 Y9 Y8 | | | |", "| | | |"),
            seat,
            move(f"discard {card} draw deck"),
        )
    assert ENGINE.is_over(state) and state.deal.game == 1
    result = ENGINE.result(state)
    assert result is not None and result["scores"] == [2, 0] and result["winners"] == [0]
    assert result["match"] == "best-of" and result["breakdown"][0]["total"] == 14


def test_a_tied_game_is_won_by_no_one_in_best_of() -> None:
    state = new(rounds=3, match="best-of")
    for expeditions_0, expeditions_1 in [
        ("Y10 Y9|||", "B10 B9|||"),
        ("Y10 Y9 Y8|||", "|||"),
        ("|||", "R10 R9 R8|||"),
    ]:
        (seat,) = ENGINE.to_act(state)
        card = hand(state, seat)[0]
        state = ENGINE.apply(
            near_the_end(state, expeditions_0 + "|", expeditions_1 + "|"),
            seat,
            move(f"discard {card} draw deck"),
        )
    result = ENGINE.result(state)
    assert result is not None and result["scores"] == [1, 1] and result["winners"] == [0, 1]
    assert state.deal.game == 2


def test_a_single_best_of_game_goes_to_its_winner() -> None:
    state = near_the_end(new(match="best-of"), "|||| R10 R9 R8", "|||| ")
    state = play(state, "discard Y2 draw deck")
    assert ENGINE.result(state)["scores"] == [1, 0]  # type: ignore[index]


# -- resigning ----------------------------------------------------------------------------


def test_resigning_hands_the_match_to_the_other_even_out_of_turn() -> None:
    state, event = ENGINE.transition(new(rounds=3), 1, dict(RESIGN))
    assert ENGINE.is_over(state) and event["action"] == "resign"
    result = ENGINE.result(state)
    assert result is not None and result["winners"] == [0] and result["resigned"] == 1
    assert refused(state, 0, RESIGN).code == "game_over"
    assert "resigned" in ENGINE.render_event(event)
    assert "seat 1 resigned" in ENGINE.render_view(ENGINE.view(state, 0))


# -- events and views ---------------------------------------------------------------------


def test_a_deck_draw_is_seen_only_by_the_drawer_a_pile_draw_by_all() -> None:
    state, event = ENGINE.transition(new(top="R2"), 0, move("discard R9 draw deck"))
    assert event == {
        "action": "discard",
        "card": "R9",
        "draw": "deck",
        "seat": 0,
        "deck_left": 43,
        "secret": {"0": {"drew": "R2"}},
    }
    assert ENGINE.redact_event(event, 0)["drew"] == "R2"
    assert "drew" not in ENGINE.redact_event(event, 1)
    assert "drew" not in ENGINE.redact_event(event, None)
    assert ENGINE.render_event(ENGINE.redact_event(event, 0)) == (
        "seat 0: discard R9, drew from the deck (R2)"
    )
    assert ENGINE.render_event(ENGINE.redact_event(event, 1)) == (
        "seat 0: discard R9, drew from the deck"
    )
    state, event = ENGINE.transition(state, 1, move("play Y3 draw R"))
    assert event["drew"] == "R9" and "secret" not in event
    assert ENGINE.render_event(event) == "seat 1: play Y3, took R9 from the red pile"
    assert ENGINE.render_event(event, ["ada", "bo"]) == "bo: play Y3, took R9 from the red pile"
    text = ENGINE.render_view(ENGINE.view(state, 0), ["ada", "bo"])
    assert "Your expeditions (8 cards in hand):" in text and "To move: ada (you)" in text
    assert "Expeditions of bo (8 cards in hand, known to all: R9):" in text
    assert "This game so far: ada 0 : bo -17" in text


def test_a_view_shows_the_own_hand_sorted_and_hides_the_rest() -> None:
    shuffled_hand = "R9 Y5 G4 Bw1 W10 Y2 B3 Yw1"
    state = play(new(shuffled_hand, HAND_1, "R2 G7"), "play Y2 draw deck", "discard R10 draw deck")
    view = ENGINE.view(state, 0)
    assert view["hand"] == ["Yw1", "Y5", "Bw1", "B3", "W10", "G4", "R2", "R9"]
    assert view["hand_sizes"] == [8, 8] and view["deck_left"] == 42 and view["to_act"] == 0
    assert view["expeditions"][0]["Y"] == ["Y2"] and view["expeditions"][1]["Y"] == []
    assert view["discards"]["R"] == {"top": "R10", "cards": ["R10"]}
    assert view["discards"]["Y"] == {"top": None, "cards": []}
    assert view["scores"]["current"]["points"] == [-18, 0]
    assert view["game"] == 1 and view["rounds"] == 1
    spectator = ENGINE.view(state, None)
    assert "hand" not in spectator
    text = json.dumps(view)
    hidden = set(hand(state, 1)) | {CARD_ID[c] for c in state.deal.deck[state.drawn :]}
    assert not any(f'"{card}"' in text for card in hidden)


def test_render_view_is_plain_text_with_card_ids() -> None:
    state = play(new(), "play Y2 draw deck", "discard R10 draw deck")
    text = ENGINE.render_view(ENGINE.view(state, 0))
    assert "Your hand: Yw1 " in text and "R10" in text and "To move: seat 0 (you)" in text
    assert "yellow  Y2" in text and "Draw pile: 42 cards" in text
    assert "Your hand" not in ENGINE.render_view(ENGINE.view(state, None))


def test_states_are_values() -> None:
    state = play(new(), "play Y2 draw deck")
    assert pickle.loads(pickle.dumps(state)) == state
    assert play(new(), "play Y2 draw deck") == state
    before = new()
    ENGINE.apply(before, 0, move("play Y2 draw deck"))
    assert before == new()
