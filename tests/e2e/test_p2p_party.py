"""Three browsers, one link (issue 30): the host's page chooses Wildlands for three and invites; both guests
(one on a phone) open the same link in their open pages (a Nostr relay on loopback carries the replies) and
press Join: the first answers the link's own offer,
the second gets an offer of its own through the room (py/app/net/party.py, web/js/p2p.js). The host's page
shows who has a seat; once all three are there the game is dealt from a seed every page made. Each page
picks its secret start spaces and plays a few moves by clicks, and all three hold the same game. Then one
guest's page reloads: it goes back to its table by itself, waits in the room, knocks, gets a fresh offer from the
host's page and goes on at its seat, with the same game as the others. Then the host's page reloads: it goes
back to its table and invites again by itself, and the other two pages, waiting at their tables, come back."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest

from .p2p import guest_waits_on_answer, host_waits_on_answer
from .ui import (OFFERED_JS, PwError, PwTimeout, assert_no_page_errors, click_item, screenshot, state_hash,
                 wait_ready)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import relays  # noqa: E402

ANSWER = "answer=150"  # every page's answer clock for the questions asked at every action (a person: 2.5 s)


def equal_hashes(pages, timeout_s: float = 15.0) -> str:
    """The pages' common state hash, once no answer clock runs and every move has crossed the links."""
    end = time.perf_counter() + timeout_s
    while True:
        busy = any(p.locator("[data-answer-clock], [data-answer-held]").count() for p in pages)
        hashes = {state_hash(p) for p in pages}
        if not busy and len(hashes) == 1:
            time.sleep(0.3)
            if {state_hash(p) for p in pages} == hashes:
                return hashes.pop()
        assert time.perf_counter() < end, f"the pages hold different games: {hashes}"
        time.sleep(0.1)


def click_on(pages, rng, clicks: int) -> list[int]:
    """Click what a page offers, on whichever page must act, `clicks` times (the first of the offers on a
    page, now and then another): returns the clicks per page."""
    done = [0] * len(pages)
    idle = time.perf_counter()
    while sum(done) < clicks:
        offers = [p.evaluate(OFFERED_JS) for p in pages]
        ready = [i for i, x in enumerate(offers) if x and not x.get("gameOver")]
        if not ready:
            assert time.perf_counter() - idle < 20, "no page offers anything"
            time.sleep(0.05)
            continue
        i = ready[rng.randrange(len(ready))]
        offer = offers[i]
        pick = offer["items"][0 if rng.random() < 0.7 else rng.randrange(len(offer["items"]))]
        try:  # another page's move may re-render this one between the look and the click: look again
            if not click_item(pages[i], offer, pick):
                continue
        except (PwTimeout, PwError):
            continue
        done[i] += 1
        idle = time.perf_counter()
    return done


def dealt_on_all(pages, names=("Ada", "Bo", "Cy")) -> str:
    """Every page reaches the table with the same game, whose seats name everyone: its hash."""
    for p in pages:
        p.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=60_000)
    dealt = equal_hashes(pages)
    seats = pages[0].locator(".wl-seats").inner_text()
    assert all(n in seats for n in names), seats
    return dealt


def join(page, invitation: str, name: str, phone: bool = False) -> None:
    """The guest's page, open already (at the same ?relay), gets the invitation link: its join panel opens
    (the link pasted into the address bar changes only the #fragment: a regression once did nothing), the code
    in it and gone from the address bar; the guest names herself and joins. On a phone the panel is below the
    new-game form: Join is scrolled into view and has the focus."""
    fragment = invitation.split("#", 1)[1]
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.locator("[data-link-input]").wait_for(state="visible", timeout=20_000)
    assert page.locator("[data-link-input]").input_value() == fragment
    assert "#" not in page.url, "the invitation stays in the address bar (a reload would join again)"
    if phone:
        box, height = page.locator("[data-link-submit]").bounding_box(), page.evaluate("() => innerHeight")
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, f"Join is off screen at {box} ({height} px)"
        assert page.evaluate("() => document.activeElement.matches('[data-link-submit]')"), "Join has the focus"
        screenshot(page, "p2p_invited_phone")
    page.fill("#name-1", name)
    page.click("[data-link-submit]")


def open_pages(app_url: str, pages, *queries: str) -> None:
    """Each page opens the app with its query (the last query for the pages past the list), all at once, and
    gets ready."""
    for i, p in enumerate(pages):
        p.goto(f"{app_url}?{queries[min(i, len(queries) - 1)]}", wait_until="commit")
    for p in pages:
        wait_ready(p)


def host_for_three(host, relay: bool = True) -> str | None:
    """Ada's page chooses Wildlands for three and invites: the invitation link, once its relay listens
    (relay=False: none answers, and the codes go by hand)."""
    host.click('button[data-game="wildlands"]')
    host.select_option("#wl-players", "3")
    host.locator("[data-party-note]").wait_for(state="visible", timeout=10_000)
    host.fill("#name-0", "Ada")
    host.click("[data-p2p-host]")
    if not relay:
        host.wait_for_selector('section.online[data-relay="norelay"]', timeout=20_000)
        return None
    link = host.locator("[data-invite-link]")
    link.wait_for(state="visible", timeout=20_000)
    host.wait_for_selector('section.online[data-relay="listening"]', timeout=15_000)
    return link.input_value()


@pytest.mark.skipif(not relays.available("nostr"), reason="no nostr relay installed")
def test_three_pages_share_one_link_play_alike_and_a_reloaded_guest_comes_back(new_context, app_url, say):
    started = time.perf_counter()
    with relays.running("nostr") as url:
        host, cy = new_context().new_page(), new_context().new_page()
        bo = new_context(viewport={"width": 390, "height": 844}).new_page()  # Bo plays on a phone
        open_pages(app_url, (host, bo, cy), f"relay={url}&{ANSWER}")  # the three pages start together
        boot_s = time.perf_counter() - started
        invitation = host_for_three(host)
        t = time.perf_counter()
        for page, name in ((bo, "Bo"), (cy, "Cy")):  # the same link for both
            join(page, invitation, name, phone=page is bo)
            if page is bo:  # the host's page shows who has a seat so far
                host.wait_for_selector('[data-roster="2"]', timeout=20_000)
                screenshot(host, "p2p_party_host_roster")
        dealt = dealt_on_all((host, bo, cy))
        linked_s = time.perf_counter() - t
        rng = random.Random(3)
        t = time.perf_counter()
        clicks = click_on((host, bo, cy), rng, 24)  # the fifteen start spaces (secret) and the first moves
        assert all(c >= 5 for c in clicks), clicks
        mid = equal_hashes((host, bo, cy))
        play_s = time.perf_counter() - t
        assert mid != dealt
        screenshot(bo, "p2p_party_guest_midgame")

        # Cy's page reloads: it goes back to its table by itself, waits in the room and comes back (issue 50)
        t = time.perf_counter()
        cy.reload()
        wait_ready(cy)
        host.locator("[data-away]").wait_for(state="visible", timeout=30_000)
        cy.wait_for_function("() => document.body.dataset.screen === 'game' && document.body.dataset.linked === "
                             "'true' && !document.querySelector('[data-relinking]')", timeout=90_000)
        back_s = time.perf_counter() - t
        assert equal_hashes((host, bo, cy)) == mid, "the game did not go on where the pages were"
        host.locator("[data-away]").wait_for(state="detached", timeout=10_000)
        click_on((host, bo, cy), rng, 6)
        end = equal_hashes((host, bo, cy))
        screenshot(cy, "p2p_party_guest_back")

        # the host's page reloads: it goes back to its table and invites again by itself; Bo's and Cy's pages,
        # which stayed, say they re-link, wait in the room and come back, nothing clicked on any page
        t = time.perf_counter()
        host.reload()
        wait_ready(host)
        for p in (bo, cy):
            p.locator("[data-relinking]").wait_for(state="visible", timeout=30_000)
            assert p.evaluate("() => document.body.dataset.screen") == "game"
        screenshot(bo, "p2p_party_guest_relinking")
        for p in (bo, cy):
            try:
                p.wait_for_function("() => document.body.dataset.screen === 'game' && document.body.dataset.linked "
                                    "=== 'true' && !document.querySelector('[data-relinking]')", timeout=90_000)
            except PwTimeout:
                report = [x.evaluate("""async () => ({link: window.crystalclans_link_state(),
                    peers: await window.crystalclans_p2p.diagnose()})""") for x in (host, bo, cy)]
                raise AssertionError(f"not back after the host's reload: {report}") from None
        host.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=60_000)
        host.locator("[data-away]").wait_for(state="detached", timeout=60_000)
        host_back_s = time.perf_counter() - t
        assert equal_hashes((host, bo, cy)) == end, "the game did not go on after the host's reload"
        click_on((host, bo, cy), rng, 6)
        end = equal_hashes((host, bo, cy))
        assert_no_page_errors(host, bo, cy)
    say(f"three pages through one link (loopback Nostr relay): the pages ready in {boot_s:.1f} s; all seated "
        f"{linked_s:.1f} s after the first Join; {sum(clicks)} clicks in {play_s:.1f} s with equal hashes; the "
        f"reloaded guest was back by itself {back_s:.1f} s after its reload, all three after the host's reload "
        f"{host_back_s:.1f} s after it ({end[:12]}); the whole test "
        f"{time.perf_counter() - started:.0f} s")


def test_three_pages_link_by_hand_when_no_relay_answers(new_context, app_url, say):
    """No relay (?relay=none): the host's page says the friends link by hand one after the other. Bo pastes
    the first code and sends her reply back; once she is linked the host's page shows a new code of its own
    for Cy (web/js/p2p.js offerNext), whose reply is pasted too, and the game is dealt on all three pages."""
    started = time.perf_counter()
    host, bo, cy = (new_context().new_page() for _ in range(3))
    open_pages(app_url, (host, bo, cy), f"relay=none&{ANSWER}")
    host_for_three(host, relay=False)
    assert "one after the other" in host.locator("section.online").inner_text()
    t = time.perf_counter()
    first = None
    for page, name, seated in ((bo, "Bo", 2), (cy, "Cy", 3)):
        code = host.locator("[data-link-code]")
        code.wait_for(state="visible", timeout=20_000)
        assert code.input_value() != first, "the next guest got the code the first one used"
        first = code.input_value()
        page.click("[data-p2p-join]")
        page.fill("[data-link-input]", first)
        page.fill("#name-1", name)
        page.click("[data-link-submit]")
        reply = page.locator("[data-link-code]")
        reply.wait_for(state="visible", timeout=20_000)
        host.fill("[data-link-input]", reply.input_value())
        host.click("[data-link-submit]")
        if seated == 2:
            host.wait_for_selector('[data-roster="2"]', timeout=20_000)
            host.locator("section.online").scroll_into_view_if_needed()
            screenshot(host, "p2p_party_by_hand_next_code")
    dealt = dealt_on_all((host, bo, cy))
    linked_s = time.perf_counter() - t
    assert_no_page_errors(host, bo, cy)
    say(f"three pages by hand, no relay: two codes and two replies pasted, the game dealt on all three "
        f"{linked_s:.1f} s after the first paste ({dealt[:12]}); the whole test {time.perf_counter() - started:.0f} s")


# Cy's handshake for the seat offered to her page is stuck (p2p.guest_waits_on_answer): her page answers that
# offer (her second answer: the first was to the link's own offer, whose seat Bo had) with "you start it", and
# the host's page takes it as "I start it" (its second answer taken: Bo's was the first). The host's page
# offers Cy's page anew; that offer takes 8 s to gather, longer than the 5 s the host keeps a seat's offer
# waiting for its answer here (?offerkept=5000): the first offer's time must not close the new connection.
# (15 s and 10 s once: the same order of the two times, 7 s more of waiting.)
NEW_OFFER_GATHERS_MS, OFFER_KEPT_MS = 8000, 5000
CY_WAITS_ON_HER_SEAT = guest_waits_on_answer(2)
HOST_WAITS_ON_CYS_SEAT = host_waits_on_answer(2, slow_after=2, slow_ms=NEW_OFFER_GATHERS_MS)


@pytest.mark.skipif(not relays.available("nostr"), reason="no nostr relay installed")
def test_a_seat_offered_anew_for_a_stuck_handshake_keeps_its_place_while_the_new_offer_gathers(new_context, app_url,
                                                                                                say):
    """The third player's handshake gets stuck; the host's page offers her page anew, and that offer gathers
    for longer than a seat's offer is kept waiting. The new offer has its own time: Cy is seated and the game
    dealt on all three pages (a regression: the first offer's timer closed the new connection while it
    gathered, and Cy's page waited for ever)."""
    started = time.perf_counter()
    with relays.running("nostr") as url:
        host_ctx = new_context()
        host_ctx.add_init_script(HOST_WAITS_ON_CYS_SEAT)
        cy_ctx = new_context()
        cy_ctx.add_init_script(CY_WAITS_ON_HER_SEAT)
        host, bo, cy = host_ctx.new_page(), new_context().new_page(), cy_ctx.new_page()
        open_pages(app_url, (host, bo, cy), f"relay={url}&{ANSWER}&offerkept={OFFER_KEPT_MS}", f"relay={url}&{ANSWER}")
        invitation = host_for_three(host)
        join(bo, invitation, "Bo")
        host.wait_for_selector('[data-roster="2"]', timeout=20_000)
        t = time.perf_counter()
        join(cy, invitation, "Cy")
        dealt = dealt_on_all((host, bo, cy))
        seated_s = time.perf_counter() - t
        assert host.evaluate("() => window.crystalclans_p2p.reoffered()") == 1
        assert seated_s > NEW_OFFER_GATHERS_MS / 1000, \
            f"Cy was seated in {seated_s:.1f} s: her handshake was not the stuck one"
        assert_no_page_errors(host, bo, cy)
    say(f"a stuck handshake for the third seat: offered anew ({NEW_OFFER_GATHERS_MS / 1000:.0f} s to gather, the "
        f"seat's offer kept {OFFER_KEPT_MS / 1000:.0f} s), Cy "
        f"seated {seated_s:.1f} s after her Join ({dealt[:12]}); the whole test {time.perf_counter() - started:.0f} s")
