"""A game's page as it is drawn, apart from the routes that serve it (`server.web.pages`): the
position one seat sees in one language (`game_page`), kept from one request to the next
(`positions`), and the move offered one choice at a time (`controls`). What is here draws from
the domain's games, the presenters and the engines, and imports nothing else of `server.web`:
the blueprint and the pages import it, never the other way."""
