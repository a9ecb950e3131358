"""Wildlands on the table in Chromium (issue 29): chosen on the start screen (board, people, factions), a
2-player hotseat game played by clicking what the table offers (lit spaces, option buttons, pass screens,
the questions asked aloud), the game kept over a reload, a Ruins save imported; a game finished, its statistics
and its replay from the deal (a move undone over the other player's aloud pass: test_every_game.py's undo test);
screenshots of both boards at 1440x900 and 390x844: wl_<board>_<what>_<size>.png."""
from __future__ import annotations

import pytest

import random

from ..conftest import LONG
from .ui import (JS_LIB, SOUNDS_ON_JS, assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app,
                 play_random_clicks, screenshot, state_hash, wait_hash, wait_ready)

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}


def shots(page, name: str) -> None:
    for size, (w, hgt) in SIZES.items():
        page.set_viewport_size({"width": w, "height": hgt})
        page.wait_for_timeout(100)
        screenshot(page, f"wl_{name}_{size}")
    page.set_viewport_size({"width": 1440, "height": 900})


def start_wildlands(page, board: str = "dungeon", factions=("guild", "gnomads")) -> str:
    page.click('button[data-game="wildlands"]')
    page.wait_for_selector("#wl-board")
    assert page.locator('#seat-1 option[value="hard"]').count() == 1  # the computer may take a seat
    page.select_option("#wl-board", board)
    page.select_option("#wl-players", str(len(factions)))
    for i, f in enumerate(factions):
        page.select_option(f"#wl-faction-{i}", f)
    # who goes first: the rulebook's lowest shard (W16) or a seat
    assert page.locator('#first-player option[value="random"]').inner_text() == "By the rules: the lowest shard starts"
    page.select_option("#first-player", "random")
    screenshot(page, "wl_start_screen_desktop")
    page.click("[data-new-game]")
    if page.locator("[data-confirm]").count():
        page.click("[data-confirm]")
    return wait_hash(page, "(h) => typeof h === 'string' && h.length > 0", what="a Wildlands game to start")


def ruins_save() -> str:
    import wildlands as wl
    from crystalclans.rng import Rng

    g = wl.new_game(board="ruins", factions=("lawbringers", "pit_fighters"), seed=8)
    r = Rng(8)
    while len(g.log) < 160 and not g.is_over:
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
    return g.to_json()


def greedy_game(seed: int):
    """A greedy v greedy Dungeon game (guild v gnomads, seed `seed`): its save one move before the end, and the
    move to play there."""
    import wildlands as wl
    from wildlands.ai import make_bot

    g = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=seed)
    bots = [make_bot("greedy", seed=seed + i) for i in range(2)]
    while not g.is_over:
        g.apply(bots[g.decision.player].choose(g))
    before = g.at(len(g.log) - 1)
    return before.to_json(), g.log[-1]


def import_save(page, text: str) -> None:
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        files=[{"name": "wl.json", "mimeType": "application/json", "buffer": text.encode()}]))
    page.wait_for_selector(".wl-board-svg")
    dismiss_overlays(page)


def click_action(page, action: str) -> None:
    """Click the option `action` where the table shows it (opening its group if it is folded)."""
    button = page.locator(f'[data-action="{action}"]').first
    if not button.is_visible():
        page.locator(f'details.wl-group:has([data-action="{action}"]) > summary').first.click()
    button.click()


# what the table asks of a person now: the game's end, a pass screen, a question asked aloud, a choice
NEXT_JS = JS_LIB + r"""() => {
  if (e2eGameOver()) return "over";
  const seen = sel => [...document.querySelectorAll(sel)].some(el => e2eVisible(el, false));
  if (seen("[data-continue]")) return "continue";
  if (seen("[data-aloud]")) return "aloud";
  if (seen(".wl-actions [data-action], .wl-actions details")) return "choose";
  return null;
}"""


def greedy_clicks(page, max_clicks: int, seed: int = 1) -> tuple[int, bool]:
    """Play by clicks what each seat's greedy bot would choose, read from the page's autosave (the game on
    the table), through the pass screens and the questions asked aloud (pass in one click, or take the
    device to play a card), until the game is over or max_clicks. The computer's seats move by themselves.
    Returns (clicks, game over)."""
    import json

    import wildlands as wl
    from wildlands.ai import make_bot

    bots = [make_bot("greedy", seed=seed + i) for i in range(4)]
    clicks = 0
    while clicks < max_clicks:
        what = page.wait_for_function(NEXT_JS, timeout=30_000).json_value()
        if what == "over":
            return clicks, True
        if what == "continue":
            page.locator("[data-continue]").first.click()
            page.wait_for_function(JS_LIB + "() => ![...document.querySelectorAll('[data-continue]')]"
                                   ".some(el => e2eVisible(el, false))", timeout=10_000)
            clicks += 1
            continue
        g = wl.Game.from_json(json.loads(page.evaluate("() => localStorage.getItem('crystalclans.autosave')")))
        want = str(bots[g.decision.player].choose(g))
        before = state_hash(page)
        if what == "aloud" and want != "pass":  # the asked player takes the device to play her card
            page.click('[data-cmd="hand-over"]')
            page.click("[data-continue]")
            clicks += 2
            page.wait_for_selector(".wl-actions:not(.wl-aloud)")
        if what == "aloud" and want == "pass":
            page.click('[data-aloud] [data-action="pass"]')
        else:
            click_action(page, want)
        clicks += 1
        wait_hash(page, "(h, b) => h !== b", before, what=f"the table to take {want!r}")
    return clicks, False


def test_two_people_play_wildlands_in_the_browser(page, app_url, say):
    open_app(page, app_url + "?seed=5&pace=0")
    page.evaluate(SOUNDS_ON_JS)  # asked for: the sounds of the game's events are counted at its end
    start_wildlands(page)
    page.wait_for_selector(".wl-board-svg")
    assert page.locator(".wl-board-svg [data-space]").count() == 42
    assert page.locator("h1.title").inner_text() == "Wildlands" and page.title() == "Wildlands"
    if page.locator("[data-continue]").count():
        page.click("[data-continue]")
    page.wait_for_selector(".wl-board-svg .wl-lit")  # the secret start spaces, lit for the first player
    shots(page, "dungeon_start")
    stats = play_random_clicks(page, random.Random(5), 160, until_game_over=False, log_every=80)
    assert stats["steps"] == 160
    # the questions asked aloud: "Pass" is one click, the asked player may take the device instead
    for _ in range(200):
        if page.locator("[data-aloud]").count():
            break
        play_random_clicks(page, random.Random(len(str(_))), 1, until_game_over=False, log_every=0)
    assert page.locator("[data-aloud]").count() == 1
    assert page.locator('[data-aloud] [data-action]').count() == 1  # only pass: nothing tells what she holds
    assert page.locator(".wl-hand").count() == 0
    screenshot(page, "wl_dungeon_asked_aloud_desktop")
    page.click('[data-cmd="hand-over"]')
    page.wait_for_selector("[data-turn-screen]")
    page.click("[data-continue]")
    page.wait_for_selector(".wl-hand")
    play_random_clicks(page, random.Random(8), 60, until_game_over=False, log_every=0)
    if page.locator("[data-continue]").count():
        page.click("[data-continue]")
    shots(page, "dungeon_midgame")
    # the game is kept: after a reload the start screen offers it again (Continue), behind the pass screen
    before = state_hash(page)
    kinds = page.evaluate("crystalclans_sounds_started.kinds")  # counted again from the reload on
    page.reload()
    page.wait_for_selector("[data-continue-game]")
    # the invitation is open (online Wildlands is for two to four, a page each)
    assert page.locator("[data-p2p-host][disabled]").count() == 0 and page.locator("[data-online-modes]").count() == 0
    page.click("[data-continue-game]")
    page.wait_for_selector(".wl-board-svg")
    assert state_hash(page) == before
    # a Ruins save imported (asking before it replaces the unfinished game)
    page.locator("input[type=file][data-import]").first.set_input_files(
        files=[{"name": "wl.json", "mimeType": "application/json", "buffer": ruins_save().encode()}])
    page.wait_for_selector("[data-confirm]")
    page.click("[data-confirm]")
    page.wait_for_selector(".wl-ruins .wl-board-svg")
    if page.locator("[data-continue]").count():
        page.click("[data-continue]")
    page.wait_for_selector(".wl-gate")
    shots(page, "ruins_midgame")
    stats2 = play_random_clicks(page, random.Random(6), 80, until_game_over=False, log_every=0)
    # the end: the last move of a whole game, the statistics, the replay from the deal
    text, last = greedy_game(4)
    import_save(page, text)
    click_action(page, last)
    page.wait_for_selector("[data-game-over] [data-stats]")
    assert page.locator("[data-stats] tbody tr").count() == 10
    shots(page, "dungeon_game_over")
    page.wait_for_function("() => crystalclans_sounds_started.kinds.includes('won')")  # after the last point's
    kinds += page.evaluate("crystalclans_sounds_started.kinds")  # the same named sounds as Crystal Clans' table
    assert {"battle", "turn"} <= set(kinds) and kinds[-2:] == ["score", "won"], kinds  # the last shard, the end
    heard = ", ".join(f"{k} {kinds.count(k)}" for k in sorted(set(kinds)))
    page.click("[data-replay-open]")
    page.wait_for_selector("[data-replay]")
    assert page.locator(".replaying .wl-board-svg [data-space]").count() == 42
    assert page.locator("[data-replay]").get_attribute("data-replay-step") == "0"
    page.click("[data-replay-next]")
    page.wait_for_selector('[data-replay][data-replay-step="1"]')
    shots(page, "dungeon_replay")
    page.click('[data-cmd="replay-close"]')
    page.wait_for_selector("[data-game-over]")
    say(f"Wildlands: {stats['steps']} + 60 clicks of a new Dungeon game, reload kept it, a Ruins save imported "
        f"and played {stats2['steps']} clicks, a game finished, its statistics and replay; "
        f"sounds: {heard}")
    assert_no_page_errors(page)


def near_the_end(players: int, before_end: int, seed: int) -> str:
    """A save of a greedy v greedy game (two players on the Dungeon, four on the Ruins) `before_end` moves
    before its end: the tests' shortcut to the last part of a whole game (its first part costs ~0.2 s a click
    here: a two-player game from the deal is ~200 clicks, a four-player one ~600)."""
    import wildlands as wl
    from wildlands.ai import make_bot

    board, factions = ("dungeon", ("guild", "gnomads")) if players == 2 else ("ruins", (
        "guild", "gnomads", "lawbringers", "pit_fighters"))
    g = wl.new_game(board=board, factions=factions, seed=seed)
    bots = [make_bot("greedy", seed=seed + i) for i in range(players)]
    while not g.is_over:
        g.apply(bots[g.decision.player].choose(g))
    return g.at(len(g.log) - before_end).to_json()


def finished(page, shot: str) -> str:
    page.wait_for_selector("[data-game-over] [data-stats]")
    assert page.locator("[data-stats] tbody tr").count() == 10
    screenshot(page, shot)
    return page.locator("[data-game-over] h2").inner_text()


@pytest.mark.skipif(not LONG, reason="long mode only (CRYSTALCLANS_LONG=1): the suite's time; test_two_people_play_wildlands_in_the_browser plays one to the end")
def test_games_end_in_the_browser_hotseat_2_and_4_and_against_the_computer(page, app_url, say):
    """The last part of three whole games, played by greedy-driven clicks from a save (near_the_end): two
    people at one screen, four people at one screen (pass screens, every question asked aloud), a person
    against the easy computer (a save in the autosave with its seats, continued from the start screen)."""
    import json
    import time

    open_app(page, app_url + "?pace=0")
    said = []
    for players, before_end, seed in ((2, 60, 11), (4, 100, 12)):
        t = time.perf_counter()
        import_save(page, near_the_end(players, before_end, seed))
        assert page.locator(".wl-seat").count() == players
        n, over = greedy_clicks(page, 600, seed=seed)
        assert over, f"{players} players: no end after {n} clicks"
        won = finished(page, f"wl_game_over_hotseat_{players}_desktop")
        said.append(f"hotseat {players}: {n} clicks to the end ({won!r}) in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    text = near_the_end(2, 60, 13)
    meta = {"names": ["Ada", "Computer"], "seats": ["human", "easy"], "summary": "Wildlands", "saved_at": 0,
            "over": False}
    page.evaluate("([t, m]) => { localStorage.setItem('crystalclans.autosave', t); "
                  "localStorage.setItem('crystalclans.autosave.meta', m); }", [text, json.dumps(meta)])
    page.reload()
    wait_ready(page)
    page.click("[data-continue-game]")
    page.wait_for_selector(".wl-board-svg")
    n, over = greedy_clicks(page, 600, seed=13)
    assert over, f"against the computer: no end after {n} clicks"
    won = finished(page, "wl_game_over_computer_desktop")
    seats = json.loads(page.evaluate("() => localStorage.getItem('crystalclans.autosave.meta')"))["seats"]
    assert seats == ["human", "easy"], seats
    said.append(f"against the easy computer: {n} clicks to the end ({won!r}) in {time.perf_counter() - t:.1f} s")
    say("Wildlands games to their end from a save: " + "; ".join(said))
    assert_no_page_errors(page)
