"""The players' values: a player's profile, their addresses, quiet hours and waking time, and what
they are shown of their webhooks, their vacation and the mail held for them. It imports nothing
else of the domain."""
