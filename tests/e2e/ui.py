"""Driving the app through its test hooks (the contract: tests/e2e/README.md).

Every wait here waits for something on the page (a hook, a changed state hash, the next clickable
element), never a fixed sleep, so ~800 clicks of a full game stay fast.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

try:
    from playwright.sync_api import Error as PwError
    from playwright.sync_api import TimeoutError as PwTimeout
except ImportError:  # conftest's browser fixture fails with install instructions before any use
    PwError = PwTimeout = None

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
FAILURE_SHOTS = SCREENSHOTS / "failures"
READY_TIMEOUT_MS = 60_000
STUCK_TIMEOUT_MS = 10_000  # no clickable element for this long: the game is stuck
SETTLE_TIMEOUT_MS = 10_000  # a click whose effect has not shown by then is logged (not fatal on its own)

# page -> list of console lines ("error: ...", "pageerror: ..."), filled by watch_console()
CONSOLE: dict = {}

# JS helpers shared by the evaluated snippets: what a person could click right now.
JS_LIB = r"""
const e2eVisible = (el, hitTest) => {
  if (!el || !el.isConnected) return false;
  if (typeof el.checkVisibility === "function"
      && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return false;
  if (!hitTest) return true;
  if (el.disabled || el.getAttribute("aria-disabled") === "true" || el.closest("[inert]")) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {  // on screen: must not be covered
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit)) return false;
  }
  return true;
};
const e2eGameOver = () => [...document.querySelectorAll("[data-game-over]")].some(el => e2eVisible(el, false));
const e2eCandidates = () => {
  for (const [kind, sel] of [["continue", "[data-continue]"], ["action", "[data-action]"]]) {
    const all = [...document.querySelectorAll(sel)];
    let idx = all.map((el, i) => e2eVisible(el, true) ? i : -1).filter(i => i >= 0);
    if (!idx.length) {  // covered where the page is scrolled to (e.g. under a sticky header): scroll as a person would
      const hidden = all.find(el => e2eVisible(el, false));
      if (hidden) {
        hidden.scrollIntoView({block: "center", inline: "nearest"});
        idx = all.map((el, i) => e2eVisible(el, true) ? i : -1).filter(i => i >= 0);
      }
    }
    if (idx.length) return {kind, sel, all, idx};
  }
  return null;
};
// Synchronous on purpose: page.wait_for_function does not await a predicate's promise (a Promise is truthy).
// Should the hook return a promise, the value it resolves to is used from the next poll on.
const e2eHash = () => {
  const f = window.crystalclans_state_hash;
  if (typeof f !== "function") return null;
  let h;
  try { h = f(); } catch (e) { return "error: " + e; }
  if (h && typeof h.then === "function") {
    h.then(v => { window.__e2eHashAsync = v ?? null; });
    return window.__e2eHashAsync;
  }
  return h ?? null;
};
"""

# Waits until the game is over or something is clickable; picks one (r in [0, 1)) and remembers it.
PICK_JS = JS_LIB + r"""
(r) => {
  if (e2eGameOver()) return {gameOver: true};
  const c = e2eCandidates();
  if (!c) return null;  // keep waiting
  const i = c.idx[Math.min(c.idx.length - 1, Math.floor(r * c.idx.length))];
  const el = c.all[i];
  window.__e2eLast = el;
  window.__e2eHashBefore = e2eHash();
  const value = c.kind === "continue" ? el.dataset.continue : el.dataset.action;
  return {gameOver: false, kind: c.kind, selector: c.sel, index: i, choices: c.idx.length, value: value || "",
          text: (el.innerText || el.getAttribute("aria-label") || el.title || "").trim().slice(0, 60),
          hash: window.__e2eHashBefore};
}
"""

# Everything clickable right now (of the first kind that has any): for tests that choose by value.
OFFERED_JS = JS_LIB + r"""
() => {
  if (e2eGameOver()) return {gameOver: true};
  const c = e2eCandidates();
  if (!c) return null;
  return {gameOver: false, kind: c.kind, selector: c.sel,
          items: c.idx.map(i => ({index: i, value: (c.kind === "continue" ? c.all[i].dataset.continue : c.all[i].dataset.action) || ""}))};
}
"""

# After a click: the state hash changed, or the clicked element went away or got covered, or game over.
SETTLED_JS = JS_LIB + r"""
() => {
  if (e2eGameOver()) return true;
  const el = window.__e2eLast;
  if (!el || !e2eVisible(el, true)) return true;
  return e2eHash() !== window.__e2eHashBefore;
}
"""

VISIBLE_JS = JS_LIB + r"""
(sel) => [...document.querySelectorAll(sel)].some(el => e2eVisible(el, false))
"""

# Where to press the mouse on the offered element `index` of `sel`, still the one offered as `value`: scrolled
# into view if need be, and only where the page's own hit test finds nothing over it. {gone} when the page has
# re-rendered it since the look, {covered} when something lies over it.
AIM_JS = JS_LIB + r"""
([sel, index, value]) => {
  const el = document.querySelectorAll(sel)[index];
  const now = el && ((sel === "[data-continue]" ? el.dataset.continue : el.dataset.action) || "");
  if (!el || now !== value || !e2eVisible(el, false)) return {gone: true};
  let r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    el.scrollIntoView({block: "center", inline: "nearest"});
    r = el.getBoundingClientRect();
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || !e2eVisible(el, true)) return {covered: true};
  return {x, y};
}
"""

HASH_JS = "async () => { const f = window.crystalclans_state_hash; return typeof f === 'function' ? (await f()) ?? null : null; }"


# the player asks for sounds (web/js/sound.js: an automated browser is quiet unless asked); what plays is counted
# in window.crystalclans_sounds_started
SOUNDS_ON_JS = "() => localStorage.setItem('crystalclans.sound', 'on')"


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:80] or "page"


def watch_console(page) -> list[str]:
    """Collect the page's console errors/warnings and uncaught exceptions (shown when a test fails)."""
    lines: list[str] = []
    CONSOLE[page] = lines
    page.on("console", lambda m: lines.append(f"console.{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: lines.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: lines.append(f"requestfailed: {r.url} ({r.failure})"))
    return lines


def console_tail(page, n: int = 25) -> str:
    lines = CONSOLE.get(page) or []
    if not lines:
        return "(no console errors)"
    return "\n".join(lines[-n:])


def screenshot(page, name: str, folder: Path = SCREENSHOTS, full_page: bool = False) -> Path:
    """The viewport as a person sees it now (full_page=True stitches the page, but draws fixed/sticky bars
    at odd places once the page is scrolled)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug(name)}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def fail_with_screenshot(page, name: str, message: str):
    try:
        path = screenshot(page, name, FAILURE_SHOTS)
        where = f"screenshot: {path}"
    except PwError as exc:  # the page may be gone
        where = f"(no screenshot: {exc})"
    failure = pytest.fail.Exception(f"{message}\n{where}\nconsole:\n{console_tail(page)}", pytrace=False)
    failure.__suppress_context__ = True  # called from `except TimeoutError`: that traceback is noise
    raise failure


def is_visible(page, selector: str) -> bool:
    return bool(page.evaluate(VISIBLE_JS, selector))


def state_hash(page) -> str | None:
    return page.evaluate(HASH_JS)


def shared_hash(page) -> str | None:
    """The hash two linked pages share (an online Crystal Clans game's public hash: each page holds its own
    one-sided game; else the state hash)."""
    return page.evaluate("async () => { const f = window.crystalclans_shared_hash; "
                         "return typeof f === 'function' ? (await f()) ?? null : null; }")


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait until document.body.dataset.ready === "true"; returns seconds waited."""
    started = time.perf_counter()
    try:
        page.wait_for_function("() => document.body && document.body.dataset.ready === 'true'",
                               timeout=timeout_ms)
    except PwTimeout:
        fail_with_screenshot(page, "not_ready", f"body[data-ready=true] did not appear within {timeout_ms / 1000:.0f} s "
                                                f"at {page.url}")
    return time.perf_counter() - started


#: the page's load event (its first fetch of the engine's files included) took over 15 s in a whole run on a
#: loaded two-core machine, where the same test passed alone; readiness itself is wait_ready's to judge
LOAD_TIMEOUT_MS = 60_000


def open_app(page, url: str) -> float:
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    return wait_ready(page)


def wait_hash(page, predicate_js: str, arg=None, timeout_ms: int = 30_000, what: str = "state hash"):
    """Wait until predicate_js(hash, arg) is true (hash from window.crystalclans_state_hash()); returns the hash."""
    js = JS_LIB + f"(arg) => {{ const h = e2eHash(); return ({predicate_js})(h, arg) ? {{h}} : null; }}"
    try:
        return page.wait_for_function(js, arg=arg, timeout=timeout_ms).json_value()["h"]
    except PwTimeout:
        fail_with_screenshot(page, "wait_hash", f"timed out after {timeout_ms / 1000:.0f} s waiting for {what} "
                                                f"(hash now: {state_hash(page)!r})")


def start_game(page, clans=("blood", "skull"), names=None, first_player=None, mulligan=None, seats=None) -> str:
    """Fill the start screen and press [data-new-game]; returns the new game's state hash.
    seats: e.g. ("human", "hard") for the [data-seat] selects (None: leave as they are)."""
    for seat, code in enumerate(seats or ()):
        if code is not None:
            page.select_option(f'[data-seat="{seat}"]', code)
    for seat, clan in enumerate(clans):
        if clan is not None:
            page.select_option(f"#clan-{seat}", clan)
    for seat, name in enumerate(names or ()):
        if name is not None:
            page.fill(f"#name-{seat}", name)
    if first_player is not None:
        page.select_option("#first-player", str(first_player))
    if mulligan is not None:
        page.set_checked("#mulligan", mulligan)
    page.click("[data-new-game]")
    if page.locator("[data-confirm]").count():  # an unfinished autosaved game: the app asks first
        page.click("[data-confirm]")
    return wait_hash(page, "(h) => typeof h === 'string' && h.length > 0 && !h.startsWith('error')",
                     what="a game to start (crystalclans_state_hash() non-null after [data-new-game])")


def import_and_confirm(page, choose_file: Callable[[], None], timeout_ms: int = 30_000) -> bool:
    """Choose a save file (choose_file() fills the file input); if the app asks before replacing the
    unfinished autosaved game ([data-confirm]), say yes. True if it asked."""
    before = state_hash(page)
    page.evaluate("""() => { window.__e2eErrorShown = false;
      const e = document.getElementById('error');
      new MutationObserver((_, obs) => { if (!e.hidden) { window.__e2eErrorShown = true; obs.disconnect(); } })
        .observe(e, {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    choose_file()
    # a banner still up from an earlier file is not this file's answer: wait for a confirm, a new game or a
    # banner shown after the file was chosen
    page.wait_for_function(JS_LIB + """(b) => !!document.querySelector('[data-confirm]') || e2eHash() !== b
        || window.__e2eErrorShown""", arg=before, timeout=timeout_ms)
    if page.locator("[data-confirm]").count():
        page.click("[data-confirm]")
        return True
    return False


def dismiss_overlays(page, max_clicks: int = 6) -> int:
    """Click visible [data-continue] controls (pass-the-device, battle result) until none is left."""
    clicks = quiet_checks = 0
    while clicks < max_clicks:
        found = page.evaluate(JS_LIB + """() => {
          const c = e2eCandidates();
          if (!c || c.kind !== "continue") return null;
          window.__e2eLast = c.all[c.idx[0]];
          window.__e2eHashBefore = e2eHash();
          return c.idx[0];
        }""")
        if found is None:
            if quiet_checks >= 1:
                return clicks
            quiet_checks += 1  # look once more a moment later: a screen may still be on its way
            page.wait_for_timeout(250)
            continue
        quiet_checks = 0
        page.locator("[data-continue]").nth(found).click()
        page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        clicks += 1
    fail_with_screenshot(page, "overlays", f"still a [data-continue] after {max_clicks} clicks on them")
    return clicks


def click_item(page, offer: dict, item: dict, timeout_ms: int = 2_000) -> bool:
    """Click an element OFFERED_JS or PICK_JS found, as a person would: the mouse pressed at its centre once
    the page's hit test finds it on top there. Locator.click() waits for two still frames and checks all
    that again, which took about 60 of a click's 115 ms here (a whole game's clicks twice as slow); it stays the
    fallback where something covers the element. False when the page has re-rendered it since the look (the
    caller looks again); Playwright's errors as from Locator.click()."""
    aim = page.evaluate(AIM_JS, [offer["selector"], item["index"], item["value"]])
    if aim.get("gone"):
        page.wait_for_timeout(20)  # (the page is re-rendering: the caller's next look, a moment later)
        return False
    if aim.get("covered"):
        page.locator(offer["selector"]).nth(item["index"]).click(timeout=timeout_ms)
    else:
        page.mouse.click(aim["x"], aim["y"])
    return True


def page_errors(page) -> list[str]:
    return [line for line in CONSOLE.get(page) or [] if line.startswith("pageerror:")]


def assert_no_page_errors(*pages) -> None:
    """Uncaught exceptions (JS or Python event handlers) are bugs even when nothing visible broke."""
    errors = [e for p in pages for e in page_errors(p)]
    assert not errors, "uncaught errors in the page:\n" + "\n".join(errors[:10])


def play_random_clicks(page, rng, max_steps: int, *, until_game_over: bool = True,
                       on_step: Callable | None = None, log: Callable[[str], None] = print,
                       log_every: int = 50, stuck_ms: int = STUCK_TIMEOUT_MS) -> dict:
    """Click random visible [data-continue] (preferred) or [data-action] elements.

    Stops at game over ([data-game-over] visible), or after max_steps clicks when until_game_over is False
    (with until_game_over, reaching max_steps without game over fails). on_step(page, step, pick) runs before
    each click (pick: what is about to be clicked). Fails with a screenshot if nothing is clickable for
    stuck_ms (10 s; longer against the computer, whose whole turn passes without a click).
    Returns counts and timing.
    """
    started = time.perf_counter()
    stats = {"steps": 0, "actions": 0, "continues": 0, "unsettled": 0, "game_over": False}
    unsettled_in_a_row = 0
    step = 0
    while True:
        try:
            pick = page.wait_for_function(PICK_JS, arg=rng.random(), timeout=stuck_ms).json_value()
        except PwTimeout:
            fail_with_screenshot(page, f"stuck_step_{step}",
                                 f"stuck after {step} clicks: no visible [data-continue] or [data-action] and no "
                                 f"[data-game-over] for {stuck_ms / 1000:.0f} s (hash {state_hash(page)!r})")
        if pick["gameOver"]:
            stats["game_over"] = True
            break
        if step >= max_steps:
            if until_game_over:
                fail_with_screenshot(page, f"no_game_over_{step}",
                                     f"no [data-game-over] after {step} clicks (limit {max_steps})")
            break
        if on_step is not None:
            on_step(page, step, pick)
        try:
            if not click_item(page, pick, pick, timeout_ms=5_000):
                continue
        except PwTimeout:
            log(f"[e2e] step {step}: could not click {pick['kind']} {pick['value']!r} ({pick['text']!r}) in 5 s; "
                "picking again")
            stats["unsettled"] += 1
            unsettled_in_a_row += 1
            if unsettled_in_a_row >= 20:
                fail_with_screenshot(page, f"unclickable_{step}", "20 clicks in a row had no effect")
            continue
        except PwError as exc:  # detached between pick and click (the UI re-rendered): pick again
            if "detached" not in str(exc) and "not attached" not in str(exc):
                raise
            continue
        step += 1
        stats["steps"] = step
        stats["actions" if pick["kind"] == "action" else "continues"] += 1
        try:
            page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
            unsettled_in_a_row = 0
        except PwTimeout:
            stats["unsettled"] += 1
            unsettled_in_a_row += 1
            log(f"[e2e] step {step}: clicking {pick['kind']} {pick['value']!r} ({pick['text']!r}) changed nothing "
                f"visible in {SETTLE_TIMEOUT_MS / 1000:.0f} s")
            if unsettled_in_a_row >= 20:
                fail_with_screenshot(page, f"unsettled_{step}", "20 clicks in a row had no effect")
        if log_every and step % log_every == 0:
            log(f"[e2e] {step} clicks ({stats['actions']} actions, {stats['continues']} continues), "
                f"hash {str(pick['hash'])[:10]}, {time.perf_counter() - started:.1f} s")
    stats["seconds"] = time.perf_counter() - started
    log(f"[e2e] done: {stats['steps']} clicks ({stats['actions']} actions, {stats['continues']} continues, "
        f"{stats['unsettled']} without visible effect), game over: {stats['game_over']}, {stats['seconds']:.1f} s")
    return stats


# ---------------------------------------------------------------------- languages and start-up
# every distinct screen, as HTML (text, titles, labels), recorded whenever the page changes
RECORD_SCREENS_JS = """() => { window.__screens = new Set();
  const grab = () => { window.__screens.add(document.body.outerHTML); };
  let queued = false;
  new MutationObserver(() => { if (!queued) { queued = true; setTimeout(() => { queued = false; grab(); }, 30); } })
    .observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  grab(); }"""


def foreign_on_screens(page, lang: str) -> dict:
    """The other language's words on the screens recorded since RECORD_SCREENS_JS: {"screens": n,
    "foreign": {word: on how many screens}} (tests/words.py: each language's own vocabulary)."""
    from tests.words import foreign_in

    screens = page.evaluate("() => Array.from(window.__screens || [])")
    bad: dict = {}
    for html in screens:
        for w in foreign_in(html, lang):
            bad[w] = bad.get(w, 0) + 1
    return {"screens": len(screens), "foreign": bad}


SNAPSHOT_CACHED_JS = """async () => { const s = window.crystalclans_snapshot;
  return !!(s && await caches.match(new URL(s.url, location.href).href)); }"""


def wait_snapshot_cached(page, timeout_s: float = 120) -> bool:
    """Until the service worker holds the start-up snapshot (a page.evaluate loop: wait_for_function would not
    await the promise); False if the page has no snapshot or it did not arrive in time."""
    end = time.monotonic() + timeout_s
    while page.evaluate("() => !!window.crystalclans_snapshot"):
        if page.evaluate(SNAPSHOT_CACHED_JS):
            return True
        if time.monotonic() > end:
            return False
        page.wait_for_timeout(200)
    return False


# ---------------------------------------------------------------------- one page for a whole module
AUTOSAVE_KEY = "crystalclans.autosave"
LANGUAGE_KEY = "crystalclans.lang"  # the player's language (app/storage.py LANGUAGE), read before Python boots


def reset_page(page, url: str, storage: "dict | None" = None) -> float:
    """The same page as a first visit would show it, without a new browser context: localStorage and
    sessionStorage emptied (then `storage`'s items set), `url` loaded and ready; the console's lines so far
    forgotten. The HTTP cache, the service worker and Pyodide's package cache stay warm: that is the point (a
    reset is a reload, ~1.5 s, where a new context boots Pyodide cold). Returns the seconds until ready."""
    if page.url.startswith(("http://", "https://")):
        page.evaluate("""(items) => { localStorage.clear(); sessionStorage.clear();
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", storage or {})
    lines = CONSOLE.get(page)
    if lines is not None:
        lines.clear()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    if storage and not page.evaluate("(items) => Object.entries(items).every(([k, v]) => "
                                     "localStorage.getItem(k) === v)", storage):
        fail_with_screenshot(page, "reset_storage", f"the items {sorted(storage)} did not survive the reload")
    return wait_ready(page)


def choose_game(page, name: str) -> None:
    """The start screen's game switch on game `name` (a registry key): its own fields follow at once."""
    page.click(f'button[data-game="{name}"]')
    page.wait_for_selector(f'button[data-game="{name}"][aria-pressed="true"]')


def start_new_game(page, name: str, names=None, seats=None) -> str:
    """From the start screen: game `name` chosen, the names and seats filled in (the game's own fields as they
    are), Start; returns the new game's state hash."""
    choose_game(page, name)
    return start_game(page, clans=(), names=names, seats=seats)


def autosaved_game(page):
    """The game the page autosaved (what is on the table), loaded by its engine under CPython (None: none)."""
    from app import games

    text = page.evaluate(f"() => localStorage.getItem('{AUTOSAVE_KEY}')")
    if text is None:
        return None
    doc = games.get(games.DEFAULT).check_save_text(text)
    return games.for_save(doc).Game.from_json(doc)


def load_save_text(page, text: str, file_name: str = "save.json") -> bool:
    """Import the save `text` with the file input (the start screen's or the top bar's), saying yes if the app
    asks before replacing an unfinished game. True if it asked."""
    return import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        files=[{"name": file_name, "mimeType": "application/json", "buffer": text.encode()}]))


def export_save_file(page, folder: Path) -> tuple[str, Path]:
    """Press Export: (the file name the page offers, where the download was saved)."""
    if not is_visible(page, "[data-export]"):
        fail_with_screenshot(page, "no_export", "no visible [data-export] button during a game")
    with page.expect_download() as info:
        page.click("[data-export]")
    download = info.value
    path = folder / download.suggested_filename
    download.save_as(str(path))
    return download.suggested_filename, path


# Where the move `move` can be clicked now, as a person finds it: an element that applies it ([data-action],
# never a square's [data-pick], which only shows its next option), visible and on top; else a folded group
# ([details]) that holds one is opened; else the asked player takes the device (a question asked aloud, to play
# what her hand holds); else the pass-the-device screen or a result is dismissed ([data-continue]).
MOVE_JS = JS_LIB + r"""
(move) => {
  if (e2eGameOver()) return {gameOver: true};
  const all = [...document.querySelectorAll("[data-action]")];
  const mine = all.map((el, i) => [el, i]).filter(([el]) => el.dataset.action === move && !el.hasAttribute("data-pick"));
  const shown = mine.filter(([el]) => e2eVisible(el, true));
  if (shown.length) {
    const [el, i] = shown[0];
    window.__e2eLast = el;
    window.__e2eHashBefore = e2eHash();
    return {kind: "action", selector: "[data-action]", index: i, value: move};
  }
  const conts = [...document.querySelectorAll("[data-continue]")];
  const c = conts.findIndex(el => e2eVisible(el, true));
  if (c >= 0) {
    window.__e2eLast = conts[c];
    window.__e2eHashBefore = e2eHash();
    return {kind: "continue", selector: "[data-continue]", index: c, value: conts[c].dataset.continue || ""};
  }
  for (const [el] of mine) {
    const folded = el.closest("details:not([open])");
    const summary = folded && folded.querySelector(":scope > summary");
    if (summary && e2eVisible(summary, false)) { summary.click(); return {kind: "unfolded"}; }
  }
  const take = [...document.querySelectorAll('[data-cmd="hand-over"]')].find(el => e2eVisible(el, true));
  if (take) return {kind: "hand-over"};
  if (mine.length && mine.some(([el]) => e2eVisible(el, false))) {  // there but covered or off screen
    const [el] = mine.find(([el]) => e2eVisible(el, false));
    el.scrollIntoView({block: "center", inline: "nearest"});
    return {kind: "scrolled"};
  }
  return null;
}
"""


def click_move(page, move: str, timeout_ms: int = 15_000) -> int:
    """Make the move `move` (its notation) by clicking where the table offers it, through whatever a person
    clicks on the way: the pass-the-device screen or a result ([data-continue]), a folded group of options,
    "take the device" at a question asked aloud. Waits for the state hash to change. Returns the clicks made."""
    clicks = 0
    end = time.monotonic() + timeout_ms / 1000
    while True:
        found = page.evaluate(MOVE_JS, move)
        if found and found.get("gameOver"):
            fail_with_screenshot(page, "move_after_end", f"the game is over: no move {move!r} to make")
        kind = found and found["kind"]
        if kind == "action":
            before = page.evaluate("() => window.__e2eHashBefore")
            if click_item(page, found, found, timeout_ms=5_000):
                clicks += 1
                wait_hash(page, "(h, b) => h !== b", arg=before, what=f"the move {move!r} to be made")
                return clicks
        elif kind == "continue":
            if click_item(page, found, found, timeout_ms=5_000):
                clicks += 1
                page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        elif kind == "hand-over":
            page.locator('[data-cmd="hand-over"]').first.click()
            clicks += 1
            page.locator("[data-turn-screen]").wait_for(state="visible", timeout=SETTLE_TIMEOUT_MS)
        elif kind in ("unfolded", "scrolled"):
            page.wait_for_timeout(30)
        if time.monotonic() > end:
            offered = page.evaluate(OFFERED_JS)
            fail_with_screenshot(page, f"no_move_{slug(move)}", f"the table does not offer the move {move!r} "
                                 f"within {timeout_ms / 1000:.0f} s (offered: {offered})")
        if not kind:
            page.wait_for_timeout(50)


def wait_game_over(page, timeout_ms: int = 15_000) -> None:
    """Until [data-game-over] shows, dismissing a last result ([data-continue]) held up over it."""
    end = time.monotonic() + timeout_ms / 1000
    while not is_visible(page, "[data-game-over]"):
        if time.monotonic() > end:
            fail_with_screenshot(page, "no_game_over", f"no [data-game-over] within {timeout_ms / 1000:.0f} s")
        dismiss_overlays(page, max_clicks=3)


# ---------------------------------------------------------------------- the guided game
TUTORIAL_STEP_JS = ("() => { const c = document.querySelector('[data-tutorial-step]'); "
                    "return c ? +c.dataset.tutorialStep : -1; }")
TUTORIAL_OFFERED_JS = ("() => [...new Set([...document.querySelectorAll('#app [data-action]')]"
                       ".map(e => e.dataset.action))]")


def start_guided_game(page, name: str) -> None:
    """From the start screen: game `name` chosen, "Learn by playing"."""
    choose_game(page, name)
    page.locator(".start .learn [data-cmd=tutorial]").click()
    page.locator("[data-tutorial-step]").wait_for()


def play_guided_game(page, moves: list, on_step: "Callable | None" = None, stays_ms: int = 0,
                     max_steps: int = 60, step_words: str = "step {n} of {total}") -> dict:
    """Play the guided game on the page to its end ([data-tutorial-done]): the other side's scripted moves play
    themselves (at the page's pace), results are dismissed, and at each of the player's steps the table must
    offer exactly one move, `moves[i]` (the script's), under a coach saying "step i+1 of n" (`step_words`: in
the page's language). `on_step(page, i,
    move)` may make the move itself (return True) or leave it to click_move. `stays_ms`: at the first step, that
    long without acting, the step and its text must stay. Returns {"taught", "texts" (the coach's words at each
    step, then at the end), "done" (the end's words)}."""
    taught, texts = 0, []
    for _ in range(max_steps):
        page.wait_for_function(f"() => ({TUTORIAL_OFFERED_JS})().length > 0 || !!document.querySelector('[data-continue]')"
                               " || !!document.querySelector('[data-tutorial-done]')", timeout=15_000)
        if page.locator("[data-tutorial-done]").count():
            break
        if is_visible(page, "[data-continue]"):  # a battle's result: seen, and on
            dismiss_overlays(page)
            continue
        step = page.evaluate(TUTORIAL_STEP_JS)
        offered = page.evaluate(TUTORIAL_OFFERED_JS)
        if not offered:
            continue
        assert taught < len(moves), f"step {step} offers {offered} after the script's last move"
        assert offered == [moves[taught]], f"step {step} offers {offered}: a step teaches one move, {moves[taught]!r}"
        text = page.locator(".coach").inner_text()
        said = step_words.format(n=taught + 1, total=len(moves))
        assert said in text, f"the coach at step {step} does not say {said!r}: {text!r}"
        texts.append(text)
        if stays_ms and taught == 0:
            page.wait_for_timeout(stays_ms)  # nothing happens until the player acts: the text stays
            assert page.evaluate(TUTORIAL_STEP_JS) == step and page.locator(".coach").inner_text() == text, \
                f"step {step}'s text changed before the player acted"
        if not (on_step is not None and on_step(page, taught, moves[taught])):
            click_move(page, moves[taught])
        taught += 1
        page.wait_for_function(f"(s) => ({TUTORIAL_STEP_JS})() !== s", arg=step, timeout=15_000)
    done = page.locator("[data-tutorial-done]")
    if done.count() != 1:
        fail_with_screenshot(page, "tutorial_not_done", f"the guided game did not reach its end ({taught} steps)")
    texts.append(done.inner_text())
    return {"taught": taught, "texts": texts, "done": texts[-1]}

# ---------------------------------------------------------------------- a game from a position
def load_from_slot(page, save_text: str, seats: list[str], names: list[str] | None = None,
                   slot: str = "near the end", timeout_ms: int = 60_000) -> str:
    """A test's way to a late position of a game, with its seats (e.g. ["human", "easy"]: a computer's seat, which
    an imported file does not keep): `save_text` (a game's to_json) goes into the named saves of the page's
    browser, and the player loads it as a person does, from the start screen (the menu's way there, or the
    game-over panel's) by its Load button; no reload, no second boot. Returns the loaded game's state hash."""
    import json

    entry = {"save": save_text, "seats": list(seats), "summary": slot, "saved_at": time.time()}
    if names is not None:
        entry["names"] = list(names)
    page.evaluate("""([name, entry]) => { const all = JSON.parse(localStorage.getItem('crystalclans.slots') || '{}');
        all[name] = JSON.parse(entry); localStorage.setItem('crystalclans.slots', JSON.stringify(all)); }""",
                  [slot, json.dumps(entry)])
    before = state_hash(page)
    if page.evaluate("() => document.body.dataset.screen") != "start":
        if is_visible(page, "[data-game-over] [data-cmd=menu]"):
            page.click("[data-game-over] [data-cmd=menu]")
        else:
            page.click("details.menu summary")
            page.click("details.menu [data-cmd=menu]")
    button = page.locator(f'[data-cmd="load-slot"][data-slot="{slot}"]')
    button.click(timeout=timeout_ms)
    if page.locator("[data-confirm]").count():  # (should the app ask before replacing the game)
        page.click("[data-confirm]")
    page.wait_for_function("() => document.body.dataset.screen === 'game'", timeout=timeout_ms)
    return wait_hash(page, "(h, b) => typeof h === 'string' && h.length > 0 && !h.startsWith('error') && h !== b",
                     arg=before, timeout_ms=timeout_ms, what="the loaded game's state hash")
