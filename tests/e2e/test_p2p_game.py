"""Two players far apart: two browser contexts link through the real start screen (the guest, on a phone-sized
page, opens the invitation link, the reply code is pasted back) and play one whole game to a winner by clicking
what each page offers; neither page ever shows the other's hand. Losing nothing on the way: mid-game the
guest's page reloads, and later the link is closed; each time the players re-link with a new invitation (the
second time the other player invites) and the game goes on where both were, with equal hashes. At the end both
pages show the same public hash and winner, and the one-sided games, saved and resumed twice, pass the audit on
both pages. Then a rematch links a new deal, which the two end by agreement (the host offers from the menu,
the guest agrees on the notice), without a winner and audited. (A resignation through the menu:
test_p2p_liar.py.) One whole online game of Crystal Clans serves all of these (it was two tests, each playing a
whole game: this one and test_p2p_resume.py's)."""
from __future__ import annotations

import os
import random
import time

from crystalclans.ai import make_bot

from .p2p import MIRRORED, link_pages, play, play_to_agreement, rematch_by_both, relink_by_codes
from .test_p2p_hostile import settle
from .test_p2p_resume import wait_equal_hashes
from .ui import assert_no_page_errors, open_app, screenshot, shared_hash as state_hash, wait_ready

LONG = os.environ.get("CRYSTALCLANS_LONG") == "1"  # random clicks only: games of ~1,000 clicks


def test_two_players_link_play_a_whole_game_across_a_reload_and_a_closed_link_rematch_and_end_by_agreement(
        new_context, app_url, say):
    t0 = time.perf_counter()
    a = new_context().new_page()
    b = new_context(viewport={"width": 390, "height": 844}).new_page()  # the guest plays on a phone
    open_app(a, app_url)
    boot_s = time.perf_counter() - t0
    a.fill("#name-0", "Ada")
    a.select_option("#clan-0", "blood")
    a.select_option("#clan-1", "skull")
    link_s = link_pages(a, b)
    assert state_hash(a) == state_hash(b)
    rng = random.Random(3)
    bots = None if LONG else [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    started = time.perf_counter()
    c1, over = play_to_agreement(a, b, rng, 15, bots)
    assert not over and settle(a, b, rng, bots, c1)  # (a summon's picks travel once it is done)
    before = wait_equal_hashes(a, b)

    # the guest's page reloads: the host sees the link lost; the guest's start screen offers the saved game
    t = time.perf_counter()
    b.reload()
    wait_ready(b)
    a.locator("[data-link-lost]").wait_for(state="visible", timeout=30_000)
    screenshot(a, "p2p_link_lost")
    b.click("[data-continue-game]")
    a.click("[data-cmd=relink]")
    screenshot(b, "p2p_resume_offer")
    t1 = relink_by_codes(a, b)
    assert wait_equal_hashes(a, b) == before, "the game did not resume where both pages were"
    reload_s = time.perf_counter() - t

    c2, over = play_to_agreement(a, b, rng, 15, bots)
    assert not over and settle(a, b, rng, bots, c2)
    screenshot(b, "p2p_guest_on_a_phone")
    mid = wait_equal_hashes(a, b)

    # the link is closed (a network drop); this time the guest invites and the host joins
    t = time.perf_counter()
    a.evaluate("() => window.crystalclans_p2p.close()")
    for p in (a, b):
        p.locator("[data-link-lost]").wait_for(state="visible", timeout=30_000)
        p.click("[data-cmd=relink]")
    t2 = relink_by_codes(b, a)
    assert wait_equal_hashes(a, b) == mid
    closed_s = time.perf_counter() - t

    t = time.perf_counter()
    c3, over = play(a, b, rng, 4000, bots)
    clicks = [x + y + z for x, y, z in zip(c1, c2, c3)]
    played_s = time.perf_counter() - started - reload_s - closed_s
    assert over, f"no winner after {sum(clicks)} clicks"
    ha = wait_equal_hashes(a, b)
    winners = [p.locator("#go-title").inner_text() for p in (a, b)]
    assert winners[0] == winners[1] and winners[0].endswith("wins!")
    for p in (a, b):  # each page held its own one-sided game, saved and resumed twice; at the end both opened
        p.wait_for_selector("[data-game-over] [data-audit=honest]", timeout=15_000)  # and both audits passed
    screenshot(a, "p2p_game_over_host")
    # a rematch: the host asks, the guest sees it and accepts; a new deal is agreed over the same link
    t = time.perf_counter()
    rematch_by_both(a, b)
    h2 = state_hash(a)
    assert h2 == state_hash(b) and h2 != ha
    # a few moves of the new deal (a summon's or replenish's picks travel once it is done: until then the
    # pages differ, so click on until they agree)
    more, over = play_to_agreement(a, b, rng, 8, None)
    assert not over and state_hash(a) == state_hash(b)
    # the host offers to end the game from the menu; the guest's page says so and the guest agrees
    a.click("details.menu summary")
    a.click("[data-cmd=offer-end]")
    a.locator("[data-end-offered]").wait_for(state="visible", timeout=10_000)
    offer = b.locator("[data-end-offer]")
    offer.wait_for(state="visible", timeout=10_000)
    assert "Ada offers to end the game" in offer.inner_text()
    screenshot(b, "p2p_guest_sees_the_offer_to_end")
    offer.locator("[data-cmd=offer-end]").click()
    for p in (a, b):
        p.locator("[data-game-over][data-ended-by-agreement]").wait_for(state="visible", timeout=10_000)
        assert "without a winner" in p.locator("[data-game-over]").inner_text()
        p.wait_for_selector("[data-game-over] [data-audit=honest]", timeout=15_000)  # audited as any end
    screenshot(b, "p2p_ended_by_agreement")
    rematch_s = time.perf_counter() - t
    say(f"host ready in {boot_s:.1f} s; linked through the start screen in {link_s:.1f} s; the guest's reload: "
        f"re-linked in {t1:.1f} s ({reload_s:.1f} s from the reload), same hash; closed link: re-linked (the other "
        f"page inviting) in {t2:.1f} s, same hash; a whole game to a winner in {sum(clicks)} clicks ({clicks[0]} "
        f"on the host's page, {clicks[1]} on the guest's) in {played_s:.0f} s of play, equal hashes and winner "
        f"({winners[0]!r}), both audits honest; a rematch linked a new deal; {sum(more)} clicks later both agreed "
        f"to end it (audited), {rematch_s:.1f} s for the rematch and the agreement; the pages' games kept up "
        f"{MIRRORED['kept']} times, rebuilt {MIRRORED['rebuilt']}")
    assert_no_page_errors(a, b)
