"""Table talk that tests send: messages nobody could see, and messages in many scripts."""

from __future__ import annotations

INVISIBLE = {
    "zero-width space": "\u200b",
    "byte order mark": "\ufeff",
    "word joiner": "\u2060",
    "tag characters": "\U000e0068\U000e0069\U000e007f",
    "Hangul filler": "\u3164",
    "Hangul fillers": "\u115f\u1160\uffa0",
    "blank Braille pattern": "\u2800",
    "variation selector": "\ufe0f",
    "joiners and spaces": "\u200d \u200c\n\u00a0",
    "a mark alone": "\u0301",
}
"""Messages nobody could see: refused as `empty_message`."""


SEEN = [
    "Zażółć gęślą jaźń!",
    "Grüße aus Köln, Straße",
    "Tiếng Việt có dấu: người",
    "👩\u200d👩\u200d👧 🇵🇱 🇩🇪 🇻🇳 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "❤️\u200d🔥 👍🏽 1️⃣ 🧑🏾\u200d🚀",
    "בְּרֵאשִׁ֖ית · བསྒྲུབས · नमस्ते · น้ำ · می\u200cخواهم",  # noqa: RUF001 (Persian, as written)
]
"""Messages in many scripts, with accents, emoji sequences and flags: said as typed."""
