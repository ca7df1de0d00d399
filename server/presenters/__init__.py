"""What answers look like: games, views, logs and lists as JSON, the request schemas and the
answers' shapes the OpenAPI document is made from, and the catalogs of words each language is
told in. It imports `server.storage` and `server.domain` (and the engines), never a layer above
it."""
