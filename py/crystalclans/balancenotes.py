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
    parts = _note_parts(p)
    return None if parts is None else parts[0]


def _note_parts(p: dict) -> tuple[str, str] | None:
    """(the old value, the reason) of a design value's balance note, else None."""
    note = str(p.get("note", ""))
    if not note.startswith(BALANCED) or p.get("tag") not in (None, "design"):
        return None
    was, _, reason = note[len(BALANCED):].partition(";")
    return was.strip(), reason.strip()


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
                if isinstance(tv, dict) and (parts := _note_parts(tv)) is not None:
                    out.append(Adjusted(unit["id"], field, parts[0], tv.get("value"), parts[1]))
    return out


def before_balance(card_set: dict) -> dict:
    """A copy of a card set's JSON with every value a balance pass changed put back as it was before (its
    note removed): the card set of the time before any pass, for tests that pin games dealt and played with
    it."""
    out = json.loads(json.dumps(card_set))
    for clan in out["clans"]:
        for unit in clan["units"]:
            for tv in unit.values():
                if isinstance(tv, dict) and (parts := _note_parts(tv)) is not None:
                    tv["value"] = json.loads(parts[0])
                    del tv["note"]
    return out
