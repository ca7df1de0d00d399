"""lost-cities on thousands of random games: invariants after every move, an independent recount
of every score, exact replay, complete legal moves, and what each seat may know."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.engine import IllegalMove
from shared.games.lost_cities import LostCities
from shared.games.lost_cities.cards import CARD_ID, deck_codes
from shared.games.lost_cities.state import State, known_in
from shared.immutable import replaced
from shared.playout import playout, replay
from tests.support.engines import many, randoms, seeds

ENGINE = LostCities()
LETTERS = "YBWGRP"
CODES = {
    "not_your_turn",
    "card_not_in_hand",
    "wager_after_number",
    "not_higher",
    "draw_own_discard",
    "empty_pile",
    "must_draw_deck",
    "game_over",
    "bad_move",
}

ALL_CARDS = {colours: list(deck_codes(colours)) for colours in (5, 6)}
options = st.fixed_dictionaries(
    {
        "colours": st.sampled_from([5, 6]),
        "rounds": st.sampled_from([1, 3]),
        "match": st.sampled_from(["total", "best-of"]),
        "stall_limit": st.sampled_from([0, 1, 3, 12]),
    }
)


Property = Callable[..., None]


def random_matches(examples: int) -> Callable[[Property], Property]:
    """A property of `examples` random matches: each a seed, the options and the moves' random
    source."""

    def over(test: Property) -> Property:
        return many(examples)(given(seed=seeds, chosen=options, rnd=randoms)(test))

    return over


# -- an independent model of the rules, written from the rules file -------------------------


def value(card: str) -> int:
    return 0 if "w" in card else int(card[1:])


def recount(cards: list[str]) -> int:
    if not cards:
        return 0
    wagers = sum("w" in card for card in cards)
    return (sum(value(c) for c in cards) - 20) * (1 + wagers) + (20 if len(cards) >= 8 else 0)


def well_formed(colour: str, ids: list[str]) -> bool:
    """One colour, wagers before numbers, numbers strictly rising."""
    numbers = [value(c) for c in ids if "w" not in c]
    wagers = len(ids) - len(numbers)
    return (
        all(c[0] == colour for c in ids)
        and all("w" in c for c in ids[:wagers])
        and all(a < b for a, b in pairwise(numbers))
    )


@cache
def of_colour(colour: str, pile: tuple[int, ...]) -> bool:
    return all(CARD_ID[c][0] == colour for c in pile)


def check_invariants(state: State) -> None:
    """All cards exactly once; hands of 8; expeditions and piles by the rules; counters in range."""
    rules = state.rules
    letters = LETTERS[: rules.colours]
    places: list[int] = [*state.deal.deck[state.drawn :]]
    for hand in state.hands:
        places += hand
        assert list(hand) == sorted(hand)
    held = {card for hand in state.hands for card in hand}
    assert {code for code in ALL_CARDS[6] if state.known_cards >> code & 1} <= held
    for own in state.expeditions:
        places += [code for code in range(own.bit_length()) if own >> code & 1]
    for colour, (letter, pile) in enumerate(zip(letters, state.piles, strict=True)):
        assert of_colour(letter, pile)
        assert bool(state.open_piles >> colour & 1) == bool(pile)
        places += pile
    assert sorted(places) == ALL_CARDS[rules.colours]
    if not state.over:
        assert [len(hand) for hand in state.hands] == [8, 8] and state.deck_left >= 1
        assert rules.stall_limit == 0 or state.stall <= rules.stall_limit


class Recount:
    """The match as a score sheet kept from the public log alone."""

    def __init__(self, colours: int, rounds: int, best_of: bool, starter: int) -> None:
        self.colours, self.rounds, self.best_of = colours, rounds, best_of
        self.starter = starter
        self.games: list[list[int]] = []
        self.table = self._empty()
        self.known: list[set[str]] = [set(), set()]
        """Per seat, the cards seen taken from a discard pile and not yet played or discarded."""

    def _empty(self) -> list[dict[str, list[str]]]:
        return [{letter: [] for letter in LETTERS[: self.colours]} for _ in range(2)]

    def as_shown(self) -> list[dict[str, list[str]]]:
        """The expeditions as a view lists them: the order among wagers means nothing, so
        they are shown sorted, then the numbers as played (rising)."""
        return [
            {
                colour: sorted(c for c in cards if "w" in c) + [c for c in cards if "w" not in c]
                for colour, cards in own.items()
            }
            for own in self.table
        ]

    def totals(self) -> list[int]:
        return [sum(game[seat] for game in self.games) for seat in range(2)]

    def wins(self) -> list[int]:
        return [sum(g[s] > g[1 - s] for g in self.games) for s in range(2)]

    def record(self, event: dict[str, Any]) -> None:
        known = self.known[event["seat"]]
        known.discard(event["card"])
        if event["draw"] != "deck":
            known.add(event["drew"])
        if event["action"] == "play":
            colour, card = event["card"][0], event["card"]
            self.table[event["seat"]][colour].append(card)
            assert well_formed(colour, self.table[event["seat"]][colour])
        ended = event.get("game_end")
        if ended is None:
            return
        points = [sum(recount(cards) for cards in own.values()) for own in self.table]
        assert ended["points"] == points
        assert ended["expeditions"] == [
            {letter: recount(cards) for letter, cards in own.items()} for own in self.table
        ]
        self.games.append(points)
        self.table = self._empty()
        self.known = [set(), set()]
        totals = self.totals()
        decided = len(self.games) == self.rounds or (self.best_of and max(self.wins()) >= 2)
        if decided:
            assert ended["next_starter"] is None
        else:
            leader = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
            self.starter = 1 - self.starter if leader is None else leader
            assert ended["next_starter"] == self.starter

    def check_result(self, result: dict[str, Any]) -> None:
        scores = self.wins() if self.best_of else self.totals()
        assert result["scores"] == scores
        assert result["winners"] == [s for s in range(2) if scores[s] == max(scores)]
        assert [seat["total"] for seat in result["breakdown"]] == self.totals()


# -- random games -------------------------------------------------------------------------


@pytest.mark.long
@random_matches(1000)
def test_random_matches_keep_every_rule_and_score_as_recounted(
    seed: str, chosen: dict[str, Any], rnd: random.Random
) -> None:
    start = ENGINE.new(2, seed, chosen)
    assert start.mover is not None
    sheet = Recount(chosen["colours"], chosen["rounds"], chosen["match"] == "best-of", start.mover)
    state, log, moves = start, [], 0
    check_invariants(state)
    while not ENGINE.is_over(state):
        (seat,) = ENGINE.to_act(state)
        move = rnd.choice(ENGINE.legal_moves(state, seat))
        state, event = ENGINE.transition(state, seat, move)
        check_invariants(state)
        sheet.record(event)
        log.append((seat, move))
        moves += 1
        if moves % 16 == 0 and "game_end" not in event:
            assert ENGINE.view(state, None)["expeditions"] == sheet.as_shown()
        if not ENGINE.is_over(state):
            shown = ENGINE.view(state, None)["known_cards"]
            assert [set(cards) for cards in shown] == sheet.known
        assert moves < 5000, "a match ends"
    result = ENGINE.result(state)
    assert result is not None
    sheet.check_result(result)
    assert len(sheet.games) == len(state.deal.scored_games)
    assert replay(ENGINE, ENGINE.new(2, seed, chosen), log) == state


@random_matches(8)
def test_exactly_the_legal_moves_apply(
    seed: str, chosen: dict[str, Any], rnd: random.Random
) -> None:
    """Every card of the game, played or discarded, with every draw source: a move applies if
    and only if `legal_moves` lists it, and a refusal has one of the documented codes."""
    colours = chosen["colours"]
    probes = [
        {"action": action, "card": CARD_ID[card], "draw": draw}
        for card in deck_codes(6)
        for action in ("play", "discard")
        for draw in ["deck", *LETTERS]
    ]
    state = ENGINE.new(2, seed, {**chosen, "rounds": 1})
    while not ENGINE.is_over(state):
        (seat,) = ENGINE.to_act(state)
        legal = ENGINE.legal_moves(state, seat)
        accepted = []
        for probe in probes:
            try:
                ENGINE.apply(state, seat, probe)
            except IllegalMove as error:
                assert error.code in CODES
                if colours == 5 and "P" in (probe["card"][0], probe["draw"]):
                    assert error.code == "bad_move"
            else:
                accepted.append(probe)
        assert sorted(map(str, accepted)) == sorted(map(str, legal))
        for move in legal:
            with pytest.raises(IllegalMove) as caught:
                ENGINE.apply(state, 1 - seat, move)
            assert caught.value.code == "not_your_turn"
        state = ENGINE.apply(state, seat, rnd.choice(legal))


@random_matches(300)
def test_resigning_at_any_moment_hands_the_match_over(
    seed: str, chosen: dict[str, Any], rnd: random.Random
) -> None:
    state = ENGINE.new(2, seed, chosen)
    for _ in range(rnd.randrange(0, 400)):
        if ENGINE.is_over(state):
            return
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)))
    if ENGINE.is_over(state):
        return
    quitter = rnd.randrange(2)
    state = ENGINE.apply(state, quitter, {"action": "resign"})
    result = ENGINE.result(state)
    assert result is not None and result["winners"] == [1 - quitter]
    check_invariants(state)


# -- what a seat may know -----------------------------------------------------------------


def unknown_to(state: State, viewer: int | None) -> list[int]:
    """The deck and the others' hands, but for the cards everyone saw them take."""
    hidden = [*state.deal.deck[state.drawn :]]
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden += [card for card in hand if card not in known_in(state, seat)]
    return hidden


def twin(state: State, viewer: int | None, rnd: random.Random) -> State:
    """The same game with the cards `viewer` cannot see dealt differently (by hand, not by
    `resample`, to test both)."""
    hidden = unknown_to(state, viewer)
    rnd.shuffle(hidden)
    hands = list(state.hands)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            known = known_in(state, seat)
            size = len(hand) - len(known)
            hands[seat] = tuple(sorted((*known, *hidden[:size])))
            hidden = hidden[size:]
    deck = (*state.deal.deck[: state.drawn], *hidden)
    return replaced(state, deal=state.deal._replace(deck=deck), hands=tuple(hands))


def seen_cards(view: dict[str, Any]) -> set[str]:
    return set(re.findall(r'"([YBWGRP](?:w[1-3]|10|[2-9]))"', json.dumps(view)))


@many(80)
@given(
    seed=seeds,
    chosen=options,
    viewer=st.sampled_from([0, 1, None]),
    rnd=randoms,
)
def test_a_seat_sees_the_same_whatever_it_cannot_know(
    seed: str, chosen: dict[str, Any], viewer: int | None, rnd: random.Random
) -> None:
    """At every moment, re-dealing the cards `viewer` cannot see changes nothing it sees: not
    its view, nor the log entries of any move legal in both deals (a draw from the deck by the
    viewer itself aside: that is what reveals a card)."""
    state = ENGINE.new(2, seed, chosen)
    while not ENGINE.is_over(state):
        other = twin(state, viewer, rnd)
        view = ENGINE.view(state, viewer)
        assert ENGINE.view(other, viewer) == view
        hidden = {CARD_ID[c] for c in unknown_to(state, viewer)}
        assert not seen_cards(view) & hidden
        (seat,) = ENGINE.to_act(state)
        legal = ENGINE.legal_moves(state, seat)
        for move in rnd.sample(legal, min(2, len(legal))):
            if seat == viewer and move["draw"] == "deck":
                continue
            try:
                after_other, event_other = ENGINE.transition(other, seat, move)
            except IllegalMove:
                continue  # the mover holds other cards in the twin deal
            after, event = ENGINE.transition(state, seat, move)
            assert ENGINE.redact_event(event, viewer) == ENGINE.redact_event(event_other, viewer)
            assert ENGINE.view(after, viewer) == ENGINE.view(after_other, viewer)
        state = ENGINE.apply(state, seat, rnd.choice(legal))


@many(300)
@given(seed=seeds, viewer=st.sampled_from([0, 1]), rnd=randoms)
def test_two_deals_alike_for_a_seat_look_alike_to_it(
    seed: str, viewer: int, rnd: random.Random
) -> None:
    """Two `deck` orders with the same 8 cards for `viewer` and the rest in any order: equal
    views and equal log entries for the same moves, until the viewer draws from the deck."""
    order = [CARD_ID[c] for c in deck_codes(5)]
    rnd.shuffle(order)
    mine = slice(0, 8) if viewer == 0 else slice(8, 16)
    rest = [c for c in order if c not in order[mine]]
    rnd.shuffle(rest)
    other_order = [*rest[:8], *order[mine], *rest[8:]] if viewer == 1 else [*order[:8], *rest]
    games = [
        ENGINE.new(2, seed, {"deck": deck, "first_player": 0, "rounds": 1})
        for deck in (order, other_order)
    ]
    while not ENGINE.is_over(games[0]):
        views = [ENGINE.view(game, viewer) for game in games]
        assert views[0] == views[1]
        (seat,) = ENGINE.to_act(games[0])
        both = [
            m for m in ENGINE.legal_moves(games[0], seat) if m in ENGINE.legal_moves(games[1], seat)
        ]
        if seat == viewer:
            both = [m for m in both if m["draw"] != "deck"]
        if not both:
            return
        move = rnd.choice(both)
        stepped = [ENGINE.transition(game, seat, move) for game in games]
        redacted = [ENGINE.redact_event(event, viewer) for _, event in stepped]
        assert redacted[0] == redacted[1]
        games = [game for game, _ in stepped]


def test_a_playout_through_the_shared_helper_ends() -> None:
    rnd = random.Random(5)
    final, log = playout(ENGINE, ENGINE.new(2, "ab" * 16), rnd.choice, rnd.choice)
    assert ENGINE.is_over(final) and replay(ENGINE, ENGINE.new(2, "ab" * 16), log) == final
