"""The player's language: English (the messages as written in the code) or German (the gettext catalog
app/locale/de/LC_MESSAGES/crystalclans.po, compiled to .mo by `python build.py setup` with Babel).

    from .i18n import _, ngettext, N_
    _("Your turn")                       # translated when it is called
    ngettext("{n} card", "{n} cards", n).format(n=n)
    TITLE = N_("Goal")                   # marked for the catalog only; translate with _(TITLE) where shown

The engine never imports this: its prompts and log are data that the app words (text.py, log.py).
Pure Python, no browser imports, so the unit tests switch languages under CPython.
"""
from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "crystalclans"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"

_current: gettext.NullTranslations = gettext.NullTranslations()
_lang = DEFAULT


def pick(preferred: str | None, browser: list[str] | tuple[str, ...] = ()) -> str:
    """The language to use: the player's stored choice, else the first of the browser's languages we have
    (navigator.languages: "de-AT" counts as "de"), else English."""
    for code in [preferred or "", *browser]:
        base = str(code).lower().split("-")[0].split("_")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT


def use(lang: str) -> str:
    """Switch every later `_()` to `lang` (an unknown code means English); returns the code now in use."""
    global _current, _lang
    lang = pick(lang)
    if lang == "en":
        _current = gettext.NullTranslations()
    else:
        with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as fh:
            _current = gettext.GNUTranslations(fh)
    _lang = lang
    return lang


def language() -> str:
    return _lang


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the meaning `context` names (a noun or a verb of the same English word)."""
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for the catalog without translating it yet (module constants)."""
    return message
