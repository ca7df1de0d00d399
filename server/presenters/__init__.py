"""What answers look like: games, views, logs and lists as JSON, and the request and answer shapes
the OpenAPI document is made from."""
