"""The worker (RQ): telling players what happened (turn notices, game events, reminders), keeping
the move clocks, playing the bots' turns and posting to webhooks. A web process only marks a game as
changing and its write announces the change (`server.storage.games.watch`); the worker's relay
(`queues`) turns each announcement into a plan (`plan`), which puts who must hear what into each
player's outbox, held through their quiet hours and then delivered. Every job takes ids only and is
idempotent, so a job that dies half way is simply done again (`jobs`). It imports `server.mail`,
`server.webhooks` and the layers below them, never another edge."""
