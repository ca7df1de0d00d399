"""Invitations counted exactly (`server.domain.service.invitations`): whatever players do before
their games start, what is counted is what the games hold; a claim left by a request cut short is
found at the limit; whom a player takes invitations from, and blocks, in invitations, rematches
and the talk a blocker hears."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.domain.errors import Refusal, TooMany, Unwelcome
from server.domain.games.events import PlayerEvent
from server.domain.games.record import ACTIVE, FINISHED, OPEN, GameRecord
from server.domain.players.player import NOBODY, PLAYED
from server.domain.service import invitations
from server.domain.service.invitations import invited
from server.domain.service.leaving import Leaving, Left
from server.domain.service.ports import Sending
from tests.support.tables import NAMES, NOW, RacedStore, Table, started

LIMITS = invitations.Limits(sent=3, waiting=2, per_hour=100)

Step = tuple[str, str, list[str], int]
"""What is asked, by whom, whom it invites, and which game it is about."""

acts = st.lists(
    st.tuples(
        st.sampled_from(["create", "join", "join", "decline", "cancel", "resign", "rematch"]),
        st.sampled_from(NAMES),
        st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True),
        st.integers(0, 20),
    ),
    max_size=40,
)


def counted(table: Table) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    """What the book counts (sent, waiting) as (inviter, game, invitee)."""
    sent = {(by, g, to) for by, c in table.book.sent_by.items() for g, to in c}
    waiting = {(by, g, to) for to, c in table.book.waiting_on.items() for g, by in c}
    return sent, waiting


def held(table: Table) -> set[tuple[str, str, str]]:
    """The open invitations the games hold."""
    found = set()
    for record in table.store.records_by_id.values():
        by, invitees = invited(record)
        found |= {(by, record.id, to) for to in invitees}
    return found


@settings(max_examples=100, deadline=None)
@given(acts)
def test_what_is_counted_is_what_the_games_hold(
    steps: list[tuple[str, str, list[str], int]],
) -> None:
    """Random players' requests (each on a game it fits, by a player it may be meant for, so
    most are carried out): after each, the invitations counted sent and waiting are those the
    games hold."""
    table = Table()
    table.games = table.service(invitation_limits=LIMITS)
    for act, name, others, pick in steps:
        fitting = {"resign": ACTIVE, "rematch": FINISHED}.get(act, OPEN)
        games = sorted(g for g, r in table.store.records_by_id.items() if r.status == fitting)
        if act == "create" or not games:
            invitees = [other for other in others if other != name]
            with contextlib.suppress(Refusal):
                table.games.seating.create(table[name], "lost-cities-dice", None, {}, invitees)
        else:
            record = table.store.records_by_id[games[pick % len(games)]]
            joined = [s.name for s in record.seats if s.player and s.joined]
            waiting = [s.name for s in record.seats if s.player and not s.joined]
            meant = {"join": waiting, "decline": waiting, "cancel": joined[:1]}.get(act, joined)
            player = table[(meant or [name])[pick % len(meant or [name])] or name]
            with contextlib.suppress(Refusal):
                job = table.games.moving if act == "resign" else table.games.seating
                getattr(job, act)(player, record.id)
        sent, waiting_on = counted(table)
        assert sent == waiting_on == held(table)
        assert all(len(c) <= LIMITS.sent for c in table.book.sent_by.values())
        assert all(len(c) <= LIMITS.waiting for c in table.book.waiting_on.values())


def test_a_claim_whose_game_never_came_is_released_at_the_limit_once_it_is_old() -> None:
    table = Table()
    table.games = table.service(invitation_limits=LIMITS)
    for lost, age in (("lost1", 3600), ("lost2", 3600), ("being-made", 10)):
        table.book.send("id-ada", lost, ["id-bo"], NOW - age, Sending(LIMITS.sent))
    game = table.games.seating.create(table["ada"], "lost-cities-dice", 4, {}, ["cy"])
    assert counted(table)[0] == {
        ("id-ada", "being-made", "id-bo"),
        ("id-ada", game.id, "id-cy"),
    }, "the old claims released, the recent one kept"
    table.games.seating.create(table["ada"], "lost-cities-dice", 4, {}, ["di"])
    with pytest.raises(TooMany) as refused:
        table.games.seating.create(table["ada"], "lost-cities-dice", 4, {}, ["ed"])
    assert refused.value.code == "too_many_invitations"


def test_a_refusal_past_a_limit_counts_nothing() -> None:
    table = Table()
    table.games = table.service(invitation_limits=LIMITS)
    table.games.seating.create(table["ada"], "lost-cities-dice", 4, {}, ["bo"])
    table.games.seating.create(table["cy"], "lost-cities-dice", 4, {}, ["bo"])
    before = counted(table), dict(table.store.records_by_id), dict(table.roster.games)
    with pytest.raises(TooMany) as refused:
        table.games.seating.create(table["di"], "lost-cities-dice", 4, {}, ["ed", "bo"])
    assert refused.value.code == "invitee_has_too_many"
    assert refused.value.values == {"name": "bo", "most": 2}
    assert (counted(table), dict(table.store.records_by_id), dict(table.roster.games)) == before
    assert table.book.made.get("id-di", {}) == {}, "the game made given back"


def test_whom_one_takes_invitations_from_and_blocks_answer_alike() -> None:
    table = Table()
    roster = table.roster
    bo = roster.players["bo"]
    for mode in (NOBODY, PLAYED):
        roster.players["bo"] = bo.__class__(**{**bo.__dict__, "invitations": mode})
        with pytest.raises(Unwelcome) as refused:
            table.games.seating.create(table["ada"], "lost-cities", 2, {"rounds": 1}, ["bo"])
        assert (refused.value.code, refused.value.message) == (
            "not_accepting_invitations",
            "bo accepts no invitations from you",
        )
    roster.players["bo"] = bo
    table.blocks.blocks["id-bo"] = {"id-ada"}
    with pytest.raises(Unwelcome) as blocked:
        table.games.seating.create(table["ada"], "lost-cities", 2, {"rounds": 1}, ["bo"])
    assert (blocked.value.code, blocked.value.message, blocked.value.details) == (
        refused.value.code,
        refused.value.message,
        refused.value.details,
    )
    assert table.store.records_by_id == {}


def test_played_takes_invitations_from_a_player_once_a_game_together_started() -> None:
    table = Table()
    game_id = started(table)  # ada and bo
    bo = table.roster.players["bo"]
    table.roster.players["bo"] = bo.__class__(**{**bo.__dict__, "invitations": PLAYED})
    assert table.games.seating.create(table["ada"], "lost-cities", 2, {"rounds": 1}, ["bo"])
    with pytest.raises(Unwelcome):
        table.games.seating.create(table["cy"], "lost-cities", 2, {"rounds": 1}, ["bo"])
    assert game_id


def test_a_blocked_speakers_talk_is_not_heard_by_the_blocker_only() -> None:
    table = Table()
    game_id = started(table)
    table.games.talking.say(table["ada"], game_id, "hello")
    table.blocks.blocks["id-bo"] = {"id-ada"}
    table.games.talking.say(table["ada"], game_id, "again")
    table.games.talking.say(table["bo"], game_id, "hi")
    game = table.games.loading.load(game_id)
    heard = [m and m["text"] for m in table.games.talking.talk(game, "id-bo")]
    assert heard == [None, None, "hi"], "each keeps its number"
    assert [m and m["text"] for m in table.games.talking.talk(game, "id-ada")] == [
        "hello",
        "again",
        "hi",
    ]
    _, _, said = table.games.loading.table(game_id, table["bo"])
    assert [m and m["text"] for m in said] == [None, None, "hi"]


def test_a_rematchs_invitations_are_counted_and_one_past_the_limit_asks_nothing() -> None:
    table = Table()
    table.games = table.service(invitation_limits=LIMITS)
    game_id = started(table)
    table.games.moving.resign(table["bo"], game_id)
    for invitee in ("cy", "di", "ed"):
        table.games.seating.create(table["ada"], "lost-cities", 2, {"rounds": 1}, [invitee])
    before = counted(table), table.store.records_by_id[game_id]
    with pytest.raises(TooMany) as refused:
        table.games.seating.rematch(table["ada"], game_id)
    assert refused.value.code == "too_many_invitations"
    assert (counted(table), table.store.records_by_id[game_id]) == before, "no rematch asked"
    again = table.games.seating.rematch(table["bo"], game_id)
    assert ("id-bo", again.id, "id-ada") in counted(table)[0]
    table.games.seating.rematch(table["ada"], game_id)  # asking again joins it: answered
    assert counted(table)[0] == counted(table)[1] == held(table)
    assert all(g != again.id for _, g, _ in counted(table)[0])


def test_the_invitations_of_a_rematch_whose_asker_left_are_released() -> None:
    table = Table()
    game_id = started(table)  # ada made it
    table.games.moving.resign(table["ada"], game_id)
    again = table.games.seating.rematch(table["bo"], game_id)  # bo asks: ada is invited
    assert counted(table)[1] == {("id-bo", again.id, "id-ada")}
    Leaving(table.games, table["bo"]).leave(again.id, Left())  # bo's account deleted
    assert counted(table) == (set(), set())


class CreateRaced(RacedStore):
    """What `before_create` holds is done just before the next game is written."""

    def __init__(self) -> None:
        super().__init__()
        self.before_create: list[Callable[[], object]] = []

    def create(self, record: GameRecord, events: Sequence[PlayerEvent] = ()) -> bool:
        while self.before_create:
            self.before_create.pop(0)()
        return super().create(record, events)


def test_a_rematch_written_first_by_another_under_the_id_one_marked_is_joined() -> None:
    """ada marks the finished game with the rematch's id; before she writes the game, bo asks,
    finds the id, and writes it as his: ada's claim is given back and she joins his."""
    table = Table(store=CreateRaced())
    game_id = started(table)
    table.games.moving.resign(table["bo"], game_id)
    store = table.store
    assert isinstance(store, CreateRaced)
    store.before_create.append(lambda: table.games.seating.rematch(table["bo"], game_id))
    again = table.games.seating.rematch(table["ada"], game_id)
    assert again.record.asked_by == "id-bo" and again.status == "active"
    assert len(store.records_by_id) == 2
    assert counted(table) == (set(), set()) == (held(table), held(table))
