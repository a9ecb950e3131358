"""A game's rules reference is a list of entries: data (id, title, HTML paragraphs, the English key of its
section), which render.rules_modal lays out with a search box. Each game module's `rules_entries` makes them
(app/games/*_rules.py)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    title: str
    body: str  # HTML
    group: str


def short_of(entries: "list[Entry]", ids: "tuple[str, ...]") -> str:
    """A start screen's rules in short: the reference's entries named by `ids`, each with its title."""
    from html import escape

    return "".join(f"<h3>{escape(e.title)}</h3>{e.body}" for e in entries if e.id in ids)
