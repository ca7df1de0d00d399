"""Views and log events as plain text, in the words of the notation (`c3r2`, `blue`, `lion`)
and the reader's words for everything else (`shared.words`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.engine import JSON, Event, seat_name, seats_named
from shared.games.livingstone.data import CARD_NAMES, STEAMER_BACK
from shared.legend import Key, key_line
from shared.words import ENGLISH, LATER, Sentence, Words

CELL = 5
STEAMER = "S"
EXCLUDED = "EXCLUDED"
VP = LATER.gettext("VP")
"""Victory points, as a number's unit (`12 VP`)."""
BONUS = LATER.gettext("bonus")
KEYS = (
    Key("01", "0 1", LATER.gettext("tents of [0] and [1]")),
    Key("3t", "", LATER.gettext("3 tents")),
    Key(STEAMER, STEAMER, LATER.gettext("steamer: tents go in its column")),
    Key("VP", "VP", LATER.gettext("per tent"), LATER.gettext("row")),
    Key("bonus", "bonus", LATER.gettext("to its majority at the end"), LATER.gettext("row")),
    Key("donated 2x", "donated 2x", LATER.gettext("2 donations, amounts secret")),
    Key("chest", "chest", LATER.gettext("your donations")),
    Key(EXCLUDED, EXCLUDED, LATER.gettext("donated least: cannot win")),
)
"""What the board's symbols and the players' words mean (`shared.legend`): the text's key and
the board's legend. The symbols that are words (`VP`, `bonus`, `chest`) are said in the
reader's words by `keys`."""
PARTS: tuple[tuple[str, Sentence], ...] = (
    ("tents", LATER.gettext("tents")),
    ("animals_played", LATER.gettext("animals played")),
    ("market", LATER.gettext("market")),
    ("majorities", LATER.gettext("majorities")),
    ("gems", LATER.gettext("gems")),
    ("animals_in_hand", LATER.gettext("animals in hand")),
)
"""A final score's parts, as the result names them and as a person reads them."""
STONES = {
    "clear": LATER.gettext("clear"),
    "blue": LATER.gettext("blue"),
    "red": LATER.gettext("red"),
    "black": LATER.gettext("black"),
    "white": LATER.gettext("white"),
}
ENDED = {
    "rounds": LATER.gettext("the steamer reached the falls"),
    "resignation": LATER.gettext("all but one resigned"),
}
"""Why a game ended (`result["ended_by"]`), as people read it."""


def keys(words: Words) -> tuple[Key, ...]:
    """KEYS with the symbols that are words in the reader's words."""
    said = {
        "VP": VP.said(words),
        "bonus": BONUS.said(words),
        "donated 2x": words.gettext("donated %(count)dx", count=2),
        "chest": words.gettext("chest"),
        EXCLUDED: excluded(words),
    }
    return tuple(
        key._replace(text=said.get(key.text, key.text), board=said.get(key.board, key.board))
        for key in KEYS
    )


def excluded(words: Words) -> str:
    """The mark of a player who donated least, in capitals as the key shows it."""
    return words.gettext("EXCLUDED")


def _cell(owners: list[int]) -> str:
    """A field's tents as the owners' seat numbers, e.g. `001`; crowded fields as a count."""
    text = "".join(map(str, owners)) or "."
    return (text if len(text) < CELL else f"{len(owners)}t").rjust(CELL)


def stones_text(counts: Mapping[str, int], words: Words) -> str:
    shown = [f"{STONES[colour].said(words)} {count}" for colour, count in counts.items()]
    return ", ".join(shown) or words.gettext("none")


def render_board(view: Mapping[str, JSON], words: Words = ENGLISH) -> list[str]:
    columns = range(view["columns"])
    rows = range(len(view["row_points"]), 0, -1)
    labels = {row: words.gettext("row %(row)d", row=row) for row in rows}
    river, cost = words.gettext("river"), words.gettext("cost")
    lead = max(map(len, [*labels.values(), river, cost]))
    vp, bonus = VP.said(words), BONUS.said(words)
    heads = "".join(f"c{column + 1}".rjust(CELL) for column in columns)
    lines = [" " * lead + heads + f" {vp:>5} {bonus:>5}".rstrip()]
    for row in rows:
        cells = "".join(_cell(view["tents"][column][row - 1]) for column in columns)
        points, majority = view["row_points"][row - 1], view["majority"][row - 1]
        lines.append(f"{labels[row]:<{lead}}{cells} {points:>5} {majority:>5}")
    water = "".join(
        (STEAMER if column + 1 == view["steamer"] else "~").rjust(CELL) for column in columns
    )
    lines.append(f"{river:<{lead}}{water}")
    lines.append(f"{cost:<{lead}}" + "".join(str(c).rjust(CELL) for c in view["costs"]))
    return lines


def _player_line(
    player: Mapping[str, JSON], view: Mapping[str, JSON], names: Sequence[str], words: Words
) -> str:
    """Led by the seat number in brackets, the mark of the player's tents on the board."""
    seat = player["seat"]
    name = seat_name(seat, names, words)
    if seat == view["you"]:
        name = words.gettext("%(name)s (you)", name=name)
    line = words.gettext(
        "[%(seat)d] %(name)s: %(points)d VP, gems %(gems)s, %(tents)s, %(cards)s, donated "
        "%(donations)dx",
        seat=seat,
        name=name,
        points=player["points"],
        gems=stones_text(player["gems"], words),
        tents=words.ngettext("%(num)d tent left", "%(num)d tents left", player["tents_left"]),
        cards=words.ngettext("%(num)d card", "%(num)d cards", player["cards"]),
        donations=player["donations"],
    )
    if "thalers" in player:
        line = words.gettext(
            "%(line)s; thalers %(thalers)d, chest %(chest)d, hand: %(hand)s",
            line=line,
            thalers=player["thalers"],
            chest=player["donated"],
            hand=cards_text(player["hand"], words),
        )
    if player["resigned"]:
        line = words.gettext("%(line)s (resigned)", line=line)
    turn = view["turn"]
    if turn is not None and turn["seat"] == seat:
        line = words.gettext("%(line)s  <- to move", line=line)
    return line


def turn_line(turn: Mapping[str, JSON], names: Sequence[str], words: Words) -> str:
    pending = [
        said
        for key, said in (
            (
                "extra_dice",
                words.ngettext("%(num)d extra die", "%(num)d extra dice", turn["extra_dice"]),
            ),
            (
                "free_tents",
                words.ngettext("%(num)d free tent", "%(num)d free tents", turn["free_tents"]),
            ),
            (
                "any_row_tents",
                words.ngettext(
                    "%(num)d any-row tent", "%(num)d any-row tents", turn["any_row_tents"]
                ),
            ),
        )
        if turn[key]
    ]
    if turn["market_open"]:
        pending.append(words.gettext("market open"))
    if back := turn.get("sold_to_bag"):
        pending.append(
            words.gettext(
                "white stone out: selling %(stones)s puts them back into the bag",
                stones=stones_text(back, words),
            )
        )
    line = words.gettext(
        "To move: %(name)s, dice used %(dice)s",
        name=seat_name(turn["seat"], names, words),
        dice=turn["dice_taken"],
    )
    return f"{line}; {', '.join(pending)}" if pending else line


def result_lines(result: Mapping[str, JSON], names: Sequence[str], words: Words) -> list[str]:
    ended = result["ended_by"]
    reason = ENDED[ended].said(words) if ended in ENDED else ended
    lines = [words.gettext("Game over (%(reason)s).", reason=reason)]
    if result["donation_threshold"] is not None:
        lines.append(
            words.gettext(
                "Donation threshold rolled: %(threshold)d",
                threshold=result["donation_threshold"],
            )
        )
    for seat, part in enumerate(result["breakdown"]):
        detail = ", ".join(
            f"{said.said(words)} {part[key]}" for key, said in PARTS if part[key]
        ) or words.gettext("none")
        line = words.gettext(
            "%(name)s: %(total)d VP (%(detail)s), donated %(donation)d",
            name=seat_name(seat, names, words),
            total=part["total"],
            detail=detail,
            donation=part["donation"],
        )
        if part["excluded"]:
            line += f" {excluded(words)}"
        if part["resigned"]:
            line = words.gettext("%(line)s (resigned)", line=line)
        lines.append(line)
    if result["everyone_excluded"]:
        return [*lines, words.gettext("Everyone fell short on donations: nobody wins.")]
    winners = seats_named(result["winners"], names, words)
    return [*lines, words.gettext("Winner: %(names)s", names=winners)]


def heading(view: Mapping[str, JSON], words: Words = ENGLISH) -> str:
    """The round and where tents go: the first line of the text and of the HTML board."""
    values = {"round": view["round"]}
    if view["steamer"] is None:
        return words.gettext(
            "Livingstone, round %(round)d: the steamer has reached the falls", **values
        )
    column = view["steamer"]
    values |= {"column": column, "cost": view["costs"][column - 1]}
    if view["steamer_back"]:
        return words.gettext(
            "Livingstone, round %(round)d: tents go in column %(column)d (cost %(cost)d, "
            "steamer back this round)",
            **values,
        )
    return words.gettext(
        "Livingstone, round %(round)d: tents go in column %(column)d (cost %(cost)d)", **values
    )


def dice_line(view: Mapping[str, JSON], names: Sequence[str], words: Words) -> str:
    taken = ", ".join(f"{seat_name(seat, names, words)} {pips}" for seat, pips in view["taken"])
    return words.gettext(
        "Dice left: %(dice)s; taken: %(taken)s; start player: %(start)s",
        dice=" ".join(map(str, view["dice"])) or words.gettext("none"),
        taken=taken or words.gettext("none"),
        start=seat_name(view["start_player"], names, words),
    )


def card_name(card: str, words: Words) -> str:
    """An action card's name as its rulebook prints it, in the reader's words."""
    return CARD_NAMES[card].said(words)


def cards_text(cards: Sequence[str], words: Words) -> str:
    return ", ".join(card_name(card, words) for card in cards) or words.gettext("none")


def view_lines(
    view: Mapping[str, JSON], names: Sequence[str], compact: bool, words: Words
) -> list[str]:
    """The board, the dice, the stones and a line per player: the others' lines are short
    already, so `compact` leaves it whole."""
    lines = [heading(view, words), *render_board(view, words), dice_line(view, names, words)]
    lines.append(
        words.gettext(
            "Bag: %(bag)s; set aside: %(aside)s; deck: %(deck)s; played: %(played)s",
            bag=words.ngettext("%(num)d stone", "%(num)d stones", view["bag"]),
            aside=stones_text(view["set_aside"], words),
            deck=words.ngettext("%(num)d card", "%(num)d cards", view["deck"]),
            played=cards_text(view["played"], words),
        )
    )
    lines.extend(_player_line(player, view, names, words) for player in view["players"])
    if view["turn"] is not None:
        lines.append(turn_line(view["turn"], names, words))
    if view["result"] is not None:
        lines.extend(result_lines(view["result"], names, words))
    lines.append(key_line(keys(words), words))
    return lines


def _take_text(event: Event, names: Sequence[str], words: Words) -> str:
    use, die = event["use"], event["die"]
    if use == "thalers":
        return words.ngettext(
            "takes a %(die)d for thalers: +%(num)d thaler",
            "takes a %(die)d for thalers: +%(num)d thalers",
            event["thalers"],
            die=die,
        )
    if use == "tent":
        return words.gettext(
            "takes a %(die)d for a tent: %(tent)s", die=die, tent=_tent_text(event, names, words)
        )
    if use == "mine":
        return words.gettext(
            "takes a %(die)d for the mine: %(mine)s", die=die, mine=_mine_text(event, words)
        )
    return words.gettext("takes a %(die)d for a card", die=die) + _card_text(event, names, words)


def _tent_text(event: Event, names: Sequence[str], words: Words) -> str:
    field = f"c{event['column']}r{event['row']}"
    if "from" in event:
        moved = f"c{event['from'][0]}r{event['from'][1]}"
        text = words.gettext(
            "tent on %(field)s (moved from %(moved)s), cost %(cost)d",
            field=field,
            moved=moved,
            cost=event["cost"],
        )
    else:
        text = words.gettext("tent on %(field)s, cost %(cost)d", field=field, cost=event["cost"])
    if fees := event.get("fees"):
        text = words.gettext(
            "%(text)s, 1 thaler each to %(names)s",
            text=text,
            names=seats_named(fees, names, words),
        )
    return text


def _mine_text(event: Event, words: Words) -> str:
    text = words.gettext("drew %(stones)s", stones=stones_text(event["drawn"], words))
    if "returned" in event:
        text = words.gettext(
            "%(text)s; white stone: back into the bag: %(stones)s",
            text=text,
            stones=stones_text(event["returned"], words),
        )
    return text


def _card_text(event: Event, names: Sequence[str], words: Words) -> str:
    text = words.gettext(" (deck reshuffled)") if event.get("reshuffled") else ""
    if collapses := event.get("collapses"):
        lost = "; ".join(
            f"{seat_name(int(seat), names, words)} {stones_text(gems, words)}"
            for seat, gems in event["lost"].items()
        )
        text += words.gettext(
            "; MINE COLLAPSE x%(count)d, stones back to the bag: %(lost)s",
            count=collapses,
            lost=lost or words.gettext("none"),
        )
    if stack := event.get("new_stack"):
        text += words.ngettext(
            "; the collapse shuffled into a stack of %(num)d card under the deck",
            "; the collapse shuffled into a stack of %(num)d cards under the deck",
            stack,
        )
    if "card" in event:
        if event["card"]:
            text += words.gettext("; drew %(card)s", card=card_name(event["card"], words))
        else:
            text += words.gettext("; drew no card")
    return text


def _play_text(event: Event, names: Sequence[str], words: Words) -> str:
    card = card_name(event["card"], words)
    if "points" in event:
        return words.gettext("plays %(card)s: +%(points)d VP", card=card, points=event["points"])
    if "thalers" in event:
        return words.ngettext(
            "plays %(card)s: +%(num)d thaler",
            "plays %(card)s: +%(num)d thalers",
            event["thalers"],
            card=card,
        )
    if "row" in event:
        return words.gettext(
            "plays %(card)s: %(tent)s", card=card, tent=_tent_text(event, names, words)
        )
    if "drawn" in event:
        return words.gettext("plays %(card)s: %(mine)s", card=card, mine=_mine_text(event, words))
    if event["card"] == STEAMER_BACK:
        return words.gettext(
            "plays %(card)s: tents go in column %(column)d this round",
            card=card,
            column=event["column"],
        )
    return words.gettext("plays %(card)s", card=card)


def _consequences(event: Event, names: Sequence[str], words: Words) -> str:
    """What a step set off after it: the next player, or the round's end, or the game's."""
    text = ""
    if "scored" in event:
        scored = event["scored"]
        points = ", ".join(
            f"{seat_name(seat, names, words)} +{vp}" for seat, vp in enumerate(scored["points"])
        )
        text += words.gettext(
            "; column %(column)d scored: %(points)s", column=scored["column"], points=points
        )
    if "round" in event:
        new = event["round"]
        text += words.gettext(
            "; round %(number)d in column %(column)d: %(name)s rolls %(dice)s",
            number=new["number"],
            column=new["column"],
            name=seat_name(new["start"], names, words),
            dice=" ".join(map(str, new["dice"])),
        )
    if "next" in event:
        text += words.gettext("; %(name)s to move", name=seat_name(event["next"], names, words))
    if event.get("game_over"):
        text += words.gettext("; game over")
    return text


def _sell_text(event: Event, words: Words) -> str:
    values = {"gem": STONES[event["gem"]].said(words)}
    if "points" in event:
        text = words.ngettext(
            "sells a %(gem)s gem for %(num)d thaler and %(points)d VP at market",
            "sells a %(gem)s gem for %(num)d thalers and %(points)d VP at market",
            event["thalers"],
            points=event["points"],
            **values,
        )
    else:
        text = words.ngettext(
            "sells a %(gem)s gem for %(num)d thaler",
            "sells a %(gem)s gem for %(num)d thalers",
            event["thalers"],
            **values,
        )
    if "to" not in event:
        return text
    if event["to"] == "bag":
        return words.gettext("%(text)s, back into the bag", text=text)
    return words.gettext("%(text)s, set aside", text=text)


def render_event(event: Event, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    action = event["action"]
    if action == "take":
        text = _take_text(event, names, words)
    elif action == "sell":
        text = _sell_text(event, words)
    elif action == "donate":
        text = (
            words.ngettext("donates %(num)d thaler", "donates %(num)d thalers", event["amount"])
            if "amount" in event
            else words.gettext("donates")
        )
    elif action == "play":
        text = _play_text(event, names, words)
    elif action == "end":
        text = words.gettext("ends the turn")
    else:
        text = words.gettext("resigns")
    line = words.gettext(
        "%(name)s %(action)s", name=seat_name(event["seat"], names, words), action=text
    )
    return line + _consequences(event, names, words)
