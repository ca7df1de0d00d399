"""A form the API's schema refused: the refusal the page shows above it, and each field's
reasons beside the field (`option-NAME` for a game's option, else the field's own name); and
a number a page is asked for that no schema reads (`bounded`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError

from server.domain.errors import N_
from server.http.errors import ApiError
from shared.numbers import whole_number


def unchecked(error: ValidationError) -> tuple[ApiError, dict[str, str]]:
    api_error = ApiError(400, "invalid_request", N_("the form has fields to mend"))
    return api_error, flat(error.messages_dict)


def flat(messages: Mapping[str, Any]) -> dict[str, str]:
    found: dict[str, str] = {}
    for key, value in messages.items():
        if key == "options" and isinstance(value, Mapping):
            found.update({f"option-{name}": words(why) for name, why in value.items()})
        else:
            found[str(key)] = words(value)
    return found


def words(value: Any) -> str:
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, list):
        return "; ".join(words(item) for item in value)
    return str(value)


def bounded(text: str, most: int, refusal: str, bound: str) -> int:
    """The whole number from 0 to `most` that `text` writes in digits, or a 400 saying
    `refusal` (with `most` as its value `bound`)."""
    number = whole_number(text)
    if number is None or number > most:
        raise ApiError(400, "invalid_request", refusal, values={bound: most})
    return number
