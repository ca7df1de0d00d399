"""The web pages: the front page, password-less login by mailed links, my games and each game
as its player sees it, with its moves as forms. They work without JavaScript; with it, a
game's page reloads itself when the game moves on."""

from server.web import login, pages
from server.web.blueprint import blp, register

__all__ = ["blp", "login", "pages", "register"]
