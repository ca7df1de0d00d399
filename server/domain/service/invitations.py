"""Invitations a community can live with: whom a player takes them from, and how many one
player may send, have waiting on them, and games they may make in an hour.

A player takes invitations from anyone, from the players they have played a game with, or from
nobody (`Player.invitations`), and never from a player they block. An invitation they do not
take is refused in the same words whatever the reason, so the inviter learns only that it was
not taken, never that they are blocked. Then the counts: the invitations a player has sent that
are not yet answered, those waiting on a player's answer, and the games a player made in the
last hour are claimed before a game is written (`InvitationBook`, in one step per player) and
released as each invitation is answered, declined, called off or freed, which every change of a
game's seats says (`Inviting.answered`). A claim left by a request cut short is found out the
next time its player is at a limit: a claim whose game does not hold that invitation is
released then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from server.domain.errors import N_, TooMany, Unwelcome
from server.domain.games.loaded import CANCELLED, OPEN
from server.domain.games.record import GameRecord
from server.domain.players.player import NOBODY, PLAYED, Player
from server.domain.service.ports import (
    BlockList,
    Claimed,
    GameRecords,
    InvitationBook,
    Roster,
    Sending,
)

PLAYED_BATCH = 20
"""Games read at once in looking for one two players played together."""
GRACE_SECONDS = 60
"""How long a claim whose game is not yet written is taken for a request still under way."""


@dataclass(frozen=True)
class Limits:
    """How many invitations a player may have sent and not yet answered (`sent`), have waiting
    on their own answer (`waiting`), and how many games they may make in an hour (`per_hour`)."""

    sent: int = 50
    waiting: int = 100
    per_hour: int = 30


def invited(record: GameRecord | None) -> tuple[str, frozenset[str]]:
    """The game's inviter and the players whose invitation to it is open: the player who asked
    for a rematch, else its creator; none once it has started or was called off, or once the
    inviter has left it (their account deleted)."""
    if record is None or record.status != OPEN:
        return "", frozenset()
    inviter = record.asked_by or record.creator
    if record.seat_of(inviter) is None:
        return inviter, frozenset()
    invitees = frozenset(s.player for s in record.seats if s.player is not None and not s.joined)
    return inviter, invitees


@dataclass(frozen=True)
class Claim:
    """The invitations of a game about to be written, counted; given back if it is not."""

    book: InvitationBook
    inviter: str
    game_id: str
    invitees: tuple[str, ...]
    made: bool

    def give_back(self) -> None:
        self.book.release(self.inviter, self.game_id, self.invitees, self.made)


@dataclass(eq=False)
class Inviting:
    records: GameRecords
    players: Roster
    book: InvitationBook
    blocks: BlockList
    clock: Callable[[], float]
    limits: Limits

    def check(self, inviter: Player, invitees: Sequence[Player]) -> None:
        """Refuses the first invitee who takes no invitation from the inviter."""
        for invitee in invitees:
            if not self.takes(invitee, inviter):
                raise Unwelcome(
                    N_("%(name)s accepts no invitations from you"),
                    {"name": invitee.name},
                    values={"name": invitee.name},
                )

    def takes(self, invitee: Player, inviter: Player) -> bool:
        """Whether the invitee takes an invitation from the inviter."""
        if self.blocks.blocked_among(invitee.id, [inviter.id]):
            return False
        if invitee.invitations == NOBODY:
            return False
        return invitee.invitations != PLAYED or self.played(invitee.id, inviter.id)

    def played(self, player_id: str, other_id: str) -> bool:
        """Whether the two sat at a game together that started (their games read a few at a
        time, latest first, until one is found)."""
        shared = self.players.shared_games(player_id, other_id)
        for start in range(0, len(shared), PLAYED_BATCH):
            if any(
                record is not None
                and record.status not in (OPEN, CANCELLED)
                and record.seat_of(player_id) is not None
                and record.seat_of(other_id) is not None
                for record in self.records.records(shared[start : start + PLAYED_BATCH])
            ):
                return True
        return False

    def claim(self, record: GameRecord, made: bool) -> Claim:
        """Count the invitations of a game about to be written, and the game itself as one
        its inviter made if `made`; refused (and nothing counted) past a limit."""
        inviter, open_now = invited(record)
        invitees = tuple(sorted(open_now))
        limits, now = self.limits, self.clock()
        claim = Claim(self.book, inviter, record.id, invitees, made)
        for healed in (False, True):
            most = Sending(limits.sent, limits.per_hour if made else 0)
            full, wait = self.book.send(inviter, record.id, invitees, now, most)
            if full == "made":
                raise TooMany(
                    N_("you may make %(most)d games an hour; wait %(wait)d seconds"),
                    {"retry_after": wait, "limit": "games_per_hour", "most": limits.per_hour},
                    "too_many_games",
                    {"most": limits.per_hour, "wait": wait},
                )
            if not full:
                break
            if healed or not self._heal(self.book.sent(inviter), inviter=inviter):
                raise TooMany(
                    N_(
                        "you have %(most)d invitations waiting for an answer, the most you "
                        "may have; wait for answers or call a game off"
                    ),
                    {"limit": "invitations_sent", "most": limits.sent},
                    "too_many_invitations",
                    {"most": limits.sent},
                )
        for invitee in invitees:
            if not self._waits(invitee, record.id, inviter, now):
                claim.give_back()
                player = self.players.get(invitee)
                name = player.name if player else ""
                raise TooMany(
                    N_(
                        "%(name)s has %(most)d invitations waiting for an answer, the most a "
                        "player may have; invite them later"
                    ),
                    {"limit": "invitations_waiting", "most": limits.waiting, "name": name},
                    "invitee_has_too_many",
                    {"name": name, "most": limits.waiting},
                )
        return claim

    def _waits(self, invitee: str, game_id: str, inviter: str, now: float) -> bool:
        most = self.limits.waiting
        if self.book.wait(invitee, game_id, inviter, now, most):
            return True
        return self._heal(self.book.waiting(invitee), invitee=invitee) and self.book.wait(
            invitee, game_id, inviter, now, most
        )

    def _heal(self, claims: list[Claimed], inviter: str = "", invitee: str = "") -> bool:
        """Release the claims whose game does not hold their invitation (left by a request
        cut short, or from before counting began); whether there were any."""
        records = self.records.records([claim.game_id for claim in claims])
        now, stale = self.clock(), False
        for claim, record in zip(claims, records, strict=True):
            by, to = (inviter, claim.other) if inviter else (claim.other, invitee)
            if record is None and claim.claimed > now - GRACE_SECONDS:
                continue  # a game being made
            held_by, open_now = invited(record)
            if held_by != by or to not in open_now:
                self.book.release(by, claim.game_id, [to])
                stale = True
        return stale

    def answered(self, before: GameRecord, after: GameRecord) -> None:
        """Release the invitations a change of the game's seats closed."""
        inviter, was = invited(before)
        still_by, still = invited(after)
        gone = sorted(was - still if still_by == inviter else was)
        if gone:
            self.book.release(inviter, before.id, gone)
