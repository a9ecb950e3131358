"""Tash-Kalar between two browsers: the host chooses Tash-Kalar's Duel on the start screen and invites; the guest
opens the invitation link and joins; both tables show the same arena. Mid-game the guest's page reloads and the
two re-link; the game is played to its end by clicks on whichever page must act, with equal state hashes and
the same result on both pages, and a rematch deals a new game over the same link (a Melee or a Team game links a
page a player: tests/unit/test_p2p_party.py, tests/e2e/test_p2p_party.py)."""
from __future__ import annotations

import random
import time

from tashkalar.ai import make_bot

from .p2p import link_pages, play, relink_by_codes, rematch_by_both
from .test_p2p_resume import wait_equal_hashes
from .ui import assert_no_page_errors, open_app, screenshot, wait_ready


def test_two_browsers_play_a_tashkalar_duel_to_the_end_across_a_reload(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context(viewport={"width": 390, "height": 844}).new_page()  # the guest plays on a phone
    open_app(a, app_url)
    a.click('button[data-game="tashkalar"]')
    a.wait_for_selector("#tk-mode")
    a.select_option("#tk-mode", "duel")
    a.fill("#name-0", "Ada")
    a.select_option("#tk-deck-0", "sylvan")
    a.select_option("#tk-deck-1", "highland")
    link_s = link_pages(a, b)
    for p in (a, b):
        p.locator(".tk-arena [data-square]").first.wait_for(state="visible", timeout=30_000)
        assert p.locator(".tk-arena [data-square]").count() == 69
    before = wait_equal_hashes(a, b)
    seats = [p.locator(".tk-seats").inner_text() for p in (a, b)]
    for text in seats:
        assert "Ada" in text and "Bo" in text and "Sylvan" in text and "Highland" in text, text
    screenshot(b, "p2p_tk_guest_first_screen")
    rng = random.Random(11)
    c1, over = play(a, b, rng, 12, hands=None)
    assert not over
    mid = wait_equal_hashes(a, b)
    assert mid != before

    # the guest's page reloads; the two re-link and go on where they were
    b.reload()
    wait_ready(b)
    a.locator("[data-link-lost]").wait_for(state="visible", timeout=30_000)
    b.click("[data-continue-game]")
    a.click("[data-cmd=relink]")
    relink_s = relink_by_codes(a, b)
    assert wait_equal_hashes(a, b) == mid, "the Tash-Kalar game did not resume where both pages were"

    started = time.perf_counter()
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]  # each page clicks what its greedy would
    c2, over = play(a, b, rng, 1500, bots, hands=None)
    played_s = time.perf_counter() - started
    assert over, f"no end after {sum(c1) + sum(c2)} clicks"
    end = wait_equal_hashes(a, b)
    results = [p.locator("[data-game-over] h2").inner_text() for p in (a, b)]
    assert results[0] == results[1], results
    screenshot(a, "p2p_tk_game_over_host")
    screenshot(b, "p2p_tk_game_over_guest")

    # a rematch over the same link: a new deal both pages agree on
    rematch_by_both(a, b)
    again = wait_equal_hashes(a, b)
    assert again != end
    assert "Sylvan" in a.locator(".tk-seats").inner_text()
    say(f"Tash-Kalar Duel linked in {link_s:.1f} s, re-linked after the guest's reload in {relink_s:.1f} s; played "
        f"to the end in {sum(c1) + sum(c2)} clicks ({played_s:.0f} s after the re-link), equal hashes and the same "
        f"result ({results[0]!r}); a rematch dealt a new game")
    assert_no_page_errors(a, b)
