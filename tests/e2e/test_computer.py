"""Playing against the computer in the browser: its seat thinks in a Web Worker, and without one the game
says so and offers to go on with two people at this screen."""
from __future__ import annotations

from .ui import assert_no_page_errors, open_app, start_game


def test_when_the_worker_cannot_start_the_game_says_so_and_offers_two_people(new_context, app_url, say):
    ctx = new_context()
    ctx.route("**/bot_worker.js", lambda route: route.abort())  # as a browser that refuses the module worker
    page = ctx.new_page()
    open_app(page, app_url + "?seed=5&pace=0")
    start_game(page, seats=("hard", "human"), first_player=0)
    notice = page.locator("[data-bot-failed]")
    notice.wait_for(state="visible", timeout=10_000)
    assert "cannot run" in notice.inner_text()
    say(f"worker refused: {notice.inner_text()!r}")
    assert page.locator("[data-action]").count() == 0
    notice.locator("[data-cmd=seats-human]").click()
    page.locator("[data-turn-screen]").wait_for(state="visible")  # now a hotseat game: pass the device
    page.click("[data-continue]")
    assert page.locator(".action-bar [data-action]").count() > 0
    assert_no_page_errors(page)
