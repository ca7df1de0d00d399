"""The whole API fuzzed from its own OpenAPI document (schemathesis), over real HTTP.

Every operation gets valid and invalid requests generated from the document, sent as a real
registered player; most requests with a game id in their path name one of that player's real
games (one of each type, some moves in, and one finished). Whatever comes back must be no
server error, a status and content type the document allows, a body matching the documented
schema, a refusal for every request the document calls invalid, no refusal of a request the
document calls valid (but for the rules no JSON Schema can state, listed here), and for every
refusal the one error shape.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from requests.structures import CaseInsensitiveDict
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.result import Ok

from server.domain.service.seating import GAME_ID
from shared.games import ENGINES
from tests.api_client import ApiClient
from tests.parts import LiveServer

if TYPE_CHECKING:
    # schemathesis names the type of an OpenAPI case only for type checkers
    from schemathesis.specs.openapi.schemas import OpenApiCase

EXAMPLES_PER_OPERATION = 50
MOVES_INTO_EACH_GAME = 6


@schemathesis.check
def refusals_have_the_error_shape(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: OpenApiCase
) -> None:
    """Every 4xx is `{"error": {"code", "message", "details"}}` with a code and a message."""
    if 400 <= response.status_code < 500:
        error = response.json()["error"]
        assert set(error) == {"code", "message", "details"}, error
        assert isinstance(error["code"], str) and error["code"], error
        assert isinstance(error["message"], str) and error["message"], error
        assert isinstance(error["details"], dict), error


BEYOND_THE_DOCUMENT: dict[str, frozenset[str]] = {
    # Each type's own player counts, options and bots; the seats against the players and bots
    # asked for; the players invited (a name no one has, or one given twice).
    "POST /api/v1/games": frozenset(
        {
            "bad_options",
            "no_bots_for_type",
            "too_many_invites",
            "too_many_bots",
            "unknown_player",
            "duplicate_player",
        }
    ),
    # A key used before with another move.
    "POST /api/v1/games/{game_id}/moves": frozenset({"idempotency_key_reused"}),
    # The text's rules once its ends are trimmed (blank, too long), and its characters.
    "POST /api/v1/games/{game_id}/messages": frozenset(
        {"empty_message", "message_too_long", "bad_message"}
    ),
    # An address that names a public host, as a URL parser reads it.
    "PUT /api/v1/me/webhook": frozenset({"bad_webhook"}),
    "PUT /api/v1/games/{game_id}/webhook": frozenset({"bad_webhook"}),
    # The caller's own name, which confirms that an account is to be deleted.
    "DELETE /api/v1/me": frozenset({"confirmation_mismatch"}),
    # A cursor is opaque: only a page's `next`, given back to its own list, names a place.
    "GET /api/v1/games": frozenset({"bad_cursor"}),
    "GET /api/v1/players/{name}": frozenset({"bad_cursor"}),
    "GET /api/v1/games/{game_id}/messages": frozenset({"bad_cursor"}),
}
"""The refusals, by operation, of requests the document may call valid: rules a JSON Schema
cannot state (the document states them in words)."""

FIELDS_BEYOND_THE_DOCUMENT = frozenset(
    {("json", "email"), ("json", "options"), ("query", "_schema")}
)
"""Fields refused (400 `invalid_request`) by rules the document cannot state: an email address
as the mail validator reads it (more than the `email` format: no special-use domain such as
.test), a game's options (the length of their names: OpenAPI 3.0 cannot constrain an object's
keys; the move clock's options, read together), and the list of games asked for with both
`mine` and `open`."""


def beyond_the_document(case: OpenApiCase, error: dict[str, Any]) -> bool:
    if "legal_moves" in error["details"]:  # a move the game's rules refuse (422)
        return True
    if error["code"] == "invalid_request":
        fields = error["details"]["fields"]
        return {(at, name) for at, named in fields.items() for name in named} <= (
            FIELDS_BEYOND_THE_DOCUMENT
        )
    return error["code"] in BEYOND_THE_DOCUMENT.get(case.operation.label, frozenset())


@schemathesis.check
def requests_that_fit_are_taken(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: OpenApiCase
) -> bool | None:
    """Schemathesis' own check that a request the document calls valid is not refused with a
    400, 415 or 422, less the refusals `beyond_the_document`."""
    if 400 <= response.status_code < 500 and beyond_the_document(case, response.json()["error"]):
        return None
    accepted: bool | None = positive_data_acceptance(ctx, response, case)
    return accepted


class Player:
    """The fuzzing player's token. `POST /me/token`, one of the fuzzed calls, rotates it, and
    cases are built before they run (the coverage phase builds an operation's cases at once), so
    a case built with a token rotated since then gets the current one."""

    def __init__(self, client: ApiClient) -> None:
        assert client.token is not None
        self.token = client.token
        self.rotated: set[str] = set()

    def authorize(self, case: OpenApiCase) -> None:
        sent = case.headers.get("Authorization", "") if case.headers else ""
        if sent.removeprefix("Bearer ") in self.rotated:
            case.headers["Authorization"] = f"Bearer {self.token}"

    def follow(self, case: OpenApiCase, response: schemathesis.Response) -> None:
        if case.operation.path == "/api/v1/me/token" and response.status_code == 201:
            self.rotated.add(self.token)
            self.token = response.json()["token"]


@pytest.fixture
def fuzz_games(at_once: LiveServer) -> tuple[Player, list[str]]:
    """ada, and her games with bo: one of each type a few moves in, and one she resigned."""
    ada, bo = at_once.client().register("ada"), at_once.client().register("bo")
    rnd = random.Random(11)
    game_ids = []
    for type_id in [*ENGINES, "lost-cities"]:
        game_id = ada.ok("POST", "/games", json={"type": type_id, "invite": ["bo"]})["game"]["id"]
        bo.ok("POST", f"/games/{game_id}/join")
        for _ in range(MOVES_INTO_EACH_GAME):
            mover = next(c for c in (ada, bo) if c.ok("GET", f"/games/{game_id}")["your_turn"])
            view = mover.ok("GET", f"/games/{game_id}")
            move = rnd.choice(view["legal_moves"])["text"]
            mover.ok(
                "POST",
                f"/games/{game_id}/moves",
                json={"move": move, "expected_version": view["version"]},
            )
        game_ids.append(game_id)
    ada.ok("POST", f"/games/{game_ids[-1]}/resign")
    return Player(ada), game_ids


@pytest.fixture
def fuzz_player(fuzz_games: tuple[Player, list[str]]) -> Player:
    return fuzz_games[0]


@pytest.fixture
def api_schema(
    at_once: LiveServer, fuzz_games: tuple[Player, list[str]]
) -> schemathesis.BaseSchema:
    player, game_ids = fuzz_games
    config = schemathesis.Config.from_dict(
        {"generation": {"max-examples": EXAMPLES_PER_OPERATION, "deterministic": True}}
    )
    schema = schemathesis.openapi.from_url(f"{at_once.url}/api/v1/openapi.json", config=config)

    @schema.auth(refresh_interval=None)
    class Bearer:
        def get(self, case: OpenApiCase, ctx: schemathesis.AuthContext) -> str:
            return player.token

        def set(self, case: OpenApiCase, token: str, ctx: schemathesis.AuthContext) -> None:
            case.headers = case.headers or CaseInsensitiveDict()
            case.headers["Authorization"] = f"Bearer {token}"

    @schema.hook
    def flatmap_path_parameters(
        context: schemathesis.HookContext, path_parameters: dict[str, Any] | None
    ) -> st.SearchStrategy[dict[str, Any] | None]:
        """A generated game id names no game, so most cases use a real one instead (but not
        in place of an id that does not fit the document: that case is one of invalid data)."""
        if not path_parameters or not GAME_ID.fullmatch(path_parameters.get("game_id", "")):
            return st.just(path_parameters)
        real = [{**path_parameters, "game_id": game_id} for game_id in game_ids]
        return st.sampled_from([path_parameters, *real])

    @schema.hook
    def flatmap_body(context: schemathesis.HookContext, body: Any) -> st.SearchStrategy[Any]:
        """A generated `expected_version` is almost never a game's, so half the valid ones
        become the version the running games are at."""
        version = body.get("expected_version") if isinstance(body, dict) else None
        if type(version) is not int or version < 0:
            return st.just(body)
        return st.sampled_from([body, {**body, "expected_version": MOVES_INTO_EACH_GAME}])

    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.long
@schema.parametrize()
def test_the_api_keeps_its_promises(case: OpenApiCase, fuzz_player: Player) -> None:
    fuzz_player.authorize(case)
    response = case.call_and_validate(
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            negative_data_rejection,
            requests_that_fit_are_taken,
            refusals_have_the_error_shape,
        ]
    )
    fuzz_player.follow(case, response)


POSITIVE_EXAMPLES = 20
"""Schema-valid requests sent to each operation by the strictness test: enough to tell an
operation that takes most of them from one that refuses most, and few enough to be quick."""

MOSTLY_REFUSED = 0.5
ENDS_THE_SESSION = frozenset({"DELETE /api/v1/me"})
"""Operations left out of the strictness test: a deletion that went through ends the player."""


def refusals_of_valid_requests(schema: schemathesis.BaseSchema, player: Player) -> dict[str, float]:
    """For each operation, the share of the schema-valid requests schemathesis made for it
    that were refused for their data (400 or 422, but for a move the rules refuse)."""
    shares = {}
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result.err()
        operation = result.ok()
        if operation.label in ENDS_THE_SESSION:
            continue
        refused: list[bool] = []
        strategy = operation.as_strategy(GenerationMode.POSITIVE, hooks=schema.hooks)
        send(strategy, player, refused)
        shares[operation.label] = sum(refused) / len(refused)
    return shares


def send(strategy: st.SearchStrategy[OpenApiCase], player: Player, refused: list[bool]) -> None:
    """`POSITIVE_EXAMPLES` cases of `strategy` sent as `player`, noting in `refused` whether
    each was refused for its data."""

    @settings(
        max_examples=POSITIVE_EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def sent(case: OpenApiCase) -> None:
        case.headers = case.headers or CaseInsensitiveDict()
        case.headers["Authorization"] = f"Bearer {player.token}"
        response = case.call()
        player.follow(case, response)
        error = response.json()["error"] if response.status_code in (400, 422) else None
        refused.append(error is not None and "legal_moves" not in error["details"])

    sent()


def test_the_document_is_as_strict_as_the_validation(
    api_schema: schemathesis.BaseSchema, fuzz_player: Player
) -> None:
    """No operation refuses most of the requests its document calls valid: the document states
    the patterns, lengths and ranges the validation holds requests to (what no JSON Schema can
    state, `BEYOND_THE_DOCUMENT`, counts here too)."""
    shares = refusals_of_valid_requests(api_schema, fuzz_player)
    mostly = {label: share for label, share in shares.items() if share > MOSTLY_REFUSED}
    assert not mostly, mostly
