"""A player at a game's page in the browser, making moves by its step controls alone
(`server/web/templates/controls.html`): by mouse or by keyboard only (Tab, then Enter), with the
page's script on or off. At each choice a `Pick` says which option to take."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Error, Locator, Page, expect

from shared.choices import MOST

Pick = Callable[[list[str], int], int]
"""The options' labels and how many steps are chosen already → the index of the one to take."""


def opened_now(page: Page, url: str) -> None:
    """The page at `url` as it is now. A page with its script on may be reloading itself
    because the game moved on; that reload shows the same."""
    for _ in range(3):
        try:
            page.goto(url)
            return
        except Error as error:
            if "interrupted by another navigation" not in error.message:
                raise
    page.goto(url)


def first(labels: list[str], depth: int) -> int:
    return 0


AHEAD = """target => {
    const order = [...document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary")].filter(
        element => element.getClientRects().length > 0 && !element.disabled);
    return order.indexOf(target) - order.indexOf(document.activeElement);
}"""
"""How many presses of Tab from the focus to `target`, in the page's order (no tabindex)."""


def tab_to(page: Page, target: Locator) -> None:
    """Tab through the page until `target` has the focus: as many presses as there are
    controls between them (counted, sparing a question to the browser at each press), then
    checked. A page still loading may put the focus back at its start as it ends (on a busy
    machine, between the count and the presses): then the rest is counted again from there,
    as a person would press on."""
    page.wait_for_load_state()
    handle = target.element_handle()
    assert handle is not None
    for _ in range(3):
        presses = page.evaluate(AHEAD, handle)
        assert presses >= 0, f"the focus is past {target}"
        for _ in range(presses):
            page.keyboard.press("Tab")
        if page.evaluate("element => element === document.activeElement", handle):
            return
    raise AssertionError(f"Tab did not reach {target}")


def press(page: Page, target: Locator, keyboard: bool) -> None:
    """Activate a control: a click, or Tab to it and Enter."""
    if keyboard:
        tab_to(page, target)
        page.keyboard.press("Enter")
    else:
        target.click()


def options(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#move-options button").all_inner_texts()]


def play_move(
    page: Page, pick: Pick = first, keyboard: bool = False, in_place: bool = False
) -> str:
    """One move through the steps, each choice's options legal and at most a dozen, and the
    move shown in words and sent; what it said. `in_place`: the page's script takes the steps
    without loading the page again."""
    if in_place:
        page.evaluate("window.stepsInPlace = true")
    depth = 0
    send = page.locator("#move-said")
    while True:
        # a question or the move to send, once the page (or its live part) is in place
        expect(page.locator("#move-options button, #move-said").first).to_be_visible()
        if send.is_visible():
            break
        labels = options(page)
        assert 0 < len(labels) <= MOST, labels
        press(page, page.locator("#move-options button").nth(pick(labels, depth)), keyboard)
        depth += 1
        expect(page.locator("#move-chosen li")).to_have_count(depth)
    said = send.inner_text()
    if in_place:
        assert page.evaluate("window.stepsInPlace === true"), "the page was loaded again"
    press(page, send, keyboard)
    expect(page.locator(".flash.played")).to_be_visible()
    return said
