"""The first line a person wrote, found in the ways mail clients lay out a reply."""

from __future__ import annotations

import pytest

from server.inbound.parsing import html_to_text, read_letter, written

QUOTE = "> Your turn.\n> Your legal moves:\n>   resign\n"

BODIES = {
    "just the move": "play R7 draw deck\n",
    "blank lines and spaces first": "\n\n   play  R7   draw deck  \n",
    "above the quote": f"play R7 draw deck\n\nOn Sun, 22 Nov 2026, turnpost wrote:\n{QUOTE}",
    "below the quote": f"On Sun, 22 Nov 2026, turnpost wrote:\n{QUOTE}\nplay R7 draw deck\n",
    "attribution wrapped over two lines": (
        "play R7 draw deck\n\nOn Sun, 22 Nov 2026 at 10:00, turnpost\n"
        f"<turnpost@turnpost.test> wrote:\n{QUOTE}"
    ),
    "German client": f"play R7 draw deck\n\nAm 22.11.2026 um 10:00 schrieb turnpost:\n{QUOTE}",
    "French client": f"play R7 draw deck\n\nLe 22 nov. 2026 à 10:00, turnpost a écrit :\n{QUOTE}",
    "Outlook, original message": (
        "play R7 draw deck\n\n-----Original Message-----\nFrom: turnpost\nSent: Sunday\n"
        "Subject: your turn\n\nresign\n"
    ),
    "Outlook, underscores and From block": (
        "play R7 draw deck\n\n________________________________\nFrom: turnpost\n"
        "Sent: Sunday\nTo: ada\nSubject: your turn\n\nresign\n"
    ),
    "signature": "play R7 draw deck\n-- \nAda\nresign\n",
    "Windows line ends": "play R7 draw deck\r\n\r\nOn Sun, turnpost wrote:\r\n> resign\r\n",
}


@pytest.mark.parametrize("layout", list(BODIES))
def test_the_move_is_the_first_line_the_sender_wrote(layout: str) -> None:
    assert written(BODIES[layout])[0] == "play R7 draw deck"


@pytest.mark.parametrize(
    "body", ["", "\n\n", f"On Sun, turnpost wrote:\n{QUOTE}", "-- \nAda\n", QUOTE]
)
def test_a_reply_with_nothing_of_its_own_has_no_first_line(body: str) -> None:
    assert written(body)[0] is None


def test_html_loses_its_quotes_and_markup() -> None:
    html = (
        "<html><head><style>div { color: red }</style></head><body>"
        "<div>play&nbsp;R7 draw deck</div><blockquote>resign</blockquote></body></html>"
    )
    assert written(html_to_text(html))[0] == "play R7 draw deck"


def test_a_long_line_is_cut() -> None:
    assert len(written("x" * 100_000)[0] or "") == 500


def test_the_lines_under_the_first_are_a_message_and_quotes_are_not() -> None:
    body = (
        "play R7 draw deck\nNice one, bo.\n> quoted inside\n  Your move!\n\n"
        f"On Sun, 22 Nov 2026, turnpost wrote:\n{QUOTE}"
    )
    assert written(body) == ("play R7 draw deck", "Nice one, bo.\nYour move!")
    assert written("say: hello\n")[1] == ""


ADDRESS = "turnpost <play+k3j9xq.0@turnpost.test>"

QUOTE_HEADERS = {
    "Thunderbird, English": "On 12/1/26 6:41 PM, turnpost wrote:",
    "Thunderbird, Polish": f"W dniu wt., 1 gru 2026 o 18:41 {ADDRESS} napisał:",
    "Thunderbird, Polish, older": "W dniu 01.12.2026 o 18:41, turnpost pisze:",
    "Thunderbird, German": "Am 01.12.26 um 18:41 schrieb turnpost:",
    "Gmail, English": f"On Tue, Dec 1, 2026 at 6:41 PM {ADDRESS} wrote:",
    "Gmail, Polish": f"wt., 1 gru 2026 o 18:41 {ADDRESS} napisał(a):",
    "Gmail, Polish, wrapped": f"wt., 1 gru 2026 o 18:41 {ADDRESS}\nnapisał(a):",
    "Gmail, German": f"Am Di., 1. Dez. 2026 um 18:41 Uhr schrieb {ADDRESS}:",
    "Apple Mail, English": f"On 1 Dec 2026, at 18:41, {ADDRESS} wrote:",
    "Apple Mail, Polish": (f"Wiadomość napisana przez {ADDRESS} w dniu 01.12.2026, o godz. 18:41:"),
    "Apple Mail, German": f"Am 01.12.2026 um 18:41 schrieb {ADDRESS}:",
    "Outlook, English": (
        f"From: {ADDRESS}\nSent: Tuesday, December 1, 2026 6:41 PM\nTo: ola\nSubject: your turn"
    ),
    "Outlook, Polish": (
        f"Od: {ADDRESS}\nWysłane: wtorek, 1 grudnia 2026 18:41\nDo: ola\nTemat: Twój ruch"
    ),
    "Outlook, German": (
        f"Von: {ADDRESS}\nGesendet: Dienstag, 1. Dezember 2026 18:41\nAn: ada\n"
        "Betreff: Du bist am Zug"
    ),
}
"""The line (or block) each common mail program writes over the message it quotes, as they
write it in English, Polish and German."""


@pytest.mark.parametrize("program", list(QUOTE_HEADERS))
def test_no_mail_programs_quote_header_is_taken_for_table_talk(program: str) -> None:
    header = QUOTE_HEADERS[program]
    body = f"play R7 draw deck\nGood luck!\n\n{header}\n{QUOTE}"
    assert written(body) == ("play R7 draw deck", "Good luck!"), program
    if not program.startswith("Outlook"):  # which quotes below the reply only
        assert written(f"{header}\n{QUOTE}\nplay R7 draw deck\n")[0] == "play R7 draw deck"


def test_a_message_without_a_message_id_is_known_by_its_hash() -> None:
    raw = b"From: ada@example.org\nTo: play+x@t\n\nshow\n"
    assert read_letter(raw).fingerprint == read_letter(raw).fingerprint
    assert read_letter(raw).fingerprint.startswith("sha256:")
    assert read_letter(raw + b"x").fingerprint != read_letter(raw).fingerprint
    assert read_letter(b"Message-ID: <a@b>\n\nshow\n").fingerprint == "<a@b>"


def test_only_a_well_formed_message_id_is_taken_and_echoed() -> None:
    assert read_letter(b"Message-ID: <a\xff@b>\n\nshow\n").message_id is None
    assert read_letter(b"Message-ID: junk <ok@host> \n\nshow\n").message_id == "<ok@host>"
    assert read_letter(b"Subject: Re: \xff caf\xe9\n\nshow\n").subject == "Re: \ufffd caf\ufffd"
