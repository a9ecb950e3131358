"""Two players far apart: two browser contexts link through the real start screen (the invitation code
pasted into the other page, the reply pasted back) and play by clicking what each page offers; both pages
keep the same state hash, and neither ever shows the other's hand. A game of random clicks can run to
1,500 clicks, so the suite plays CLICKS of them and then the host resigns (both pages end the game, and a
rematch links a new deal); CRYSTALCLANS_LONG=1 plays the game to its end by the rules instead."""
from __future__ import annotations

import os
import random
import time

from .ui import PICK_JS, PwError, PwTimeout, assert_no_page_errors, open_app, screenshot, state_hash

HANDS_JS = """() => ({sections: document.querySelectorAll('section.hand').length,
    clans: [...document.querySelectorAll('section.hand .card')].map(e => [...e.classList].find(c => c.startsWith('clan-')))})"""


def assert_only_own_hand(page, own: str, other: str) -> None:
    seen = page.evaluate(HANDS_JS)
    assert seen["sections"] <= 1, "two hands on one page"
    assert f"clan-{other}" not in seen["clans"], f"the opponent's ({other}) hand cards are on this page"


def link_pages(a, b) -> float:
    """The host invites; the guest opens the invitation link (the code in its #fragment), joins, and sends
    the reply code back, which the host pastes."""
    t = time.perf_counter()
    a.click("[data-p2p-host]")
    invitation = a.locator("[data-link-url]")
    invitation.wait_for(state="visible", timeout=20_000)
    url = invitation.input_value()
    assert "#CC1" in url
    a.locator("[data-link-qr] svg").wait_for(state="visible", timeout=10_000)
    screenshot(a, "p2p_invitation")
    b.goto(url)
    b.wait_for_selector('body[data-ready="true"]', timeout=120_000)
    b.locator("[data-link-input]").wait_for(state="visible", timeout=20_000)
    assert b.locator("[data-link-input]").input_value() == url.split("#", 1)[1]
    assert "#" not in b.url, "the invitation stays in the address bar (a reload would join again)"
    b.fill("#name-1", "Bo")
    b.click("[data-link-submit]")
    reply = b.locator("[data-link-code]")
    reply.wait_for(state="visible", timeout=20_000)
    a.fill("[data-link-input]", reply.input_value())
    a.click("[data-link-submit]")
    for p in (a, b):
        p.wait_for_selector('body[data-linked="true"]', state="attached", timeout=20_000)
        p.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=30_000)
    return time.perf_counter() - t


LONG = os.environ.get("CRYSTALCLANS_LONG") == "1"
CLICKS = 10_000 if LONG else 160


def test_two_players_link_play_resign_and_rematch(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context().new_page()
    open_app(a, app_url)
    a.fill("#name-0", "Ada")
    a.select_option("#clan-0", "blood")
    a.select_option("#clan-1", "skull")
    link_s = link_pages(a, b)
    assert state_hash(a) == state_hash(b)
    rng = random.Random(3)
    clicks = [0, 0]
    started = time.perf_counter()
    idle_since = time.perf_counter()
    while time.perf_counter() - started < 900 and sum(clicks) < CLICKS:
        picks = [p.evaluate(PICK_JS, rng.random()) for p in (a, b)]
        if all(x and x.get("gameOver") for x in picks):
            break
        ready = [i for i, x in enumerate(picks) if x and not x.get("gameOver")]
        if not ready:
            assert time.perf_counter() - idle_since < 20, "neither page offers anything"
            time.sleep(0.05)
            continue
        if sum(clicks) % 10 == 0:
            assert_only_own_hand(a, "blood", "skull")
            assert_only_own_hand(b, "skull", "blood")
        i = ready[rng.randrange(len(ready))]
        page, pick = (a, b)[i], picks[i]
        try:  # the other page's move may re-render this one between the pick and the click: pick again
            page.locator(pick["selector"]).nth(pick["index"]).click(timeout=2_000)
        except (PwTimeout, PwError):
            continue
        clicks[i] += 1
        idle_since = time.perf_counter()
    else:
        assert not LONG, f"no winner after {sum(clicks)} clicks"
    played_s = time.perf_counter() - started
    ha, hb = state_hash(a), state_hash(b)
    assert ha == hb
    over = [p.locator("[data-game-over]").is_visible() for p in (a, b)]
    resigned = not all(over)
    if resigned:  # the host gives up from the menu, with a confirmation
        a.click("details.menu summary")
        a.click("[data-cmd=resign]")
        a.click("[data-cmd=resign-confirm]")
        for p in (a, b):
            p.locator("[data-game-over]").wait_for(state="visible", timeout=10_000)
        assert "Bo wins" in a.locator("#go-title").inner_text()
        assert "Ada resigned" in b.locator("[data-game-over]").inner_text()
        screenshot(b, "p2p_guest_sees_the_host_resign")
    else:
        screenshot(a, "p2p_game_over_host")
    # a rematch: the host asks, the guest sees it and accepts; a new deal is agreed over the same link
    a.click("[data-game-over] [data-cmd=rematch]")
    b.locator("[data-rematch-offered]").wait_for(state="visible", timeout=10_000)
    a.locator("[data-rematch-asked]").wait_for(state="visible", timeout=10_000)
    b.click("[data-game-over] [data-cmd=rematch]")
    for p in (a, b):
        p.wait_for_function("() => document.body.dataset.screen === 'game' && !document.querySelector('[data-game-over]')",
                            timeout=30_000)
    h2 = state_hash(a)
    assert h2 == state_hash(b) and h2 != ha
    assert_only_own_hand(a, "blood", "skull")
    assert_only_own_hand(b, "skull", "blood")
    say(f"linked through the start screen in {link_s:.1f} s; {sum(clicks)} clicks ({clicks[0]} on the host's "
        f"page, {clicks[1]} on the guest's) in {played_s:.0f} s, hashes equal; "
        f"{'the host resigned' if resigned else 'the game ended by the rules'}; a rematch linked a new deal")
    assert_no_page_errors(a, b)
