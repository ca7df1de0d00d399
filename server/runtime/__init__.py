"""The processes: the app, `turnpost-server`, gunicorn's hooks, the embedded Redis."""
