"""The web pages: the front page, password-less login by mailed links (which bring one back to
the page one was going to), my games, making a game, the lobby, records and ratings, each game
as its player sees it with its moves as forms, and one's settings. They work without
JavaScript; with it, a game's page puts in place what changed when the game moves on. A game's
page as drawn is in `table/`, one's account's pages in `account/`; beside them, what every page
shares (the blueprint, the session, where a login returns to, forms, moments, refusals) and the
other pages. It imports `server.http`, `server.accounts`, `server.webhooks` and the layers below
them, never another edge."""

from server.web import creating, lobby, my_games, pages, records
from server.web.account import login, settings_page
from server.web.blueprint import blp, register

__all__ = [
    "blp",
    "creating",
    "lobby",
    "login",
    "my_games",
    "pages",
    "records",
    "register",
    "settings_page",
]
