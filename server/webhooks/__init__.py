"""Webhooks: the public part of a game's changes posted to a chat channel or a signed endpoint.

`hooks` keeps them, `messages` says what they post in each app's shape, `outbound` is the one
way out (the checks every request to an address a player chose must pass). The worker's side,
planning and delivering, is `server.notify.webhooks`.
"""
