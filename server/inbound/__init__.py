"""The mail edge: replies taken from an MTA's pipe (`mail_in`) or an IMAP mailbox (`mail_poll`),
read (`parsing`), checked and carried out through the domain (`replies`), and answered in words
(`answer_mail`, which says each refusal's kind in its own words). It imports `server.mail` and
the layers below it, never another edge."""
