"""The players' values: a player's profile, their addresses, quiet hours and waking time. It
imports nothing else of the domain."""
