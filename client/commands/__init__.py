"""The `turnpost` commands by family, each a plain function that `client.cli` registers; what
the families share (the arguments, the ending at a game) lives once beside them."""
