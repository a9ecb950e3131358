"""Losing nothing: mid-game the guest's page (a phone-sized one) reloads, and later the link is closed; each time
the players re-link with a new invitation (the second time the other player invites) and the game goes on where
both were, with equal state hashes, and is played to its end, where the one-sided games, saved and resumed
twice, still pass the audit on both pages.

That scenario runs inside the one whole online game of Crystal Clans in test_p2p_game.py (it played a second
whole game here); this module keeps the helper other tests use."""
from __future__ import annotations

from .ui import shared_hash


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
