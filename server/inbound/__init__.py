"""The mail edge: replies read, checked and answered."""
