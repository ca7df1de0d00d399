"""Information-set Monte Carlo tree search over determinizations (single-observer ISMCTS).

A seat cannot search the true game: it does not know the hidden cards, the others' money or
hidden choices, nor the dice to come. So each iteration samples a game the seat cannot tell
from the true one (`Engine.resample`, a fresh seed each time), walks one shared tree of moves
down it, adds a node, plays the sample on (`Heuristic.playout`) and credits each move on the
way with the payoff of the seat that made it. A move is legal in some samples and not in
others (another seat's card, a roll), so a node counts how often it was *available* and the
selection's exploration term uses that count (Cowling, Powley and Whitehouse, 2012). Chance
stays inside the samples: the tree is keyed by moves alone, an open-loop tree.

The tree grows in the heuristic's order: a node gets a new child only while it has fewer than
`WIDTH * sqrt(visits)` children, and the new one is the best-scored move not tried yet, so a
budget of a few hundred playouts is spent on the moves worth comparing.

Everything is deterministic given `rnd` and the iteration count: a decision replays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from shared.bots.heuristic import Heuristic, best
from shared.engine import Engine, Move, Seat

EXPLORATION = 0.7
"""UCB1's exploration constant, for payoffs in 0..1."""
WIDTH = 2.0
"""Progressive widening: children allowed per square root of a node's visits (at least 1)."""


class Node:
    """A move in the tree: who made it, how often it was tried and available, what it brought
    its mover, and the moves tried after it (by `repr`, the one key every move has)."""

    __slots__ = ("available", "children", "move", "mover", "total", "visits")

    def __init__(self, mover: Seat, move: Move | None) -> None:
        self.mover = mover
        self.move = move
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[str, Node] = {}


def search(
    engine: Engine[Any],
    state: Any,
    seat: Seat,
    heuristic: Heuristic,
    iterations: int,
    rnd: random.Random,
    out_of_time: Callable[[], bool] | None = None,
) -> tuple[Move, int]:
    """The move `seat` makes after at most `iterations` playouts (fewer when `out_of_time`
    says so, asked before each one), and how many it made. `state` is read only through
    `resample` for `seat`, so the move depends on nothing the seat may not know."""
    root = Node(seat, None)
    done = 0
    while done < iterations and not (out_of_time is not None and out_of_time()):
        sample = engine.resample(state, seat, f"{rnd.getrandbits(128):032x}")
        _iterate(engine, sample, seat, root, heuristic, rnd)
        done += 1
    if not root.children:
        sample = engine.resample(state, seat, f"{rnd.getrandbits(128):032x}")
        moves = engine.legal_moves(sample, seat)
        return best(moves, heuristic.scores(sample, seat, moves)), done
    chosen = max(root.children.values(), key=lambda node: (node.visits, node.total))
    assert chosen.move is not None
    return chosen.move, done


def _iterate(
    engine: Engine[Any],
    sample: Any,
    seat: Seat,
    root: Node,
    heuristic: Heuristic,
    rnd: random.Random,
) -> None:
    node, mover, path = root, seat, [root]
    while True:
        moves = engine.legal_moves(sample, mover)
        children = node.children
        tried: list[Node] = []
        untried: list[tuple[str, Move]] = []
        for move in moves:
            key = repr(move)
            child = children.get(key)
            if child is None:
                untried.append((key, move))
            else:
                child.available += 1
                tried.append(child)
        if untried and len(tried) < max(1.0, WIDTH * math.sqrt(node.visits)):
            candidates = [move for _, move in untried]
            scores = heuristic.scores(sample, mover, candidates)
            key, move = untried[max(range(len(untried)), key=scores.__getitem__)]
            child = children[key] = Node(mover, move)
            child.available = 1
            path.append(child)
            sample = engine.apply(sample, mover, move)
            break
        child = _select(tried)
        path.append(child)
        assert child.move is not None
        sample = engine.apply(sample, mover, child.move)
        node = child
        movers = engine.to_act(sample)
        if not movers:
            break
        mover = movers[0]
    payoff = heuristic.playout(engine, sample, rnd)
    for visited in path:
        visited.visits += 1
        visited.total += payoff[visited.mover]


def _select(children: list[Node]) -> Node:
    """UCB1 over the children available in this sample, with their availability counts."""
    chosen, best_value = children[0], -1.0
    for child in children:
        value = child.total / child.visits + EXPLORATION * math.sqrt(
            math.log(child.available) / child.visits
        )
        if value > best_value:
            chosen, best_value = child, value
    return chosen
