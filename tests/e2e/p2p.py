"""Helpers for tests of two linked pages: linking through the start screen and playing by clicks on
whichever page must act."""
from __future__ import annotations

import json
import re
import time

from .ui import OFFERED_JS, PwError, PwTimeout, click_item, screenshot

HANDS_JS = """() => ({sections: document.querySelectorAll('section.hand').length,
    clans: [...document.querySelectorAll('section.hand .card')].map(e => [...e.classList].find(c => c.startsWith('clan-')))})"""


GAME_TITLES = {"crystalclans": "Crystal Clans", "tashkalar": "Tash-Kalar", "wildlands": "Wildlands"}


def wait_linked(*pages, timeout_s: float = 30) -> None:
    """Wait until every page is linked; if one is not, fail with each page's connection states (a link that
    does not come about on some machine should say why)."""
    for page in pages:
        try:
            page.wait_for_selector('body[data-linked="true"]', state="attached", timeout=timeout_s * 1000)
        except PwTimeout:
            report = [p.evaluate("""async () => ({linked: document.body.dataset.linked || '',
                peers: window.crystalclans_p2p ? await window.crystalclans_p2p.diagnose() : 'no p2p module'})""")
                      for p in pages]
            raise AssertionError(f"not linked after {timeout_s:.0f} s: {report}") from None


def assert_only_own_hand(page, own: str, other: str) -> None:
    seen = page.evaluate(HANDS_JS)
    assert seen["sections"] <= 1, "two hands on one page"
    assert f"clan-{other}" not in seen["clans"], f"the opponent's ({other}) hand cards are on this page"



def link_pages(a, b, guest_query: str = "") -> float:
    """The host invites; the guest opens the invitation link (the code in its #fragment), joins, and sends
    the reply code back, which the host pastes. `guest_query` ("answer=100"): added to the link's query."""
    t = time.perf_counter()
    a.click("[data-p2p-host]")
    invitation = a.locator("[data-link-url]")
    invitation.wait_for(state="visible", timeout=20_000)
    url = invitation.input_value()
    assert "#CC1" in url
    a.locator("[data-link-qr] svg").wait_for(state="visible", timeout=10_000)
    screenshot(a, "p2p_invitation")
    if guest_query:
        base, frag = url.split("#", 1)
        b.goto(base + ("&" if "?" in base else "?") + guest_query + "#" + frag)
    else:
        b.goto(url)
    b.wait_for_selector('body[data-ready="true"]', timeout=120_000)
    b.locator("[data-link-input]").wait_for(state="visible", timeout=20_000)
    assert b.locator("[data-link-input]").input_value() == url.split("#", 1)[1]
    assert "#" not in b.url, "the invitation stays in the address bar (a reload would join again)"
    # the guest's first screen: the invitation and her name, not a new-game form whose clans the game ignores
    assert not b.locator("#clan-0, #clan-1, [data-new-game]").count(), "the guest sees the host's new-game form"
    named = re.search(r"[?&]game=([a-z]+)", url.split("#", 1)[0])
    assert named, f"the invitation {url.split('#', 1)[0]} does not name its game"
    learn = b.locator("#learn-title").inner_text()  # issue 50: "New to Crystal Clans?" on every invitation
    assert GAME_TITLES[named.group(1)] in learn, (named.group(1), learn)
    screenshot(b, "p2p_guest_first_screen")
    b.fill("#name-1", "Bo")
    reply_and_play(a, b)
    return time.perf_counter() - t


def reply_and_play(host, guest) -> None:
    """The guest (its invitation in the field) joins; the host pastes the reply; both reach the table."""
    guest.click("[data-link-submit]")
    reply = guest.locator("[data-link-code]")
    reply.wait_for(state="visible", timeout=20_000)
    host.fill("[data-link-input]", reply.input_value())
    host.click("[data-link-submit]")
    wait_linked(host, guest)
    for p in (host, guest):
        try:
            p.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=60_000)
        except PwTimeout:
            states = [x.evaluate("() => window.crystalclans_link_state()") for x in (host, guest)]
            raise AssertionError(f"linked, but no game after 60 s: host {states[0]}; guest {states[1]}")


_MIRRORS: dict = {}  # page -> (the save's fields but its log, the game those and its log make)
MIRRORED = {"kept": 0, "rebuilt": 0}  # how often page_game kept up its game, how often it rebuilt it


def page_game(page):
    """The game of the page's autosave, kept up with the save's new moves from one look to the next instead of
    rebuilt from the whole log each time (a save's replay took 0.7 s at a game's end, once per click): the
    page's next save must have the same fields but its log, a log that extends the kept game's, and the state
    hash the kept game has once the new moves are applied; else the game is rebuilt from the save."""
    from app import games

    text = page.evaluate("() => localStorage.getItem('crystalclans.autosave')")
    doc = json.loads(text)
    fields = json.dumps({k: v for k, v in doc.items() if k not in ("log", "state_hash")}, sort_keys=True)
    kept = _MIRRORS.get(page)
    log = doc.get("log") or []
    if kept is not None and kept[0] == fields and "state_hash" in doc:
        g = kept[1]
        done = [str(m) for m in g.log]
        if log[:len(done)] == done:
            try:
                for move in log[len(done):]:
                    g.apply(move)
                same = g.state_hash() == doc["state_hash"]
            except Exception:  # noqa: BLE001 - a move the kept game cannot take: rebuilt below
                same = False
            if same:
                MIRRORED["kept"] += 1
                return g
    g = games.for_save(doc).Game.from_json(text)
    MIRRORED["rebuilt"] += 1
    if len(_MIRRORS) > 8:  # (pages of tests gone by)
        _MIRRORS.clear()
    _MIRRORS[page] = (fields, g)
    return g


def greedy_choice(page, bot) -> str | None:
    """What the greedy bot would choose for this page's player, from the page's own autosave (the lockstep
    game both pages hold; either game). None when that is not on the page (during a secret run the page may
    already offer its player's next pick)."""
    g = page_game(page)
    if g.decision is None:
        return None
    secrecy = getattr(g, "secrecy", None)  # a one-sided game (online without trust): the other seat's
    if secrecy is not None and secrecy.streams[g.decision.player] is None:  # decision is not this page's
        return None
    return str(bot.choose(g))


def play_one_screen(page, bot, rng, max_clicks: int, on_step=None) -> tuple[int, bool]:
    """People at one screen (or one person against the computer): click what the page offers, the action its
    greedy `bot` picks for whoever decides (from the page's autosave), continues and the rest at random, until
    the game is over or max_clicks. Whole games in a few hundred clicks instead of random play's thousand.
    on_step(page, clicks so far, {kind, value}) runs before each click. Returns (clicks, game over)."""
    from app import games

    clicks = 0
    idle_since = time.perf_counter()
    mirror = None  # the page's game, kept up with its autosave's new moves (not rebuilt from the log each time)
    while clicks < max_clicks:
        offer = page.evaluate(OFFERED_JS)
        if offer and offer.get("gameOver"):
            return clicks, True
        if not offer:
            if time.perf_counter() - idle_since >= 60:  # the computer's turn may take a while
                raise AssertionError("the page offers nothing for 60 s")
            time.sleep(0.05)
            continue
        items = offer["items"]
        pick = items[rng.randrange(len(items))]
        if offer["kind"] == "action":
            doc = json.loads(page.evaluate("() => localStorage.getItem('crystalclans.autosave')"))
            if mirror is None or [str(m) for m in mirror.log] != doc["log"][:len(mirror.log)]:
                mirror = games.for_save(doc).Game.from_json(doc)
            else:
                for move in doc["log"][len(mirror.log):]:
                    mirror.apply(move)
            if mirror.decision is not None:
                want = str(bot.choose(mirror))
                pick = next((x for x in items if x["value"] == want), pick)
        if on_step is not None:
            on_step(page, clicks, {"kind": offer["kind"], "value": pick["value"]})
        try:
            if not click_item(page, offer, pick):
                continue
        except (PwTimeout, PwError):
            continue
        clicks += 1
        idle_since = time.perf_counter()
    return clicks, False


def play_to_agreement(a, b, rng, max_clicks: int, bots=None, extra: int = 40) -> tuple[list[int], bool]:
    """play(), then one click at a time (at most `extra`) until the two pages' shared hashes agree: in a game
    without trust a summon's picks go out only once it is done, so a stop mid-summon leaves the pages apart
    by design (a flake of the reload test when its clicks ran out there)."""
    from .ui import shared_hash

    clicks, over = play(a, b, rng, max_clicks, bots)
    for _ in range(extra):
        if over or shared_hash(a) == shared_hash(b):
            break
        time.sleep(0.2)  # a move may still be crossing the link
        if shared_hash(a) == shared_hash(b):
            break
        more, over = play(a, b, rng, 1, bots)
        clicks = [x + y for x, y in zip(clicks, more)]
    return clicks, over


def play(a, b, rng, max_clicks: int, bots=None, hands=("blood", "skull")) -> tuple[list[int], bool]:
    """Click what each page offers, on whichever page must act, until the game is over or max_clicks.
    With bots, a page clicks the action its greedy bot picks (games of ~250 decisions instead of ~1,000
    random ones); continues and anything else at random. `hands`: the clans of the host's and the guest's
    hands, checked every tenth click (None: not a Crystal Clans game). Returns (clicks per page, game over)."""
    clicks = [0, 0]
    misses = 0
    idle_since = time.perf_counter()
    while sum(clicks) < max_clicks:
        offers = [p.evaluate(OFFERED_JS) for p in (a, b)]
        if all(x and x.get("gameOver") for x in offers):
            return clicks, True
        ready = [i for i, x in enumerate(offers) if x and not x.get("gameOver")]
        if not ready:
            if time.perf_counter() - idle_since >= 20:
                state = [p.evaluate("""() => ({error: document.getElementById('error').hidden ? '' :
                    document.getElementById('error').textContent, linked: document.body.dataset.linked,
                    bar: (document.querySelector('.action-bar') || {}).innerText || '',
                    notice: [...document.querySelectorAll('.notice')].map(e => e.innerText).join(' | ')})""")
                         for p in (a, b)]
                raise AssertionError(f"neither page offers anything: {state}")
            time.sleep(0.05)
            continue
        if hands and sum(clicks) % 10 == 0:
            assert_only_own_hand(a, hands[0], hands[1])
            assert_only_own_hand(b, hands[1], hands[0])
        i = ready[rng.randrange(len(ready))]
        page, offer = (a, b)[i], offers[i]
        items = offer["items"]
        pick = items[rng.randrange(len(items))]
        if bots and offer["kind"] == "action":
            want = greedy_choice(page, bots[i])
            pick = next((x for x in items if x["value"] == want), pick)
            if want and pick["value"] != want and open_group(page, want):  # folded away (Wildlands' groups)
                continue
            if pick["value"] != want and misses < 6:  # the page's autosave not yet at what it offers: look again
                misses += 1  # (a loaded machine fell back to random picks, and random Wildlands games are long)
                time.sleep(0.05)
                continue
        try:  # the other page's move may re-render this one between the look and the click: look again
            if not click_item(page, offer, pick):
                continue
        except (PwTimeout, PwError):
            continue
        clicks[i] += 1
        misses = 0
        idle_since = time.perf_counter()
    return clicks, False


def rematch_by_both(host, guest) -> None:
    """At a game's end the host asks for a rematch, the guest's page says so (the host's that it waits) and
    the guest accepts: both pages are back at a table without a game-over panel."""
    host.click("[data-game-over] [data-cmd=rematch]")
    guest.locator("[data-rematch-offered]").wait_for(state="visible", timeout=10_000)
    host.locator("[data-rematch-asked]").wait_for(state="visible", timeout=10_000)
    guest.click("[data-game-over] [data-cmd=rematch]")
    for p in (host, guest):
        p.wait_for_function("() => document.body.dataset.screen === 'game' && !document.querySelector('[data-game-over]')",
                            timeout=30_000)


def open_group(page, action: str) -> bool:
    """Unfold the group (<details>) that holds the option `action`, so the next look sees it; False if none."""
    summary = page.locator(f'details:not([open]):has([data-action="{action}"]) > summary')
    if not summary.count():
        return False
    try:
        summary.first.click(timeout=2_000)
    except (PwTimeout, PwError):
        return False
    return True


def relink_by_codes(host, guest) -> float:
    """Both pages show the saved game's re-link panel: `host` invites, `guest` pastes the code and joins,
    `host` pastes the reply; both go on with the game. Returns seconds."""
    t = time.perf_counter()
    for p in (host, guest):
        p.locator("[data-resume-offer]").wait_for(state="visible", timeout=20_000)
    host.click("[data-p2p-host]")
    code = host.locator("[data-link-code]")
    code.wait_for(state="visible", timeout=20_000)
    guest.click("[data-p2p-join]")
    guest.fill("[data-link-input]", code.input_value())
    reply_and_play(host, guest)
    return time.perf_counter() - t


def link_modules(a, b) -> tuple[str, str]:
    """Link two open pages through web/js/p2p.js alone (no start screen): (invitation, reply)."""
    invitation = a.evaluate("() => window.crystalclans_p2p.host([])")
    reply = b.evaluate("(code) => window.crystalclans_p2p.join(code, [])", invitation)
    a.evaluate("(code) => window.crystalclans_p2p.accept(code)", reply)
    wait_linked(a, b)
    return invitation, reply


# A handshake that never finishes: both browsers wait for the other to start it. The guest's page answers an
# offer with "you start it" (setup:passive), and the host's page takes that answer as "I start it"
# (setup:active). ICE connects and DTLS never finishes, as when the host's browser started its handshake with
# a stranger's hello (the hostile relay's test). Only the given answer is changed on each side.
def guest_waits_on_answer(nth: int) -> str:
    """An init script: this page's `nth` answer it makes (1 = its first) says "you start it"."""
    return """(() => {
  const make = RTCPeerConnection.prototype.createAnswer;
  let answers = 0;
  RTCPeerConnection.prototype.createAnswer = async function (...args) {
    const d = await make.apply(this, args);
    if (++answers !== %d) return d;
    return { type: d.type, sdp: d.sdp.replace(/a=setup:active/g, "a=setup:passive") };
  };
})();""" % nth


def host_waits_on_answer(nth: int, slow_after: int, slow_ms: int) -> str:
    """An init script: the `nth` answer this page takes is read as "I start it"; every offer it makes after its
    first `slow_after` takes `slow_ms` to gather, as it may on a slow network (the guest's page says its old
    answer meanwhile, which must not be taken for the new offer's)."""
    return """(() => {
  const set = RTCPeerConnection.prototype.setRemoteDescription;
  const setLocal = RTCPeerConnection.prototype.setLocalDescription;
  let offers = 0;
  RTCPeerConnection.prototype.setLocalDescription = async function (...args) {
    await setLocal.apply(this, args);
    if (this.localDescription.type === "offer" && ++offers > %d) await new Promise((r) => setTimeout(r, %d));
  };
  let answers = 0;
  RTCPeerConnection.prototype.setRemoteDescription = function (d) {
    if (d && d.type === "answer" && ++answers === %d) {
      d = { type: d.type, sdp: d.sdp.replace(/a=setup:passive/g, "a=setup:active") };
    }
    return set.call(this, d);
  };
})();""" % (slow_after, slow_ms, nth)
