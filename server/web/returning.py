"""Where a login brings one back to: the page one was going to when asked to log in.

The target travels as a form field and in the session of the browser that asked for the link,
never in the mail, and it is only ever a path of this site's own pages: a target that names
another site (`//evil.example`, `https:…`, `/\\evil.example`), carries control characters, is
too long, or is not one of the pages a GET may show is dropped, so a login can never be turned
into a redirect elsewhere (docs/reliability.md)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, request, session
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

MAX_TARGET = 1000
KEY = "next"
NOT_TARGETS = frozenset({"web.static", "web.login", "web.link", "web.wait", "web.export"})
"""Pages a login does not bring one back to: the login itself, and what is not a page."""


def safe(target: object) -> str | None:
    """The target if it is one of this site's pages, else None."""
    if not isinstance(target, str) or not 0 < len(target) <= MAX_TARGET:
        return None
    if not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    if any(ord(c) < 0x21 or c in "\\\x7f" for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    try:
        endpoint, _ = current_app.url_map.bind("localhost").match(parts.path, "GET")
    except (HTTPException, RequestRedirect):
        return None
    if not endpoint.startswith("web.") or endpoint in NOT_TARGETS:
        return None
    return target


def here() -> str | None:
    """This request's page, as a target (a form posted logged out: the page it came from, if
    its path is a page)."""
    if request.method == "GET":
        return safe(request.full_path.rstrip("?"))
    return safe(request.path)


def keep(target: object) -> None:
    """Remember the target in this browser's session until its login."""
    found = safe(target)
    if found is None:
        session.pop(KEY, None)
    else:
        session[KEY] = found


def taken() -> str | None:
    """The target kept for this browser, forgotten as it is taken."""
    return safe(session.pop(KEY, None))
