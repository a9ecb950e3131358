"""Zero-install means no third-party host: every request stays on our server, and a page loaded once
keeps working offline."""
from __future__ import annotations

import random
from urllib.parse import urlsplit

from . import harness
from .ui import (
    PwError,
    fail_with_screenshot,
    open_app,
    play_random_clicks,
    screenshot,
    start_game,
    state_hash,
    wait_ready,
)


def is_local(url: str, base_url: str) -> bool:
    if url.startswith(("data:", "blob:", "about:")):
        return True
    return urlsplit(url).netloc == urlsplit(base_url).netloc


def test_every_request_stays_on_localhost(new_context, app_url, base_url, say):
    """Routing on (which turns off the HTTP cache): load, start a game, click a few times.

    Service workers are blocked here so that every request the app needs goes through routing."""
    ctx = new_context(service_workers="block")
    routed: list[str] = []
    seen: list[str] = []
    blocked: list[str] = []

    def handle(route):
        url = route.request.url
        routed.append(url)
        if is_local(url, base_url):
            route.continue_()
        else:  # never let a test reach the outside: record and refuse
            blocked.append(url)
            route.abort()

    ctx.route("**/*", handle)
    ctx.on("request", lambda r: seen.append(r.url))  # also catches what routing does not (e.g. workers)
    page = ctx.new_page()
    open_app(page, app_url)
    start_game(page, clans=("flower", "meteor"))
    play_random_clicks(page, random.Random(5), 10, until_game_over=False, log_every=0)
    foreign = sorted({u for u in routed + seen if not is_local(u, base_url)})
    assert not foreign, "requests left 127.0.0.1:\n" + "\n".join(foreign)
    assert routed, "routing saw no request at all"
    assert any(u.endswith(".wasm") for u in routed), "pyodide.asm.wasm was not requested through our server"
    say(f"{len(routed)} routed requests, {len(set(routed))} distinct URLs, all on {base_url}")


SW_READY_JS = """async () => {
  if (!("serviceWorker" in navigator)) return "unsupported";
  const regs = await navigator.serviceWorker.getRegistrations();
  if (!regs.length) return "none";
  const ready = navigator.serviceWorker.ready.then(() => "active");
  return await Promise.race([ready, new Promise(r => setTimeout(() => r("not active after 20 s"), 20000))]);
}"""


def load_once_and_play(page, url: str, seed: int) -> str:
    """Load online, start a game (everything a game needs is fetched once), give the service worker time
    to install (a person stays on the page anyway); returns the worker's state."""
    open_app(page, url)
    start_game(page, clans=("stone", "water"))
    play_random_clicks(page, random.Random(seed), 5, until_game_over=False, log_every=0)
    return page.evaluate(SW_READY_JS)


def reload_without_the_network_and_play(page, sw: str, why: str, seed: int) -> list[str]:
    """Reload while the server cannot be reached, then play a few moves; returns the failed requests."""
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    try:
        page.reload(wait_until="commit", timeout=30_000)
        problem = None
    except PwError as exc:
        problem = str(exc).splitlines()[0]
    if problem:
        fail_with_screenshot(page, "offline_reload",
                             f"reload {why} failed: {problem} (service worker: {sw})\nfailed requests:\n"
                             + "\n".join(failed[:20])
                             + "\nA reload revalidates the page, and plain http.server sends no Cache-Control: "
                               "to work offline the app needs a service worker serving its own files cache-first")
    wait_ready(page)
    if state_hash(page) is None and page.locator("[data-new-game]").count():
        start_game(page, clans=("stone", "water"))
    # else the app resumed the autosave: fine, we can still play
    play_random_clicks(page, random.Random(seed), 5, until_game_over=False, log_every=0)
    return failed


def test_works_offline_after_one_load(new_context, app_url, site, say):
    """No routing (it would disable the HTTP cache): load once online, go offline, reload, play."""
    ctx = new_context()
    page = ctx.new_page()
    sw = load_once_and_play(page, app_url, seed=6)
    served = len(site.requests)
    ctx.set_offline(True)
    failed = reload_without_the_network_and_play(page, sw, "offline", seed=7)
    assert len(site.requests) == served, "the server was reached while the browser was offline"
    say(f"offline reload: ready and playable (service worker: {sw}; {len(failed)} requests failed offline"
        + (": " + "; ".join(failed[:5]) if failed else "") + ")")


def test_works_when_the_host_is_gone_though_the_browser_thinks_it_is_online(new_context, say):
    """A Wi-Fi without internet, a host that is down: navigator.onLine stays true, yet nothing comes back.
    The service worker must not trust navigator.onLine (a CI run went offline before the worker's onLine
    turned false, and Pyodide's wasm went to the network and failed): the game still starts and plays."""
    server = harness.serve(harness.SITE_ROOT)  # its own origin, so its own service worker and caches
    try:
        ctx = new_context()
        page = ctx.new_page()
        sw = load_once_and_play(page, server.base_url + "/", seed=8)
    finally:
        server.close()
    assert page.evaluate("navigator.onLine"), "the browser should still believe it is online"
    failed = reload_without_the_network_and_play(page, sw, "with the host gone", seed=9)
    say(f"reload with the host gone: ready and playable (service worker: {sw}; {len(failed)} requests failed"
        + (": " + "; ".join(failed[:5]) if failed else "") + ")")


def test_a_start_that_cannot_download_the_runtime_says_so_and_how_to_go_on(new_context, app_url, say):
    """Never a loading screen for ever: with Pyodide's wasm refused (a first visit offline, a host that
    fails), the page tells the player what failed and what to do."""
    ctx = new_context(service_workers="block")
    ctx.route("**/pyodide.asm.wasm", lambda route: route.abort("internetdisconnected"))
    page = ctx.new_page()
    page.goto(app_url)
    error = page.locator("#error")
    try:
        error.wait_for(state="visible", timeout=30_000)
    except PwError:
        fail_with_screenshot(page, "start_failed", "the start failed but #error never showed")
    text = error.inner_text()
    assert "Could not start" in text and "reload" in text, text
    assert page.evaluate("document.body.dataset.ready") != "true"
    assert page.locator("#loading .progress").is_hidden(), "the loading bar still runs after the start failed"
    screenshot(page, "start_failed")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "start_failed_phone")
    ctx.unroute("**/pyodide.asm.wasm")
    error.get_by_role("button").click()  # the way out it offers: reload, now that the connection is back
    wait_ready(page)
    say(f"wasm refused: the loading screen says {text!r}; its Reload button then starts the game")
