"""Zero-install means no third-party host: every request stays on our server, and a page loaded once
keeps working offline."""
from __future__ import annotations

import random
from urllib.parse import urlsplit

from .ui import (
    PwError,
    fail_with_screenshot,
    open_app,
    play_random_clicks,
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


def test_works_offline_after_one_load(new_context, app_url, base_url, site, say):
    """No routing (it would disable the HTTP cache): load once online, go offline, reload, play."""
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, app_url)
    start_game(page, clans=("stone", "water"))  # everything a game needs has been fetched once
    play_random_clicks(page, random.Random(6), 5, until_game_over=False, log_every=0)
    # A service worker, if the app registers one, gets time to install (a person stays on the page anyway).
    sw = page.evaluate("""async () => {
      if (!("serviceWorker" in navigator)) return "unsupported";
      const regs = await navigator.serviceWorker.getRegistrations();
      if (!regs.length) return "none";
      const ready = navigator.serviceWorker.ready.then(() => "active");
      return await Promise.race([ready, new Promise(r => setTimeout(() => r("not active after 20 s"), 20000))]);
    }""")
    served = len(site.requests)

    ctx.set_offline(True)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    try:
        page.reload(wait_until="commit", timeout=30_000)
        problem = None
    except PwError as exc:
        problem = str(exc).splitlines()[0]
    if problem:
        fail_with_screenshot(page, "offline_reload",
                             f"offline reload failed: {problem} (service worker: {sw})\nfailed requests:\n" + "\n".join(failed[:20])
                             + "\nA reload revalidates the page, and plain http.server sends no Cache-Control: "
                               "to work offline the app needs a service worker serving its own files cache-first")
    wait_ready(page)
    if state_hash(page) is None and page.locator("[data-new-game]").count():
        start_game(page, clans=("stone", "water"))
    else:  # the app resumed the autosave: fine, we can still play
        pass
    play_random_clicks(page, random.Random(7), 5, until_game_over=False, log_every=0)
    assert len(site.requests) == served, "the server was reached while the browser was offline"
    say(f"offline reload: ready and playable (service worker: {sw}; {len(failed)} requests failed offline"
        + (": " + "; ".join(failed[:5]) if failed else "") + ")")
