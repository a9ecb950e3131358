"""The guided first game in the browser, in English and in German: started from the start screen, each step
offers exactly the one move it teaches, the other side's scripted moves play themselves, the coach speaks the
player's language, the tutorial can be left and started again, and it never replaces the autosaved game."""
from __future__ import annotations

import pytest

from app.tutorial import YOU
from app.games.crystalclans.tutorial import STEPS
from tests.words import foreign_in

from .ui import assert_no_page_errors, dismiss_overlays, open_app, screenshot

STEP_JS = "() => { const c = document.querySelector('[data-tutorial-step]'); return c ? +c.dataset.tutorialStep : -1; }"


@pytest.mark.parametrize("locale,lang,start", [("en-US", "en", "Learn by playing"), ("de-DE", "de", "Spielend lernen")])
def test_the_guided_first_game_is_completed_through_the_ui(new_context, app_url, say, locale, lang, start):
    page = new_context(locale=locale).new_page()
    open_app(page, app_url + "?pace=0")
    button = page.locator(".start [data-cmd=tutorial]")
    assert button.inner_text().strip() == start
    button.click()
    page.locator("[data-tutorial-step]").wait_for()
    taught, texts = 0, []
    for _ in range(80):
        if page.locator("[data-tutorial-done]").count():
            break
        dismiss_overlays(page)
        step = page.evaluate(STEP_JS)
        offered = page.evaluate("() => [...new Set([...document.querySelectorAll('[data-action]')].map(e => e.dataset.action))]")
        if not offered:  # the other side's scripted move is on its way
            # (or the end: the last scripted move may finish the guided game while this loop looks)
            page.wait_for_function(f"() => ({STEP_JS})() !== {step} || !!document.querySelector('[data-continue]')"
                                   " || !!document.querySelector('[data-tutorial-done]')", timeout=15_000)
            continue
        assert len(offered) == 1, f"step {step} offers {offered}: a tutorial step teaches one move"
        texts.append(page.locator(".coach").inner_text())
        if taught == 0:
            screenshot(page, f"tutorial_first_step_{lang}")
        screenshot(page, f"tutorial_step_{taught + 1:02d}_{lang}")  # every step the player takes, for people to look at
        page.locator(".action-bar [data-action]").first.click()
        taught += 1
        page.wait_for_function(f"() => ({STEP_JS})() !== {step} || !!document.querySelector('[data-continue]')",
                               timeout=15_000)
    done = page.locator("[data-tutorial-done]")
    assert done.count() == 1, "the guided game did not reach its end"
    assert page.locator("[data-thinking]").count() == 0, "the scripted side seems to think on after the end"
    texts.append(done.inner_text())
    screenshot(page, f"tutorial_done_{lang}")
    foreign = set().union(*(foreign_in(t, lang) for t in texts))
    assert not foreign, foreign
    assert page.evaluate("() => localStorage.getItem('crystalclans.autosave')") is None, \
        "the tutorial replaced the autosaved game"
    say(f"{lang}: the guided game taught {taught} moves, one offered at a time, and ended with "
        f"{done.locator('h2').inner_text()!r}")
    assert taught == sum(step.who == YOU for step in STEPS)
    # issue 24, item 8b: each step explains its rule, the battle with this battle's numbers, the other side's
    # summon in whole sentences (no "…two units at once…")
    mine = [s.move for s in STEPS if s.who == YOU]
    battle, result, run = (texts[mine.index(m)] for m in ("battle", "score crystal.sorens_bounty", "activate a_home"))
    for word in (("attack", "defense", "battle card", "destroys") if lang == "en" else
                 ("Angriff", "Verteidigung", "Kampfkarte", "zerstört")):
        assert word in battle, (word, battle)
    assert "9 + 4 − 4 = 9" in result, result
    assert "3 + 1 = 4" in run and "…" not in run, run
    page.locator("[data-tutorial-done] [data-cmd=tutorial]").click()  # again, from the start
    page.wait_for_function(f"() => ({STEP_JS})() === 0")
    page.locator("[data-tutorial-leave]").click()
    page.locator(".start [data-cmd=tutorial]").wait_for()
    assert page.locator("[data-tutorial-step]").count() == 0
    assert_no_page_errors(page)
