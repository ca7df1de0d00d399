"""The game domain, with no HTTP, Redis or mail in it: the players' values (`players`), the games'
values (`games`), the service every caller reaches (`service`), the refusals by kind (`errors`)
and the one JSON encoder (`encoding`). It is handed its store and its listener, speaks in values
and in refusals, and each edge (the API and the pages, mail, the worker) translates those once.
It imports the engines (`shared`) and nothing of the layers above it, nor Redis, Flask,
marshmallow, RQ or requests (the `domain-pure` contract)."""
