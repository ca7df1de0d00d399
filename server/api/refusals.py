"""The one table from the domain's refusals to HTTP answers (flask-smorest's way: the model
raises its own errors, the view edge translates them)."""

from __future__ import annotations

from server.domain.errors import (
    Conflict,
    Illegal,
    Invalid,
    KeyReused,
    NotAPlayer,
    NotFound,
    Refusal,
    TooMany,
    Unavailable,
)
from server.errors import ApiError

STATUS: dict[type[Refusal], int] = {
    Invalid: 400,
    NotAPlayer: 403,
    NotFound: 404,
    Conflict: 409,
    Illegal: 422,
    KeyReused: 422,
    TooMany: 429,
}
"""A refusal's status is its nearest kind's in this table."""


def refused(refusal: Refusal) -> ApiError:
    status = next(STATUS[kind] for kind in type(refusal).__mro__ if kind in STATUS)
    retry_after = refusal.details.get("retry_after")
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return ApiError(status, refusal.code, refusal.message, refusal.details, headers=headers)


def unavailable(outage: Unavailable | None = None) -> ApiError:
    """503 with a retry: the storage is out of reach, or has not yet confirmed a write."""
    message = (
        outage.message
        if outage is not None
        else (
            "the service's storage is out of reach for a moment; send the same request again "
            "(with the same Idempotency-Key, a move is applied once)"
        )
    )
    return ApiError(503, "unavailable", message, headers={"Retry-After": "1"})
