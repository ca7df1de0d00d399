"""Action cards: drawing them (Mine Collapse strikes at once) and playing them from the hand.

Several cards only change what the rest of the turn allows (a free tent, a free row, a second
die, market prices); they leave a count in the `Turn`, which the tent and sell rules consume.
Readings of terse card texts: Two Dice may be played any time in the turn and allows one more
die this turn (still higher than the last); Market opens market prices for the rest of the
turn, each gem then sold by its own `sell <gem> at market` step; a pending effect left unused
at the end of the turn is lost with its card.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from shared.chance import Chance
from shared.engine import JSON, IllegalMove
from shared.games.livingstone.data import (
    ANIMAL_POINTS,
    ANTELOPE,
    CARD_STONES,
    CARD_THALERS,
    DRAW_3_STONES,
    EXPEDITION,
    EXPEDITION_HALVES,
    EXTRA_TENT,
    IGNORE_DIE_VALUE,
    LION,
    MARKET,
    MINE_COLLAPSE,
    NO_COST_TENT,
    PRINTED_VERSION,
    RHINO,
    STEAMER_BACK,
    TAKE_4_THALERS,
    TWO_DICE,
)
from shared.games.livingstone.moves import Play
from shared.games.livingstone.state import Outcome, State, Turn, shuffled_cards
from shared.games.livingstone.stones import collapse_mine, draw_stones
from shared.games.livingstone.tents import place_tent, scored_fields
from shared.immutable import replaced
from shared.words import LATER


def can_draw(state: State) -> bool:
    return bool(state.deck or state.played)


def draw_card(state: State, seat: int, label: str) -> tuple[State, dict[str, JSON], str | None]:
    """One card into `seat`'s hand, and what everyone saw happen on the way.

    A drawn Mine Collapse is shown and resolved, and stays in front of the player while the
    replacement is drawn from the draw pile as it is (an empty pile refilled from the played
    cards, as for any draw); then it is shuffled with the played cards into a new stack under
    the draw pile, so it comes again only after every card above. With no card left to draw,
    the player gets none. (Rules version 1 shuffled the collapse with the played cards under the
    pile before drawing the replacement, so it could be its own replacement; with nothing but
    collapses left, the player got none.)"""
    deck, played = state.deck, state.played
    stacks: tuple[tuple[str, ...], ...] = state.stacks
    public: dict[str, JSON] = {}
    shuffles = 0
    shown: list[str] = []  # collapses drawn, in front of the player till the replacement

    def shuffled(cards: tuple[str, ...]) -> tuple[str, ...]:
        nonlocal shuffles
        shuffles += 1
        return shuffled_cards(Chance(state.seed, f"{label}/{shuffles}"), state.version, cards)

    card: str | None = None
    while deck or played:
        if not deck:
            stacks = (tuple(sorted(played)),)
            deck, played = shuffled(played), ()
            public["reshuffled"] = True
        drawn, deck = deck[0], deck[1:]
        if drawn != MINE_COLLAPSE:
            card = drawn
            break
        state, lost = collapse_mine(state)
        public["collapses"] = int(public.get("collapses", 0)) + 1
        public.setdefault("lost", lost)
        if state.version >= PRINTED_VERSION:
            shown.append(drawn)
            continue
        stacks += (tuple(sorted((*played, drawn))),)
        deck, played = deck + shuffled((*played, drawn)), ()
        if all(other == MINE_COLLAPSE for other in deck):
            break
    if shown:
        public["new_stack"] = len(played) + len(shown)
        stacks += (tuple(sorted((*played, *shown))),)
        deck, played = deck + shuffled((*played, *shown)), ()
    if card is not None:
        player = state.players[seat]
        hand = list(player.hand)
        insort(hand, card)
        state = state.with_player(seat, replaced(player, hand=tuple(hand)))
    return replaced(state, deck=deck, played=played, stacks=left(stacks, len(deck))), public, card


def left(stacks: tuple[tuple[str, ...], ...], deck: int) -> tuple[tuple[str, ...], ...]:
    """`stacks` (`State.stacks`) but those drawn to their end, in a deck of `deck` cards."""
    while stacks and deck <= sum(len(stack) for stack in stacks[1:]):
        stacks = stacks[1:]
    return stacks


Effect = Callable[[State, int, Play, str], Outcome]


def _turn(state: State) -> Turn:
    assert state.turn is not None, "cards are played only while the game runs"
    return state.turn


def _pending(**change: int | bool) -> Effect:
    """A card whose effect waits for the rest of the turn, e.g. a free tent."""

    def effect(state: State, seat: int, play: Play, label: str) -> Outcome:
        turn = _turn(state)
        changed: dict[str, Any] = {
            name: value if isinstance(value, bool) else getattr(turn, name) + value
            for name, value in change.items()
        }
        return replaced(state, turn=replaced(turn, **changed)), {}

    return effect


def _animal(state: State, seat: int, play: Play, label: str) -> Outcome:
    player = state.players[seat]
    points = ANIMAL_POINTS[play.card]
    return state.with_player(seat, replaced(player, animal_points=player.animal_points + points)), {
        "points": points
    }


def _extra_tent(state: State, seat: int, play: Play, label: str) -> Outcome:
    if play.at is None:
        raise IllegalMove(
            "field_needed",
            LATER.gettext("Extra Tent goes next to one of your scored tents: name it, e.g. c2r3"),
        )
    if state.players[seat].tents_left == 0:
        raise IllegalMove("no_tents_left", LATER.gettext("you have no tent left to place"))
    if play.at not in scored_fields(state, seat):
        raise IllegalMove(
            "not_your_scored_field",
            LATER.gettext(
                "Extra Tent goes only on a field that already holds one of your tents, in a "
                "column the steamer has left behind"
            ),
        )
    return place_tent(state, seat, play.at, free=True)


def steamer_back_refusal(state: State) -> IllegalMove | None:
    """Why Steamer Back cannot be played now, if it cannot; `legal_moves` asks the same."""
    if state.round.steamer_back:
        return IllegalMove(
            "steamer_already_back", LATER.gettext("the steamer is already back for this round")
        )
    if state.steamer == 0:
        return IllegalMove(
            "steamer_at_start", LATER.gettext("the steamer is on the first space: no way back")
        )
    if state.revisited.count(state.steamer - 1) >= state.rules.revisits:
        return IllegalMove(
            "column_revisited",
            LATER.ngettext(
                "the steamer has been back to column %(column)d once already (the revisits of "
                "this game's board)",
                "the steamer has been back to column %(column)d %(num)d times already (the "
                "revisits of this game's board)",
                state.rules.revisits,
                column=state.steamer,
            ),
        )
    return None


def _steamer_back(state: State, seat: int, play: Play, label: str) -> Outcome:
    refusal = steamer_back_refusal(state)
    if refusal is not None:
        raise refusal
    state = replaced(
        state,
        round=replaced(state.round, steamer_back=True),
        revisited=(*state.revisited, state.steamer - 1),
    )
    return state, {"column": state.column + 1}


def _draw_stones(state: State, seat: int, play: Play, label: str) -> Outcome:
    return draw_stones(state, seat, CARD_STONES, label)


def _take_thalers(state: State, seat: int, play: Play, label: str) -> Outcome:
    player = state.players[seat]
    return state.with_player(seat, replaced(player, thalers=player.thalers + CARD_THALERS)), {
        "thalers": CARD_THALERS
    }


def _never(state: State, seat: int, play: Play, label: str) -> Outcome:
    raise IllegalMove(
        "not_playable", LATER.gettext("a Mine Collapse strikes when drawn; it is never played")
    )


EFFECTS: dict[str, Effect] = {
    NO_COST_TENT: _pending(free_tents=1),
    TWO_DICE: _pending(extra_dice=1),
    IGNORE_DIE_VALUE: _pending(any_row_tents=1),
    EXPEDITION: _pending(free_tents=1, any_row_tents=1),
    MARKET: _pending(market_open=True),
    LION: _animal,
    RHINO: _animal,
    ANTELOPE: _animal,
    EXTRA_TENT: _extra_tent,
    STEAMER_BACK: _steamer_back,
    DRAW_3_STONES: _draw_stones,
    TAKE_4_THALERS: _take_thalers,
    MINE_COLLAPSE: _never,
}


def cards_needed(card: str) -> int:
    return EXPEDITION_HALVES if card == EXPEDITION else 1


def play_card(state: State, seat: int, play: Play, label: str) -> Outcome:
    """Play `play.card` from the hand: its effect, then it lies on the played cards."""
    player = state.players[seat]
    needed = cards_needed(play.card)
    if player.hand.count(play.card) < needed:
        said = (
            LATER.gettext("you hold no %(card)s (both halves) to play", card=play.card)
            if needed > 1
            else LATER.gettext("you hold no %(card)s to play", card=play.card)
        )
        raise IllegalMove("card_not_in_hand", said)
    if play.at is not None and play.card != EXTRA_TENT:
        raise IllegalMove(
            "no_field_needed", LATER.gettext("%(card)s is played without a field", card=play.card)
        )
    state, details = EFFECTS[play.card](state, seat, play, label)
    hand = list(state.players[seat].hand)
    start = hand.index(play.card)
    del hand[start : start + needed]
    state = state.with_player(seat, replaced(state.players[seat], hand=tuple(hand)))
    return replaced(state, played=(*state.played, *[play.card] * needed)), details
