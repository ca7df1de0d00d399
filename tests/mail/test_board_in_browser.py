"""Each game's turn email, opened in a real browser (headless Chromium) at a phone's width and
a desktop's, in light and dark mode: nothing is wider than the window, nothing is fetched from
anywhere, and every text stands out from what is behind it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.support.boards import SAMPLES, Sample, shown
from tests.support.letters import html_of

WIDTHS = (360, 900)
LEAST_CONTRAST = 4.5
"""WCAG's minimum for body text."""


@pytest.mark.parametrize("sample", SAMPLES, ids=[sample.name for sample in SAMPLES])
def test_a_turn_email_fits_the_window_loads_nothing_and_reads_in_light_and_dark(
    browser: Browser, sample: Sample
) -> None:
    html = html_of(sample.message())
    assert "<script" not in html and "<link" not in html
    for width in WIDTHS:
        for dark in (False, True):
            with shown(browser, html, width, dark) as page:
                where = f"{width} px, {'dark' if dark else 'light'}"
                assert page.overflow() == 0, f"wider than the window at {where}"
                assert page.requests == [], f"fetched {page.requests} at {where}"
                assert page.low_contrast(LEAST_CONTRAST) == [], f"hard to read at {where}"


def test_the_checks_see_a_wide_page_a_fetch_and_faint_text(browser: Browser) -> None:
    """What the test above looks for, it would find: nothing leaves the machine even then."""
    faulty = (
        '<div style="width: 500px; color: #eeeeee">faint</div>'
        '<img src="http://127.0.0.1:9/pixel.png"><div style="background: url(https://localhost:9/a.png)">'
    )
    with shown(browser, faulty, 360) as page:
        assert page.overflow() == 500 - 360 + 8  # the body's default margin
        assert sorted(page.requests) == [
            "http://127.0.0.1:9/pixel.png",
            "https://localhost:9/a.png",
        ]
        assert page.low_contrast(LEAST_CONTRAST) == ["faint: 1.16"]
