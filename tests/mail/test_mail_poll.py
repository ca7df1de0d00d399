"""mail-poll against a real IMAP server: Dovecot, started here on a free port with a
plaintext login over loopback and a Maildir in a temporary directory."""

from __future__ import annotations

import imaplib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import free_port
from tests.support.letters import SERVER_COMMAND, Table, letter, plain_reply, text_of

USER, PASSWORD = "turnpost", "letmein"
MAIL_UID = 65534  # nobody: Dovecot refuses to keep mail as root


@dataclass
class Dovecot:
    port: int

    def connect(self) -> imaplib.IMAP4:
        imap = imaplib.IMAP4("127.0.0.1", self.port, timeout=30)
        imap.login(USER, PASSWORD)
        imap.select("INBOX")
        return imap

    def append(self, raw: bytes, flags: str | None = None) -> None:
        imap = self.connect()
        try:
            status, _ = imap.append("INBOX", flags, None, raw.replace(b"\n", b"\r\n"))
            assert status == "OK"
        finally:
            imap.logout()

    def unseen(self) -> int:
        imap = self.connect()
        try:
            _, found = imap.uid("SEARCH", "UNSEEN")
            return len((found[0] or b"").split())
        finally:
            imap.logout()


def dovecot_config(directory: Path, port: int) -> str:
    return f"""
base_dir = {directory}/run
state_dir = {directory}/state
log_path = {directory}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = 1
mail_location = maildir:{directory}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {directory}/passwd
}}
userdb {{
  driver = static
  args = uid={MAIL_UID} gid={MAIL_UID} home={directory}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service stats {{
  inet_listener http {{
    port = 0
  }}
}}
"""


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    binary = shutil.which("dovecot", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if binary is None:
        pytest.skip("no IMAP server can be started: dovecot is not installed (dovecot-imapd)")
    if os.geteuid() != 0:
        pytest.skip("no IMAP server can be started: Dovecot's master process needs root")
    directory = Path(tempfile.mkdtemp(prefix="turnpost-imap-"))
    directory.chmod(0o755)  # Dovecot's unprivileged processes must reach it
    (directory / "mail").mkdir()
    os.chown(directory / "mail", MAIL_UID, MAIL_UID)
    (directory / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
    port = free_port()
    (directory / "dovecot.conf").write_text(dovecot_config(directory, port))
    process = start_process([binary, "-F", "-c", str(directory / "dovecot.conf")])
    try:
        if not wait_for_port(port, process, 60):
            log = directory / "dovecot.log"
            why = log.read_text()[-500:] if log.exists() else f"exit status {process.poll()}"
            pytest.skip(f"no IMAP server can be started: Dovecot did not come up: {why}")
        yield Dovecot(port)
    finally:
        stop_process(process, timeout=20)
        shutil.rmtree(directory, ignore_errors=True)


def poll_env(table: Table, port: int, **settings: str) -> dict[str, str]:
    return {
        **table.env,
        "TURNPOST_IMAP_HOST": "127.0.0.1",
        "TURNPOST_IMAP_PORT": str(port),
        "TURNPOST_IMAP_SECURITY": "none",
        "TURNPOST_IMAP_USER": USER,
        "TURNPOST_IMAP_PASSWORD": PASSWORD,
        **settings,
    }


def mail_poll(table: Table, port: int, **settings: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SERVER_COMMAND, "mail-poll"],
        env=poll_env(table, port, **settings),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_mail_poll_handles_each_unseen_reply_once_and_marks_it_seen(
    table: Table, dovecot: Dovecot
) -> None:
    seat = table.load().engine.to_act(table.load().state)[0]
    other = 1 - seat
    version = table.load().version
    move = table.view(seat)["legal_moves"][0]["text"]
    email = {s: table.players[s].email for s in (0, 1)}
    dovecot.append(
        letter(
            "mutt-quoted-below.eml",
            to=table.address(seat),
            sender=email[seat],
            move=move,
            message_id="polled-move@example.org",
            subject="your turn",
        )
    )
    dovecot.append(plain_reply(table.address(other), email[other], "show", "polled-show@x"))
    dovecot.append(plain_reply("play+forged@turnpost.test", email[other], "show", "forged@x"))
    dovecot.append(b"\x00\xff not mail at all")
    dovecot.append(plain_reply(table.address(other), email[other], "help", "seen@x"), r"(\Seen)")

    done = mail_poll(table, dovecot.port)

    assert done.returncode == 0, done.stderr
    assert table.load().version == version + 1
    (played,) = table.answers_to(seat)
    assert text_of(played).startswith("Played: ")
    (shown,) = table.answers_to(other)
    assert "Your hand:" in text_of(shown)
    assert dovecot.unseen() == 0

    again = mail_poll(table, dovecot.port)
    assert again.returncode == 0, again.stderr
    assert len(table.inbox.received) == 2
    assert table.load().version == version + 1


def test_mail_poll_with_no_imap_server_to_reach_is_a_temporary_failure(table: Table) -> None:
    done = mail_poll(table, free_port())
    assert done.returncode == 75
    assert "IMAP" in done.stderr


def test_a_wrong_login_or_folder_is_reported_and_a_temporary_failure(
    table: Table, dovecot: Dovecot
) -> None:
    wrong_password = mail_poll(table, dovecot.port, TURNPOST_IMAP_PASSWORD="guess")
    assert wrong_password.returncode == 75
    assert "IMAP" in wrong_password.stderr
    no_folder = mail_poll(table, dovecot.port, TURNPOST_IMAP_FOLDER="Nowhere")
    assert no_folder.returncode == 75
    assert "Nowhere" in no_folder.stderr


def test_mail_poll_every_keeps_polling_for_new_mail(table: Table, dovecot: Dovecot) -> None:
    poller = subprocess.Popen(
        [SERVER_COMMAND, "mail-poll", "--every", "1"],
        env=poll_env(table, dovecot.port),
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.5)  # a first pass over an empty mailbox
        dovecot.append(plain_reply(table.address(0), table.players[0].email, "show", "w@x"))
        deadline = time.monotonic() + 60
        while not table.answers_to(0) and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        poller.terminate()
        _, log = poller.communicate(timeout=30)
    (answer,) = table.answers_to(0)
    assert "Your hand:" in text_of(answer), log
