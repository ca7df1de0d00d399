"""One error shape for every refusal: `{"error": {"code", "message", "details"}}`.

Codes are stable and meant for scripts; messages are for people. Anything the service refuses is
raised as `ApiError` from wherever it is noticed, and the app turns it (and every HTTP error Flask
or the schemas raise) into that shape, so no route can answer with HTML or a bare 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.domain.errors import Worded
from shared.words import Words


class ApiError(Worded):
    """A refusal noticed at the edge. Its message is kept as the domain's refusals keep theirs,
    and told in the reader's language when the answer is made (`refusals.answer_for`)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, values)
        self.status = status
        self.code = code
        self.details = details or {}
        self.headers = headers or {}

    def in_words(self, words: Words) -> ApiError:
        """The same refusal, its message in `words`' language."""
        translated = ApiError(
            self.status, self.code, self.message_in(words), self.details, self.headers
        )
        translated.text, translated.values = self.text, self.values
        return translated

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


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
