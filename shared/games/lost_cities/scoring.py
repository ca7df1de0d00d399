"""What an expedition is worth, and who leads a match.

Scoring runs at the end of each game and for every view (the current game's scores "as they
stand"), never in the hot path of a move, so it favours plain arithmetic over tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shared.games.lost_cities.cards import IS_WAGER, VALUE, cards_in

EXPEDITION_COST = 20
BONUS_CARDS = 8
"""An expedition of at least this many cards, wagers included, earns `BONUS_POINTS`."""
BONUS_POINTS = 20

GamePoints = tuple[tuple[int, ...], ...]
"""Points of one finished game: per seat, per colour."""


def expedition_points(cards: Sequence[int]) -> int:
    """(sum of numbers - cost) * (1 + wagers), then the bonus, unmultiplied; empty: nothing."""
    if not cards:
        return 0
    wagers = sum(IS_WAGER[card] for card in cards)
    points = (sum(VALUE[card] for card in cards) - EXPEDITION_COST) * (1 + wagers)
    return points + (BONUS_POINTS if len(cards) >= BONUS_CARDS else 0)


def seat_points(expeditions: int, colours: int) -> tuple[int, ...]:
    """Per colour, the points of a seat's expeditions (the set of all cards it played)."""
    return tuple(expedition_points(cards_in(expeditions, colour)) for colour in range(colours))


def game_totals(game: GamePoints) -> tuple[int, ...]:
    return tuple(sum(per_colour) for per_colour in game)


def match_totals(games: Iterable[GamePoints], seats: int = 2) -> tuple[int, ...]:
    totals = [0] * seats
    for game in games:
        for seat, points in enumerate(game_totals(game)):
            totals[seat] += points
    return tuple(totals)


def games_won(games: Iterable[GamePoints], seats: int = 2) -> tuple[int, ...]:
    """Games each seat won outright; a tied game counts for no one."""
    wins = [0] * seats
    for game in games:
        totals = game_totals(game)
        best = max(totals)
        if totals.count(best) == 1:
            wins[totals.index(best)] += 1
    return tuple(wins)


def leaders(scores: Sequence[int]) -> list[int]:
    """All seats sharing the highest score."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
