"""A game's page tells its viewer nothing they may not know: games that differ only in what is
hidden from that viewer (`Engine.resample`) draw the same page, to the byte, while the page of
a player who can see the difference shows it. So do a spectator's page of a public game and
the replay pages of a game at an earlier version (the game as it stood then, as the viewer saw
it then)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from flask import Flask

from server.domain.games.loaded import Game
from server.domain.service.facade import GameService
from server.http.language import words_chosen
from server.web.table.game_page import HISTORY, Fresh, Replay, game_page, history, position
from shared.games import ENGINES
from tests.parts import LiveServer
from tests.support import memory
from tests.support.memory import MemoryGameStore, MemoryRoster

NAMES = ("ada", "bo", "cy", "di", "ed")
FRESH = Fresh("csrf", "nonce", ("key-1", "key-2", "key-3"))
LOOKS = 0.15
"""The share of a game's states looked at: enough that some twin another seat can tell apart
is met whatever the deal (at a twentieth, one dice game in twenty met none)."""


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_twins_a_viewer_cannot_tell_apart_draw_the_same_page(type_id: str, api: LiveServer) -> None:
    """Games played at random, looked at now and then (and at their end) by every seat and by
    a spectator; and, once over, replayed at the versions looked at along the way."""
    engine = ENGINES[type_id]
    rnd = random.Random(type_id)
    differing = 0
    for players in sorted({engine.min_players, engine.max_players}):
        roster = MemoryRoster(*NAMES[:players])
        games = memory.service(MemoryGameStore(), roster, clock=lambda: 1_800_000_000)
        people = [roster.players[name] for name in NAMES[:players]]
        game = games.seating.create(
            people[0], type_id, players, {}, list(NAMES[1:players]), public=True
        )
        for person in people[1:]:
            games.seating.join(person, game.id)
        looked_at = []
        while (game := games.loading.load(game.id)).status == "active":
            if rnd.random() < LOOKS:
                differing += pages_agree(api.app, games, game, rnd)
                looked_at.append(game.version)
            seat = rnd.choice(engine.to_act(game.state))
            move = rnd.choice(engine.legal_moves(game.state, seat))
            games.moving.submit(people[seat], game.id, move, game.version)
        pages_agree(api.app, games, game, rnd)
        for version in looked_at[:3]:
            then = games.loading.at_version(game, version)
            differing += pages_agree(api.app, games, then, rnd, Replay(version, game.version))
    assert differing > 0, "some twin differs where another player can see it"


def pages_agree(
    app: Flask, games: GameService, game: Game, rnd: random.Random, replay: Replay | None = None
) -> int:
    """For each seat and for a spectator, the page of the game and of its twin for them (as a
    replay at the game's version, if `replay`); returns how many twins the next seat could tell
    apart on its own page."""
    differing = 0
    seats = len(game.seats)
    since = 0 if replay else max(0, game.version - HISTORY)
    stored = games.loading.entries(game, since)[: game.version - since]
    with app.test_request_context(f"/play/{game.id}"):
        app.preprocess_request()

        def page(shown: Game, seat: int | None) -> str:
            words = words_chosen()
            lines = history(shown, seat, stored, since, words)
            drawn = position(shown, seat, lines, words, replay.at if replay else None)
            return game_page(drawn, FRESH, watching=seat is None, replay=replay)

        for seat in (None, *range(seats)):
            twin = dataclasses.replace(
                game, state=game.engine.resample(game.state, seat, f"{rnd.getrandbits(128):032x}")
            )
            assert page(game, seat) == page(twin, seat)
            other = 0 if seat is None else (seat + 1) % seats
            differing += page(game, other) != page(twin, other)
    return differing
