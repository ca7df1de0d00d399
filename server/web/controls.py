"""A move on a game's page in a few touches, for every game alike: the legal moves, each broken
into steps by its engine (`Engine.choices`), make a tree, and the page offers one choice of it at
a time (`templates/controls.html`): the options after the steps chosen so far, then the whole
move in words to send. Without JavaScript each step is a request (`?step=…&step=…`, the last a
POST like any move); with it `static/controls.js` walks the same tree, sent with the page, in
place. Nothing here knows a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shared.choices import Step
from shared.engine import JSON, Engine
from shared.words import Words


@dataclass(frozen=True)
class Controls:
    """The choice a page offers now. `move` (its text, as typed) once the steps chosen make a
    whole move, with `said`, the move in words; else `asks` and its `options`. `lost`: the steps
    asked for fit no legal move (the game moved on), so the choice starts again. `paths` is the
    whole tree for the page's script: each move's steps, words and text. `focus`: the page was
    asked for a step (or to start again), so its first control takes the focus."""

    chosen: tuple[Step, ...]
    asks: str
    options: tuple[Step, ...]
    move: str | None
    said: str
    lost: bool
    paths: list[dict[str, JSON]]
    focus: bool

    @property
    def keys(self) -> list[str]:
        return [step.key for step in self.chosen]


def controls(
    engine: Engine[Any],
    view: Mapping[str, JSON],
    legal: Sequence[Mapping[str, JSON]],
    asked: Sequence[str] | None,
    words: Words,
) -> Controls:
    """The choice after the steps `asked` (keys; None: none asked for, the page opened as it
    is), among `legal` (the view's legal moves, each with its `text` and `move`)."""
    focus = asked is not None
    choices = engine.choices(dict(view), [entry["move"] for entry in legal], words)
    paths: list[dict[str, JSON]] = [
        {"steps": [list(step) for step in choice.steps], "said": choice.said, "move": entry["text"]}
        for choice, entry in zip(choices, legal, strict=True)
    ]
    asked = tuple(key for key in asked or () if key)
    fitting = [
        index for index, choice in enumerate(choices) if _keys(choice.steps)[: len(asked)] == asked
    ]
    lost = bool(asked) and not fitting
    if not fitting:
        asked, fitting = (), list(range(len(choices)))
    depth = len(asked)
    chosen = choices[fitting[0]].steps[:depth] if fitting else ()
    for index in fitting:
        if len(choices[index].steps) == depth:
            return Controls(
                chosen, "", (), legal[index]["text"], choices[index].said, lost, paths, focus
            )
    options: dict[str, Step] = {}
    for index in fitting:
        step = choices[index].steps[depth]
        options.setdefault(step.key, step)
    shown = tuple(options.values())
    return Controls(chosen, shown[0].asks if shown else "", shown, None, "", lost, paths, focus)


def _keys(steps: Sequence[Step]) -> tuple[str, ...]:
    return tuple(step.key for step in steps)
