"""Our balance changes to CONTENT.md's designed values (wildlands.tuning): the engine plays each changed value,
the shipped data marks exactly those values with CONTENT.md's value and the reason, and
docs/WILDLANDS_BALANCE.md lists exactly the same changes. A value changed in one place only fails here (the
data against a fresh build from CONTENT.md is tests/wildlands/test_data.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from wildlands.content import DATA_DIR, FACTIONS
from wildlands.tuning import CHANGES

DOC = Path(__file__).resolve().parents[2] / "docs" / "WILDLANDS_BALANCE.md"


def _text(value: "str | int | None") -> str:
    return "none" if value is None else str(value)


def _key(ch: dict) -> tuple[str, str, str, str]:
    """(faction, which value, CONTENT.md's, ours) as the doc's table writes them."""
    field = ch["field"]
    what = (f"{ch['character']} health" if field == "health" else
            f"{ch['card']} {ch['character']}" if field == "flag" else f"{ch['card']} joker")
    return ch["faction"], what, _text(ch["was"]), _text(ch["now"])


def test_every_change_is_complete_and_the_engine_plays_it():
    assert len({_key(ch)[:2] for ch in CHANGES}) == len(CHANGES), "a value changed twice"
    for ch in CHANGES:
        assert ch["was"] != ch["now"] and len(ch["reason"]) > 20, ch
        f = FACTIONS[ch["faction"]]
        if ch["field"] == "health":
            assert f.health[f.ids.index(ch["character"])] == ch["now"], ch
            assert 2 <= ch["now"] <= 5 and abs(ch["now"] - ch["was"]) == 1, "CONTENT.md 4.6: health +-1, 2-5"
        else:
            card = f.cards[f.by_id[ch["card"]]]
            got = card.flag[f.ids.index(ch["character"])] if ch["field"] == "flag" else card.joker
            assert got == ch["now"], ch


def test_the_data_marks_exactly_the_changed_values():
    raw = json.loads((DATA_DIR / "factions.json").read_text(encoding="utf-8"))
    marked = set()
    listed = []
    for f in raw["factions"]:
        for c in f["characters"]:
            if "was" in c["health"]:
                marked.add((f["id"], f"{c['id']} health", _text(c["health"]["was"]), _text(c["health"]["value"])))
                assert c["health"]["reason"]
        for card in f["deck"]["value"]:
            for t in card.get("tuned", []):
                where = t["field"]
                now = card["joker"] if where == "joker" else card["symbols"][where.split(".", 1)[1]]
                what = f"{card['id']} joker" if where == "joker" else f"{card['id']} {where.split('.', 1)[1]}"
                marked.add((f["id"], what, _text(t["was"]), _text(now)))
                assert t["reason"]
        listed += f.get("tuned", {}).get("value", [])
    assert marked == {_key(ch) for ch in CHANGES}
    assert sorted(map(_key, listed)) == sorted(map(_key, CHANGES))


def test_the_balance_doc_lists_exactly_the_changed_values():
    text = DOC.read_text(encoding="utf-8")
    part = text.split("## Changed values", 1)[1].split("\n## ", 1)[0]
    rows = set()
    for line in part.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[0] in FACTIONS:
            rows.add((cells[0], cells[1], cells[2], cells[3]))
    assert rows == {_key(ch) for ch in CHANGES}, "docs/WILDLANDS_BALANCE.md's table of changed values is stale"
    assert re.search(r"code `[0-9a-f]{12}`", part)


def test_balance_try_plays_other_values_in_this_process_only(capsys):
    """`python -m wildlands balance --try` (the tool that searched the changes) plays the values it is given
    and refuses to record games the code hash would not describe."""
    from wildlands.__main__ import main
    from wildlands.ai.tournament import try_values

    f = FACTIONS["lawbringers"]
    c1 = f.cards[f.by_id["c1"]]
    kept = (f.health, c1.joker, c1.flag)
    try:
        try_values([{"faction": "lawbringers", "character": "satyr", "field": "health", "now": 4},
                    {"faction": "lawbringers", "card": "c1", "field": "joker", "now": "cover"},
                    {"faction": "lawbringers", "card": "c1", "character": "sheriff", "field": "flag", "now": None}])
        assert f.health[f.ids.index("satyr")] == 4 and c1.joker == "cover" and c1.flag[0] is None
    finally:
        f.health, c1.joker, c1.flag = kept
    assert main(["balance", "--games", "1", "--workers", "1", "--record", "x.jsonl", "--try", "[]"]) == 2
    assert "records nothing" in capsys.readouterr().err
