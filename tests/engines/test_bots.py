"""Bots know only what their seat may know, and their games replay.

A bot samples what its seat cannot see with `Engine.resample`, so the sampler is tested first,
per game: a sample agrees with the seat's view and its own secrets, conserves what is hidden
(cards, dice, stones, money), and depends on nothing else (two games the seat cannot tell
apart give the same sample for the same seed, as far ahead as they are played). Then the bots:
at every level, twins get the same move for the same seed; a move is always legal; a decision
cut short by the caller's clock replays from the playouts it says it made.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections import Counter
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from shared.bots import LEVELS, QUICK, SEARCH, VERSION, VERSIONS, Budget, choose, playouts
from shared.bots import lost_cities as lost_cities_bots
from shared.engine import Engine, Seat
from shared.games import ENGINES
from shared.games.livingstone import Livingstone
from shared.games.livingstone import state as livingstone
from shared.games.lost_cities import LostCities
from shared.games.lost_cities import state as lost_cities
from shared.games.lost_cities.cards import BIT
from shared.games.lost_cities_dice import LostCitiesDice
from shared.games.lost_cities_dice import state as dice
from shared.games.lost_cities_dice.legal import sheet_moves
from shared.games.lost_cities_dice.moves import encode
from shared.immutable import replaced
from tests.support.engines import randoms, reached, seeds

ENGINE_IDS = sorted(ENGINES)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOT_SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
PLAYOUTS = 8
"""The search's budget in these tests: enough to build a tree, small enough to be quick."""


class Sampled(NamedTuple):
    """A state part-way through a random game, a seat, its twin (a game that seat cannot tell
    from it), and a seed to sample both with."""

    engine: Engine[Any]
    players: int
    state: Any
    seat: Seat
    twin: Any
    seed: str
    rnd: random.Random


@st.composite
def sampled(draw: st.DrawFn, type_id: str) -> Sampled:
    engine = ENGINES[type_id]
    players = draw(st.integers(engine.min_players, engine.max_players))
    rnd = draw(randoms)
    state = reached(engine, players, draw(seeds), rnd)
    seat = draw(st.integers(0, players - 1))
    twin = engine.resample(state, seat, draw(seeds))
    return Sampled(engine, players, state, seat, twin, draw(seeds), rnd)


# -- the sampler ------------------------------------------------------------------------------


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_a_sample_depends_only_on_what_the_seat_may_know(type_id: str, data: st.DataObject) -> None:
    """Twins sampled with one seed are the same game to everyone, now and as far as it is
    played on: the same views, the same legal moves, the same chance to come."""
    engine, players, state, seat, twin, seed, rnd = data.draw(sampled(type_id))
    one, other = engine.resample(state, seat, seed), engine.resample(twin, seat, seed)
    for _ in range(30):
        for viewer in (None, *range(players)):
            assert engine.view(one, viewer) == engine.view(other, viewer)
        movers = engine.to_act(one)
        assert movers == engine.to_act(other)
        if not movers:
            break
        mover = rnd.choice(movers)
        moves = engine.legal_moves(one, mover)
        assert moves == engine.legal_moves(other, mover)
        move = rnd.choice(moves)
        one, other = engine.apply(one, mover, move), engine.apply(other, mover, move)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data())
def test_a_sample_keeps_what_the_seat_sees_and_holds(type_id: str, data: st.DataObject) -> None:
    engine, _, state, seat, _, seed, _ = data.draw(sampled(type_id))
    sample = engine.resample(state, seat, seed)
    assert engine.view(sample, seat) == engine.view(state, seat)
    assert engine.legal_moves(sample, seat) == engine.legal_moves(state, seat)
    assert engine.to_act(sample) == engine.to_act(state)


def hidden_cards(state: lost_cities.State, seat: Seat) -> Counter[int]:
    """The cards `seat` has not seen: the draw pile's, and those of the other hand but the ones
    everyone saw it take from a discard pile."""
    other = 1 - seat
    unseen = (card for card in state.hands[other] if card not in lost_cities.known_in(state, other))
    return Counter((*unseen, *state.deal.deck[state.drawn :]))


@SETTINGS
@given(data=st.data())
def test_a_lost_cities_sample_deals_the_hidden_cards_again(data: st.DataObject) -> None:
    """The other hand's unseen cards and the draw pile, shuffled together and dealt again: the
    same cards, the same sizes; every card the other was seen to take still in its hand; the
    seat's own hand and everything on the table as they were."""
    _, _, state, seat, _, seed, _ = data.draw(sampled(LostCities.type_id))
    sample = LostCities().resample(state, seat, seed)
    known = lost_cities.known_in(state, 1 - seat)
    event("some cards of the other hand known" if known else "no card of the other hand known")
    assert sample.hands[seat] == state.hands[seat]
    assert len(sample.hands[1 - seat]) == len(state.hands[1 - seat])
    assert set(known) <= set(sample.hands[1 - seat])
    assert sample.known_cards == state.known_cards
    assert hidden_cards(sample, seat) == hidden_cards(state, seat)
    assert sample.expeditions == state.expeditions and sample.piles == state.piles
    assert sample.drawn == state.drawn and sample.deal.scored_games == state.deal.scored_games


SAMPLES = 32
"""Samples drawn of each of two games that differ in what the seat knows: enough that those of
the game where it knows less fall outside what it knows in the other, at odds of at least one
half a sample (as the tests arrange), all but surely."""


def sample_seeds(seed: str) -> list[str]:
    return [f"{seed[:-4]}{number:04x}" for number in range(SAMPLES)]


@SETTINGS
@given(data=st.data())
def test_a_lost_cities_sample_keeps_every_pickup_the_seat_saw(data: st.DataObject) -> None:
    """Two games alike but for what the seat saw: in one the other took its known cards from
    discard piles, in the other (`unseen`) those cards reached its hand unseen. Every sample of
    the first holds them in the other's hand; the second's deal them anew with the rest, so its
    samples differ, and the seat's bot may move otherwise."""
    _, _, state, seat, _, seed, _ = data.draw(sampled(LostCities.type_id))
    other = 1 - seat
    known = set(lost_cities.known_in(state, other))
    assume(known and state.deck_left >= lost_cities.HAND_SIZE and not state.over)
    unseen = replaced(state, known_cards=state.known_cards & ~sum(BIT[card] for card in known))
    engine = LostCities()
    for each in sample_seeds(seed):
        assert known <= set(engine.resample(state, seat, each).hands[other])
    assert any(
        not known <= set(engine.resample(unseen, seat, each).hands[other])
        for each in sample_seeds(seed)
    )


def hidden_livingstone(state: livingstone.State, seat: Seat) -> Counter[str]:
    others = (player for index, player in enumerate(state.players) if index != seat)
    return Counter((*(card for player in others for card in player.hand), *state.deck))


@SETTINGS
@given(data=st.data())
def test_a_livingstone_sample_conserves_cards_stones_and_money(data: st.DataObject) -> None:
    """The others' hands and the deck dealt again from the same cards; each other's money
    split again between purse and chest, at least a thaler a gift; stones untouched."""
    _, _, state, seat, _, seed, _ = data.draw(sampled(Livingstone.type_id))
    sample = Livingstone().resample(state, seat, seed)
    assert hidden_livingstone(sample, seat) == hidden_livingstone(state, seat)
    assert sample.players[seat] == state.players[seat]
    for drawn, true in zip(sample.players, state.players, strict=True):
        assert len(drawn.hand) == len(true.hand)
        assert drawn.thalers + drawn.donated == true.thalers + true.donated
        assert drawn.donations == true.donations and drawn.donated >= drawn.donations
        assert drawn.donated_at_most == true.donated_at_most
        assert drawn.donated <= drawn.donated_at_most
        assert drawn.thalers >= 0 and drawn.gems == true.gems
    assert (sample.bag, sample.set_aside, sample.tents) == (state.bag, state.set_aside, state.tents)
    assert sample.played == state.played


@SETTINGS
@given(data=st.data())
def test_a_livingstone_sample_keeps_to_what_the_table_tells_of_a_chest(
    data: st.DataObject,
) -> None:
    """Two games alike but for what the seat saw of another's money: in one, tents that player
    paid for since its last donation show that its chest holds at most `donated_at_most`
    (`test_livingstone_properties` recounts the bound from the public log); in the other
    (`unseen`), nothing bounds the chest but the player's money. Every sample of the first
    keeps within the bound, and the second's go beyond it."""
    _, players, state, seat, _, seed, _ = data.draw(sampled(Livingstone.type_id))
    assume(not state.over)
    other = (seat + data.draw(st.integers(1, players - 1))) % players
    donations = data.draw(st.integers(1, 3))
    total = data.draw(st.integers(donations + 1, 40))
    at_most = data.draw(st.integers(donations, donations + (total - donations - 1) // 2))
    donated = data.draw(st.integers(donations, at_most))
    true = state.players[other]._replace(
        thalers=total - donated, donated=donated, donations=donations, donated_at_most=at_most
    )
    state = state.with_player(other, true)
    unseen = state.with_player(other, true._replace(donated_at_most=total))
    engine = Livingstone()
    for each in sample_seeds(seed):
        assert donations <= engine.resample(state, seat, each).players[other].donated <= at_most
    assert any(
        engine.resample(unseen, seat, each).players[other].donated > at_most
        for each in sample_seeds(seed)
    )


def stacked(seed: str, rnd: random.Random) -> livingstone.State:
    """A random Livingstone game played until the deck holds a stack of played cards (a Mine
    Collapse, or the deck run out), then on for a while, perhaps into that stack."""
    engine = Livingstone()
    state = engine.new(rnd.randint(engine.min_players, engine.max_players), seed)
    extra = None
    while (seats := engine.to_act(state)) and extra != 0:
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
        if extra is None and state.stacks:
            extra = rnd.randrange(150)
        elif extra is not None:
            extra -= 1
    return state


def stack_places(state: livingstone.State) -> list[tuple[Counter[str], tuple[str, ...]]]:
    """Per part of the deck the stacks tell of, top first: the cards it may hold (as many of
    each as it may hold) and the cards it holds. What is left of the first stack, if it is
    being drawn from, may hold any of its cards; a whole stack holds exactly its own."""
    first, *below = state.stacks
    top = len(state.deck) - sum(len(stack) for stack in below)
    if top >= len(first):
        top, below = top - len(first), [first, *below]
        places = []
    else:
        places = [(Counter(first), state.deck[:top])]
    for stack in below:
        places.append((Counter(stack), state.deck[top : top + len(stack)]))
        top += len(stack)
    return places


def keeps_to_the_stacks(sample: livingstone.State) -> bool:
    return all(Counter(cards) <= allowed for allowed, cards in stack_places(sample))


@SETTINGS
@given(seed=seeds, rnd=randoms, data=st.data())
def test_a_livingstone_sample_keeps_the_stacks_the_seat_saw_made(
    seed: str, rnd: random.Random, data: st.DataObject
) -> None:
    """The stacks of played cards in the deck are public as sets: every sample deals a whole
    stack from its own cards at its place, and what is left of the one drawn from only from
    its cards, with the hidden cards as they were. A game alike but for the stacks (`unseen`:
    the seat did not see them made) deals every hidden card anywhere, so some of its samples
    break them, where the odds of keeping to them by chance are at most even."""
    state = stacked(seed, rnd)
    assume(state.stacks and not state.over)
    seat = data.draw(st.integers(0, len(state.players) - 1))
    first, *below = state.stacks
    drawn_from = len(state.deck) - sum(len(stack) for stack in below) < len(first)
    event("a stack being drawn from" if drawn_from else "the stacks whole")
    engine = Livingstone()
    samples = [engine.resample(state, seat, each) for each in sample_seeds(data.draw(seeds))]
    for sample in samples:
        assert sample.stacks == state.stacks and keeps_to_the_stacks(sample)
        assert hidden_livingstone(sample, seat) == hidden_livingstone(state, seat)
        assert sample.players[seat] == state.players[seat]
    hidden = sum(hidden_livingstone(state, seat).values())
    allowed, cards = stack_places(state)[0]
    fitting = sum((hidden_livingstone(state, seat) & allowed).values())
    assume(math.comb(fitting, len(cards)) * 2 <= math.comb(hidden, len(cards)))
    unseen = replaced(state, stacks=())
    assert any(
        not keeps_to_the_stacks(replaced(engine.resample(unseen, seat, each), stacks=state.stacks))
        for each in sample_seeds(seed)
    )


@SETTINGS
@given(data=st.data())
def test_a_dice_sample_keeps_the_dice_and_hides_choices_among_legal_ones(
    data: st.DataObject,
) -> None:
    """The dice as rolled and left; each other's hidden choice one it could have made with
    them, and still hidden (made or not made, as before); the seat's own choice as it was."""
    _, _, state, seat, _, seed, _ = data.draw(sampled(LostCitiesDice.type_id))
    sample: dice.State = LostCitiesDice().resample(state, seat, seed)
    assert (sample.rolled_colours, sample.rolled_numbers) == (
        state.rolled_colours,
        state.rolled_numbers,
    )
    assert (sample.colours, sample.numbers) == (state.colours, state.numbers)
    assert sample.sheets == state.sheets and sample.pending[seat] == state.pending[seat]
    for other, choice in enumerate(sample.pending):
        assert (choice is None) == (state.pending[other] is None)
        if choice is not None and other != seat:
            legal = sheet_moves(state.sheets[other], state.rules, state.colours, state.numbers)
            assert encode(choice) in legal


# -- the bots ---------------------------------------------------------------------------------


def to_act(engine: Engine[Any], state: Any, rnd: random.Random) -> Seat:
    seats = engine.to_act(state)
    assume(seats)
    return rnd.choice(seats)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("type_id", ENGINE_IDS)
@BOT_SETTINGS
@given(data=st.data())
def test_a_bot_moves_alike_in_games_its_seat_cannot_tell_apart(
    type_id: str, level: str, data: st.DataObject
) -> None:
    """The same seed, the same move, whatever the seat may not know (another's hand, money,
    hidden choice, the deck's order, the dice to come); and the move is legal."""
    engine, _, state, _, _, seed, rnd = data.draw(sampled(type_id))
    seat = to_act(engine, state, rnd)
    twin = engine.resample(state, seat, data.draw(seeds))
    budget = Budget(PLAYOUTS)
    decision = choose(engine, state, seat, seed, level, budget)
    assert choose(engine, twin, seat, seed, level, budget) == decision
    legal = engine.legal_moves(state, seat)
    assert decision.move in legal
    searched = level == SEARCH and len(legal) > 1
    assert 0 < decision.iterations <= PLAYOUTS if searched else decision.iterations == 0


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_a_search_cut_short_by_the_clock_replays_from_its_playouts(type_id: str) -> None:
    engine = ENGINES[type_id]
    state = engine.new(engine.min_players, "5eed" * 8)
    seat = engine.to_act(state)[0]
    asked = iter(range(1_000))

    def out_of_time() -> bool:
        return next(asked) >= 5

    cut = choose(engine, state, seat, "ab" * 16, SEARCH, Budget(10_000, out_of_time))
    assert 0 < cut.iterations < choose(engine, state, seat, "ab" * 16, SEARCH).iterations
    assert choose(engine, state, seat, "ab" * 16, SEARCH, Budget(cut.iterations)) == cut


def test_choose_refuses_a_level_it_does_not_know_and_a_seat_with_nothing_to_do() -> None:
    engine = LostCities()
    state = engine.new(2, "5eed" * 8)
    seat = state.mover
    assert seat is not None
    with pytest.raises(ValueError, match="level"):
        choose(engine, state, seat, "ab" * 16, "grandmaster")
    with pytest.raises(ValueError, match="no move"):
        choose(engine, state, 1 - seat, "ab" * 16, QUICK)
    with pytest.raises(ValueError, match="no bots of version 0"):
        choose(engine, state, seat, "ab" * 16, QUICK, version=0)


@pytest.mark.parametrize("patient", [True, False])
@BOT_SETTINGS
@given(seed=seeds, rnd=randoms, turns=st.integers(8, 30))
def test_lost_cities_bots_read_a_patient_opponent_from_its_public_play(
    patient: bool, seed: str, rnd: random.Random, turns: int
) -> None:
    """Against an opponent that has played under a quarter of the cards on the table, today's
    bots play as the first version's; against one that plays its cards, as the second's. With
    no card taken from a pile, their samples are alike, so the moves are the same."""
    engine = LostCities()
    state = engine.new(2, seed, {"rounds": 1})
    me = state.mover
    assert me is not None
    for _ in range(turns):
        seat = state.mover
        if seat is None:
            break
        moves = [move for move in engine.legal_moves(state, seat) if move["draw"] == "deck"]
        if seat != me:
            wanted = "discard" if patient else "play"
            moves = [move for move in moves if move["action"] == wanted] or moves
        state = engine.apply(state, seat, rnd.choice(moves))
    assume(state.mover == me and lost_cities_bots.patient_play(state, 1 - me) == patient)
    as_of = 1 if patient else 2
    for level in (QUICK, SEARCH):
        budget = Budget(PLAYOUTS)
        today = choose(engine, state, me, seed, level, budget)
        assert today == choose(engine, state, me, seed, level, budget, version=as_of)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_livingstone_searches_fewer_playouts_with_more_players(players: int) -> None:
    """A playout's rounds take a turn of each player: beyond three, fewer playouts a move."""
    bot = VERSIONS[VERSION]["livingstone"]
    assert playouts(bot, players) == (200 if players <= 3 else 600 // players)
    engine = Livingstone()
    state = engine.new(players, "5eed" * 8)
    seat = engine.to_act(state)[0]
    assert 0 < choose(engine, state, seat, "ab" * 16, SEARCH).iterations <= playouts(bot, players)


PINNED = {
    1: "0ea7ca561af5fe9adb870f6019b3215ef948c16b0b07ae35fb7fe6dc5c451784",
    2: "ffacd8a7f52a2de07d4bfcf5509f1c1383c3051f61acda8b1848b3ba097717e5",
    3: "ffacd8a7f52a2de07d4bfcf5509f1c1383c3051f61acda8b1848b3ba097717e5",
}
"""Per version of the bots, the digest of the moves it makes in `pinned_moves`. A game's log
names the version each bot move was made by, and `verify` makes it again with that version:
so a version, once games name it, must make the same moves for good (a change to the bots is
a new version, pinned here when it is added)."""


def pinned_moves(version: int) -> list[str]:
    """The moves of each level of `version`, at its own budget, at a few points of one game of
    each type (random play between them, the same for every version)."""
    moves = []
    for type_id in ENGINE_IDS:
        engine = ENGINES[type_id]
        rnd = random.Random(type_id)
        state = engine.new(engine.min_players, "5eed" * 8)
        for step in range(40):
            seat = engine.to_act(state)[0]
            if step % 13 == 5:
                seed = f"{step:032x}"
                for level in LEVELS:
                    move = choose(engine, state, seat, seed, level, version=version).move
                    moves.append(engine.format_move(move))
            state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
    return moves


@pytest.mark.parametrize("version", sorted(VERSIONS))
def test_a_version_of_the_bots_makes_the_same_moves_for_good(version: int) -> None:
    made = hashlib.sha256(json.dumps(pinned_moves(version)).encode()).hexdigest()
    assert made == PINNED[version]
