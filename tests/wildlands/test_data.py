"""The engine's data (py/wildlands/data) against the shared files it is built from, and the line of sight
against the geometry and CONTENT.md's check values (W3-W7, W42-W47, W1, W9-W11, W48)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wildlands import datasync, los
from wildlands.content import BOARDS, CHARS, DATA_DIR, FACTIONS

SHARED = datasync.DEFAULT_SHARED
needs_shared = pytest.mark.skipif(not (SHARED / "CONTENT.md").exists(), reason="the shared folder is not here")


@needs_shared
def test_data_equals_a_fresh_build_from_the_shared_files():
    """Every fact of the shipped JSON is what datasync makes of CONTENT.md now (and the LOS tables are what
    wildlands.los computes from the geometry)."""
    docs = datasync.build(SHARED)
    for name, doc in docs.items():
        shipped = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        assert shipped == json.loads(json.dumps(doc)), f"{name} is stale: run python -m wildlands.datasync"


def test_nothing_at_run_time_reads_the_shared_folder():
    """Only the developer tool (datasync) and the geometry it uses know where the shared files are."""
    for f in Path(datasync.__file__).parent.glob("*.py"):
        if f.name != "datasync.py":
            text = f.read_text(encoding="utf-8")
            assert "DEFAULT_SHARED" not in text and "parents[3]" not in text and "import datasync" not in text, f.name


def _edges(board):
    kinds = {}
    b = json.loads((DATA_DIR / "boards.json").read_text())["boards"][board]
    for a, c, k in b["edges"]["value"]:
        kinds.setdefault(k, []).append((a, c))
    return b, kinds


def test_w3_w4_dungeon_geometry_matches_content_md():
    """W3: 42 spaces; W4: adjacency only across white lines. CONTENT.md 4.3's own totals: 20 walls,
    51 open edges, 14 cover spaces, dead ends at 20 and 23, no levels (W47)."""
    b, kinds = _edges("dungeon")
    assert len(b["spaces"]["value"]) == 42
    assert len(kinds["wall"]) == 20 and len(kinds["open"]) == 51 and "up" not in kinds
    d = BOARDS["dungeon"]
    assert sum(d.cover) == 14 and not any(d.high)
    assert [s for s in range(1, 43) if len(d.near[s]) == 1] == [20, 23]
    assert (3, 10) in d.walls and 10 not in d.near[3]


def test_w5_w6_w7_ruins_levels_arrows_gate():
    """W5 cover, W6 arrows uphill, W7 the gate 25-30 is a plain connection both ways. CONTENT.md 4.4:
    14 walls, 58 open edges with the gate, 10 high spaces, 14 cover spaces."""
    b, kinds = _edges("ruins")
    assert len(kinds["wall"]) == 14 and len(kinds["open"]) + len(kinds["up"]) + len(kinds["gate"]) == 58
    r = BOARDS["ruins"]
    assert sum(r.high) == 10 and sum(r.cover) == 14
    assert (2, True) in r.steps[1] and (1, False) in r.steps[2]  # 1 -> 2 uphill, 2 -> 1 downhill
    assert (30, False) in r.steps[25] and (25, False) in r.steps[30]
    for a, c in kinds["up"]:
        assert not r.high[a] and r.high[c]


def test_symmetry_of_both_maps():
    """CONTENT.md 4.2: 180 degree symmetry (s <-> 43-s), the Ruins gate 25-30 excepted."""
    for name in ("dungeon", "ruins"):
        bd = BOARDS[name]
        gate = {frozenset(bd.gate)} if bd.gate else set()

        def near(s):
            return {t for t in bd.near[s] if frozenset((s, t)) not in gate}

        for s in range(1, 43):
            assert bd.cover[s] == bd.cover[43 - s] and bd.high[s] == bd.high[43 - s]
            assert {43 - t for t in near(s)} == near(43 - s), (name, s)


@pytest.mark.parametrize("board", ["dungeon", "ruins"])
def test_w42_los_check_values_of_content_md(board):
    """W42-W47: the LOS the geometry gives equals every check value CONTENT.md lists."""
    b = json.loads((DATA_DIR / "boards.json").read_text())["boards"][board]
    checks = b["check_values"]["value"]
    assert len(checks) >= 4
    for src, expected in checks.items():
        seen = sorted(t for t in BOARDS[board].los[int(src)] if t != int(src))
        assert seen == expected, (board, src)


def test_los_averages_of_content_md():
    """CONTENT.md 4.2: Dungeon 5.5 spaces seen on average (4.5 within heavy-ranged reach), Ruins 4.7 (4.2)."""
    for board, mean, heavy in (("dungeon", 5.5, 4.5), ("ruins", 4.7, 4.2)):
        L = BOARDS[board].los
        assert round(sum(len(L[s]) - 1 for s in range(1, 43)) / 42, 1) == mean
        assert round(sum(sum(1 for t, c in L[s].items() if t != s and c <= 1) for s in range(1, 43)) / 42, 1) == heavy


def test_w43_w44_w45_w46_am10_los_code_blocks_as_the_rules_say():
    """W43 a wall blocks, W44 a completely crossed cover space blocks (shooting into/out of cover does not),
    W45 a space sees itself, W46 levels, AM10 corners."""
    walls, cover, high = set(), set(), set()
    sight = los.sight
    assert sight(1, 1, walls, cover, high) == 0  # W45
    assert sight(1, 3, walls, cover, high) == 1  # 1 -> 3 crosses 2 completely
    assert sight(1, 3, walls, {2}, high) is None  # W44
    assert sight(1, 2, walls, {2}, high) == 0 and sight(2, 1, walls, {2}, high) == 0  # into / out of cover
    assert sight(1, 2, {(1, 2)}, cover, high) is None  # W43
    assert sight(1, 2, walls, cover, {2}) is None  # W46 a: low never sees high
    assert sight(2, 1, walls, cover, {2}) == 0  # W46 c: high sees low
    assert sight(1, 3, walls, cover, {2}) is None  # W46 d: low -> low across high
    assert sight(2, 4, walls, cover, {2, 3, 4}) == 1  # W46 b: high -> high over high
    assert sight(3, 1, walls, cover, {2, 3}) is None  # W46 c: high -> low across another high
    # AM10: the centre-to-centre diagonal 1 -> 9 meets the corner; other segments still see it
    assert los.segment((50, 50), (150, 150), 1, walls, cover, high, True) is None


def test_recomputed_los_equals_the_shipped_table():
    for name in ("dungeon", "ruins"):
        bd = BOARDS[name]
        table = los.compute(set(bd.walls), {s for s in range(1, 43) if bd.cover[s]},
                            {s for s in range(1, 43) if bd.high[s]})
        assert all(table[s] == bd.los[s] for s in range(1, 43)), name


def test_w1_w9_factions_and_characters():
    """W1: four factions of five characters; W9: health on the card (ours, 2-5; CONTENT.md 4.5's totals 15, 15,
    18, 20 after our balance changes, wildlands.tuning: the Guild's Pyromancer -1, the Gnomads' Elsie +1, the Pit
    Fighters' Gnoll -1); names from the rulebook where it gives them, provenance per value."""
    assert sorted(FACTIONS) == ["gnomads", "guild", "lawbringers", "pit_fighters"]
    totals = {f.id: sum(f.health) for f in FACTIONS.values()}
    assert totals == {"guild": 14, "gnomads": 16, "lawbringers": 18, "pit_fighters": 19}
    assert len(CHARS) == 20 and all(2 <= h <= 5 for f in FACTIONS.values() for h in f.health)
    raw = json.loads((DATA_DIR / "factions.json").read_text())
    guild = raw["factions"][0]
    assert guild["name"] == {"value": "Die Gilde", "provenance": "text"}
    assert guild["english"]["provenance"] == "public"
    lunk, owl = guild["characters"][:2]
    assert lunk["name"]["provenance"] == "text" and owl["name"]["provenance"] == "design"
    assert lunk["health"] == {"value": 5, "provenance": "design"}
    assert raw["special_uses"]["provenance"] == "text" and raw["hand_limit"]["value"] == 7


def test_w10_w11_w48_decks():
    """W10 card layout, W11 each faction its own mix of actions, W48 identical special cards; CONTENT.md
    4.6: 30 cards, each character on 11 cards with 9 flags, 8 jokers, Guild C1 = Lunk M, Owl Sage R, joker S."""
    mixes = set()
    for f in FACTIONS.values():
        assert len(f.cards) == 30 and sum(c.special for c in f.cards) == 4
        for i in range(5):
            mine = [c for c in f.cards if c.shows >> i & 1]
            assert len(mine) == 11 and sum(c.flag[i] is not None for c in mine) == 9
        assert sum(c.joker is not None for c in f.cards) == 8
        mixes.add(frozenset(a for c in f.cards for a in (*c.flag, c.joker) if a))
        for a in range(5):
            for b in range(a + 1, 5):
                assert sum(1 for c in f.cards if c.shows >> a & 1 and c.shows >> b & 1) >= 3
    assert len(mixes) == 4
    c1 = FACTIONS["guild"].cards[0]
    assert (c1.id, c1.flag[:2], c1.joker) == ("c1", ("melee", "ranged"), "shield")
