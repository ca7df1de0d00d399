"""The turnpost service, one folder per layer: `runtime` over the edges (`api`, `web`, `notify`,
`inbound`), over what the edges share (`http`, `mail`, `webhooks`, `accounts`), over
`presenters`, `storage`, `domain` and `settings`. Each layer imports only those below it and
siblings on one line never import each other (the `server-layers` contract of `pyproject.toml`;
the map is `docs/architecture.md`)."""
