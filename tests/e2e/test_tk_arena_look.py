"""The Tash-Kalar arena as drawn by app/games/tashkalar/table.py with the app's own style sheets, before the
table puts it on a page of its own: at desktop, tablet and phone size in both themes, every square on screen,
none overlapping another, large enough to tap, a summon's pattern previewed, and axe-core finds no serious
violation. Screenshots: tk_arena_<size>_<theme>.png."""
from __future__ import annotations

from pathlib import Path

import tashkalar as tk
from app.games.tashkalar.table import arena
from crystalclans.rng import Rng

from .test_looks import AXE_JS, AXE_RUN, SIZES
from .ui import screenshot

ROOT = Path(__file__).resolve().parents[2]


def a_summon_to_place() -> tuple[dict, str]:
    """A High Form game at a summon's placement with several options and pieces of both colours about."""
    for seed in range(60):
        g = tk.new_game(mode="high_form", decks=("northern", "sylvan"), seed=seed, first_player=0)
        r = Rng(seed)
        for _ in range(1500):
            d = g.decision
            if d is None:
                break
            board = g.view(0)["board"].values()
            if (d.kind == "placement" and len(d.options) >= 4 and len(board) >= 12
                    and {p["rank"] for p in board} >= {0, 1}):  # heroic pieces too
                v = g.view(d.player)
                places = d.info["placements"]  # preview the placement with the largest pattern
                return v, "at " + max(places, key=lambda k: len(places[k]["pattern"]))
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    raise AssertionError("no placement with several options in 60 seeded games")


def page_html(body: str, theme: str) -> str:
    css = (ROOT / "web/css/app.css").read_text() + (ROOT / "web/css/tashkalar.css").read_text()
    return (f'<!doctype html><html lang="en" data-theme="{theme}"><head><meta charset="utf-8"><title>Arena</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{css}</style></head>'
            f'<body><main style="padding:.5rem">{body}</main></body></html>')


def test_the_arena_fits_and_reads_at_three_sizes_in_both_themes(page, say):
    view, focus = a_summon_to_place()
    body = arena(view, names=["Ada", "Bo"], focus=focus)
    for theme in ("dark", "light"):
        page.set_content(page_html(body, theme))
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            boxes = page.evaluate("""() => [...document.querySelectorAll('[data-square]')].map(e => {
                const r = e.getBoundingClientRect(); return [e.dataset.square, r.x, r.y, r.width, r.height]; })""")
            assert len(boxes) == 69
            for name, x, y, bw, bh in boxes:
                assert x >= 0 and y >= 0 and x + bw <= w + 0.5 and y + bh <= h + 0.5, f"{name} off screen at {size}"
            side = min(b[3] for b in boxes)
            assert side >= 36, f"squares of {side:.0f} px at {size}: too small to tap"
            rows = sorted({round(b[2]) for b in boxes})
            assert len(rows) == 9 and all(b - a >= side for a, b in zip(rows, rows[1:])), "rows overlap"
            lit = page.locator(".tk-lit").count()
            shown = page.locator(".tk-pattern").count()
            assert lit >= 1 and shown >= 2
            screenshot(page, f"tk_arena_{size}_{theme}")
            say(f"arena {theme} {size}: squares {side:.0f} px, {lit} lit, pattern of {focus!r} on {shown} squares")
        page.add_script_tag(path=str(AXE_JS))
        bad = [f"{v['id']}: {v['help']}: {v['nodes']}" for v in page.evaluate(AXE_RUN)]
        assert not bad, bad
