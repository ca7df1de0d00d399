"""What the API and the web pages share: who is asking (`auth`), rate limits, the one error shape
(`errors`) and the one table from the domain's refusals to HTTP answers (`refusals`), the
language an answer is told in, long polls, paging and the request's services (`context`). It
imports `server.presenters`, `server.storage` and `server.domain`, never an edge nor its
siblings `mail`, `webhooks` and `accounts`."""
