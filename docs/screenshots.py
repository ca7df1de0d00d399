"""Pictures of each game's turn email as a player sees it, at a phone's width and a desktop's,
for the README: `.venv/bin/python -m docs.screenshots [FOLDER]` (default docs/screenshots).
Needs Debian's Chromium (`apt-get install chromium`), as the browser test does."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.mail.boards import SAMPLES, chromium, shown
from tests.mail.conftest import html_of

WIDTHS = {"phone": 360, "desktop": 900}
SHOWN = ("lost-cities-2p", "lost-cities-dice-2p", "livingstone-5p")
DARK = "livingstone-5p"
"""One picture in dark mode too, to show that the boards keep to it."""


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with chromium() as browser:
        for sample in SAMPLES:
            if sample.name not in SHOWN:
                continue
            html = html_of(sample.message())
            for label, width in WIDTHS.items():
                modes = (False, True) if sample.name == DARK and label == "phone" else (False,)
                for dark in modes:
                    with shown(browser, html, width, dark) as page:
                        name = f"{sample.name}-{label}{'-dark' if dark else ''}.png"
                        page.page.screenshot(path=folder / name, full_page=True)
                        print(folder / name)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
