"""Final scoring: row majorities, gems, animals still in hand, and the queen's donations."""

from __future__ import annotations

from collections import Counter

from shared.engine import JSON
from shared.games.livingstone.data import ANIMAL_POINTS
from shared.games.livingstone.rounds import RESIGNATION
from shared.games.livingstone.state import State


def majority_points(state: State) -> list[int]:
    """Per row, the most tents across all columns take the bonus; ties split it, rounded down."""
    points = [0] * len(state.players)
    for row, bonus in enumerate(state.rules.majority):
        counts = Counter(owner for column in state.tents for owner in column[row])
        if not counts:
            continue
        most = max(counts.values())
        leaders = [seat for seat, count in counts.items() if count == most]
        for seat in leaders:
            points[seat] += bonus // len(leaders)
    return points


def breakdowns(state: State) -> list[dict[str, int]]:
    majorities = majority_points(state)
    result = []
    for seat, player in enumerate(state.players):
        parts = {
            "tents": player.tent_points,
            "animals_played": player.animal_points,
            "market": player.market_points,
            "majorities": majorities[seat],
            "gems": sum(player.gems),
            "animals_in_hand": sum(ANIMAL_POINTS.get(card, 0) for card in player.hand),
        }
        result.append({**parts, "total": sum(parts.values())})
    return result


def excluded(state: State) -> list[int]:
    """Who the donation rule rules out. More than two players: the lowest donor(s) among those
    still playing. Two: whoever gave less than the threshold roll, possibly both. A game won by
    resignation skips the check."""
    if state.ended_by == RESIGNATION:
        return []
    active = state.active_seats
    donated = [state.players[seat].donated for seat in active]
    limit = min(donated) + 1 if state.threshold is None else state.threshold
    return [seat for seat, amount in zip(active, donated, strict=True) if amount < limit]


def result(state: State) -> dict[str, JSON] | None:
    """Scores, winners, and why. If the donation rule rules out everyone still playing (all
    gave the same, or both of two fell short), nobody wins: the rulebook says so outright for
    two players ("both may lose"), and reads the same for more."""
    if not state.over:
        return None
    parts = breakdowns(state)
    out = set(excluded(state))
    everyone_excluded = out == set(state.active_seats)
    contenders = [seat for seat in state.active_seats if seat not in out]

    def rank(seat: int) -> tuple[int, int]:
        return parts[seat]["total"], state.players[seat].donated

    best = max(map(rank, contenders), default=None)
    return {
        "scores": [part["total"] for part in parts],
        "winners": [seat for seat in contenders if rank(seat) == best],
        "excluded": sorted(out),
        "everyone_excluded": everyone_excluded,
        "resigned": [seat for seat, player in enumerate(state.players) if player.resigned],
        "donations": [player.donated for player in state.players],
        "donation_threshold": state.threshold,
        "ended_by": state.ended_by,
        "breakdown": [
            {
                **part,
                "donation": player.donated,
                "excluded": seat in out,
                "resigned": player.resigned,
            }
            for seat, (part, player) in enumerate(zip(parts, state.players, strict=True))
        ],
    }
