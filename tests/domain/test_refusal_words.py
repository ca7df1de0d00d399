"""Every refusal an engine can write is said with all its values filled in, whatever wraps it
(a batch's step, the domain's `Illegal`, a reply's "Not played"), in every language and the
pseudo-language: no `%(name)s` nor `{name}` is ever left for a player to read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from server.domain.errors import Illegal
from server.inbound.answer_mail import reason, unsaid
from shared.batch import IllegalStep, apply_batch
from shared.engine import IllegalMove
from shared.games import ENGINES
from shared.words import Sentence, Words
from tests.support.languages import SPOKEN
from tests.support.pseudo import PSEUDO

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
UNFILLED = re.compile(r"%\(|\{\w+\}")
NAMES = ("ada", "bo", "cy")
WORDS = {**SPOKEN, "pseudo": PSEUDO}


def messages() -> list[str | tuple[str, ...]]:
    """The shared catalog's messages that have placeholders: every refusal's among them."""
    with (ROOT / "shared" / "locale" / "messages.pot").open("rb") as file:
        catalog = read_po(file)
    return [
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in catalog
        if message.id and PLACEHOLDER.search(str(message.id))
    ]


def refusals(message: str | tuple[str, ...]) -> list[IllegalMove]:
    """The message as a refusal, its `%s` values given by the rules or as seats named later."""
    singular, plural = (message, "") if isinstance(message, str) else message[:2]
    found = dict((name, kind) for name, kind in PLACEHOLDER.findall(singular + plural))
    given: dict[str, object] = {name: 2 for name, kind in found.items() if kind == "d"}
    texts = {name: "x" for name, kind in found.items() if kind == "s"}
    num = int(str(given.pop("num"))) if plural else 0
    made = Sentence(singular, plural, num, tuple({**given, **texts}.items()))
    named = Sentence(singular, plural, num, tuple(given.items()))
    return [
        IllegalMove("refused", made),
        IllegalMove("refused", named, {name: 1 for name in texts}),
    ]


def wrapped(error: IllegalMove) -> list[IllegalMove]:
    """The refusal alone and as each wrapper carries it."""
    return [error, IllegalStep(2, error), IllegalStep(1, IllegalStep(3, error))]


@pytest.mark.parametrize("language", sorted(WORDS))
def test_every_refusal_is_said_filled_through_every_wrapper(language: str) -> None:
    words = WORDS[language]
    unfilled = []
    for message in messages():
        for error in (w for refusal in refusals(message) for w in wrapped(refusal)):
            illegal = Illegal(error, {}, NAMES)
            for said in (
                error.message,
                error.message_in(NAMES, words),
                illegal.message_in(words),
                reason(words, illegal),
                unsaid(words, illegal),
            ):
                if UNFILLED.search(said):
                    unfilled.append(said)
    assert not unfilled, unfilled[:10]


def said_out_of_turn(words: Words) -> str:
    """A batch sent by a seat whose turn it is not, as the domain says it."""
    engine = ENGINES["livingstone"]
    state = engine.new(3, "00112233445566778899aabbccddeeff")
    mover = engine.to_act(state)[0]
    with pytest.raises(IllegalStep) as refused:
        apply_batch(engine, state, (mover + 1) % 3, "take 3 thalers; end")
    return Illegal(refused.value, {}, NAMES).message_in(words)


@pytest.mark.parametrize("language", sorted(SPOKEN))
def test_a_batch_out_of_turn_names_the_player_to_move(language: str) -> None:
    engine = ENGINES["livingstone"]
    mover = engine.to_act(engine.new(3, "00112233445566778899aabbccddeeff"))[0]
    said = said_out_of_turn(SPOKEN[language])
    assert NAMES[mover] in said and "%(" not in said, said
