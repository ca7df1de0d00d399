"""Livingstone as one seat cannot tell it apart: what is hidden from it drawn afresh.

Hidden from a seat while the game runs: the others' hands (their sizes are public), how their
money splits between chest and donations (the sum is public, for every income and cost is on the
table, and each donation is at least one thaler), the order of the deck, and every roll and draw
still to come (the seed). The stones need nothing: the bag is counts, drawn from blindly.
"""

from __future__ import annotations

from shared.chance import Chance
from shared.games.livingstone.state import Player, State
from shared.immutable import replaced
from shared.redeal import redealt


def resample(state: State, seat: int | None, seed: str) -> State:
    if state.over:
        return state  # at the end, chests and hands are shown
    chance = Chance(seed, "resample")
    others = [other for other in range(len(state.players)) if other != seat]
    players = list(state.players)
    dealt, rest = redealt(chance, [players[other].hand for other in others], state.deck)
    for other, hand in zip(others, dealt, strict=True):
        players[other] = replaced(_money(players[other], chance), hand=hand)
    return replaced(state, seed=seed, players=tuple(players), deck=tuple(rest))


def _money(player: Player, chance: Chance) -> Player:
    """Another split of the player's public total between chest and donations."""
    total = player.thalers + player.donated
    if not player.donations:
        return player
    donated = player.donations + chance.below(total - player.donations + 1)
    return replaced(player, thalers=total - donated, donated=donated)
