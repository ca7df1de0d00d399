"""The game service: the ports it needs of a store (`ports.py`), the facade every caller reaches
(`facade.py`), and one job a module (loading, seating, moving, the worker's moves, talking). It
imports the domain's values (`server.domain.games`, `server.domain.players`), never a store."""
