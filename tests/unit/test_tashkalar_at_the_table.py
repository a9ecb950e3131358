"""A Tash-Kalar game on the real table (py/app/controller.py with a fake DOM): people at one screen play a
whole game in every mode (Duel, High Form, Melee of 3 and 4, Team) through the table's own screen, behind pass screens wherever a hand shows;
every click the screen offers is a legal action and nothing else; the autosave holds the game."""
from __future__ import annotations

import json

import pytest

from app import games
from crystalclans.rng import Rng, seed_state

from .test_seats import new_app
from .fake_dom import fake_window, offered


GAMES = {
    "duel": {"mode": "duel", "decks": ["northern", "sylvan"]},
    "high_form": {"mode": "high_form", "decks": ["northern", "sylvan"]},
    "melee3": {"mode": "melee", "decks": ["southern", "highland", "sylvan"]},
    "melee4": {"mode": "melee", "decks": ["northern", "southern", "highland", "sylvan"]},
    "team": {"mode": "team", "decks": ["northern", "southern", "highland", "sylvan"], "form": "duel"},
}


@pytest.mark.parametrize("which", list(GAMES))
def test_people_play_a_whole_game_of_tashkalar_at_one_screen(which):
    options = dict(GAMES[which], first="0")
    n = len(options["decks"])
    names = ["Ada", "Bo", "Cy", "Di"][:n]
    app = new_app(fake_window("?seed=4&pace=0"))
    app.start_game("tashkalar", options, names, ["human"] * n)
    assert app.game.n == n and len(app.seats) == n
    assert games.of(app.game).name == "tashkalar" and app.screen == "game"
    rng = Rng(seed_state(7))
    passes = moves = 0
    while not app.game.is_over and moves < 3000:
        html = app.document.getElementById("app").innerHTML
        if app.overlay_pending():
            passes += 1
            assert "data-turn-screen" in html and offered(app) == []
            assert 'class="tk-hand"' not in html  # the hand stays hidden behind the pass screen
            app.continue_overlay()
            continue
        d = app.game.decision
        assert app.view["you"] == d.player
        assert html.count('data-square="') == 69
        legal = [str(a) for a in d.options]
        shown = offered(app)
        assert set(shown) == set(legal), (set(shown) ^ set(legal))
        app.apply(shown[rng.below(len(shown))])
        moves += 1
    assert app.game.is_over and app.finished
    html = app.document.getElementById("app").innerHTML
    assert "data-game-over" in html and "Game over" in html
    assert passes >= 5
    saved = app.storage.autosave_text()
    assert json.loads(saved)["format"].startswith("tashkalar-save/")
    assert games.for_save(json.loads(saved)).Game.from_json(saved).state_hash() == app.game.state_hash()
    assert "Tash-Kalar" in app.summary() and all(name in app.summary() for name in names)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_plays_tashkalar_at_every_level_through_the_worker_service(level):
    """A person against the computer: the computer's moves come from Tash-Kalar's bots through the same
    service the page's worker runs (bot_service), each one legal, and the person never sees a pass screen."""
    from app.computer import InlineComputer

    from .test_seats import run_computer

    app = new_app(fake_window("?seed=6&pace=0"), computer=InlineComputer())
    app.start_game("tashkalar", {"mode": "duel", "decks": ["sylvan", "etherweave"], "first": "0"}, ["Ada", "Bot"],
                   ["human", level])
    rng = Rng(seed_state(3))
    computer_moves = 0
    while not app.game.is_over and computer_moves < 12:
        g = app.game
        assert app.pending_pass is None
        if g.decision.player == 1:
            before = len(g.log)
            run_computer(app)
            assert len(app.game.log) > before, app.computer_failure
            computer_moves += len(app.game.log) - before
            continue
        assert app.view["you"] == 0
        legal = [str(a) for a in g.legal_actions()]
        app.apply(legal[rng.below(len(legal))])
    assert computer_moves >= 12 and not app.computer_failure
    # every decision of the computer's is timed (how long it takes is the benchmarks' to say, not a test's)
    assert len(app.think_ms) >= 1 and all(ms >= 0 for ms in app.think_ms), app.think_ms


def test_undo_steps_back_over_the_computers_reply_but_never_past_a_draw():
    """Against the computer, Undo takes back the person's own moves within what no draw has shown since: a
    new card in hand (the refill at a turn's end) or a task turned up cannot be taken back."""
    from app.computer import InlineComputer

    from .test_seats import run_computer

    app = new_app(fake_window("?seed=6&pace=0"), computer=InlineComputer())
    app.start_game("tashkalar", {"mode": "high_form", "decks": ["sylvan", "highland"], "first": "0"},
                   ["Ada", "Bot"], ["human", "easy"])
    assert not app.can_undo()

    def place() -> None:
        legal = [str(a) for a in app.game.legal_actions()]
        app.apply(next(a for a in legal if a.startswith("place ")))

    place()  # the first turn's one action
    while app.game.decision.player == 1:
        run_computer(app)
    before, moves = app.game.state_hash(), len(app.game.log)
    place()
    assert app.can_undo()
    assert 'data-cmd="undo"' in app.document.getElementById("topnav").innerHTML + \
        app.document.getElementById("app").innerHTML
    app.undo()
    assert app.game.state_hash() == before and len(app.game.log) == moves
    # play on (summoning when she can) until a turn's end has drawn cards: no undo reaches back past it
    rng = Rng(seed_state(2))
    while app.game.undo_floor == 0 and not app.game.is_over:
        if app.game.decision.player == 1:
            run_computer(app)
            continue
        legal = [str(a) for a in app.game.legal_actions()]
        app.apply(next((a for a in legal if a.startswith(("summon ", "at "))), legal[rng.below(len(legal))]))
    floor = app.game.undo_floor
    assert floor > 0
    undone = 0
    while app.can_undo():
        app.undo()
        undone += 1
    assert len(app.game.log) >= floor, (len(app.game.log), floor, undone)


def test_a_seats_score_reads_in_the_right_number():
    """'1 point', not '1 points' (seen on a Team game's game-over screen)."""
    import tashkalar as tk
    from app.games.tashkalar.table import seats_panel

    view = tk.new_game(mode="duel", decks=("northern", "highland"), seed=1).view(0)
    for score, words in ((1, "1 point<"), (2, "2 points<"), (0, "0 points<")):
        html = seats_panel(dict(view, scores=[score, score]), ["Ada", "Bo"])
        assert words in html.replace("</span>", "<"), (score, html[:400])
