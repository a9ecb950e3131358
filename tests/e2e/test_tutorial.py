"""Crystal Clans' guided first game in German: started from the start screen ("Spielend lernen"), each step offers
exactly the one move it teaches, the coach speaks German only and explains each rule with this game's numbers
(the battle's arithmetic, the crystal scored, the run of the activation), the tutorial can be started again
from its end and left. (The guided game of every game, in English, to its end and the real game it hands over
to: test_every_game.py::test_the_guided_game_is_played_to_its_end.)"""
from __future__ import annotations

from app.games.crystalclans.tutorial import STEPS
from app.tutorial import YOU
from tests.words import foreign_in

from .ui import TUTORIAL_STEP_JS, assert_no_page_errors, open_app, play_guided_game, screenshot


def test_the_guided_first_game_in_german(new_context, app_url, say):
    page = new_context(locale="de-DE").new_page()
    open_app(page, app_url + "?pace=0")
    button = page.locator(".start [data-cmd=tutorial]")
    assert button.inner_text().strip() == "Spielend lernen"
    button.click()
    page.locator("[data-tutorial-step]").wait_for()
    mine = [s.move for s in STEPS if s.who == YOU]

    def shoot(page, i, move):
        if i == 0:
            screenshot(page, "tutorial_first_step_de")
        screenshot(page, f"tutorial_step_{i + 1:02d}_de")  # every step the player takes, for people to look at
        return False

    played = play_guided_game(page, mine, on_step=shoot, step_words="Schritt {n} von {total}")
    texts = played["texts"]
    screenshot(page, "tutorial_done_de")
    foreign = set().union(*(foreign_in(t, "de") for t in texts))
    assert not foreign, foreign
    say(f"de: the guided game taught {played['taught']} moves, one offered at a time, and ended with "
        f"{page.locator('[data-tutorial-done] h2').inner_text()!r}")
    # issue 24, item 8b: each step explains its rule, the battle with this battle's numbers, the other side's
    # summon in whole sentences (no "…two units at once…")
    battle, result, run = (texts[mine.index(m)] for m in ("battle", "score crystal.sorens_bounty", "activate a_home"))
    for word in ("Angriff", "Verteidigung", "Kampfkarte", "zerstört"):
        assert word in battle, (word, battle)
    assert "9 + 4 − 4 = 9" in result, result
    assert "3 + 1 = 4" in run and "…" not in run, run
    page.locator("[data-tutorial-done] [data-cmd=tutorial]").click()  # again, from the start
    page.wait_for_function(f"() => ({TUTORIAL_STEP_JS})() === 0")
    page.locator("[data-tutorial-leave]").click()
    page.locator(".start [data-cmd=tutorial]").wait_for()
    assert page.locator("[data-tutorial-step]").count() == 0
    assert_no_page_errors(page)
