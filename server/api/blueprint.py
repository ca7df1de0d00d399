"""The blueprint every resource uses: flask-smorest's, reading requests strictly.

webargs, which flask-smorest parses requests with, is lenient where a hostile or mistaken
client should hear "no": it parses bodies with a bare `json.loads` (so `NaN` and a key given
twice pass, and a deeply nested body ends in a RecursionError, a 500), reads a body of another
content type or none at all as `{}` (so a PATCH sent as text "succeeds" and changes nothing),
keeps the first of a repeated query parameter and ignores unknown ones; werkzeug cuts a
chunked body at the size limit instead of refusing it; and a chunked body that gunicorn cannot
read (a chunk size that is no number) ended in a 500. Here each of those is refused; a request
that may come with no body at all (a join) says so on its schema (`body_optional`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import flask
import flask_smorest
import marshmallow as ma
from gunicorn.http.errors import ParseException
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import RequestEntityTooLarge

from server.domain.errors import N_
from server.http.auth import require_player
from server.http.errors import ApiError
from server.presenters.documented import answer_schema

P = ParamSpec("P")
R = TypeVar("R")

UNREADABLE = (ParseException, OSError)
"""What gunicorn raises while the body is read: a chunked body that breaks HTTP (a chunk size
that is no number, a chunk without its end), or a client gone before the end. Unanswered, each
was a 500."""

MAX_JSON_DEPTH = 32
"""Far deeper than any request needs (the deepest, a dice sheet option, is 6 levels)."""


def nesting_depth(value: Any) -> int:
    """How many levels of arrays and objects `value` has, counted without recursion."""
    depth, level = 0, [value]
    while level := [item for item in level if isinstance(item, dict | list)]:
        depth += 1
        level = [
            child for item in level for child in (item.values() if isinstance(item, dict) else item)
        ]
    return depth


def reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object names each key once: with two values, which one counts is up to the parser."""
    value = dict(pairs)
    if len(value) < len(pairs):
        counts = Counter(key for key, _ in pairs)
        twice = ", ".join(repr(key) for key, count in counts.items() if count > 1)
        raise ValueError(f"an object names {twice} more than once")
    return value


def parse_json_body(body: bytes) -> Any:
    """Strict JSON (RFC 8259: no NaN or Infinity, each key once in an object), at most
    `MAX_JSON_DEPTH` levels deep."""
    try:
        value = json.loads(
            body.decode("utf-8"), parse_constant=reject_constant, object_pairs_hook=unique_keys
        )
        too_deep = nesting_depth(value) > MAX_JSON_DEPTH
    except RecursionError:
        too_deep = True
    except ValueError as error:  # also JSONDecodeError and UnicodeDecodeError
        raise ApiError(
            400,
            "invalid_json",
            N_("the body is not valid JSON: %(error)s"),
            values={"error": str(error)},
        ) from None
    if too_deep:
        raise ApiError(
            400,
            "invalid_json",
            N_("the body nests deeper than %(most)d levels"),
            values={"most": MAX_JSON_DEPTH},
        )
    return value


class StrictParser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # what the app answers invalid fields with, so documented
    # Not a ClassVar: webargs declares it an attribute of the instance.
    DEFAULT_UNKNOWN_BY_LOCATION: dict[str, str | None] = {  # noqa: RUF012
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": ma.RAISE,
        "querystring": ma.RAISE,
    }

    def load_json(self, req: flask.Request, schema: ma.Schema) -> Any:
        try:
            body = req.get_data(cache=True)
        except UNREADABLE as error:
            raise ApiError(
                400,
                "unreadable_body",
                N_("the body breaks HTTP: %(error)s"),
                values={"error": str(error)},
            ) from None
        limit = req.max_content_length
        if req.content_length is None and limit is not None and len(body) >= limit:
            # werkzeug stops reading a streamed (chunked) body at the limit without a word,
            # so one that reaches the limit is taken as over it.
            raise RequestEntityTooLarge()
        if not body:
            if getattr(schema, "body_optional", False):
                return ma.missing  # read as {}: every field left out
            raise ApiError(400, "missing_body", N_("this request needs a JSON body"))
        if not is_json_request(req):
            raise ApiError(
                415,
                "unsupported_media_type",
                N_("send the body as JSON (Content-Type: application/json)"),
            )
        return parse_json_body(body)

    def load_querystring(self, req: flask.Request, schema: ma.Schema) -> Any:
        """A repeated parameter is ambiguous (the first? the last?), so it is an error."""
        repeated = {
            key: ["give this parameter once"] for key, values in req.args.lists() if len(values) > 1
        }
        if repeated:
            raise ma.ValidationError(repeated)
        return super().load_querystring(req, schema)


class Blueprint(flask_smorest.Blueprint):
    """Every route of one needs a player unless it is marked `public_route` (`server.http.auth`)."""

    ARGUMENTS_PARSER = StrictParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.before_request(require_player)

    def arguments(
        self, schema: type[ma.Schema] | ma.Schema, **kwargs: Any
    ) -> Callable[[Callable[..., R]], Callable[..., R]]:
        """One schema instance per route, made here: given a class, webargs would build a new
        instance (binding every field afresh) for each request."""
        return super().arguments(schema() if isinstance(schema, type) else schema, **kwargs)

    def built_response(
        self, status: int, shape: type[R]
    ) -> Callable[[Callable[P, R]], Callable[P, tuple[R, int]]]:
        """For the busiest answers (a game view): the view returns `shape`, a TypedDict of
        `server.presenters.shapes` that mypy holds it to key by key, and the answer is sent as
        built, without a pass through marshmallow; the schema made from `shape` documents it."""

        def decorator(view: Callable[P, R]) -> Callable[P, tuple[R, int]]:
            @self.alt_response(status, schema=answer_schema(shape), success=True)
            @wraps(view)
            def answered(*args: P.args, **kwargs: P.kwargs) -> tuple[R, int]:
                return view(*args, **kwargs), status

            return answered

        return decorator

    def paged(self) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Documents a list answered in pages (`server.http.paging`): its `Link` header."""
        link = {
            "description": 'the next page, if there is one: `<URL>; rel="next"` (RFC 8288), '
            "the same request with `cursor` set to the answer's `next`",
            "schema": {"type": "string"},
        }
        decorate: Callable[[Callable[P, R]], Callable[P, R]] = self.doc(
            responses={200: {"headers": {"Link": link}}}
        )
        return decorate

    def dumped_response(
        self, status: int, shape: type[R]
    ) -> Callable[[Callable[P, R]], Callable[P, Any]]:
        """For the other answers: the view returns `shape` as for `built_response`, and the
        schema made from it both documents the answer and dumps it (in the shape's order of
        keys)."""
        decorate: Callable[[Callable[P, R]], Callable[P, Any]] = self.response(
            status, answer_schema(shape)
        )
        return decorate
