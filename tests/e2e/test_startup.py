"""Start-up from a memory snapshot (web/js/pyodide_boot.mjs, tools/make_snapshot.mjs): a first visit starts
Pyodide the normal way; every later visit restores the snapshot (Python with the engine and the app already
imported) and is playable; a snapshot that does not load falls back to the normal start; two loads from the
same snapshot still deal different games."""
from __future__ import annotations

from .ui import (assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, start_game, state_hash,
                 wait_snapshot_cached)

KIND = "() => window.crystalclans_boot_kind"


def test_a_repeat_visit_starts_from_the_snapshot_plays_and_deals_new_games(new_context, app_url, say):
    page = new_context().new_page()
    open_app(page, app_url)
    assert page.evaluate("() => window.crystalclans_snapshot") is not None, "build.py setup made no snapshot"
    assert page.evaluate(KIND) == "normal", "a first visit has no snapshot to start from"
    assert wait_snapshot_cached(page), "the service worker did not keep the snapshot"
    hashes, ready = [], []
    for _ in range(2):
        page.reload()
        open_app(page, app_url)
        assert page.evaluate(KIND) == "snapshot"
        ready.append(page.evaluate("() => window.__e2eReadyAt || performance.now()"))
        hashes.append(start_game(page, clans=("blood", "water")))
        dismiss_overlays(page)
        page.locator(".action-bar [data-action]").first.click()  # the engine from the snapshot plays
        dismiss_overlays(page)
        assert state_hash(page) != hashes[-1]
    assert hashes[0] != hashes[1], "two loads from the same snapshot dealt the same game: random was not reseeded"
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
    say(f"repeat visits started from the snapshot, ready at {[round(r) for r in ready]} ms; two deals "
        f"{hashes[0][:10]}… and {hashes[1][:10]}…; a save exported and loaded after the restore")
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
