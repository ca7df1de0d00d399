"""The game service: the ports it needs of a store (`ports`), the facade every caller reaches
(`facade`), one job a module (loading, seating, moving, the worker's moves, talking) and what
the jobs share: the states this process built last (`state_cache`), invitations' limits, the
talk a reader hears, a deleted player leaving their games. It imports the domain's values
(`server.domain.games`, `server.domain.players`) and errors, never a store."""
