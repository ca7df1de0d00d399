"""Table talk said and read (what a message may be, and why it never moves the game: see
`server.domain.games.talk_rules`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.domain.errors import N_, KeyReused, TooMany
from server.domain.games import events as player_events
from server.domain.games import talk_rules as talk
from server.domain.games.loaded import Game
from server.domain.games.record import GameRecord
from server.domain.players.player import Player
from server.domain.service.hearing import heard
from server.domain.service.ports import BlockList, GameRecords, TableTalk


@dataclass(eq=False)
class Talking:
    records: GameRecords
    table_talk: TableTalk
    clock: Callable[[], float]
    limits: talk.Limits
    blocks: BlockList

    def say(
        self, player: Player, game_id: str, text: str, key: str | None = None
    ) -> tuple[GameRecord, int, dict[str, Any]]:
        """A message from the player to the game's table (`server.domain.games.talk_rules`): the
        game's record, the message's number and the message as stored; the game's version stays as
        it is. A resend under the same `key` is answered with the message it sent."""
        text = talk.checked(text)
        record = self.records.record(game_id)
        seat = talk.speaker(record, player.id)
        assert record is not None
        digest = talk.key_digest(player.id, key) if key else ""
        limits = self.limits
        said = self.table_talk.say(game_id, seat, text, int(self.clock()), digest, limits)
        if said.outcome == "throttled":
            raise TooMany(
                N_("you may send %(most)d messages in %(window)d seconds; wait %(wait)d seconds"),
                {"retry_after": said.value},
                "too_many_messages",
                {"most": limits.per_window, "window": limits.window, "wait": said.value},
            )
        if said.outcome == "full":
            raise TooMany(
                N_("this table has heard its %(most)d messages; no more can be kept"),
                code="talk_full",
                values={"most": limits.most},
            )
        assert said.message is not None
        if said.message["text"] != text:
            raise KeyReused(
                N_("this key was sent with another message; use a new key for a new one")
            )
        version = int(said.message["version"])
        blockers = self.blocks.blockers(player.id)
        self.table_talk.tell(
            player_events.of_talk(record, player.id, version, said.value, blockers)
        )
        return record, said.value, said.message

    def talk(self, game: Game, reader: str, since: int = 0) -> list[dict[str, Any] | None]:
        """The game's table talk after message number `since`, as stored, as `reader` hears
        it (`server.domain.service.hearing`)."""
        return heard(game.record, self.table_talk.talk(game.id, since), reader, self.blocks)

    def said_after(self, game_id: str, since: int) -> bool:
        """Whether anything was said at the game's table after message number `since` (a
        page's wait)."""
        return bool(self.table_talk.talk(game_id, since))

    def unsay(self, game_id: str, seat: int, text: str) -> None:
        """Every message said from `seat` replaced by `text` (its writer's account deleted)."""
        self.table_talk.unsay(game_id, seat, text)
