"""Two players far apart: two browser contexts link through the real start screen (the guest opens the
invitation link, the reply code is pasted back) and play a whole game to a winner by clicking what each page
offers; both pages end with the same state hash and winner, and neither ever shows the other's hand. Then a
rematch links a new deal, and the host resigns it."""
from __future__ import annotations

import os
import random
import time

import crystalclans as cc
from crystalclans.ai import make_bot

from .ui import OFFERED_JS, PwError, PwTimeout, assert_no_page_errors, open_app, screenshot, state_hash

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


LONG = os.environ.get("CRYSTALCLANS_LONG") == "1"  # random clicks only: games of ~1,000 clicks


def greedy_choice(page, bot) -> str | None:
    """What the greedy bot would choose for this page's player, from the page's own autosave (the lockstep
    game both pages hold). None when that is not on the page (during a secret run the page may already
    offer its player's next pick)."""
    text = page.evaluate("() => localStorage.getItem('crystalclans.autosave')")
    g = cc.Game.from_json(text)
    return str(bot.choose(g)) if g.decision is not None else None


def play(a, b, rng, max_clicks: int, bots=None) -> tuple[list[int], bool]:
    """Click what each page offers, on whichever page must act, until the game is over or max_clicks.
    With bots, a page clicks the action its greedy bot picks (games of ~250 decisions instead of ~1,000
    random ones); continues and anything else at random. Returns (clicks per page, game over)."""
    clicks = [0, 0]
    idle_since = time.perf_counter()
    while sum(clicks) < max_clicks:
        offers = [p.evaluate(OFFERED_JS) for p in (a, b)]
        if all(x and x.get("gameOver") for x in offers):
            return clicks, True
        ready = [i for i, x in enumerate(offers) if x and not x.get("gameOver")]
        if not ready:
            assert time.perf_counter() - idle_since < 20, "neither page offers anything"
            time.sleep(0.05)
            continue
        if sum(clicks) % 10 == 0:
            assert_only_own_hand(a, "blood", "skull")
            assert_only_own_hand(b, "skull", "blood")
        i = ready[rng.randrange(len(ready))]
        page, offer = (a, b)[i], offers[i]
        items = offer["items"]
        pick = items[rng.randrange(len(items))]
        if bots and offer["kind"] == "action":
            want = greedy_choice(page, bots[i])
            pick = next((x for x in items if x["value"] == want), pick)
        try:  # the other page's move may re-render this one between the look and the click: look again
            page.locator(offer["selector"]).nth(pick["index"]).click(timeout=2_000)
        except (PwTimeout, PwError):
            continue
        clicks[i] += 1
        idle_since = time.perf_counter()
    return clicks, False


def test_two_players_link_play_a_whole_game_rematch_and_resign(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context().new_page()
    open_app(a, app_url)
    a.fill("#name-0", "Ada")
    a.select_option("#clan-0", "blood")
    a.select_option("#clan-1", "skull")
    link_s = link_pages(a, b)
    assert state_hash(a) == state_hash(b)
    rng = random.Random(3)
    started = time.perf_counter()
    bots = None if LONG else [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    clicks, over = play(a, b, rng, 4000, bots)
    played_s = time.perf_counter() - started
    assert over, f"no winner after {sum(clicks)} clicks"
    ha, hb = state_hash(a), state_hash(b)
    assert ha == hb
    winners = [p.locator("#go-title").inner_text() for p in (a, b)]
    assert winners[0] == winners[1] and winners[0].endswith("wins!")
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
    more, over = play(a, b, rng, 30)
    assert not over and state_hash(a) == state_hash(b)
    # the host gives up from the menu, with a confirmation; both pages end the game
    a.click("details.menu summary")
    a.click("[data-cmd=resign]")
    a.click("[data-cmd=resign-confirm]")
    for p in (a, b):
        p.locator("[data-game-over]").wait_for(state="visible", timeout=10_000)
    assert "Bo wins" in a.locator("#go-title").inner_text()
    assert "Ada resigned" in b.locator("[data-game-over]").inner_text()
    screenshot(b, "p2p_guest_sees_the_host_resign")
    say(f"linked through the start screen in {link_s:.1f} s; a whole game to a winner in {sum(clicks)} clicks "
        f"({clicks[0]} on the host's page, {clicks[1]} on the guest's) in {played_s:.0f} s, equal hashes and "
        f"winner ({winners[0]!r}); a rematch linked a new deal; {sum(more)} clicks later the host resigned")
    assert_no_page_errors(a, b)
