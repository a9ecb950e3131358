"""A resync must not rewrite the guest's own moves, through two real pages. Both are linked through the start
screen like any other; then the test sends from the host's page, past its app, what a modified host could
send: a move whose state hash differs (play stops on both pages), then a resync whose log changes one of the
guest's moves. The guest's page refuses it with a visible message, its game unchanged; its Resync button,
answered by the host's own app, still resyncs honestly and play goes on."""
from __future__ import annotations

import random

import crystalclans as cc
from app.net.protocol import dump
from app.net.resync import wire_log
from crystalclans.ai import make_bot

from .p2p import link_pages, play
from .test_p2p_hostile import ERROR_TEXT, game_of, refused, settle, until_decides
from .ui import assert_no_page_errors, open_app, screenshot, shared_hash, state_hash

HOST, GUEST = 0, 1
DESYNC_TEXT = "() => (document.querySelector('[data-desync]') || {}).innerText || ''"


def guest_choices(g: cc.Game) -> list[int]:
    """Positions in the log where the guest made an open choice that had an alternative."""
    out = []
    for i, step in enumerate(g.replay()):
        d = step.decision
        if i < len(g.log) and d.player == GUEST and not d.secret and len(d.options) > 1:
            out.append(i)
    return out


def rewritten(host: cc.Game, guest: cc.Game, j: int) -> list[str]:
    """What a modified host sends: its moves as the guest may receive them (each page holds its own one-sided
    game, net/trust.py) with the guest's move j changed to another it could have made."""
    f = cc.Game.from_log(guest.setup, guest.log[:j])
    other = next(str(a) for a in f.legal_actions() if str(a) != guest.log[j])
    return wire_log(host, j, GUEST) + [other]


def test_a_resync_that_rewrites_a_guest_move_is_refused_and_an_honest_one_works(new_context, app_url, say):
    a = new_context().new_page()  # the host: the test speaks for its page
    b = new_context().new_page()  # the guest
    open_app(a, app_url)
    link_pages(a, b)
    rng = random.Random(23)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    for _ in range(30):  # on until the guest has made a choice it could have made otherwise
        g = until_decides(a, b, rng, bots, seat=HOST)
        if guest_choices(g):
            break
        play(a, b, rng, 4, bots)
    else:
        raise AssertionError("the guest never had a choice with an alternative")

    # the host's page sends a move whose state hash differs: the guest's page stops play, and tells the host's
    before, before_host = state_hash(b), state_hash(a)
    msg = refused(b, a, dump("action", seq=len(g.log) + 1, move=str(g.legal_actions()[0]), hash="0" * 64))
    assert "differ" in msg and state_hash(b) == before
    for p in (a, b):
        p.locator("[data-desync]").wait_for(state="visible", timeout=10_000)

    # then a resync whose log changes the guest's move j: refused as cheating, said, the game unchanged
    j = guest_choices(g)[-1]
    mine = game_of(b)
    forged = rewritten(g, mine, j)
    msg = refused(b, a, dump("resync", log=forged, hash="0" * 64))
    assert msg.startswith("Refused") and "cheating" in msg and f"move {j + 1}, yours" in msg, msg
    b.wait_for_function(DESYNC_TEXT + ".includes('refused as cheating')", timeout=10_000)
    banner = b.evaluate(DESYNC_TEXT)
    assert f"move {j + 1}" in banner and "Resync" in banner
    assert state_hash(b) == before and state_hash(a) == before_host
    assert b.locator("[data-action]").count() == 0
    screenshot(b, "p2p_resync_refused")

    # the guest's Resync button: the host's own app answers with its game, which keeps the guest's moves
    b.evaluate("() => { const e = document.getElementById('error'); e.hidden = true; e.textContent = ''; }")
    b.locator("[data-desync] [data-cmd=resync-session]").click()
    for p in (a, b):
        p.locator("[data-desync]").wait_for(state="detached", timeout=10_000)
    assert state_hash(b) == before and shared_hash(a) == shared_hash(b)
    assert b.evaluate(ERROR_TEXT) == ""
    clicks, _ = play(a, b, rng, 10, bots)
    assert sum(clicks) >= 1 and settle(a, b, rng, bots, clicks) and state_hash(b) != before
    screenshot(b, "p2p_resync_honest")
    say(f"a resync changing the guest's move {j + 1} ({mine.log[j]!r} -> {forged[j]!r}) was refused: {msg[:90]!r}…; "
        "the game unchanged; the honest resync went through and play went on")
    assert_no_page_errors(a, b)
