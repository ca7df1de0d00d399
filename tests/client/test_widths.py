"""Every list screen and every command's help fits the terminal, 80 to 200 columns, in every
language the command line speaks (Polish and German words are longer): drawn for random
states, no line is wider than the terminal (but for a single word longer than it), and no word
is broken; a help text's sentences are wrapped by the terminal's width alone."""

from __future__ import annotations

import io
import string
from collections.abc import Callable
from datetime import datetime
from itertools import pairwise
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from client.cli import COMMANDS, app
from client.output import terminal
from client.screens.catalogue import game_types
from client.screens.game_list import game_list
from client.screens.lobby import public_games
from client.screens.log import log_lines
from client.screens.players import leaderboard, player_record
from client.screens.profile import blocked, profile
from client.words import loaded, speaking
from server.presenters.catalogue import game_type
from shared.games import ENGINES
from shared.games.lost_cities_dice import DEFAULT_SHEET
from shared.words import LANGUAGES
from tests.support.terminal import helps_in

WIDTHS = (80, 120, 200)
NOW = 1_800_000_000.0
ZONES = sorted(available_timezones())
TYPES = sorted(ENGINES)

Screen = Callable[[Console], None]

names = st.text(string.ascii_letters + string.digits + "._-", min_size=2, max_size=32)
game_ids = st.text("0123456789abcdef", min_size=24, max_size=24)
words = st.text(string.ascii_letters + string.digits + "(),.:;-'", min_size=1, max_size=14)
sentences = st.lists(words, min_size=1, max_size=40).map(" ".join)
moments = st.floats(NOW - 400 * 86400, NOW + 400 * 86400)
zones = st.sampled_from(ZONES)
big_values = st.dictionaries(names, st.lists(st.integers(-100, 100), max_size=9), max_size=8)
option_values = st.one_of(
    st.none(), st.integers(-5, 100), st.booleans(), names, big_values, st.lists(names, max_size=3)
)


def iso(moment: float, zone: str) -> str:
    return datetime.fromtimestamp(moment, ZoneInfo(zone)).isoformat()


def drawn(screen: Screen, width: int) -> str:
    written = io.StringIO()
    screen(terminal(file=written, width=width))
    return written.getvalue()


def assert_fits(screen: Screen) -> None:
    """In every language, at every width: each line fits (or is one word too long for any
    line), and the words are those of the screen drawn with no limit, none broken."""
    for language in LANGUAGES:
        with speaking(loaded(language)):
            unbroken = drawn(screen, 100_000).split()
            for width in WIDTHS:
                text = drawn(screen, width)
                for line in text.splitlines():
                    assert cell_len(line) <= width or len(line.split()) == 1, (language, line)
                assert text.split() == unbroken, (language, width)


@st.composite
def catalogue(draw: st.DrawFn) -> list[dict[str, Any]]:
    """The game types, some of their defaults and descriptions replaced by others."""
    described: list[dict[str, Any]] = [dict(game_type(ENGINES[type_id])) for type_id in TYPES]
    for entry in described:
        entry["options"] = [
            {
                **option,
                "default": draw(st.one_of(st.just(option["default"]), option_values)),
                "description": draw(st.one_of(st.just(option["description"]), sentences)),
            }
            for option in entry["options"]
        ]
    return draw(st.permutations(described))


@st.composite
def seats(draw: st.DrawFn, type_id: str) -> list[dict[str, Any]]:
    engine = ENGINES[type_id]
    count = draw(st.integers(engine.min_players, engine.max_players))
    return [
        {"seat": seat, "name": draw(st.none() | names), "joined": draw(st.booleans()), "bot": None}
        for seat in range(count)
    ]


@st.composite
def lobby_games(draw: st.DrawFn) -> list[dict[str, Any]]:
    games = []
    for _ in range(draw(st.integers(0, 6))):
        type_id = draw(st.sampled_from(TYPES))
        table = draw(seats(type_id))
        defaults = {option.name: option.default for option in ENGINES[type_id].options}
        options = {name: draw(st.just(value) | option_values) for name, value in defaults.items()}
        games.append(
            {
                "id": draw(game_ids),
                "type": type_id,
                "seats": table,
                "free_seats": draw(st.integers(1, len(table))),
                "clock": draw(st.none() | st.builds(dict, move_time=st.integers(600, 365 * 86400))),
                "created": draw(moments),
                "players": draw(st.lists(st.builds(dict, name=names, timezone=zones), max_size=5)),
                "options": options,
            }
        )
    return games


@st.composite
def my_games(draw: st.DrawFn) -> list[dict[str, Any]]:
    games = []
    zone = draw(zones)
    for _ in range(draw(st.integers(0, 8))):
        type_id = draw(st.sampled_from(TYPES))
        table = draw(seats(type_id))
        me = draw(st.sampled_from([seat["seat"] for seat in table]))
        clocks = [
            {
                "seat": seat["seat"],
                "name": seat["name"] or "",
                "due": draw(st.none() | moments.map(lambda moment: iso(moment, zone))),
                "left_seconds": draw(st.integers(0, 365 * 86400)),
                "running": draw(st.booleans()),
                "paused": draw(st.booleans()),
            }
            for seat in draw(st.lists(st.sampled_from(table), max_size=len(table)))
        ]
        games.append(
            {
                "id": draw(game_ids),
                "type": type_id,
                "seats": table,
                "seat": me,
                "status": draw(st.sampled_from(["open", "active", "finished", "cancelled"])),
                "invited": draw(st.booleans()),
                "waiting_on_you": draw(st.booleans()),
                "to_act": draw(st.lists(st.sampled_from(range(len(table))), unique=True)),
                "result": {"winners": draw(st.lists(st.sampled_from(range(len(table)))))},
                "updated": draw(moments),
                "clocks": clocks,
                "notice_held_until": draw(st.none() | moments.map(lambda m: iso(m, zone))),
            }
        )
    return games


standings: st.SearchStrategy[dict[str, Any]] = st.builds(
    dict,
    played=st.integers(0, 10**6),
    won=st.integers(0, 10**6),
    lost=st.integers(0, 10**6),
    resigned=st.integers(0, 10**6),
    timed_out=st.integers(0, 10**6),
    rating=st.none()
    | st.builds(dict, ordinal=st.floats(-99, 99), mu=st.floats(0, 99), sigma=st.floats(0, 99)),
)


@st.composite
def played(draw: st.DrawFn) -> dict[str, Any]:
    opponents = draw(st.lists(names, min_size=1, max_size=4))
    return {
        "id": draw(game_ids),
        "type": draw(st.sampled_from(TYPES)),
        "finished": draw(moments),
        "won": draw(st.booleans()),
        "opponents": opponents,
        "bot_accounts": draw(st.lists(st.sampled_from(opponents), unique=True)),
        "scores": draw(st.dictionaries(names, st.integers(-999, 999), max_size=5)),
    }


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    finished = draw(st.lists(played(), max_size=6))
    kinds = draw(st.lists(st.sampled_from(TYPES), unique=True))
    return {
        "name": draw(names),
        "bot_account": draw(st.booleans()),
        "records": {kind: draw(standings) for kind in kinds},
        "games": finished,
    }


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    ranked = draw(st.lists(standings, max_size=8))
    return {
        "type": draw(st.sampled_from(TYPES)),
        "players": [
            {**standing, "rank": rank, "name": draw(names), "bot_account": draw(st.booleans())}
            for rank, standing in enumerate(ranked, 1)
        ],
    }


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    count = draw(st.integers(0, 12))
    entries = [
        {"version": version, "at": draw(moments), "text": draw(sentences)}
        for version in range(1, count + 1)
    ]
    talk = st.lists(sentences, min_size=1, max_size=3).map("\n".join)
    messages = [
        {"version": version, "at": draw(moments), "name": draw(names), "text": draw(talk)}
        for version in sorted(draw(st.lists(st.integers(0, count), max_size=5)))
    ]
    return entries, messages


@st.composite
def profiles(draw: st.DrawFn) -> dict[str, Any]:
    zone = draw(zones)
    return {
        "name": draw(names),
        "email": draw(names) + "@" + draw(names) + ".example.org",
        "timezone": zone,
        "quiet_hours": draw(st.sampled_from(["none", "22:00-08:00", "23:30-06:15"])),
        "digest": draw(st.booleans()),
        "bot_account": draw(st.booleans()),
        "invitations": draw(st.sampled_from(["anyone", "played", "nobody"])),
        "mail": {
            "held_count": draw(st.integers(0, 200)),
            "held_now": draw(st.booleans()),
            "next_release": iso(draw(moments), zone),
        },
        "vacation": {
            "on": draw(st.booleans()),
            "until": draw(moments),
            "days_left": draw(st.floats(0, 60)),
        },
    }


SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(catalogue())
def test_the_game_types_fit(types: list[dict[str, Any]]) -> None:
    assert_fits(lambda console: game_types(console, types))


@SOME
@given(lobby_games())
def test_the_lobby_fits(games: list[dict[str, Any]]) -> None:
    assert_fits(lambda console: public_games(console, games, NOW))


@SOME
@given(my_games(), st.sampled_from([None, "waiting", "active", "open", "finished"]))
def test_my_games_fit(games: list[dict[str, Any]], mine: str | None) -> None:
    assert_fits(lambda console: game_list(console, games, NOW, mine))


@SOME
@given(records())
def test_a_players_record_fits(answer: dict[str, Any]) -> None:
    assert_fits(lambda console: player_record(console, answer))


@SOME
@given(boards())
def test_a_leaderboard_fits(answer: dict[str, Any]) -> None:
    assert_fits(lambda console: leaderboard(console, answer))


@SOME
@given(histories())
def test_a_log_and_its_talk_fit(drawn_log: tuple[list[Any], list[Any]]) -> None:
    entries, messages = drawn_log
    assert_fits(lambda console: log_lines(console, {}, entries, messages))


@SOME
@given(profiles())
def test_a_profile_fits(me: dict[str, Any]) -> None:
    assert_fits(lambda console: profile(console, me, NOW))


@SOME
@given(st.lists(names, max_size=60), names)
def test_the_players_one_blocks_fit(blocks: list[str], name: str) -> None:
    assert_fits(lambda console: blocked(console, {"blocked": blocks}, blocking=name))


def test_a_long_option_is_shown_briefly_and_in_full_as_json() -> None:
    dice: dict[str, Any] = dict(game_type(ENGINES["lost-cities-dice"]))
    text = drawn(lambda console: game_types(console, [dice]), 80)
    assert "--option sheet=JSON" in text and '"layout"' not in text
    assert "turnpost types --json shows it" in " ".join(text.split())
    assert "--option order=simultaneous" in text
    lobby: list[dict[str, Any]] = [
        {
            "id": "a" * 24,
            "type": "lost-cities-dice",
            "seats": [{"seat": 0, "name": "ada", "joined": True, "bot": None}],
            "free_seats": 1,
            "clock": None,
            "created": NOW - 60,
            "players": [{"name": "ada", "timezone": "Europe/Warsaw"}],
            "options": {option.name: option.default for option in ENGINES[dice["id"]].options},
        }
    ]
    shown = drawn(lambda console: public_games(console, lobby, NOW), 80)
    assert "options: the defaults" in shown and '"layout"' not in shown
    own_sheet = {**DEFAULT_SHEET, "circle_only": -40}
    lobby[0]["options"] = {**lobby[0]["options"], "sheet": own_sheet, "order": "clockwise"}
    shown = " ".join(drawn(lambda console: public_games(console, lobby, NOW), 80).split())
    changed = "options: sheet=…, order=clockwise; the others as by default"
    assert f"{changed} (in full: turnpost lobby --json)" in shown


def test_a_clock_paused_for_a_vacation_shows_no_deadline() -> None:
    due = iso(NOW + 86400, "Europe/Warsaw")
    seats_ = [{"seat": 0, "name": "ada", "joined": True}, {"seat": 1, "name": "bo", "joined": True}]
    game: dict[str, Any] = {
        "id": "b" * 24,
        "type": "lost-cities",
        "seats": seats_,
        "seat": 0,
        "status": "active",
        "invited": False,
        "waiting_on_you": True,
        "to_act": [0],
        "result": None,
        "updated": NOW - 3600,
        "clocks": [{"seat": 0, "name": "ada", "due": due, "left_seconds": 7200, "running": True}],
    }
    game["clocks"][0]["paused"] = True
    shown = " ".join(drawn(lambda console: game_list(console, [game], NOW), 200).split())
    assert "your clock is paused for your vacation, 2 h left" in shown
    assert "due" not in shown and "if no vacation is taken" not in shown
    game["clocks"][0]["paused"] = False
    shown = " ".join(drawn(lambda console: game_list(console, [game], NOW), 200).split())
    assert "due " in shown and "if no vacation is taken" in shown


def help_of(command: str, width: int) -> list[str]:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_commands_help_breaks_lines_only_where_the_terminal_ends(command: str) -> None:
    """In the help's prose (above its boxes of arguments and options) a line ends early only
    where a paragraph ends: the next word would not have fitted on it."""
    width = 80
    lines = help_of(command, width)
    boxes = next(index for index, line in enumerate(lines) if "╭" in line)
    prose = [line.strip() for line in lines[:boxes]]
    room = width - 2  # a space of margin on each side
    for line, after in pairwise(prose):
        if line and after:
            assert len(line) + 1 + len(after.split()[0]) > room, (command, line, after)
    assert any("Example: turnpost" in line for line in prose)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_every_help_fits_and_breaks_only_where_the_terminal_ends_in_polish_and_german(
    language: str,
) -> None:
    width = 80
    example = {"pl": "Przykład: turnpost", "de": "Beispiel: turnpost"}[language]
    for command, text in helps_in(language, width).items():
        lines = text.splitlines()
        assert all(cell_len(line) <= width for line in lines), (command, language)
        boxes = next(index for index, line in enumerate(lines) if "╭" in line)
        prose = [line.strip() for line in lines[:boxes]]
        for line, after in pairwise(prose):
            if line and after:
                assert len(line) + 1 + len(after.split()[0]) > width - 2, (command, line, after)
        assert command == "" or any(example in line for line in prose), (command, language)
