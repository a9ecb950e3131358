"""An app players keep (issue 31): installable, it updates without surprises, it tells a player whose tab is
hidden that it is their turn, and its sounds obey the mute switch. Two pages in all (each test reuses its own)."""
from __future__ import annotations

import json
import random
import shutil
import struct
import time

from . import harness
from .ui import fail_with_screenshot, open_app, play_random_clicks, screenshot, start_game, state_hash, wait_ready

SW_CONTROLS_JS = """async () => {
  await navigator.serviceWorker.ready;
  return !!navigator.serviceWorker.controller;
}"""

FAKE_INSTALL_PROMPT_JS = """() => {
  // headless Chromium never offers the prompt itself: the event Chrome sends, with the two members we use
  window.__prompted = 0;
  const e = new Event("beforeinstallprompt", {cancelable: true});
  e.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
  e.userChoice = Promise.resolve({outcome: "dismissed", platform: ""});
  window.dispatchEvent(e);
}"""

HIDE_JS = """(hidden) => {
  if (!window.__hideable) {
    window.__hideable = true;
    Object.defineProperty(document, "hidden", {configurable: true, get: () => !!window.__hidden});
    Object.defineProperty(document, "visibilityState", {configurable: true,
                                                        get: () => window.__hidden ? "hidden" : "visible"});
  }
  window.__hidden = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""

COUNT_PERMISSION_ASKS_JS = """() => {
  window.__asked = 0;
  if (window.Notification) Notification.requestPermission = () => { window.__asked += 1; return Promise.resolve("denied"); };
}"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def site_copy(tmp_path):
    """The site in a folder of its own (links to every file but sw.js, a copy we can rewrite: a new version
    deployed on the same host)."""
    root = tmp_path / "site"
    root.mkdir()
    for entry in harness.SITE_ROOT.iterdir():
        if entry.name == "sw.js":
            shutil.copy2(entry, root / "sw.js")
        elif not entry.name.startswith("."):
            (root / entry.name).symlink_to(entry)
    return root


def test_installable_and_a_new_version_waits_for_the_players_reload(new_context, tmp_path, say):
    started = time.perf_counter()
    root = site_copy(tmp_path)
    server = harness.serve(root)  # its own origin: its own service worker and caches
    try:
        base = server.base_url
        page = new_context().new_page()
        open_app(page, base + "/")
        # the manifest and its icons, as a browser fetches them
        resp = page.request.get(base + "/manifest.webmanifest")
        assert resp.ok and resp.headers["content-type"].startswith("application/manifest+json"), resp.headers
        manifest = json.loads(resp.body())
        assert manifest["display"] == "standalone" and manifest["start_url"] == "./" and manifest["scope"] == "./"
        assert page.locator('link[rel="manifest"]').count() == 1
        purposes = set()
        for icon in manifest["icons"]:
            got = page.request.get(base + "/" + icon["src"])
            assert got.ok and got.headers["content-type"] == "image/png" == icon["type"], (icon, got.headers)
            w, h = png_size(got.body())
            assert f"{w}x{h}" == icon["sizes"], (icon, w, h)
            purposes.add((w, icon["purpose"]))
        assert {(192, "any"), (512, "any"), (512, "maskable")} <= purposes, purposes
        assert page.evaluate("crystalclans_sound.on()") is False, "an automated browser must be quiet unless asked"

        # a game in progress against the computer; then the service worker controls the page after a reload
        start_game(page, clans=("stone", "water"), seats=("human", "easy"), first_player=0)
        play_random_clicks(page, random.Random(3), 4, until_game_over=False, log_every=0, stuck_ms=60_000)
        page.wait_for_function("() => crystalclans_shell.turn.mine === true", timeout=60_000)
        before = state_hash(page)
        page.reload()
        wait_ready(page)
        assert page.evaluate(SW_CONTROLS_JS), "the service worker does not control the page after a reload"
        page.click("[data-continue-game]")
        page.wait_for_function("() => crystalclans_shell.turn.mine === true", timeout=60_000)
        assert state_hash(page) == before, "the reload lost the game in progress"
        cdp = page.context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors").get("installabilityErrors", [])
        errors = [e["errorId"] for e in errors if e["errorId"] != "in-incognito"]  # every test profile is one
        assert not errors, f"Chromium says the app is not installable: {errors}"
        parsed = cdp.send("Page.getAppManifest")
        assert not parsed.get("errors"), parsed.get("errors")

        # the install entry: Chrome's prompt where it offers one, the advice on iOS
        install = page.locator("#install-btn")
        assert install.is_hidden(), "Install shown though the browser offered no prompt"
        page.evaluate(FAKE_INSTALL_PROMPT_JS)
        install.wait_for(state="visible")
        screenshot(page, "app_install_entry")
        install.click()
        page.wait_for_function("() => window.__prompted === 1")
        page.wait_for_function("() => document.getElementById('install-btn').hidden")  # the prompt is spent
        page.evaluate("crystalclans_shell.pretend_ios()")
        install.click()
        tip = page.locator("[data-install-tip]")
        assert "Add to Home Screen" in tip.inner_text()
        screenshot(page, "app_install_ios_tip")
        tip.get_by_role("button").click()

        # version B on the host: A keeps running, a banner offers the reload, which goes on with the same game
        old_caches = page.evaluate("caches.keys()")
        sw = root / "sw.js"
        sw.write_text(sw.read_text().replace('const VERSION = "', 'const VERSION = "b-', 1))
        page.evaluate("crystalclans_shell.registration.update()")
        banner = page.locator("[data-update-banner]")
        try:
            banner.wait_for(state="visible", timeout=60_000)
        except Exception:
            fail_with_screenshot(page, "update_banner", "no update banner after version B was deployed")
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") and state_hash(page) == before
        screenshot(page, "app_update_banner")
        with page.expect_navigation(timeout=30_000):
            banner.get_by_role("button").click()
        wait_ready(page)
        new_caches = page.evaluate("caches.keys()")
        assert any(k.startswith("crystalclans-b-") for k in new_caches) and not set(old_caches) & set(new_caches), \
            (old_caches, new_caches)
        page.click("[data-continue-game]")
        page.wait_for_function("() => crystalclans_shell.turn.mine === true", timeout=60_000)
        assert state_hash(page) == before, "the game did not go on under version B"
    finally:
        server.close()
    say(f"manifest, {len(manifest['icons'])} icons, installable (no Chromium installability errors), controlled "
        f"after reload; version B offered and taken with the same game: {time.perf_counter() - started:.1f} s")


def test_your_turn_while_hidden_sounds_and_the_mute_switch(new_context, app_url, say):
    started = time.perf_counter()
    ctx = new_context()
    ctx.add_init_script("try { localStorage.setItem('crystalclans.sound', 'on'); } catch (e) {}")  # sounds asked for
    page = ctx.new_page()
    open_app(page, app_url)
    page.evaluate(COUNT_PERMISSION_ASKS_JS)
    start_game(page, clans=("flower", "meteor"), seats=("human", "easy"), first_player=0)
    page.wait_for_function("() => crystalclans_shell.turn.mine === true", timeout=60_000)
    title = page.title()
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    page.evaluate(HIDE_JS, True)
    rng = random.Random(11)
    for _step in range(40):  # my moves until the computer has moved and the decision is mine again
        play_random_clicks(page, rng, 1, until_game_over=False, log_every=0, stuck_ms=60_000)
        if page.title().startswith("●"):
            break
        if page.evaluate("crystalclans_shell.turn.mine === false"):
            try:
                page.wait_for_function("() => document.title.startsWith('●')", timeout=60_000)
            except Exception:
                fail_with_screenshot(page, "turn_title", f"the title stayed {page.title()!r} while hidden")
            break
    hidden_title = page.title()
    assert hidden_title == f"● Your turn · {title}", hidden_title
    assert page.evaluate("document.querySelector('link[rel=icon]').href") != icon
    screenshot(page, "app_turn_while_hidden")
    page.evaluate(HIDE_JS, False)
    assert page.title() == title and page.evaluate("document.querySelector('link[rel=icon]').href") == icon
    assert page.evaluate("window.__asked") == 0, "notification permission asked before the player wanted it"

    # sounds: started by the moves above; the mute switch silences everything after it
    sounds = page.evaluate("crystalclans_sounds_started")
    assert sounds["n"] > 0 and "turn" in sounds["kinds"], sounds
    page.click("#sound-switch")
    assert page.get_attribute("#sound-switch", "aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('crystalclans.sound')") == "off"
    muted_at = page.evaluate("crystalclans_sounds_started.n")
    play_random_clicks(page, rng, 6, until_game_over=False, log_every=0, stuck_ms=60_000)
    assert page.evaluate("crystalclans_sounds_started.n") == muted_at, "a sound played while muted"

    # settings, in one place: sounds as the switch left them; notifications asked for only on the tick
    page.click("#settings-btn")
    dialog = page.locator("[data-settings-dialog]")
    assert not dialog.locator("input[name=sounds]").is_checked()
    dialog.locator("input[name=notify]").click()
    page.wait_for_function("() => window.__asked === 1")  # asked on the tick; the stand-in browser says no:
    page.wait_for_function("() => !document.querySelector('[data-settings-dialog] input[name=notify]').checked")
    assert "blocks notifications" in dialog.inner_text()
    dialog.locator("input[name=motion]").check()
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
    dialog.locator("select[name=language]").select_option("de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    dialog = page.locator("[data-settings-dialog]")
    assert dialog.locator("h2").inner_text() == "Einstellungen"
    assert not dialog.locator("input[name=notify]").is_checked(), "a refused permission shows as ticked"
    screenshot(page, "app_settings_de")
    dialog.locator("input[name=motion]").uncheck()
    dialog.locator(".close").click()
    say(f"hidden: title {hidden_title!r}, favicon marked, back on show; {sounds['n']} sounds "
        f"({', '.join(sorted(set(sounds['kinds'])))}), none after mute: {time.perf_counter() - started:.1f} s")
