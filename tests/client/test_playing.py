"""Two people play a whole game from the command line alone, then check the server was fair."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from itertools import combinations

import pytest

from tests.support.terminal import REPO, Player, PlayerFactory, at_terminal, mover, start_game


def test_two_players_play_a_whole_game_and_verify_it(player: PlayerFactory) -> None:
    ada, bo = player("ada"), player("bo")
    created = ada.json("new", "lost-cities", "--invite", "bo", "--option", "rounds=1")
    game_id = created["game"]["id"]
    assert created["game"]["options"]["rounds"] == 1
    assert game_id in bo.ok("games")  # invited: the game is on bo's list before joining
    assert "seat 1" in bo.ok("join", game_id)

    rnd = random.Random(3)
    turns = 0
    said: list[str] = []
    while (current := mover([ada, bo], game_id)) is not None:
        if turns % 9 == 0:  # table talk along the way, at the speed of people
            said.append(f"{current.name}'s [bold]turn[/bold] {turns} <i>!</i>")
            assert current.json("say", game_id, said[-1])["message"]["text"] == said[-1]
        screen = current.ok("show", game_id)
        assert "Your turn" in screen and "Your hand:" in screen
        if said:
            assert said[-1] in screen  # the latest talk under the game, markup shown as typed
        legal = current.ok("moves", game_id).splitlines()
        assert legal and all(line.strip() for line in legal)
        # drawing from the deck keeps the game to its shortest: one turn per card in the deck
        after = current.ok("play", game_id, rnd.choice([m for m in legal if m.endswith("deck")]))
        assert f"game {game_id}" in after
        turns += 1
    assert turns > 20

    final = ada.json("show", game_id)["game"]
    assert final["status"] == "finished" and final["seed"] and final["result"]
    assert "Finished. Scores:" in bo.ok("show", game_id)
    history = ada.ok("log", game_id)
    assert all(f": {text}" in history for text in said)
    lines = history.splitlines()
    assert lines.index(next(line for line in lines if said[1] in line)) > 6  # in its place
    refused = ada.run("say", game_id, "x" * 501)
    assert refused.exit_code == 1 and "at most 500 characters" in refused.stderr
    report = bo.json("verify", game_id)
    assert report["ok"] is True
    assert [check["name"] for check in report["checks"]] == [
        "secret",
        "contributions",
        "seed",
        "log",
        "chain",
        "replay",
        "result",
    ]
    assert report["notes"] == []  # both sent their own contributions, and chance was not fixed
    assert report["replayed_result"] == final["result"]
    assert "played this game fairly" in ada.ok("verify", game_id)

    history = ada.json("log", game_id)
    assert len(history["entries"]) == history["version"] == turns
    logged = ada.ok("log", game_id).splitlines()
    begun = [line for line in logged if not line.startswith(" " * 8)]  # not a broken line's rest
    assert len(begun) == turns + len(said)

    finished = ada.run("wait", game_id)
    assert finished.exit_code == 4 and "Finished. Scores:" in finished.stdout
    refused = ada.run("play", game_id, legal[0])
    assert refused.exit_code == 1 and "this game is over" in refused.stderr


def test_wait_blocks_until_the_other_player_has_moved(player: PlayerFactory) -> None:
    game_id, players = start_game(player, "lost-cities", "--option", "rounds=1")
    first = next(p for p in players if p.json("show", game_id)["your_turn"])
    second = next(p for p in players if p is not first)
    assert first.run("wait", game_id).exit_code == 0  # already their turn: no waiting

    waiting = subprocess.Popen(
        [sys.executable, "-m", "client", "wait", game_id],
        cwd=REPO,
        env=second.process_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert waiting.stderr is not None
        assert waiting.stderr.readline() == f"Waiting for {first.name}.\n"  # so: not its turn
        first.ok("play", game_id, first.ok("moves", game_id).splitlines()[0])
        out, err = waiting.communicate(timeout=120)
    finally:
        waiting.kill()
    assert waiting.returncode == 0, err
    assert "Your turn" in out


POLL = 60
"""The `--poll` of a wait that must end sooner: an answer before it ran out is one that came
from a poll woken by the change, or from the wait's own timeout."""


def waiting_in_background(someone: Player, *args: str) -> subprocess.Popen[str]:
    """`turnpost wait ARGS` as a process of its own, once it has said what it waits for."""
    waiting = subprocess.Popen(
        [sys.executable, "-m", "client", "wait", *args],
        cwd=REPO,
        env=someone.process_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert waiting.stderr is not None
    assert waiting.stderr.readline()  # what it waits for: it is about to poll
    return waiting


def test_wait_on_an_open_game_ends_with_one_poll_when_it_starts_or_is_cancelled(
    player: PlayerFactory,
) -> None:
    """The start is a join, not a move: with a poll that heard only moves, `wait` slept out one
    poll and then another (two minutes with the default `--poll 60`). A cancelled game ends a
    waiting loop as a finished one does."""
    ada, bo = player("ada"), player("bo")
    for ending in ("join", "cancel"):
        created = ada.json("new", "lost-cities", "--invite", "bo", "--option", "first_player=0")
        game_id = created["game"]["id"]
        started = time.monotonic()
        waiting = waiting_in_background(ada, game_id, "--poll", str(POLL))
        try:
            (bo if ending == "join" else ada).ok(ending, game_id)
            out, err = waiting.communicate(timeout=120)
        finally:
            waiting.kill()
        assert time.monotonic() - started < POLL, "woken by the change, in its first poll"
        if ending == "join":
            assert waiting.returncode == 0 and "Your turn" in out, err
        else:
            assert waiting.returncode == 4 and "cancelled" in out.lower(), (out, err)


def test_resign_asks_at_a_terminal_and_needs_yes_elsewhere(player: PlayerFactory) -> None:
    game_id, (ada, _) = start_game(player, "lost-cities", "--option", "rounds=1")
    refused = ada.run("resign", game_id, "--json")
    assert refused.exit_code == 2
    assert json.loads(refused.stdout)["error"]["code"] == "confirmation_needed"
    assert "add --yes" in ada.run("resign", game_id).stderr
    declined = at_terminal(ada, "n", "resign", game_id[:6])
    assert f"Resign from Lost Cities {game_id} (with bo)? [y/N]" in declined
    assert "Not resigned." in declined
    assert ada.json("show", game_id)["game"]["status"] == "active"
    assert "Finished." in at_terminal(ada, "y", "resign", game_id)
    assert ada.json("show", game_id)["game"]["status"] == "finished"


@pytest.mark.parametrize(
    ("language", "yes", "asked"), [("pl", "tak", "[t/N]"), ("de", "j", "[j/N]")]
)
def test_the_question_before_resigning_is_answered_in_the_readers_words(
    player: PlayerFactory, language: str, yes: str, asked: str
) -> None:
    game_id, (ada, _) = start_game(player, "lost-cities", "--option", "rounds=1")
    ada.ok("me", "--language", language)
    declined = at_terminal(ada, "no", "resign", game_id)
    assert asked in declined and "[y/N]" not in declined and "Error" not in declined
    assert ada.json("show", game_id)["game"]["status"] == "active"
    at_terminal(ada, yes, "resign", game_id)
    assert ada.json("show", game_id)["game"]["status"] == "finished"


def test_wait_gives_up_after_its_timeout_with_exit_5(player: PlayerFactory) -> None:
    game_id, players = start_game(player, "lost-cities", "--option", "rounds=1")
    second = next(p for p in players if not p.json("show", game_id)["your_turn"])
    started = time.monotonic()
    gave_up = second.run("wait", game_id, "--timeout", "2", "--poll", str(POLL), "--json")
    assert 2 <= time.monotonic() - started < POLL  # at its timeout, not its poll's
    assert gave_up.exit_code == 5
    error = json.loads(gave_up.stdout)["error"]
    assert error["code"] == "timed_out" and error["details"]["version"] == 0
    assert "still not your turn after 0 s" in second.run("wait", game_id, "--timeout", "0").stderr


def test_a_game_id_can_be_shortened_to_a_unique_prefix(player: PlayerFactory) -> None:
    ada = player("ada")
    ids: list[str] = []
    while not (alike := [(a, b) for a, b in combinations(ids, 2) if a[0] == b[0]]):
        ids.append(ada.json("new", "lost-cities")["game"]["id"])  # 17 at most: 16 hex digits
    first = alike[0][0]
    unique = next(
        first[:n] for n in range(1, len(first)) if sum(i.startswith(first[:n]) for i in ids) == 1
    )
    assert ada.json("show", unique)["game"]["id"] == first
    ambiguous = ada.run("show", first[0])  # the start of second too
    assert ambiguous.exit_code == 1 and "type more of it" in ambiguous.stderr
    missing = ada.run("show", "no-such-game-at-all")
    assert missing.exit_code == 1 and "no such game" in missing.stderr


def test_a_new_game_has_a_seat_for_each_invited_player_unless_seats_are_given(
    player: PlayerFactory,
) -> None:
    ada, _, _ = player("ada"), player("bo"), player("cy")
    made = ada.json("new", "lost-cities-dice", "--invite", "bo", "--invite", "cy")["game"]
    assert [seat["name"] for seat in made["seats"]] == ["ada", "bo", "cy"]
    commas = ada.json("new", "lost-cities-dice", "--invite", "bo, cy")["game"]
    assert [seat["name"] for seat in commas["seats"]] == ["ada", "bo", "cy"]  # as the web form
    alone = ada.json("new", "lost-cities-dice")["game"]
    assert len(alone["seats"]) == 2  # the fewest the game takes
    open_seat = ada.json("new", "lost-cities-dice", "--seats", "3", "--invite", "bo")["game"]
    assert [seat["name"] for seat in open_seat["seats"]] == ["ada", "bo", None]
    refused = ada.run("new", "lost-cities-dice", "--seats", "2", "--invite", "bo", "--invite", "cy")
    assert refused.exit_code == 1
    assert refused.stderr.strip() == "2 seats cannot hold 3 players"


def test_bots_take_the_seats_given_to_them_and_the_game_starts_at_once(
    player: PlayerFactory,
) -> None:
    ada, _ = player("ada"), player("bo")
    made = ada.json("new", "lost-cities-dice", "--bot", "search", "--bot", "random")["game"]
    assert [(s["name"], s["bot"]) for s in made["seats"]] == [
        ("ada", None),
        ("bot 1 (search)", "search"),
        ("bot 2 (random)", "random"),
    ]
    assert made["status"] == "active" and made["rated"] is False
    assert "bot 1 (search)" in ada.ok("show", made["id"])
    beside = ada.json("new", "lost-cities-dice", "--invite", "bo", "--bot", "quick")["game"]
    assert beside["status"] == "open"
    refused = ada.run("new", "lost-cities", "--bot", "genius")
    assert refused.exit_code == 1
    assert refused.stderr.strip() == (
        "there is no bot level genius; the levels are random, quick, search"
    )
