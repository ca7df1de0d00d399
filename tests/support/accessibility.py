"""axe-core over a page in the browser: the violations a player would meet, serious first.

The pages promise no serious or critical violation (docs/reliability.md); lesser findings are
reported by axe too but do not fail a test. axe-core comes with axe-playwright-python and is put
into the page by the browser's own evaluation, so the page's script policy is left as it is.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()
GRAVE = ("serious", "critical")


def serious_violations(page: Page) -> list[str]:
    """Each serious or critical violation on the page as one line: rule, impact, where."""
    found = AXE.run(page).response["violations"]
    return [
        f"{violation['id']} ({violation['impact']}): "
        + ", ".join(" ".join(node["target"]) for node in violation["nodes"])
        for violation in found
        if violation["impact"] in GRAVE
    ]
