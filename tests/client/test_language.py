"""The command line in the player's language: chosen from their setting, else the locale;
every word it prints of its own goes through its catalogs (a pseudo-language run over every
screen of random states of every game leaves no English unmarked); help in Polish and German;
the setting made with `register --language` and `me --language` and kept for every command."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from client.cli import app
from client.screens.profile import LANGUAGE_NAMES
from client.words import chosen, from_environment, speaking
from shared.games import ENGINES
from tests.support import languages
from tests.support.pseudo import PSEUDO, unmarked
from tests.support.terminal import Player, PlayerFactory, helps_in, run_in, start_game

WORD = re.compile(r"[A-Za-z][A-Za-z']+")
ADDRESS = re.compile(r"https?://\S+|\S+@\S+|\S*/\S*|\b[0-9a-f]{6,}\b")
"""Addresses, mail addresses, paths and ids (a game's, its short form, a fingerprint):
values, not words."""
NAMES = ("ada", "bo", "cy", "di", "ed")


def test_the_language_is_the_players_else_the_locales_else_english() -> None:
    assert chosen("de", {"LANG": "pl_PL.UTF-8"}) == "de"
    assert chosen(None, {"LANG": "pl_PL.UTF-8"}) == "pl"
    assert chosen("xx", {"LC_ALL": "de_AT.UTF-8", "LANG": "pl_PL.UTF-8"}) == "de"
    assert from_environment({"LC_MESSAGES": "de_DE@euro", "LANG": "pl_PL"}) == "de"
    assert from_environment({"LC_ALL": "", "LANG": "C.UTF-8"}) == "en"
    assert from_environment({"LANG": "fr_FR.UTF-8"}) == "en"
    assert from_environment({}) == "en"


@pytest.mark.parametrize("language", ["pl", "de"])
def test_help_speaks_polish_and_german(language: str) -> None:
    english, translated = helps_in("en", 100), helps_in(language, 100)
    titles = {"pl": ("Opcje", "Użycie:"), "de": ("Optionen", "Aufruf:")}[language]
    for command, text in translated.items():
        summary = english[command].split("\n\n")[0]  # the usage line, then the first sentence
        first = next(line.strip() for line in english[command].splitlines()[3:] if line.strip())
        assert first not in text, (command, language, first)
        assert all(title in text for title in titles), (command, summary)
        assert "Show this message and exit." not in text
        assert "Print the answer as JSON" not in text
        typers = ("Usage:", "Options", "Arguments", "Commands", "[default:", "[required]")
        assert not [word for word in typers if word in text], (command, text)
        labels = re.findall(r"<(str|int|float|bool|int range|float range|Path)>", text)
        assert not labels, (command, labels)


MISTAKES = {
    "a missing argument": ("show",),
    "an unknown option": ("show", "k3J9xQ", "--jsn"),
    "a bad choice": ("games", "--mine", "mien"),
    "not a number": ("wait", "--timeout", "soon"),
    "a number too small": ("wait", "--poll", "0"),
    "an option without its value": ("wait", "--timeout"),
    "a switch given a value": ("show", "k3J9xQ", "--json=yes"),
    "an argument too many": ("show", "k3J9xQ", "now", "please"),
    "an unknown command": ("shwo",),
}
"""Usage errors a person makes, which Typer finds before any command runs."""

OPENINGS = {
    "pl": {
        "a missing argument": "Brak argumentu 'GAME'.",
        "an unknown option": "Nie ma opcji --jsn. Czy chodziło o --json?",
        "a bad choice": "'mien' nie jest żadną z wartości 'waiting', 'active', 'open',",
        "not a number": "'soon' nie jest liczbą całkowitą.",
        "a number too small": "0 to mniej niż 1.",
        "an option without its value": "Opcja --timeout wymaga wartości.",
        "a switch given a value": "Opcja --json nie przyjmuje wartości.",
        "an argument too many": "Zbędne argumenty: now please.",
        "an unknown command": "Nie ma polecenia 'shwo'. Czy chodziło o 'show'",
    },
    "de": {
        "a missing argument": "Fehlendes Argument 'GAME'.",
        "an unknown option": "Unbekannte Option: --jsn. Meintest du --json?",
        "a bad choice": "'mien' ist keiner der Werte 'waiting', 'active', 'open',",
        "not a number": "'soon' ist keine ganze Zahl.",
        "a number too small": "0 ist kleiner als 1.",
        "an option without its value": "Die Option --timeout braucht einen Wert.",
        "a switch given a value": "Die Option --json nimmt keinen Wert.",
        "an argument too many": "Überzählige Argumente: now please.",
        "an unknown command": "Unbekannter Befehl: 'shwo'. Meintest du 'show'",
    },
}
"""The start of what each mistake is told, in Polish and German."""


@pytest.mark.parametrize("language", ["pl", "de"])
def test_usage_errors_speak_polish_and_german_within_80_columns(language: str) -> None:
    """Typer writes these itself, in English: the command line says them again in the
    reader's words (client/usage.py), above the usage line and where to find help."""
    heading = {"pl": ("Użycie:", "Pomoc:", "Błąd"), "de": ("Aufruf:", "Hilfe:", "Fehler")}
    for mistake, args in MISTAKES.items():
        done = run_in(language, 80, *args)
        heard = " ".join(done.stderr.replace("│", " ").split())
        assert done.returncode == 2, (mistake, done.stderr)
        assert OPENINGS[language][mistake] in heard, (mistake, done.stderr)
        assert all(word in heard for word in heading[language]), (mistake, done.stderr)
        assert max(cell_len(line) for line in done.stderr.splitlines()) <= 80, done.stderr


def test_usage_errors_in_a_pseudo_language_leave_no_english_unmarked(tmp_path: Path) -> None:
    """Every word of a usage error goes through the catalogs but what the person typed, the
    command's and the parameters' names and the usage line's notation."""
    notation = {"turnpost", "OPTIONS", "GAME", "COMMAND", "ARGS", "help", "json"}
    env = {"TURNPOST_CONFIG_DIR": str(tmp_path), "COLUMNS": "80"}
    with speaking(PSEUDO):
        for mistake, args in MISTAKES.items():
            result = CliRunner().invoke(app, list(args), env=env)
            typed = {word for arg in args for word in languages.WORD.findall(arg)}
            given = {"waiting", "active", "open", "finished", "moves", "me", "timeout"}
            left = set(languages.WORD.findall(unmarked(result.stderr))) - notation - typed - given
            assert result.exit_code == 2, (mistake, result.stderr)
            assert not left, (mistake, left, result.stderr)


def english_left(text: str, type_id: str, allowed: Iterable[str]) -> list[str]:
    """The words outside the pseudo-language's marks that are not names, ids, notation or
    other values the screen was given (`allowed`, split into words)."""
    known = {word for value in allowed for word in languages.WORD.findall(value)}
    return languages.english_left(ADDRESS.sub(" ", unmarked(text)), type_id, known)


def without(text: str, parts: Iterable[str]) -> str:
    """`text` with the parts the server wrote taken out (in its own catalogs' words, which
    the pseudo-language of this process does not reach): the log's lines, a game's title."""
    for part in sorted(parts, key=len, reverse=True):
        if part.strip():
            text = text.replace(part.rstrip("\n"), " ")
    return text


def printed(player: Player, *args: str) -> str:
    """stdout and stderr of a command, in the pseudo-language; any exit code."""
    result = player.run(*args)
    return result.stdout + result.stderr


def servers_parts(player: Player, game_id: str) -> list[str]:
    """The game's title and the log's entries, as the server wrote them."""
    seen = player.json("show", game_id)
    return [seen["game"]["title"], *(e["text"] for e in player.json("log", game_id)["entries"])]


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_screen_in_a_pseudo_language_leaves_no_english_unmarked(
    player: PlayerFactory, type_id: str
) -> None:
    """Random states of each game: every screen its players see, each word the command line
    writes of its own marked, and the engines' boards and events it draws. The server's texts
    are taken out first: the server's catalogs' (its refusals come in the caller's language)."""
    engine = ENGINES[type_id]
    rnd = random.Random(type_id)
    names = NAMES[: rnd.randint(engine.min_players, engine.max_players)]
    game_id, players = start_game(player, type_id, "--option", "move_time=3d", names=names)
    values = [*names, game_id, type_id, "turnpost", "UTC", "example.org"]
    values += ["--option", "JSON", "null", "true", "false"]  # the notation `new` takes
    values += LANGUAGE_NAMES.values()  # each language by its own name
    ada = players[0]
    with speaking(PSEUDO):
        for _turn in range(rnd.randrange(4, 12)):
            waiting = [p for p in players if p.json("show", game_id)["your_turn"]]
            if not waiting:
                break
            mover = rnd.choice(waiting)
            moves = mover.ok("moves", game_id).splitlines()
            move = rnd.choice(moves)
            out = printed(mover, "play", game_id, move)
            # what the move did, as the engine tells it, then the game as the client draws it
            drawn = out[out.index(ENGINES[type_id].title_in(PSEUDO) + " · ") :]
            left = english_left(
                without(drawn, [*servers_parts(mover, game_id), *moves]), type_id, values
            )
            assert not left, ("play", left, out)
        screens = {
            "show": printed(ada, "show", game_id),
            "show --all": printed(ada, "show", game_id, "--all"),
            "games": printed(ada, "games"),
            "games waiting": printed(ada, "games", "--mine", "waiting"),
            "log": printed(ada, "log", game_id),
            "lobby": printed(ada, "lobby"),
            "me": printed(ada, "me"),
            "calendar": printed(ada, "calendar"),
            "webhook": printed(ada, "webhook"),
            "next": printed(ada, "next"),
            "wait": printed(ada, "wait", game_id, "--timeout", "1"),
            "wait any": printed(ada, "wait", "--timeout", "1"),
            "moves": printed(ada, "moves", game_id),
            "config": printed(ada, "config"),
            "history": printed(ada, "history"),
            "verify": printed(ada, "verify", game_id),
            "resign unasked": printed(ada, "resign", game_id),
            "delete unasked": printed(ada, "delete-account", "--active-games", "resign"),
        }
        answer = ada.json("show", game_id)
        notation = [legal["text"] for legal in answer["legal_moves"]]
        server = servers_parts(ada, game_id)
        lobby = ada.json("lobby")["games"]
        server += [p["timezone"] for game in lobby for p in game["players"]]
        server += [game["type"] for game in lobby]
        for name, out in screens.items():
            left = english_left(without(out, [*server, *notation]), type_id, values + server)
            assert not left, (name, left, out)
        # a game type's list and a game's rules: the types' descriptions are the server's,
        # the guide the engines'
        types = printed(ada, "types")
        described = ada.json("types")
        heard = [t["title"] for t in described] + [
            f"{o['name']} {o['description']} {o['default']} {o.get('choices')}"
            for t in described
            for o in t["options"]
        ]
        heard += list(ENGINES)  # every type's id
        assert not english_left(without(types, heard), type_id, values + heard), types


def test_register_and_me_set_the_language_the_command_line_speaks(player: PlayerFactory) -> None:
    """Needs the server's `language` field of a player (`POST /players`, `PATCH /me`)."""
    ada = player("ada", register=False)
    assert "Zarejestrowano ada" in ada.ok(
        "register", "ada", "ada@example.org", "--language", "pl", LANG="de_DE.UTF-8"
    )
    assert ada.json("me")["language"] == "pl"
    assert "godziny ciszy:" in ada.ok("me", LANG="de_DE.UTF-8")  # the setting beats the locale
    assert "Ruhezeit:" in ada.ok("me", "--language", "de", LANG="pl_PL.UTF-8")
    assert "Noch keine Partien." in ada.ok("games", LANG="en_GB.UTF-8")
    assert "No games yet." in ada.ok("me", "--language", "en") + ada.ok("games")


def test_the_locale_speaks_while_no_language_is_saved(player: PlayerFactory) -> None:
    ada = player("ada", register=False)
    assert "es gibt noch kein Token" in ada.run("games", LANG="de_DE.UTF-8", LC_ALL="").stderr
    assert "nie ma jeszcze tokenu" in ada.run("games", LC_ALL="pl_PL.UTF-8").stderr
    assert "there is no token yet" in ada.run("games", LANG="fr_FR.UTF-8", LC_ALL="").stderr
