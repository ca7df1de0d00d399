"""Redis, and nothing but Redis: the client (`redis_client`), every key and its one owner (`keys`),
the objects a process shares (`services`), and beside them what serves games and players alike
(webhooks and what waits for them, the secret, long polls, readiness, pages of sorted sets); `games`
holds the keys of one game, the worker's marks and each job's place in its queues, `players` the
keys of one player. It imports `server.domain` and `server.settings`, never a layer above it."""
