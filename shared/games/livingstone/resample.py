"""Livingstone as one seat cannot tell it apart: what is hidden from it drawn afresh.

Hidden from a seat while the game runs: the others' hands (their sizes are public), how their
money splits between purse and chest, the order of the deck, and every roll and draw still to
come (the seed). The stones need nothing: the bag is counts, drawn from blindly.

What the table tells of the money is kept: the sum of purse and chest is public (every income
and cost is on the table), each donation is at least one thaler, and a chest holds at most what
its owner had at the last donation less what it paid since (`Player.donated_at_most`).

No card is ever taken openly: every card reaches a hand face down from the deck, so no card is
known to be in a given hand. What a seat does know of the deck is kept: a stack shuffled from
the played cards (when the deck runs out, and under the deck after a Mine Collapse) is made of
cards everyone saw (`State.stacks`), so a whole stack is dealt again from its own cards, and
what is left of the one being drawn from only from the cards it was made of. Which of the
others drew from a stack is not kept (a sample may give its cards to a player who drew
none of them, as long as they are not in the stack): with duplicate cards in the deck, which
of a player's cards came from where is no longer told once it plays one of them, and weighing
every way it could have gone is more than a sample is worth.
"""

from __future__ import annotations

from collections import Counter

from shared.chance import Chance
from shared.engine import KNOWING, Seat
from shared.games.livingstone.state import Player, State
from shared.immutable import replaced
from shared.redeal import redealt

STACKS_KNOWN = 2
"""The `knowing` from which samples keep the stacks (`shared.engine.KNOWING`)."""


def resample(state: State, seat: Seat | None, seed: str, knowing: int = KNOWING) -> State:
    if state.over:
        return state  # at the end, chests and hands are shown
    chance = Chance(seed, "resample")
    others = [other for other in range(len(state.players)) if other != seat]
    players = list(state.players)
    hands = [players[other].hand for other in others]
    if knowing >= STACKS_KNOWN and state.stacks:
        dealt, rest = _stacked(chance, hands, state.deck, state.stacks)
    else:
        dealt, rest = redealt(chance, hands, state.deck)
    for other, hand in zip(others, dealt, strict=True):
        players[other] = replaced(_money(players[other], chance, knowing > 0), hand=hand)
    return replaced(state, seed=seed, players=tuple(players), deck=tuple(rest))


def _stacked(
    chance: Chance,
    hands: list[tuple[str, ...]],
    deck: tuple[str, ...],
    stacks: tuple[tuple[str, ...], ...],
) -> tuple[list[tuple[str, ...]], list[str]]:
    """The hands and the deck dealt again within what the stacks tell: every whole stack from
    its own cards, at its place; above them, what is left of the first stack, if it is being
    drawn from, from its cards among the hidden ones; the rest as `redealt` deals it."""
    first, *below = stacks
    under = sum(len(stack) for stack in below)
    top = len(deck) - under
    if top >= len(first):  # the first stack is whole too, under cards from before it
        dealt, rest = redealt(chance, hands, deck[: top - len(first)])
        above: list[str] = []
        below = [first, *below]
    else:
        hidden = Counter(card for hand in hands for card in hand) + Counter(deck[:top])
        above = chance.shuffled(sorted((hidden & Counter(first)).elements()))[:top]
        left = sorted((hidden - Counter(above)).elements())
        dealt, rest = redealt(chance, _sized(left, hands), ())
    for stack in below:
        rest += chance.shuffled(stack)
    return dealt, [*above, *rest]


def _sized(cards: list[str], hands: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`cards` cut into hands of the sizes of `hands` (`redealt` deals them again)."""
    cut, start = [], 0
    for hand in hands:
        cut.append(tuple(cards[start : start + len(hand)]))
        start += len(hand)
    return cut


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
