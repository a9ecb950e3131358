"""Losing nothing: mid-game the guest's page (a phone-sized one) reloads, and later the link is closed; each time the players
re-link with a new invitation (the second time the other player invites) and the game goes on where both
were, with equal state hashes, and is played to its end."""
from __future__ import annotations

import random

from crystalclans.ai import make_bot

from .p2p import link_pages, play, play_to_agreement, relink_by_codes
from .test_p2p_hostile import settle
from .ui import assert_no_page_errors, open_app, screenshot, shared_hash, state_hash, wait_ready


def wait_equal_hashes(a, b, timeout_s: float = 10.0) -> str:
    """The two pages' hashes once they agree (a move may still be crossing the link)."""
    import time

    end = time.perf_counter() + timeout_s
    while True:
        ha, hb = shared_hash(a), shared_hash(b)
        if ha == hb or time.perf_counter() > end:
            assert ha == hb, "the two pages hold different games"
            return ha
        time.sleep(0.1)


def test_a_reload_and_a_closed_link_lose_nothing(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context(viewport={"width": 390, "height": 844}).new_page()  # the guest plays on a phone
    open_app(a, app_url)
    a.fill("#name-0", "Ada")
    a.select_option("#clan-0", "blood")
    a.select_option("#clan-1", "skull")
    link_pages(a, b)
    rng = random.Random(5)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    c1, over = play_to_agreement(a, b, rng, 15, bots)
    assert not over and settle(a, b, rng, bots, c1)  # (a summon's picks travel once it is done)
    before = wait_equal_hashes(a, b)

    # the guest's page reloads: the host sees the link lost; the guest's start screen offers the saved game
    b.reload()
    wait_ready(b)
    a.locator("[data-link-lost]").wait_for(state="visible", timeout=30_000)
    screenshot(a, "p2p_link_lost")
    b.click("[data-continue-game]")
    a.click("[data-cmd=relink]")
    screenshot(b, "p2p_resume_offer")
    t1 = relink_by_codes(a, b)
    after_reload = wait_equal_hashes(a, b)
    assert after_reload == before, "the game did not resume where both pages were"

    c2, over = play_to_agreement(a, b, rng, 15, bots)
    assert not over and settle(a, b, rng, bots, c2)
    screenshot(b, "p2p_guest_on_a_phone")
    mid = wait_equal_hashes(a, b)

    # the link is closed (a network drop); this time the guest invites and the host joins
    a.evaluate("() => window.crystalclans_p2p.close()")
    for p in (a, b):
        p.locator("[data-link-lost]").wait_for(state="visible", timeout=30_000)
        p.click("[data-cmd=relink]")
    t2 = relink_by_codes(b, a)
    assert wait_equal_hashes(a, b) == mid

    c3, over = play(a, b, rng, 3000, bots)
    assert over, "no winner"
    end = wait_equal_hashes(a, b)
    winners = [p.locator("#go-title").inner_text() for p in (a, b)]
    assert winners[0] == winners[1]
    for p in (a, b):  # the one-sided games, saved and resumed twice, still pass the audit on both pages
        p.wait_for_selector("[data-game-over] [data-audit=honest]", timeout=15_000)
    clicks = sum(c1) + sum(c2) + sum(c3)
    say(f"reload: re-linked in {t1:.1f} s, same hash; closed link: re-linked (the other page inviting) in "
        f"{t2:.1f} s, same hash; played on to {winners[0]!r} in {clicks} clicks in all; final hashes equal "
        f"({end[:12]})")
    assert_no_page_errors(a, b)
