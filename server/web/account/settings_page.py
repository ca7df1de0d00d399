"""The settings page: a player's profile (time zone, quiet hours, digest, bot account), their
language, whom they take invitations from and whom they block, vacation, calendar feed and
webhook, their own data downloaded, or their account deleted. One section per setting, each
with its own form, each made as the API makes it: the profile checked by the API's
`ProfileUpdateSchema` and changed by `accounts.profile.changed`, blocks by
`accounts.blocking`, the vacation by `Vacations`, the feed by `Calendars`, the webhook by
`webhooks.setting.set_hook`. A refusal is shown in the section of the form that was sent, its
fields kept."""

from __future__ import annotations

from collections.abc import Mapping

from flask import flash, redirect, render_template, request, url_for
from marshmallow import ValidationError
from werkzeug.wrappers import Response

from server.accounts import blocking, deletion
from server.accounts.export import download, own_profile
from server.accounts.profile import changed
from server.domain.errors import N_, Invalid, Refusal
from server.domain.games.bots import TIMEOUT_LEVEL
from server.domain.games.loaded import CANCELLED, FINISHED
from server.domain.players.player import ANYONE, NOBODY, PLAYED, Player
from server.domain.players.webhook import KINDS
from server.domain.service.leaving import ACTIVE_GAMES, RESIGN
from server.http.context import services
from server.http.errors import ApiError
from server.http.language import gettext
from server.http.refusals import refused
from server.presenters.players import calendar_path
from server.presenters.schemas import TIMEZONE, ProfileUpdateSchema, WebhookSetSchema
from server.web.blueprint import blp
from server.web.forms import unchecked
from server.web.moments import when
from server.web.sessions import log_out, signed_in
from server.webhooks.setting import set_hook
from shared.words import LANGUAGES

ZONES: list[str] = list(TIMEZONE.choices)
INVITATION_MODES = {
    ANYONE: N_("anyone"),
    PLAYED: N_("the players I have played a game with"),
    NOBODY: N_("nobody"),
}
"""Whom one takes invitations from, in the page's words (`Player.invitations`)."""
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "de": "Deutsch"}
"""Each language as its own speakers name it, so that anyone finds their own."""


def page(
    player: Player,
    *,
    refusal: ApiError | None = None,
    section: str = "",
    sent: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    chosen: str = RESIGN,
    feed: str | None = None,
    secret: str | None = None,
) -> str:
    """The page; `section` is the form a refusal answers, `sent` its fields as sent, `feed` a
    calendar address and `secret` a webhook's signing secret, each shown only once."""
    found = services()
    me = own_profile(found, player)
    hook = found.hooks.get("player", player.id)
    clocked = any(
        record is not None and record.clock and record.status not in (FINISHED, CANCELLED)
        for record in found.games.loading.records_for(player)
    )
    return render_template(
        "settings.html",
        me=me,
        zones=ZONES,
        kinds=KINDS,
        refusal=refusal,
        section=section,
        sent=sent or {},
        errors=errors or {},
        chosen=chosen,
        bot_level=TIMEOUT_LEVEL,
        until=when(player.vacation_until, player) if player.vacation_until else None,
        calendar_on=found.calendars.is_open(player),
        feed=feed,
        clocked=clocked,
        hook=hook,
        failing_since=when(hook.failing_since, player) if hook and hook.failing_since else None,
        secret=secret,
        languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        invitation_modes=[(mode, gettext(label)) for mode, label in INVITATION_MODES.items()],
        blocked=blocking.blocked(found, player),
    )


@blp.get("/settings")
def settings() -> str:
    return page(signed_in())


@blp.post("/settings/profile")
def profile() -> Response | tuple[str, int]:
    """Time zone, quiet hours, digest and bot account, as `PATCH /api/v1/me` changes them."""
    player = signed_in()
    sent = request.form
    asked = {
        "timezone": sent.get("timezone", ""),
        "quiet_hours": sent.get("quiet_hours", "").strip() or "none",
        "digest": sent.get("digest") == "daily",
        "bot_account": sent.get("bot_account") == "on",
    }
    return saved(player, asked, "profile", sent)


@blp.post("/settings/language")
def set_language() -> Response | tuple[str, int]:
    """The player's language, as `PATCH /api/v1/me` sets it: these pages and their mail follow."""
    player = signed_in()
    language = request.form.get("language", "")
    if language not in LANGUAGES:
        api_error = refused(Invalid(N_("choose one of the languages offered")))
        return page(player, refusal=api_error, section="language"), api_error.status
    changed(services(), player, {"language": language})
    return redirect(url_for("web.settings") + "#language", 303)


@blp.post("/settings/invitations")
def invitations() -> Response | tuple[str, int]:
    """Whom the player takes invitations from, as `PATCH /api/v1/me` sets it."""
    asked = {"invitations": request.form.get("invitations", "")}
    return saved(signed_in(), asked, "invitations")


def saved(
    player: Player, asked: Mapping[str, object], section: str, sent: Mapping[str, str] | None = None
) -> Response | tuple[str, int]:
    """`asked`, the profile's fields as a section's form (`sent`) gives them, changed as `PATCH
    /api/v1/me` changes them; or the page again with the section's refusal, field by field."""
    try:
        changes = ProfileUpdateSchema().load(asked)
    except ValidationError as error:
        api_error, why = unchecked(error)
        return page(player, refusal=api_error, section=section, sent=sent, errors=why), 400
    changed(services(), player, changes)
    flash(gettext("Your settings are saved."), "note")
    return redirect(url_for("web.settings") + f"#{section}", 303)


@blp.post("/settings/blocks")
def blocks() -> Response | tuple[str, int]:
    """A player blocked or unblocked, as `PUT` and `DELETE /api/v1/me/blocks/NAME` do."""
    player = signed_in()
    sent = request.form
    try:
        if "unblock" in sent:
            other = blocking.unblock(services(), player, sent.get("unblock", "").strip())
            flash(gettext("You no longer block %(name)s.", name=other.name), "note")
        else:
            other = blocking.block(services(), player, sent.get("block", "").strip())
            flash(gettext("You block %(name)s.", name=other.name), "note")
    except Refusal as refusal:
        api_error = refused(refusal)
        return page(player, refusal=api_error, section="blocks", sent=sent), api_error.status
    return redirect(url_for("web.settings") + "#invitations", 303)


@blp.post("/settings/vacation")
def vacation() -> Response | tuple[str, int]:
    """Away (the move clocks stop, up to the year's allowance) or back, as `/me/vacation`."""
    player = signed_in()
    try:
        if request.form.get("away") == "on":
            services().vacations.start(player)
            flash(gettext("You are on vacation: your move clocks stand still."), "note")
        else:
            services().vacations.stop(player)
            flash(gettext("Welcome back: your move clocks run again."), "note")
    except Refusal as refusal:
        api_error = refused(refusal)
        return page(player, refusal=api_error, section="vacation"), api_error.status
    return redirect(url_for("web.settings") + "#vacation", 303)


@blp.post("/settings/calendar")
def calendar() -> Response | str:
    """A new address for the feed (shown on this answer only: its id is the secret), or none."""
    player = signed_in()
    if request.form.get("feed") == "off":
        services().calendars.close(player)
        flash(gettext("Your calendar feed is closed: its address no longer works."), "note")
        return redirect(url_for("web.settings") + "#calendar", 303)
    feed = services().calendars.open(player)
    url = request.host_url.rstrip("/") + calendar_path(feed)
    return page(services().players.get(player.id) or player, feed=url)


@blp.post("/settings/webhook")
def webhook() -> Response | str | tuple[str, int]:
    """The webhook one's notices are posted to, set as `PUT /api/v1/me/webhook` sets it (a
    standard one's signing secret is shown on this answer only), or removed."""
    player = signed_in()
    sent = request.form
    hooks = services().hooks
    if sent.get("remove"):
        hooks.remove("player", player.id)
        flash(gettext("Your webhook is removed: nothing more is posted to it."), "note")
        return redirect(url_for("web.settings") + "#webhook", 303)
    try:
        asked = WebhookSetSchema().load(
            {"kind": sent.get("kind", ""), "url": sent.get("url", "").strip()}
        )
    except ValidationError as error:
        api_error, why = unchecked(error)
        return page(player, refusal=api_error, section="webhook", sent=sent, errors=why), 400
    try:
        hook = set_hook(hooks, "player", player.id, player.id, asked["kind"], asked["url"])
    except Refusal as refusal:
        api_error = refused(refusal)
        return page(player, refusal=api_error, section="webhook", sent=sent), api_error.status
    return page(player, secret=hook.secret if hook.kind == "standard" else None)


@blp.get("/settings/export")
def export() -> Response:
    """The same archive as `GET /api/v1/me/export`."""
    return download(services(), signed_in())


@blp.post("/settings/delete")
def delete() -> Response | tuple[str, int]:
    """The account deleted, as `DELETE /api/v1/me` deletes it, with its choice for the games
    still running (their bot plays at the level a timed-out player's would); the session ends."""
    player = signed_in()
    form = request.form
    chosen = form.get("active_games", "")
    try:
        if chosen not in ACTIVE_GAMES:
            raise Invalid(N_("choose what becomes of your games still running"))
        deletion.confirmed(player, form.get("confirm", "").strip())
    except Refusal as refusal:
        api_error = refused(refusal)
        keep = chosen if chosen in ACTIVE_GAMES else RESIGN
        return page(player, refusal=api_error, section="delete", chosen=keep), api_error.status
    deletion.delete(services(), player, chosen, TIMEOUT_LEVEL)
    log_out()
    gone = gettext("The account %(name)s is deleted. Thank you for playing.", name=player.name)
    flash(gone, "note")
    return redirect(url_for("web.index"), 303)
