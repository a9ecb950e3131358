"""The start screen's new-game settings: their defaults, reading them from the form, and keeping them in this
browser so the screen shows the last choices (seats, names, clans) again. No engine import: main.py shows the
start screen before the engine loads."""
from __future__ import annotations

from .i18n import _
from .seats import CODES, HUMAN

DEFAULT_NAMES = ["Ada", "Bob"]
FIRST = ("random", "0", "1")
GAMES = ("crystalclans", "tashkalar")
# Tash-Kalar's choices on the start screen (the engine's own lists, checked equal by tests/unit/test_settings_games.py;
# written out here so the start screen shows before any engine loads)
TK_MODES = ("duel", "high_form")
TK_DECKS = ("northern", "southern", "highland", "sylvan")


def default_settings(clan_ids: list[str]) -> dict:
    """New-game settings: two names, the first and the fourth clan (Blood vs Skull), random first player,
    two people at this screen."""
    return {"names": list(DEFAULT_NAMES), "clans": [clan_ids[0], clan_ids[min(3, len(clan_ids) - 1)]],
            "first": "random", "mulligan": False, "seats": [HUMAN, HUMAN],
            "game": GAMES[0], "tk_mode": TK_MODES[0], "tk_decks": [TK_DECKS[0], TK_DECKS[2]]}


def clean_settings(raw, clan_ids: list[str]) -> dict:
    """Settings as kept in storage (anything: an old version's, a damaged one), each field that is not
    right replaced by its default."""
    out = default_settings(clan_ids)
    if not isinstance(raw, dict):
        return out
    names = raw.get("names")
    if isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) and n.strip() for n in names):
        out["names"] = [n.strip()[:24] for n in names]
    clans = raw.get("clans")
    if isinstance(clans, list) and len(clans) == 2 and all(c in clan_ids for c in clans):
        out["clans"] = list(clans)
    if raw.get("first") in FIRST:
        out["first"] = raw["first"]
    if isinstance(raw.get("mulligan"), bool):
        out["mulligan"] = raw["mulligan"]
    seats = raw.get("seats")
    if isinstance(seats, list) and len(seats) == 2 and all(x in CODES and x != "remote" for x in seats):
        out["seats"] = list(seats)
    if raw.get("game") in GAMES:
        out["game"] = raw["game"]
    if raw.get("tk_mode") in TK_MODES:
        out["tk_mode"] = raw["tk_mode"]
    decks = raw.get("tk_decks")
    if isinstance(decks, list) and len(decks) == 2 and all(d in TK_DECKS for d in decks) and decks[0] != decks[1]:
        out["tk_decks"] = list(decks)
    return out


def read_settings(document, before: "dict | None" = None) -> dict:
    """The start screen's fields as settings. A field the screen does not show now (another game's) keeps its
    value from `before`, as does the game chosen (the switch is a button, not a field)."""

    def val(i):
        el = document.getElementById(i)
        return str(el.value) if el else None

    out = dict(before) if before else {}
    names = []
    for i in (0, 1):
        n = (val(f"name-{i}") or "").strip()[:24] or _("Player {n}").format(n=i + 1)
        names.append(n)
    if names[0] == names[1]:
        names[1] += " (2)"
    first = val("first-player") or "random"
    if first not in FIRST:
        first = "random"
    seats = [val(f"seat-{i}") or HUMAN for i in (0, 1)]
    seats = [c if c in CODES and c != "remote" else HUMAN for c in seats]
    out.update(names=names, first=first, seats=seats)
    out.setdefault("game", GAMES[0])
    if val("clan-0") is not None:
        mul = document.getElementById("mulligan")
        out.update(clans=[val("clan-0"), val("clan-1")], mulligan=bool(mul.checked) if mul else False)
    if val("tk-mode") is not None:
        out.update(tk_mode=val("tk-mode"), tk_decks=[val("tk-deck-0"), val("tk-deck-1")])
    return out
