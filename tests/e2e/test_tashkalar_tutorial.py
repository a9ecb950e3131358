"""Tash-Kalar's guided first game on its arena, at 1440x900: the start screen's game switch on Tash-Kalar shows its
"Learn by playing" panel; the other side's scripted move plays itself at a readable pace; each of the player's
steps that names a square is taken on the arena, its one lit square (the placement buttons are folded away in a
list); at the turned pattern, pointing at the lit square shows the squares it uses; the end counts the points
and hands over to a real game at its first turn. (What every guided game does, one move offered per step, its
end, the autosave untouched: test_every_game.py::test_the_guided_game_is_played_to_its_end.) Screenshots (for
people to look at): tk_tutorial_start, tk_tutorial_step_<n>, tk_tutorial_rotated_preview, tk_tutorial_phone
(390x844), tk_tutorial_done, tk_tutorial_real_game."""
from __future__ import annotations

from app.games.tashkalar.tutorial import STEPS
from app.tutorial import YOU

from .ui import assert_no_page_errors, open_app, play_guided_game, screenshot


def test_the_tashkalar_guided_game_is_played_on_the_arena(page, app_url, say):
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
    mine = [s.move for s in STEPS if s.who == YOU]

    def on_the_arena(page, i, move):
        assert page.locator(".tk-actions [data-action]").count() == 1
        screenshot(page, f"tk_tutorial_step_{i + 1}")
        lit = page.locator(".tk-arena .tk-lit")
        if move.startswith("at "):  # the turned pattern: pointing at the lit square shows the squares it uses
            lit.first.hover()
            page.wait_for_selector(".tk-arena .tk-preview")
            assert page.locator(".tk-arena .tk-preview").count() == 2
            screenshot(page, "tk_tutorial_rotated_preview")
            page.set_viewport_size({"width": 390, "height": 844})
            page.locator(".coach").scroll_into_view_if_needed()
            screenshot(page, "tk_tutorial_phone")
            page.set_viewport_size({"width": 1440, "height": 900})
        if move.startswith(("place ", "at ")):  # a square's step is taken on the arena, as a person would
            assert lit.count() == 1
            lit.first.click()
            return True
        return False

    played = play_guided_game(page, mine, on_step=on_the_arena)
    done = played["done"]
    assert "2 points" in done and "Highlander's turn" in done, done
    screenshot(page, "tk_tutorial_done")
    page.locator("[data-tutorial-done] [data-cmd=tutorial-real-game]").click()
    page.wait_for_function("() => !document.querySelector('[data-tutorial-step]')"
                           " && document.querySelectorAll('.tk-actions [data-action]').length > 1")
    assert "Turn 1" in page.locator("[data-turn-status]").inner_text()
    screenshot(page, "tk_tutorial_real_game")
    say(f"the Tash-Kalar guided game: {played['taught']} steps, those of a square on the arena, then a real game")
    assert_no_page_errors(page)
