"""What a player asks of the table from any screen (issue 24, items 3, 7, 10 and 11): a save imported while
the pass-the-device screen is up asks at once whether to replace the game, and Export works there too; a
message of the last game does not stay up into the next (a loaded slot, the game continued, a new game, a
rematch); on a phone the top bar's Export, Import, Rules and Menu show their words; a cost badge says
"cost 3", never a bare number that reads as a count ("Draw ③")."""
from __future__ import annotations

import random
import re

import crystalclans as cc

from .ui import (assert_no_page_errors, dismiss_overlays, import_and_confirm, is_visible, open_app, play_random_clicks, screenshot,
                 start_game, wait_hash)

BAD = {"name": "bad.json", "mimeType": "application/json", "buffer": b"{ this is not a save"}


def save_of(g: cc.Game, name: str = "good.json") -> dict:
    return {"name": name, "mimeType": "application/json", "buffer": g.to_json(names=["Ada", "Bo"]).encode()}


def to_a_pass_screen(page) -> None:
    for i in range(40):
        if is_visible(page, "[data-turn-screen]"):
            return
        play_random_clicks(page, random.Random(i), 1, until_game_over=False, log_every=0)
    raise AssertionError("no pass-the-device screen within 40 clicks")


def test_import_and_export_answer_at_once_over_the_pass_screen(page, app_url, say):
    """Regression (issue: importing a save while the pass-the-device screen was up seemed to do nothing; the
    question whether to replace the unfinished game showed only after the hand-over)."""
    open_app(page, app_url + "?seed=5")
    start_game(page, clans=("water", "meteor"), names=("Ada", "Bo"), seats=("human", "human"))
    to_a_pass_screen(page)
    with page.expect_download() as info:  # Export from the pass screen
        page.click("[data-export]")
    assert info.value.suggested_filename == "crystalclans-save.json"
    other = cc.new_game(("blood", "stone"), seed=9)
    page.locator(".topnav input[type=file][data-import]").set_input_files(files=[save_of(other)])
    page.locator("[data-confirm]").wait_for(state="visible", timeout=5_000)
    assert is_visible(page, "[data-turn-screen]"), "the question should open over the pass screen, not after it"
    screenshot(page, "import_over_pass_screen")
    page.click("[data-confirm]")
    wait_hash(page, "(h, want) => h === want", arg=other.state_hash())
    say("over the pass-the-device screen: Export downloaded the save, an import asked at once and loaded it")
    assert_no_page_errors(page)


def bad_import(page) -> None:
    page.locator("input[type=file][data-import]").first.set_input_files(files=[BAD])
    page.locator("#error").wait_for(state="visible", timeout=10_000)


def test_a_message_of_the_last_game_is_gone_in_the_next(page, app_url, say):
    """Regression (issue: an error banner survived into the next game): a loaded slot, the game continued
    from the start screen, a new game and a rematch each clear it."""
    open_app(page, app_url + "?seed=6")
    start_game(page, clans=("water", "meteor"), seats=("human", "human"))
    page.click("details.menu summary")
    page.fill("#slot-name", "one")
    page.click("[data-cmd=save-slot]")
    cleared = []
    for how in ("a loaded slot", "the game continued", "a new game"):
        bad_import(page)
        page.click("details.menu summary")
        page.click('details.menu [data-cmd="menu"]')
        page.wait_for_function("() => document.body.dataset.screen === 'start'")
        if how == "a loaded slot":
            page.click('[data-cmd="load-slot"][data-slot="one"]')
        elif how == "the game continued":
            page.click("[data-continue-game]")
        else:
            page.click("[data-new-game]")
        if page.locator("[data-confirm]").count():
            page.click("[data-confirm]")
        page.wait_for_function("() => document.body.dataset.screen === 'game'")
        dismiss_overlays(page)
        assert not page.locator("#error").is_visible(), f"the last game's message stayed up after {how}"
        cleared.append(how)
    # a rematch from the game-over screen
    finished = cc.new_game(("water", "flower"), seed=4)
    rng = random.Random(4)
    while not finished.is_over:
        finished.apply(rng.choice(finished.legal_actions()))
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        files=[save_of(finished, "over.json")]))
    page.locator("[data-game-over]").first.wait_for(state="visible")
    bad_import(page)
    page.click("[data-game-over] [data-cmd=rematch]")
    page.wait_for_function("() => !document.querySelector('[data-game-over]')")
    assert not page.locator("#error").is_visible(), "the last game's message stayed up after a rematch"
    cleared.append("a rematch")
    say(f"a message of the last game was cleared by {', '.join(cleared)}")
    assert_no_page_errors(page)


def test_cost_badges_say_cost_and_a_phones_top_bar_keeps_its_words(new_context, app_url, say):
    """Regressions (issue: 'Draw ③' read as 'draw three'; on a phone Export and Import were icons only)."""
    page = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    open_app(page, app_url + "?seed=7")
    start_game(page, clans=("water", "meteor"), seats=("human", "human"))
    dismiss_overlays(page)
    badges = page.evaluate("""() => [...document.querySelectorAll('[data-cost] .cost-badge')].map(b =>
        [b.textContent.trim(), b.closest('[data-cost]').dataset.cost])""")
    assert badges, "no cost badge on the table"
    wrong = [(text, cost) for text, cost in badges if not re.fullmatch(rf"cost {cost}", text)]
    assert not wrong, f"badges that do not say 'cost N': {wrong[:5]}"
    # issue 24, item 3b: a card's summon cost says "cost N" too (it was a bare number in a circle), on the hand's
    # faces and in the card's details, whole and inside its card head
    corners = page.evaluate("""() => [...document.querySelectorAll('.hand .card .cost')].filter(c => c.getClientRects().length).map(c => {
        const r = c.getBoundingClientRect(), head = c.closest('.card-head').getBoundingClientRect();
        return [c.querySelector('[aria-hidden]').textContent.trim(), c.dataset.summonCost,
                r.width > 20 && r.left >= head.left && r.right <= head.right + 0.5 && r.bottom <= head.bottom + 0.5]; })""")
    assert corners, "no card of the hand in view"
    bad = [c for c in corners if not re.fullmatch(rf"cost {c[1]}", c[0]) or not c[2]]
    assert not bad, f"card costs that do not read 'cost N' inside the card head: {bad}"
    page.locator(".hand .info-btn").first.click()
    detail = page.locator("#modal .card .cost [aria-hidden]").first
    detail.wait_for(state="visible")
    assert re.fullmatch(r"cost \d+", detail.inner_text().strip()), detail.inner_text()
    screenshot(page, "card_cost_in_details_phone")
    page.keyboard.press("Escape")
    words = page.evaluate("""() => [...document.querySelectorAll('.topnav .lbl')].map(l => {
        const r = l.getBoundingClientRect(), cs = getComputedStyle(l);
        return [l.textContent.trim(), r.width > 8 && r.height > 6 && cs.visibility !== 'hidden'
                && cs.clip !== 'rect(0px, 0px, 0px, 0px)' && parseFloat(cs.fontSize) >= 10]; })""")
    shown = {text for text, ok in words if ok}
    assert {"Export", "Import", "Rules", "Menu"} <= shown, f"top bar words shown on a phone: {words}"
    screenshot(page, "phone_top_bar_words")
    say(f"{len(badges)} cost badges and {len(corners)} hand cards' costs say 'cost N'; a phone's top bar shows "
        f"{sorted(shown)}")
    assert_no_page_errors(page)
