"""The state of a Livingstone game, and dealing a new one: named tuples, so states are values
(replays compare, snapshots pickle) and changing one field is cheap, which random playouts do a
great deal.

Everything a rule needs is here, hidden parts included (thalers, donations, hands, deck order);
`view` decides what each seat sees. Columns and seats are 0-based; rows are 1..6 like the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from shared.chance import Chance
from shared.engine import JSON
from shared.games.livingstone.data import (
    BAG,
    DICE_PER_PLAYER,
    NO_STONES,
    ONE_SHUFFLE_VERSION,
    ROWS,
    START_THALERS,
    TENTS_PER_PLAYER,
)
from shared.games.livingstone.options import Rules
from shared.immutable import replace_at, replaced

Field = tuple[int, int]
"""(column, row): column 0-based, row 1..6."""

Outcome = tuple["State", dict[str, JSON]]
"""What a rule returns: the new state and what happened (the details of the step's event)."""

Tents = tuple[tuple[tuple[int, ...], ...], ...]
"""tents[column][row - 1]: the seats owning the tents on that field, in the order placed."""


class Player(NamedTuple):
    thalers: int = START_THALERS
    donated: int = 0
    donations: int = 0
    """How often this player donated: public, unlike the amount."""
    donated_at_most: int = 0
    """The most this player can have donated, as everyone can reckon it from the table: all of
    its money at its last donation, less every tent and fee it paid since (a tent is paid from
    the purse, so what is left there is at least nothing). Public, so `resample` keeps to it."""
    gems: tuple[int, int, int] = (0, 0, 0)
    """clear, blue, red held in front of the player."""
    hand: tuple[str, ...] = ()
    """Card ids, sorted, so equal hands are equal values."""
    tents_left: int = TENTS_PER_PLAYER
    tent_points: int = 0
    animal_points: int = 0
    market_points: int = 0
    resigned: bool = False

    @property
    def points(self) -> int:
        """VP scored so far (the track on the board); final scoring adds more."""
        return self.tent_points + self.animal_points + self.market_points


class Turn(NamedTuple):
    """The seat moving now and what its played cards left pending for the rest of its turn."""

    seat: int
    dice_taken: int = 0
    extra_dice: int = 0
    free_tents: int = 0
    any_row_tents: int = 0
    market_open: bool = False
    white_gems: tuple[int, int, int] | None = None
    """None until this player draws the white stone in this turn; then the gems drawn together
    with it that the player still holds (clear, blue, red), which the board's `white_stone`
    reading may need. Either way, the gems sold from then on may go back into the bag."""
    began: int = 0
    """The step at which this turn began: tells one turn from the next, also the same seat's."""

    @property
    def may_take(self) -> bool:
        return self.dice_taken < 1 + self.extra_dice


class Round(NamedTuple):
    number: int
    start: int
    dice: tuple[int, ...]
    """The dice still on the table, sorted."""
    taken: tuple[tuple[int, int], ...]
    """(seat, pips) in the order taken."""
    last_die: tuple[int, ...]
    """Per seat, the pips of its last die this round (0: none yet)."""
    steamer_back: bool = False

    def can_take(self, seat: int) -> bool:
        return bool(self.dice) and self.dice[-1] > self.last_die[seat]


class State(NamedTuple):
    seed: str
    rules: Rules
    players: tuple[Player, ...]
    tents: Tents
    steamer: int
    """The steamer's own column; `column` is where tents go this round."""
    round: Round
    turn: Turn | None
    """None once the game is over."""
    bag: tuple[int, ...]
    set_aside: tuple[int, ...]
    deck: tuple[str, ...]
    played: tuple[str, ...]
    version: int
    """The rules version the game is played by: the engine's `version` when it began."""
    step: int = 0
    """Moves applied so far: part of every chance label, so each draw is independent."""
    ended_by: str | None = None
    threshold: int | None = None
    """Two players: the dice sum a donation must reach, rolled when the game ends."""
    revisited: tuple[int, ...] = ()
    """The columns Steamer Back has taken the steamer back to, once per time."""
    stacks: tuple[tuple[str, ...], ...] = ()
    """The stacks in the deck made of played cards (when the deck ran out, and under it after a
    Mine Collapse), top first, each the cards it was made of, sorted: public, as the played
    cards were, so `resample` keeps them. The deck's last cards are the stacks but the first,
    whole; above them lie what is left of the first (all of the deck's cards but those, if
    fewer than it had: it is being drawn from) or cards from before any stack. A stack drawn
    to its end is dropped."""

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def column(self) -> int:
        return self.steamer - 1 if self.round.steamer_back else self.steamer

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, player in enumerate(self.players) if not player.resigned)

    def with_player(self, seat: int, player: Player) -> State:
        return replaced(self, players=replace_at(self.players, seat, player))


def first_player(players: int, seed: str) -> int:
    return Chance(seed, "start").below(players)


def roll_round(seed: str, number: int, start: int, players: int) -> Round:
    """The start player rolls every die in play; they lie sorted, as the rulebook asks."""
    chance = Chance(seed, f"roll/{number}")
    dice = tuple(sorted(chance.roll(6) for _ in range(DICE_PER_PLAYER * players)))
    return Round(number=number, start=start, dice=dice, taken=(), last_die=(0,) * players)


def shuffled_cards(chance: Chance, version: int, cards: Sequence[str]) -> tuple[str, ...]:
    """The cards in the order the game's rules version shuffles them (`ONE_SHUFFLE_VERSION`)."""
    if version >= ONE_SHUFFLE_VERSION:
        return tuple(chance.shuffled(cards))
    return tuple(chance.shuffled_by_position(cards))


def new_game(rules: Rules, players: int, seed: str, version: int) -> State:
    """The first round, rolled for the first player, and the deck shuffled by `version`'s
    rules."""
    start = first_player(players, seed)
    return State(
        seed=seed,
        rules=rules,
        players=(Player(),) * players,
        tents=(((),) * ROWS,) * rules.columns,
        steamer=0,
        round=roll_round(seed, 1, start, players),
        turn=Turn(start),
        bag=BAG,
        set_aside=NO_STONES,
        deck=shuffled_cards(Chance(seed, "deck"), version, rules.deck()),
        played=(),
        version=version,
    )
