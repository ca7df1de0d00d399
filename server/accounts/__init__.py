"""A player's own data: their profile changed (`profile`), whom they block (`blocking`), all of it
as one archive (`export`), their record read for showing (`records`), and their account deleted
(`deletion`), with the worker's jobs that name them (`queued`). It imports `server.presenters`,
`server.storage` and `server.domain`, never an edge nor its siblings."""
