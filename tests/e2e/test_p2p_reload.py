"""A reload re-links by itself (issue 50, found by a new player: an online Wildlands guest who reloaded her page
landed on the start screen with Crystal Clans chosen, and the host saw "link lost" and needed a new invitation
sent by other means). Two real pages meet through a loopback relay (tools/relays.py) and play each game (a
Crystal Clans game, a Tash-Kalar Duel, a Wildlands game of two). The guest's page reloads mid-game: it goes
back to its table by itself and says it re-links, the host's page (which stayed) says so too and invites again
in the game's room by itself, and the guest's page joins: nothing clicked, typed or sent between the players.
Later the host's page reloads: the same, the other way round. Each time both pages hold the same game as
before and play on. Who invites: the page of seat 0 (the original host), whether it stayed or reloaded; the
others wait in the room (docs/APP.md, "Online"): last, on the Crystal Clans pair, the host's tab is closed and
the guest's page reloads and waits, until the host's new page invites by itself."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest

from .p2p import play, wait_linked
from .ui import PwTimeout, assert_no_page_errors, open_app, screenshot, shared_hash, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import relays  # noqa: E402

ANSWER = "answer=150"  # Wildlands' answer clock on both pages (a person gets 2.5 s for a window, 4 s for a defence)
pytestmark = pytest.mark.skipif(not relays.available("mqtt"), reason="no mqtt relay installed")


def bots_for(game: str):
    if game == "crystalclans":
        from crystalclans.ai import make_bot
    elif game == "tashkalar":
        from tashkalar.ai import make_bot
    else:
        from wildlands.ai import make_bot
    return [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]


def choose(host, game: str) -> None:
    """The host's start screen: the game, for two."""
    if game == "tashkalar":
        host.click('button[data-game="tashkalar"]')
        host.wait_for_selector("#tk-mode")
        host.select_option("#tk-mode", "duel")
    elif game == "wildlands":
        host.click('button[data-game="wildlands"]')
        host.wait_for_selector("#wl-players")
        host.select_option("#wl-players", "2")
    host.fill("#name-0", "Ada")


def settled(a, b, rounds: int = 150) -> str:
    """The pages' common hash once no answer clock runs and every move has crossed (a summon's picks in a game
    without trust travel once it is done: click on until they agree). Bounded by rounds of looking, not by a
    time: a running answer clock is waited out (it ends by itself), so a busy machine only makes it slower."""
    rng = random.Random(1)
    for _ in range(rounds):
        for p in (a, b):
            p.wait_for_function("() => !document.querySelector('[data-answer-clock], [data-answer-held]')",
                                timeout=120_000)
        ha = shared_hash(a)
        if ha == shared_hash(b):
            time.sleep(0.4)
            if shared_hash(a) == shared_hash(b) == ha:
                return ha
            continue
        time.sleep(0.2)  # a move may still be crossing the link
        if shared_hash(a) != shared_hash(b):
            play(a, b, rng, 1, None, hands=None)
    raise AssertionError(f"the two pages never came to the same game in {rounds} rounds")


def on_the_table(*pages, timeout_s: float = 90) -> None:
    wait_linked(*pages, timeout_s=timeout_s)
    for p in pages:
        try:
            p.wait_for_function("() => document.body.dataset.screen === 'game' && !document.querySelector("
                                "'[data-relinking]')", timeout=60_000)
        except PwTimeout:
            raise AssertionError(f"linked, but not at the table: {p.evaluate('() => window.crystalclans_link_state()')}")


def reload_and_relink(reloaded, stayed, before: str, name: str) -> float:
    """`reloaded` reloads: it goes back to its table by itself (never the start screen's Continue), both pages
    say they re-link, and they link again with nothing done on either page. Returns seconds from the reload."""
    t = time.perf_counter()
    reloaded.reload()
    wait_ready(reloaded)
    # the page that stayed: at its table, saying it re-links (no "link lost" to act on)
    stayed.locator("[data-relinking]").wait_for(state="visible", timeout=30_000)
    assert stayed.evaluate("() => document.body.dataset.screen") == "game"
    assert not stayed.locator("[data-link-lost]").count(), "the page that stayed asks its player to re-link"
    screenshot(stayed, f"p2p_reload_{name}_stayed_relinking")
    # the reloaded page: back at its game's table by itself
    reloaded.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=90_000)
    if reloaded.locator("[data-relinking]").count():
        screenshot(reloaded, f"p2p_reload_{name}_reloaded_relinking")
    on_the_table(reloaded, stayed)
    seconds = time.perf_counter() - t
    assert settled(reloaded, stayed) == before, "the game did not go on where both pages were"
    return seconds


GAMES = ("crystalclans", "tashkalar", "wildlands")


@pytest.mark.parametrize("game", GAMES)
def test_after_a_reload_of_either_page_both_go_back_to_the_table_and_relink_by_themselves(game, new_context,
                                                                                           app_url, say):
    from .test_p2p_relay import invite, join_by_link

    t0 = time.perf_counter()
    with relays.running("mqtt") as url:
        host_ctx = new_context()
        host = host_ctx.new_page()
        open_app(host, f"{app_url}?relay={url}&{ANSWER}")
        boot_s = time.perf_counter() - t0
        choose(host, game)
        invitation = invite(host, url)
        base, frag = invitation.split("#", 1)
        guest = new_context(viewport={"width": 390, "height": 844}).new_page()  # the guest plays on a phone
        open_app(guest, app_url)
        link_s = join_by_link(guest, f"{base}&{ANSWER}#{frag}", host)
        on_the_table(host, guest)
        bots = bots_for(game)
        rng = random.Random(7)
        clicks, over = play(host, guest, rng, 30 if game == "wildlands" else 12, bots, hands=None)
        assert not over
        before = settled(host, guest)

        guest_s = reload_and_relink(guest, host, before, f"{game}_guest")
        # it is the right game on the reloaded page (issue 50: a Wildlands guest's page showed Crystal Clans)
        titles = {"crystalclans": "Crystal Clans", "tashkalar": "Tash-Kalar", "wildlands": "Wildlands"}
        assert guest.locator("h1.title").inner_text() == titles[game]
        more, over = play(host, guest, rng, 10, bots, hands=None)
        assert not over
        mid = settled(host, guest)
        assert mid != before, "no move was played after the re-link"

        host_s = reload_and_relink(host, guest, mid, f"{game}_host")
        more, over = play(host, guest, rng, 10, bots, hands=None)
        end = settled(host, guest)
        assert end != mid, "no move was played after the second re-link"
        screenshot(guest, f"p2p_reload_{game}_played_on")
        both_s = both_away(host_ctx, host, guest, end, f"{app_url}?relay={url}&{ANSWER}", rng, bots) \
            if game == "crystalclans" else None
        assert_no_page_errors(host, guest)
    say(f"{game}: host ready in {boot_s:.1f} s, linked {link_s:.1f} s after the guest's Join; after the guest's "
        f"reload both pages were back at the table and linked {guest_s:.1f} s after the reload, after the host's "
        f"{host_s:.1f} s; nothing clicked or typed, equal hashes, played on ({end[:12]})"
        + (f"; both pages away: linked again {both_s:.1f} s after the host's page opened anew" if both_s else ""))


def both_away(host_ctx, host, guest, before: str, host_url: str, rng, bots) -> float:
    """Both pages reload, the seat-0 page invites and the other joins (run on the Crystal Clans pair above, at its
    table mid-game, instead of linking a pair of its own): the host's tab is closed and the guest's page reloads:
    it goes back to its table and waits in the room, saying whom it waits for (it does not invite: the seat-0 page
    does). The host opens the game again (a new page in her browser): it goes back to its table, invites in the
    room by itself, and the two link. Returns seconds from the host's new page to both at the table."""
    host.close()
    guest.reload()
    wait_ready(guest)
    guest.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=90_000)
    note = guest.locator("[data-relinking]")
    note.wait_for(state="visible", timeout=30_000)
    assert "Ada" in note.inner_text(), note.inner_text()
    assert not guest.locator(".action-bar .actions button, [data-action]").count(), \
        "the table offers a move while it is not linked"
    time.sleep(2)  # the guest's page does not invite: still waiting
    assert guest.locator("[data-relinking]").count() and guest.evaluate("() => document.body.dataset.linked") != "true"
    screenshot(guest, "p2p_reload_both_guest_waits")
    t = time.perf_counter()
    host = host_ctx.new_page()
    open_app(host, host_url)
    on_the_table(host, guest)
    seconds = time.perf_counter() - t
    assert settled(host, guest) == before
    play(host, guest, rng, 6, bots, hands=None)
    settled(host, guest)
    assert_no_page_errors(host, guest)
    return seconds
