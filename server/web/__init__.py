"""The web pages: the front page, password-less login by mailed links, my games and each game
as its player sees it, with its moves as forms. They work without JavaScript; with it, a
game's page reloads itself when the game moves on. The settings page holds a player's own
data: downloaded, or their account deleted."""

from server.web import login, pages, settings
from server.web.blueprint import blp, register

__all__ = ["blp", "login", "pages", "register", "settings"]
