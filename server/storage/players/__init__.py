"""The keys of one player (`{p:ID}`): the profile and tokens, events, outbox, invitations, blocks,
sessions, vacations. It imports the top of `server.storage` (keys, the client) and the domain,
never `server.storage.games`."""
