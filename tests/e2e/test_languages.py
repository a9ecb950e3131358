"""German beside English in the browser: the language follows the browser on a first visit, can be switched
at any time without losing the game, and is remembered; the rules search in German; screenshots to look at.
(A whole German game with no English-only word on any screen: test_computer's game against the hard
computer, which runs in a German browser.)"""
from __future__ import annotations

import random

from tests.words import foreign_in

from .ui import (RECORD_SCREENS_JS, assert_no_page_errors, dismiss_overlays, foreign_on_screens, open_app,
                 screenshot, start_game, state_hash)

def test_the_language_switch_keeps_the_game_and_is_remembered(new_context, app_url, say):
    ctx = new_context(locale="en-GB")
    page = ctx.new_page()
    open_app(page, app_url + "?seed=22")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    start_game(page, clans=("blood", "flower"), first_player=0)
    dismiss_overlays(page)
    rng = random.Random(3)
    for _ in range(6):
        dismiss_overlays(page)
        buttons = page.locator(".action-bar [data-action]")
        buttons.nth(rng.randrange(buttons.count())).click()
    dismiss_overlays(page)
    before = state_hash(page)
    english = page.locator(".action-bar").inner_text()
    page.click("#topnav [data-cmd=language]")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert state_hash(page) == before, "switching the language changed the game"
    german = page.locator(".action-bar").inner_text()
    assert german != english and "Hand von" in page.locator(".hand").inner_text()
    # the top bar's own controls (worded by index.html) follow the switch, also after the theme changes
    for _ in range(2):
        label = page.get_attribute("#theme-switch", "aria-label")
        assert label.startswith("Zum ") and label.endswith(" wechseln"), label
        page.click("#theme-switch")
    assert page.get_attribute("#topnav", "aria-label") == "Spielmenü"
    screenshot(page, "de_table")
    page.reload()
    open_app(page, app_url + "?seed=22")
    assert page.evaluate("() => document.documentElement.lang") == "de", "the choice was not remembered"
    assert page.locator("[data-continue-game]").inner_text().strip() == "Partie fortsetzen"
    page.click("[data-continue-game]")
    dismiss_overlays(page)
    assert state_hash(page) == before, "the game changed over the reload"
    page.click("#topnav [data-cmd=language]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert state_hash(page) == before
    page.evaluate(RECORD_SCREENS_JS)
    for _ in range(8):
        dismiss_overlays(page)
        if page.locator("[data-game-over]").count():
            break
        buttons = page.locator(".action-bar [data-action]")
        buttons.nth(rng.randrange(buttons.count())).click()
    found = foreign_on_screens(page, "en")
    say(f"switched en → de → (reload, remembered) → en with the game unchanged ({before[:12]}…); German-only "
        f"words on {found['screens']} English screens after: {found['foreign'] or 'none'}")
    assert not found["foreign"], found["foreign"]
    assert_no_page_errors(page)


def test_german_screenshots_of_a_battle_a_card_and_the_rules(new_context, app_url, tmp_path, say):
    """The screens the issue asks to look at in German, on a laptop and on a phone: a game loaded just before
    a battle's card picks, the battle revealed, a card's details and the rules."""
    from .test_looks import before_a_battle, save_file
    from .ui import import_and_confirm, is_visible, play_random_clicks

    sizes = (("laptop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844}))
    page = new_context(locale="de-DE", viewport=sizes[0][1]).new_page()
    open_app(page, app_url)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        str(save_file(tmp_path, "battle.json", before_a_battle()))))
    for i in range(30):
        if is_visible(page, "[data-battle-result]"):
            break
        play_random_clicks(page, random.Random(i), 1, until_game_over=False, log_every=0)
    assert is_visible(page, "[data-battle-result]"), "no battle revealed within 30 clicks"
    for size, viewport in sizes:
        page.set_viewport_size(viewport)
        screenshot(page, f"de_battle_{size}")
    dismiss_overlays(page)
    for size, viewport in sizes:
        page.set_viewport_size(viewport)
        screenshot(page, f"de_table_{size}")
        page.locator(".hand [data-details], .unit[data-details]").first.click()
        page.locator("[data-card-details]").wait_for()
        screenshot(page, f"de_card_{size}")
        page.click("[data-cmd=close-modal]")
        page.locator("#topnav [data-cmd=rules]").click()
        page.locator("[data-rules]").wait_for()
        screenshot(page, f"de_rules_{size}")
        page.click("[data-cmd=close-modal]")
    page.locator("#topnav [data-cmd=rules]").click()
    page.fill("[data-rules-search]", "Kampf")
    count = page.locator("[data-rules-count]").inner_text()
    assert "passen zu „Kampf“" in count or "passt zu „Kampf“" in count, count
    found = foreign_in(page.content(), "de")
    assert not found, found
    say(f"German screenshots at 1280x800 and 390x844: de_battle_*, de_table_*, de_card_*, de_rules_*; rules search: {count!r}")
    assert_no_page_errors(page)
