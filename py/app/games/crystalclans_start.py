"""Crystal Clans' part of the start screen's settings: each player's clan, and the mulligan (app/settings.py
calls `defaults`, `clean`, `read`, `players`). No engine import: the clans come from the card set the caller
holds."""
from __future__ import annotations

FIELDS = ("clan-0", "clan-1", "mulligan")
REDRAW: tuple[str, ...] = ()


def players(s: dict) -> int:
    return 2


def defaults(clan_ids: list[str]) -> dict:
    """The first and the fourth clan (Blood v Skull), no mulligan."""
    return {"clans": [clan_ids[0], clan_ids[min(3, len(clan_ids) - 1)]], "mulligan": False}


def clean(raw: dict, out: dict, clan_ids: list[str]) -> None:
    clans = raw.get("clans")
    if isinstance(clans, list) and len(clans) == 2 and all(c in clan_ids for c in clans):
        out["clans"] = list(clans)
    if isinstance(raw.get("mulligan"), bool):
        out["mulligan"] = raw["mulligan"]


def read(val, checked, out: dict) -> None:
    if val("clan-0") is not None:
        out.update(clans=[val("clan-0"), val("clan-1")], mulligan=bool(checked("mulligan")))
