"""The controls a person uses besides random clicking: undo within a turn, the keyboard alone, accessible
names, the card details view (its data's sources in words), the discard pile, and a phone-sized screen."""
from __future__ import annotations

from collections import Counter

import crystalclans as cc
from crystalclans.balancenotes import adjusted_values
from crystalclans.cardset import BASE_SET_FILE

from .ui import (
    assert_no_page_errors,
    dismiss_overlays,
    fail_with_screenshot,
    is_visible,
    open_app,
    screenshot,
    start_game,
    state_hash,
    wait_hash,
)

PHONE = {"width": 390, "height": 844}

# Every visible control must have a name a screen reader can say (text, aria-label or a <label>).
UNNAMED_JS = """() => [...document.querySelectorAll("button, input, select, summary, [role=button]")]
  .filter(el => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null)
  .filter(el => {
    const text = (el.getAttribute("aria-label") || el.innerText || el.title || "").trim();
    const labelled = el.labels && [...el.labels].some(l => l.innerText.trim());
    return !text && !labelled;
  })
  .map(el => el.outerHTML.slice(0, 120))"""


def click_and_wait(page, selector: str) -> str:
    before = state_hash(page)
    page.locator(selector).first.click()
    return wait_hash(page, "(h, before) => h !== before", before, what=f"the state to change after {selector}")


CHEAPEST_SUMMON_JS = """() => {
  const costs = [...document.querySelectorAll('.hand [data-action^="summon "]')]
    .map(el => [Number(el.querySelector(".cost").dataset.summonCost), el.dataset.action]);
  costs.sort((a, b) => a[0] - b[0]);
  return costs.length ? costs[0] : null;
}"""


def test_undo_steps_back_within_the_turn_only(page, app_url):
    open_app(page, app_url + "?seed=7")  # a fixed deal: the test does not depend on luck
    start_game(page, clans=("blood", "skull"), names=("Ada", "Bo"), first_player=0)
    dismiss_overlays(page)
    h0 = state_hash(page)
    assert page.locator("[data-cmd=undo]").count() == 0, "nothing to undo before the first action"
    cost, summon = page.evaluate(CHEAPEST_SUMMON_JS)
    assert cost <= 1, "the deal for seed 7 has no 1-cost unit: pick another seed (the turn must not pass)"
    h1 = click_and_wait(page, f'.action-bar [data-action="{summon}"]')
    click_and_wait(page, '.action-bar [data-action="done"]')
    assert is_visible(page, "[data-cmd=undo]"), "a finished summon in the same turn can be undone"

    page.click("[data-cmd=undo]")
    assert wait_hash(page, "(h, want) => h === want", h1, what="undo to restore the state after the pick") == h1
    page.click("[data-cmd=undo]")
    assert wait_hash(page, "(h, want) => h === want", h0, what="undo to restore the turn's start") == h0
    assert page.locator("[data-cmd=undo]").count() == 0, "undo stops at the start of the turn"

    # Spend past the neutral spaces: the turn passes to Bo, and Ada's moves are out of undo's reach for good.
    click_and_wait(page, f'.action-bar [data-action="{summon}"]')
    for _ in range(3):
        more = page.locator('.action-bar [data-action^="pick "]')
        if not more.count():
            break
        click_and_wait(page, '.action-bar [data-action^="pick "]')
    click_and_wait(page, '.action-bar [data-action="done"]')
    for _ in range(20):  # keep the order, skip what may be skipped, replenish: until Bo's turn
        if is_visible(page, "[data-turn-screen]"):
            break
        for choice in ("keep", "skip", "done", "replenish"):
            if page.locator(f'.action-bar [data-action="{choice}"]').count():
                click_and_wait(page, f'.action-bar [data-action="{choice}"]')
                break
        else:
            fail_with_screenshot(page, "undo_no_way_on", "expected keep, skip, done or replenish")
    assert "Bo" in page.locator("[data-turn-screen]").inner_text()
    dismiss_overlays(page)
    assert page.locator("[data-cmd=undo]").count() == 0, "Bo cannot undo Ada's turn"
    assert_no_page_errors(page)


def test_keyboard_alone_starts_and_plays(page, app_url, say):
    open_app(page, app_url)

    def tab_to(selector: str, limit: int = 80) -> int:
        for n in range(1, limit + 1):
            page.keyboard.press("Tab")
            if page.evaluate("(sel) => document.activeElement && document.activeElement.matches(sel)", selector):
                return n
        fail_with_screenshot(page, "keyboard_focus", f"{limit} presses of Tab never reached {selector}")

    tabs = tab_to("[data-new-game]")
    page.keyboard.press("Enter")
    wait_hash(page, "(h) => typeof h === 'string' && h.length > 0", what="Enter on Start game to start a game")
    # The pass-the-device screen takes the focus itself, so Enter goes on.
    page.wait_for_function("() => document.activeElement && document.activeElement.hasAttribute('data-continue')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[data-turn-screen]')")
    for key in ("Space", "Enter"):
        before = state_hash(page)
        tab_to(".action-bar [data-action]")
        page.keyboard.press(key)
        wait_hash(page, "(h, before) => h !== before", before, what=f"{key} on a focused action to apply it")
    say(f"keyboard: {tabs} Tab presses from the top of the page to Start game; Enter/Space apply actions")
    assert_no_page_errors(page)


def test_every_control_has_an_accessible_name(page, app_url):
    open_app(page, app_url)
    unnamed = page.evaluate(UNNAMED_JS)
    assert not unnamed, "start screen controls without a name:\n" + "\n".join(unnamed)
    start_game(page, clans=("flower", "water"))
    for screen in ("pass screen", "table"):
        unnamed = page.evaluate(UNNAMED_JS)
        assert not unnamed, f"{screen} controls without a name:\n" + "\n".join(unnamed)
        dismiss_overlays(page)


def a_deal_with_an_adjusted_card(adjusted: Counter) -> int:
    """A seed whose Blood hand (Blood against Skull, Blood first) holds a card with a value adjusted for
    balance: a page opened at a random seed may deal none (a CI run did), and the test then shows nothing."""
    for seed in range(500):
        hand = cc.new_game(("blood", "skull"), seed=seed, first_player=0).view(0)["players"][0]["hand"]
        if any(adjusted[c["id"]] for c in hand):
            return seed
    raise AssertionError("no deal of 500 holds a Blood card adjusted for balance")


def test_card_details_read_for_players_and_discards_are_browsable(page, app_url):
    adjusted = Counter(a.unit for a in adjusted_values(BASE_SET_FILE))  # the balance pass's values, by unit
    open_app(page, app_url + (f"?seed={a_deal_with_an_adjusted_card(adjusted)}" if adjusted else ""))
    start_game(page, clans=("blood", "skull"), first_player=0)
    dismiss_overlays(page)
    designed = sourced = 0
    shown_adjusted = 0
    for i in range(page.locator(".hand [data-details]").count()):
        page.locator(".hand [data-details]").nth(i).click()
        dialog = page.locator("#modal [role=dialog]")
        unit = page.locator("#modal [data-card-details]").get_attribute("data-card-details")
        assert "attack" in dialog.inner_text() and "style" in dialog.inner_text()
        assert not page.locator("#modal [data-card-data]").evaluate("d => d.open"), "the data part should start folded"
        page.click("#modal [data-card-data] summary")
        origins = page.locator("#modal .prov td:nth-child(3)").all_inner_texts()
        text = dialog.inner_text()
        for internal in ("seed:", ".txt", "REPORT", "http", "web:", "battle.style", "inferred"):
            assert internal not in text, f"card details show an internal reference {internal!r}"
        designed += sum(o.startswith("Our design") for o in origins)
        sourced += sum(o.startswith(("From", "Worked out")) for o in origins)
        says = sum(o.startswith("Our design, adjusted for balance (it was ") for o in origins)
        assert says == adjusted[unit], f"{unit}: {says} values say they were adjusted for balance, not {adjusted[unit]}"
        if says:
            assert "adjusted for balance" in page.locator("#modal [data-card-data] p").inner_text()
            if not shown_adjusted:
                page.locator("#modal .prov td", has_text="adjusted for balance").first.scroll_into_view_if_needed()
                screenshot(page, "card_details_adjusted")
            shown_adjusted += says
        if i == 0:
            screenshot(page, "card_details")
        page.click("#modal [data-cmd=close-modal]")
    assert designed and sourced, (designed, sourced)
    assert shown_adjusted or not adjusted, "no card in hand shows a value adjusted for balance"
    # an ability on a card opens the rules reference at its entry; the search finds the rules on a word
    page.locator(".hand [data-details]").first.click()
    link = page.locator("#modal .rules-link").first
    at = link.get_attribute("data-rules-at")
    link.click()
    entry = page.locator(f"#rules-{at}")
    entry.wait_for(state="visible")
    assert page.evaluate("(id) => document.activeElement && document.activeElement.id === id", f"rules-{at}")
    total = page.locator("[data-rules-entry]").count()
    page.fill("[data-rules-search]", "reshuffle")
    shown = page.locator("[data-rules-entry]:not([hidden])").count()
    assert 1 <= shown < total and page.locator("#rules-reshuffle").is_visible(), (shown, total)
    screenshot(page, "rules_search")
    page.click("#modal [data-cmd=close-modal]")
    page.locator(".hand [data-details]").first.click()
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#modal [role=dialog]')")
    page.locator("[data-cmd=discard]").first.click()
    assert "discard pile" in page.locator("#modal [role=dialog]").inner_text()
    page.click("#modal [data-cmd=close-modal]")
    assert page.locator("#modal [role=dialog]").count() == 0
    assert_no_page_errors(page)


def test_phone_layout_has_no_sideways_scrolling(new_context, app_url, say):
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_app(page, app_url)
    overflow = "() => document.documentElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 1, "the start screen is wider than a phone"
    screenshot(page, "start_phone")
    start_game(page, clans=("stone", "meteor"), first_player=0)
    dismiss_overlays(page)
    assert page.evaluate(overflow) <= 1, "the table is wider than a phone"
    page.locator(".action-bar [data-action]").first.scroll_into_view_if_needed()
    screenshot(page, "table_phone")
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "board_phone")
    say(f"phone {PHONE['width']}x{PHONE['height']}: page height {page.evaluate('document.documentElement.scrollHeight')} px")
    assert_no_page_errors(page)
