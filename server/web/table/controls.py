"""A move on a game's page in a few touches, for every game alike: the legal moves, each broken
into steps by its engine (`Engine.choices`), make a tree (`Steps`), and the page offers one node
of it at a time (`templates/controls.html`): the options after the steps chosen so far, then the
whole move in words to send. Without JavaScript each step is a request (`?step=…&step=…`, the
last a POST like any move); with it `static/controls.js` walks the same tree, sent with the page
as JSON, in place. Nothing here knows a game.

The tree is made once for a position (`server.web.table.positions` keeps it with the page's other
parts); each request only walks it to the steps it asks for."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from shared.choices import Step
from shared.engine import JSON, Engine
from shared.words import Words


@dataclass
class Node:
    """A point on the way to a move: the question its options answer and each option's step
    and where it leads, by key in the order the engine gave them; or, once the steps make a
    whole move, `move` (its text, as typed) and `said` (the move in words)."""

    asks: str = ""
    options: dict[str, tuple[Step, Node]] = field(default_factory=dict)
    move: str | None = None
    said: str = ""

    def plain(self) -> JSON:
        """The node as the page's script reads it: `{"asks", "options": [[key, label, colour,
        node], ...]}`, or `{"move", "said"}`."""
        if self.move is not None:
            return {"move": self.move, "said": self.said}
        return {
            "asks": self.asks,
            "options": [
                [step.key, step.label, step.colour, then.plain()]
                for step, then in self.options.values()
            ],
        }


@dataclass(frozen=True)
class Steps:
    """Every legal move of a position as a tree of steps (`root`), and the same tree as the
    JSON the page carries for its script (`text`, safe inside a `<script>`)."""

    root: Node
    text: Markup
    fragments: dict[Hashable, Markup] = field(default_factory=dict, compare=False, repr=False)
    """Each choice of the tree as its page draws it, once drawn (`server.web.table.game_page`)."""


@dataclass(frozen=True)
class Controls:
    """The choice a page offers now. `move` (its text, as typed) once the steps chosen make a
    whole move, with `said`, the move in words; else `asks` and its `options`. `lost`: the steps
    asked for fit no legal move (the game moved on), so the choice starts again. `tree` is the
    whole tree as JSON for the page's script. `focus`: the page was asked for a step (or to
    start again), so its first control takes the focus."""

    chosen: tuple[Step, ...]
    asks: str
    options: tuple[Step, ...]
    move: str | None
    said: str
    lost: bool
    tree: Markup
    focus: bool

    @property
    def keys(self) -> list[str]:
        return [step.key for step in self.chosen]


def steps(
    engine: Engine[Any], view: Mapping[str, JSON], legal: Sequence[Mapping[str, JSON]], words: Words
) -> Steps:
    """The tree of `legal` (the view's legal moves, each with its `text` and `move`). Where one
    move's steps begin another's, the shorter is the one offered (as no engine's are)."""
    root = Node()
    choices = engine.choices(dict(view), [entry["move"] for entry in legal], words)
    for choice, entry in zip(choices, legal, strict=True):
        node = root
        for step in choice.steps:
            node.asks = node.asks or step.asks
            found = node.options.get(step.key)
            if found is None:
                found = node.options[step.key] = (step, Node())
            node = found[1]
        if node.move is None:
            node.move, node.said = str(entry["text"]), choice.said
    return Steps(root, htmlsafe_json_dumps(root.plain(), dumps=_json))


def _json(value: JSON) -> str:
    return orjson.dumps(value).decode()


def controls(tree: Steps, asked: Sequence[str] | None) -> Controls:
    """The choice after the steps `asked` (keys; None: none asked for, the page opened as it
    is)."""
    chosen: list[Step] = []
    node, lost = tree.root, False
    for key in filter(None, asked or ()):
        found = node.options.get(key)
        if found is None:
            chosen, node, lost = [], tree.root, True
            break
        chosen.append(found[0])
        node = found[1]
    options = () if node.move is not None else tuple(step for step, _ in node.options.values())
    return Controls(
        tuple(chosen), node.asks, options, node.move, node.said, lost, tree.text, asked is not None
    )
