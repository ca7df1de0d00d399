"""The marks that tell the worker a game changed, so no change goes unannounced, and each job's
one place in the worker's queues.

`GameWatch.changing` marks the game in the sweep index *before* its log, meta or seats change.
The write itself announces the change on the game's channel, in the same script
(`server.storage.games.game_log`), and the worker turns each announcement it hears into a
planning job. The web process therefore pays one round trip (the mark) and never touches the job
queue. Login links asked for on the login page travel the same way: the address is marked in
`mail:logins` and announced on the channel of that name (`AskedLogins.ask`). An announcement
nobody heard is not lost: the mark stays until the worker has planned the change. A game's
planned-up-to version lives beside its log (`server.storage.games.mail_state`), so planning
twice finds nothing new the second time.

Every job but a webhook's post (whose hook holds its one job: `server.storage.hook_posts`) is
queued at most once per subject at a time: a plan per game, a flush per player, a bot's move and
a clock's check per game, one tick, one catch-up, one mailing of login links, one note per
switched-off hook. A sweep every few seconds had queued a job per marked game each time, 3,015
jobs for 246 games behind a load, and a tick 213 flushes of one player. The subject's place is
claimed before its job is queued (`Queues.claim`) and given back as the job starts
(`Queues.release`), before it reads anything, so a change made while it runs queues the next
one, which sees it.

What a game in play waits for never waits behind anyone's mail: its plan, its bot's move and its
clocks' checks are queued on `PLAY_QUEUE`, which every worker serves before the mail queue and
the play worker serves alone, so a slow SMTP server or one player's thousand invitations delay no
bot and no clock. A game's announcement says its status after the change
(`server.storage.games.game_log`), so the worker knows a game in play without reading it
(`in_play`); a plan waiting in the mail queue (an invitation's, say) gives way to an urgent one
when its game starts.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Self

import redis
from redis.cluster import RedisCluster
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job

from server.domain.games.loaded import ACTIVE
from server.settings import Config
from server.storage import keys
from server.storage.redis_client import Client, Pipe, as_text, connect, members

PLAY_QUEUE = "turnpost-play"
"""What games in play wait for: their plans, bots' moves and clocks' checks, and the ticks and
catch-ups that find them. Every worker takes from it first; the play worker takes from it alone."""
QUEUE = "turnpost"
"""The mail queue: deliveries and digests, plans of games not in play (invitations, open,
cancelled and finished games), login links, notes of hooks switched off."""
HOOK_QUEUE = "turnpost-hooks"
"""Webhook posts, apart: run by the hook worker, so a hook that never answers delays no mail,
bot or clock."""
CHANGED = "mail:games"
"""Sorted set: game id → when it was last marked as changing."""
ANNOUNCEMENTS = keys.game("*", "log")
"""The pattern of every game's channel."""
LOGINS = "mail:logins"
"""Sorted set: address → when a login link was asked for it; also the channel announcing it."""

KINDS = (
    "plan",
    "flush",
    "play_bot",
    "check_clock",
    "tick",
    "catch_up",
    "login_mail",
    "tell_hook_owner",
)
"""The kinds of job queued once per subject, each with a place of its own per subject (the job
is the worker's function of that name)."""
QUEUED = "mail:queued:"
"""`mail:queued:KIND:SUBJECT` (`mail:queued:KIND` for a job of no subject), in the queue's Redis:
the job of that kind for that subject that waits, as its queue's name and its id."""
QUEUED_FOR = 900
"""Seconds a subject's place is kept at most, so no place outlives its use (one whose job is lost
holds nothing back even before: `CLAIM`). A job that waits longer behind a backlog only lets a
second job in."""

# KEYS: a subject's place.  ARGV: the claim (queue and job), how long it is kept, how a claim
# already there begins if it is to stand ('': whatever it is), and where RQ keeps a job and a
# queue. A claim stands while its job waits in its queue, or is about to (its claimer queues it
# next: two workers' relays hear each announcement at once); one whose job a worker has taken
# (killed before the job gave its place back, say) holds nothing back.  Nil: it stands; '': the
# place is taken with nothing to take out; otherwise the claim taken over, its job waiting.
CLAIM = """
local held = redis.call('GET', KEYS[1])
if held then
  local space = string.find(held, ' ', 1, true)
  local queue, job = string.sub(held, 1, space - 1), string.sub(held, space + 1)
  local taken = redis.call('EXISTS', ARGV[4] .. job) == 1
  if taken and not redis.call('LPOS', ARGV[5] .. queue, job) then
    held = ''
  elseif string.sub(held, 1, #ARGV[3]) == ARGV[3] then
    return false
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return held or ''
"""

PLACE = "place"
"""The job's `meta` entry naming the place it holds."""

# KEYS: a subject's place.  ARGV: the claim giving it up.
GIVE_UP = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def queue_connection(config: Config, client: Client) -> redis.Redis:
    """TURNPOST_QUEUE_URL's Redis, else the service's own. RQ's steps span keys of several
    slots, so a Redis Cluster cannot hold the queue: refuse to start rather than lose jobs."""
    found = connect(config.queue_url) if config.queue_url else client
    if isinstance(found, RedisCluster):
        raise RuntimeError(
            "the mail worker's queue (RQ) cannot live on a Redis Cluster: set "
            "TURNPOST_QUEUE_URL to a Redis of its own (redis:// or redis+sentinel://)"
        )
    return found


def announced_game(channel: str) -> str:
    """The game whose channel (`ANNOUNCEMENTS`) an announcement was heard on."""
    return keys.game_of(channel)


def in_play(status: str | bytes | None) -> bool:
    """Whether a game of this status is in play, so its plan is urgent: its bots and clocks
    follow from it. (A status as a record or an announcement says it.)"""
    return status in (ACTIVE, ACTIVE.encode())


@dataclass(frozen=True)
class Place:
    """A subject's place, claimed for the job to be queued: the queue it is to wait in, its id,
    and the place's key."""

    queue: Queue
    job_id: str
    key: str

    @property
    def claim(self) -> str:
        """What the place holds while its job waits: the queue's name and the job's id."""
        return f"{self.queue.name} {self.job_id}"


@dataclass(frozen=True)
class Queues:
    """The worker's queues, and each subject's place in them (the worker queues its jobs in
    the places claimed here)."""

    play: Queue
    mail: Queue
    hooks: Queue

    @classmethod
    def on(cls, connection: redis.Redis) -> Self:
        made = (Queue(name, connection=connection) for name in (PLAY_QUEUE, QUEUE, HOOK_QUEUE))
        return cls(*made)

    @property
    def connection(self) -> redis.Redis:
        return self.mail.connection

    def all(self) -> tuple[Queue, Queue, Queue]:
        return self.play, self.mail, self.hooks

    def claim(self, kind: str, subject: str = "", urgent: bool = False) -> Place | None:
        """The subject's place for a job of `kind`, unless a job of that kind waits for it
        already, which will see whatever made this one asked for, since it reads only once it
        has started (None). `urgent`: the job is to wait on the play queue, and one of the kind
        waiting in the mail queue for the subject gives way to it (taken out here)."""
        if kind not in KINDS:
            raise ValueError(f"no kind of job {kind!r}")
        jobs = self.play if urgent else self.mail
        place = Place(jobs, f"{kind}-{uuid.uuid4().hex}", claimed(kind, subject))
        stands = f"{PLAY_QUEUE} " if urgent else ""
        held = self.connection.eval(
            CLAIM,
            1,
            place.key,
            place.claim,
            QUEUED_FOR,
            stands,
            Job.key_for(""),
            Queue.redis_queue_namespace_prefix,
        )
        if held is None:
            return None
        if held:
            self._take_out(as_text(held))
        return place

    def give_up(self, place: Place) -> None:
        """A place claimed whose job could not be queued: the next to ask queues one."""
        self.connection.eval(GIVE_UP, 1, place.key, place.claim)

    def _take_out(self, claim: str) -> None:
        """The job of a claim taken over, out of its queue if it still waits there (one already
        taken by a worker runs: it finds nothing the urgent one will not)."""
        name, job_id = claim.split(" ", 1)
        waiting = Queue(name, connection=self.connection)
        if waiting.remove(job_id):
            with contextlib.suppress(NoSuchJobError):
                Job.fetch(job_id, connection=self.connection).delete(remove_from_queue=False)

    def release(self, job: Job) -> None:
        """Said by a job as it starts (and as it is retried), before it reads anything: its
        subject's place is given up if the job holds it (a retry must not give up the place of
        a job queued since), so a change from now on queues a job of its own."""
        place = job.meta.get(PLACE)
        if place:
            self.connection.eval(GIVE_UP, 1, place, f"{job.origin} {job.id}")

    def forget(self, subject: str) -> None:
        """Every kind's place for `subject` given up, whatever holds it (a player deleted)."""
        self.connection.delete(*(claimed(kind, subject) for kind in KINDS))


def claimed(kind: str, subject: str) -> str:
    """The place of `kind`'s job for `subject`."""
    return f"{QUEUED}{kind}:{subject}" if subject else f"{QUEUED}{kind}"


class GameWatch:
    """The listener `GameService` calls before every change to a game, and the worker's view of
    the marks."""

    def __init__(self, client: Client, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.clock = clock

    def changing(self, game_id: str, via: Client | Pipe | None = None) -> None:
        """NX: a mark already there stays as it was (a refused move changes nothing). `via`: the
        pipeline of a move, which carries the mark just before the move itself
        (`server.storage.games.game_log`)."""
        (via or self.client).zadd(CHANGED, {game_id: self.clock()}, nx=True)

    def marked(self, game_id: str) -> float | None:
        """When the game was marked (None: it is not)."""
        return self.client.zscore(CHANGED, game_id)

    def mark(self, game_id: str, at: float, anew: bool = False) -> None:
        """Mark the game as changed `at`, unless it is marked already (`anew`: whether or not,
        moving the mark to `at`)."""
        self.client.zadd(CHANGED, {game_id: at}, nx=not anew)

    def unmark(self, game_id: str) -> None:
        self.client.zrem(CHANGED, game_id)

    def marked_before(self, moment: float) -> list[str]:
        """The games marked at `moment` or before (their change not planned since)."""
        return members(self.client.zrangebyscore(CHANGED, "-inf", moment))


class AskedLogins:
    """The addresses login links were asked for at, until the worker mails them."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def ask(self, email: str, now: float) -> None:
        """Have the worker mail login links to the players registered at `email`, if any: the
        same two writes whatever the address, so asking tells nothing of who is registered."""
        self.client.zadd(LOGINS, {email: now}, nx=True)
        self.client.publish(LOGINS, "1")

    def asked(self) -> list[str]:
        return members(self.client.zrange(LOGINS, 0, -1))

    def withdraw(self, email: str) -> bool:
        """Take the address out; True if it was there (a worker that takes it mails it)."""
        return bool(self.client.zrem(LOGINS, email))

    def again(self, email: str, now: float) -> None:
        """Put an address taken back, unless it was asked for anew meanwhile (no announcement:
        the job that took it is retried)."""
        self.client.zadd(LOGINS, {email: now}, nx=True)

    def asked_before(self, moment: float) -> bool:
        """Whether an address asked for at `moment` or before is still waiting."""
        return bool(self.client.zrangebyscore(LOGINS, "-inf", moment, start=0, num=1))
