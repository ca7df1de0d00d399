"""The engines' words in each language, as the server and the client load them: the shared
catalog (`shared/locale`), for tests of what the engines write."""

from __future__ import annotations

import gettext

from shared.words import CATALOGS, ENGLISH, LANGUAGES, Words

SPOKEN: dict[str, Words] = {
    language: Words(language, gettext.translation("messages", CATALOGS, [language]))
    for language in LANGUAGES
    if language != "en"
}
SPOKEN["en"] = ENGLISH
