"""Change design values of the Crystal Clans card set for balance (issue 27), the way docs/BALANCE.md says: only
values tagged `design`; each keeps its tag and gets the note "balance: was <old>; <reason>" (and the note it had
before, after " | note before: ").

    PYTHONPATH=py python tools/balance_change.py --reason "Meteor 24% -> 44% (greedy, 420 games); hard confirms" \\
        meteor.citadel_knights/attack=3 stone.workers/attack=2

A value put back as it was before any pass loses its balance note (the note it had before comes back).
A value tagged seed, web or inferred is refused (tests/cards/test_sourced_values.py would fail). The card set
is py/crystalclans/data/base_set.json, rewritten in its own layout (one-space indent, UTF-8, final newline).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from crystalclans.balancenotes import balance_cards, balance_note, balanced_from, note_before

CARD_SET = Path(__file__).resolve().parent.parent / "py" / "crystalclans" / "data" / "base_set.json"


def change(card_set: dict, unit_field: str, value: int, reason: str) -> tuple:
    """Set one card's design value ("clan.unit/field" or "crystal.name/cost"); returns (old, new). Raises
    ValueError for an unknown card or field, or a value a source gives."""
    unit_id, _, field = unit_field.partition("/")
    cards = {c["id"]: c for c in balance_cards(card_set)}
    if unit_id not in cards or not isinstance(cards[unit_id].get(field), dict):
        raise ValueError(f"no card field {unit_field!r} (write clan.unit/field or crystal.name/cost, "
                         "e.g. meteor.citadel_knights/attack)")
    tv = cards[unit_id][field]
    if tv.get("tag") != "design":
        raise ValueError(f"{unit_field} is tagged {tv.get('tag')!r}: balance changes only values of our design")
    old = tv["value"]
    first = balanced_from(tv) or json.dumps(old)  # the value and the note from before the first change stay
    before = note_before(tv)
    if json.dumps(value) != first:
        tv["note"] = balance_note(first, reason, before)
    elif before is not None:  # back as it was before any pass: no longer adjusted, its own note back
        tv["note"] = before
    else:
        tv.pop("note", None)
    tv["value"] = value
    return old, value


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reason", required=True, help="why, with the figures before and after and the bot")
    ap.add_argument("--card-set", type=Path, default=CARD_SET)
    ap.add_argument("changes", nargs="+", metavar="clan.unit/field=value")
    args = ap.parse_args(argv)
    card_set = json.loads(args.card_set.read_text(encoding="utf-8"))
    for c in args.changes:
        key, _, value = c.partition("=")
        old, new = change(card_set, key, int(value), args.reason)
        print(f"{key}: {old} -> {new}")
    args.card_set.write_text(json.dumps(card_set, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
