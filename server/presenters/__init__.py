"""What answers look like: games, views, logs and lists as JSON, the request schemas and the
answers' shapes the OpenAPI document is made from, and the catalogs of words each language is
told in. They draw the domain's values: it imports `server.domain` (and the engines), never
the storage, its sibling, nor a layer above it."""
