"""The keys of one game (`{g:ID}`) and of the worker's marks of changed games, a module for each
family: the record and log (`game_log`, its scripts in `log_scripts`, its confirmed writes in
`safe_writes`), the table talk, the lobby's index, the archive's shape, the clocks and their
deadlines, the mail state, the standings, and the marks and each job's place in the worker's
queues (`watch`); `game_store` puts together the store the domain is given. It imports the top of
`server.storage`, `server.storage.players` where a game's script writes a player's events, the
domain and the settings."""
