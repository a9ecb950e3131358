"""The start screen as a returning player meets it: the last choices are there again."""
from __future__ import annotations

from .ui import assert_no_page_errors, open_app, wait_ready


def test_the_start_screen_remembers_the_seats_names_and_clans(page, app_url):
    open_app(page, app_url)
    page.select_option("#seat-1", "hard")
    page.select_option("#clan-0", "stone")
    page.fill("#name-0", "Kim")
    page.locator("#name-0").dispatch_event("change")
    page.reload()
    wait_ready(page)
    assert page.input_value("#seat-1") == "hard"
    assert page.input_value("#clan-0") == "stone"
    assert page.input_value("#name-0") == "Kim"
    page.locator("[data-new-game]").first.click()
    page.wait_for_function("() => window.crystalclans_state_hash && window.crystalclans_state_hash()")
    page.goto(app_url)
    wait_ready(page)
    assert page.input_value("#seat-1") == "hard", "starting a game kept the choice"
    assert_no_page_errors(page)
