"""Players' standing: one player's records and finished games, and a game type's
leaderboard."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.console import Console
from rich.text import Text

from client.layout import show
from client.screens.seats import shown
from client.screens.style import ID_STYLE
from client.screens.times import day, number
from client.words import _, words
from shared.engine import shown_name


def rating_text(standing: dict[str, Any]) -> str:
    rating = standing["rating"]
    if rating is None:
        return _("unrated")
    return _(
        "rating %(ordinal)s (%(mu)s ± %(sigma)s)",
        ordinal=number(rating["ordinal"], "0.0"),
        mu=number(rating["mu"], "0.0"),
        sigma=number(rating["sigma"], "0.0"),
    )


def record_text(standing: dict[str, Any]) -> str:
    return _(
        "played %(played)s, won %(won)s, lost %(lost)s, resigned %(resigned)s, "
        "timed out %(timed_out)s",
        played=standing["played"],
        won=standing["won"],
        lost=standing["lost"],
        resigned=standing["resigned"],
        timed_out=standing["timed_out"],
    )


def player_record(console: Console, answer: dict[str, Any]) -> None:
    """A player's records by game type, then their finished games, latest first."""
    show(console, Text(shown(answer), style="bold"))
    if not answer["records"]:
        show(console, _("No finished games yet."))
    for type_id, standing in answer["records"].items():
        show(console, f"  {type_id}: {record_text(standing)}; {rating_text(standing)}")
    for game in answer["games"]:
        when = day(datetime.fromtimestamp(game["finished"]).astimezone())
        scores = " · ".join(f"{name} {score}" for name, score in game["scores"].items())
        bots = set(game["bot_accounts"])
        others = ", ".join(
            shown_name(str(name), name in bots, words()) for name in game["opponents"]
        )
        outcome = (
            _("won with %(others)s (%(scores)s)", others=others, scores=scores)
            if game["won"]
            else _("lost with %(others)s (%(scores)s)", others=others, scores=scores)
        )
        line = f"  {when}  {game['type']}  {outcome}"
        show(console, Text.assemble((game["id"], ID_STYLE), line))


def leaderboard(console: Console, answer: dict[str, Any]) -> None:
    if not answer["players"]:
        show(console, _("No rated %(type)s game has finished yet.", type=answer["type"]))
    for ranked in answer["players"]:
        line = f"{ranked['rank']:>3}. {shown(ranked):<20} {rating_text(ranked)}  "
        show(console, line + record_text(ranked), hanging=9)
