"""Standings on their own: places from a result, and ratings for 2-5 players with ties."""

from __future__ import annotations

from server.domain.games.record import FINISHED, GameRecord, Seat
from server.domain.games.standings import Standing, ranks, settled
from shared.engine import RESIGN
from shared.games import ENGINES


def test_places_put_winners_first_then_those_who_stayed_by_score_with_ties() -> None:
    assert ranks({"winners": [1], "scores": [5, 9]}, [], 2) == [2, 1]
    assert ranks({"winners": [0, 2], "scores": [7, 3, 7, 3, 1]}, [], 5) == [1, 2, 1, 2, 3]
    # a resigned seat is behind everyone who played on, whatever its score
    assert ranks({"winners": [0], "scores": [4, 40, 2]}, [1], 3) == [1, 3, 2]


def record(players: int, **options: object) -> GameRecord:
    engine = ENGINES["lost-cities-dice"]
    return GameRecord(
        id="g",
        type="lost-cities-dice",
        engine_version=engine.version,
        options=engine.configure(players, dict(options)),
        seats=tuple(Seat(f"p{i}", f"p{i}", True) for i in range(players)),
        status=FINISHED,
        creator="p0",
        created=0,
        updated=0,
        result={"winners": [0, 1], "scores": [10, 10] + [0] * (players - 2)},
    )


def test_ratings_move_for_every_table_size_and_a_shared_win() -> None:
    engine = ENGINES["lost-cities-dice"]
    for players in range(2, 6):
        resigned = [{"seat": players - 1, "move": dict(RESIGN), "event": {}, "at": 0}]
        entries = resigned if players > 2 else []
        after = settled(record(players), engine, entries, [Standing()] * players)
        assert all(s.sigma < Standing().sigma and s.played == 1 and s.rated == 1 for s in after)
        assert after[0].mu == after[1].mu  # the tie shares the win
        if players > 2:
            assert after[0].mu > Standing().mu
            assert after[-1].resigned == 1 and after[-1].mu < after[-2].mu
        assert [s.won for s in after] == [1, 1] + [0] * (players - 2)


def test_a_game_whose_chance_was_fixed_counts_but_is_not_rated() -> None:
    engine = ENGINES["lost-cities-dice"]
    (first, second) = settled(record(2, first_player=1), engine, [], [Standing()] * 2)
    assert (first.played, first.rated, first.mu) == (1, 0, Standing().mu)
    assert second.won == 1
