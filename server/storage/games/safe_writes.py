"""A game's change written and confirmed in one round trip: the script that makes it, what must
be written just before it (the worker's mark that the game is changing), and `WAIT`/`WAITAOF`
when the server is configured to confirm (`Confirmation`). Used by `server.storage.games.game_log`
for the moves it appends and the resends it answers; owns no key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from redis.cluster import RedisCluster
from redis.commands.core import Script

from server.domain.errors import N_, Unavailable
from server.storage.redis_client import Client, Pipe

CONFIRM_TIMEOUT_MS = 1000


def not_yet_safe(keyed: bool = True) -> Unavailable:
    """A move Redis took but could not yet confirm. Sent with a key, the same request tells
    how it went; sent without one, only the game's version can."""
    if keyed:
        return Unavailable(
            N_(
                "the move is made but not yet safe; send the same request again (with the same "
                "Idempotency-Key) to hear how it went"
            )
        )
    return Unavailable(
        N_(
            "the move is made but not yet safe; look at the game's version to see whether it "
            "stands before moving again"
        )
    )


@dataclass(frozen=True)
class Confirmation:
    """What an appended move waits for before it is answered: `WAITAOF local replicas` (that
    many fsynced append-only files, Redis 7.2+) or `WAIT replicas` (that many replicas have it,
    so a Sentinel failover cannot drop it). Not needed when Redis syncs every write itself
    (`appendfsync always`, the embedded default) and has no replica to fail over to."""

    command: str
    counts: tuple[int, ...]

    def met(self, reply: Any) -> bool:
        got = reply if isinstance(reply, list) else [reply]
        return all(int(n) >= wanted for n, wanted in zip(got, self.counts, strict=True))


def confirmation(wait_aof: tuple[int, int] | None, wait_replicas: int) -> Confirmation | None:
    if wait_aof is not None:
        return Confirmation("WAITAOF", wait_aof)
    return Confirmation("WAIT", (wait_replicas,)) if wait_replicas else None


def written(
    client: Client,
    confirm: Confirmation | None,
    script: Script,
    touched: list[str],
    args: list[Any],
    before: Callable[[Client | Pipe], object] | None = None,
) -> tuple[Any, bool]:
    """The script's answer, and whether its writes were confirmed (there may be nothing to
    confirm). `before` sends the commands that must be done first, such as a mark that the
    game is changing. On one Redis they all go in one round trip, a pipeline: Redis runs a
    connection's commands in the order sent, and WAIT and WAITAOF wait for the writes of
    their own connection. A cluster pipeline sends to each node apart, in no set order, so
    there `before` goes first, on its own (a cluster has no confirmation: see
    `server.storage.games.game_log.RedisGameLog`)."""
    if isinstance(client, RedisCluster):
        if before is not None:
            before(client)
        return script(keys=touched, args=args), True
    pipe = client.pipeline(transaction=False)
    if before is not None:
        before(pipe)
    # EVAL, not EVALSHA: a pipeline running a registered script asks Redis whether it
    # knows the script first, which costs a round trip of its own.
    # (Registered from text: redis-py types a Script's text more widely than `eval` takes.)
    pipe.eval(cast(str, script.script), len(touched), *touched, *args)
    if confirm is not None:
        pipe.execute_command(confirm.command, *confirm.counts, CONFIRM_TIMEOUT_MS)
    replies = pipe.execute()
    if confirm is None:
        return replies[-1], True
    return replies[-2], confirm.met(replies[-1])
