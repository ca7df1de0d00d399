"""`turnpost me` and `turnpost vacation`: how and when turnpost mails you."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from tests.support.terminal import PlayerFactory


def test_me_shows_and_changes_quiet_hours_digest_and_time_zone(player: PlayerFactory) -> None:
    ada = player("ada")
    shown = ada.json("me")
    assert (shown["quiet_hours"], shown["digest"]) == ("22:00-08:00", False)
    changed = ada.json(
        "me", "--timezone", "America/Chicago", "--quiet-hours", "23:00-07:30", "--digest"
    )
    assert (changed["timezone"], changed["quiet_hours"], changed["digest"]) == (
        "America/Chicago",
        "23:00-07:30",
        True,
    )
    text = ada.ok("me", "--every-turn")
    assert "quiet hours: 23:00-07:30" in text and "mail:        every turn" in text


def test_bad_settings_are_refused_with_exit_code_1(player: PlayerFactory) -> None:
    ada = player("ada")
    refused = ada.run("me", "--quiet-hours", "late", "--json")
    assert refused.exit_code == 1
    assert '"invalid_request"' in refused.stdout


def test_a_bad_time_zone_is_told_in_words(player: PlayerFactory) -> None:
    ada = player("ada")
    refused = ada.run("me", "--timezone", "Mars/Olympus")
    assert refused.exit_code == 1
    assert refused.stderr.splitlines() == [
        "the request has invalid fields",
        "  timezone: an IANA time zone such as Europe/Warsaw or America/Chicago",
    ]
    bo = player("bo", register=False)
    refused = bo.run("register", "b", "bo@example.org", "--timezone", "Mars")
    assert "  timezone: an IANA time zone such as" in refused.stderr
    assert "  name: a name is 2-32 letters" in refused.stderr
    assert "{" not in refused.stderr and "[" not in refused.stderr


def test_vacation_on_and_off(player: PlayerFactory) -> None:
    ada = player("ada")
    away = ada.json("vacation", "on")["vacation"]
    assert away["on"] is True and 20 < away["days_left"] <= 21
    assert "vacation:    on, until" in ada.ok("me")
    assert ada.json("vacation", "off")["vacation"]["on"] is False
    assert ada.run("vacation", "maybe").exit_code == 2


def test_register_and_me_say_when_mail_is_held(player: PlayerFactory) -> None:
    """The default quiet hours hold mail from the start: registering says so, in the player's
    own zone, and `turnpost me` says what is held and when it goes out."""
    cy = player("cy", register=False)
    said = cy.ok("register", "cy", "cy@example.org", "--timezone", "Asia/Tokyo")
    assert "Your quiet hours: 22:00-08:00 in Asia/Tokyo, no mail then." in said
    assert "Held mail: none" in said and "turnpost me --timezone ZONE --quiet-hours" in said
    now = datetime.now(ZoneInfo("Asia/Tokyo")).replace(second=0, microsecond=0)
    quiet = f"{now - timedelta(hours=1):%H:%M}-{now + timedelta(hours=2):%H:%M}"
    held = cy.ok("me", "--quiet-hours", quiet)
    end = now + timedelta(hours=2)
    assert f"held mail:   none yet; quiet hours now: mail goes out {end:%a %d %b %H:%M %z}" in held
    assert "held mail:   none; mail goes out as it comes" in cy.ok("me", "--quiet-hours", "none")
    digest = cy.ok("me", "--digest")
    assert "held mail:   none yet; a daily digest: mail goes out" in digest


def test_me_says_whom_one_takes_invitations_from_and_block_lists_and_lifts_blocks(
    player: PlayerFactory,
) -> None:
    ada, bo = player("ada"), player("bo")
    assert ada.json("me")["invitations"] == "anyone"
    assert ada.json("me", "--invitations", "played")["invitations"] == "played"
    assert "invited by:  the players you have played a game with" in ada.ok("me")
    assert ada.run("me", "--invitations", "friends").exit_code == 2
    refused = bo.run("new", "lost-cities", "--invite", "ada")
    assert refused.exit_code == 1 and "ada accepts no invitations from you" in refused.stderr

    assert ada.ok("blocks").strip() == "You block nobody."
    assert ada.ok("block", "bo").splitlines() == ["You block bo.", "You block: bo"]
    assert ada.json("blocks") == {"blocked": ["bo"]}
    missing = ada.run("block", "nobody-here")
    assert missing.exit_code == 1 and "no player is called nobody-here" in missing.stderr
    assert ada.ok("unblock", "bo").splitlines() == ["You no longer block bo.", "You block nobody."]
