"""The games' values: a game's record, its log's entries, what a change means to its players, and
the rules of what may be said at its table. Values and pure functions over them: it imports
`server.domain.players`, the domain's errors and encoding, and the engines, never the service's
ports or jobs."""
