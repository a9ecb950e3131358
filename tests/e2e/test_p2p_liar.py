"""Peers that lie, through two real pages (issue 28, docs/TRUSTLESS.md): Crystal Clans of two online, each page
holding its one-sided game. The guest's page acts as a modified client: the test wraps what its app sends
(holds, rewrites or drops a message) and sends past its app, as test_p2p_hostile does. Four lies, each caught
and shown on both pages (the liar's page is told by a `caught` message, net/session.py):

1. a false reveal: the top of its pile shown as other cards (the honest page cannot tell yet); the guest
   resigns, and the audit replays the committed order: cheating at that move;
2. a card not in hand (one of the host's clan), refused at once, the game unchanged;
3. a forged order: the opening names another seed than the one committed at the link;
4. a refused opening at the end: a forfeit once the audit's time limit (?audit=MS) runs out.

One pair of pages: the first game is a saved pair of one-sided games dealt here (a reveal is one host click
away), re-linked through the start screen; then two rematches over the same link."""
from __future__ import annotations

import json
import random
import time

import crystalclans as cc
from app.net.protocol import dump
from app.net.trust import Secrets
from crystalclans.ai import make_bot
from crystalclans.ai.bots import RandomBot

from .p2p import play, rematch_by_both, relink_by_codes
from .test_p2p_hostile import ERROR_TEXT, game_of
from .test_p2p_resume import wait_equal_hashes
from .ui import OFFERED_JS, PwError, PwTimeout, assert_no_page_errors, click_item, open_app, screenshot

NAMES = ["Ada", "Bo"]
DEAL = 34  # a deal (joint seed; random bots) where a host move makes the guest reveal two cards at once
SALTS = ("5a" * 16, "b7" * 16)

# The guest's page as a modified client: what its app sends passes through `lie` (held, rewritten, dropped);
# `real` sends past it.
LIAR_JS = """() => {
  const p2p = window.crystalclans_p2p, real = p2p.send;
  const lie = window.liar = {real, held: [], hold: false, forge: false, drop: false};
  p2p.send = (t) => {
    const m = JSON.parse(t);
    if (lie.hold && m.t === 'action' && m.move.startsWith('reveal')) { lie.held.push(t); lie.hold = false; return true; }
    if (m.t === 'opening' && lie.drop) return true;
    if (m.t === 'opening' && lie.forge)  // another seed than the committed one (as text: it has 19 digits)
      t = t.replace(/"seed":(\\d+)/, (_, d) => '"seed":' + d.slice(0, -1) + ((+d.slice(-1) + 1) % 10));
    return real(t);
  };
}"""


def dealt() -> tuple[cc.Game, str]:
    """A full game (both private seeds) played by random bots up to the host's open decision where `move` makes
    the guest reveal cards at once (the first such deal from DEAL on, within 150 moves); returns (game, move)."""
    for deal in range(DEAL, DEAL + 40):
        g = cc.new_game(("blood", "skull"), seed=deal, private_seeds=(deal * 3 + 1, deal * 5 + 2))
        bots = [RandomBot(deal), RandomBot(deal + 1)]
        while g.decision is not None and len(g.log) < 150:
            d = g.decision
            if d.player == 0 and not d.secret and d.kind != "reveal":
                for o in d.options:
                    c = g.clone()
                    c.apply(o)
                    if c.decision is not None and c.decision.kind == "reveal" and c.decision.player == 1:
                        return g, str(o)
            g.apply(bots[d.player].choose(g))
    raise AssertionError("no reveal one host move away in 40 deals")


def saved_on(page, full: cc.Game, seat: int) -> None:
    """Before the page loads: its autosave is its one-sided game of `full` and its secrets, an online game's."""
    seeds = full.setup["private_seeds"]
    commitments = tuple(cc.commitment(seeds[x], SALTS[x]) for x in (0, 1))
    trust = Secrets(seeds[seat], SALTS[seat], commitments, seat, "crystalclans").to_json()
    meta = {"names": NAMES, "seats": ["human", "remote"] if seat == 0 else ["remote", "human"], "summary": "",
            "saved_at": time.time(), "over": False, "online": {"seat": seat, "trust": trust}}
    page.add_init_script(f"localStorage.setItem('crystalclans.autosave', {json.dumps(full.known_by(seat).to_json(names=NAMES))});"
                         f"localStorage.setItem('crystalclans.autosave.meta', {json.dumps(json.dumps(meta))});")


def click_offered(page, move: str, timeout_s: float = 10.0) -> None:
    """Click the option `move` where the page offers it (the page may re-render between the look and the click)."""
    end = time.perf_counter() + timeout_s
    while True:
        offer = page.evaluate(OFFERED_JS) or {}
        item = next((x for x in offer.get("items", []) if x["value"] == move), None)
        try:
            if item is not None and click_item(page, offer, item):
                return
        except (PwTimeout, PwError):
            pass
        assert time.perf_counter() < end, f"{move!r} is not offered: {offer}"
        time.sleep(0.1)


def one_sided(a, b) -> bool:
    """Protocol 2, without trust: each page's game holds its own private seed only."""
    return (game_of(a).setup["private_seeds"][1] is None and game_of(b).setup["private_seeds"][0] is None
            and game_of(a).setup["private_seeds"][0] is not None)


def error_of(page, timeout_ms: int = 10_000) -> str:
    page.wait_for_function(ERROR_TEXT + ".length > 0", timeout=timeout_ms)
    return page.evaluate(ERROR_TEXT)


def resign_and_see(a, b, case: str, where: str, why: str) -> None:
    """The lying guest (b) resigns; the host's audit catches it (`where`: " at move N" or ""), and the guest's
    page shows the host's verdict under its own."""
    resign(b)
    host, guest = verdicts(a, b)
    at = f" {where}" if where else ""
    assert f"Cheating caught{at}: Bo: {why}." in host, host
    assert f"The other page's audit: Cheating caught{at}: You: {why}." in guest, guest
    screenshot(a, f"p2p_liar_{case}_host")
    screenshot(b, f"p2p_liar_{case}_guest")


def resign(page) -> None:
    page.click("details.menu summary")
    page.click("[data-cmd=resign]")
    page.click("[data-cmd=resign-confirm]")


def verdicts(host, guest, timeout_ms: int = 15_000) -> tuple[str, str]:
    """The host's audit verdict, and the guest's report of it (the other page's audit), as each page shows them."""
    host.locator("[data-game-over] [data-audit]:not([data-audit=waiting])").wait_for(timeout=timeout_ms)
    guest.locator("[data-game-over] [data-audit-theirs]").wait_for(timeout=timeout_ms)
    return (host.locator("[data-game-over] [data-audit]").inner_text(),
            guest.locator("[data-game-over] [data-audit-theirs]").inner_text())


def rematch(a, b) -> None:
    rematch_by_both(a, b)
    assert one_sided(a, b)


def test_lying_peers_are_caught_and_shown_on_both_pages(new_context, app_url, say):
    t0 = time.perf_counter()
    a = new_context().new_page()
    b = new_context().new_page()
    full, trigger = dealt()
    for page, seat in ((a, 0), (b, 1)):
        saved_on(page, full, seat)
    open_app(a, app_url + "?audit=3000")  # the host's page waits 3 s (not 60) for the other's opening
    open_app(b, app_url)
    for page in (a, b):
        page.click("[data-continue-game]")
    relink_by_codes(a, b)
    wait_equal_hashes(a, b)
    assert one_sided(a, b)
    b.evaluate(LIAR_JS)
    t_link = time.perf_counter() - t0

    # 1. a false reveal: the host's move makes the guest show the top of her pile; her page shows other cards
    b.evaluate("() => { window.liar.hold = true; }")
    click_offered(a, trigger)
    b.wait_for_function("() => window.liar.held.length > 0", timeout=10_000)
    true = json.loads(b.evaluate("() => window.liar.held[0]"))
    g = game_of(a)
    assert (g.decision.kind, g.decision.player, len(g.log) + 1) == ("reveal", 1, true["seq"])
    shown = true["move"].split()[1:]
    others = [u for u in dict.fromkeys(g.unknown_cards(1)) if u not in shown]
    false = "reveal " + " ".join(others[: len(shown)])
    trial = g.clone()
    trial.apply(false)  # nothing the host's page knows contradicts it: only the audit can tell
    b.evaluate("t => window.liar.real(t)", dump("action", seq=true["seq"], move=false, hash=trial.public_hash()))
    a.wait_for_function("n => JSON.parse(localStorage.getItem('crystalclans.autosave')).log.length >= n",
                        arg=true["seq"], timeout=10_000)
    resign_and_see(a, b, "false_reveal", f"at move {true['seq']}",
                   "a revealed card was not the one the committed deck order holds")

    # 2. a card not in hand (the host's clan's): refused at once on the host's page, said on the guest's
    rematch(a, b)
    rng = random.Random(3)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    for _ in range(60):
        g = game_of(b)
        d = g.decision
        if d is not None and d.player == 1 and d.kind == "action" and len(g.log) == len(game_of(a).log):
            break
        play(a, b, rng, 1, bots)
    else:
        raise AssertionError("the guest never had an action to choose")
    before = game_of(a).public_hash()
    seq = len(g.log) + 1
    for p in (a, b):
        p.evaluate("() => { const e = document.getElementById('error'); e.hidden = true; e.textContent = ''; }")
    b.evaluate("t => window.liar.real(t)", dump("action", seq=seq, move="summon blood.condor", hash=before))
    host, guest = error_of(a), error_of(b)
    assert host.startswith(f"Refused move {seq} ('summon blood.condor') is not legal"), host
    assert guest == f"The other page refused move {seq} of this page as not legal: it takes it for cheating.", guest
    assert game_of(a).public_hash() == before and len(game_of(a).log) == seq - 1
    screenshot(a, "p2p_liar_card_not_in_hand_host")
    screenshot(b, "p2p_liar_card_not_in_hand_guest")

    # 3. a forged order: at the end the guest's page opens another seed than the one it committed to
    b.evaluate("() => { window.liar.forge = true; }")
    resign_and_see(a, b, "forged_order", "",
                   "the private seed does not match the one committed at the start (a forged deck order)")

    # 4. a refused opening: the guest's page never opens its secrets; after the time limit, a forfeit
    rematch(a, b)
    b.evaluate("() => { window.liar.forge = false; window.liar.drop = true; }")
    resign(b)
    a.locator("[data-game-over] [data-audit=waiting]").wait_for(timeout=10_000)
    host, guest = verdicts(a, b, timeout_ms=20_000)
    assert "Audit: Bo did not open the secrets of the game, which counts as a forfeit." in host, host
    assert ("The other page's audit: this page's secrets did not reach it in time, so it counts the game as a "
            "forfeit.") in guest, guest
    screenshot(a, "p2p_liar_refused_opening_host")
    screenshot(b, "p2p_liar_refused_opening_guest")
    # and in German (the header's language switch)
    for p in (a, b):
        p.click("[data-cmd=language][data-lang=de]")
        p.wait_for_function("() => document.documentElement.lang === 'de'")
    host, guest = verdicts(a, b)
    assert "Prüfung: Bo hat die Geheimnisse der Partie nicht offengelegt; das gilt als Aufgabe." in host, host
    assert guest.startswith("Prüfung der anderen Seite: "), guest
    screenshot(b, "p2p_liar_refused_opening_guest_de")
    say(f"re-linked a dealt pair in {t_link:.1f} s; a false reveal (move {true['seq']}), a card not in hand (move "
        f"{seq}), a forged seed and a refused opening: each caught, and shown on both pages, in "
        f"{time.perf_counter() - t0:.1f} s")
    assert_no_page_errors(a, b)
