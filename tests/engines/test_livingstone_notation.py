"""What people type for a livingstone step, and what they read back."""

from __future__ import annotations

import random
import re

import pytest

from shared.engine import IllegalMove
from shared.games.livingstone import Livingstone
from shared.playout import playout

ENGINE = Livingstone()
SEED = "00112233445566778899aabbccddeeff"

CANONICAL = {
    "take 5 tent": {"action": "take", "die": 5, "use": "tent"},
    "take 2 tent row 6": {"action": "take", "die": 2, "use": "tent", "row": 6},
    "take 4 tent from c2r3": {"action": "take", "die": 4, "use": "tent", "from": [2, 3]},
    "take 4 tent row 1 from c10r3": {
        "action": "take",
        "die": 4,
        "use": "tent",
        "row": 1,
        "from": [10, 3],
    },
    "take 1 card": {"action": "take", "die": 1, "use": "card"},
    "take 6 thalers": {"action": "take", "die": 6, "use": "thalers"},
    "take 3 mine": {"action": "take", "die": 3, "use": "mine"},
    "sell blue": {"action": "sell", "gem": "blue"},
    "sell red at market": {"action": "sell", "gem": "red", "market": True},
    "donate 12": {"action": "donate", "amount": 12},
    "play lion": {"action": "play", "card": "lion"},
    "play draw-3-stones": {"action": "play", "card": "draw-3-stones"},
    "play extra-tent c2r4": {"action": "play", "card": "extra-tent", "at": [2, 4]},
    "end": {"action": "end"},
    "resign": {"action": "resign"},
}


@pytest.mark.parametrize(("text", "move"), CANONICAL.items())
def test_each_step_has_one_canonical_text(text: str, move: dict[str, object]) -> None:
    assert ENGINE.parse_move(text) == move
    assert ENGINE.format_move(move) == text
    assert ENGINE.parse_move(text.upper()) == move


def test_one_step_at_a_time() -> None:
    with pytest.raises(IllegalMove) as error:
        ENGINE.parse_move("sell blue; end")
    assert "batch" in error.value.message


def test_views_and_events_render_as_plain_text_without_secrets() -> None:
    rnd = random.Random(7)
    state = ENGINE.new(3, SEED)
    final, log = playout(ENGINE, state, rnd.choice, rnd.choice)
    for seat, move in log:
        state, event = ENGINE.transition(state, seat, move)
        for viewer in (None, 0, 1, 2):
            line = ENGINE.render_event(ENGINE.redact_event(event, viewer))
            assert "\n" not in line and line.startswith(f"seat {seat} ")
            if event["action"] == "donate" and viewer != seat:
                assert "thalers" not in line
        if ENGINE.is_over(state):
            break
        text = ENGINE.render_view(ENGINE.view(state, 1))
        assert "[1] seat 1 (you)" in text and "chest" in text
        assert len(re.findall(r"chest \d", text)) == 1  # one's own; the key says what it is
    ended = ENGINE.render_view(ENGINE.view(final, None))
    assert "Game over" in ended and "Winner: seat" in ended


def test_texts_name_the_players_when_the_caller_knows_them() -> None:
    names = ["ada", "bo", "cy"]
    rnd = random.Random(3)
    state = ENGINE.new(3, SEED)
    final, log = playout(ENGINE, state, rnd.choice, rnd.choice)
    for seat, move in log[:40]:
        state, event = ENGINE.transition(state, seat, move)
        line = ENGINE.render_event(ENGINE.redact_event(event, 0), names)
        assert line.startswith(f"{names[seat]} ") and "seat " not in line
    text = ENGINE.render_view(ENGINE.view(state, 1), names)
    assert "[0] ada:" in text and "[1] bo (you):" in text and "seat " not in text
    ended = ENGINE.render_view(ENGINE.view(final, None), names)
    assert "Winner: " in ended and "seat " not in ended
