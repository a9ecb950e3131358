"""The balance pass's marks in the card set (issue 27): a design value a balance pass changed keeps its tag and
gets the note "balance: was <old value>; <reason>" (tools/balance_change.py writes it). The card details show
it ("adjusted for balance") and the balance report lists it; neither changes how a game is played, so this
module is one of codeversion's TOOLS.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BALANCED = "balance: was "  # how a design value's note begins once a balance pass changed it


def balance_note(was: str, reason: str) -> str:
    """The note of a design value a balance pass changed."""
    return f"{BALANCED}{was}; {reason}"


def balanced_from(p: dict) -> str | None:
    """The value before a balance pass changed it, for a design value whose note says so
    (balance_note: "balance: was 3; Stone 28% -> 45% ..."), else None."""
    note = str(p.get("note", ""))
    if not note.startswith(BALANCED) or p.get("tag") not in (None, "design"):
        return None
    return note[len(BALANCED):].split(";", 1)[0].strip()


@dataclass(frozen=True)
class Adjusted:
    """One value a balance pass changed: the unit's id, the field, the value before and now, and why."""

    unit: str
    field: str
    was: str
    now: Any
    reason: str


def adjusted_values(card_set: dict | Path) -> list[Adjusted]:
    """Every unit value of a card set (its JSON, or the file) that a balance pass changed, in the set's
    order."""
    if isinstance(card_set, Path):
        card_set = json.loads(card_set.read_text(encoding="utf-8"))
    out = []
    for clan in card_set["clans"]:
        for unit in clan["units"]:
            for field, tv in unit.items():
                if isinstance(tv, dict) and (was := balanced_from(tv)) is not None:
                    reason = str(tv["note"]).split(";", 1)[1].strip() if ";" in str(tv["note"]) else ""
                    out.append(Adjusted(unit["id"], field, was, tv.get("value"), reason))
    return out
