"""Table talk through the service (`server.domain.service.talking`): said by a seated player only,
once under its key, within the seat's rate and the table's size; it never moves the game."""

from __future__ import annotations

import pytest

from server.domain.errors import KeyReused, NotAPlayer, NotJoined, TooMany
from server.domain.games.talk_rules import Limits
from tests.support.tables import Table, started


def test_only_a_seated_player_talks_and_a_resend_is_said_once() -> None:
    table = Table()
    game_id = started(table)
    invited = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["cy"]).id
    with pytest.raises(NotJoined):
        table.games.talking.say(table["cy"], invited, "hello")
    with pytest.raises(NotAPlayer):
        table.games.talking.say(table["cy"], game_id, "hello")
    record, number, message = table.games.talking.say(table["bo"], game_id, "good luck", "k")
    assert (record.id, number, message["text"], message["seat"]) == (game_id, 1, "good luck", 1)
    assert table.games.talking.say(table["bo"], game_id, "good luck", "k")[1:] == (number, message)
    with pytest.raises(KeyReused):
        table.games.talking.say(table["bo"], game_id, "bad luck", "k")
    game = table.games.loading.load(game_id)
    assert [m["text"] for m in table.games.talking.talk(game, "") if m] == ["good luck"]
    assert game.version == 0 == table.store.version(game_id)


def test_a_seat_that_talks_too_fast_is_told_when_to_go_on() -> None:
    table = Table()
    games = table.service(talk_limits=Limits(per_window=2))
    game_id = started(table)
    for text in ("one", "two"):
        games.talking.say(table["ada"], game_id, text)
    with pytest.raises(TooMany) as throttled:
        games.talking.say(table["ada"], game_id, "three")
    assert throttled.value.code == "too_many_messages"
    assert throttled.value.details == {"retry_after": Limits().window}
    games.talking.say(table["bo"], game_id, "my turn to talk")  # the limit is the seat's
