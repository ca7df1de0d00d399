"""The bag of stones, the gems in front of the players, and the stones set aside.

The bag is kept as counts per colour, not as an order: a blind draw is a uniform pick among the
stones left, so there is no hidden order to keep secret, and everything else about the stones is
public. Stones only ever move between these three places, so their total never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.chance import Chance
from shared.engine import JSON
from shared.games.livingstone.data import (
    BLACK,
    CLEAR,
    DRAWN_WITH_IT,
    NO_STONES,
    PRINTED_VERSION,
    STONES,
    WHITE,
)
from shared.games.livingstone.state import Outcome, Player, State
from shared.immutable import replace_at, replaced

Gems = tuple[int, int, int]
"""Clear, blue, red."""
NO_GEMS: Gems = (0, 0, 0)
BAG, ASIDE = "bag", "aside"
"""Where a sold gem goes."""


def counted(counts: Sequence[int]) -> dict[str, int]:
    """Stone counts as people read them: colour → number, colours with none left out."""
    return {colour: count for colour, count in zip(STONES, counts, strict=True) if count}


def _gems(counts: Sequence[int]) -> Gems:
    return counts[0], counts[1], counts[2]


def draw_stones(state: State, seat: int, count: int, label: str) -> Outcome:
    """`count` stones drawn blind at once: gems to the player, gravel set aside; the white stone
    sends every set-aside stone (these included) back into the bag, and from then on in this turn
    gems the player sells may follow (`returning_gems`). An empty bag stops the draw."""
    chance = Chance(state.seed, label)
    bag = list(state.bag)
    drawn = [0] * len(STONES)
    for _ in range(count):
        left = sum(bag)
        if not left:
            break
        pick = chance.below(left)
        colour = 0
        while pick >= bag[colour]:
            pick -= bag[colour]
            colour += 1
        bag[colour] -= 1
        drawn[colour] += 1
    player = state.players[seat]
    new_gems = drawn[CLEAR:WHITE]
    gems = _gems([held + new for held, new in zip(player.gems, new_gems, strict=True)])
    set_aside = list(state.set_aside)
    set_aside[BLACK] += drawn[BLACK]
    set_aside[WHITE] += drawn[WHITE]
    details: dict[str, JSON] = {"drawn": counted(drawn)}
    if drawn[WHITE]:
        details["returned"] = counted(set_aside)
        bag = [inside + back for inside, back in zip(bag, set_aside, strict=True)]
        set_aside = list(NO_STONES)
    state = replaced(
        state.with_player(seat, replaced(player, gems=gems)),
        bag=tuple(bag),
        set_aside=tuple(set_aside),
    )
    if drawn[WHITE] and state.version >= PRINTED_VERSION:
        state = _white_stone_out(state, _gems(new_gems))
    return state, details


def _white_stone_out(state: State, drawn: Gems) -> State:
    """The white stone came out in this turn, with `drawn` gems."""
    turn = state.turn
    assert turn is not None, "stones are drawn only in a player's turn"
    before = turn.white_gems or NO_GEMS
    white_gems = _gems([held + new for held, new in zip(before, drawn, strict=True)])
    return replaced(state, turn=replaced(turn, white_gems=white_gems))


def returning_gems(state: State) -> Gems:
    """How many of each gem the player to move would put back into the bag, not aside, by
    selling it now. Once the white stone has come out in the turn, that is every gem held, or
    with the board's `white_stone` reading `drawn_with_it` only those drawn together with it
    (counted first when a colour is sold, as one cannot tell equal gems apart)."""
    turn = state.turn
    if turn is None or turn.white_gems is None:
        return NO_GEMS
    if state.rules.white_stone == DRAWN_WITH_IT:
        return turn.white_gems
    return state.players[turn.seat].gems


def sell_gem(state: State, seat: int, gem: int) -> tuple[State, str]:
    """A sold gem leaves the player (`gem` indexes STONES) for the bag or the stones set aside,
    as `returning_gems` says; returns the new state and where it went, BAG or ASIDE."""
    index = gem - CLEAR
    back = returning_gems(state)[index] > 0
    player = state.players[seat]
    state = state.with_player(
        seat, replaced(player, gems=_gems(replace_at(player.gems, index, player.gems[index] - 1)))
    )
    turn = state.turn
    if turn is not None and turn.white_gems is not None and turn.white_gems[index]:
        white_gems = replace_at(turn.white_gems, index, turn.white_gems[index] - 1)
        state = replaced(state, turn=replaced(turn, white_gems=_gems(white_gems)))
    if back:
        return replaced(state, bag=replace_at(state.bag, gem, state.bag[gem] + 1)), BAG
    set_aside = replace_at(state.set_aside, gem, state.set_aside[gem] + 1)
    return replaced(state, set_aside=set_aside), ASIDE


def collapse_mine(state: State) -> Outcome:
    """Mine Collapse: every player's gems go back into the bag (so none the player to move
    holds was drawn with a white stone any more)."""
    bag = list(state.bag)
    players: list[Player] = []
    lost: dict[str, JSON] = {}
    for seat, player in enumerate(state.players):
        for offset, count in enumerate(player.gems):
            bag[CLEAR + offset] += count
        if any(player.gems):
            lost[str(seat)] = counted([0, *player.gems, 0])
            player = replaced(player, gems=NO_GEMS)
        players.append(player)
    state = replaced(state, players=tuple(players), bag=tuple(bag))
    turn = state.turn
    if turn is not None and turn.white_gems is not None:
        state = replaced(state, turn=replaced(turn, white_gems=NO_GEMS))
    return state, lost
