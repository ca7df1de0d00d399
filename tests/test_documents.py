"""The documents stay true: every link between them leads to a file and a heading that exist,
every file they name is there, every screenshot is shown somewhere, and the README's tour runs,
as written, against a live service (a web process, a mail worker writing to a Maildir)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.parts import LiveServer

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCUMENTS = [README, *sorted((REPO / "docs").glob("*.md")), *sorted((REPO / "docs").glob("*/*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"`[^`\n]+`")
LINK = re.compile(r"\]\(([^)\s]+)\)|<(?:img|a)\s[^>]*(?:src|href)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*$", re.MULTILINE)
NAMED_FILE = re.compile(r"`((?:server|shared|client|tests|docs|bench|compiled|stubs)/[\w./-]+)`")
"""A file or folder of the repository named in code type: from the top of the repository, or, as
the tables of tests in docs/reliability.md name them, from tests/."""

TOUR_MARK = "<!-- the tour: tests/test_documents.py runs this block -->"


def prose(text: str) -> str:
    """The text without its code blocks and code spans, where `](` and `#` mean nothing."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: its text in lower case, without punctuation,
    spaces made hyphens (links and code marks count by their text)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(document: Path) -> set[str]:
    """Every anchor the document's headings make; a repeated one gets -1, -2, … after it."""
    seen: dict[str, int] = {}
    made = set()
    for heading in HEADING.findall(FENCE.sub("", document.read_text(encoding="utf-8"))):
        slug = anchor(heading)
        made.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return made


def links(document: Path) -> list[str]:
    text = prose(document.read_text(encoding="utf-8"))
    return [inline or html for inline, html in LINK.findall(text)]


def broken(document: Path, target: str) -> str | None:
    """Why a link from `document` leads nowhere, or None if it leads somewhere."""
    if re.match(r"[a-z]+:", target):
        return None  # a page elsewhere (https:, mailto:), not ours to check
    path, _, fragment = target.partition("#")
    file = (document.parent / path).resolve() if path else document
    if not file.exists():
        return f"{document.name}: {target}: no such file"
    if fragment and file.suffix == ".md" and fragment not in anchors(file):
        return f"{document.name}: {target}: no such heading in {file.name}"
    return None


def test_every_link_between_the_documents_leads_somewhere() -> None:
    wrong = [
        reason
        for document in DOCUMENTS
        for target in links(document)
        if (reason := broken(document, target))
    ]
    assert wrong == []


def test_every_file_the_documents_name_exists() -> None:
    missing = [
        f"{document.name}: {name}"
        for document in DOCUMENTS
        for name in NAMED_FILE.findall(document.read_text(encoding="utf-8"))
        if not ((REPO / name).exists() or (REPO / "tests" / name).exists())
    ]
    assert missing == []


def test_every_document_and_screenshot_can_be_reached_from_the_readme() -> None:
    reached = {README}
    unread = [README]
    while unread:
        document = unread.pop()
        for target in links(document):
            found = (document.parent / target.partition("#")[0]).resolve()
            if found.suffix == ".md" and found.exists() and found not in reached:
                unread.append(found)
            reached.add(found)
    pictures = sorted((REPO / "docs" / "screenshots").glob("*.png"))
    assert [path.name for path in [*DOCUMENTS, *pictures] if path not in reached] == []


def tour() -> str:
    """The README's tour: the code block after its mark."""
    after = README.read_text(encoding="utf-8").split(TOUR_MARK, 1)[1]
    found = re.match(r"\s*```sh\n(.*?)```", after, re.DOTALL)
    assert found, "the tour's mark must stand just before its code block"
    return found.group(1)


@pytest.fixture
def mail_worker(api: LiveServer, tmp_path: Path) -> Iterator[Path]:
    """`turnpost-server worker` as `./dev serve` runs it, over the live server's Redis: no SMTP
    server, so its mail goes to the Maildir var/mail under the directory it runs in (returned)."""
    from server.runtime.processes import start_process, stop_process
    from tests.parts import SECRET

    env = {
        **os.environ,
        "REDIS_URL": api.app.extensions["turnpost"].config.redis_url,
        "TURNPOST_SECRET": SECRET,
        "TURNPOST_PUBLIC_URL": api.url,
    }
    env.pop("TURNPOST_SMTP_HOST", None)
    env.pop("TURNPOST_DATA", None)
    with (tmp_path / "worker.log").open("w") as log:
        worker = start_process(
            [sys.executable, "-m", "server.runtime.cli", "worker"],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        yield tmp_path
    finally:
        stop_process(worker)


@pytest.mark.skipif(not shutil.which("jq"), reason="the tour reads a game's id with jq")
def test_the_readme_tour_runs_as_written(
    api: LiveServer, mail_worker: Path, tmp_path: Path
) -> None:
    """A newcomer's terminal beside `./dev serve`: `turnpost` is this checkout's client, its
    config in a directory of its own, the service the live one; every line must succeed."""
    import requests
    from bs4 import BeautifulSoup

    env = {
        **{key: value for key, value in os.environ.items() if not key.startswith("TURNPOST_")},
        "TURNPOST_URL": api.url,
        "TURNPOST_CONFIG_DIR": str(tmp_path / "config"),
        "TURNPOST_PYTHON": sys.executable,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "NO_COLOR": "1",
    }
    script = 'set -euo pipefail\nturnpost() { "$TURNPOST_PYTHON" -m client "$@"; }\n' + tour()
    ran = subprocess.run(
        ["bash", "-c", script],
        cwd=mail_worker,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr

    # By mail: the Maildir holds what the worker sent ada about the game.
    assert re.search(r"^Subject: \[turnpost\] Lost Cities \w+ with ada", ran.stdout, re.M)
    # In the browser: the link `turnpost open` printed logs ada in, onto the game's page.
    link = re.findall(rf"{re.escape(api.url)}/login/\S+", ran.stdout)[-1]
    browser = requests.Session()
    asked = browser.get(link, timeout=30)
    assert asked.status_code == 200, asked.text
    form = BeautifulSoup(asked.text, "html.parser").select_one("main form")
    assert form is not None, asked.text
    fields = {str(f["name"]): str(f.get("value", "")) for f in form.find_all("input")}
    page = browser.post(link, data=fields, timeout=30)
    assert page.status_code == 200 and "/play/" in page.url, page.text
    assert "Lost Cities" in page.text
