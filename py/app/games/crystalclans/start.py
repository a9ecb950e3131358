"""Crystal Clans' part of the start screen: each player's clan, the mulligan, the short rules (app/settings.py
calls `defaults`, `clean`, `read`, `players`; the start screen `seat_choice`, `option_fields`, `online_note`,
`learn`, `rules_short`, `field_note`: see app.games). No engine import: the clans come from the card data itself
(`clan_ids`, `start_words`)."""
from __future__ import annotations

import json
import os

from ...i18n import N_, _
from ...text import h

TITLE = "Crystal Clans"  # the game switch's button and the page's heading while it is played (a name: not translated)
HAS_BOTS = True  # a seat may be the computer
RANDOM_FIRST = N_("Random")  # "who goes first" left to chance
FIELDS = ("clan-0", "clan-1", "mulligan")
REDRAW: tuple[str, ...] = ()
CARD_DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "crystalclans", "data", "base_set.json")


def players(s: dict) -> int:
    return 2


_CLAN_IDS: list[str] = []


def clan_ids() -> list[str]:
    """The clans of the card set the table plays, in its order (read once from the card data)."""
    if not _CLAN_IDS:
        with open(CARD_DATA, encoding="utf-8") as f:
            _CLAN_IDS.extend(c["id"] for c in json.load(f)["clans"])
    return _CLAN_IDS


def defaults() -> dict:
    """The first and the fourth clan (Blood v Skull), no mulligan."""
    ids = clan_ids()
    return {"clans": [ids[0], ids[min(3, len(ids) - 1)]], "mulligan": False}


def clean(raw: dict, out: dict) -> None:
    clans = raw.get("clans")
    if isinstance(clans, list) and len(clans) == 2 and all(c in clan_ids() for c in clans):
        out["clans"] = list(clans)
    if isinstance(raw.get("mulligan"), bool):
        out["mulligan"] = raw["mulligan"]


def read(val, checked, out: dict) -> None:
    if val("clan-0") is not None:
        out.update(clans=[val("clan-0"), val("clan-1")], mulligan=bool(checked("mulligan")))


def seat_choice(app, i: int) -> str:
    """Player i's clan, with its description beside it."""
    words = app.words
    s = app.settings
    opts = "".join(f'<option value="{h(c)}"{" selected" if c == s["clans"][i] else ""}>{h(words.clan_name(c))}</option>'
                   for c in clan_ids())
    return (f'<label class="field"><span>{h(_("Clan"))}</span><select id="clan-{i}" '
            f'aria-label="{h(_("Clan of player {n}").format(n=i + 1))}">{opts}</select></label>'
            f'<p class="clan-desc clan-{h(s["clans"][i])}" id="clan-desc-{i}">{h(words.themes.get(s["clans"][i], ""))}</p>')


def option_fields(app, first: str) -> str:
    """Who goes first (`first`) and the mulligan."""
    return first + (f'<label class="check"><input type="checkbox" id="mulligan"{" checked" if app.settings["mulligan"] else ""}> '
                    f'{h(_("Mulligan (each player may shuffle back cards from the opening hand once)"))}</label>')


def online_note(s: dict) -> "str | None":
    """Every Crystal Clans game can be played with a friend online."""
    return None


def learn() -> tuple[str, str]:
    """The "Learn by playing" panel's title and text (catalog messages)."""
    from .tutorial import LEARN

    return LEARN


def rules_short(app) -> str:
    """The one-screen summary of the rules, with the card set's numbers."""
    from .rules import rules_short as short

    return short(app.words.numbers)


def field_note(field_id: str, value: str, words) -> "tuple[str, str, str] | None":
    """The chosen clan's description beside its field, changed with the choice at once: (the note's element id,
    its text, its class); None for another field."""
    if not field_id.startswith("clan-"):
        return None
    return f"clan-desc-{field_id[-1]}", words.themes.get(value, ""), f"clan-desc clan-{value}"


class StartWords:
    """Just enough of the card set's words for the start screen, read from the card data without importing the
    engine, so the page is interactive sooner (main.py's first screen): the clans, their names in `lang` and
    descriptions, the rules' numbers. Stands in for the card set (`cs`) and its words alike."""

    def __init__(self, lang: str) -> None:
        from .rules import numbers_from_doc

        with open(CARD_DATA, encoding="utf-8") as f:
            doc = json.load(f)
        self.themes = {c["id"]: _(c["theme"]) if c.get("theme") else "" for c in doc["clans"]}
        self._names = {}
        for c in doc["clans"]:
            n = c["name"].get(lang) or c["name"]["en"]
            self._names[c["id"]] = n["value"] if isinstance(n, dict) else n
        self.clans = {c["id"]: () for c in doc["clans"]}
        self.numbers = numbers_from_doc(doc)
        self.cs = self

    def clan_name(self, clan: str) -> str:
        return self._names.get(clan, clan)


def start_words(lang: str) -> StartWords:
    return StartWords(lang)
