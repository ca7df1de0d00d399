"""A form the API's schema refused: the refusal the page shows above it, and each field's
reasons beside the field (`option-NAME` for a game's option, else the field's own name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError

from server.domain.errors import N_
from server.http.errors import ApiError


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
