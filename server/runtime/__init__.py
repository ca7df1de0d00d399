"""The processes: the Flask app (`app`), `turnpost-server` (`cli`), gunicorn's hooks and the web
processes, the embedded Redis, and the process groups every started process runs in
(`processes`). The top layer: it may import every layer below it, and nothing imports it."""
