"""The start screen as a returning player meets it: the last choices are there again."""
from __future__ import annotations

from .ui import assert_no_page_errors, open_app, wait_ready


def test_the_start_screen_remembers_the_seats_names_and_clans(page, app_url):
    open_app(page, app_url)
    page.select_option("#seat-1", "hard")
    before = page.text_content("#clan-desc-0")
    page.select_option("#clan-0", "stone")
    # the clan's description beside it follows the choice at once (its start module's field_note)
    page.wait_for_function("() => document.getElementById('clan-desc-0').className === 'clan-desc clan-stone'")
    assert page.text_content("#clan-desc-0") not in ("", before)
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


def test_on_a_phone_the_guided_game_is_in_view_on_arrival(new_context, app_url):
    """Regression (issue: on a phone 'Learn by playing' was below the fold, under the whole new-game form)."""
    from .test_controls import PHONE
    from .ui import screenshot

    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_app(page, app_url)
    box = page.locator("[data-cmd=tutorial]").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    screenshot(page, "start_phone_learn")
    assert_no_page_errors(page)
