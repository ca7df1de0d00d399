"""The games' values: a game's record, its log's entries and their chain, its snapshots, the notes
of moves sent with a key, what a change means to its players, the lists read a page at a time,
standings, bots' seats and moves, clock options and seats' clocks, and the rules of what may be said
at its table. Values and pure functions over them: it imports `server.domain.players`, the domain's
errors and encoding, and the engines, never the service's ports or jobs."""
