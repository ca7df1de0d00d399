"""A player's own data: all of it as one archive (`export`), and their account deleted
(`deletion`), with the worker's jobs that name them (`queued`); their record read for showing
(`records`)."""
