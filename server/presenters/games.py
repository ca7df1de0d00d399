"""Games as JSON, for the API and for mail: what a game, a view, a log page and a list of
games look like to the one asking. The domain hands over games; these decide their shape."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from server.domain.games import provenance
from server.domain.games.lists import listing
from server.domain.games.loaded import ACTIVE, FINISHED, Game, Moved
from server.domain.games.record import GameRecord
from server.domain.games.seat_clocks import SeatClock
from server.domain.games.standings import Standing
from server.domain.players.player import Player
from server.domain.players.quiet import local
from server.presenters import player_shapes, shapes
from shared.engine import seat_name, shown_names
from shared.games import ENGINES
from shared.words import ENGLISH, Words


def public_game(record: GameRecord, viewer: str | None) -> shapes.Game:
    """What anyone in the game may see about it, as `viewer` (a player's id; None: anyone at
    all, as in the lobby) may: who sits where (a bot's seat says its level), who asked for it
    if it is a rematch, and its options, those that fix chance (a deck, who starts) only to
    those who may know them (`provenance.shown_options`). The seed and the server's secret
    appear once the game is finished; their hashes, the contributions and the log's head are
    there from the start (see `server.domain.games.provenance`)."""
    engine = ENGINES[record.type]
    published = provenance.public(record, engine, viewer)
    return {
        "id": record.id,
        "type": record.type,
        "title": engine.title,
        "status": record.status,
        "public": record.public,
        "rematch": record.rematch,
        "asked_by": asker(record),
        "engine_version": record.engine_version,
        "seats": [
            {
                "seat": i,
                "name": s.name,
                "joined": s.joined,
                "bot": s.bot,
                "bot_account": s.bot_account,
            }
            for i, s in enumerate(record.seats)
        ],
        "options": provenance.shown_options(record, engine, viewer),
        "to_act": list(record.to_act),
        "clock": record.clock,
        "secret_sha256": published["secret_sha256"],
        "secret": published["secret"],
        "contributions": published["contributions"],
        "seed_sha256": published["seed_sha256"],
        "seed": published["seed"],
        "head": published["head"],
        "fixed_by_creator": published["fixed_by_creator"],
        "rated": published["rated"],
        "result": record.result,
        "created": record.created,
        "updated": record.updated,
    }


def asker(record: GameRecord) -> str | None:
    """The name of the player who asked for a rematch, as their seat in it says (None for a
    game its creator made, or for an asker whose seat was given up since)."""
    return next((s.name for s in record.seats if s.player and s.player == record.asked_by), None)


def view(game: Game, seat: int | None, viewer: str | None) -> shapes.GameView:
    """The game as `seat` sees it (None: a spectator, or an invitee) when `viewer` asks (see
    `public_game`): its public data, version, who must act, the seat's view and its legal
    moves."""
    engine, state = game.engine, game.state
    to_act = engine.to_act(state) if game.status == ACTIVE else ()
    legal = engine.legal_moves(state, seat) if seat in to_act else []
    return {
        "game": public_game(game.record, viewer),
        "version": game.version,
        "seat": seat,
        "to_act": list(to_act),
        "your_turn": seat in to_act,
        "view": engine.view(state, seat) if state is not None else None,
        # copies: an engine may hand out shared, read-only move dicts (Lost Cities' tables)
        "legal_moves": [{"text": engine.format_move(m), "move": dict(m)} for m in legal],
    }


def player_at(game: Game, seat: int | None) -> str | None:
    """Who looks through `seat` (None for none: then no one in particular), for a caller that
    knows the seat only."""
    return game.seats[seat].player if seat is not None else None


def log(
    game: Game,
    seat: int | None,
    since: int,
    stored: Iterable[dict[str, Any]],
    words: Words = ENGLISH,
) -> list[shapes.LogEntry]:
    """The `stored` entries after version `since` as `seat` may see them: events redacted,
    moves shown for one's own entries (and for all once the game is over, so anyone can replay
    it); each event's `text` in `words`, the reader's (programs read `event`)."""
    engine, names = game.engine, shown_names(game.names, game.bot_accounts, words)
    reveal = game.status == FINISHED
    entries = []
    for index, entry in enumerate(stored, start=since + 1):
        event = engine.redact_event(entry["event"], seat)
        shown: shapes.LogEntry = {
            "version": index,
            "seat": entry["seat"],
            "at": entry["at"],
            "event": event,
            "text": engine.render_event(event, names, words=words),
        }
        if reveal or entry["seat"] == seat:
            shown["move"] = entry["move"]
        if entry.get("timeout"):
            shown["timeout"] = True
        if entry.get("bot"):
            shown["bot"] = entry["bot"]
        if "bot_version" in entry:
            shown["bot_version"] = entry["bot_version"]
        if "prev" in entry:
            shown["prev"] = entry["prev"]
        entries.append(shown)
    return entries


def message(record: GameRecord, number: int, stored: dict[str, Any]) -> shapes.TalkMessage:
    """A message said at the game's table (`server.domain.games.talk_rules`), named by its
    speaker."""
    speaker = record.seats[stored["seat"]]
    return {
        "number": number,
        "seat": stored["seat"],
        "name": speaker.name or seat_name(stored["seat"], ()),
        "bot_account": speaker.bot_account,
        "at": stored["at"],
        "version": stored["version"],
        "text": stored["text"],
    }


def messages(
    record: GameRecord, since: int, stored: Iterable[dict[str, Any] | None]
) -> list[shapes.TalkMessage]:
    """The messages after number `since`, but those the reader does not hear (None:
    `server.domain.service.hearing`), each under its own number."""
    return [
        message(record, number, said)
        for number, said in enumerate(stored, start=since + 1)
        if said is not None
    ]


def history_line(text: str, entry: Mapping[str, Any], words: Words = ENGLISH) -> str:
    """A log entry in one line for people (mail, pages, webhooks): what happened (`text`, as
    its reader may see it), and that the service made the move when time ran out (a bot's
    choice, under `on_timeout: bot`)."""
    if entry.get("bot") and entry.get("timeout"):
        return words.gettext(
            "%(event)s (time ran out; a %(level)s bot chose it)", event=text, level=entry["bot"]
        )
    if entry.get("timeout"):
        return words.gettext("%(event)s (time ran out)", event=text)
    return text


def game_list(records: Iterable[GameRecord], player_id: str) -> list[shapes.GameSummary]:
    """A player's games as their list shows them, in the order given, each with their seat and
    whether it waits on them (`server.domain.games.lists.listing`); a game with no seat of theirs is
    left out."""
    listed: list[shapes.GameSummary] = []
    for record in records:
        found = listing(record, player_id)
        if found is not None:
            mine: shapes.Listed = {
                "seat": found.seat,
                "waiting_on_you": found.waiting,
                "invited": found.invited,
            }
            listed.append({**public_game(record, player_id), **mine})
    return listed


def lobby(listed: Iterable[tuple[GameRecord, list[Player | None]]]) -> list[shapes.GameSummary]:
    """The public games anyone may join, as the lobby lists them: each game as anyone may see
    it, its seats free, and the time zone of each player at its table (the move clock is the
    game's `clock`)."""
    return [
        {**public_game(record, None), **in_lobby(record, players)} for record, players in listed
    ]


def in_lobby(record: GameRecord, players: list[Player | None]) -> shapes.Listed:
    return {
        "seat": None,
        "waiting_on_you": False,
        "invited": False,
        "free_seats": sum(seat.free for seat in record.seats),
        "players": [
            {"name": player.name, "bot_account": player.bot_account, "timezone": player.timezone}
            for player in players
            if player is not None
        ],
    }


def standing(found: Standing) -> player_shapes.Standing:
    """A player's record in one game type, and their rating with its uncertainty."""
    return {
        "played": found.played,
        "won": found.won,
        "lost": found.lost,
        "resigned": found.resigned,
        "timed_out": found.timed_out,
        "rating": (
            {
                "mu": round(found.mu, 2),
                "sigma": round(found.sigma, 2),
                "ordinal": round(found.ordinal, 2),
                "rated_games": found.rated,
            }
            if found.rated
            else None
        ),
    }


def leaderboard(ranked: Iterable[tuple[Player, Standing]]) -> list[player_shapes.Ranked]:
    """The board: a bot account is ranked as anyone is, and marked (`bot_account`)."""
    return [
        {
            "rank": place,
            "name": player.name,
            "bot_account": player.bot_account,
            **standing(found),
        }
        for place, (player, found) in enumerate(ranked, start=1)
    ]


def history(records: Iterable[GameRecord | None], player_id: str) -> list[player_shapes.Played]:
    """All a player's finished games, latest first: with whom, the scores, whether they won."""
    finished = [
        record for record in records if record is not None and was_played(record, player_id)
    ]
    finished.sort(key=lambda record: -record.updated)
    return [played(record, player_id) for record in finished]


def was_played(record: GameRecord, player_id: str) -> bool:
    """Whether the game is one of the player's finished games."""
    return record.status == FINISHED and record.seat_of(player_id) is not None


def played(record: GameRecord, player_id: str) -> player_shapes.Played:
    """A finished game as the player's record lists it."""
    seat = record.seat_of(player_id)
    result = record.result or {}
    scores = result.get("scores", [])
    return {
        "id": record.id,
        "type": record.type,
        "finished": record.updated,
        "opponents": [s.name for i, s in enumerate(record.seats) if i != seat],
        "bot_accounts": [s.name for i, s in enumerate(record.seats) if i != seat and s.bot_account],
        "scores": {
            s.name or seat_name(i, ()): score
            for (i, s), score in zip(enumerate(record.seats), scores, strict=False)
        },
        "won": seat in result.get("winners", []),
    }


def untried_steps(made: int, untried: Sequence[Any]) -> shapes.Untried:
    """What a move's answer says of the steps of its batch that were not tried (as sent, or as
    parsed from the text): they came after step `made`, which drew, rolled or uncovered
    something the mover had not yet seen."""
    return {
        "after_step": made,
        "steps": list(untried),
        "message": (
            f"step {made} brought chance or hidden information into play, so the "
            f"{len(untried)} step{'s' if len(untried) > 1 else ''} after it "
            "were not tried: look at the game and send what still applies"
        ),
    }


def moved(made: Moved) -> shapes.GameView:
    """The answer to a move: the mover's view after it, its events as the mover may see them,
    and the steps of its batch not tried."""
    game, seat = made.game, made.seat
    answer = view(game, seat, player_at(game, seat))
    answer["applied"] = [game.engine.redact_event(event, seat) for event in made.events]
    if made.untried:
        answer["untried"] = untried_steps(len(made.events), made.untried)
    return answer


def seat_clock(clock: SeatClock, zone: ZoneInfo) -> shapes.SeatClock:
    """A seat's running clock as its reader is shown it: the deadline in ISO 8601 with the
    reader's offset."""
    return {
        "seat": clock.seat,
        "name": clock.name,
        "due": None if clock.due is None else local(clock.due, zone).isoformat(),
        "left_seconds": int(clock.left),
        "running": clock.running,
        "paused": clock.paused,
    }


def player_record(
    player: Player, standings: Mapping[str, Standing], games: Iterable[GameRecord]
) -> player_shapes.PlayerRecord:
    """A player's record in each game type they have played and a page of their finished
    `games` (`GET /players/{name}` and the page of their history alike); `next` is left for the
    edge to name."""
    return {
        "name": player.name,
        "bot_account": player.bot_account,
        "records": {type_id: standing(s) for type_id, s in standings.items()},
        "games": [played(record, player.id) for record in games],
        "next": None,
    }
