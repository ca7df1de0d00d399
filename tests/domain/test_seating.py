"""Seats before a game starts (`server.domain.service.seating`): a game made with its invitations
and bots, seats taken (racing for them included), invitations declined, games called off, and the
rematch of a finished one. Each refusal comes by kind and changes nothing."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.domain.errors import Conflict, Invalid, NotAPlayer, NotFound
from server.domain.games.record import Seat
from tests.support.tables import NAMES, NOW, Table, started


def test_invited_players_and_bots_take_their_seats_at_creation() -> None:
    table = Table()
    game = table.games.seating.create(
        table["ada"], "lost-cities-dice", None, {}, ["bo"], bots=["quick", "random"]
    )
    assert [(s.player, s.name, s.joined, s.bot) for s in game.seats] == [
        ("id-ada", "ada", True, None),
        ("id-bo", "bo", False, None),
        (None, "bot 1 (quick)", True, "quick"),
        (None, "bot 2 (random)", True, "random"),
    ]
    assert (game.status, game.record.creator, game.version) == ("open", "id-ada", 0)
    assert table.roster.game_ids("id-bo") == [game.id]  # invited: listed before joining
    assert table.games.seating.join(table["bo"], game.id).status == "active"


def test_a_game_whose_seats_the_creator_and_bots_fill_starts_at_once() -> None:
    table = Table()
    game = table.games.seating.create(
        table["ada"], "lost-cities", None, {"rounds": 1}, [], bots=["quick"]
    )
    assert game.status == "active" and game.record.to_act
    assert game.record.seed is not None


@pytest.mark.parametrize(
    ("invite", "seats", "bots", "code"),
    [
        (["zed"], None, [], "unknown_player"),
        (["bo", "bo"], None, [], "duplicate_player"),
        (["ada"], None, [], "duplicate_player"),
        (["bo", "cy"], None, [], "too_many_invites"),
        (["bo"], None, ["quick"], "too_many_bots"),
        ([], None, ["genius"], "unknown_bot_level"),
        ([], 5, [], "bad_options"),
    ],
)
def test_a_refused_creation_writes_nothing(
    invite: list[str], seats: int | None, bots: list[str], code: str
) -> None:
    table = Table()
    with pytest.raises(Invalid) as refused:
        table.games.seating.create(table["ada"], "lost-cities", seats, {}, invite, bots=bots)
    assert refused.value.code == code
    assert table.store.records_by_id == {} and table.roster.games == {}
    assert table.store.listed == {}


def test_a_public_game_is_in_the_lobby_until_its_seats_are_taken() -> None:
    table = Table()
    game = table.games.seating.create(table["ada"], "lost-cities-dice", 3, {}, [], public=True)
    ((record, players),) = table.games.loading.lobby().items
    assert record.id == game.id and players == [table["ada"], None, None]
    table.games.seating.join(table["bo"], game.id)
    assert [players for _, players in table.games.loading.lobby().items] == [
        [table["ada"], table["bo"], None]
    ]
    table.games.seating.join(table["cy"], game.id)
    assert table.games.loading.lobby().items == [] and table.store.listed == {}


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(2, 4),
    joiners=st.permutations(NAMES[1:]),
    raced=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_players_racing_for_seats_each_get_one_or_hear_the_game_started(
    seats: int, joiners: list[str], raced: list[bool]
) -> None:
    """Each join may be overtaken by the next one (it reads the seats, then the other takes
    one first): every seat is taken once, by whoever's write came first, and those too late
    are told the game started; none is seated twice."""
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities-dice", seats, {}, []).id
    outcomes: dict[str, str] = {}

    def join(name: str) -> None:
        try:
            table.games.seating.join(table[name], game_id)
            outcomes[name] = "seated"
        except Conflict as refusal:
            outcomes[name] = refusal.code

    for number, name in enumerate(joiners):
        if name in outcomes:
            continue
        later = [other for other in joiners[number + 1 :] if other not in outcomes]
        if raced[number] and later:
            table.store.meanwhile.append(functools.partial(join, later[0]))
        join(name)
    game = table.games.loading.load(game_id)
    seated = [name for name in joiners if outcomes[name] == "seated"]
    assert len(seated) == min(seats - 1, len(joiners))
    assert sorted(s.name or "" for s in game.seats) == sorted(["ada", *seated])
    assert all(outcomes[n] == "game_started" for n in joiners if n not in seated)
    assert game.status == ("active" if len(seated) == seats - 1 else "open")


def test_an_invitation_declined_frees_the_seat_for_anyone() -> None:
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"]).id
    with pytest.raises(NotAPlayer) as private:
        table.games.seating.join(table["cy"], game_id)
    assert private.value.code == "not_invited"
    assert table.games.seating.decline(table["bo"], game_id).seats[1] == Seat()
    assert table.roster.game_ids("id-bo") == []
    assert table.games.seating.join(table["cy"], game_id).status == "active"


def test_declining_is_refused_by_kind_and_changes_nothing() -> None:
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities-dice", 3, {}, ["bo", "cy"]).id
    table.games.seating.join(table["cy"], game_id)
    before = table.stored(game_id)
    with pytest.raises(NotFound):
        table.games.seating.decline(table["bo"], "0" * 24)
    with pytest.raises(NotAPlayer):
        table.games.seating.decline(table["di"], game_id)
    with pytest.raises(Conflict) as joined:
        table.games.seating.decline(table["cy"], game_id)
    assert joined.value.code == "already_joined"
    assert table.stored(game_id) == before
    table.games.seating.join(table["bo"], game_id)
    with pytest.raises(Conflict) as started_:
        table.games.seating.decline(table["bo"], game_id)
    assert started_.value.code == "game_started"


def test_a_decline_overtaken_by_a_join_is_made_again_on_the_new_seats() -> None:
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities-dice", 3, {}, ["bo"]).id
    table.store.meanwhile.append(lambda: table.games.seating.join(table["cy"], game_id))
    game = table.games.seating.decline(table["bo"], game_id)
    assert [s.name for s in game.seats] == ["ada", None, "cy"]


def test_only_the_creator_cancels_and_a_cancelled_game_takes_no_one() -> None:
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"]).id
    before = table.stored(game_id)
    with pytest.raises(NotAPlayer) as invited:
        table.games.seating.cancel(table["bo"], game_id)
    assert invited.value.code == "not_creator"
    with pytest.raises(NotAPlayer) as stranger:
        table.games.seating.cancel(table["cy"], game_id)
    assert stranger.value.code == "forbidden"
    assert table.stored(game_id) == before
    table.clock[0] = NOW + 60
    cancelled = table.games.seating.cancel(table["ada"], game_id)
    assert (cancelled.status, cancelled.record.updated) == ("cancelled", NOW + 60)
    assert table.roster.game_ids("id-bo") == [game_id]  # stays in its players' lists
    seating = table.games.seating
    for refused, who in ((seating.join, "bo"), (seating.decline, "bo"), (seating.cancel, "ada")):
        with pytest.raises(Conflict) as late:
            refused(table[who], game_id)
        assert late.value.code == "game_cancelled"


@pytest.mark.parametrize("first", ["join", "cancel"])
def test_a_cancel_and_the_join_that_fills_the_last_seat_win_or_lose_whole(first: str) -> None:
    table = Table()
    game_id = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"]).id
    join = functools.partial(table.games.seating.join, table["bo"], game_id)
    cancel = functools.partial(table.games.seating.cancel, table["ada"], game_id)
    overtaking, overtaken = (join, cancel) if first == "join" else (cancel, join)
    table.store.meanwhile.append(overtaking)
    with pytest.raises(Conflict) as lost:
        overtaken()
    game = table.games.loading.load(game_id)
    if first == "join":
        assert (lost.value.code, game.status, game.seats[1].joined) == (
            "game_started",
            "active",
            True,
        )
    else:
        assert (lost.value.code, game.status, game.seats[1].joined) == (
            "game_cancelled",
            "cancelled",
            False,
        )


def finished(table: Table) -> str:
    game_id = started(table)
    table.games.moving.resign(table["bo"], game_id)
    return game_id


def test_a_rematch_is_refused_until_the_game_is_over_and_to_all_but_its_players() -> None:
    table = Table()
    game_id = started(table)
    with pytest.raises(Conflict) as running:
        table.games.seating.rematch(table["ada"], game_id)
    assert running.value.code == "not_finished"
    table.games.moving.resign(table["bo"], game_id)
    with pytest.raises(NotAPlayer):
        table.games.seating.rematch(table["cy"], game_id)
    with pytest.raises(NotFound):
        table.games.seating.rematch(table["ada"], "0" * 24)
    assert table.store.records_by_id[game_id].rematch is None


def test_a_rematch_turns_the_table_and_the_others_join_it_by_asking() -> None:
    table = Table()
    game_id = finished(table)
    old = table.games.loading.load(game_id)
    again = table.games.seating.rematch(table["bo"], game_id)
    assert table.games.loading.record(game_id).rematch == again.id  # type: ignore[union-attr]
    assert [(s.name, s.joined) for s in again.seats] == [("bo", True), ("ada", False)]
    assert (again.record.creator, again.record.asked_by) == ("id-ada", "id-bo")
    assert (again.status, again.record.options["rounds"]) == ("open", 1)
    assert again.record.options["first_player"] is None  # dealt anew: chance drawn again
    assert old.record.options["first_player"] == 0
    joined = table.games.seating.rematch(table["ada"], game_id)
    assert (joined.id, joined.status) == (again.id, "active")
    assert table.games.seating.rematch(table["bo"], game_id).id == again.id  # seated: nothing more


def test_two_asking_for_a_rematch_at_once_make_one_game() -> None:
    table = Table()
    game_id = finished(table)
    table.store.meanwhile.append(lambda: table.games.seating.rematch(table["bo"], game_id))
    again = table.games.seating.rematch(table["ada"], game_id)
    assert again.status == "active" and again.record.asked_by == "id-bo"
    assert len(table.store.records_by_id) == 2
    assert table.roster.game_ids("id-ada") == table.roster.game_ids("id-bo")


def test_a_bot_keeps_its_seat_in_the_rematch() -> None:
    table = Table()
    game = table.games.seating.create(
        table["ada"], "lost-cities", None, {"rounds": 1, "first_player": 0}, [], bots=["random"]
    )
    table.games.moving.resign(table["ada"], game.id)
    again = table.games.seating.rematch(table["ada"], game.id)
    assert [(s.name, s.bot) for s in again.seats] == [("bot (random)", "random"), ("ada", None)]
    assert again.status == "active"
