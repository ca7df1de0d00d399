"""A whole game of lost-cities played by email alone: every reply goes to the reply address of
the last answer its player got, and every move is taken from the legal moves that answer lists.
The replies are handled by what `mail-in` runs, in this process (`Table.handled`): the command
itself, its exit codes and its settings are tested in the folder's other modules."""

from __future__ import annotations

from email.message import EmailMessage

from tests.support.letters import Table, legal_moves_in, text_of


def test_a_whole_game_of_lost_cities_by_email(table: Table) -> None:
    # The game's first turn emails (the notification worker's) carry the first reply addresses.
    addresses = {seat: table.address(seat) for seat in (0, 1)}
    seat, moves, rounds = 0, 0, 0

    def send(body: str) -> EmailMessage:
        done = table.handled(seat, body, address=addresses[seat])
        assert done.status in ("played", "answered"), done
        answer = table.last_answer(seat)
        addresses[seat] = str(answer["Reply-To"])
        # each player's answers show that player's hand, never the other's
        hands = [table.hand(s) for s in (0, 1)]
        assert f"Your hand: {hands[seat]}\n" in text_of(answer)
        assert f"Your hand: {hands[1 - seat]}\n" not in text_of(answer)
        return answer

    while True:
        rounds += 1
        assert rounds < 500, "the game does not end"
        shown = send("show")
        if "The game is over" in text_of(shown):
            break
        legal = legal_moves_in(shown)
        if not legal:
            seat = 1 - seat
            continue
        move = next((m for m in legal if m.endswith("draw deck")), legal[0])
        played = send(move)
        assert text_of(played).startswith("Played: "), text_of(played)
        moves += 1
        if not legal_moves_in(played):
            seat = 1 - seat

    game = table.load()
    assert game.status == "finished"
    assert game.version == moves
    result = game.engine.result(game.state)
    assert result is not None
    names = {0: "ada", 1: "bo"}
    scores = " · ".join(f"{names[s]} {score}" for s, score in enumerate(result["scores"]))
    assert f"The game is over. Scores: {scores}." in text_of(shown)
    for recipients, _ in table.inbox.received:
        assert recipients in ([table.players[0].email], [table.players[1].email])
