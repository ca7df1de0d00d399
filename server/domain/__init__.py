"""The game domain: loading, replaying, applying and appending moves, with no HTTP in it.

It is handed its store and its listener, speaks in values and in the refusals of
`server.domain.errors`, and each edge (the API, mail, the worker) translates those once.
"""
