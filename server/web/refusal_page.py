"""A refusal as a page tells it: a heading in words, what happened, and the way forward, by
the kind of refusal (its status); the refusal's own message follows as its details, and its
code last, for a report. A refusal of a login (401) is the login form itself (`blueprint`)."""

from __future__ import annotations

from dataclasses import dataclass

from server.http.language import gettext


@dataclass(frozen=True)
class RefusalWords:
    heading: str
    said: str
    forward: str


def refusal_words(status: int) -> RefusalWords:
    """The words of a refusal of this status (a status without words of its own: its class's,
    an error on our side: not now), in the request's language."""
    by_status = {
        400: RefusalWords(
            gettext("That was not understood"),
            gettext("Something in what was sent is not as this page expects."),
            gettext("Go back, mend what the details below name, and send it again."),
        ),
        403: RefusalWords(
            gettext("Not yours to see or do"),
            gettext("You are logged in, but this is for other players."),
            gettext("Your own games are on the page of your games."),
        ),
        404: RefusalWords(
            gettext("Not found"),
            gettext("There is nothing here: the address is mistyped, or what it named is gone."),
            gettext("Your games and the lobby are a click away."),
        ),
        409: RefusalWords(
            gettext("Things have moved on"),
            gettext("What you sent was made for how things stood before; nothing was changed."),
            gettext("Load the page again to see how things stand now, then decide."),
        ),
        410: RefusalWords(
            gettext("Gone"),
            gettext("What this address named is no longer here."),
            gettext("Your games and the lobby are a click away."),
        ),
        422: RefusalWords(
            gettext("Not allowed"),
            gettext("The rules do not allow that; nothing was changed."),
            gettext("Go back and choose again."),
        ),
        429: RefusalWords(
            gettext("Too many at once"),
            gettext("You have asked for this too often in a short time; nothing was changed."),
            gettext("Wait a little and try again."),
        ),
    }
    later = RefusalWords(
        gettext("Not now"),
        gettext("The service cannot do that at the moment; nothing was changed."),
        gettext("Try again in a moment."),
    )
    return by_status.get(status) or (later if status >= 500 else by_status[400])
