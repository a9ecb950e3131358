"""Tash-Kalar's guided first game in the browser, at 1440x900: the start screen's game switch on Tash-Kalar,
"Learn by playing" starts it; the other side's scripted move plays itself at a readable pace; each of the
player's steps offers exactly one move (its button, and its lit square where it names one), and its text stays
on screen until the player acts; the end hands over to a real High Form game. Screenshots (for people to look
at): tk_tutorial_start, tk_tutorial_step_<n>, tk_tutorial_rotated_preview, tk_tutorial_phone (390x844),
tk_tutorial_done, tk_tutorial_real_game."""
from __future__ import annotations

from app.games.tashkalar.tutorial import STEPS
from app.tutorial import YOU

from .ui import assert_no_page_errors, open_app, screenshot

STEP_JS = "() => { const c = document.querySelector('[data-tutorial-step]'); return c ? +c.dataset.tutorialStep : -1; }"
OFFERED_JS = "() => [...new Set([...document.querySelectorAll('#app [data-action]')].map(e => e.dataset.action))]"
STAYS_MS = 1200  # a step's text must still be there this long after it showed, the player not having acted


def test_the_tashkalar_guided_game_is_played_from_the_start_screen_to_the_real_game(page, app_url, say):
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, app_url + "?pace=400")
    page.click('button[data-game="tashkalar"]')
    page.wait_for_selector("#tk-mode")
    learn = page.locator(".start .learn")
    assert learn.locator("h2").inner_text() == "New to Tash-Kalar?"
    screenshot(page, "tk_tutorial_start")
    learn.locator("[data-cmd=tutorial]").click()
    page.locator("[data-tutorial-step]").wait_for()
    assert page.locator(".tk-arena [data-square]").count() == 69
    mine = [s for s in STEPS if s.who == YOU]
    taught = 0
    for _ in range(40):
        if page.locator("[data-tutorial-done]").count():
            break
        page.wait_for_function(f"() => ({OFFERED_JS})().length > 0 || !!document.querySelector('[data-tutorial-done]')",
                               timeout=15_000)  # the other side's scripted move comes at the page's pace
        if page.locator("[data-tutorial-done]").count():
            break
        step = page.evaluate(STEP_JS)
        offered = page.evaluate(OFFERED_JS)
        assert offered == [mine[taught].move], f"step {step} offers {offered}: a step teaches one move"
        assert page.locator(".tk-actions [data-action]").count() == 1
        text = page.locator(".coach").inner_text()
        assert f"step {taught + 1} of {len(mine)}" in text
        screenshot(page, f"tk_tutorial_step_{taught + 1}")
        lit = page.locator(".tk-arena .tk-lit")
        move = mine[taught].move
        if move.startswith("at "):  # the turned pattern: pointing at the lit square shows the squares it uses
            lit.first.hover()
            page.wait_for_selector(".tk-arena .tk-preview")
            assert page.locator(".tk-arena .tk-preview").count() == 2
            screenshot(page, "tk_tutorial_rotated_preview")
            page.set_viewport_size({"width": 390, "height": 844})
            page.locator(".coach").scroll_into_view_if_needed()
            screenshot(page, "tk_tutorial_phone")
            page.set_viewport_size({"width": 1440, "height": 900})
        page.wait_for_timeout(STAYS_MS)  # nothing happens until the player acts: the text stays
        assert page.evaluate(STEP_JS) == step and page.locator(".coach").inner_text() == text, \
            f"step {step}'s text changed before the player acted"
        if move.startswith(("place ", "at ")):  # a square's step is taken on the arena, as a person would (the
            assert lit.count() == 1            # placement buttons are folded away in a list)
            lit.first.click()
        else:
            page.locator(".tk-actions [data-action]").first.click()
        taught += 1
        page.wait_for_function(f"() => ({STEP_JS})() !== {step}", timeout=15_000)
    done = page.locator("[data-tutorial-done]")
    assert done.count() == 1 and taught == len(mine), f"the guided game did not reach its end ({taught} steps)"
    assert page.locator("[data-thinking]").count() == 0, "the scripted side seems to think on after the end"
    assert "2 points" in done.inner_text() and "Highlander's turn" in done.inner_text()
    screenshot(page, "tk_tutorial_done")
    assert page.evaluate("() => localStorage.getItem('crystalclans.autosave')") is None, \
        "the guided game replaced the autosaved game"
    done.locator("[data-cmd=tutorial-real-game]").click()
    page.wait_for_function("() => !document.querySelector('[data-tutorial-step]')"
                           " && document.querySelectorAll('.tk-actions [data-action]').length > 1")
    assert page.locator("h1.title").inner_text() == "Tash-Kalar"
    assert "Turn 1" in page.locator("[data-turn-status]").inner_text()
    screenshot(page, "tk_tutorial_real_game")
    say(f"the Tash-Kalar guided game taught {taught} moves, one offered at a time, and handed over to a real game")
    assert_no_page_errors(page)
