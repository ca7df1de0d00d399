"""A list answered a page at a time, as the API and the pages share it: the cursor that names
where a page ended (opaque to callers: the list it belongs to and a `Position`, written as
`games.SCORE.ID`, a form the OpenAPI document states for each list, `CURSOR_KINDS`), read back
or refused (400 `bad_cursor`), and the `Link: <…>; rel="next"` header (RFC 8288) of
an answer with a next page. What a page promises is `server.domain.games.lists`'."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Response, after_this_request, request

from server.domain.errors import N_, Invalid
from server.domain.games.lists import Position
from server.presenters.schemas import PAGE_CURSOR


def cursor(kind: str, position: Position | None) -> str | None:
    """The cursor of `position` in the list `kind` (None for no position: no next page)."""
    if position is None:
        return None
    return f"{kind}.{position.score}.{position.id}"


def read(kind: str, given: str | None) -> Position | None:
    """The position a cursor of the list `kind` names (None for none given); 400 `bad_cursor`
    for anything else, a cursor of another list included."""
    if given is None:
        return None
    found = PAGE_CURSOR.fullmatch(given)
    if found is None or found[1] != kind:
        raise Invalid(
            N_("this cursor names no place in this list: give a page's `next` as it came"),
            code="bad_cursor",
        )
    return Position(int(found[2]), found[3])


def link_next(next_cursor: str | None) -> str | None:
    """Has the answer to this request carry a `Link` header to its next page, if it has one:
    the same request with `cursor` set to `next_cursor`. Returns `next_cursor`, for the body."""
    if next_cursor is not None:
        url = next_url(next_cursor)

        @after_this_request
        def linked(answer: Response) -> Response:
            answer.headers["Link"] = f'<{url}>; rel="next"'
            return answer

    return next_cursor


def next_url(next_cursor: str) -> str:
    """This request's path and query with `cursor` set to `next_cursor`."""
    query = [(name, value) for name, value in request.args.items(multi=True) if name != "cursor"]
    return f"{request.path}?{urlencode([*query, ('cursor', next_cursor)])}"
