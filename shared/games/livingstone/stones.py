"""The bag of stones, the gems in front of the players, and the stones set aside.

The bag is kept as counts per colour, not as an order: a blind draw is a uniform pick among the
stones left, so there is no hidden order to keep secret, and everything else about the stones is
public. Stones only ever move between these three places, so their total never changes.
"""

from __future__ import annotations

from shared.chance import Chance
from shared.engine import JSON
from shared.games.livingstone.data import BLACK, CLEAR, STONES, WHITE
from shared.games.livingstone.state import LivingstoneState, Outcome, Player

NO_STONES = (0,) * len(STONES)


def counted(counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Stone counts as people read them: colour → number, colours with none left out."""
    return {colour: count for colour, count in zip(STONES, counts, strict=True) if count}


def draw_stones(state: LivingstoneState, seat: int, count: int, label: str) -> Outcome:
    """`count` stones drawn blind at once: gems to the player, gravel set aside; the white stone
    sends every set-aside stone (these included) back into the bag. An empty bag stops the draw."""
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
    gems = tuple(held + new for held, new in zip(player.gems, drawn[CLEAR:WHITE], strict=True))
    set_aside = list(state.set_aside)
    set_aside[BLACK] += drawn[BLACK]
    set_aside[WHITE] += drawn[WHITE]
    details: dict[str, JSON] = {"drawn": counted(drawn)}
    if drawn[WHITE]:
        details["returned"] = counted(set_aside)
        bag = [inside + back for inside, back in zip(bag, set_aside, strict=True)]
        set_aside = list(NO_STONES)
    state = state.with_player(seat, player._replace(gems=(gems[0], gems[1], gems[2])))._replace(
        bag=tuple(bag),
        set_aside=tuple(set_aside),
    )
    return state, details


def set_gem_aside(state: LivingstoneState, seat: int, gem: int) -> LivingstoneState:
    """A sold gem leaves the player for the stones set aside (`gem` indexes STONES)."""
    player = state.players[seat]
    gems = list(player.gems)
    gems[gem - CLEAR] -= 1
    set_aside = list(state.set_aside)
    set_aside[gem] += 1
    return state.with_player(seat, player._replace(gems=(gems[0], gems[1], gems[2])))._replace(
        set_aside=tuple(set_aside),
    )


def collapse_mine(state: LivingstoneState) -> Outcome:
    """Mine Collapse: every player's gems go back into the bag."""
    bag = list(state.bag)
    players: list[Player] = []
    lost: dict[str, JSON] = {}
    for seat, player in enumerate(state.players):
        for offset, count in enumerate(player.gems):
            bag[CLEAR + offset] += count
        if any(player.gems):
            lost[str(seat)] = counted([0, *player.gems, 0])
            player = player._replace(gems=(0, 0, 0))
        players.append(player)
    return state._replace(players=tuple(players), bag=tuple(bag)), lost
