"""Webhooks: a player's own (their notices) and a game's (set by its creator: the game's
changes, for a channel the players share). Setting one again replaces it and switches it on."""

from __future__ import annotations

from typing import Any

from flask import g

from server.api.blueprint import Blueprint
from server.domain.errors import N_, NotAPlayer, NotFound
from server.domain.players.quiet import zone
from server.domain.players.webhook import Hook
from server.http.context import services
from server.presenters.documented import schema_of
from server.presenters.player_shapes import Webhook
from server.presenters.players import webhook
from server.presenters.schemas import WebhookSetSchema
from server.presenters.shapes import Error
from server.webhooks.setting import set_hook

blp = Blueprint("webhooks", __name__, url_prefix="/api/v1", description="Webhooks")


def shown(hook: Hook | None, made: bool = False) -> Webhook:
    if hook is None:
        raise NotFound(N_("no such webhook"))
    return webhook(hook, zone(g.player), with_secret=made)


def removed(scope: str, of: str) -> Webhook:
    hooks = services().hooks
    answer = shown(hooks.get(scope, of))
    hooks.remove(scope, of)
    return answer


def made(scope: str, of: str, body: dict[str, Any]) -> Webhook:
    """A new hook, if its address may be sent to (as far as can be told without resolving it:
    every delivery checks the address it connects to)."""
    hook = set_hook(services().hooks, scope, of, g.player.id, body["kind"], body["url"])
    return shown(hook, made=True)


def creators(game_id: str) -> str:
    """The game's id, if the caller created it; else refused (403)."""
    if services().games.loading.record_for(g.player, game_id).creator != g.player.id:
        raise NotAPlayer(
            "only the player who created the game sets its webhook", code="not_creator"
        )
    return game_id


@blp.route("/me/webhook")
@blp.dumped_response(200, Webhook)
@blp.alt_response(404, schema=schema_of(Error), description="you have no webhook")
def my_webhook() -> Webhook:
    """Your webhook: where your notices (their public part) are posted."""
    return shown(services().hooks.get("player", g.player.id))


@blp.route("/me/webhook", methods=["PUT"])
@blp.arguments(WebhookSetSchema)
@blp.dumped_response(200, Webhook)
def set_my_webhook(body: dict[str, Any]) -> Webhook:
    """Post your notices (their public part: never your hand) to a webhook: `discord`,
    `slack`, `matrix` (a matrix-hookshot generic webhook) or `standard` (signed JSON, its
    secret shown only now)."""
    return made("player", g.player.id, body)


@blp.route("/me/webhook", methods=["DELETE"])
@blp.dumped_response(200, Webhook)
@blp.alt_response(404, schema=schema_of(Error), description="you have no webhook")
def remove_my_webhook() -> Webhook:
    """No more posts to your webhook; answers the webhook removed."""
    return removed("player", g.player.id)


@blp.route("/games/<game_id:game_id>/webhook")
@blp.dumped_response(200, Webhook)
@blp.alt_response(404, schema=schema_of(Error), description="the game has no webhook")
def game_webhook(game_id: str) -> Webhook:
    """The game's webhook (its creator's to see)."""
    return shown(services().hooks.get("game", creators(game_id)))


@blp.route("/games/<game_id:game_id>/webhook", methods=["PUT"])
@blp.arguments(WebhookSetSchema)
@blp.dumped_response(200, Webhook)
def set_game_webhook(body: dict[str, Any], game_id: str) -> Webhook:
    """Post the game's changes (whose turn it is, the moves as anyone may see them, a link) to
    a webhook of a channel its players share; only its creator may."""
    return made("game", creators(game_id), body)


@blp.route("/games/<game_id:game_id>/webhook", methods=["DELETE"])
@blp.dumped_response(200, Webhook)
@blp.alt_response(404, schema=schema_of(Error), description="the game has no webhook")
def remove_game_webhook(game_id: str) -> Webhook:
    """No more posts to the game's webhook; answers the webhook removed."""
    return removed("game", creators(game_id))
