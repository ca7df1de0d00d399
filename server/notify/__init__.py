"""Telling players what happened: turn notices, game events, reminders and move clocks.

The API only records that a game changed (a sweep index written before the log grows) and
queues a job; the worker (RQ) plans who must hear what into each player's outbox, holds it
through their quiet hours, and delivers it. Every step is idempotent, so a job that dies half
way is simply done again.
"""
