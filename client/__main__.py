"""`python -m client`: the same command line as the `turnpost` script, without needing it on
PATH (the tests and scripts that run from a checkout use this)."""

from client.cli import app

app(prog_name="turnpost")
