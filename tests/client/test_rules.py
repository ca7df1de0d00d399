"""A newcomer at the terminal: `turnpost rules` for every game type, and `turnpost show` of
the fullest table fitting a 120 x 40 terminal (the others' sheets in brief, `--all` for
everything), no line wider than the terminal."""

from __future__ import annotations

import pytest

from shared.games import ENGINES
from shared.guide import guide_text
from tests.support.terminal import PlayerFactory, start_game

NAMES = ("ada", "bo", "cy", "di", "ed")


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_rules_print_the_guide_in_80_columns(player: PlayerFactory, type_id: str) -> None:
    newcomer = player("ada", register=False)
    shown = newcomer.ok("rules", type_id, COLUMNS="200")
    described = ENGINES[type_id].describe_rules()
    assert shown.rstrip("\n") == guide_text(described, 80)
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert newcomer.ok("rules", type_id, COLUMNS="60").split() == shown.split()
    assert newcomer.json("rules", type_id) == newcomer.json("rules", type_id) == described


def test_rules_of_a_type_this_client_does_not_know_are_asked_of_the_server(
    player: PlayerFactory,
) -> None:
    refused = player("ada", register=False).run("rules", "chess")
    assert refused.exit_code == 1
    assert "no game type chess" in refused.stderr and "lost-cities" in refused.stderr


def test_show_fits_a_terminal_at_the_most_players(player: PlayerFactory) -> None:
    engine = ENGINES["lost-cities-dice"]
    game_id, players = start_game(player, "lost-cities-dice", names=NAMES)
    ada = players[0]
    screen = ada.ok("show", game_id, COLUMNS="120").splitlines()
    assert len(screen) <= 40 and max(map(len, screen)) <= 120
    assert "Sheet of ada (you, 0 points)" in screen
    assert "Sheet of bo (0 points): no expedition begun; vases 0, dice 0" in screen
    assert all(len(line) <= 80 for line in ada.ok("show", game_id).splitlines())
    everything = ada.ok("show", game_id, "--all", COLUMNS="120")
    view = ada.json("show", game_id)["view"]
    assert engine.render_view(view, NAMES, width=120) in everything
    assert everything.count("\nbridge ") == len(NAMES)
