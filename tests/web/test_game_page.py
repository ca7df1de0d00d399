"""A game's page tells its player nothing they may not know: games that differ only in what is
hidden from that player (`Engine.resample`) draw the same page, to the byte, while the page of
a player who can see the difference shows it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from flask import Flask

from server.domain.game import Game
from server.domain.games import GameService
from server.web.game_page import HISTORY, Fresh, game_page, history
from shared.games import ENGINES
from tests.parts import LiveServer
from tests.support.memory import MemoryGameStore, MemoryRoster

NAMES = ("ada", "bo", "cy", "di", "ed")
FRESH = Fresh("csrf", "nonce", ("key-1", "key-2", "key-3"))


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_twins_a_player_cannot_tell_apart_draw_the_same_page(type_id: str, api: LiveServer) -> None:
    """Games played at random, looked at now and then (and at their end) by every seat."""
    engine = ENGINES[type_id]
    rnd = random.Random(type_id)
    told_apart = 0
    for players in sorted({engine.min_players, engine.max_players}):
        roster = MemoryRoster(*NAMES[:players])
        games = GameService(MemoryGameStore(), roster, clock=lambda: 1_800_000_000)
        people = [roster.players[name] for name in NAMES[:players]]
        game = games.create(people[0], type_id, players, {}, list(NAMES[1:players]))
        for person in people[1:]:
            games.join(person, game.id)
        while (game := games.load(game.id)).status == "active":
            if rnd.random() < 0.05:
                told_apart += pages_agree(api.app, games, game, rnd)
            seat = rnd.choice(engine.to_act(game.state))
            move = rnd.choice(engine.legal_moves(game.state, seat))
            games.submit(people[seat], game.id, move, game.version)
        pages_agree(api.app, games, game, rnd)
    assert told_apart > 0, "some twin differs where another player can see it"


def pages_agree(app: Flask, games: GameService, game: Game, rnd: random.Random) -> int:
    """For each seat, the page of the game and of its twin for that seat; returns how many
    twins the next seat could tell apart on its own page."""
    told_apart = 0
    seats = len(game.seats)
    since = max(0, game.version - HISTORY)
    stored = games.entries(game, since)
    with app.test_request_context(f"/play/{game.id}"):
        app.preprocess_request()
        for seat in range(seats):
            twin = dataclasses.replace(
                game, state=game.engine.resample(game.state, seat, f"{rnd.getrandbits(128):032x}")
            )
            pages = [
                game_page(shown, seat, history(shown, seat, stored, since), FRESH)
                for shown in (game, twin)
            ]
            assert pages[0] == pages[1]
            other = (seat + 1) % seats
            told_apart += game_page(
                game, other, history(game, other, stored, since), FRESH
            ) != game_page(twin, other, history(twin, other, stored, since), FRESH)
    return told_apart
