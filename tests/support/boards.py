"""Turn notices of seeded games, as their players get them by mail, and the headless Chromium
that looks at them: the browser test and `python -m docs.screenshots` share both.

A notice here is built as the worker builds one (`seat_view`, `compose`), from a game played at
random from a fixed seed to some turn, so the same sample always looks the same.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import EmailMessage

from playwright.sync_api import Browser, Page, Route, sync_playwright

from server.mail.compose import Section, compose
from server.mail.reply_address import Ticket, reply_address
from server.notify.notices import seat_view
from server.settings import MailSettings
from shared.games import ENGINES
from shared.words import ENGLISH, Words

NAMES = ("ada", "bo", "cy", "di", "ed")
SETTINGS = MailSettings(
    sender="turnpost <turnpost@turnpost.example>", reply_domain="turnpost.example"
)


@dataclass(frozen=True)
class Sample:
    """A game played `turns` moves into, mailed to the seat whose turn it then is. Its moves
    are drawn at random, each weighted by the first word of `likes` in its text (else 1), so
    that the game looks played: tents placed, expeditions started."""

    type_id: str
    players: int
    turns: int
    likes: tuple[tuple[str, float], ...] = ()

    @property
    def name(self) -> str:
        return f"{self.type_id}-{self.players}p"

    def message(self, words: Words = ENGLISH) -> EmailMessage:
        """The sample's turn mail, in the language of `words`."""
        engine = ENGINES[self.type_id]
        seed = f"{self.players:02x}{self.turns:02x}" * 16
        rnd = random.Random(seed)
        state = engine.new(self.players, seed)
        events = []
        for _ in range(self.turns):
            seat = rnd.choice(engine.to_act(state))
            moves = engine.legal_moves(state, seat)
            weights = [self.weight(engine.format_move(move)) for move in moves]
            state, event = engine.transition(state, seat, rnd.choices(moves, weights)[0])
            events.append(event)
        seat = engine.to_act(state)[0]
        names = list(NAMES[: self.players])
        game_id = seed[:24]
        since = max((i + 1 for i, event in enumerate(events) if event["seat"] == seat), default=0)
        section = Section(
            game_id,
            words.gettext(
                "%(title)s %(id)s with %(players)s",
                title=engine.title_in(words),
                id=game_id[:8],
                players=", ".join(names),
            ),
            words.gettext("Your turn."),
            changes=[
                engine.render_event(engine.redact_event(event, seat), names, words=words)
                for event in events[since:]
            ],
            moves=[engine.format_move(move) for move in engine.legal_moves(state, seat)],
            reply_to=reply_address(
                Ticket(game_id, seat, self.turns), b"sample", SETTINGS.reply_domain
            ),
            message_key=f"sample.{self.name}",
            **seat_view(engine, state, seat, names, words),
        )
        return compose(f"{names[seat]}@example.org", [section], SETTINGS, words=words)

    def weight(self, move: str) -> float:
        return next((weight for word, weight in self.likes if word in move), 1.0)


LIVINGSTONE_LIKES = (("tent", 8.0), ("thalers", 4.0), ("mine", 2.0), ("donate", 0.3))
SAMPLES = (
    Sample("lost-cities", 2, 31, (("play", 3.0),)),
    Sample("lost-cities-dice", 2, 24, (("refuse", 0.2),)),
    Sample("lost-cities-dice", 5, 40, (("refuse", 0.2),)),
    Sample("livingstone", 2, 60, LIVINGSTONE_LIKES),
    Sample("livingstone", 5, 120, LIVINGSTONE_LIKES),
)
"""Each game with two players and with as many as it takes, well into play."""


CHROMIUM = os.environ.get("TURNPOST_CHROMIUM") or shutil.which("chromium") or ""
"""Debian's Chromium (`.ci/run` installs it); Playwright drives it, having no browser of its own."""

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(FLAGS))
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Shown:
    """A page showing one HTML email, and every URL it tried to load (none got out)."""

    page: Page
    requests: list[str]

    def overflow(self) -> int:
        """How many pixels the page is wider than the window (0: it fits)."""
        width: int = self.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        return max(width, 0)

    def low_contrast(self, least: float) -> list[str]:
        """The texts shown with a contrast below `least` against what is behind them (WCAG)."""
        found: list[str] = self.page.evaluate(CONTRAST_JS, least)
        return found


@contextmanager
def shown(browser: Browser, html: str, width: int, dark: bool = False) -> Iterator[Shown]:
    page = browser.new_page(
        viewport={"width": width, "height": 800}, color_scheme="dark" if dark else "light"
    )
    requests: list[str] = []

    def refuse(route: Route) -> None:
        url = route.request.url
        if url.startswith(("data:", "about:")):
            route.continue_()
        else:
            requests.append(url)
            route.abort()

    page.route("**/*", refuse)
    try:
        page.set_content(html, wait_until="load")
        yield Shown(page, requests)
    finally:
        page.close()


CONTRAST_JS = """
(least) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const behind = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const colour = rgb(getComputedStyle(at).backgroundColor);
      if (colour.length < 4 || colour[3] > 0) return colour;
    }
    return matchMedia('(prefers-color-scheme: dark)').matches ? [0, 0, 0] : [255, 255, 255];
  };
  const found = [];
  for (const element of document.body.querySelectorAll('*')) {
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent.trim())
      .join(' ')
      .trim();
    if (!text || getComputedStyle(element).visibility === 'hidden') continue;
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(behind(element))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < least) found.push(`${text.slice(0, 40)}: ${ratio.toFixed(2)}`);
  }
  return found;
}
"""
