"""The keys of one game (`{g:ID}`) and of the worker's marks of changed games: the log, the record,
the archive, the clocks, the mail state, the standings. It imports `server.storage.players`
where a game's script writes a player's events, and the domain."""
