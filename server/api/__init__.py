"""The REST API's blueprints, one per resource (flask-smorest), with the blueprint they share
(`blueprint`: bodies read strictly), the path parameters and the JSON provider. A route calls
the domain and a presenter and raises the domain's refusals, translated once by
`server.http.refusals`. It imports `server.http`, `server.accounts`, `server.webhooks` and the
layers below them, never `server.web`, `server.notify` or `server.inbound`."""
