"""Turning notices into an email: one notice, or several merged into one digest.

Both the plain text and the HTML part come from templates (Jinja2, which ships with Flask);
the HTML escapes everything, moves included, and shows each game as its engine draws it in HTML
(`Engine.render_html`). Mail clients drop or ignore style sheets, so every rule is written into
the `style` attributes of the elements it matches (css-inline); only `@media` rules (dark mode)
stay in a `<style>` element, for the clients that honour them. Every message of a game carries
the same subject and refers to the same thread root, so mail readers keep a game in one thread.
Every message ends with a login link for its recipient (`server.storage.players.login_links`): the
game, or the list of games, in a browser. Every word of a message is in its recipient's language:
the templates' through the `Words` they are rendered with, the sections' as they were written
(`server.notify.notices`), with the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid

from css_inline import CSSInliner
from jinja2 import Environment, PackageLoader, select_autoescape

from server.mail.envelope import Login, envelope
from server.settings import MailSettings
from shared.words import ENGLISH, Words

TEMPLATES = Environment(
    loader=PackageLoader("server.mail", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
INLINER = CSSInliner(keep_at_rules=True, load_remote_stylesheets=False)


@dataclass(frozen=True)
class Section:
    """One notice about one game, as the recipient may see it."""

    game_id: str
    game: str
    """e.g. `Lost Cities 1a2b3c4d with ada, bo`: also the game's subject line."""
    headline: str
    notes: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    view: str = ""
    """The game as the recipient sees it, in text (`Engine.render_view`)."""
    board: str = ""
    """The same in HTML (`Engine.render_html`): markup the engine escaped, shown as it is."""
    moves: list[str] = field(default_factory=list)
    reply_to: str = ""
    commands: list[str] = field(default_factory=list)
    """What a reply to a notice without moves may say (`join`, `rematch`, …)."""
    talk: list[str] = field(default_factory=list)
    """What the others said at the table since the recipient was last told ("bo wrote: …")."""
    talk_upto: int = 0
    """The number of the game's last message this notice tells of (`server.notify.table_talk`)."""
    message_key: str = ""
    """Unique per notice and recipient: makes the Message-ID, so a resend is recognisable."""


def subject(section: Section) -> str:
    return f"[turnpost] {section.game}"


def thread_root(game_id: str, domain: str) -> str:
    return f"<game.{game_id}@{domain}>"


def compose(
    to: str,
    sections: list[Section],
    settings: MailSettings,
    login: Login | None = None,
    words: Words = ENGLISH,
) -> EmailMessage:
    """One message: a single notice threads with its game and answers to its reply address;
    several (a digest, one per game) list each game's reply address in the body."""
    message = envelope(to, settings)
    # RFC 3834: a vacation responder must not answer this (a person's reply is what we want).
    message["Auto-Submitted"] = "auto-generated"
    domain = settings.reply_domain
    if len(sections) == 1:
        (only,) = sections
        message["Subject"] = subject(only)
        message["Message-ID"] = f"<{only.message_key}@{domain}>"
        message["In-Reply-To"] = thread_root(only.game_id, domain)
        message["References"] = thread_root(only.game_id, domain)
        if only.reply_to:
            message["Reply-To"] = only.reply_to
    else:  # one section per game (`server.notify.notices.sections`)
        digest = words.ngettext("digest: %(num)d game", "digest: %(num)d games", len(sections))
        message["Subject"] = f"[turnpost] {digest}"
        message["Message-ID"] = make_msgid(domain=domain)
    context = {"sections": sections, "digest": len(sections) > 1, "login": login}
    return with_parts(message, "notice", context, words)


def login_mail(
    to: str, name: str, login: Login, settings: MailSettings, words: Words = ENGLISH
) -> EmailMessage:
    """The answer to the login page: a link that opens the player's games."""
    message = envelope(to, settings)
    message["Auto-Submitted"] = "auto-generated"
    link = words.gettext("your login link, %(name)s", name=name)
    message["Subject"] = f"[turnpost] {link}"
    message["Message-ID"] = make_msgid(domain=settings.reply_domain)
    return with_parts(message, "login", {"name": name, "login": login}, words)


def with_parts(
    message: EmailMessage, template: str, context: dict[str, object], words: Words
) -> EmailMessage:
    """The message's text part and its HTML part, both from the template of that name, in the
    language of `words` (`_` and `ngettext` in the templates, as on the pages)."""
    context = {
        **context,
        "_": words.gettext,
        "ngettext": words.ngettext,
        "lang": words.language,
    }
    message.set_content(TEMPLATES.get_template(f"{template}.txt").render(context))
    html = INLINER.inline(TEMPLATES.get_template(f"{template}.html").render(context))
    message.add_alternative(html, subtype="html")
    message["Content-Language"] = words.language
    return message
