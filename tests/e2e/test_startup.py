"""Start-up from a memory snapshot (web/js/pyodide_boot.mjs, tools/make_snapshot.mjs): a first visit on a fast
link fetches the snapshot with Pyodide's files and restores it, on a slow link it starts Pyodide the normal
way; every later visit restores the service worker's copy (Python with the engine and the app already
imported) and is playable; a snapshot that does not load falls back to the normal start; two loads from the
same snapshot still deal different games."""
from __future__ import annotations

from .ui import (assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, start_game, state_hash,
                 wait_snapshot_cached)

KIND = "() => window.crystalclans_boot_kind"
SOURCE = "() => window.crystalclans_boot_source ?? null"


def test_a_repeat_visit_starts_from_the_snapshot_plays_and_deals_new_games(new_context, app_url, say):
    page = new_context().new_page()
    open_app(page, app_url)
    assert page.evaluate("() => window.crystalclans_snapshot") is not None, "build.py setup made no snapshot"
    # this server is local, so fast: the first visit fetched the snapshot alongside Pyodide's files
    assert (page.evaluate(KIND), page.evaluate(SOURCE)) == ("snapshot", "network")
    hashes, ready = [start_game(page, clans=("blood", "water"))], []
    assert wait_snapshot_cached(page), "the service worker did not keep the snapshot"
    for _ in range(2):
        page.reload()
        open_app(page, app_url)
        assert (page.evaluate(KIND), page.evaluate(SOURCE)) == ("snapshot", "cache")
        ready.append(page.evaluate("() => window.__e2eReadyAt || performance.now()"))
        hashes.append(start_game(page, clans=("blood", "water")))
        dismiss_overlays(page)
        page.locator(".action-bar [data-action]").first.click()  # the engine from the snapshot plays
        dismiss_overlays(page)
        assert state_hash(page) != hashes[-1]
    assert len(set(hashes)) == 3, "loads from the same snapshot dealt the same game: random was not reseeded"
    # pydantic is loaded after the restore (loadPackage): a save still exports and loads
    with page.expect_download() as dl:
        page.click("[data-export]")
    path = dl.value.path()
    before = state_hash(page)
    dismiss_overlays(page)
    page.locator(".action-bar [data-action]").first.click()  # the game moves on; the import brings it back
    dismiss_overlays(page)
    assert state_hash(page) != before
    asked = import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        str(path)))
    page.wait_for_function("(h) => window.crystalclans_state_hash() === h", arg=before, timeout=60_000)
    assert asked and page.locator("#error").is_hidden()
    say(f"the first visit restored the snapshot it fetched; repeat visits started from the cached snapshot, "
        f"ready at {[round(r) for r in ready]} ms; three deals {', '.join(h[:10] + '…' for h in hashes)}; "
        "a save exported and loaded after the restore")
    assert_no_page_errors(page)


def test_a_snapshot_that_does_not_load_falls_back_to_the_normal_start(new_context, app_url, say):
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    open_app(page, app_url)
    # a damaged snapshot where the real one would be (same size, all zeros), as a browser cache might hold
    page.evaluate("""async () => { const s = window.crystalclans_snapshot;
      const c = await caches.open('damaged-snapshot');
      await c.put(new URL(s.url, location.href).href, new Response(new Uint8Array(s.bytes))); }""")
    page.reload()
    open_app(page, app_url)
    assert page.evaluate(KIND) == "fallback"
    start_game(page, clans=("stone", "meteor"))
    dismiss_overlays(page)
    page.locator(".action-bar [data-action]").first.click()
    say("a damaged snapshot: the page started the normal way and plays")
    assert page.locator("#error").is_hidden()


def test_a_first_visit_on_a_slow_link_starts_the_normal_way(new_context, app_url, say):
    """31.5 MB of snapshot at 6 MB/s would take longer than Python's own start: the probe drops it."""
    page = new_context(service_workers="block").new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": 6e6, "uploadThroughput": 6e6})
    open_app(page, app_url)
    assert page.evaluate(KIND) == "normal" and page.evaluate(SOURCE) is None
    fetched = page.evaluate("""() => performance.getEntriesByType("resource")
      .filter(e => e.name.includes("/snapshot-")).map(e => e.decodedBodySize)""")
    assert all(n < page.evaluate("() => window.crystalclans_snapshot.bytes") for n in fetched), fetched
    start_game(page, clans=("flower", "skull"))
    dismiss_overlays(page)
    page.locator(".action-bar [data-action]").first.click()
    say(f"a first visit at 6 MB/s started the normal way (snapshot download dropped: {fetched}) and plays")
    assert page.locator("#error").is_hidden()
