"""Registration and one's own profile."""

from __future__ import annotations

from typing import Any

from flask import g

from server.accounts import blocking
from server.accounts.export import own_profile
from server.accounts.player_record import of_player
from server.accounts.profile import changed
from server.api.blueprint import Blueprint
from server.domain.players.player import Player
from server.http import paging
from server.http.auth import public_route
from server.http.context import services
from server.presenters.player_shapes import Blocks, PlayerRecord, Profile, Registered, Token
from server.presenters.schemas import PlayedQuery, ProfileUpdateSchema, RegisterSchema

blp = Blueprint("players", __name__, url_prefix="/api/v1", description="Players and tokens")


@blp.route("/players", methods=["POST"])
@public_route
@blp.arguments(RegisterSchema)
@blp.dumped_response(201, Registered)
def register(body: dict[str, Any]) -> Registered:
    """Register (`language`: `en`, `pl` or `de`, English unless given); the answer holds your
    bearer token, shown only this once, and `mail`: your default quiet hours (22:00-08:00 in
    your time zone) may be holding mail already."""
    player, token = services().players.register(
        body["name"], body["email"], body["timezone"], body["language"]
    )
    return {"player": profile(player), "token": token}


def profile(player: Player) -> Profile:
    return own_profile(services(), player)


@blp.route("/me")
@blp.dumped_response(200, Profile)
def me() -> Profile:
    """Your profile: email, time zone, quiet hours, daily digest or not, vacation, and the mail
    held for you."""
    return profile(g.player)


@blp.route("/me", methods=["PATCH"])
@blp.arguments(ProfileUpdateSchema)
@blp.dumped_response(200, Profile)
def update_me(changes: dict[str, Any]) -> Profile:
    """Change your email, time zone, quiet hours (`22:00-08:00`, `none`), `digest`, `language`
    (`en`, `pl`, `de`: your mail, pages and refusal messages), `bot_account` (a program
    plays your account: it is marked so wherever your name is shown, in the games you take a
    seat in from now on), or `invitations`: whom you take invitations and rematches from
    (`anyone`, `played`: the players you have played a game with, `nobody`). A change of
    when you are mailed applies to mail held already from the worker's next tick."""
    return profile(changed(services(), g.player, changes))


@blp.route("/me/vacation", methods=["POST"])
@blp.dumped_response(200, Profile)
def start_vacation() -> Profile:
    """Go on vacation: your move clocks stop until you come back or this year's allowance
    runs out (409 `no_vacation_left` when it has)."""
    return profile(services().vacations.start(g.player))


@blp.route("/me/vacation", methods=["DELETE"])
@blp.dumped_response(200, Profile)
def stop_vacation() -> Profile:
    """Back from vacation: your move clocks run again."""
    return profile(services().vacations.stop(g.player))


@blp.route("/players/<player_name:name>")
@blp.arguments(PlayedQuery, location="query")
@blp.paged()
@blp.dumped_response(200, PlayerRecord)
def record(query: dict[str, Any], name: str) -> PlayerRecord:
    """A player's record in each game type they have played (played, won, lost, resigned,
    timed out, and their rating with its uncertainty) and a page of their finished games,
    newest first, with opponents and scores; `next` (also in the `Link` header) is the cursor
    of the next page, null after the last."""
    after = paging.read("played", query.get("cursor"))
    found, position = of_player(services(), name, after, query["limit"])
    return {**found, "next": paging.link_next(paging.cursor("played", position))}


@blp.route("/me/token", methods=["POST"])
@blp.dumped_response(201, Token)
def rotate_token() -> Token:
    """A new token; the old one stops working at once."""
    return {"token": services().players.rotate_token(g.player)}


@blp.route("/me/blocks")
@blp.dumped_response(200, Blocks)
def blocks() -> Blocks:
    """The players you block."""
    return {"blocked": blocking.blocked(services(), g.player)}


@blp.route("/me/blocks/<player_name:name>", methods=["PUT"])
@blp.dumped_response(200, Blocks)
def block(name: str) -> Blocks:
    """Block a player: their invitations and rematches are refused, as from a player you take
    no invitations from, and you no longer read what they say at a table you share; they are
    not told. At most `TURNPOST_BLOCKS` (500 unless the service says otherwise; then 429
    `too_many_blocks`); again: no change."""
    found = services()
    blocking.block(found, g.player, name)
    return {"blocked": blocking.blocked(found, g.player)}


@blp.route("/me/blocks/<player_name:name>", methods=["DELETE"])
@blp.dumped_response(200, Blocks)
def unblock(name: str) -> Blocks:
    """Lift a block (none there: no change)."""
    found = services()
    blocking.unblock(found, g.player, name)
    return {"blocked": blocking.blocked(found, g.player)}
