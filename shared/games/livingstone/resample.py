"""Livingstone as one seat cannot tell it apart: what is hidden from it drawn afresh.

Hidden from a seat while the game runs: the others' hands (their sizes are public), how their
money splits between purse and chest, the order of the deck, and every roll and draw still to
come (the seed). The stones need nothing: the bag is counts, drawn from blindly.

What the table tells of the money is kept: the sum of purse and chest is public (every income
and cost is on the table), each donation is at least one thaler, and a chest holds at most what
its owner had at the last donation less what it paid since (`Player.donated_at_most`).

No card is ever taken openly: every card reaches a hand face down from the deck, so no card is
known to be in a given hand. What a seat does know of cards and does not keep here: the cards of
a stack shuffled from the played ones (when the deck runs out, and under the deck after a Mine
Collapse) are public as a set, while this sampler deals them together with every other hidden
card. Keeping that exactly would weigh, for each card another player has since played, which
stack it may have come from; a sample may therefore place a card of such a stack in another's
hand, or one of another's cards in such a stack, which the seat could rule out.
"""

from __future__ import annotations

from shared.chance import Chance
from shared.games.livingstone.state import Player, State
from shared.immutable import replaced
from shared.redeal import redealt


def resample(state: State, seat: int | None, seed: str, knowing: bool = True) -> State:
    if state.over:
        return state  # at the end, chests and hands are shown
    chance = Chance(seed, "resample")
    others = [other for other in range(len(state.players)) if other != seat]
    players = list(state.players)
    dealt, rest = redealt(chance, [players[other].hand for other in others], state.deck)
    for other, hand in zip(others, dealt, strict=True):
        players[other] = replaced(_money(players[other], chance, knowing), hand=hand)
    return replaced(state, seed=seed, players=tuple(players), deck=tuple(rest))


def _money(player: Player, chance: Chance, knowing: bool) -> Player:
    """Another split of the player's public total between purse and chest, within what the
    table tells: at least a thaler a donation, at most `donated_at_most` (`knowing=False`: at
    most the whole total, as the first bots drew it)."""
    if not player.donations:
        return player
    total = player.thalers + player.donated
    most = player.donated_at_most if knowing else total
    donated = player.donations + chance.below(most - player.donations + 1)
    return replaced(player, thalers=total - donated, donated=donated)
