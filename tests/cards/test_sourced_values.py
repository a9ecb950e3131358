"""Balance changes only our own design (issue 27): every value of the card set tagged `seed`, `web` or
`inferred` is the same as in the card set before any balance pass (tests/cards/sourced_values.json, written
from it), with the same tag. Values tagged `design` may change; each change says so in its provenance.

    PYTHONPATH=py python -m tests.cards.test_sourced_values --write   # only when the card set's sources themselves change
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ..conftest import tool

ROOT = Path(__file__).resolve().parents[2]
CARD_SET = ROOT / "py" / "crystalclans" / "data" / "base_set.json"
SNAPSHOT = Path(__file__).with_name("sourced_values.json")
SOURCED = ("seed", "web", "inferred")


def sourced_values(card_set: dict) -> dict[str, dict]:
    """Every tagged entry of a card set that a source gives (not `design`), by its path: its tag and its
    value (or, for an effect primitive, the primitive without its provenance words)."""
    out: dict[str, dict] = {}

    def walk(node, path: str) -> None:
        if isinstance(node, dict):
            tag = node.get("tag")
            if tag in SOURCED and ("value" in node or "op" in node):
                out[path] = {k: v for k, v in node.items() if k not in ("src", "note", "conf")}
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                key = v.get("id", i) if isinstance(v, dict) else i
                walk(v, f"{path}/{key}")

    walk(card_set, "")
    return out


def test_no_sourced_value_differs_from_the_card_set_before_the_balance_pass():
    before = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    now = sourced_values(json.loads(CARD_SET.read_text(encoding="utf-8")))
    changed = {p: (before[p], now.get(p)) for p in before if now.get(p) != before[p]}
    assert not changed, f"{len(changed)} sourced values changed (balance may change design values only): " + \
        "; ".join(f"{p}: {a} -> {b}" for p, (a, b) in list(changed.items())[:5])
    assert len(before) > 500  # (the snapshot holds the card set's sourced values: 616 of 1,244 tagged fields)


def test_the_check_would_see_a_changed_sourced_value():
    card_set = json.loads(CARD_SET.read_text(encoding="utf-8"))
    before = sourced_values(card_set)
    unit = card_set["clans"][0]["units"][0]
    assert unit["name"]["en"]["tag"] == "seed"
    unit["name"]["en"]["value"] += "!"
    after = sourced_values(card_set)
    assert [p for p in before if after.get(p) != before[p]] == [f"/clans/blood/units/{unit['id']}/name/en"]


def test_a_balance_change_keeps_the_first_old_value_and_refuses_a_sourced_one(tmp_path):
    balance_change = tool("balance_change")
    path = tmp_path / "set.json"
    path.write_text(CARD_SET.read_text(encoding="utf-8"), encoding="utf-8")
    balance_change.main(["--card-set", str(path), "--reason", "Meteor 24% -> 40%", "meteor.citadel_knights/attack=3"])
    balance_change.main(["--card-set", str(path), "--reason", "Meteor 40% -> 45%", "meteor.citadel_knights/attack=4"])
    card_set = json.loads(path.read_text(encoding="utf-8"))
    unit = next(u for c in card_set["clans"] for u in c["units"] if u["id"] == "meteor.citadel_knights")
    assert unit["attack"] == {"value": 4, "tag": "design", "note": "balance: was 2; Meteor 40% -> 45%"}
    assert sourced_values(card_set) == json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="tagged 'inferred': balance changes only values of our design"):
        balance_change.change(card_set, "blood.marauders/attack", 2, "no")
    with pytest.raises(ValueError, match="no card field"):
        balance_change.change(card_set, "meteor.nobody/attack", 2, "no")


def test_a_crystal_cost_of_our_design_may_change_for_balance_and_comes_back_before_the_pass():
    """A crystal's cost tagged design changes like a unit's value (a sourced one is refused): the report lists
    it among the crystals, the card details say it was adjusted, and before_balance puts it back."""
    from crystalclans.ai.tournament import _adjusted_section
    from crystalclans.balancenotes import adjusted_values, before_balance

    balance_change = tool("balance_change")
    shipped = json.loads(CARD_SET.read_text(encoding="utf-8"))
    card_set = before_balance(shipped)  # every crystal cost as it was before the pass
    crystals = {c["id"]: c for c in card_set["crystals"]}
    designed = next(c for c in card_set["crystals"] if c["cost"]["tag"] == "design")
    sourced = next(c for c in card_set["crystals"] if c["cost"]["tag"] != "design")
    with pytest.raises(ValueError, match="balance changes only values of our design"):
        balance_change.change(card_set, f"{sourced['id']}/cost", 1, "no")
    was = designed["cost"]["value"]
    before = adjusted_values(card_set)
    balance_change.change(card_set, f"{designed['id']}/cost", was + 1, "the first player 39% -> 51% (normal)")
    assert crystals[designed["id"]]["cost"]["value"] == was + 1
    new = [a for a in adjusted_values(card_set) if a not in before]
    assert [(a.unit, a.field, a.was, a.now) for a in new] == [(designed["id"], "cost", str(was), was + 1)]
    section = "\n".join(_adjusted_section(adjusted_values(card_set), card_set))
    assert f"- **crystals**: {designed['name']['en']['value']} cost {was} → {was + 1}" in section
    assert sourced_values(card_set) == json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert before_balance(card_set) == before_balance(shipped)


def test_a_balance_change_keeps_the_note_the_value_had_and_the_set_before_the_pass_comes_back_whole():
    """A design value with a note of its own (where the design leans on a preview) keeps that note after the
    change, and before_balance gives back the card set as it was, byte for byte: the card set's hash, which
    seeds and saves depend on, covers the notes too."""
    from crystalclans.balancenotes import before_balance, note_before

    balance_change = tool("balance_change")
    card_set = json.loads(CARD_SET.read_text(encoding="utf-8"))
    unit = next(u for c in card_set["clans"] for u in c["units"] if u["id"] == "skull.boneknife_cultists")
    old = dict(unit["attack"])
    assert old["tag"] == "design" and "preview" in note_before(old)
    balance_change.change(card_set, "skull.boneknife_cultists/attack", old["value"] + 1, "Skull 60% -> 50%")
    balance_change.change(card_set, "skull.boneknife_cultists/attack", old["value"] + 2, "Skull 50% -> 48%")
    assert unit["attack"]["value"] == old["value"] + 2
    assert note_before(unit["attack"]) == note_before(old)
    assert unit["attack"]["note"].endswith(" | note before: " + note_before(old))
    shipped = json.loads(CARD_SET.read_text(encoding="utf-8"))
    assert before_balance(card_set) == before_balance(shipped)


def test_a_value_put_back_as_it_was_before_the_pass_is_no_longer_adjusted():
    """A balance pass that returns a value to what it was before any pass takes its balance note away (the note
    it had before comes back): it is not listed among the adjusted values and its card details say nothing of
    balance. A value it returns to an earlier pass's figure, not the first, stays adjusted."""
    from crystalclans.balancenotes import adjusted_values, balance_cards, balanced_from, before_balance

    balance_change = tool("balance_change")
    shipped = json.loads(CARD_SET.read_text(encoding="utf-8"))
    card_set = json.loads(json.dumps(shipped))
    adjusted = next(a for a in adjusted_values(card_set) if not a.unit.startswith("crystal."))
    key = f"{adjusted.unit}/{adjusted.field}"
    value = next(c for c in balance_cards(card_set) if c["id"] == adjusted.unit)[adjusted.field]
    first = json.loads(adjusted.was)
    balance_change.change(card_set, key, value["value"] + 1, "X 50% -> 55%")
    assert balanced_from(value) == adjusted.was and value["value"] != first
    balance_change.change(card_set, key, first, "X 58% -> 53%")
    before = next(c for c in balance_cards(before_balance(shipped)) if c["id"] == adjusted.unit)
    assert value == before[adjusted.field]
    assert all((a.unit, a.field) != (adjusted.unit, adjusted.field) for a in adjusted_values(card_set))
    assert before_balance(card_set) == before_balance(shipped)


if __name__ == "__main__" and "--write" in sys.argv:
    SNAPSHOT.write_text(json.dumps(sourced_values(json.loads(CARD_SET.read_text(encoding="utf-8"))), indent=0,
                                   sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT}")
