"""The worker's jobs that name a deleted player, dropped with their account.

A job carries ids (a flush names its player, a hook's post or note its owner's hook), and a
failed job is kept for inspection, its error with it. Those that name the player (their name,
address or id, each as a whole word, in any case) are deleted from every queue (the play queue,
the mail queue, the hooks'), wherever they wait: queued, scheduled for a retry, deferred or
failed; the places they held are given up, and so is any place still kept for the player's id
(`watch.Queues.forget`). A job running at that moment finishes, and the worker keeps nothing of
it after (`default_result_ttl=0`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rq import Queue
from rq.exceptions import DeserializationError
from rq.job import Job

from server.storage.games.watch import Queues

WORD = r"[\w.@+-]"
"""What a name or an address is made of: a mention of `bo` is not one of `bot`."""


def naming(words: Iterable[str]) -> re.Pattern[str]:
    """Finds any of `words`, standing alone, in any case."""
    alternatives = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<!{WORD})(?:{alternatives})(?!{WORD})", re.IGNORECASE)


def drop_jobs_naming(queues: Queues, player_id: str, words: Iterable[str]) -> int:
    """Delete the jobs whose arguments or description name the player's id or any of `words`,
    and free the player's places; how many jobs."""
    found = naming([player_id, *words])
    dropped = sum(_drop(queues, queue, found) for queue in queues.all())
    queues.forget(player_id)
    return dropped


def _drop(queues: Queues, queue: Queue, found: re.Pattern[str]) -> int:
    registries = (
        queue.scheduled_job_registry,
        queue.deferred_job_registry,
        queue.failed_job_registry,
    )
    ids = {*queue.get_job_ids(), *(i for r in registries for i in r.get_job_ids())}
    dropped = 0
    for job in Job.fetch_many(sorted(ids), connection=queue.connection):
        if job is not None and found.search(described(job)):
            job.delete()
            queues.release(job)  # its place, if it holds one, for whoever asks next
            dropped += 1
    return dropped


def described(job: Job) -> str:
    """What a job says: its description, and its arguments if they can be read."""
    try:
        return f"{job.description} {(job.args, job.kwargs)!r}"
    except DeserializationError:  # written by code this one cannot read: its description
        return str(job.description)
