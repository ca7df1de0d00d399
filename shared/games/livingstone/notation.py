"""The text people type for one step of a turn.

    take 5 tent           take 5 thalers / card / mine
    take 2 tent row 5     (after Ignore Die Value or Expedition: any row)
    take 4 tent from c2r4 (two players, all tents placed: move one from column 2, row 4)
    sell blue             sell blue at market   (after playing Market)
    donate 3              play lion             play extra-tent c2r4
    end                   resign

A die is named by its pips, a field by column and row (`c2r4`). Case and spacing are free;
card names may use spaces or underscores for the hyphens. Several steps, separated by `;`, are
the business of `shared.batch`.
"""

from __future__ import annotations

import re

from shared.aliases import Aliases
from shared.engine import IllegalMove, Move
from shared.games.livingstone.data import CARDS, GEMS
from shared.games.livingstone.moves import (
    USES,
    Action,
    Donate,
    End,
    Play,
    Sell,
    Take,
    decode,
    encode,
)
from shared.games.livingstone.state import Field
from shared.numbers import DIGITS
from shared.words import LATER, Sentence

_FIELD = rf"c\s*({DIGITS}+)\s*r\s*({DIGITS}+)"
_TAKE = re.compile(
    rf"take\s*({DIGITS}+)\s*([a-z]+)(?:\s*row\s*({DIGITS}+))?(?:\s*from\s*{_FIELD})?"
)
_SELL = re.compile(r"sell\s*([a-z]+)(\s*(?:at\s*)?market)?")
_DONATE = re.compile(rf"donate\s*({DIGITS}+)")
_PLAY = re.compile(rf"play\s*([a-z0-9][a-z0-9 -]*?)(?:\s*{_FIELD})?")
_USE_WORDS = {"card": "card", "cards": "card", "thaler": "thalers", "thalers": "thalers"}
_CARD_WORDS = {
    "no-cost": "no-cost-tent",
    "ignore-die": "ignore-die-value",
    "draw-stones": "draw-3-stones",
    "take-thalers": "take-4-thalers",
}


WORDS = Aliases(
    {
        "take": {"pl": ("weź", "wybierz", "zabierz"), "de": ("nimm", "nehmen")},
        "tent": {"pl": ("namiot*",), "de": ("zelt*",)},
        "thalers": {"pl": ("talar*",), "de": ("taler*",)},
        "card": {"pl": ("kart*",), "de": ("karte*",)},
        "mine": {"pl": ("kopalni*",), "de": ("bergwerk*",)},
        "row": {"pl": ("rząd", "rzędzie", "rzęd*"), "de": ("reihe*",)},
        "from": {"pl": ("z", "ze"), "de": ("von", "aus")},
        "sell": {"pl": ("sprzedaj",), "de": ("verkaufe", "verkaufen")},
        "at": {"pl": ("na",), "de": ("auf", "am")},
        "market": {"pl": ("targowisk*",), "de": ("markt*",)},
        "donate": {"pl": ("datek", "wpłać", "ofiaruj"), "de": ("spende", "spenden")},
        "play": {"pl": ("zagraj",), "de": ("spiele", "spielen")},
        "end": {"pl": ("koniec", "zakończ*", "koniec tury"), "de": ("ende", "fertig", "beenden")},
        "resign": {"pl": ("poddaj się", "poddaję się", "poddaj*"), "de": ("aufgeben", "gib auf")},
        "clear": {"pl": ("przezroczyst*",), "de": ("klar*", "durchsichtig*")},
        "blue": {"pl": ("niebiesk*",), "de": ("blau*",)},
        "red": {"pl": ("czerwon*",), "de": ("rot", "rote*")},
        "lion": {"pl": ("lew", "lwa"), "de": ("löwe*", "loewe*")},
        "rhino": {"pl": ("nosoroż*",), "de": ("nashorn*",)},
        "antelope": {"pl": ("antylop*",), "de": ("antilope*",)},
        "no-cost-tent": {"pl": ("darmowy namiot",), "de": ("gratiszelt", "kostenloses zelt")},
        "two-dice": {"pl": ("dwie kości",), "de": ("zwei würfel",)},
        "ignore-die-value": {"pl": ("ignoruj oczka",), "de": ("augenzahl ignorieren",)},
        "extra-tent": {"pl": ("dodatkowy namiot",), "de": ("extrazelt", "zusätzliches zelt")},
        "steamer-back": {"pl": ("parowiec wstecz", "parowiec zawraca"), "de": ("dampfer zurück",)},
        "draw-3-stones": {"pl": ("trzy kamienie", "3 kamienie"), "de": ("drei steine", "3 steine")},
        "take-4-thalers": {"pl": ("bank",), "de": ("bank",)},
        "expedition": {"pl": ("ekspedycj*", "wyprawa"), "de": ("expedition",)},
    }
)
"""What Polish and German players may type for the notation's words (`shared.aliases`): the
actions, gems and cards as the Polish rulebook names them (`namiot`, `talary`, `targowisko`,
`lew`), and German words of the same things."""


def _bad(text: str, why: Sentence) -> IllegalMove:
    return IllegalMove(
        "bad_notation", LATER.gettext("cannot read '%(text)s': %(why)s", text=text, why=why)
    )


def _field(column: str | None, row: str | None) -> Field | None:
    return None if column is None or row is None else (int(column) - 1, int(row))


def parse_move(text: str) -> Move:
    if not isinstance(text, str):
        raise _bad(repr(text), LATER.gettext("a move is text"))
    plain = " ".join(WORDS.canonical(text).lower().replace("_", "-").split())
    if ";" in plain:
        raise _bad(text, LATER.gettext("that is several steps; send them as a batch"))
    return encode(_action(text, plain))


def _action(text: str, plain: str) -> Action | None:
    if plain in ("end", "end turn"):
        return End()
    if plain == "resign":
        return None
    if match := _DONATE.fullmatch(plain):
        return Donate(int(match[1]))
    if match := _SELL.fullmatch(plain):
        if match[1] not in GEMS:
            raise _bad(text, LATER.gettext("the gems are %(gems)s", gems=", ".join(GEMS)))
        return Sell(match[1], match[2] is not None)
    if match := _TAKE.fullmatch(plain):
        use = _USE_WORDS.get(match[2], match[2])
        if use not in USES:
            raise _bad(text, LATER.gettext("a die is used for %(uses)s", uses=", ".join(USES)))
        row = None if match[3] is None else int(match[3])
        return Take(int(match[1]), use, row, _field(match[4], match[5]))
    if match := _PLAY.fullmatch(plain):
        name = match[1].strip().replace(" ", "-")
        card = _CARD_WORDS.get(name, name)
        if card not in CARDS:
            raise _bad(text, LATER.gettext("the cards are %(cards)s", cards=", ".join(CARDS)))
        return Play(card, _field(match[2], match[3]))
    raise _bad(
        text,
        LATER.gettext("try e.g. `take 5 tent`, `sell blue`, `donate 2`, `play lion` or `end`"),
    )


def _field_text(field: Field) -> str:
    return f"c{field[0] + 1}r{field[1]}"


def format_move(move: Move) -> str:
    action = decode(move)
    match action:
        case Take():
            words = ["take", str(action.die), action.use]
            if action.row is not None:
                words += ["row", str(action.row)]
            if action.source is not None:
                words += ["from", _field_text(action.source)]
            return " ".join(words)
        case Sell():
            return f"sell {action.gem} at market" if action.market else f"sell {action.gem}"
        case Donate():
            return f"donate {action.amount}"
        case Play():
            at = "" if action.at is None else f" {_field_text(action.at)}"
            return f"play {action.card}{at}"
        case End():
            return "end"
    return "resign"
