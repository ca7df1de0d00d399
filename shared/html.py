"""HTML boards: elements built from escaped text, and the look every game's board shares.

Each game draws its view as a fragment: a `<style>` element with the game's stylesheet, then
one `<div class="board GAME">`. Its selectors are scoped by that class, so boards of several
games sit in one page or one email without their styles meeting, and a mail composer can inline
them (they are plain class selectors and `@media` rules, nothing a mail client must run). Tables
do the layout, as mail clients render tables best. Every colour carries a letter, number or word
as well, for whoever sees colours differently, and every board ends with a legend.
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup, escape

Child = str | int | Markup | None | Iterable["Child"]
"""What an element may hold: text (escaped), numbers, built elements, nothing, or several."""


def h(name: str, *children: Child, cls: str = "", **attributes: str | int) -> Markup:
    """`<name class=cls ...>children</name>`, everything in it escaped unless already built.
    Attribute names are written with `-` for `_` (`aria_label` → `aria-label`)."""
    named = {"class": cls} if cls else {}
    named.update({key.replace("_", "-"): str(value) for key, value in attributes.items()})
    opening = "".join(f' {key}="{escape(value)}"' for key, value in named.items())
    return Markup(f"<{name}{opening}>{join(children)}</{name}>")


def join(children: Iterable[Child]) -> Markup:
    """Several children as one piece of markup."""
    parts: list[str] = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, Markup):
            parts.append(child)
        elif isinstance(child, str | int):
            parts.append(escape(str(child)))
        else:
            parts.append(join(child))
    return Markup("".join(parts))


def board(game: str, stylesheet: str, title: Child, *children: Child, legend: str) -> str:
    """A whole board: its stylesheet, its title line, what the game shows, and the legend that
    says what the symbols mean."""
    return str(
        h("style", Markup(BOARD_CSS + stylesheet))
        + h(
            "div",
            h("div", title, cls="title"),
            *children,
            h("div", legend, cls="legend"),
            cls=f"board {game}",
        )
    )


def chip(text: Child, cls: str, title: str = "") -> Markup:
    """A small labelled token: a card, a die, a tent, a stone."""
    return h("span", text, cls=f"chip {cls}", **({"title": title} if title else {}))


BOARD_CSS = """
.board { font-family: 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif;
  font-size: 14px; line-height: 1.35; color: #1f1b16; background-color: #fbf7ee;
  border: 1px solid #d8cfbd; border-radius: 8px; padding: 10px; margin: 8px 0;
  overflow-wrap: anywhere; }
.board table { border-collapse: separate; border-spacing: 2px; }
.board td, .board th { padding: 0; vertical-align: top; }
.board .title { font-size: 16px; font-weight: bold; margin: 0 0 6px; }
.board .note { margin: 6px 0; }
.board .legend { font-size: 12px; color: #5c554b; border-top: 1px solid #d8cfbd;
  margin-top: 10px; padding-top: 6px; }
.board .chip { display: inline-block; min-width: 14px; padding: 1px 4px; margin: 1px;
  border-radius: 4px; border: 1px solid #8a8171; text-align: center; font-weight: bold;
  font-size: 13px; line-height: 18px; white-space: nowrap; }
.board .you { font-weight: bold; }
@media (prefers-color-scheme: dark) {
  .board { color: #f0ebe1 !important; background-color: #24211c !important;
    border-color: #4a443a !important; }
  .board .legend { color: #c9c1b3 !important; }
  .board .legend { border-color: #4a443a !important; }
}
"""
"""What every board shares: the frame, the title, chips and the legend, in light and dark."""
