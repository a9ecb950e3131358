"""wildlands.los.explain: why a space sees another or not, by the method that made the shipped table (W42-W47,
AM10): the same answer as the table for the check values of CONTENT.md, and the reason the rules give for each
kind of block (W43 a wall, W44 cover crossed completely, W46 levels, W35 heavy ranged's reach)."""
from __future__ import annotations

import json

import pytest

from wildlands import los
from wildlands.content import BOARDS, DATA_DIR


def geometry(board: str) -> tuple[set, set, set]:
    bd = BOARDS[board]
    return set(bd.walls), {s for s in range(1, 43) if bd.cover[s]}, {s for s in range(1, 43) if bd.high[s]}


@pytest.mark.parametrize("board", ["dungeon", "ruins"])
def test_w42_explain_gives_the_tables_answer_for_the_check_values_of_content_md(board):
    checks = json.loads((DATA_DIR / "boards.json").read_text())["boards"][board]["check_values"]["value"]
    walls, cover, high = geometry(board)
    for src, expected in checks.items():
        a = int(src)
        for b in range(1, 43):
            why = los.explain(a, b, walls, cover, high)
            assert why.crossed == BOARDS[board].los[a].get(b), (board, a, b, why)
            assert (why.reason in ("clear", "self")) == (b in expected or b == a), (board, a, b, why)
            if why.crossed is None and why.reason != "low_to_high":  # drawn up to the point that stops it
                (x0, y0), (x1, y1) = why.line
                sx, sy = why.stop
                assert min(x0, x1) - 1e-6 <= sx <= max(x0, x1) + 1e-6 and min(y0, y1) - 1e-6 <= sy <= max(y0, y1) + 1e-6


def test_w43_w44_w45_w46_w35_each_block_is_named():
    none: set = set()
    assert los.explain(5, 5, none, none, none).reason == "self"  # W45
    assert los.explain(1, 3, none, {2}, none)[:3] == (None, "cover", (2,))  # W44: 2 crossed completely
    assert los.explain(1, 2, none, {2}, none).reason == "clear"  # into cover is no block
    assert los.explain(1, 2, {(1, 2)}, none, none)[:3] == (None, "wall", (1, 2))  # W43
    assert los.explain(1, 2, none, none, {2})[:3] == (None, "low_to_high", (2,))  # W46 a
    assert los.explain(1, 3, none, none, {2})[:3] == (None, "high", (2,))  # W46 d
    assert los.explain(2, 4, none, none, {2, 3, 4}).reason == "clear"  # W46 b
    assert los.explain(1, 4, none, none, none, reach=1)[:2] == (2, "range")  # W35: heavy ranged crosses at most 1
    assert los.explain(1, 3, none, none, none, reach=1)[:2] == (1, "clear")
    # the wall is named where the line that gets farthest meets it
    walls = {(1, 2), (8, 9)}
    why = los.explain(1, 3, walls, none, none)
    assert why.reason == "wall" and why.at in walls and why.stop[0] == 100.0


def test_dungeon_examples_of_the_guided_game():
    """The shots the guided game points at, from the Owl Sage on 18 (app/games/wildlands/tutorial.py)."""
    walls, cover, high = geometry("dungeon")
    assert los.explain(18, 26, walls, cover, high)[:2] == (1, "clear")
    assert los.explain(18, 4, walls, cover, high)[1:3] == ("wall", (11, 18))
    assert los.explain(18, 33, walls, cover, high)[1:3] == ("cover", (26,))
    assert los.explain(17, 26, walls, cover, high, reach=1)[:2] == (2, "range")
