"""Redis, and nothing but Redis: the client, every key, every script, each key owned by one
module."""
