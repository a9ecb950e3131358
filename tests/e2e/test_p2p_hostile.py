"""A hostile peer through two real pages: the guest's page is linked through the start screen like any
other, then the test sends from it, past its app, messages a modified client could send. The host's page
refuses each with a visible message, its state hash unchanged, and play goes on; a move with a wrong state
hash stops play with the desync message. Then 1,000 mutated messages: no page error, no change."""
from __future__ import annotations

import json
import random

import crystalclans as cc
from app.net.protocol import dump
from crystalclans.ai import make_bot

from .p2p import link_pages, play
from .ui import assert_no_page_errors, open_app, screenshot, shared_hash, state_hash

ERROR_TEXT = "() => document.getElementById('error').hidden ? '' : document.getElementById('error').textContent"


def game_of(page) -> cc.Game:
    return cc.Game.from_json(page.evaluate("() => localStorage.getItem('crystalclans.autosave')"))


def until_decides(a, b, rng, bots, seat: int) -> cc.Game:
    """Play on until `seat` must make an open (not secret) decision; the game as that seat's page holds it
    (each page holds its own one-sided game, net/trust.py: the pages share its public hash)."""
    for _ in range(400):
        g = game_of(a if seat == 0 else b)
        if (g.decision is not None and g.decision.player == seat and not g.decision.secret
                and g.decision.kind != "reveal" and shared_hash(a) == shared_hash(b) and len(g.log) >= 4):
            return g
        play(a, b, rng, 1, bots)
    raise AssertionError(f"seat {seat} never had an open decision")


def settle(a, b, rng, bots, clicks: list[int]) -> bool:
    """Click on until the two pages share their hash again (a summon's or replenish's picks travel once it is
    done); True when they do."""
    import time

    for _ in range(40):
        time.sleep(0.15)
        if shared_hash(a) == shared_hash(b):
            return True
        more, _ = play(a, b, rng, 1, bots)
        clicks[:] = [x + y for x, y in zip(clicks, more)]
    return False


def send_from(peer, text: str) -> None:
    assert peer.evaluate("t => window.crystalclans_p2p.send(t)", text) is True


def refused(host, peer, text: str) -> str:
    """Send `text` from the peer; the host shows a refusal. Returns the message shown."""
    host.evaluate("() => { const e = document.getElementById('error'); e.hidden = true; e.textContent = ''; }")
    send_from(peer, text)
    host.wait_for_function(ERROR_TEXT + ".length > 0 ? true : false", timeout=10_000)
    return host.evaluate(ERROR_TEXT)


def mutants(base: list[str], n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    junk = ['"', "{", "}", "[", "]", ",", ":", "1", "-", "e9", "null", "true", "\\u0000", "NaN", " "]
    out = []
    while len(out) < n:
        text = rng.choice(base)
        for _ in range(1 + rng.randrange(4)):
            k = rng.randrange(len(text) + 1)
            op = rng.randrange(3)
            if op == 0:
                text = text[:k] + rng.choice(junk) + text[k:]
            elif op == 1:
                text = text[:k] + text[k + 1 + rng.randrange(8):]
            else:
                text = text.replace('"v":2', '"v":' + str(rng.randrange(4)), 1)
        if '"t":"resign"' in text or '"t":"ping"' in text or '"t":"pong"' in text:
            continue  # could still be valid after the mutation; every other mutant is not
        out.append(text)
    return out


def test_a_hostile_peer_is_refused_and_changes_nothing(new_context, app_url, say):
    a = new_context().new_page()
    b = new_context().new_page()
    open_app(a, app_url)
    link_pages(a, b)
    rng = random.Random(11)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]

    # the peer's turn: everything but a good move is refused
    g = until_decides(a, b, rng, bots, seat=1)
    seq, legal = len(g.log) + 1, str(g.legal_actions()[0])
    trial = g.clone()
    trial.apply(legal)
    good = trial.public_hash()
    before = state_hash(a)
    bad = {
        "illegal": dump("action", seq=seq, move="summon nobody.nothing", hash=good),
        "a future sequence number": dump("action", seq=seq + 3, move=legal, hash=good),
        "replayed": dump("action", seq=seq - 1, move=g.log[-1], hash=good),
        "malformed": '{"t": "action", "v": 1, "seq": "x"}',
        "not JSON": "{{{",
        "nested": "[" * 10_000,
        "oversized": dump("action", seq=seq, move=legal, hash=good) + " " * 70_000,
        "unknown type": dump("teleport"),
        "another version": json.dumps({"t": "ping", "v": 9, "n": 1}),
        "a reveal without a commitment": dump("secret_reveal", seq=seq, move=legal, salt="0" * 32),
        "a setup during play": dump("setup", options={"clans": ["blood", "skull"]}, names=["a", "b"], guest_seat=1),
        "a rematch during play": dump("rematch"),
    }
    shown = {}
    for what, text in bad.items():
        shown[what] = refused(a, b, text)
        assert shown[what].startswith("Refused"), (what, shown[what])
        assert state_hash(a) == before, f"{what} changed the game"
    screenshot(a, "p2p_hostile_refused")

    # the host's turn: a move from the peer is out of turn
    g = until_decides(a, b, rng, bots, seat=0)
    before = state_hash(a)
    trial = g.clone()
    move = str(trial.legal_actions()[0])
    trial.apply(move)
    msg = refused(a, b, dump("action", seq=len(g.log) + 1, move=move, hash=trial.public_hash()))
    assert "not your turn" in msg and state_hash(a) == before

    # 1,000 mutated messages in one burst: nothing escapes, nothing changes, play goes on
    base = [dump("action", seq=len(g.log) + 1, move=move, hash=trial.public_hash()),
            dump("secret_commit", seq=len(g.log) + 1, c="2" * 64), dump("resign"), dump("ping", n=3),
            dump("secret_reveal", seq=len(g.log) + 1, move="play x", salt="3" * 32), dump("rematch")]
    burst = mutants(base, 1000, seed=5)
    b.evaluate("ts => { for (const t of ts) window.crystalclans_p2p.send(t); }", burst)
    end = refused(a, b, dump("burst_end"))  # the channel is ordered: the whole burst was handled before it
    assert "burst_end" in end
    assert state_hash(a) == before, "the burst changed the game"
    clicks, over = play(a, b, rng, 12, bots)
    assert sum(clicks) >= 1 and settle(a, b, rng, bots, clicks)

    # a legal move whose state hash differs: play stops with the desync message, the game unchanged
    g = until_decides(a, b, rng, bots, seat=1)
    before = state_hash(a)
    msg = refused(a, b, dump("action", seq=len(g.log) + 1, move=str(g.legal_actions()[0]), hash="0" * 64))
    assert "differ" in msg and state_hash(a) == before
    screenshot(a, "p2p_desync")
    # both pages stop (the host told the guest's page): nothing is offered until the resync
    b.locator("[data-desync]").wait_for(state="visible", timeout=10_000)
    assert a.locator("[data-desync]").is_visible()
    assert a.locator("[data-action]").count() == 0 and b.locator("[data-action]").count() == 0
    screenshot(b, "p2p_desync_guest")
    # the guest's page offers the resync from the host's game: afterwards both agree and play goes on
    b.locator("[data-desync] [data-cmd=resync-session]").click()
    for p in (a, b):
        p.locator("[data-desync]").wait_for(state="detached", timeout=10_000)
    assert state_hash(a) == before and shared_hash(a) == shared_hash(b)
    clicks, _ = play(a, b, rng, 10, bots)
    assert sum(clicks) >= 1 and settle(a, b, rng, bots, clicks)
    say(f"{len(bad) + 2} hostile messages each refused with a message ({shown['illegal'][:70]!r} …), the game "
        f"unchanged; a burst of {len(burst)} mutants: no page error, no change, play went on; a wrong hash stopped "
        "play until the guest resynced from the host's public moves")
    assert_no_page_errors(a, b)
