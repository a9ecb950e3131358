"""Wildlands on the table in Chromium (issue 29): chosen on the start screen (board, people, factions), a
2-player hotseat game played by clicking what the table offers (lit spaces, option buttons, pass screens,
the questions asked aloud), the game kept over a reload, a Ruins save imported; a move undone over the other
player's aloud pass; a game finished, its statistics and its replay from the deal; screenshots of both boards at
1440x900 and 390x844: wl_<board>_<what>_<size>.png."""
from __future__ import annotations

import random

from .ui import (assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, play_random_clicks,
                 screenshot, state_hash, wait_hash)

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


def greedy_game(seed: int, stop: str):
    """A greedy v greedy Dungeon game (guild v gnomads, seed `seed`): its save at the first decision of the
    active player with a move among her options after turn 2 (stop="move"), or one move before the end
    (stop="end"), and the move to play there."""
    import wildlands as wl
    from wildlands.ai import make_bot

    g = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=seed)
    bots = [make_bot("greedy", seed=seed + i) for i in range(2)]
    while not g.is_over:
        d = g.decision
        if stop == "move" and g.turn > 2 and d.kind == "play" and d.player == g.active:
            move = next((str(a) for a in d.options if a.kind == "move"), None)
            if move:
                return g.to_json(), move
        g.apply(bots[d.player].choose(g))
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


def test_two_people_play_wildlands_in_the_browser(page, app_url, say):
    open_app(page, app_url + "?seed=5&pace=0")
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
    page.reload()
    page.wait_for_selector("[data-continue-game]")
    # two players: the invitation is open (online Wildlands is for two; with 3-4 the screen says so)
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
    # undo: a move, the other player passes aloud, the mover takes the move back (the pass showed nothing)
    text, move = greedy_game(3, "move")
    import_save(page, text)
    before = state_hash(page)
    assert page.locator('[data-cmd="undo"]').count() == 0
    click_action(page, move)
    page.wait_for_selector("[data-aloud]")
    page.click('[data-aloud] [data-action="pass"]')
    page.wait_for_selector('[data-cmd="undo"]')
    screenshot(page, "wl_dungeon_undo_desktop")
    page.click('[data-cmd="undo"]')
    wait_hash(page, "(h, b) => h === b", before, what="the state before the move undone")
    # the end: the last move of a whole game, the statistics, the replay from the deal
    text, last = greedy_game(4, "end")
    import_save(page, text)
    click_action(page, last)
    page.wait_for_selector("[data-game-over] [data-stats]")
    assert page.locator("[data-stats] tbody tr").count() == 10
    shots(page, "dungeon_game_over")
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
        f"and played {stats2['steps']} clicks, a move undone, a game finished, its statistics and replay")
    assert_no_page_errors(page)
