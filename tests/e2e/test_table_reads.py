"""The table tells the story (issue 11): the log of a played game with its turns, costs and battles; costs on
the buttons equal to what the engine charges; the whole hand in view on a desktop; no text under 11 px
on a phone. Screenshots: table_log.png, log_battle.png, table_phone_log.png."""
from __future__ import annotations

import random

import crystalclans as cc

from .ui import (assert_no_page_errors, fail_with_screenshot, is_visible, open_app, play_random_clicks,
                 screenshot, start_game)

NAMES = ("Ada", "Bo")


def autosaved_game(page) -> cc.Game:
    text = page.evaluate("() => localStorage.getItem('crystalclans.autosave')")
    assert text, "no autosave after a move"
    return cc.Game.from_json(text)


def costed_elements(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('[data-action]')].map(el => ({
        action: el.dataset.action, cost: el.dataset.cost === undefined ? null : Number(el.dataset.cost),
        ends: el.hasAttribute('data-ends-turn'), text: el.innerText}))""")


def test_costs_shown_are_the_engines_and_the_log_tells_the_battles(page, app_url, say):
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, app_url + "?seed=11")
    start_game(page, clans=("blood", "skull"), names=NAMES)
    checked = {"elements": 0, "costed": 0, "decisions": 0}

    def check_costs(page, step, pick):
        if step % 7 or is_visible(page, "[data-turn-screen]") or is_visible(page, "[data-battle-result]"):
            return
        els = costed_elements(page)
        if not els:
            return
        g = autosaved_game(page)
        if g.decision is None:
            return
        checked["decisions"] += 1
        for el in els:
            want = g.option_cost(el["action"])
            got = el["cost"] or 0
            if got != want:
                fail_with_screenshot(page, "cost_mismatch", f"{el['action']!r} shows cost {got}, the engine charges {want}")
            checked["elements"] += 1
            if want:
                checked["costed"] += 1
                assert str(want) in el["text"] or el["text"].strip() == "", (el, "the cost is not displayed")

    play_random_clicks(page, random.Random(5), 250, on_step=check_costs, until_game_over=False)
    assert checked["costed"] >= 20 and checked["decisions"] >= 20, checked

    g = autosaved_game(page)
    log = page.locator("[data-log]")
    assert log.count() == 1
    turns = page.locator("[data-log-turn]")
    assert turns.count() == g.turn, (turns.count(), g.turn)
    # a battle entry: damage, and the destroyed units with their owners' names
    story = g.story()
    battles = [(a, e) for t in story for a in t["actions"] for e in a["events"]
               if e["kind"] == "battle" and any(e["lost"])]
    assert battles, "the seeded game should have a battle with losses"
    for _ in range(4):  # the 250th click may have left a pass screen or a battle's result over the table
        over = page.locator("[data-turn-screen] [data-continue], [data-battle-result] [data-continue]")
        if not over.count():
            break
        over.first.click()
    entry = page.locator("[data-log-battle]").filter(has_text="lost").first
    entry.scroll_into_view_if_needed()
    entry.locator("summary").click()
    text = entry.inner_text()
    assert "damage" in text and " lost " in text, text
    assert any(n in text for n in NAMES)
    a, e = battles[-1]
    owner = NAMES[next(p for p in (0, 1) if e["lost"][p])]
    lost_text = page.locator("[data-log]").inner_text()
    assert f"{owner} lost" in lost_text
    screenshot(page, "log_battle")
    assert_no_page_errors(page)
    say(f"costs checked on {checked['elements']} elements ({checked['costed']} costing initiative) at "
        f"{checked['decisions']} decisions; log: {turns.count()} turns, {len(battles)} battles with losses")


def test_the_hand_is_in_view_on_a_desktop_and_text_is_readable_on_a_phone(new_context, app_url, say):
    page = new_context(viewport={"width": 1440, "height": 900}).new_page()
    open_app(page, app_url + "?seed=3")
    start_game(page, clans=("water", "stone"), names=NAMES)
    rng = random.Random(2)
    play_random_clicks(page, rng, 30, until_game_over=False)
    for _ in range(20):  # the random clicks can have summoned the whole hand: play on until it holds a card
        if page.locator(".hand .card").count() and not is_visible(page, "[data-turn-screen]"):
            break
        play_random_clicks(page, rng, 3, until_game_over=False, log=lambda s: None)
    for _ in range(6):
        if is_visible(page, "[data-turn-screen]") or is_visible(page, "[data-battle-result]"):
            page.locator("[data-continue]").first.click()
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.evaluate("""() => { const cards = [...document.querySelectorAll('.hand .card')];
        return {n: cards.length, bottom: Math.max(0, ...cards.map(c => c.getBoundingClientRect().bottom)),
                top: Math.min(1e9, ...cards.map(c => c.getBoundingClientRect().top)), h: innerHeight}; }""")
    screenshot(page, "table_desktop_hand")
    assert box["n"] >= 1, box
    if not (0 <= box["top"] and box["bottom"] <= box["h"]):
        fail_with_screenshot(page, "hand_below_fold", f"the hand is not wholly in view at 1440x900 without scrolling: {box}")
    # a laptop screen: the docked prompt and hand leave the whole board in view
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("() => window.scrollTo(0, 0)")
    laptop = page.evaluate("""() => ({board: document.querySelector('.board').getBoundingClientRect().bottom,
        dock: document.querySelector('.dock').getBoundingClientRect().top})""")
    screenshot(page, "table_laptop")
    print(f"[e2e] 1280x800: board bottom {laptop['board']:.0f}, dock top {laptop['dock']:.0f}")
    assert laptop["board"] <= laptop["dock"] + 2, f"at 1280x800 the dock covers the board: {laptop}"

    phone = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    open_app(phone, app_url + "?seed=3")
    start_game(phone, clans=("water", "stone"), names=NAMES)
    play_random_clicks(phone, random.Random(2), 30, until_game_over=False)
    small = phone.evaluate("""() => {
        const out = [];
        for (const el of document.querySelectorAll('body *')) {
          const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
          if (!own) continue;
          const cs = getComputedStyle(el);
          if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('.sr-only')) continue;
          const px = parseFloat(cs.fontSize);
          if (px < 11) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${px}px "${el.textContent.trim().slice(0, 30)}"`);
        }
        return out; }""")
    screenshot(phone, "table_phone_log")
    assert not small, f"text under 11 px on a 390x844 phone: {small[:10]}"
    # the rules and the menu are one click away on the pass-the-device screen too
    for _ in range(40):
        if is_visible(phone, "[data-turn-screen]"):
            break
        play_random_clicks(phone, random.Random(_), 1, until_game_over=False, log_every=0)
    assert is_visible(phone, "[data-turn-screen]"), "no pass-the-device screen within 40 clicks"
    phone.click('.topnav [data-cmd="rules"]')
    assert is_visible(phone, "#rules-title"), "the rules did not open from the pass-the-device screen"
    screenshot(phone, "rules_over_pass_screen")
    phone.click('#modal [data-cmd="close-modal"]')
    assert is_visible(phone, "[data-turn-screen]"), "closing the rules lost the pass-the-device screen"
    phone.click("details.menu summary")
    assert is_visible(phone, 'details.menu [data-cmd="menu"]'), "the menu did not open over the pass-the-device screen"
    say(f"desktop hand: {box['n']} cards, bottom at {box['bottom']:.0f} of {box['h']} px; phone: no text under 11 px; "
        "rules and menu opened from the pass-the-device screen")
