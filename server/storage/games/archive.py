"""A finished game in compact form: its record and its log, without what can be made again from
the rest.

A finished game is read rarely (its last view, its history, `turnpost verify`) and kept for
ever, and most of each entry can be made again: its event is what the rules make of its move (a
replay makes it again, which is why the chain's hashes leave it out: `shared.fairness`), and
its `prev` is the hash of the entry before (the game's secret makes it again). So a compacted
game keeps, beside the few fields of its record that its scripts read, one string
(`{g:ID}:archive`): the rest of its record (`server.domain.games.record.packed`), then its entries'
seats, moves (each as its place among the seat's legal moves then, `_choices`) and times (as
differences) in columns, which of them timed out (and which bot moved for the player then), and
of each move made with an idempotency key where it starts, its steps, what it left untried and
its 4-byte tag (`server.domain.games.idempotency`), each part compressed. `entries` makes the log
again from it, byte for byte; the record's `archived` field holds the log's length. Archives of
format 1, written before, hold no record and each move as it was made, and read as they did.

`pack` makes an archive only if `entries` gives back exactly the stored entries, chain and head
included: a game stored by code whose events read otherwise, or anything else that would not
come back whole, stays in the plain form. (Events and legal moves are made again by the code of
the day: a later change of how an engine words them changes how compacted games read, as a
change of its rules would change any replay; a move's place is counted among the legal moves
sorted by their JSON, so the order an engine lists them in does not count, only which they are.)
"""

from __future__ import annotations

import json
import zlib
from itertools import accumulate
from typing import Any

import orjson

from server.domain.encoding import encoded
from server.domain.games import provenance
from server.domain.games.entries import dealt, new_entry
from server.domain.games.idempotency import TAG_BYTES, Made, tag
from server.domain.games.record import GameRecord, packed
from shared.engine import Engine, IllegalMove
from shared.games import ENGINES

FORMAT = 2
"""The first byte of an archive's columns, once decompressed: how they are laid out. Format 1
kept each move as it is; 2 keeps a move the rules list as its place in `_choices`, and comes
after the game's record (`server.domain.games.record.packed`): the byte 2, the length of the
record's compressed text in 4 bytes, that text, then the columns compressed. (A format 1
archive is the columns alone, and its game keeps its whole record in its fields.)"""
READ = frozenset({1, FORMAT})


def _choices(engine: Engine[Any], state: Any, seat: int) -> list[Any]:
    """The seat's legal moves in an order that depends on the rules alone, not on how an
    engine lists them: by their JSON, keys sorted."""
    return sorted(
        engine.legal_moves(state, seat),
        key=lambda move: orjson.dumps(move, option=orjson.OPT_SORT_KEYS),
    )


def _moves(record: GameRecord, log: list[dict[str, Any]]) -> list[Any]:
    """Each move as its place in `_choices`, if one there is spelled as it is stored; else
    `[move]` (a resignation, say)."""
    engine = ENGINES[record.type]
    state = dealt(engine, record)
    kept: list[Any] = []
    for item in log:
        seat, move = item["seat"], item["move"]
        spelled = [encoded(choice) for choice in _choices(engine, state, seat)]
        found = encoded(move)
        kept.append(spelled.index(found) if found in spelled else [move])
        state = engine.apply(state, seat, move)
    return kept


def pack(record: GameRecord, stored: list[bytes], requests: dict[bytes, bytes]) -> bytes | None:
    """The archive of a finished game's record, log (`stored`, as stored) and request index
    (field → note); None if it would not give them back exactly."""
    log = [json.loads(raw) for raw in stored]
    noted = sorted(
        ((Made.from_index(note), field) for field, note in requests.items()),
        key=lambda pair: pair[0].version,
    )
    times = [item["at"] for item in log]
    ends = [0, *(made.end for made, _ in noted)]
    columns = {
        "seats": [item["seat"] for item in log],
        "moves": _moves(record, log),
        "at": [now - before for before, now in zip([0, *times], times, strict=False)],
        "timeouts": [index for index, item in enumerate(log) if item.get("timeout")],
        "bots": [[index, item["bot"]] for index, item in enumerate(log) if item.get("bot")],
        "bot_versions": [
            [index, item["bot_version"]] for index, item in enumerate(log) if "bot_version" in item
        ],
        # each from the end of the one before: mostly [0, 1, null], which compresses to nothing
        "requests": [
            [made.version - end, made.steps, made.untried]
            for (made, _), end in zip(noted, ends, strict=False)
        ],
    }
    tags = b"".join(tag(field, made.fingerprint or "") for made, field in noted)
    document = encoded(columns)
    columns_blob = zlib.compress(
        bytes([FORMAT]) + len(document).to_bytes(4, "big") + document + tags, level=9
    )
    blob = with_record(columns_blob, packed(record))
    try:
        if entries(record, blob) != stored:
            return None
    except (ValueError, IllegalMove):  # a head that is not the record's, a move the rules refuse
        return None
    return blob


def with_record(blob: bytes, text: str) -> bytes:
    """The archive with the record's text `text` in place of the one it holds."""
    record_blob = zlib.compress(text.encode(), level=9)
    return bytes([FORMAT]) + len(record_blob).to_bytes(4, "big") + record_blob + _columns(blob)


def record_text(blob: bytes) -> str | None:
    """The record's text the archive holds (None in format 1, which holds none)."""
    if blob[0] != FORMAT:
        return None
    return zlib.decompress(blob[5 : 5 + int.from_bytes(blob[1:5], "big")]).decode()


def _columns(blob: bytes) -> bytes:
    """The compressed columns of an archive of either format."""
    return blob[5 + int.from_bytes(blob[1:5], "big") :] if blob[0] == FORMAT else blob


def _opened(blob: bytes) -> tuple[int, dict[str, Any], bytes]:
    """An archive's format, its columns and its tags."""
    data = zlib.decompress(_columns(blob))
    if data[0] not in READ:
        raise ValueError(f"an archive of format {data[0]}, which this code does not read")
    length = int.from_bytes(data[1:5], "big")
    columns: dict[str, Any] = json.loads(data[5 : 5 + length])
    return data[0], columns, data[5 + length :]


def entries(record: GameRecord, blob: bytes) -> list[bytes]:
    """The game's log, as it was stored: each move replayed through the rules for its event,
    each entry chained to the one before; the chain must end at the record's head."""
    form, columns, _ = _opened(blob)
    engine = ENGINES[record.type]
    state = dealt(engine, record)
    timeouts = set(columns["timeouts"])
    bots = dict(columns.get("bots", []))  # (archives made before bots have none)
    versions = dict(columns.get("bot_versions", []))  # (nor those before their versions)
    made = []
    for index, (seat, kept, at) in enumerate(
        zip(columns["seats"], columns["moves"], accumulate(columns["at"]), strict=True)
    ):
        move = _move(engine, state, seat, kept) if form > 1 else kept
        state, event = engine.transition(state, seat, move)
        made.append(
            new_entry(
                seat, move, event, at, index in timeouts, bots.get(index), versions.get(index)
            )
        )
    linked, head = provenance.linked(record, b"", made)
    if head != record.head:
        raise ValueError(f"the archive of game {record.id} does not end at its head")
    return [encoded(item) for item in linked]


def _move(engine: Engine[Any], state: Any, seat: int, kept: Any) -> Any:
    """A move as format 2 keeps it, made again."""
    return kept[0] if isinstance(kept, list) else _choices(engine, state, seat)[kept]


def made(blob: bytes, seat: int, since: int, request_tag: bytes) -> Made | None:
    """The move made with a key that `seat` sent against version `since`, if its tag is
    `request_tag`: that move is the seat's first from `since` on (see
    `server.domain.games.idempotency`)."""
    _, columns, tags = _opened(blob)
    seats = columns["seats"]
    first = next((i for i in range(max(since, 0), len(seats)) if seats[i] == seat), None)
    end = 0
    for number, (gap, steps, untried) in enumerate(columns["requests"]):
        version, end = end + gap, end + gap + steps
        if version == first:
            found = tags[number * TAG_BYTES : (number + 1) * TAG_BYTES] == request_tag
            return Made(version, steps, None, untried) if found else None
    return None


def holds(record: GameRecord, version: int, last_entry: bytes) -> bool:
    """Does a state built up to `version`, whose entry there is `last_entry`, hold the whole of
    this compacted game? The chain's head tells, without unpacking it; a game stored before
    chains cannot tell, and is unpacked."""
    return (
        record.chained
        and version == record.archived
        and provenance.head(record, last_entry) == record.head
    )
