"""Wildlands' guided first game, the line of sight and the keyboard in Chromium (issue 29).

* The guided game from the start screen (Wildlands chosen, "Learn by playing") to the real game it hands over to
  (what every guided game does, one move offered per step, its end, the autosave untouched:
  test_every_game.py::test_the_guided_game_is_played_to_its_end): the board's steps are taken on the board
  (the ranged shot with the keyboard alone: the board is one tab stop, the arrow keys move over it, Enter
  shoots), the others by their button. At the shot, pointing at an enemy the Owl Sage cannot see shows the line and the wall that stops it,
  focusing another shows the cover it would cross (screenshot wl_guide_sight_*).
* Both boards at 1440x900 and 390x844 in both themes, looked at and scanned by axe-core (no serious or critical
  violation): the Dungeon at the guided game's shot, the Ruins in a game at a ranged attack (its lines of sight
  over high ground). Screenshots wl_guide_<board>_<size>_<theme>.png."""
from __future__ import annotations

from app.games.wildlands.tutorial import STEPS
from app.tutorial import YOU

from .test_looks import AXE_JS, axe_scan
from .ui import (assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, play_guided_game,
                 screenshot)

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
FOCUSED_JS = "() => { const e = document.activeElement; return e && e.dataset ? (e.dataset.space || e.dataset.action || e.tagName) : null; }"
WHY_JS = "() => document.querySelector('[data-sight-why]').textContent"
SHOWN_JS = "() => [...document.querySelectorAll('.wl-sight.wl-show')].map(e => e.dataset.to + ' ' + e.getAttribute('class'))"


def themes_and_sizes(page, name: str, where: str, keep=None) -> list[str]:
    """Screenshots and axe scans at both sizes in both themes; `keep` brings back what is shown (a hover)."""
    problems = []
    for theme in ("dark", "light"):
        if page.evaluate("() => document.documentElement.dataset.theme") != theme:
            page.click("[data-theme-switch]")
            page.wait_for_function(f"() => document.documentElement.dataset.theme === '{theme}'")
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.locator(".wl-board-svg").scroll_into_view_if_needed()
            if keep is not None:
                keep()
            screenshot(page, f"wl_guide_{name}_{size}_{theme}")
            problems += axe_scan(page, f"{where} {size} {theme}")
    page.set_viewport_size({"width": 1440, "height": 900})
    if page.evaluate("() => document.documentElement.dataset.theme") != "dark":
        page.click("[data-theme-switch]")
    return problems


def test_the_guided_game_with_the_line_of_sight_and_the_keyboard(new_context, app_url, say):
    assert AXE_JS.is_file(), "axe-core is missing: run python build.py setup"
    page = new_context(color_scheme="dark").new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, app_url + "?pace=150")
    page.click('button[data-game="wildlands"]')
    page.wait_for_selector("#wl-board")
    learn = page.locator(".start .learn")
    assert learn.locator("h2").inner_text() == "New to Wildlands?"
    learn.locator("[data-cmd=tutorial]").click()
    page.locator("[data-tutorial-step]").wait_for()
    mine = [s.move for s in STEPS if s.who == YOU]
    problems = []

    def on_the_board(page, i, move):
        nonlocal problems
        if move.startswith("ranged"):
            # the mouse on Tak (space 4), whom the Owl Sage on 18 cannot see: the line, the wall, the words
            page.locator('.wl-board-svg [data-space="4"]').hover()
            page.wait_for_function(f"() => ({SHOWN_JS})().length === 1")
            assert page.evaluate(SHOWN_JS) == ["4 wl-sight no wl-show"]
            assert page.evaluate(WHY_JS) == \
                "Owl Sage cannot shoot Tak: the wall between spaces 11 and 18 is in the way"
            assert page.evaluate("() => [...document.querySelectorAll('.wl-sight-block')].filter(e =>"
                                 " getComputedStyle(e.parentNode).display !== 'none').length") == 1  # the wall marked
            screenshot(page, "wl_guide_sight_wall_desktop")
            problems += themes_and_sizes(page, "dungeon", "the guided game's shot, a blocked line shown",
                                         keep=lambda: page.locator('.wl-board-svg [data-space="4"]').hover())
            page.mouse.move(5, 5)
            # the keyboard alone: Tab into the board (its one stop, the lit target), down to the Automate on 33
            # (the cover on 26 in the way), back up, Enter: the shot
            page.locator('.wl-board-svg [data-space="26"]').focus()
            assert page.evaluate(FOCUSED_JS) == "26"
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Tab")
            assert page.evaluate(FOCUSED_JS) == "26", "the board's tab stop is its lit space"
            assert page.evaluate(SHOWN_JS) == ["26 wl-sight ok wl-show"]
            assert page.evaluate(WHY_JS) == "Owl Sage can shoot Scout: in line of sight"
            page.keyboard.press("ArrowDown")
            assert page.evaluate(FOCUSED_JS) == "33"
            assert page.evaluate(WHY_JS) == \
                "Owl Sage cannot shoot Automate: the line would cross the cover on space 26 completely"
            screenshot(page, "wl_guide_sight_cover_desktop")
            page.keyboard.press("ArrowUp")
            assert page.evaluate(FOCUSED_JS) == "26"
            page.keyboard.press("Enter")
            return True
        if page.locator(f'.wl-board-svg [data-action="{move}"]').count():
            page.locator(f'.wl-board-svg [data-action="{move}"]').click()  # a space's step, on the board
            return True
        return False  # a button's step: ui.click_move

    played = play_guided_game(page, mine, on_step=on_the_board)
    assert "1 point" in page.locator('.wl-score[data-score="0"]').inner_text()
    screenshot(page, "wl_guide_done")
    page.locator("[data-tutorial-done] [data-cmd=tutorial-real-game]").click()
    page.wait_for_function("() => !document.querySelector('[data-tutorial-step]') && !!document.querySelector('.wl-board-svg .wl-lit')")
    # the real game: a secret start space chosen with the keyboard alone
    page.locator(".wl-board-svg [tabindex='0']").focus()
    first = page.evaluate(FOCUSED_JS)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector('.wl-board-svg [data-space=\"{first}\"].wl-lit')")
    assert not problems, "axe-core: serious or critical violations:\n" + "\n".join(problems)
    say(f"the Wildlands guided game: {played['taught']} steps, the shot by keyboard; axe clean on the Dungeon at 2 sizes x 2 themes")
    assert_no_page_errors(page)


def ruins_at_a_shot() -> str:
    """A Ruins game (hotseat) at a decision of the active player with ranged attacks offered and an enemy on high
    ground or behind it: the save text."""
    import wildlands as wl
    from app.games.wildlands.table import sights
    from crystalclans.rng import Rng

    for seed in range(60):
        g = wl.new_game(board="ruins", factions=("guild", "lawbringers"), seed=seed)
        r = Rng(seed)
        while not g.is_over and len(g.log) < 400:
            d = g.decision
            if d.kind == "play" and d.player == g.active and g.turn > 4:
                opts = [str(a) for a in d.options]
                seen = sights(g.view(d.player), opts)
                if any(why.reason in ("high", "low_to_high") for e in seen.values() for _a, _c, why, _ok in e) and \
                        any(ok for e in seen.values() for *_x, ok in e):
                    return g.to_json()
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    raise AssertionError("no Ruins shot over high ground in 60 games")


def test_the_ruins_board_at_a_shot_looked_at_and_axe_clean(new_context, app_url, say):
    page = new_context(color_scheme="dark").new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, app_url + "?pace=0")
    text = ruins_at_a_shot()
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        files=[{"name": "wl.json", "mimeType": "application/json", "buffer": text.encode()}]))
    page.wait_for_selector(".wl-board-svg")
    dismiss_overlays(page)
    page.wait_for_selector(".wl-board-svg [data-sight]")
    high = page.evaluate("""() => [...document.querySelectorAll('.wl-sight.no')].filter(e =>
        /high ground/.test(e.dataset.why)).map(e => e.dataset.to)[0]""")
    assert high, "no line over high ground drawn"

    def point():
        page.locator(f'.wl-board-svg [data-space="{high}"]').hover()

    point()
    assert "high ground" in page.evaluate(WHY_JS)
    problems = themes_and_sizes(page, "ruins", "the Ruins at a shot over high ground", keep=point)
    assert not problems, "axe-core: serious or critical violations:\n" + "\n".join(problems)
    say(f"the Ruins at a shot: the line to space {high} over high ground shown; axe clean at 2 sizes x 2 themes")
    assert_no_page_errors(page)
