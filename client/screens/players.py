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
from shared.engine import shown_name


def rating_text(standing: dict[str, Any]) -> str:
    rating = standing["rating"]
    if rating is None:
        return "unrated"
    return f"rating {rating['ordinal']:.1f} ({rating['mu']:.1f} ± {rating['sigma']:.1f})"


def record_text(standing: dict[str, Any]) -> str:
    return (
        f"played {standing['played']}, won {standing['won']}, lost {standing['lost']}, "
        f"resigned {standing['resigned']}, timed out {standing['timed_out']}"
    )


def player_record(console: Console, answer: dict[str, Any]) -> None:
    """A player's records by game type, then their finished games, latest first."""
    show(console, Text(shown(answer), style="bold"))
    if not answer["records"]:
        show(console, "No finished games yet.")
    for type_id, standing in answer["records"].items():
        show(console, f"  {type_id}: {record_text(standing)}; {rating_text(standing)}")
    for game in answer["games"]:
        when = datetime.fromtimestamp(game["finished"]).strftime("%Y-%m-%d")
        scores = " · ".join(f"{name} {score}" for name, score in game["scores"].items())
        outcome = "won" if game["won"] else "lost"
        bots = set(game["bot_accounts"])
        others = ", ".join(shown_name(str(name), name in bots) for name in game["opponents"])
        line = f"  {when}  {game['type']}  {outcome}  with {others}  ({scores})"
        show(console, Text.assemble((game["id"], ID_STYLE), line))


def leaderboard(console: Console, answer: dict[str, Any]) -> None:
    if not answer["players"]:
        show(console, f"No rated {answer['type']} game has finished yet.")
    for ranked in answer["players"]:
        line = f"{ranked['rank']:>3}. {shown(ranked):<20} {rating_text(ranked)}  "
        show(console, line + record_text(ranked), hanging=9)
