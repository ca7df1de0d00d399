"""The part of mail-parser-reply that turnpost uses: it ships no types."""

class EmailReply:
    content: str
    headers: str | None
    signatures: str | None
    disclaimers: list[str] | None

    @property
    def body(self) -> str: ...
    @property
    def full_body(self) -> str: ...

class EmailMessage:
    text: str
    languages: list[str]
    replies: list[EmailReply]

    @property
    def latest_reply(self) -> str | None: ...

class EmailReplyParser:
    languages: list[str]
    default_language: str

    def __init__(self, languages: list[str] = ..., default_language: str = ...) -> None: ...
    def read(self, text: str) -> EmailMessage: ...
    def parse_reply(self, text: str) -> str | None: ...
