"""turnpost's rule engines: pure game logic shared by the server and the command-line client."""
