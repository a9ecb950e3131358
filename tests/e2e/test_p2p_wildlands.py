"""Wildlands between two browsers (issue 29): the host invites and the guest opens the link and joins (three
or four players, and a reload mid-game: tests/e2e/test_p2p_party.py). Each page shows only its own hand and
its own secret start spaces; the questions asked at every action and attack are answered on the asked
player's page (its answer clock, here ?answer=150 ms). The game is played to its end by greedy-driven clicks
on whichever page must act, with equal state hashes and the same result on both pages."""
from __future__ import annotations

import random
import time

from wildlands.ai import make_bot

from .p2p import link_pages, play
from .test_p2p_resume import wait_equal_hashes
from .ui import assert_no_page_errors, open_app, screenshot

ANSWER = "answer=150"  # the answer clock of both pages (a person gets 2.5 s for a window, 4 s for a defence)

OWN_SECRETS_JS = """(me) => [...document.querySelectorAll('.wl-seat')].filter(
    li => li.innerText.includes('will appear on')).map(li => Number(li.dataset.seat))"""


def only_own_secrets(page, me: int) -> None:
    """The seats panel names future start spaces only in this page's own seat; one hand, its own."""
    seats = page.evaluate(OWN_SECRETS_JS, me)
    assert set(seats) <= {me}, f"page of seat {me} shows the start spaces of seat(s) {seats}"
    assert page.locator(".wl-hand").count() <= 1


def settled(a, b) -> str:
    """The two pages' common hash once no answer clock runs (a clock answers by itself when it runs out)."""
    end = time.perf_counter() + 15
    while time.perf_counter() < end:
        if not any(p.locator("[data-answer-clock], [data-answer-held]").count() for p in (a, b)):
            h = wait_equal_hashes(a, b)
            time.sleep(0.4)
            if wait_equal_hashes(a, b) == h:
                return h
        time.sleep(0.1)
    raise AssertionError("an answer clock never ran out")


def test_two_browsers_play_wildlands_to_the_end(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context(viewport={"width": 390, "height": 844}).new_page()  # the guest plays on a phone
    open_app(a, app_url + "?" + ANSWER)
    a.click('button[data-game="wildlands"]')
    a.wait_for_selector("#wl-board")
    a.select_option("#wl-players", "2")
    a.select_option("#wl-board", "ruins")
    a.select_option("#wl-faction-0", "lawbringers")
    a.select_option("#wl-faction-1", "gnomads")
    a.fill("#name-0", "Ada")
    link_s = link_pages(a, b, guest_query=ANSWER)
    for p in (a, b):
        p.locator(".wl-board-svg [data-space]").first.wait_for(state="visible", timeout=30_000)
        assert p.locator(".wl-board-svg [data-space]").count() == 42
        assert p.locator(".wl-ruins").count() == 1
    before = wait_equal_hashes(a, b)
    for text in (p.locator(".wl-seats").inner_text() for p in (a, b)):
        assert "Ada" in text and "Bo" in text, text
    screenshot(b, "p2p_wl_guest_setup_phone")
    rng = random.Random(7)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]  # each page clicks what its greedy would
    c1, over = play(a, b, rng, 30, bots, hands=None)  # the secret start spaces and the first turn
    assert not over
    for me, p in enumerate((a, b)):
        only_own_secrets(p, me)
    mid = settled(a, b)
    assert mid != before
    screenshot(a, "p2p_wl_host_midgame")

    # (a reload mid-game and going on: tests/e2e/test_p2p_party.py, for Wildlands of three)
    started = time.perf_counter()
    clicks = list(c1)
    over = False
    while not over and sum(clicks) < 1500:
        c, over = play(a, b, rng, 40, bots, hands=None)
        clicks = [x + y for x, y in zip(clicks, c)]
        for me, p in enumerate((a, b)):
            only_own_secrets(p, me)
    played_s = time.perf_counter() - started
    assert over, f"no end after {sum(clicks)} clicks"
    end = wait_equal_hashes(a, b)
    results = [p.locator("[data-game-over] h2").inner_text() for p in (a, b)]
    assert results[0] == results[1], results
    screenshot(a, "p2p_wl_game_over_host")
    screenshot(b, "p2p_wl_game_over_guest")
    say(f"Wildlands (Ruins, two browsers) linked in {link_s:.1f} s; played to the end in {sum(clicks)} clicks "
        f"({played_s:.0f} s after the start spaces), equal hashes {end[:12]} and the same result ({results[0]!r})")
    assert_no_page_errors(a, b)
