"""How a Lost Cities match came out: scores, winners and the breakdown by game and colour."""

from __future__ import annotations

from shared.engine import JSON
from shared.games.lost_cities.options import MATCH_BEST_OF, MATCH_TOTAL
from shared.games.lost_cities.scoring import game_totals, games_won, leaders, match_totals
from shared.games.lost_cities.state import SEATS, State


def result(state: State) -> dict[str, JSON] | None:
    """In a `total` match the scores are points; in a `best-of` match they are games won (a tied
    game counts for no one). Equal scores share the win; a resigned seat never wins."""
    if not state.over:
        return None
    rules = state.rules
    totals = match_totals(state.deal.scored_games, SEATS)
    won = games_won(state.deal.scored_games, SEATS)
    scores = won if rules.best_of else totals
    winners = leaders(scores) if state.resigned_seat is None else [1 - state.resigned_seat]
    letters = rules.colour_letters
    return {
        "scores": list(scores),
        "winners": winners,
        "match": MATCH_BEST_OF if rules.best_of else MATCH_TOTAL,
        "resigned": state.resigned_seat,
        "breakdown": [
            {
                "total": totals[seat],
                "games_won": won[seat],
                "games": [
                    {
                        "points": game_totals(game)[seat],
                        "expeditions": dict(zip(letters, game[seat], strict=True)),
                    }
                    for game in state.deal.scored_games
                ],
            }
            for seat in range(SEATS)
        ],
    }
