"""What a person sees: the engines' plain text with colour and symbols laid on top.

The engines already draw a view as plain text in the notation people type (card ids, colour
names), the same text an email carries; colour here only helps the eye, so everything still
reads with NO_COLOR or in a pipe. Rich leaves out all styling by itself when stdout is not a
terminal, and the colours when NO_COLOR is set, so nothing here needs to ask.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from rich.console import Console
from rich.text import Text

from client.rules import engine_for
from client.verify import Verification
from shared import clock_text
from shared.engine import player_names, seats_named
from shared.fairness import fixed_by_creator_text
from shared.guide import guide_text
from shared.text import WIDTH

COLOUR_STYLES = {
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold bright_blue",
    "purple": "bold magenta",
    "white": "bold bright_white",
    "black": "bold bright_black",
    "clear": "bold cyan",
}
CARD_COLOURS = {"Y": "yellow", "B": "blue", "W": "white", "G": "green", "R": "red", "P": "purple"}
"""Lost Cities card ids are a colour's initial and a value or wager: R7, R10, Bw2."""

TURN = "▶"
ID_STYLE = "bold cyan"


def highlight(text: str) -> Text:
    """Colour names and card ids in the colour they name."""
    styled = Text(text)
    for colour, style in COLOUR_STYLES.items():
        styled.highlight_regex(rf"(?i)\b{colour}\b", style)
    for initial, colour in CARD_COLOURS.items():
        styled.highlight_regex(rf"\b{initial}(?:10|[2-9]|w[1-3])\b", COLOUR_STYLES[colour])
    return styled


def seat_names(game: dict[str, Any], me: int | None) -> list[str]:
    return [
        "you" if seat["seat"] == me else seat["name"] or f"seat {seat['seat']}"
        for seat in game["seats"]
    ]


def game_screen(console: Console, answer: dict[str, Any], everything: bool = False) -> None:
    """A game as one player sees it: who plays, the engine's drawing of the view for the
    terminal's width (the others' part in brief unless `everything`), what next."""
    game = answer["game"]
    title = Text.assemble(
        (game["title"], "bold"),
        " · game ",
        (game["id"], ID_STYLE),
        f" · version {answer['version']} · {game['status']}",
    )
    console.print(title, seats_line(answer), sep="\n", soft_wrap=False)  # wrapped at spaces
    if game.get("fixed_by_creator"):
        warning = fixed_by_creator_text(game["fixed_by_creator"])
        console.print(Text(warning, style="bold yellow"), soft_wrap=False)
    console.print()
    engine = engine_for(game["type"])
    if answer["view"] is None:
        drawn = "Nothing is dealt until every seat is taken."
    elif engine:
        drawn = engine.render_view(
            answer["view"],
            player_names(game["seats"]),
            width=console.width,
            compact=not everything,
        )
    else:
        drawn = json.dumps(answer["view"], indent=2)
    console.print(highlight(drawn.rstrip("\n")))
    console.print()
    console.print(next_step(answer), soft_wrap=False)
    for line in deadlines(answer):
        console.print(line, markup=False, highlight=False)


def deadlines(answer: dict[str, Any]) -> list[str]:
    """Each running move clock of a game, its deadline in my zone, mine first; and with a
    time bank, everyone's bank."""
    clocks = answer.get("clocks") or []
    me = answer["seat"]
    lines = [
        clock_text.deadline(
            "Your" if clock["seat"] == me else f"{clock['name']}'s",
            moment(clock["due"]),
            clock["left_seconds"],
        )
        for clock in sorted(clocks, key=lambda clock: clock["seat"] != me)
        if clock["running"]
    ]
    configured = answer["game"]["clock"] or {}
    if "time_bank" in configured and clocks:
        left = [("you" if c["seat"] == me else c["name"], c["left_seconds"]) for c in clocks]
        lines.append(clock_text.banks(configured["time_bank"], configured["increment"], left))
    return lines


def moment(iso: str | None) -> datetime | None:
    """A time the server gave in ISO 8601, in the zone (my own) it gave it in."""
    return None if iso is None else datetime.fromisoformat(iso)


def seats_line(answer: dict[str, Any]) -> Text:
    """Who sits where, with seat numbers: a Livingstone board marks tents by seat."""
    game, me = answer["game"], answer["seat"]
    parts = []
    for seat in game["seats"]:
        index = seat["seat"]
        part = Text(f"seat {index}: ", style="dim")
        if index in answer["to_act"]:
            part.append(f"{TURN} ", style="bold green")
        part.append(seat["name"] or "(open)", style="bold" if index == me else "")
        if index == me:
            part.append(" (you)")
        elif seat["name"] and not seat["joined"]:
            part.append(" (invited)", style="dim")
        parts.append(part)
    return Text("   ").join(parts)


def next_step(answer: dict[str, Any]) -> Text:
    """The one line that says what happens now, and which command moves things on."""
    game = answer["game"]
    if game["status"] == "finished":
        return result_line(game)
    if game["status"] == "cancelled":
        return Text("Cancelled before it started.")
    if game["status"] == "open":
        if answer["seat"] is None:
            return Text(
                f"You are invited: turnpost join {game['id']} (or turnpost decline {game['id']})",
                style="bold",
            )
        waiting_for = sum(not seat["joined"] for seat in game["seats"])
        return Text(f"Waiting for {waiting_for} more player(s) to join.")
    if answer["your_turn"]:
        count = len(answer["legal_moves"])
        return Text.assemble(
            (f"{TURN} Your turn", "bold green"),
            f": {count} legal moves (turnpost moves {game['id']})",
        )
    names = seat_names(game, answer["seat"])
    return Text("Waiting for " + seats_named(answer["to_act"], names) + ".")


def result_line(game: dict[str, Any]) -> Text:
    result = game["result"] or {}
    names = seat_names(game, None)
    scores = result.get("scores", [])
    winners = [names[seat] for seat in result.get("winners", [])]
    line = Text("Finished. Scores: ")
    line.append(" · ".join(f"{names[seat]} {score}" for seat, score in enumerate(scores)))
    label = "Winner" if len(winners) == 1 else "Shared win"
    line.append(f"   ★ {label}: {', '.join(winners)}", style="bold yellow")
    return line


def applied(console: Console, answer: dict[str, Any]) -> None:
    """What a move just did, as the log will tell it."""
    engine = engine_for(answer["game"]["type"])
    names = player_names(answer["game"]["seats"])
    for event in answer.get("applied", []):
        console.print(highlight(engine.render_event(event, names) if engine else json.dumps(event)))
    untried = answer.get("untried")
    if untried:
        console.print(Text(f"Not tried: {untried['message']}.", style="yellow"))


NO_GAMES = {
    None: "No games yet. Start one: turnpost new lost-cities --invite NAME",
    "waiting": "No game is waiting on you.",
    "active": "No active games.",
    "open": "No open games.",
    "finished": "No finished games.",
}
"""What an empty list says, by the kind of game asked for (`turnpost games --mine KIND`)."""


def game_list(
    console: Console, games: Sequence[dict[str, Any]], now: float, mine: str | None = None
) -> None:
    """My games as the server orders them (waiting on me first), one line each; `mine` is the
    kind asked for, if any."""
    if not games:
        console.print(NO_GAMES[mine])
        return
    rows = [
        (
            game["id"],
            game["type"],
            opponents(game["seats"], game["seat"]),
            standing(game),
            since(game, now) + due_line(game) + held_notice(game, now),
        )
        for game in games
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for game, (game_id, type_id, others, where, when) in zip(games, rows, strict=True):
        console.print(
            Text.assemble(
                (game_id.ljust(widths[0]), ID_STYLE),
                "  ",
                type_id.ljust(widths[1]),
                "  ",
                others.ljust(widths[2]),
                "  ",
                (where.ljust(widths[3]), "bold green" if game["waiting_on_you"] else ""),
                "  ",
                (when, "dim"),
            )
        )
    if any(clock["running"] for game in games for clock in game.get("clocks") or ()):
        console.print(
            Text(
                "Deadlines count only the mover's waking time (quiet hours and vacations stop "
                f"clocks), {clock_text.NO_VACATION}.",
                "dim",
            )
        )


def lobby(console: Console, games: Sequence[dict[str, Any]], now: float) -> None:
    """The public games with a seat free, one block each: what, who (and where), how fast."""
    if not games:
        console.print("No public game has a seat free. Start one: turnpost new TYPE --public")
        return
    for game in games:
        clock = game["clock"]
        pace = f"{duration(clock['move_time'])} per move" if clock else "no move clock"
        console.print(
            Text.assemble(
                (game["id"], ID_STYLE),
                f"  {game['type']}  {game['free_seats']} of {len(game['seats'])} seats free"
                f"  {pace}  opened {duration(now - game['created'])} ago",
            )
        )
        players = ", ".join(f"{p['name']} ({p['timezone']})" for p in game["players"])
        console.print(f"    players: {players}", markup=False)
        options = " ".join(f"{k}={json.dumps(v)}" for k, v in game["options"].items())
        console.print(f"    options: {options}", markup=False)


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


def history(console: Console, answer: dict[str, Any]) -> None:
    """A player's records by game type, then their finished games, latest first."""
    console.print(Text(answer["name"], style="bold"))
    if not answer["records"]:
        console.print("No finished games yet.")
    for type_id, standing in answer["records"].items():
        line = f"  {type_id}: {record_text(standing)}; {rating_text(standing)}"
        console.print(line, markup=False)
    for game in answer["games"]:
        when = datetime.fromtimestamp(game["finished"]).strftime("%Y-%m-%d")
        scores = " · ".join(f"{name} {score}" for name, score in game["scores"].items())
        outcome = "won" if game["won"] else "lost"
        others = ", ".join(map(str, game["opponents"]))
        line = f"  {when}  {game['type']}  {outcome}  with {others}  ({scores})"
        console.print(Text.assemble((game["id"], ID_STYLE), line))


def leaderboard(console: Console, answer: dict[str, Any]) -> None:
    if not answer["players"]:
        console.print(f"No rated {answer['type']} game has finished yet.")
    for ranked in answer["players"]:
        console.print(
            f"{ranked['rank']:>3}. {ranked['name']:<20} {rating_text(ranked)}  "
            f"{record_text(ranked)}",
            markup=False,
        )


def opponents(seats: Sequence[dict[str, Any]], me: int | None) -> str:
    """Who else sits at the table, joined or invited (open seats are counted by `standing`)."""
    others = [seat["name"] for seat in seats if seat["seat"] != me]
    named = [name for name in others if name]
    return "with " + ", ".join(named) if named else "with no one yet"


def standing(game: dict[str, Any]) -> str:
    """Where a listed game stands, from my side of the table."""
    names = seat_names(game, game["seat"])
    if game["status"] == "cancelled":
        return "cancelled"
    if game["status"] == "finished":
        winners = (game["result"] or {}).get("winners", [])
        return "finished, won by " + seats_named(winners, names)
    if game["status"] == "open":
        if game["invited"]:
            return f"{TURN} invited: turnpost join {game['id']}"
        joined = sum(seat["joined"] for seat in game["seats"])
        return f"open, {joined} of {len(game['seats'])} seats taken"
    turn = seats_named(game["to_act"], names)
    return f"{TURN} your turn" if turn == "you" else f"turn: {turn}"


def since(game: dict[str, Any], now: float) -> str:
    """How long the game has waited on whoever must act (or since it last changed)."""
    age = duration(now - game["updated"])
    return f"waiting {age}" if game["status"] == "active" else f"{age} ago"


def due_line(game: dict[str, Any]) -> str:
    """When the clock of whoever must act runs out (the first, if several), in my zone."""
    running = [clock for clock in game.get("clocks") or () if clock["running"]]
    clocks = sorted(running, key=lambda clock: clock["seat"] != game["seat"])
    if not clocks:
        return ""
    first = clocks[0]
    whose = "" if first["seat"] == game["seat"] else f"{first['name']} "
    return f"; {whose}{clock_text.due(moment(first['due']), first['left_seconds'])}"


def held_notice(game: dict[str, Any], now: float) -> str:
    """A notice to me about the game that my quiet hours or digest hold."""
    held = game.get("notice_held_until")
    return f"; notice held, goes out {release(held, now)}" if held else ""


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def log_lines(
    console: Console,
    answer: dict[str, Any],
    entries: Sequence[dict[str, Any]],
    messages: Sequence[dict[str, Any]] = (),
) -> None:
    """The history, one line per entry: version, when, and what happened as the engine tells
    it (which names who did it); each message said at the table after the entry it followed."""
    said = list(messages)
    for entry in entries:
        while said and said[0]["version"] < entry["version"]:
            talk_line(console, said.pop(0))
        when = datetime.fromtimestamp(entry["at"]).strftime("%Y-%m-%d %H:%M")
        console.print(Text(f"{entry['version']:>4}  {when}  ", "dim") + highlight(entry["text"]))
    for message in said:
        talk_line(console, message)
    if not entries and not messages:
        console.print("Nothing has happened yet.")


def talk_line(console: Console, message: dict[str, Any]) -> None:
    """A message said at the table: who, when, and the text as typed (no markup read in it)."""
    when = datetime.fromtimestamp(message["at"]).strftime("%Y-%m-%d %H:%M")
    console.print(
        Text.assemble(
            ("   »  ", "dim"),
            (when, "dim"),
            "  ",
            (f"{message['name']}: ", "bold"),
            message["text"].replace("\n", "\n" + " " * 8),
        )
    )


def game_types(console: Console, types: Sequence[dict[str, Any]]) -> None:
    """Each type with its options written the way `turnpost new` takes them."""
    for described in types:
        low, high = described["min_players"], described["max_players"]
        players = f"{low} players" if low == high else f"{low} to {high} players"
        console.print(
            Text.assemble((described["id"], ID_STYLE), f"  {described['title']}, {players}")
        )
        for option in described["options"]:
            default = option["default"]
            shown = default if isinstance(default, str) else json.dumps(default)
            choices = option.get("choices")
            among = f" (one of {', '.join(map(str, choices))})" if choices else ""
            console.print(
                f"    --option {option['name']}={shown}  {option['description']}{among}",
                markup=False,
            )


def game_rules(console: Console, described: dict[str, Any]) -> None:
    """A game's guide at the terminal's width, but no wider than a page reads well."""
    console.print(highlight(guide_text(described, min(console.width, WIDTH))))


def verification(console: Console, report: Verification) -> None:
    for check in report.checks:
        mark, style = ("✔", "bold green") if check.passed else ("✘", "bold red")
        console.print(Text.assemble((f"{mark} {check.name}", style), f": {check.detail}"))
    for note in report.notes:
        console.print(Text(note, style="yellow"))
    if report.ok:
        console.print(Text("The server played this game fairly.", style="bold green"))
    else:
        console.print(Text("This game does NOT check out.", style="bold red"))


def profile(console: Console, me: dict[str, Any], now: float) -> None:
    """One's profile: who, where mail goes, when it may and what is held, and the vacation."""
    away = me["vacation"]
    if away["on"]:
        until = datetime.fromtimestamp(away["until"]).strftime("%Y-%m-%d %H:%M")
        vacation = f"on, until {until} at the latest"
    else:
        vacation = "off"
    rows = [
        ("name", me["name"]),
        ("email", me["email"]),
        ("time zone", me["timezone"]),
        ("quiet hours", quiet_hours(me)),
        ("mail", "a daily digest" if me["digest"] else "every turn"),
        ("held mail", held_mail(me, now)),
        ("vacation", f"{vacation} ({away['days_left']:g} days left this year)"),
    ]
    for label, value in rows:
        console.print(f"{label + ':':13}{value}", markup=False, highlight=False)


def registered(console: Console, me: dict[str, Any], now: float) -> None:
    """After registering: the quiet hours one has from the start, and whether they hold mail."""
    console.print(f"Your quiet hours: {quiet_hours(me)}.", markup=False, highlight=False)
    console.print(f"Held mail: {held_mail(me, now)}.", markup=False, highlight=False)
    console.print(
        "Change them with: turnpost me --timezone ZONE --quiet-hours HH:MM-HH:MM (or none)",
        markup=False,
        highlight=False,
    )


def quiet_hours(me: dict[str, Any]) -> str:
    if me["quiet_hours"] == "none":
        return "none"
    return f"{me['quiet_hours']} in {me['timezone']}, no mail then"


def held_mail(me: dict[str, Any], now: float) -> str:
    """What the server holds for me and when it goes out (see `mail` in GET /me)."""
    mail = me["mail"]
    count = mail["held_count"]
    if count:
        notices = "1 notice" if count == 1 else f"{count} notices"
        return f"{notices} held, going out {release(mail['next_release'], now)}"
    if mail["held_now"]:
        why = "a daily digest" if me["digest"] else "quiet hours now"
        return f"none yet; {why}: mail goes out {release(mail['next_release'], now)}"
    return "none; mail goes out as it comes"


def release(moment: str, now: float) -> str:
    """When held mail goes out, in the time (and zone) the server gave: the player's own."""
    at = datetime.fromisoformat(moment)
    if at.timestamp() <= now:
        return "at the worker's next check"
    return at.strftime("%a %d %b %H:%M %z")
