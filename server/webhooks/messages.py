"""What a webhook says: the public part of a change in a game, in each chat app's own shape.

A webhook posts into a channel that others read, so it carries only what anyone may see of a
game: who plays, whose turn it is, the moves as a spectator's log tells them
(`Engine.redact_event(event, None)`), the deadlines, the scores once it is over, and a link.
Never a hand, a purse or a hidden choice: `public_update` reads the game from a spectator's
side only, and the tests hold it to the twins the engines' views are held to.

Discord, Slack and Matrix (a matrix-hookshot generic webhook) each get plain JSON in the shape
their incoming webhooks document, its text in the words of the hook's owner (`Words`, passed
in); Discord and Slack write each deadline so that every reader sees it in their own zone. A
`standard` webhook gets the update as JSON, signed as the Standard Webhooks specification says
(`standardwebhooks`), for programs: its texts stay English.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_datetime
from standardwebhooks import Webhook

from server.presenters import games as presenters
from server.presenters.catalogs import locale_of
from shared.engine import Engine, seats_named
from shared.words import ENGLISH, Words

DISCORD_LIMIT = 2000
MAX_MOVES = 30


@dataclass(frozen=True)
class Update:
    """One message: a change in a game, as anyone may see it."""

    game_id: str
    title: str
    players: tuple[str, ...]
    version: int
    headline: str
    moves: tuple[str, ...]
    """The log since the last message, as a spectator's log tells it."""
    to_act: tuple[str, ...]
    deadlines: tuple[tuple[str, float], ...]
    """(player, when their clock runs out) for each running clock."""
    result: str | None
    link: str
    at: float
    """When it happened (planned): the same on every attempt to post it."""

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Update:
        """Back from `asdict` (a job's argument)."""
        return cls(
            **{
                **data,
                "players": tuple(data["players"]),
                "moves": tuple(data["moves"]),
                "to_act": tuple(data["to_act"]),
                "deadlines": tuple((name, due) for name, due in data["deadlines"]),
            }
        )


def merged(earlier: Update, later: Update) -> Update:
    """One message in place of two not yet posted: the later one, with the moves of both (a
    hook that falls behind hears the game as it is now, with what happened meanwhile)."""
    return replace(later, moves=(earlier.moves + later.moves)[-MAX_MOVES:])


def public_update(
    engine: Engine[Any],
    state: Any,
    entries: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    *,
    game_id: str,
    version: int,
    headline: str,
    deadlines: Sequence[tuple[str, float]],
    link: str,
    at: float,
    words: Words = ENGLISH,
) -> Update:
    """The update for a game now at `state` (None: not started) after the log `entries`, in
    `words` (`names` as its reader reads them); of each entry only its event is read, as a
    spectator is shown it."""
    moves = [
        presenters.history_line(
            engine.render_event(engine.redact_event(entry["event"], None), names, words=words),
            entry,
            words,
        )
        for entry in entries
    ]
    to_act: tuple[str, ...] = ()
    result = None
    if state is not None:
        to_act = tuple(names[seat] for seat in engine.to_act(state))
        outcome = engine.result(state)
        if outcome is not None:
            scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(outcome.get("scores", [])))
            won = outcome.get("winners", [])
            result = (
                words.ngettext(
                    "Final scores: %(scores)s; winner: %(winners)s",
                    "Final scores: %(scores)s; winners: %(winners)s",
                    len(won),
                    scores=scores,
                    winners=seats_named(won, list(names), words),
                )
                if won
                else words.gettext("Final scores: %(scores)s; winner: nobody", scores=scores)
            )
    return Update(
        game_id,
        engine.title_in(words),
        tuple(names),
        version,
        headline,
        tuple(moves[-MAX_MOVES:]),
        to_act,
        tuple(deadlines),
        result,
        link,
        at,
    )


def _moment(due: float, kind: str, words: Words) -> str:
    """A deadline as each app can show it in its reader's own zone (else in UTC)."""
    seconds = int(due)
    when = datetime.fromtimestamp(due, UTC)
    utc = format_datetime(when, "EEE d MMM HH:mm 'UTC'", locale=locale_of(words))
    if kind == "discord":
        return f"<t:{seconds}:f> (<t:{seconds}:R>)"
    if kind == "slack":
        return f"<!date^{seconds}^{{date_short_pretty}} {{time}}|{utc}>"
    return utc


def text(update: Update, kind: str, words: Words = ENGLISH) -> str:
    """The update in `words` (the ones it was made in), for a chat channel."""
    players = ", ".join(update.players)
    lines = [
        words.gettext(
            "%(title)s %(id)s with %(players)s",
            title=update.title,
            id=update.game_id[:8],
            players=players,
        )
    ]
    if update.headline:
        lines.append(update.headline)
    lines += [f"  {move}" for move in update.moves]
    if update.result:
        lines.append(update.result)
    elif update.to_act:
        lines.append(words.gettext("Now: %(players)s to move.", players=", ".join(update.to_act)))
    lines += [
        words.gettext("%(name)s's move is due %(when)s.", name=name, when=_moment(due, kind, words))
        for name, due in update.deadlines
    ]
    lines.append(update.link)
    return "\n".join(lines)


def body(kind: str, update: Update, words: Words = ENGLISH) -> bytes:
    """The request's body for a webhook of `kind`, a chat app's text in `words`."""
    shaped: dict[str, Any]
    if kind == "discord":
        said = text(update, kind, words)
        if len(said) > DISCORD_LIMIT:
            said = said[: DISCORD_LIMIT - 1] + "…"
        shaped = {"content": said, "username": "turnpost", "allowed_mentions": {"parse": []}}
    elif kind == "slack":
        shaped = {"text": text(update, kind, words), "unfurl_links": False}
    elif kind == "matrix":
        shaped = {"text": text(update, kind, words), "username": "turnpost"}
    else:
        data = asdict(update)
        data["deadlines"] = [
            {"player": name, "due": datetime.fromtimestamp(due, UTC).isoformat()}
            for name, due in update.deadlines
        ]
        at = datetime.fromtimestamp(data.pop("at"), UTC).isoformat()
        shaped = {"type": "game.updated", "timestamp": at, "data": data}
    return json.dumps(shaped, ensure_ascii=False).encode()


def signed(secret: str, message_id: str, sent: datetime, payload: bytes) -> dict[str, str]:
    """Standard Webhooks' headers: the message's id (the same on every attempt, so a receiver
    can tell a retry), when it was sent, and the HMAC-SHA256 signature of both and the body."""
    signature = Webhook(secret).sign(message_id, sent, payload.decode())
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(sent.timestamp())),
        "webhook-signature": signature,
    }
