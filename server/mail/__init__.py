"""Mail: what turnpost sends composed from its templates (`compose`, `envelope`), delivered to SMTP
or a Maildir (`delivery`), and the signed addresses players reply to (`reply_address`). It
imports `server.storage` (a login link's type), `server.settings` and the engines, never an edge
nor its siblings."""
