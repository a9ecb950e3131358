"""Crystal Clans' saves through the UI: corrupted files refused with a message while the current game stays as it
was; a new game or an import asks before replacing an unfinished game; a save of the previous format loads.
(Every game's Export and Import back, and Continue after a reload: test_every_game.py.)"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

from .ui import (
    PwTimeout,
    assert_no_page_errors,
    dismiss_overlays,
    fail_with_screenshot,
    import_and_confirm,
    is_visible,
    open_app,
    play_random_clicks,
    screenshot,
    start_game,
    state_hash,
    wait_hash,
)

MID_GAME_CLICKS = 30
SAVE_NAME = "crystalclans-save.json"
NON_NULL = "(h) => typeof h === 'string' && h.length > 0 && !h.startsWith('error')"


def start_mid_game(page, app_url, seed: int, clicks: int = MID_GAME_CLICKS) -> str:
    """Open the app, start Blood vs Skull, click randomly a while; returns the current state hash."""
    open_app(page, app_url)
    start_game(page, clans=("blood", "skull"), names=("Ada", "Bo"))
    stats = play_random_clicks(page, random.Random(seed), clicks, until_game_over=False, log_every=0)
    assert not stats["game_over"], f"the game ended within {clicks} clicks; pick another seed"
    dismiss_overlays(page)  # a person closes the pass-the-device / battle screen before using the menu
    return wait_hash(page, NON_NULL, what="the game's state hash")


def export_save(page, tmp_path: Path, name: str = SAVE_NAME) -> Path:
    if not is_visible(page, "[data-export]"):
        fail_with_screenshot(page, "no_export", "no visible [data-export] button during a game")
    with page.expect_download() as info:
        page.click("[data-export]")
    download = info.value
    assert download.suggested_filename == SAVE_NAME, download.suggested_filename
    path = tmp_path / name
    download.save_as(str(path))
    return path


def find_log(doc):
    """The save's action log (a list of strings under a "log" key, at any depth), or None."""
    if isinstance(doc, dict):
        if isinstance(doc.get("log"), list) and all(isinstance(x, str) for x in doc["log"]):
            return doc["log"]
        for v in doc.values():
            found = find_log(v)
            if found is not None:
                return found
    elif isinstance(doc, list):
        for v in doc:
            found = find_log(v)
            if found is not None:
                return found
    return None


def import_file(page, path: Path) -> None:
    inp = page.locator("input[type=file][data-import]")
    if inp.count() == 0 and page.locator('[data-cmd="menu"]').count():
        # Not in the contract: the app offers import on the start screen only, reached by Menu > Main menu.
        # (Asked the app to put input[type=file][data-import] beside [data-export] on the game screen.)
        print("[e2e] no [data-import] on the game screen: going to the start screen via [data-cmd=menu]")
        summary = page.locator("details.menu > summary")
        if summary.count() and summary.first.is_visible():
            summary.first.click()
        page.locator('[data-cmd="menu"]').first.click()
        inp.first.wait_for(state="attached", timeout=10_000)
    if inp.count() == 0:
        fail_with_screenshot(page, "no_import", "no input[type=file][data-import] on the page (hook missing)")
    import_and_confirm(page, lambda: inp.first.set_input_files(str(path)))


def error_text(page) -> str:
    return " ".join(t.strip() for t in page.locator("[data-error]").all_inner_texts()).strip()


def corruptions(text: str) -> dict[str, str]:
    doc = json.loads(text)
    tampered = json.loads(text)
    log = find_log(tampered)
    assert log and len(log) >= 2, "the exported save's log is too short to tamper with"
    i = len(log) // 2
    log[i] = "summon nobody.nothing" if not log[i].startswith("summon nobody") else "pass twice"
    not_a_save = {"hello": "world"}
    assert doc != tampered
    return {
        "truncated": text[: len(text) // 2],
        "tampered_log": json.dumps(tampered),
        "not_a_save": json.dumps(not_a_save),
    }


def test_corrupted_saves_are_refused_and_the_game_is_unchanged(page, app_url, tmp_path, say):
    before = start_mid_game(page, app_url, seed=3)
    good = export_save(page, tmp_path)
    for kind, content in corruptions(good.read_text()).items():
        path = tmp_path / f"{kind}.json"
        path.write_text(content)
        # Clear any message left by the previous attempt, so we see this attempt's.
        page.evaluate("() => document.querySelectorAll('[data-error]').forEach(e => { e.textContent = ''; })")
        t = time.perf_counter()
        import_file(page, path)
        try:
            page.wait_for_function(
                "() => [...document.querySelectorAll('[data-error]')]"
                ".some(e => e.checkVisibility() && e.innerText.trim())",
                timeout=30_000)
            refused = True
        except PwTimeout:
            refused = False
        if not refused:
            fail_with_screenshot(page, f"no_error_{kind}",
                                 f"importing a {kind} save showed no [data-error] message within 30 s "
                                 f"(hash now {state_hash(page)!r}, before {before!r})")
        message = error_text(page)
        assert message, kind
        assert state_hash(page) == before, f"the {kind} import changed the current game"
        say(f"{kind} save refused in {time.perf_counter() - t:.1f} s: {message[:120]!r}")
    # The same game is still there and playable after the refusals.
    if is_visible(page, "[data-continue-game]"):  # we went to the start screen to import
        page.click("[data-continue-game]")
    assert wait_hash(page, NON_NULL) == before
    stats = play_random_clicks(page, random.Random(4), 3, until_game_over=False, log_every=0)
    assert stats["steps"] == 3 or stats["game_over"]
    assert state_hash(page) != before
    assert_no_page_errors(page)


def test_a_new_game_or_an_import_asks_before_replacing_an_unfinished_game(page, app_url, tmp_path, say):
    before = start_mid_game(page, app_url, seed=3)
    page.click("details.menu summary")
    page.click('details.menu [data-cmd="menu"]')
    page.click("[data-new-game]")
    page.locator("[data-confirm]").wait_for(state="visible", timeout=10_000)
    screenshot(page, "confirm_replace")
    page.click("[data-confirm-dialog] [data-cmd=close-modal]")  # keep it
    assert page.locator("[data-confirm]").count() == 0
    page.click("[data-continue-game]")
    assert wait_hash(page, "(h, want) => h === want", arg=before) == before
    dismiss_overlays(page)  # the pass-the-device screen of a loaded hotseat game
    # a save of the previous format (no names) still loads, after the same question
    import crystalclans as cc

    old = cc.new_game(("water", "stone"), seed=5)
    old_text = old.to_json()
    assert json.loads(old_text)["format"] == "crystalclans-save/1"
    path = tmp_path / "old.json"
    path.write_text(old_text)
    page.click("details.menu summary")
    page.click('details.menu [data-cmd="menu"]')
    asked = import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").set_input_files(str(path)))
    assert asked, "the import replaced the unfinished game without asking"
    assert wait_hash(page, "(h, want) => h === want", arg=old.state_hash()) == old.state_hash()
    dismiss_overlays(page)
    # that game is new (unfinished) too: starting another asks again; yes starts it
    page.click("details.menu summary")
    page.click('details.menu [data-cmd="menu"]')
    page.click("[data-new-game]")
    page.click("[data-confirm]")
    after = wait_hash(page, "(h, want) => typeof h === 'string' && h !== want", arg=old.state_hash())
    assert after not in (before, old.state_hash())
    say("a new game and an import each asked first; 'Keep my game' kept it; a format-1 save loaded")
    assert_no_page_errors(page)
