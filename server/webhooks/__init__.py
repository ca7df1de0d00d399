"""Webhooks: the public part of a game's changes posted to a chat channel or a signed endpoint.
`messages` says what they post in each app's shape, `waiting` what waits to be posted to each
hook, `setting` sets a hook to an address that may be sent to, and `outbound` is the one way out
(the checks every request to an address a player chose must pass); the hooks are kept by
`server.storage.hooks`, and the worker's side, planning and delivering, is
`server.notify.webhooks`. It imports `server.presenters`, `server.storage` and `server.domain`,
never an edge nor its siblings."""
