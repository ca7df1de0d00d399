"""The objects every request uses, made once per app and shared by its threads."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from server.domain.games.talk_rules import Limits
from server.domain.service import invitations
from server.domain.service.facade import GameService
from server.settings import Config
from server.storage.games.clocks import Clocks
from server.storage.games.deadlines import Deadlines
from server.storage.games.game_log import LogOptions
from server.storage.games.game_store import RedisGameStore
from server.storage.games.safe_writes import confirmation
from server.storage.games.standings import Standings
from server.storage.games.watch import AskedLogins, GameWatch
from server.storage.hooks import Hooks
from server.storage.players.blocks import Blocks
from server.storage.players.calendars import Calendars
from server.storage.players.events import PlayerEvents
from server.storage.players.invitations import Invitations
from server.storage.players.login_links import LoginLinks
from server.storage.players.outbox import Outbox
from server.storage.players.profiles import Players
from server.storage.players.vacations import Vacations
from server.storage.players.wait_slots import WaitSlots
from server.storage.players.web_sessions import WebSessions
from server.storage.readiness import Readiness
from server.storage.redis_client import Client
from server.storage.secret import ServerSecret
from server.storage.waits import Waits


@dataclass(frozen=True)
class Services:
    config: Config
    redis: Client
    players: Players
    games: GameService
    vacations: Vacations
    deadlines: Deadlines
    calendars: Calendars
    hooks: Hooks
    outbox: Outbox
    clock: Callable[[], float]
    readiness: Readiness
    wait_slots: WaitSlots
    waits: Waits
    """The process's long polls, on one subscription (`server.storage.waits`)."""
    events: PlayerEvents
    """Each player's events, for their one wait (`server.storage.players.events`)."""
    standings: Standings
    secret: ServerSecret
    links: LoginLinks
    watch: GameWatch
    """The marks of changed games (`server.storage.games.watch`), which `games` sets."""
    logins: AskedLogins
    clocks: Clocks
    """The games' running move clocks, as the worker keeps them."""
    sessions: WebSessions
    blocks: Blocks
    """Whom each player blocks."""

    @classmethod
    def build(
        cls, config: Config, client: Client, clock: Callable[[], float] = time.time
    ) -> Services:
        players = Players(client)
        waits = Waits(client)
        events = PlayerEvents.configured(client, config)
        confirm = confirmation(config.wait_aof, config.wait_replicas)
        watch = GameWatch(client, clock)
        blocks = Blocks(client, config.blocks)
        games = GameService(
            RedisGameStore(client, LogOptions(confirm, waits, events, watch)),
            players,
            book=Invitations(client),
            blocks=blocks,
            invitation_limits=invitations.Limits(
                config.invitations_sent, config.invitations_waiting, config.games_per_hour
            ),
            snapshot_every=config.snapshot_every,
            cached_states=config.cached_states,
            clock=clock,
            listener=watch,
            talk_limits=Limits(per_window=config.talk_per_minute),
        )
        vacations = Vacations(client, players, config.vacation_days, clock)
        clocks = Clocks(client)
        secret = ServerSecret(config.secret, client)
        links = LoginLinks(secret, client, players, config.public_url, config.login_link_lifetime)
        return cls(
            config,
            client,
            players,
            games,
            vacations,
            Deadlines(clocks, players, vacations),
            Calendars(players),
            Hooks(client, config.webhook_loopback),
            Outbox(client),
            clock,
            Readiness(config.redis_url),
            WaitSlots(client, config.waits_per_player),
            waits,
            events,
            Standings(client, games, players),
            secret,
            links,
            watch,
            AskedLogins(client),
            clocks,
            WebSessions(client),
            blocks,
        )
