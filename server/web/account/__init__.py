"""The pages of one's own account: logging in by a mailed link and out again (`login`), and the
settings page (`settings_page`). They are routes of the one blueprint and import what every
page shares (`server.web.blueprint`, `sessions`, `returning`, `forms`, `moments`) and the
layers below; nothing of `server.web` imports them but the package that registers them."""
