"""The keys of one game (`{g:ID}`) and of the worker's marks of changed games, a module for each
family: the record and log (`game_log`, its scripts in `log_scripts`), the table talk, the
lobby's index, the archive's shape, the clocks, the mail state, the standings; `game_store`
puts together the store the domain is given. It imports `server.storage.players` where a game's
script writes a player's events, and the domain."""
