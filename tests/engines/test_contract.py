"""What every registered engine must do, checked on random complete games.

Game-specific rules and invariants (conservation of cards, stones, money; scoring tables) live in
each game's own test module; this one holds the protocol promises the service relies on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.engine import RESIGN, BadOptions, Engine, IllegalMove
from shared.games import ENGINES
from shared.games.lost_cities.cards import CARD_ID
from shared.playout import playout, replay
from tests.support.engines import randoms, seeds

ENGINE_IDS = sorted(ENGINES)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GARBAGE: list[Any] = [
    None,
    7,
    "play",
    [],
    {},
    {"action": None},
    {"action": "fly"},
    {"action": ["play"]},
    {"action": "play", "card": {"x": 1}},
    {"action": "play", "card": 10**100},
    {"action": "resign", "extra": "\u0000" * 3},
]


def engine_and_players(type_id: str) -> st.SearchStrategy[tuple[Engine[Any], int]]:
    engine = ENGINES[type_id]
    return st.integers(engine.min_players, engine.max_players).map(lambda n: (engine, n))


def random_game(engine: Engine[Any], players: int, seed: str, rnd: random.Random) -> Any:
    return playout(engine, engine.new(players, seed), rnd.choice, rnd.choice)


FORGIVEN: dict[str, tuple[tuple[str, str], ...]] = {
    "livingstone": (
        ("  TAKE   5  Tent ", "take 5 tent"),
        ("take5 thaler", "take 5 thalers"),
        ("take 2 tent row6 from c 2 r 3", "take 2 tent row 6 from c2r3"),
        ("sell Blue market", "sell blue at market"),
        ("play No Cost Tent", "play no-cost-tent"),
        ("play no_cost", "play no-cost-tent"),
        ("play ignore die", "play ignore-die-value"),
        ("play Extra Tent C2 R4", "play extra-tent c2r4"),
        ("end turn", "end"),
    ),
    "lost-cities": (
        ("play R7 draw deck", "play R7 draw deck"),
        ("PLAY r7  draw DECK", "play R7 draw deck"),
        ("play r7 deck", "play R7 draw deck"),
        ("discard Bw2 draw G", "discard Bw2 draw G"),
        ("  Discard  bW2   Draw  g ", "discard Bw2 draw G"),
        ("discard bw2 from green", "discard Bw2 draw G"),
        ("play R10 draw P", "play R10 draw P"),
        ("resign", "resign"),
        (" RESIGN ", "resign"),
    ),
    "lost-cities-dice": (
        ("red 4", "red 4"),
        ("  RED   4 ", "red 4"),
        ("red4", "red 4"),
        ("r 4", "red 4"),
        ("blue 0", "blue 0"),
        ("blue 10", "blue 0"),
        ("Green 7 accel red accel none", "green 7 accel red accel none"),
        ("g7, accelerate r, accel no", "green 7 accel red accel none"),
        ("REFUSE", "refuse"),
        ("resign", "resign"),
    ),
}
"""Per game, text as a person may type it (any case, spacing, short names) and the move's
canonical text."""


@pytest.mark.parametrize(
    ("type_id", "text", "canonical"),
    [(type_id, *example) for type_id in ENGINE_IDS for example in FORGIVEN[type_id]],
)
def test_notation_is_forgiving_and_formats_canonically(
    type_id: str, text: str, canonical: str
) -> None:
    engine = ENGINES[type_id]
    parsed = engine.parse_move(text)
    assert engine.format_move(parsed) == canonical
    assert engine.parse_move(canonical) == parsed


UNREADABLE: dict[str, tuple[str, ...]] = {
    "livingstone": (
        "",
        "fly",
        "take",
        "take five tent",
        "take 5 boat",
        "sell gold",
        "play joker",
        "donate",
    ),
    "lost-cities": (
        "",
        "play",
        "play R7",
        "play R7 draw",
        "fly R7 draw deck",
        "play R1 draw deck",
        "play R7 draw X",
        "play R7 draw deck now",
        "resign now",
    ),
    "lost-cities-dice": (
        "",
        "red",
        "pink 4",
        "red 11",
        "red -4",
        "red 4 accel",
        "red 4 boost blue",
        "red 4!",
        "4",
    ),
}
"""Per game, text that is no move in its notation: a word it does not know, a part missing or
one too many, a value out of range."""


@pytest.mark.parametrize(
    ("type_id", "text"),
    [(type_id, text) for type_id in ENGINE_IDS for text in UNREADABLE[type_id]],
)
def test_unreadable_text_is_refused_with_a_reason(type_id: str, text: str) -> None:
    with pytest.raises(IllegalMove) as error:
        ENGINES[type_id].parse_move(text)
    assert error.value.code == "bad_notation" and "cannot read" in error.value.message


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_describes_itself_and_its_defaults_configure(type_id: str) -> None:
    engine = ENGINES[type_id]
    described = engine.describe()
    json.dumps(described)
    assert described["id"] == type_id
    for players in range(engine.min_players, engine.max_players + 1):
        engine.configure(players, {})
    with pytest.raises(BadOptions):
        engine.configure(engine.min_players, {"no_such_option": 1})
    with pytest.raises(BadOptions):
        engine.configure(engine.max_players + 1, {})
    for option in engine.options:
        if option.choices is not None and not any(isinstance(c, bool) for c in option.choices):
            with pytest.raises(BadOptions):  # JSON `true` is no number, though `True == 1`
                engine.configure(engine.min_players, {option.name: True})


FIXED_CHANCE: dict[str, dict[str, Any]] = {
    "lost-cities": {"deck": list(reversed(CARD_ID[:60])), "first_player": 1},
    "lost-cities-dice": {"first_player": 1},
    "livingstone": {},  # its board's printed values leave the dice, bag and deck to chance
}
"""Per engine, a value for each option that replaces a draw by lot: a new one must be added
here, and declared (`Option.fixes_chance`)."""


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(seed=seeds)
def test_a_game_dealt_anew_owes_its_deal_to_its_seed_alone(type_id: str, seed: str) -> None:
    """A rematch's options (`dealt_anew`) keep every setting but those that fix chance: its
    start is the start of a game of its seed with nothing fixed, whatever the last one fixed."""
    engine = ENGINES[type_id]
    fixed = FIXED_CHANCE[type_id]
    assert engine.fixing_chance == set(fixed)
    players = engine.min_players
    options = engine.configure(players, fixed)
    again = engine.dealt_anew(options)
    assert again == engine.configure(players, {})
    assert engine.new(players, seed, again) == engine.new(players, seed)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_a_game_starts_by_any_rules_version_the_engine_knows_and_no_other(type_id: str) -> None:
    """Stored games replay by the version they began with; one made by newer rules than these
    cannot be replayed here, and says so rather than play by the wrong rules."""
    engine = ENGINES[type_id]
    players, seed = engine.min_players, "00" * 16
    assert engine.new(players, seed, None, engine.version) == engine.new(players, seed)
    for version in range(1, engine.version):
        engine.new(players, seed, None, version)
    for unknown in (0, engine.version + 1):
        with pytest.raises(ValueError, match="version"):
            engine.new(players, seed, None, unknown)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@SETTINGS
@given(data=st.data(), seed=seeds, rnd=randoms)
def test_random_games_end_and_replay_exactly(
    type_id: str, data: st.DataObject, seed: str, rnd: random.Random
) -> None:
    engine, players = data.draw(engine_and_players(type_id))
    final, log = random_game(engine, players, seed, rnd)
    assert engine.is_over(final)
    assert engine.to_act(final) == ()
    assert replay(engine, engine.new(players, seed), log) == final
    result = engine.result(final)
    assert result is not None
    json.dumps(result)
    assert len(result["scores"]) == players
    assert set(result["winners"]) <= set(range(players))


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=seeds, rnd=randoms)
def test_every_step_keeps_the_protocol(
    type_id: str, data: st.DataObject, seed: str, rnd: random.Random
) -> None:
    """Legal moves apply, their notation round-trips, views and events are JSON, bad input is
    refused without changing the state. (The notation depends on the move alone, so each move
    is written and read back once a game, however often it is legal: doing it at every step
    took most of the test's time.)"""
    engine, players = data.draw(engine_and_players(type_id))
    state = engine.new(players, seed)
    written: set[str] = set()
    while engine.to_act(state):
        for seat in [None, *range(players)]:
            json.dumps(engine.view(state, seat))
        seat = rnd.choice(engine.to_act(state))
        moves = engine.legal_moves(state, seat)
        assert moves, "a seat that must act has a legal move"
        for move in moves:
            if repr(move) in written:
                continue
            written.add(repr(move))
            text = engine.format_move(move)
            assert engine.parse_move(text) == move
            assert engine.format_move(engine.parse_move(text.upper())) == text
        for bad in GARBAGE:
            if bad != RESIGN:
                with pytest.raises(IllegalMove):
                    engine.transition(state, seat, bad)
        neutral = engine.neutral_move(state, seat)
        assert neutral is None or neutral in moves, "a neutral move is a legal one"
        for idle in set(range(players)) - set(engine.to_act(state)):
            assert engine.neutral_move(state, idle) is None
            for move in moves[:3]:
                with pytest.raises(IllegalMove):
                    engine.transition(state, idle, move)
        state, event = engine.transition(state, seat, rnd.choice(moves))
        json.dumps(event)
        for viewer in [None, *range(players)]:
            redacted = engine.redact_event(event, viewer)
            assert "secret" not in redacted
            json.dumps(redacted)
    for bad in GARBAGE:
        with pytest.raises(IllegalMove):
            engine.transition(state, 0, bad)


@pytest.mark.parametrize("type_id", ENGINE_IDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data(), seed=seeds, rnd=randoms)
def test_resigning_ends_or_continues_the_game(
    type_id: str, data: st.DataObject, seed: str, rnd: random.Random
) -> None:
    engine, players = data.draw(engine_and_players(type_id))
    state = engine.new(players, seed)
    for _ in range(rnd.randrange(0, 30)):
        seats = engine.to_act(state)
        if not seats:
            return
        seat = rnd.choice(seats)
        state = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
    if engine.is_over(state):
        return
    quitter = rnd.randrange(players)
    state = engine.apply(state, quitter, dict(RESIGN))
    assert quitter not in engine.to_act(state)
    with pytest.raises(IllegalMove):
        engine.apply(state, quitter, dict(RESIGN))
    final, _ = playout(engine, state, rnd.choice, rnd.choice)
    result = engine.result(final)
    assert result is not None and quitter not in result["winners"]


@pytest.mark.parametrize(
    ("type_id", "neutral"),
    [("lost-cities", None), ("lost-cities-dice", "refuse"), ("livingstone", None)],
)
def test_a_neutral_move_is_what_the_rules_offer_for_doing_nothing(
    type_id: str, neutral: str | None
) -> None:
    """Refusing the dice is always open; Lost Cities has none, and Livingstone none before the
    die pick (only `end` after it, which its own test covers)."""
    engine = ENGINES[type_id]
    state = engine.new(engine.min_players, "00" * 16)
    (seat, *_) = engine.to_act(state)
    move = engine.neutral_move(state, seat)
    assert (engine.format_move(move) if move is not None else None) == neutral
