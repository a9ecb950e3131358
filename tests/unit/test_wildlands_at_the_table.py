"""A Wildlands game on the real table (py/app/controller.py with a fake DOM): 2 and 4 people at one screen play
whole games through the table's own screen. Every click is something the screen offers and a legal action;
a hand shows only behind a pass screen; the questions asked aloud (interrupt windows, defences) offer the same
two buttons whatever the asked player holds; the autosave holds the game and loads back."""
from __future__ import annotations

import json
import re

import pytest

from app import games
from crystalclans.rng import Rng, seed_state

from .fake_dom import app_html, fake_window, offered
from .test_seats import new_app


FACTIONS = {2: ["guild", "gnomads"], 4: ["guild", "gnomads", "lawbringers", "pit_fighters"]}


@pytest.mark.parametrize("n,board", [(2, "dungeon"), (2, "ruins"), (4, "ruins"), (4, "dungeon")])
def test_people_play_a_whole_game_of_wildlands_at_one_screen(n, board):
    names = ["Ada", "Bo", "Cy", "Di"][:n]
    app = new_app(fake_window("?seed=4&pace=0"))
    app.start_game("wildlands", {"board": board, "factions": FACTIONS[n]}, names, ["human"] * n)
    assert app.game.n == n and games.of(app.game).name == "wildlands" and app.screen == "game"
    rng = Rng(seed_state(11 + n))
    passes = clicks = aloud = hand_overs = picks = 0
    while not app.game.is_over and clicks < 6000:
        html = app_html(app)
        if app.overlay_pending():
            passes += 1
            assert "data-turn-screen" in html and offered(app) == []
            assert "wl-hand" not in html  # the hand stays hidden behind the pass screen
            app.continue_overlay()
            continue
        d = app.game.decision
        legal = [str(a) for a in d.options]
        shown = offered(app)
        if "data-aloud" in html:  # asked aloud: the same two buttons whatever the asked player holds
            aloud += 1
            assert shown == ["pass"] and 'data-cmd="hand-over"' in html and "wl-hand" not in html
            assert app.view["you"] != d.player  # the holder's view: the asked player's options are not in it
            if rng.below(8) == 0:
                hand_overs += 1
                app.hand_over()
                assert app.pending_pass == d.player
                continue
            app.apply("pass")
            clicks += 1
            continue
        assert app.view["you"] == d.player
        assert set(shown) == set(legal), set(shown) ^ set(legal)
        assert html.count("data-space=") == 42
        if "wl-hand" in html:
            assert 'class="wl-cards"' in html
        picks_here = re.findall(r'data-pick="(@\d+|#\w+)"(?! disabled)', html)
        if picks_here and rng.below(4) == 0:  # a lit space of several options (or a card): narrow to it
            pick = picks_here[rng.below(len(picks_here))]
            app.table_pick = (pick, pick.startswith("@"), len(app.game.log))
            app.render()
            picks += 1
            assert set(offered(app)) == set(legal) and "wl-picked" in app_html(app)
        app.apply(shown[rng.below(len(shown))])
        clicks += 1
    assert app.game.is_over and app.finished, clicks
    html = app_html(app)
    assert "data-game-over" in html and "Game over" in html
    assert passes >= 5 and aloud >= 10 and hand_overs >= 1 and picks >= 1
    saved = app.storage.autosave_text()
    assert json.loads(saved)["format"].startswith("wildlands-save/")
    assert games.for_save(json.loads(saved)).Game.from_json(saved).state_hash() == app.game.state_hash()
    assert "Wildlands" in app.summary() and all(name in app.summary() for name in names)
    # the end: the statistics (the engine's, from the story) and the replay from the deal
    stats = app.game.statistics()
    assert "data-stats" in html and "Shards picked up" in html and "data-replay-open" in html
    assert all(f"<td>{stats[p]['attacks']}</td>" in html for p in range(n))
    app.open_replay()
    html = app_html(app)
    assert "data-replay" in html and "wl-board-svg" in html and "replaying" in html
    first = names[app.game.first_player]
    assert f"The deal: turn 1, {first} begins" in html
    assert app.replay.sides == tuple(range(n))  # the game is over: every hand may be shown
    app.replay.go(len(app.replay.frames) - 1)
    app.render()
    assert app.replay.frame.state_hash() == app.game.state_hash() and "End of the game" in app_html(app)


def test_the_start_screen_offers_wildlands_with_people_or_the_computer():
    from app import render

    app = new_app(fake_window("?seed=4&pace=0"))
    app.settings = dict(app.settings, game="wildlands", wl_players=3, wl_board="ruins")
    html = render.start_screen(app)
    assert 'data-game="wildlands"' in html and 'id="wl-board"' in html and 'id="wl-faction-2"' in html
    assert 'id="wl-faction-3"' not in html and "data-wl-no-bots" not in html
    assert 'value="easy"' in html and 'value="hard"' in html  # a computer seat may be chosen
    opts = games.get("wildlands").options_from_settings(app.settings)
    assert opts["board"] == "ruins" and len(opts["factions"]) == 3 and len(set(opts["factions"])) == 3
    # who goes first: the rulebook's lowest shard (W16, "random") or a seat
    assert 'id="first-player"' in html and "By the rules: the lowest shard starts" in html
    assert 'value="2"' in html and opts["first"] == "random"
    assert games.get("wildlands").options_from_settings(dict(app.settings, first="2"))["first"] == 2
    assert games.get("wildlands").options_from_settings(dict(app.settings, first="3"))["first"] == "random"


def play_setup(app) -> None:
    """Every player's secret start spaces, each behind her pass screen, up to turn 1."""
    while app.game.turn == 0:
        if app.overlay_pending():
            app.continue_overlay()
        else:
            app.apply(offered(app)[0])


def test_the_first_player_chosen_starts_and_a_rematch_keeps_the_choice():
    app = new_app(fake_window("?seed=7&pace=0"))
    app.start_game("wildlands", {"board": "ruins", "factions": ["guild", "gnomads", "lawbringers"], "first": 2},
                   ["Ada", "Bo", "Cy"], ["human"] * 3)
    play_setup(app)
    assert app.game.active == app.game.first_player == 2 and app.game.setup["first_player"] == 2
    assert games.get("wildlands").options_of(app.game)["first"] == 2


def test_undo_takes_back_a_move_over_the_questions_asked_aloud_never_past_a_draw():
    """Two people at one screen: after a move the other is asked aloud (interrupt?) and passes; the mover may
    still undo it (the pass showed nothing). A reveal, the start spaces and a turn's draw cannot be undone."""
    app = new_app(fake_window("?seed=8&pace=0"))
    app.start_game("wildlands", {"board": "dungeon", "factions": ["guild", "gnomads"], "first": 0}, ["Ada", "Bo"],
                   ["human", "human"])
    play_setup(app)
    if app.overlay_pending():
        app.continue_overlay()
    assert not app.can_undo()  # the start spaces are secret choices, the opening hands were drawn
    app.apply(next(o for o in offered(app) if o.startswith("reveal ")))
    assert not app.can_undo()  # a figure came off its card: everyone saw where
    before, moves = app.game.state_hash(), len(app.game.log)
    app.apply(next(o for o in offered(app) if o.startswith("move ")))
    assert "data-aloud" in app_html(app) and app.game.decision.player == 1
    app.apply("pass")  # Bo passes aloud: the device stays with Ada
    assert app.game.decision.player == 0 and app.pending_pass is None and app.can_undo()
    assert 'data-cmd="undo"' in app_html(app)
    app.undo()
    assert app.game.state_hash() == before and len(app.game.log) == moves and not app.can_undo()
    app.apply(next(o for o in offered(app) if o.startswith("move ")))
    app.apply("pass")
    app.apply("end")
    app.apply("pass")  # the turn's end: Ada draws 3, Bo's turn behind the pass screen
    assert app.game.active == 1 and not app.can_undo() and app.game.undo_floor == len(app.game.log)


def test_undo_against_the_computer_steps_back_over_its_answers():
    from app.computer import InlineComputer

    from .test_seats import run_computer

    app = new_app(fake_window("?seed=6&pace=0"), computer=InlineComputer())
    app.start_game("wildlands", {"board": "dungeon", "factions": ["guild", "pit_fighters"], "first": 0},
                   ["Ada", "Bot"], ["human", "easy"])
    while app.game.turn == 0:
        if app.game.decision.player == 1:
            run_computer(app)
        else:
            app.apply(offered(app)[0])
    app.apply(next(o for o in offered(app) if o.startswith("reveal ")))
    before, moves = app.game.state_hash(), len(app.game.log)
    app.apply(next(o for o in offered(app) if o.startswith("move ")))
    while app.game.decision.player == 1:
        run_computer(app)  # the computer's answer to the window
    assert len(app.game.log) == moves + 2 and app.can_undo()
    app.undo()
    assert app.game.state_hash() == before


def test_a_wildlands_save_loads_back_on_the_table():
    app = new_app(fake_window("?seed=5&pace=0"))
    app.start_game("wildlands", {"board": "dungeon", "factions": ["lawbringers", "pit_fighters"]}, ["Ann", "Bo"],
                   ["human", "human"])
    rng = Rng(seed_state(3))
    for _ in range(60):
        if app.overlay_pending():
            app.continue_overlay()
            continue
        o = offered(app)
        app.apply(o[rng.below(len(o))])
    text = games.get("wildlands").save_text(app.game, app.names)
    module = games.for_save(json.loads(text))
    assert module.name == "wildlands"
    g = module.Game.from_json(module.check_save_text(text))
    assert g.state_hash() == app.game.state_hash()


def test_the_start_screens_wildlands_lists_are_the_engines():
    import wildlands as wl
    from app.games.wildlands import start as wls

    assert wls.BOARDS == wl.BOARD_IDS and wls.FACTIONS == wl.FACTION_IDS


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_plays_wildlands_at_every_level_through_the_worker_service(level):
    """A person against the computer: its moves come from Wildlands' bots through the worker's service
    (bot_service), every one legal, also its answers out of turn; the person never sees a pass screen."""
    from app.computer import InlineComputer

    from .test_seats import run_computer

    app = new_app(fake_window("?seed=6&pace=0"), computer=InlineComputer())
    app.start_game("wildlands", {"board": "dungeon", "factions": ["guild", "pit_fighters"]}, ["Ada", "Bot"],
                   ["human", level])
    rng = Rng(seed_state(3))
    computer_moves = 0
    while not app.game.is_over and computer_moves < 15:
        g = app.game
        assert app.pending_pass is None
        if g.decision.player == 1:
            before = len(g.log)
            run_computer(app)
            assert len(app.game.log) > before, app.computer_failure
            computer_moves += len(app.game.log) - before
            continue
        legal = [str(a) for a in g.legal_actions()]
        app.apply(legal[rng.below(len(legal))])
    assert computer_moves >= 15 and not app.computer_failure
    # every decision of the computer's is timed (how long it takes is the benchmarks' to say, not a test's)
    assert len(app.think_ms) >= 1 and all(ms >= 0 for ms in app.think_ms), app.think_ms
