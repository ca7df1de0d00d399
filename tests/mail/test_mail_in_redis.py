"""Which Redis mail-in uses: REDIS_URL if set, else the embedded one that `turnpost-server
serve` runs on the same data directory, so a pipe beside `./dev serve` needs no setting; it
says which as it starts, and without either it defers the message (75) saying what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from server.runtime.redis_process import embedded_process
from server.storage.redis_client import connect_server, shown_url
from tests.parts import SmtpInbox
from tests.support.letters import Table, plain_reply, seated, text_of


def test_mail_in_says_which_redis_it_uses(table: Table) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    done = table.reply(seat, "help")
    assert done.returncode == 0, done.stderr
    assert f"Redis: {table.env['REDIS_URL']} (REDIS_URL)" in done.stderr


def test_without_redis_url_mail_in_uses_the_embedded_redis_of_serve(
    mail_env: dict[str, str],
    smtp_server: tuple[Controller, SmtpInbox],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    data = tmp_path_factory.mktemp("serve")  # short: a unix socket's path has a limit
    env = {key: value for key, value in mail_env.items() if key != "REDIS_URL"}
    env["TURNPOST_DATA"] = str(data)
    with embedded_process(data) as embedded:
        client = connect_server(embedded.url)
        table = seated(embedded.url, client, env, smtp_server[1])
        seat = table.load().engine.to_act(table.load().state)[0]
        done = table.reply(seat, "moves")
        client.close()
    assert done.returncode == 0, done.stderr
    assert f"Redis: {embedded.url} (the embedded one of turnpost-server serve" in done.stderr
    assert "Your legal moves:" in text_of(table.last_answer(seat))


def test_without_redis_url_or_serve_mail_in_defers_and_says_why(
    table: Table, tmp_path: Path
) -> None:
    env = {key: value for key, value in table.env.items() if key != "REDIS_URL"}
    env["TURNPOST_DATA"] = str(tmp_path / "nothing-here")
    seat = table.load().engine.to_act(table.load().state)[0]
    version = table.load().version
    raw = plain_reply(table.address(seat), table.players[seat].email, "help", "r@ada.example")
    done = table.mail_in(raw, env)
    assert done.returncode == 75
    assert "REDIS_URL is not set" in done.stderr and "nothing-here" in done.stderr
    assert table.answers_to(seat) == [] and table.load().version == version


def test_a_redis_password_is_not_logged() -> None:
    assert shown_url("redis://:s3cret@db:6379/0") == "redis://:***@db:6379/0"
    assert shown_url("rediss://ada:s3cret@db/1") == "rediss://ada:***@db/1"
    assert shown_url("unix:///srv/var/redis/redis.sock") == "unix:///srv/var/redis/redis.sock"
    sentinels = "redis+sentinel://s1:26379,s2:26379/turnpost"
    assert shown_url(sentinels) == sentinels
