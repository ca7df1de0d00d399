"""The one table from the domain's refusals to HTTP answers (flask-smorest's way: the model
raises its own errors, the view edge translates them), and `answer_for`, which turns whatever
went wrong into one of them: the API sends it as JSON, the web pages as a page. Here, once, a
refusal's message is told in the caller's language (`server.http.language.chosen`); its `code`
stays the same in every language."""

from __future__ import annotations

import logging
from typing import Any

from flask import request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from server.domain.errors import (
    N_,
    Conflict,
    Gone,
    Illegal,
    Invalid,
    KeyReused,
    NotAPlayer,
    NotFound,
    Refusal,
    TooMany,
    Unavailable,
    Unwelcome,
)
from server.http import language
from server.http.errors import HTTP_CODES, ApiError
from server.storage.redis_client import UNAVAILABLE
from shared.words import Words

log = logging.getLogger("turnpost")

STATUS: dict[type[Refusal], int] = {
    Invalid: 400,
    NotAPlayer: 403,
    NotFound: 404,
    Conflict: 409,
    Gone: 410,
    Illegal: 422,
    KeyReused: 422,
    TooMany: 429,
    Unwelcome: 403,
}
"""A refusal's status is its nearest kind's in this table."""


def refused(refusal: Refusal) -> ApiError:
    """The refusal's answer, its message in the caller's language."""
    status = next(STATUS[kind] for kind in type(refusal).__mro__ if kind in STATUS)
    retry_after = refusal.details.get("retry_after")
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    message = refusal.message_in(said())
    return ApiError(status, refusal.code, message, refusal.details, headers=headers)


def unavailable(outage: Unavailable | None = None) -> ApiError:
    """503 with a retry: the storage is out of reach, or has not yet confirmed a write, or the
    process is busy."""
    if outage is None:
        outage = Unavailable(
            N_(
                "the service's storage is out of reach for a moment; send the same request "
                "again (with the same Idempotency-Key, a move is applied once)"
            )
        )
    return ApiError(
        503,
        outage.code,
        outage.message_in(said()),
        outage.details,
        headers={"Retry-After": str(outage.retry_after)},
    )


def http_refused(error: HTTPException) -> ApiError:
    """werkzeug's and the schemas' HTTP errors (a 405, a field that does not validate)."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    details = {}
    if "messages" in data:
        details["fields"] = said_fields(data["messages"], said())
    code = HTTP_CODES.get(status, "error")
    message = data.get("message") or error.description or error.name
    values: dict[str, object] = {}
    if "fields" in details:
        code, message = "invalid_request", N_("the request has invalid fields")
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        message = N_("%(method)s is not allowed here, only %(allowed)s")
        values = {"method": request.method, "allowed": ", ".join(sorted(error.valid_methods))}
    # werkzeug's own headers (a 405's `Allow`), but not the Content-Type of its HTML page.
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    headers.update(data.get("headers") or {})
    return ApiError(status, code, message, details, headers, values).in_words(said())


FIELD_WORDS = (
    N_("Missing data for required field."),
    N_("Unknown field."),
    N_("Field may not be null."),
    N_("Not a valid string."),
    N_("Not a valid integer."),
    N_("Not a valid boolean."),
    N_("Invalid input type."),
)
"""The complaints of marshmallow's own fields that a person meets, for the catalogs to find:
the schemas' own are marked where they are written."""


def said_fields(problems: Any, words: Words) -> Any:
    """Each field's complaints in the caller's words (the fields' names and the shape stay as
    they are, for scripts); a complaint no catalog holds is kept as it is."""
    if isinstance(problems, dict):
        return {name: said_fields(inner, words) for name, inner in problems.items()}
    if isinstance(problems, list):
        return [said_fields(problem, words) for problem in problems]
    return words.gettext(problems) if isinstance(problems, str) else problems


def answer_for(error: Exception) -> ApiError:
    """Whatever a request ended in, as the refusal to answer it with, in the caller's
    language: never a stack trace."""
    if isinstance(error, ApiError):
        return error.in_words(said())
    if isinstance(error, Refusal):
        return refused(error)
    if isinstance(error, Unavailable):
        return unavailable(error)
    cause = getattr(error, "original_exception", None)  # raised outside a view
    if isinstance(cause, UNAVAILABLE):
        error = cause
    if isinstance(error, UNAVAILABLE):
        log.warning("Redis unavailable: %s", error)
        return unavailable()
    if isinstance(error, HTTPException):
        return http_refused(error)
    log.exception("unexpected error")
    internal = N_("something went wrong on our side; nothing was changed")
    return ApiError(500, "internal", internal).in_words(said())


def said() -> Words:
    """The words of the caller's language."""
    return language.words_chosen()
