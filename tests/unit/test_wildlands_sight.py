"""Choosing a ranged attack's target on the Wildlands table shows the line of sight and why a space is no target
(issue 29): the table draws, from the engine's explanation (wildlands.los.explain), a hidden line to every enemy
of each shooter (green: a target now; red up to what stops it, the wall or the space marked) with its words, in
the space's accessible name too; the board is one tab stop with every space placed for the arrow keys
(web/js/grid_keys.js). Nothing is drawn when no ranged attack is offered."""
from __future__ import annotations

import re

import pytest

from app import i18n
from app.games.wildlands import table as T
from app.games.wildlands.tutorial import STEPS, Tutorial


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def at_the_shot():
    """The guided game's ranged attack step: the Owl Sage on 18, the Scout on 26 the one target offered."""
    t = Tutorial()
    g = t.game
    for st in STEPS:
        if st.move.startswith("ranged"):
            break
        g.apply(st.move)
    return t.offer(g.view(0), g), g


def groups(svg: str) -> dict[int, list[tuple[str, str]]]:
    out: dict[int, list] = {}
    for cls, to, why, body in re.findall(r'<g class="wl-sight (ok|no)" data-to="(\d+)" data-why="([^"]*)"'
                                         r' aria-hidden="true">(.*?)</g>', svg):
        out.setdefault(int(to), []).append((cls, why, body))
    return out


def test_every_enemy_of_the_shooter_has_its_line_and_its_reason():
    view, g = at_the_shot()
    assert view["legal_actions"] == ["ranged c5 owl_sage scout"]
    svg = T.board_svg(view, ["Ada", "Gnome"], view["legal_actions"])
    seen = groups(svg)
    assert sorted(seen) == [2, 4, 26, 33, 40]  # the five Gnomads on the board
    (cls, why, body), = seen[26]
    assert cls == "ok" and why == "Owl Sage can shoot Scout: in line of sight" and "wl-sight-stop" not in body
    (cls, why, body), = seen[4]
    assert cls == "no" and why == "Owl Sage cannot shoot Tak: the wall between spaces 11 and 18 is in the way"
    # the wall between 11 and 18 (row 1 | row 2, column 3) marked, and the point where the line is stopped
    assert '<line class="wl-sight-block" x1="300" y1="200" x2="400" y2="200"/>' in body and "wl-sight-stop" in body
    (cls, why, body), = seen[33]
    assert why == "Owl Sage cannot shoot Automate: the line would cross the cover on space 26 completely"
    assert '<rect class="wl-sight-space" x="404" y="304"' in body  # space 26: column 4, row 3
    assert "the wall between spaces 25 and 32" in seen[40][0][1]
    # the words are in each space's accessible name as well, and under the board for the pointer
    cell = re.search(r'<g class="wl-space[^"]*" data-space="4"[^>]*aria-label="([^"]*)"', svg).group(1)
    assert "Tak of Gnome" in cell and "cannot shoot Tak: the wall" in cell
    assert 'data-sight-why data-hint="Point at a figure' in svg


def test_the_line_drawn_is_the_engines():
    from wildlands import los
    from wildlands.content import BOARDS

    view, g = at_the_shot()
    svg = T.board_svg(view, ["Ada", "Gnome"], view["legal_actions"])
    bd = BOARDS["dungeon"]
    walls, cover = set(bd.walls), {s for s in range(1, 43) if bd.cover[s]}
    why = los.explain(18, 33, walls, cover, set())
    (x0, y0), _end = why.line
    sx, sy = why.stop
    body = groups(svg)[33][0][2]
    assert f'<line class="wl-sight-line" x1="{x0:.1f}" y1="{y0:.1f}" x2="{sx:.1f}" y2="{sy:.1f}"/>' in body


def test_heavy_ranged_out_of_reach_is_said():
    view, g = at_the_shot()
    view = dict(view, legal_actions=["heavy_ranged c11 owl_sage scout"])
    view["seats"] = [dict(s, characters=[dict(c, space=17) if c["id"] == "owl_sage" else c for c in s["characters"]])
                     for s in view["seats"]]
    svg = T.board_svg(view, ["Ada", "Gnome"], view["legal_actions"])
    (cls, why, body), = groups(svg)[26]  # 17 sees 26 across 2 spaces: too far for heavy ranged (W35)
    assert cls == "ok"  # offered (this made-up view) wins: the table never decides what is legal
    view["legal_actions"] = ["heavy_ranged c11 owl_sage elsie"]
    svg = T.board_svg(view, ["Ada", "Gnome"], view["legal_actions"])
    (cls, why, body), = groups(svg)[26]
    assert cls == "no" and why.endswith("a heavy ranged attack crosses at most 1 space, this line crosses 2")


def test_one_tab_stop_every_space_placed_and_no_lines_without_a_ranged_choice():
    view, g = at_the_shot()
    svg = T.board_svg(view, ["Ada", "Gnome"], view["legal_actions"])
    assert svg.count('tabindex="0"') == 1 and svg.count('tabindex="-1"') == 41
    assert re.search(r'data-space="26" data-action="ranged c5 owl_sage scout" role="button" data-col="4" '
                     r'data-row="3" tabindex="0"', svg)
    assert len(re.findall(r'data-col="\d" data-row="\d"', svg)) == 42
    g.apply("ranged c5 owl_sage scout")  # the defence: no ranged choice, no lines
    v = g.view(0)
    svg = T.board_svg(v, ["Ada", "Gnome"], v["legal_actions"])
    assert "wl-sight" not in svg and "data-sight" not in svg and svg.count('tabindex="0"') == 1


def test_the_reasons_speak_german():
    i18n.use("de")
    view, g = at_the_shot()
    svg = T.board_svg(view, ["Ada", "Gnom"], view["legal_actions"])
    words = " ".join(w for e in groups(svg).values() for _c, w, _b in e)
    assert "Mauer" in words and "Deckung" in words and "{" not in words
