"""Two players far apart: two browser contexts link through the real start screen (the guest opens the
invitation link, the reply code is pasted back) and play a whole game to a winner by clicking what each page
offers; both pages end with the same public hash, winner and an honest audit, and neither ever shows the other's hand. Then a
rematch links a new deal, which the two end by agreement (the host offers from the menu, the guest agrees on
the notice), without a winner and audited. (A resignation through the menu: test_p2p_liar.py.)"""
from __future__ import annotations

import os
import random
import time

from crystalclans.ai import make_bot

from .p2p import assert_only_own_hand, link_pages, play, rematch_by_both
from .ui import assert_no_page_errors, open_app, screenshot, shared_hash as state_hash

LONG = os.environ.get("CRYSTALCLANS_LONG") == "1"  # random clicks only: games of ~1,000 clicks


def test_two_players_link_play_a_whole_game_rematch_and_end_by_agreement(new_context, app_url, say):
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
    for p in (a, b):  # each page held its own one-sided game; at the end both opened and both audits passed
        p.wait_for_selector("[data-game-over] [data-audit=honest]", timeout=15_000)
    screenshot(a, "p2p_game_over_host")
    # a rematch: the host asks, the guest sees it and accepts; a new deal is agreed over the same link
    rematch_by_both(a, b)
    h2 = state_hash(a)
    assert h2 == state_hash(b) and h2 != ha
    more, over = play(a, b, rng, 30)
    for _ in range(30):  # a summon's or replenish's picks travel once it is done: until then the pages differ
        time.sleep(0.2)
        if state_hash(a) == state_hash(b):
            break
        more = [x + y for x, y in zip(more, play(a, b, rng, 1)[0])]
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
    say(f"linked through the start screen in {link_s:.1f} s; a whole game to a winner in {sum(clicks)} clicks "
        f"({clicks[0]} on the host's page, {clicks[1]} on the guest's) in {played_s:.0f} s, equal hashes and "
        f"winner ({winners[0]!r}); a rematch linked a new deal; {sum(more)} clicks later both agreed to end it (audited)")
    assert_no_page_errors(a, b)
