"""A pseudo-language for the tests: every word that went through a catalog comes out marked.

`PSEUDO` translates each message into itself between `OPEN` and `CLOSE`, placeholders kept, so
a text rendered with it shows at a glance what went through the catalogs; `unmarked` is what
is left of a text once every marked span (nested ones too) is taken out: names, ids, notation
and whatever English was left untranslated.
"""

from __future__ import annotations

import gettext
import re

from shared.words import Words

OPEN, CLOSE = "\u27e6", "\u27e7"
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


class Marking(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


PSEUDO = Words("en-XA", Marking())
"""en-XA: the code CLDR keeps for a pseudo-locale of English."""


def unmarked(text: str) -> str:
    while True:
        left = MARKED.sub(" ", text)
        if left == text:
            return left
        text = left
