"""Playing Tash-Kalar's table as a player expects (issue 26): a whole turn with the keyboard alone (Tab, Enter and
the arrow keys: a summon whose pattern is turned on its square, then a piece placed), the same by mouse, what just
happened animated on its squares (and nothing animated under reduced motion), and axe-core on the live table
(the start screen with Tash-Kalar chosen, mid-game and at a summon's placement, at 1440x900, 820x1180 and 390x844,
in both themes, switched with the top bar's theme switch): no serious or critical violation.
Screenshots: tk_play_<what>_<size>_<theme>.png."""
from __future__ import annotations

import json


from .test_looks import AXE_JS, SIZES, axe_scan
from .ui import assert_no_page_errors, import_and_confirm, open_app, screenshot

FOCUSED = "() => { const e = document.activeElement; return e ? (e.dataset.square || e.dataset.action || e.id || e.tagName) : null; }"


def a_turn_with_a_turning_summon(seed0: int = 0):
    """A Duel at the start of a turn (two actions) where a summon in hand fits on some square in several
    orientations: (save text, that summon's notation)."""
    import tashkalar as tk
    from app.games.tashkalar.table import square_options
    from crystalclans.rng import Rng

    for seed in range(seed0, seed0 + 200):
        g = tk.new_game(mode="duel", decks=("northern", "highland"), seed=seed, first_player=0)
        r = Rng(seed)
        while not g.is_over and len(g.log) < 400:
            d = g.decision
            if d.kind == "action" and g.view(d.player)["actions_left"] == 2 and len(g.log) > 20:
                for a in d.options:
                    if a.kind == "summon":
                        c = g.clone()
                        c.apply(a)
                        lit = square_options({"options": [str(x) for x in c.decision.options]})
                        if c.decision.kind == "placement" and any(len(v) > 1 for v in lit.values()):
                            return g.to_json(), str(a)
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    raise AssertionError("no turn with a summon of several orientations")


def load(page, tmp_path, text: str) -> None:
    path = tmp_path / "tk.json"
    path.write_text(text)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(str(path)))
    page.wait_for_selector(".tk-arena")


def saved_log(page) -> list[str]:
    return json.loads(page.evaluate("() => localStorage.getItem('crystalclans.autosave')"))["log"]


def deciding(page) -> int:
    doc = json.loads(page.evaluate("() => localStorage.getItem('crystalclans.autosave')"))
    import tashkalar as tk

    return tk.Game.from_json(json.dumps(doc)).decision.player


def tab_to(page, predicate_js: str, limit: int = 120) -> None:
    for _ in range(limit):
        if page.evaluate(predicate_js):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate_js} (focus on {page.evaluate(FOCUSED)})")


def arrow_to(page, square: str) -> None:
    """From the focused square to `square` with the arrow keys (columns a-i, rows 1-9 from the top)."""
    for _ in range(40):
        now = page.evaluate(FOCUSED)
        if now == square:
            return
        dx, dy = ord(square[0]) - ord(now[0]), int(square[1:]) - int(now[1:])
        keys = ([("ArrowRight" if dx > 0 else "ArrowLeft")] if dx else []) + \
               ([("ArrowDown" if dy > 0 else "ArrowUp")] if dy else [])
        for key in keys:  # the first that moves (a corner left out of the arena may stop one way)
            page.keyboard.press(key)
            if page.evaluate(FOCUSED) != now:
                break
    raise AssertionError(f"the arrow keys did not reach {square} (at {page.evaluate(FOCUSED)})")


def press_continue_if_asked(page) -> None:
    if page.locator("[data-continue]").count():
        page.wait_for_function("() => document.activeElement && document.activeElement.hasAttribute('data-continue')")
        page.keyboard.press("Enter")  # the pass screen's button has the focus
        page.wait_for_selector("[data-continue]", state="detached")


def turning_square(page) -> tuple[str, list[str]]:
    """A lit square of several orientations on the page: (square, its options)."""
    got = page.evaluate("""() => { const e = document.querySelector('.tk-arena [data-pick]');
        return e ? [e.dataset.square, e.dataset.actions.split('|')] : null; }""")
    assert got, "no square of several orientations is lit"
    return got[0], got[1]


def fx_seen(page) -> list:
    return page.evaluate("""() => [...document.querySelectorAll('.tk-arena [class*="fx-"], .tk-arena .tk-ghost')].map(e =>
        [e.dataset.square || 'ghost', e.className, getComputedStyle(e).animationName,
         e.querySelector('.tk-piece') ? getComputedStyle(e.querySelector('.tk-piece')).animationName : 'none'])""")


def test_a_whole_turn_with_the_keyboard_alone_animated_and_axe_clean_at_three_sizes_in_both_themes(
        new_context, app_url, tmp_path, say):
    assert AXE_JS.is_file(), "axe-core is missing: run python build.py setup"
    page = new_context(color_scheme="dark", reduced_motion="no-preference").new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, app_url + "?seed=5&pace=0")
    page.click('button[data-game="tashkalar"]')
    page.wait_for_selector("#tk-mode")
    problems = axe_scan(page, "start screen, Tash-Kalar chosen, dark")
    text, summon = a_turn_with_a_turning_summon()
    load(page, tmp_path, text)
    press_continue_if_asked(page)
    me = deciding(page)
    start = len(saved_log(page))
    # the summon: its button in the choice, by Tab and Enter
    tab_to(page, f"() => document.activeElement && document.activeElement.dataset.action === {json.dumps(summon)}")
    page.keyboard.press("Enter")
    page.wait_for_selector(".tk-arena [data-pick]")
    square, options = turning_square(page)
    # into the arena (one tab stop), then the arrow keys to a square of several orientations
    tab_to(page, "() => !!(document.activeElement && document.activeElement.closest('.tk-arena'))")
    arrow_to(page, square)
    page.keyboard.press("Enter")  # picks the square: the first orientation shown, the focus stays
    page.wait_for_selector(f'.tk-arena [data-square="{square}"].tk-picked')
    assert page.evaluate(FOCUSED) == square
    assert page.locator(".tk-pickbar").inner_text().count(f"1 of {len(options)}") == 1
    page.keyboard.press("Enter")  # again: the next orientation
    page.wait_for_selector(f'.tk-arena [data-square="{square}"][data-action="{options[1]}"]')
    assert page.evaluate(FOCUSED) == square
    drawn = page.locator(".tk-arena .tk-pattern").count()
    assert drawn >= 2, drawn
    for theme in ("dark", "light"):  # the summon's highlighting, looked at and scanned at three sizes
        if page.evaluate("() => document.documentElement.dataset.theme") != theme:
            page.click("[data-theme-switch]")
            page.wait_for_function(f"() => document.documentElement.dataset.theme === '{theme}'")
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.locator(f'.tk-arena [data-square="{square}"]').scroll_into_view_if_needed()
            screenshot(page, f"tk_play_summon_{size}_{theme}")
            problems += axe_scan(page, f"summon's placement {size} {theme}")
    page.set_viewport_size({"width": 1440, "height": 900})
    if page.evaluate("() => document.documentElement.dataset.theme") != "dark":
        page.click("[data-theme-switch]")
    page.locator(f'.tk-arena [data-square="{square}"]').focus()
    page.wait_for_function(f"() => document.activeElement && document.activeElement.dataset.square === '{square}'")
    # "Summon here", the next stop after the arena's bar's "Turn the pattern"
    tab_to(page, "() => document.activeElement && document.activeElement.textContent === 'Summon here'", limit=6)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => JSON.parse(localStorage.getItem('crystalclans.autosave')).log.length > n", arg=start + 1)
    assert saved_log(page)[start:start + 2] == [summon, options[1]]
    moved = fx_seen(page)
    assert any("fx-place" in c for _s, c, _a, _p in moved), moved  # the being's piece arrives ...
    assert any(a != "none" or p != "none" for _s, _c, a, p in moved), moved  # ... animated
    # the rest of the turn: whatever is asked (the effect's choices, the second action: a piece placed), first
    # option each time, by Tab and Enter alone, until the other player decides
    placed = False
    for _ in range(30):
        if deciding(page) != me:
            break
        before = len(saved_log(page))
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        tab_to(page, "() => { const e = document.activeElement; return !!(e && e.dataset.action && !e.dataset.pick"
                     " && (e.closest('.tk-arena') || e.closest('.tk-actions'))); }")
        placed |= page.evaluate("() => document.activeElement.dataset.action.startsWith('place ')")
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => JSON.parse(localStorage.getItem('crystalclans.autosave')).log.length > n",
                               arg=before)
    assert deciding(page) != me, "the turn did not end"
    assert placed, f"no piece placed in the turn: {saved_log(page)[start:]}"
    press_continue_if_asked(page)
    for theme in ("dark", "light"):  # mid-game, the other player's turn
        if page.evaluate("() => document.documentElement.dataset.theme") != theme:
            page.click("[data-theme-switch]")
            page.wait_for_function(f"() => document.documentElement.dataset.theme === '{theme}'")
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, f"tk_play_midgame_{size}_{theme}")
            problems += axe_scan(page, f"mid-game {size} {theme}")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= w + 1, f"wider than {size}"
    page.click("[data-theme-switch]")
    page.click('[data-cmd="menu"]') if page.locator('[data-cmd="menu"]:visible').count() else None
    say(f"keyboard turn: {saved_log(page)[start:]}; axe: {len(problems)} serious/critical")
    assert not problems, "\n".join(problems)
    assert_no_page_errors(page)


def test_by_mouse_a_click_turns_the_pattern_and_nothing_moves_under_reduced_motion(new_context, app_url, tmp_path,
                                                                                 say):
    page = new_context(color_scheme="light", reduced_motion="reduce").new_page()
    open_app(page, app_url + "?seed=5&pace=0")
    text, summon = a_turn_with_a_turning_summon()
    load(page, tmp_path, text)
    if page.locator("[data-continue]").count():
        page.click("[data-continue]")
    start = len(saved_log(page))
    page.click(f'.tk-actions [data-action="{summon}"]')
    page.wait_for_selector(".tk-arena [data-pick]")
    square, options = turning_square(page)
    sq = page.locator(f'.tk-arena [data-square="{square}"]')
    before = page.evaluate("() => window.crystalclans_state_hash()")
    sq.click()  # picks it: nothing is applied
    page.wait_for_selector(f'.tk-arena [data-square="{square}"].tk-picked')
    for i in range(1, len(options) + 1):  # each click shows the next orientation, round to the first
        page.locator(f'.tk-arena [data-square="{square}"]').click()
        page.wait_for_selector(f'.tk-arena [data-square="{square}"][data-action="{options[i % len(options)]}"]')
    assert page.evaluate("() => window.crystalclans_state_hash()") == before
    page.click("#tk-turn")  # the bar's button turns it too
    page.wait_for_selector(f'.tk-arena [data-square="{square}"][data-action="{options[1]}"]')
    page.click('.tk-pickbar [data-action]')
    page.wait_for_function("(n) => JSON.parse(localStorage.getItem('crystalclans.autosave')).log.length > n", arg=start + 1)
    assert saved_log(page)[start + 1] == options[1]
    moved = fx_seen(page)
    assert any("fx-place" in c for _s, c, _a, _p in moved), moved
    assert all(a == "none" and p == "none" for _s, _c, a, p in moved), moved  # reduced motion: nothing runs
    assert page.locator(".tk-ghost:visible").count() == 0
    say(f"by mouse: {len(options)} orientations turned through; under reduced motion {len(moved)} marks, no animation")
    assert_no_page_errors(page)
