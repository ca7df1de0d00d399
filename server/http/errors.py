"""One error shape for every refusal: `{"error": {"code", "message", "details"}}`.

Codes are stable and meant for scripts; messages are for people. Anything the service refuses is
raised as `ApiError` from wherever it is noticed, and the app turns it (and every HTTP error Flask
or the schemas raise) into that shape, so no route can answer with HTML or a bare 500.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"no such {what}")


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)


HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    417: "expectation_failed",
    422: "invalid_request",
    429: "rate_limited",
    431: "headers_too_large",
    500: "internal",
    501: "not_implemented",
    503: "unavailable",
}
"""The code of a refusal that names no more than its status: werkzeug's, gunicorn's."""
