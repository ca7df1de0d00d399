"""The end of a Roll & Write game: every sheet's points and who won."""

from __future__ import annotations

from shared.games.lost_cities_dice.scoring import breakdown
from shared.games.lost_cities_dice.state import State


def result(state: State) -> dict[str, object] | None:
    """Scores of every sheet; the winners are the best of those still playing (or the last
    one left, when the others resigned)."""
    if not state.over:
        return None
    breakdowns = [breakdown(sheet, state.rules) for sheet in state.sheets]
    scores = [parts["total"] for parts in breakdowns]
    playing = [seat for seat in range(state.players) if not state.resigned[seat]]
    best = max(scores[seat] for seat in playing)
    winners = (
        playing
        if state.ended_by == "resignation"
        else [seat for seat in playing if scores[seat] == best]
    )
    return {
        "scores": scores,
        "winners": winners,
        "breakdown": breakdowns,
        "reason": state.ended_by,
        "resigned": [seat for seat in range(state.players) if state.resigned[seat]],
    }
