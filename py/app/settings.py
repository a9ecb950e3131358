"""The start screen's new-game settings: their defaults, reading them from the form, and keeping them in this
browser so the screen shows the last choices (seats, names, clans) again. No engine import: main.py shows the
start screen before the engine loads."""
from __future__ import annotations

from .i18n import _
from .seats import CODES, HUMAN

DEFAULT_NAMES = ["Ada", "Bob"]
FIRST = ("random", "0", "1")


def default_settings(clan_ids: list[str]) -> dict:
    """New-game settings: two names, the first and the fourth clan (Blood vs Skull), random first player,
    two people at this screen."""
    return {"names": list(DEFAULT_NAMES), "clans": [clan_ids[0], clan_ids[min(3, len(clan_ids) - 1)]],
            "first": "random", "mulligan": False, "seats": [HUMAN, HUMAN]}


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
    return out


def read_settings(document) -> dict:
    def val(i):
        el = document.getElementById(i)
        return str(el.value) if el else None

    names = []
    for i in (0, 1):
        n = (val(f"name-{i}") or "").strip()[:24] or _("Player {n}").format(n=i + 1)
        names.append(n)
    if names[0] == names[1]:
        names[1] += " (2)"
    clans = [val("clan-0"), val("clan-1")]
    first = val("first-player") or "random"
    if first not in ("random", "0", "1"):
        first = "random"
    mul = document.getElementById("mulligan")
    seats = [val(f"seat-{i}") or HUMAN for i in (0, 1)]
    seats = [c if c in CODES and c != "remote" else HUMAN for c in seats]
    return {"names": names, "clans": clans, "first": first, "mulligan": bool(mul.checked) if mul else False,
            "seats": seats}
