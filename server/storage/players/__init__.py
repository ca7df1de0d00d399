"""The keys of one player (`{p:ID}`): the profile and tokens (`profiles`), their events, outbox and
mail held, what their notices told of each table's talk, invitations, blocks, login links, web
sessions, long polls held, calendar feed and vacations. It imports the top of `server.storage`
(keys, the client), the domain and the settings, never `server.storage.games`."""
