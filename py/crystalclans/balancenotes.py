"""The balance pass's marks in the card set (issue 27): a design value a balance pass changed keeps its tag and
gets the note "balance: was <old value>; <reason>", followed by " | note before: <its note>" when it had one
(tools/balance_change.py writes it), so the value and the note before the pass can both be put back. The card
details show it ("adjusted for balance") and the balance report lists it; neither changes how a game is
played, so this module is one of codeversion's TOOLS.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BALANCED = "balance: was "  # how a design value's note begins once a balance pass changed it
NOTE_BEFORE = " | note before: "  # what follows it is the value's note before the pass


def balance_note(was: str, reason: str, note_before: str | None = None) -> str:
    """The note of a design value a balance pass changed (keeping the note it had, if any)."""
    return f"{BALANCED}{was}; {reason}" + (f"{NOTE_BEFORE}{note_before}" if note_before else "")


def note_before(p: dict) -> str | None:
    """The note a design value had before a balance pass changed it (None: it had none, or was not changed)."""
    parts = _note_parts(p)
    return p.get("note") if parts is None else parts[2]


def balanced_from(p: dict) -> str | None:
    """The value before a balance pass changed it, for a design value whose note says so
    (balance_note: "balance: was 3; Stone 28% -> 45% ..."), else None."""
    parts = _note_parts(p)
    return None if parts is None else parts[0]


def _note_parts(p: dict) -> tuple[str, str, str | None] | None:
    """(the old value, the reason, the note before) of a design value's balance note, else None."""
    note = str(p.get("note", ""))
    if not note.startswith(BALANCED) or p.get("tag") not in (None, "design"):
        return None
    rest, kept, before = note[len(BALANCED):].partition(NOTE_BEFORE)
    was, _, reason = rest.partition(";")
    return was.strip(), reason.strip(), before if kept else None


@dataclass(frozen=True)
class Adjusted:
    """One value a balance pass changed: the card's id (a unit's or a crystal's), the field, the value before
    and now, and why."""

    unit: str
    field: str
    was: str
    now: Any
    reason: str


def balance_cards(card_set: dict) -> list[dict]:
    """The cards whose values a balance pass may change: every clan's units, then the crystals."""
    return [u for clan in card_set["clans"] for u in clan["units"]] + list(card_set.get("crystals", []))


def adjusted_values(card_set: dict | Path) -> list[Adjusted]:
    """Every card value of a card set (its JSON, or the file) that a balance pass changed, in the set's
    order: the units' first, then the crystals'."""
    if isinstance(card_set, Path):
        card_set = json.loads(card_set.read_text(encoding="utf-8"))
    out = []
    for card in balance_cards(card_set):
        for field, tv in card.items():
            if isinstance(tv, dict) and (parts := _note_parts(tv)) is not None:
                out.append(Adjusted(card["id"], field, parts[0], tv.get("value"), parts[1]))
    return out


def before_balance(card_set: dict) -> dict:
    """A copy of a card set's JSON with every value a balance pass changed put back as it was before, with the
    note it had then: the card set of the time before any pass, for tests that pin games dealt and played with
    it."""
    out = json.loads(json.dumps(card_set))
    for card in balance_cards(out):
        for tv in card.values():
            if isinstance(tv, dict) and (parts := _note_parts(tv)) is not None:
                tv["value"] = json.loads(parts[0])
                if parts[2] is None:
                    del tv["note"]
                else:
                    tv["note"] = parts[2]
    return out
