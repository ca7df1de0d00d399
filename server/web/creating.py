"""Making a game from a page (`/new`): its type, its options as the catalogue describes them
(`GET /game-types`, `presenters.catalogue`: each with its default and what it does), the move
clock, players invited by name, bots' seats, public or not. What the form sends is made into the
API's request and checked by the API's own schema (`CreateGameSchema`), then made by
`GameService.seating.create` as the API makes it; a refusal is shown on the form, its fields
kept."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from marshmallow import ValidationError
from werkzeug.wrappers import Response

from server.domain.errors import N_, Refusal
from server.domain.games.clock_options import SERVICE_OPTIONS
from server.http.context import services
from server.http.errors import ApiError
from server.http.language import gettext, words_chosen
from server.http.refusals import refused
from server.presenters import catalogue
from server.presenters.schemas import MAX_OTHERS, CreateGameSchema
from server.web.blueprint import blp
from server.web.forms import bounded, unchecked
from server.web.sessions import signed_in
from shared.bots import LEVELS
from shared.games import ENGINES
from shared.numbers import whole_number

CLOCK = frozenset(option["name"] for option in SERVICE_OPTIONS)
LEVEL_WORDS = {
    "random": N_("random: any legal move"),
    "quick": N_("quick: the best move by a rule of thumb"),
    "search": N_("search: thinks longest, plays best"),
}
NAMES = re.compile(r"[\s,;]+")
MAX_DEFAULT_SHOWN = 40
"""A default longer than this as JSON (house data) is not repeated on the form."""


@blp.get("/new")
def new_game() -> str:
    signed_in()
    return form(chosen(request.args.get("type")), {})


@blp.post("/new")
def create_game() -> Response | tuple[str, int]:
    player = signed_in()
    sent = request.form
    type_id = chosen(sent.get("type"))
    try:
        checked = CreateGameSchema().load(asked(type_id, sent))
    except ValidationError as error:
        return form(type_id, sent, *unchecked(error)), 400
    except ApiError as miscounted:
        return form(type_id, sent, miscounted), miscounted.status
    try:
        game = services().games.seating.create(
            player,
            checked["type"],
            checked.get("seats"),
            checked["options"],
            checked["invite"],
            checked["move_clock"],
            None,
            checked["public"],
            checked["bots"],
        )
    except Refusal as refusal:
        api_error = refused(refusal)
        return form(type_id, sent, api_error), api_error.status
    flash(
        gettext("Your game of %(title)s is made.", title=game.engine.title_in(words_chosen())),
        "note",
    )
    return redirect(url_for("web.game", game_id=game.id), 303)


def chosen(type_id: str | None) -> str:
    return type_id if type_id in ENGINES else next(iter(ENGINES))


def asked(type_id: str, sent: Mapping[str, str]) -> dict[str, Any]:
    """The API's request for what the form sent: an option left empty or at its default is not
    sent (so a clock's `on_timeout` alone is not asked for)."""
    options: dict[str, Any] = {}
    for option in catalogue.game_type(ENGINES[type_id])["options"]:
        name = option["name"]
        raw = sent.get(f"option-{name}", "").strip()
        if raw:
            value = read(raw, option)
            if value != option["default"]:
                options[name] = value
    body: dict[str, Any] = {
        "type": type_id,
        "options": options,
        "invite": [name for name in NAMES.split(sent.get("invite", "")) if name],
        "bots": [level for level in LEVELS for _ in range(count(sent.get(f"bots-{level}")))],
        "public": sent.get("public") == "on",
    }
    seats = sent.get("seats", "").strip()
    if seats:
        number = whole_number(seats)
        body["seats"] = seats if number is None else number  # text: the schema refuses it
    return body


def read(raw: str, option: Mapping[str, Any]) -> Any:
    """A field's text as the option's value: one of its choices, else a whole number in ASCII
    digits, else JSON (a list, an object), else the text itself (a duration such as 3d). A
    number that JSON reads in another spelling (`-0`, `1e3`) stays text, for the rules to
    refuse."""
    for choice in option.get("choices") or ():
        if str(choice) == raw:
            return choice
    number = whole_number(raw)
    if number is not None:
        return number
    try:
        value = json.loads(raw)
    except ValueError:
        return raw
    spelt_otherwise = isinstance(value, int | float) and not isinstance(value, bool)
    return raw if spelt_otherwise else value


def count(raw: str | None) -> int:
    """How many bots of a level the form asks for (none if left empty); 400 for anything but
    a whole number the table has room for."""
    if not raw:
        return 0
    return bounded(raw.strip(), MAX_OTHERS, N_("ask for 0 to %(most)d bots of a level"), "most")


def form(
    type_id: str,
    sent: Mapping[str, str],
    refusal: ApiError | None = None,
    errors: Mapping[str, str] | None = None,
) -> str:
    described = catalogue.game_type(ENGINES[type_id], words_chosen())
    english = catalogue.game_type(ENGINES[type_id])["options"]
    rules, clock, more = [], [], []
    for option, said in zip(described["options"], english, strict=True):
        field = {
            **option,
            "id": f"option-{option['name']}",
            "shown_default": default(option),
            "says_default": "default" in said["description"],  # the same in every language
        }
        if option["name"] in CLOCK:
            clock.append(field)
        elif option.get("fixes_chance") or isinstance(option["default"], dict | list):
            more.append(field)
        else:
            rules.append(field)
    return render_template(
        "new_game.html",
        types=[(engine.type_id, engine.title_in(words_chosen())) for engine in ENGINES.values()],
        described=described,
        rules=rules,
        clock=clock,
        more=more,
        levels=[(level, gettext(LEVEL_WORDS[level])) for level in described["bots"]],
        sent=sent,
        refusal=refusal,
        errors=errors or {},
    )


def default(option: Mapping[str, Any]) -> str | None:
    value = option["default"]
    if value is None:
        return None
    shown = value if isinstance(value, str) else json.dumps(value)
    return shown if len(shown) <= MAX_DEFAULT_SHOWN else None
