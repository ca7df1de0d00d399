"""What the API's answers must be, and what they name: the one error shape of a refusal,
the cards a text mentions, the hash that commits to a secret."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import requests

from shared.games.lost_cities.cards import CARD_ID


def sha256_of_hex(value: str) -> str:
    return hashlib.sha256(bytes.fromhex(value)).hexdigest()


def refused(response: requests.Response, status: int, code: str, case: object = "") -> Any:
    """The response is the error shape with this status and code; returns its `details`."""
    assert response.status_code == status, (case, response.status_code, response.text)
    assert response.headers["Content-Type"] == "application/json", (case, response.headers)
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}, (case, error)
    assert error["code"] == code and error["message"], (case, error)
    return error["details"]


ALL_CARDS = set(CARD_ID[:60])


def mentioned_cards(body: str, game_id: str) -> set[str]:
    """Card ids named anywhere in a response, as JSON strings or inside texts."""
    text = body.replace(game_id, "")
    return {card for card in ALL_CARDS if re.search(rf"(?<![A-Za-z0-9]){card}(?![0-9])", text)}


def public_cards(view: dict[str, object]) -> set[str]:
    board = json.dumps({k: view[k] for k in ("expeditions", "discards")})
    return {card for card in ALL_CARDS if f'"{card}"' in board}
