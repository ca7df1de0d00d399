"""Views and log events as plain text, in the words of the notation (`c3r2`, `blue`, `lion`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.engine import JSON, Event, seat_name, seats_named
from shared.legend import Key, key_line
from shared.text import WIDTH, wrapped
from shared.words import ENGLISH, Words

CELL = 5
STEAMER = "S"
EXCLUDED = "EXCLUDED"
KEYS = (
    Key("01", "0 1", "tents of [0] and [1]"),
    Key("3t", "", "3 tents"),
    Key(STEAMER, STEAMER, "steamer: tents go in its column"),
    Key("VP", "VP", "per tent", "row"),
    Key("bonus", "bonus", "to its majority at the end", "row"),
    Key("donated 2x", "donated 2x", "2 donations, amounts secret"),
    Key("chest", "chest", "your donations"),
    Key(EXCLUDED, EXCLUDED, "donated least: cannot win"),
)
"""What the board's symbols and the players' words mean (`shared.legend`): the text's key and
the board's legend."""
PARTS = (
    ("tents", "tents"),
    ("animals_played", "animals played"),
    ("market", "market"),
    ("majorities", "majorities"),
    ("gems", "gems"),
    ("animals_in_hand", "animals in hand"),
)
"""A final score's parts, as the result names them and as a person reads them."""


def _cell(owners: list[int]) -> str:
    """A field's tents as the owners' seat numbers, e.g. `001`; crowded fields as a count."""
    text = "".join(map(str, owners)) or "."
    return (text if len(text) < CELL else f"{len(owners)}t").rjust(CELL)


def _stones(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{colour} {count}" for colour, count in counts.items()) or "none"


def render_board(view: Mapping[str, JSON]) -> list[str]:
    columns = range(view["columns"])
    lines = ["     " + "".join(f"c{column + 1}".rjust(CELL) for column in columns) + "    VP bonus"]
    for row in range(len(view["row_points"]), 0, -1):
        cells = "".join(_cell(view["tents"][column][row - 1]) for column in columns)
        points, bonus = view["row_points"][row - 1], view["majority"][row - 1]
        lines.append(f"row {row}{cells} {points:>5} {bonus:>5}")
    river = "".join(
        (STEAMER if column + 1 == view["steamer"] else "~").rjust(CELL) for column in columns
    )
    lines.append(f"river{river}")
    lines.append("cost " + "".join(str(cost).rjust(CELL) for cost in view["costs"]))
    return lines


def _player_line(player: Mapping[str, JSON], view: Mapping[str, JSON], names: Sequence[str]) -> str:
    """Led by the seat number in brackets, the mark of the player's tents on the board."""
    seat = player["seat"]
    you = " (you)" if seat == view["you"] else ""
    line = f"[{seat}] {seat_name(seat, names)}{you}: {player['points']} VP, "
    line += f"gems {_stones(player['gems'])}, {player['tents_left']} tents left, "
    line += f"{player['cards']} cards, donated {player['donations']}x"
    if "thalers" in player:
        hand = ", ".join(player["hand"]) or "none"
        line += f"; thalers {player['thalers']}, chest {player['donated']}, hand: {hand}"
    if player["resigned"]:
        line += " (resigned)"
    turn = view["turn"]
    if turn is not None and turn["seat"] == seat:
        line += "  <- to move"
    return line


def _turn_line(turn: Mapping[str, JSON], names: Sequence[str]) -> str:
    pending = [
        f"{turn[key]} {label}"
        for key, label in (
            ("extra_dice", "extra dice"),
            ("free_tents", "free tents"),
            ("any_row_tents", "any-row tents"),
        )
        if turn[key]
    ]
    if turn["market_open"]:
        pending.append("market open")
    if back := turn.get("sold_to_bag"):
        pending.append(f"white stone out: selling {_stones(back)} puts them back into the bag")
    taken = f"dice used {turn['dice_taken']}"
    return f"To move: {seat_name(turn['seat'], names)}, {taken}" + (
        f"; {', '.join(pending)}" if pending else ""
    )


def _result_lines(result: Mapping[str, JSON], names: Sequence[str]) -> list[str]:
    lines = [f"Game over ({result['ended_by']})."]
    if result["donation_threshold"] is not None:
        lines.append(f"Donation threshold rolled: {result['donation_threshold']}")
    for seat, part in enumerate(result["breakdown"]):
        detail = ", ".join(f"{words} {part[key]}" for key, words in PARTS if part[key]) or "none"
        flags = f" {EXCLUDED}" if part["excluded"] else ""
        flags += " resigned" if part["resigned"] else ""
        lines.append(
            f"{seat_name(seat, names)}: {part['total']} VP ({detail}), "
            f"donated {part['donation']}{flags}"
        )
    if result["everyone_excluded"]:
        return [*lines, "Everyone fell short on donations: nobody wins."]
    return [*lines, f"Winner: {seats_named(result['winners'], names)}"]


def heading(view: Mapping[str, JSON]) -> str:
    """The round and where tents go: the first line of the text and of the HTML board."""
    if view["steamer"] is None:
        where = "the steamer has reached the falls"
    else:
        back = ", steamer back this round" if view["steamer_back"] else ""
        cost = view["costs"][view["steamer"] - 1]
        where = f"tents go in column {view['steamer']} (cost {cost}{back})"
    return f"Livingstone, round {view['round']}: {where}"


def render_view(
    view: Mapping[str, JSON],
    names: Sequence[str] = (),
    width: int = WIDTH,
    compact: bool = False,
    words: Words = ENGLISH,
) -> str:
    """The board, the dice, the stones and a line per player: the others' lines are short
    already, so `compact` leaves it whole."""
    lines = [heading(view), *render_board(view)]
    taken = ", ".join(f"{seat_name(seat, names)} {pips}" for seat, pips in view["taken"])
    dice = " ".join(map(str, view["dice"])) or "none"
    lines.append(
        f"Dice left: {dice}; taken: {taken or 'none'}; "
        f"start player: {seat_name(view['start_player'], names)}"
    )
    played = ", ".join(view["played"]) or "none"
    lines.append(
        f"Bag: {view['bag']} stones; set aside: {_stones(view['set_aside'])}; "
        f"deck: {view['deck']} cards; played: {played}"
    )
    lines.extend(_player_line(player, view, names) for player in view["players"])
    if view["turn"] is not None:
        lines.append(_turn_line(view["turn"], names))
    if view["result"] is not None:
        lines.extend(_result_lines(view["result"], names))
    lines.append(key_line(KEYS))
    return "\n".join(wrapped(lines, width))


def _take_text(event: Event, names: Sequence[str]) -> str:
    use = event["use"]
    text = f"takes a {event['die']} for {use}"
    if use == "thalers":
        return f"{text}: +{event['thalers']} thalers"
    if use == "tent":
        return f"{text}: {_tent_text(event, names)}"
    if use == "mine":
        return f"{text}: {_mine_text(event)}"
    return text + _card_text(event, names)


def _tent_text(event: Event, names: Sequence[str]) -> str:
    text = f"tent on c{event['column']}r{event['row']}"
    if "from" in event:
        text += f" (moved from c{event['from'][0]}r{event['from'][1]})"
    text += f", cost {event['cost']}"
    if fees := event.get("fees"):
        text += ", 1 thaler each to " + seats_named(fees, names)
    return text


def _mine_text(event: Event) -> str:
    text = f"drew {_stones(event['drawn'])}"
    if "returned" in event:
        text += f"; white stone: back into the bag: {_stones(event['returned'])}"
    return text


def _card_text(event: Event, names: Sequence[str]) -> str:
    text = " (deck reshuffled)" if event.get("reshuffled") else ""
    if collapses := event.get("collapses"):
        lost = "; ".join(
            f"{seat_name(int(seat), names)} {_stones(gems)}" for seat, gems in event["lost"].items()
        )
        text += f"; MINE COLLAPSE x{collapses}, stones back to the bag: {lost or 'none'}"
    if stack := event.get("new_stack"):
        text += f"; the collapse shuffled into a stack of {stack} cards under the deck"
    if "card" in event:
        text += f"; drew {event['card'] or 'no card'}"
    return text


def _play_text(event: Event, names: Sequence[str]) -> str:
    text = f"plays {event['card']}"
    if "points" in event:
        text += f": +{event['points']} VP"
    if "thalers" in event:
        text += f": +{event['thalers']} thalers"
    if "row" in event:
        text += f": {_tent_text(event, names)}"
    elif "drawn" in event:
        text += f": {_mine_text(event)}"
    elif event["card"] == "steamer-back":
        text += f": tents go in column {event['column']} this round"
    return text


def _consequences(event: Event, names: Sequence[str]) -> str:
    """What a step set off after it: the next player, or the round's end, or the game's."""
    text = ""
    if "scored" in event:
        scored = event["scored"]
        points = ", ".join(
            f"{seat_name(seat, names)} +{vp}" for seat, vp in enumerate(scored["points"])
        )
        text += f"; column {scored['column']} scored: {points}"
    if "round" in event:
        new = event["round"]
        dice = " ".join(map(str, new["dice"]))
        text += (
            f"; round {new['number']} in column {new['column']}: "
            f"{seat_name(new['start'], names)} rolls {dice}"
        )
    if "next" in event:
        text += f"; {seat_name(event['next'], names)} to move"
    if event.get("game_over"):
        text += "; game over"
    return text


def render_event(event: Event, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    action = event["action"]
    if action == "take":
        text = _take_text(event, names)
    elif action == "sell":
        market = f" and {event['points']} VP at market" if "points" in event else ""
        text = f"sells a {event['gem']} gem for {event['thalers']} thalers{market}"
        if "to" in event:
            text += ", back into the bag" if event["to"] == "bag" else ", set aside"
    elif action == "donate":
        text = "donates" + (f" {event['amount']} thalers" if "amount" in event else "")
    elif action == "play":
        text = _play_text(event, names)
    else:
        text = {"end": "ends the turn", "resign": "resigns"}[action]
    return f"{seat_name(event['seat'], names)} {text}{_consequences(event, names)}"
