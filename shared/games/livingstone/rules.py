"""One step of a turn: check it against the rules and carry it out; and resigning.

Each step returns the new state and the full event. What only the mover may know (the card
drawn, the amount donated) goes under `secret`; everything else is public.
"""

from __future__ import annotations

from shared.engine import RESIGN, Event, IllegalMove
from shared.games.livingstone.cards import can_draw, draw_card, play_card
from shared.games.livingstone.data import (
    BANK_PRICE,
    CLEAR,
    DRAW_3_STONES,
    GEM_INDEX,
    MARKET_PRICE,
)
from shared.games.livingstone.moves import Action, Donate, Play, Sell, Take, decode
from shared.games.livingstone.rounds import drop_out, pass_turn
from shared.games.livingstone.state import Field, Outcome, State, Turn
from shared.games.livingstone.stones import draw_stones, sell_gem
from shared.games.livingstone.tents import place_tent, scored_fields, tent_price
from shared.immutable import replace_at, replaced
from shared.words import LATER


def apply_action(state: State, seat: int, action: Action) -> Outcome:
    """The state after `seat` takes this step of its turn, and the step's event."""
    turn = _running(state, seat)
    if turn.seat != seat:
        raise IllegalMove(
            "not_your_turn", LATER.gettext("it is %(seat)s's turn"), {"seat": turn.seat}
        )
    event: Event = {"seat": seat, "action": type(action).__name__.lower()}
    state, details = _turn_step(state, seat, turn, action)
    return _stepped(state), _ended({**event, **details}, state)


def resign(state: State, seat: int) -> Outcome:
    """`seat` leaves the game, in its turn or not."""
    _running(state, seat)
    if state.players[seat].resigned:
        raise IllegalMove("already_resigned", LATER.gettext("you have already resigned"))
    event: Event = {"seat": seat, "action": RESIGN["action"]}
    state, details = drop_out(state, seat)
    return _stepped(state), _ended({**event, **details}, state)


def _running(state: State, seat: int) -> Turn:
    """The turn under way, once the game runs and `seat` is one of its seats."""
    turn = state.turn
    if turn is None:
        raise IllegalMove("game_over", LATER.gettext("the game is over"))
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise IllegalMove(
            "no_such_seat",
            LATER.gettext("this game has seats 0 to %(value)s", value=len(state.players) - 1),
        )
    return turn


def reveals(state: State, move: object, after: State) -> bool:
    """Did this legal step bring chance into play: a card or stones drawn, or the round's end,
    which rolls the next round's dice (or, ending a two-player game, the donation threshold)?"""
    action = decode(move)
    drew = (isinstance(action, Take) and action.use in ("card", "mine")) or (
        isinstance(action, Play) and action.card == DRAW_3_STONES
    )
    return drew or after.round.number != state.round.number or after.threshold != state.threshold


def _turn_step(state: State, seat: int, turn: Turn, action: Action) -> Outcome:
    match action:
        case Take():
            return _take(state, seat, turn, action)
        case Sell():
            return _sell(state, seat, turn, action)
        case Donate():
            return _donate(state, seat, action)
        case Play():
            return _play(state, seat, action)
    if not turn.dice_taken:
        raise IllegalMove(
            "die_first", LATER.gettext("take a die and use it before you end your turn")
        )
    return pass_turn(state, seat)


def _ended(event: Event, state: State) -> Event:
    if state.over:
        event["game_over"] = True
    return event


def _stepped(state: State) -> State:
    return replaced(state, step=state.step + 1)


def _label(state: State, what: str) -> str:
    return f"{what}/{state.step}"


def _take(state: State, seat: int, turn: Turn, take: Take) -> Outcome:
    if not turn.may_take:
        raise IllegalMove(
            "die_already_taken",
            LATER.gettext(
                "you have taken your die this turn (Two Dice allows one more); end your turn"
            ),
        )
    dice = state.round.dice
    if take.die not in dice:
        left = ", ".join(map(str, sorted(set(dice)))) or "none"
        raise IllegalMove(
            "no_such_die",
            LATER.gettext("no die shows %(die)s; dice left: %(left)s", die=take.die, left=left),
        )
    last = state.round.last_die[seat]
    if take.die <= last:
        raise IllegalMove(
            "die_too_low",
            LATER.gettext(
                "you took a %(last)s this round: your next die must show more", last=last
            ),
        )
    if take.use != "tent" and (take.row is not None or take.source is not None):
        raise IllegalMove(
            "not_a_tent", LATER.gettext("a row or a tent to move goes only with `tent`")
        )
    if take.use == "card" and not can_draw(state):
        raise IllegalMove(
            "no_cards", LATER.gettext("no card is left to draw, nor any played to reshuffle")
        )
    state, turn = _die_taken(state, seat, turn, take.die)
    event: Event = {"die": take.die, "use": take.use}
    if take.use == "thalers":
        player = state.players[seat]
        state = state.with_player(seat, replaced(player, thalers=player.thalers + take.die))
        event["thalers"] = take.die
    elif take.use == "mine":
        state, drawn = draw_stones(state, seat, take.die, _label(state, "mine"))
        event.update(drawn)
    elif take.use == "card":
        state, public, card = draw_card(state, seat, _label(state, "deck"))
        event.update(public)
        event["secret"] = {str(seat): {"card": card}}
    else:
        state, placed = _place_with_die(state, seat, turn, take)
        event.update(placed)
    return state, event


def _die_taken(state: State, seat: int, turn: Turn, die: int) -> tuple[State, Turn]:
    """`seat` takes a die showing `die`: off the round's dice, into what the round has taken
    and as the seat's last die, and counted in its turn; before the die is used."""
    round_ = state.round
    remaining = list(round_.dice)
    remaining.remove(die)
    turn = replaced(turn, dice_taken=turn.dice_taken + 1)
    round_ = replaced(
        round_,
        dice=tuple(remaining),
        taken=(*round_.taken, (seat, die)),
        last_die=replace_at(round_.last_die, seat, die),
    )
    return replaced(state, round=round_, turn=turn), turn


def _tent_target(state: State, seat: int, turn: Turn, take: Take) -> Field:
    """The field a die's tent goes to, after checking the player may put one there."""
    if turn.any_row_tents:
        if take.row is None:
            raise IllegalMove(
                "row_needed",
                LATER.gettext(
                    "you may pick any row this time: name it, e.g. `take %(die)s tent row 5`",
                    die=take.die,
                ),
            )
        if not 1 <= take.row <= len(state.rules.row_points):
            raise IllegalMove(
                "no_such_row",
                LATER.gettext("rows are 1 to %(count)s", count=len(state.rules.row_points)),
            )
        row = take.row
    elif take.row is not None:
        raise IllegalMove(
            "row_is_the_die",
            LATER.gettext("the die's pips are the row; play Ignore Die Value to choose one"),
        )
    else:
        row = take.die
    _check_source(state, seat, take.source)
    field = (state.column, row)
    price = tent_price(state, seat, field, turn.free_tents > 0)
    if price > state.players[seat].thalers:
        raise IllegalMove(
            "cannot_pay",
            LATER.ngettext(
                "this tent costs %(num)d thaler with fees; you cannot pay that",
                "this tent costs %(num)d thalers with fees; you cannot pay that",
                price,
            ),
        )
    return field


def _check_source(state: State, seat: int, source: Field | None) -> None:
    if state.players[seat].tents_left:
        if source is not None:
            raise IllegalMove(
                "tents_left", LATER.gettext("you still have tents: place one of those")
            )
        return
    if len(state.players) != 2:
        raise IllegalMove("no_tents_left", LATER.gettext("you have placed all your tents"))
    if source is None:
        raise IllegalMove(
            "source_needed",
            LATER.gettext(
                "you have placed all your tents: name one to move from a scored column, e.g. "
                "`from c2r3`"
            ),
        )
    if source not in scored_fields(state, seat):
        raise IllegalMove(
            "not_your_scored_field",
            LATER.gettext("re-use only your own tent from a column already scored"),
        )


def _place_with_die(state: State, seat: int, turn: Turn, take: Take) -> Outcome:
    """A tent by die action, spending one pending free tent and one pending free row."""
    field = _tent_target(state, seat, turn, take)
    state, placed = place_tent(state, seat, field, turn.free_tents > 0, take.source)
    turn = replaced(
        turn, free_tents=max(turn.free_tents - 1, 0), any_row_tents=max(turn.any_row_tents - 1, 0)
    )
    return replaced(state, turn=turn), placed


def _sell(state: State, seat: int, turn: Turn, sell: Sell) -> Outcome:
    player = state.players[seat]
    gem = GEM_INDEX[sell.gem]
    if not player.gems[gem - CLEAR]:
        raise IllegalMove(
            "no_such_gem", LATER.gettext("you have no %(gem)s gem to sell", gem=sell.gem)
        )
    if sell.market and not turn.market_open:
        raise IllegalMove(
            "market_closed", LATER.gettext("play a Market card first to sell at market rates")
        )
    state, went = sell_gem(state, seat, gem)
    player = state.players[seat]
    if sell.market:
        price = MARKET_PRICE[sell.gem]
        player = replaced(
            player, thalers=player.thalers + price, market_points=player.market_points + price
        )
        event: Event = {"gem": sell.gem, "thalers": price, "points": price}
    else:
        price = BANK_PRICE[sell.gem]
        player = replaced(player, thalers=player.thalers + price)
        event = {"gem": sell.gem, "thalers": price}
    return state.with_player(seat, player), {**event, "to": went}


def _donate(state: State, seat: int, donate: Donate) -> Outcome:
    player = state.players[seat]
    if not 1 <= donate.amount <= player.thalers:
        raise IllegalMove(
            "bad_amount",
            LATER.ngettext(
                "you can donate 1 to %(num)d thaler (what you have)",
                "you can donate 1 to %(num)d thalers (what you have)",
                player.thalers,
            ),
        )
    player = replaced(
        player,
        thalers=player.thalers - donate.amount,
        donated=player.donated + donate.amount,
        donations=player.donations + 1,
        donated_at_most=player.thalers + player.donated,
    )
    return state.with_player(seat, player), {"secret": {str(seat): {"amount": donate.amount}}}


def _play(state: State, seat: int, play: Play) -> Outcome:
    state, details = play_card(state, seat, play, _label(state, "card"))
    return state, {"card": play.card, **details}
