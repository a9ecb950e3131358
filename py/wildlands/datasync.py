"""Developer tool: rebuilds the engine's data (py/wildlands/data/*.json) from the project's shared Wildlands
files (../shared/wildlands/CONTENT.md, our designed content, and RULES.md for the facts of the rulebook).

Nothing imports this module at run time: the engine reads only its own JSON (wildlands.content), so the
browser needs neither the shared folder nor the geometry code. It also computes each map's line-of-sight
table from the geometry (wildlands.los) instead of typing it. Run it after the shared files change, then run
tests/wildlands/test_data.py, which rebuilds the data and compares it with the shipped copy.

    PYTHONPATH=py python -m wildlands.datasync [/path/to/shared/wildlands]

Every value carries its provenance: `text` (the rulebook, our seed), `public` (a public page, RULES.md part
3) or `design` (ours, CONTENT.md).
"""
from __future__ import annotations

import re
from pathlib import Path

from gamecore import datafiles

from . import los as losmod
from .tuning import CHANGES

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_SHARED = Path(__file__).resolve().parents[3] / "shared" / "wildlands"
FACTIONS = (  # id, the letter CONTENT.md uses, the rulebook's name [text], the English name [public]
    ("guild", "G", "Die Gilde", "The Venerable Guild of Mages"),
    ("gnomads", "N", "Das kleine Volk", "The Gnomads"),
    ("lawbringers", "L", "Die Bürgerwehr", "The Lawbringers"),
    ("pit_fighters", "P", "Die Kämpfer", "The Pit Fighters"),
)
ACTIONS = {"M": "melee", "HM": "heavy_melee", "R": "ranged", "HR": "heavy_ranged", "A": "area", "C": "cover",
           "S": "shield", "MV": "manoeuvre", "F": "fly", "-": None}
DASH = "\u2013"


def v(value, provenance: str, note: "str | None" = None) -> dict:
    d = {"value": value, "provenance": provenance}
    if note:
        d["note"] = note
    return d


def _section(text: str, head: str) -> str:
    start = text.index(head)
    nxt = text.find("\n### ", start + len(head))
    return text[start:nxt if nxt >= 0 else len(text)]


def _after(sec: str, label: str, stop: str) -> str:
    return sec.split(label, 1)[1].split(stop, 1)[0]


def _pairs(s: str, sep: str) -> list[list[int]]:
    return [[int(a), int(b)] for a, b in re.findall(rf"(\d+)\s*{sep}\s*(\d+)", s)]


def _ints(s: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", s)]


def _checks(sec: str) -> dict[str, list[int]]:
    part = sec.split("Check values", 1)[1]
    return {a: _ints(b) for a, b in re.findall(r"(\d+)(?: \((?:high|low)\))? → \{([\d,]+)\}", part)}


def _board(name: str, sec: str, walls: list, cover: list, high: list, arrows: list, gate: "list | None") -> dict:
    spaces = []
    for s in range(1, 43):
        row, col = divmod(s - 1, 7)
        spaces.append({"id": s, "col": col, "row": row, "cover": s in cover, "level": 1 if s in high else 0})
    wallset = {tuple(sorted(w)) for w in walls}
    up = {tuple(sorted(a)): a for a in arrows}
    edges = []
    for s in range(1, 43):
        row, col = divmod(s - 1, 7)
        for t in ((s + 1) if col < 6 else None, (s + 7) if row < 5 else None):
            if t is None:
                continue
            key = (s, t)
            if key in wallset:
                edges.append([s, t, "wall"])
            elif key in up:
                edges.append([*up[key], "up"])  # climbing from the first to the second
            else:
                edges.append([s, t, "open"])
    if gate:
        edges.append([gate[0], gate[1], "gate"])
    table = losmod.compute(wallset, set(cover), set(high))
    return {
        "id": name,
        "spaces": v(spaces, "design", "42 spaces [text]; their grid, cover and levels are ours"),
        "edges": v(edges, "design", "white lines and walls are ours; arrows mark uphill (first -> second)"),
        "gate": v(gate, "design", "the gate between 25 and 30 is in the text; its place in our grid is ours")
        if gate else None,
        "los": v({str(a): {str(b): c for b, c in sorted(row.items())} for a, row in table.items()}, "design",
                 "computed from the geometry by wildlands.los (CONTENT.md 4.2)"),
        "check_values": v(_checks(sec), "design", "CONTENT.md's LOS check values, self excluded"),
    }


def _name_and_prov(cell: str) -> tuple[str, str, str]:
    """(id, name, provenance of the name) from a CONTENT.md character cell."""
    name = re.split(r"\s*\*", cell, 1)[0].strip()
    prov = "text" if "[text" in cell else "design"
    ident = re.sub(r"[^a-z0-9]+", "_", name.split(",")[0].lower()).strip("_").replace("orc_sibling_", "orc_").removeprefix("the_")
    return ident, name, prov


def build(shared: Path) -> dict[str, object]:
    """The JSON documents (file name -> content) made from the shared files."""
    text = (shared / "CONTENT.md").read_text(encoding="utf-8")
    docs: dict[str, object] = {}

    dsec = _section(text, "### 4.3 Dungeon")
    dwalls = _pairs(_after(dsec, "Walls (all other orthogonal neighbours are open):", "Cover:"), DASH)
    dcover = _ints(_after(dsec, "\nCover:", "\n"))
    rsec = _section(text, "### 4.4 Ruins")
    high = _ints(_after(rsec, "High:", "."))
    arrows = _pairs(_after(rsec, "Uphill arrows (low → high):", "Walls:"), "→")
    rwalls = _pairs(_after(rsec, "Walls:", "Gate:"), DASH)
    gate = _pairs(_after(rsec, "Gate:", "("), DASH)[0]
    rcover = _ints(_after(rsec, "Cover:", "."))
    docs["boards.json"] = {"source": "shared/wildlands/CONTENT.md 4.2-4.4", "boards": {
        "dungeon": _board("dungeon", dsec, dwalls, dcover, [], [], None),
        "ruins": _board("ruins", rsec, rwalls, rcover, high, arrows, gate),
    }}

    csec = _section(text, "### 4.5 Characters")
    chars: dict[str, list] = {f[0]: [] for f in FACTIONS}
    letters = {f[1]: f[0] for f in FACTIONS}
    for row in re.findall(r"^\|[^|\n]*\| ([GNLP])(\d) \| ([^|]+)\| (\d+) \| ([^|]+)\|", csec, re.M):
        letter, idx, cell, health, role = row
        ident, name, prov = _name_and_prov(cell)
        chars[letters[letter]].append({"id": ident, "index": int(idx), "name": v(name, prov),
                                       "health": v(int(health), "design"), "role": v(role.strip(), "design")})
    dsec4 = _section(text, "### 4.6 Decks")
    entries: dict[str, list[list[str]]] = {}
    jokers: dict[str, list[str]] = {}
    for label, cells in re.findall(r"^\| ([A-Za-z0-9 ()]+?) \| ((?:(?:M|HM|R|HR|A|C|S|MV|F|-) ?)+)\|", dsec4, re.M):
        toks = cells.split()
        m = re.match(r"([GNLP])(\d) ", label + " ")
        if m:
            entries.setdefault(letters[m.group(1)], []).append(toks)
        else:
            fid = {"Guild": "guild", "Gnomad": "gnomads", "Lawbringer": "lawbringers",
                   "Pit Fighter": "pit_fighters"}[label.split(" jokers")[0]]
            jokers[fid] = toks
    tmpl = _after(dsec4, "**Card template**", "Every character")
    sets = [_ints(s) for s in re.findall(r"\{([\d,]+)\}", tmpl)]
    assert len(sets) == 16, sets
    symbols = [sets[i % 10] if i < 20 else sets[10 + i - 20] for i in range(26)]
    specials = 4
    factions = []
    for fid, letter, de, en in FACTIONS:
        cards = [{"id": f"c{i + 1}", "symbols": {}, "joker": None} for i in range(26)]
        for ci, toks in enumerate(entries[fid]):
            mine = [k for k in range(26) if ci in symbols[k]]
            assert len(mine) == len(toks) == 11, (fid, ci)
            for k, tok in zip(mine, toks):
                cards[k]["symbols"][chars[fid][ci]["id"]] = ACTIONS[tok]
        for k, tok in enumerate(jokers[fid]):
            cards[k]["joker"] = ACTIONS[tok]
        for i in range(specials):
            cards.append({"id": f"s{i + 1}", "special": True})
        factions.append({
            "id": fid, "name": v(de, "text"), "english": v(en, "public"),
            "characters": chars[fid],
            "deck": v(cards, "design", "30 cards a deck [public]; 11 cards per character [text example]; "
                      "symbols, flags, 8 jokers and 4 special cards are ours (CONTENT.md 4.6)"),
            "actions": v(sorted({a for c in cards for a in [*c.get("symbols", {}).values(), c.get("joker")] if a}),
                         "design"),
        })
    tune(factions, CHANGES)
    docs["factions.json"] = {"source": "shared/wildlands/CONTENT.md 4.5-4.6", "factions": factions,
                             "special_uses": v(["joker", "draw", "interrupt"], "text"),
                             "hand_limit": v(7, "text"), "draw_per_turn": v(3, "text"),
                             "shards_per_faction": v(5, "text"), "characters_per_faction": v(5, "text"),
                             "points_to_win": v(5, "text"), "map_cards_dealt": v(10, "text")}
    return docs


def tune(factions: list[dict], changes: "tuple[dict, ...]") -> None:
    """Apply our balance changes (wildlands.tuning) to the factions built from CONTENT.md: each changed value
    keeps CONTENT.md's value as `was` and the `reason`; each faction lists its changes under `tuned`."""
    by_id = {f["id"]: f for f in factions}
    for ch in changes:
        f = by_id[ch["faction"]]
        field = ch["field"]
        if field == "health":
            char = next(c for c in f["characters"] if c["id"] == ch["character"])
            cell = char["health"]
            assert cell["value"] == ch["was"], f"CONTENT.md changed under {ch}: now {cell['value']}"
            cell.update(value=ch["now"], was=ch["was"], reason=ch["reason"])
        else:
            card = next(c for c in f["deck"]["value"] if c["id"] == ch["card"])
            if field == "flag":
                assert ch["character"] in card["symbols"], f"{ch['card']} shows no {ch['character']}"
                old, where = card["symbols"][ch["character"]], f"symbols.{ch['character']}"
                card["symbols"][ch["character"]] = ch["now"]
            else:
                assert field == "joker", ch
                old, where = card["joker"], "joker"
                card["joker"] = ch["now"]
            assert old == ch["was"], f"CONTENT.md changed under {ch}: now {old}"
            card.setdefault("tuned", []).append({"field": where, "was": ch["was"], "reason": ch["reason"]})
        f.setdefault("tuned", v([], "design", "our values changed by self-play balancing from CONTENT.md's "
                                "(each marked where it changed, with the reason; wildlands.tuning, "
                                "docs/WILDLANDS_BALANCE.md)"))["value"].append({k: x for k, x in ch.items() if k != "reason"})
    for f in factions:
        if "tuned" in f:
            cards = f["deck"]["value"]
            f["actions"]["value"] = sorted({a for c in cards for a in [*c.get("symbols", {}).values(),
                                                                         c.get("joker")] if a})


if __name__ == "__main__":
    datafiles.rebuild(build, DATA, DEFAULT_SHARED, datafiles.FLAT)
