"""What a player checks to trust a game: whose chance made the deal, and that its history stands.

The server draws a secret for each game and publishes its SHA-256 at creation. Each seated
player sends a random contribution as they take their seat (one the server makes instead is
`server_contribution`, fixed by the secret). When the last seat fills, the seed is an HMAC keyed
with the secret over every contribution. The server committed to its secret before any joiner's
contribution existed, and the secret stays hidden until the end, so no player can aim their
contribution at a deal and the server cannot choose one against a contribution it has not seen.

Every log entry carries `prev`, the hash of the entry before it (the first, of a genesis value),
and the game's data carries the hash of the last one, its head: a head a player kept pins the
whole history up to it. The hashes are keyed with the secret too, so that while the game runs a
hash tells nobody anything about a hidden move; once the secret is revealed anyone recomputes
them. Every hash here is HMAC-SHA256 keyed with the secret's bytes, over an ASCII message whose
prefix names its use, so no value can stand in for another: a few lines anyone can reimplement.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from shared.words import ENGLISH, Words

CONTRIBUTION_BYTES = 32
CONTRIBUTION_PATTERN = rf"^[0-9a-f]{{{2 * CONTRIBUTION_BYTES}}}$"
"""A contribution: 32 random bytes, in lowercase hex."""

CHAINED_FIELDS = ("prev", "seat", "move", "at", "timeout", "bot", "bot_version")
"""The fields of a log entry its hash covers (`timeout`; `bot`, the level of a bot that moved
for a player whose time ran out; `bot_version`, the version of the bots that chose a move: only
when the entry has them). The event is not among them:
it is what the rules make of the move, and a replay makes it again."""


def is_contribution(value: str) -> bool:
    return re.fullmatch(CONTRIBUTION_PATTERN, value) is not None


def keyed(secret: str, message: str) -> str:
    """HMAC-SHA256 keyed with the secret's bytes, hex: the one hash of the scheme."""
    return hmac.new(bytes.fromhex(secret), message.encode("ascii"), hashlib.sha256).hexdigest()


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces: one spelling for one value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def server_contribution(secret: str, seat: int) -> str:
    """The contribution of a seat taken without one (a browser's join, a script's creation)."""
    return keyed(secret, f"turnpost-contribution-v1:{seat}")


def bot_seed(secret: str, version: int, seat: int) -> str:
    """The randomness of the bot that moves for `seat` at `version`: fixed by the secret, so
    that nobody can foresee a bot's move while the game runs, and anyone can make it again once
    the secret is revealed (`shared.bots.choose` with this seed)."""
    return keyed(secret, f"turnpost-bot-v1:{version}:{seat}")


def derived_seed(secret: str, contributions: Sequence[str]) -> str:
    """The game's seed, from the secret and the contributions in seat order."""
    return keyed(secret, "turnpost-seed-v1:" + ":".join(contributions))


def genesis(secret: str) -> str:
    """The `prev` of a game's first log entry, and its head before any move."""
    return keyed(secret, "turnpost-log-v1")


def entry_hash(secret: str, entry: Mapping[str, Any]) -> str:
    """The hash of a log entry (its `CHAINED_FIELDS`): the next entry's `prev`."""
    chained = {name: entry[name] for name in CHAINED_FIELDS if entry.get(name) is not None}
    return keyed(secret, "turnpost-entry-v1:" + canonical(chained))


def option_fingerprint(secret: str, name: str, value: Any) -> str:
    """The fingerprint of an option the creator set that fixes chance (an explicit deck): shown
    to invitees while the value stays hidden, checked against the value and the secret
    revealed at the end. Keyed, because a plain hash of a value drawn from few possibilities
    (a first player, a deck guessed but for a card or two) would tell it."""
    return keyed(secret, f"turnpost-option-v1:{name}:" + canonical(value))


def fixed_by_creator_text(
    fixed: Mapping[str, Mapping[str, str | None]], words: Words = ENGLISH
) -> str:
    """What an invitee is told of the options in `fixed` (name: {"fingerprint"}), before
    joining."""
    named = ", ".join(
        words.gettext("%(name)s (fingerprint %(fingerprint)s)", name=name, **about)
        if about.get("fingerprint")
        else name
        for name, about in fixed.items()
    )
    return words.gettext(
        "Set by the creator, not by lot: %(options)s. The game is unrated.", options=named
    )
