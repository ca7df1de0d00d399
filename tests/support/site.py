"""A player's web table with something on every page: the accessibility test and
`python -m docs.screenshots` look at the same one."""

from __future__ import annotations

from tests.api_client import ApiClient, Endpoints
from tests.support.games import start_game


def busy_table(api: Endpoints) -> ApiClient:
    """ada with a game of Lost Cities under a move clock, waiting on her, an invitation
    from di, a game of her own waiting for bo, and a public game of bo's in the lobby; eve and
    fay with a finished, rated game (on the leaderboard once the worker has planned it)."""
    _, (ada, bo) = start_game(api, "lost-cities", rounds=1, move_time="2d", first_player=0)
    di = api.client().register("di")
    di.ok("POST", "/games", json={"type": "lost-cities", "invite": ["ada"]})
    bo.ok("POST", "/games", json={"type": "livingstone", "public": True})
    ada.ok("POST", "/games", json={"type": "lost-cities-dice", "invite": ["bo"]})
    done, (eve, _) = start_game(api, "lost-cities", rounds=1, names=["eve", "fay"])
    eve.ok("POST", f"/games/{done}/resign")
    return ada
