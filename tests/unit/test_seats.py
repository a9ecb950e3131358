"""Seats (py/app/seats.py) and the real table (py/app/controller.py) driven under CPython with a fake DOM:
one person against the computer sees only her own side and never a pass screen, the computer's moves go
through the same path as hers, undo steps back over the computer's replies, and saves remember the seats."""
from __future__ import annotations

import json
import re

import pytest

import crystalclans as cc
from app import render
from app.table import table_screen
from app.controller import App
from app.seats import Seat, needs_pass_screen, offers, parse_seats, perspective
from crystalclans.rng import Rng, seed_state

from .fake_dom import FakeDocument, fake_window

H, C = Seat("human"), Seat("easy")


def test_perspective_follows_the_people_at_this_screen():
    # one person here: always her side, whoever decides
    assert [perspective((H, C), d, None, None) for d in (0, 1)] == [0, 0]
    assert [perspective((C, H), d, None, None) for d in (0, 1)] == [1, 1]
    # two people: whoever decides; nobody (a demo): seat 0
    assert [perspective((H, H), d, None, None) for d in (0, 1)] == [0, 1]
    assert perspective((C, C), 1, None, None) == 0
    assert needs_pass_screen((H, H)) and not needs_pass_screen((H, C)) and not needs_pass_screen((C, C))
    assert offers((H, C), 0) and not offers((H, C), 1) and not offers((H, H), None)


def test_unknown_seat_codes_become_people():
    assert parse_seats(["hard", "bogus"]) == (Seat("hard"), H)
    assert parse_seats(None) == (H, H) and parse_seats([1, 2]) == (H, H)
    with pytest.raises(ValueError):
        Seat("grandmaster")


class RandomComputer:
    """A stand-in for the worker: a seeded random legal move (the table's logic, not the bot, is tested)."""

    def __init__(self, seed: int = 1):
        self.rng = Rng(seed_state(seed))
        self.asked: list[int] = []

    def start(self):
        pass

    def status(self):
        return "ready"

    async def choose(self, game, player, level):
        self.asked.append(player)
        opts = game.legal_actions()
        return {"action": str(opts[self.rng.below(len(opts))]), "ms": 0.0}


def new_app(window, computer=None) -> App:
    app = App(FakeDocument(), window, computer=computer or RandomComputer(),
              spawn=lambda coro: coro.close())  # the tests run the computer's moves themselves
    app.pydantic_ready = True  # (under Pyodide the loader would await loadPackage; pydantic is there already)
    return app


def table(seats, seed=3, computer=None) -> App:
    app = new_app(fake_window(f"?seed={seed}&pace=0"), computer)
    app.screen = "game"
    app.start_game("crystalclans", {"clans": ["blood", "skull"], "first": "0", "mulligan": False},
                   ["Ada", "Bot"], seats)
    return app


def offered(app) -> list[str]:
    html = app.document.getElementById("app").innerHTML
    return re.findall(r'data-action="([^"]*)"', html)


def run_sync(coro):
    """Run a coroutine that never waits on anything (pace 0, a stand-in computer) without an event loop:
    the e2e tests' Playwright keeps one running in this thread for the whole session."""
    try:
        while True:
            pending = coro.send(None)
            assert pending is None, f"the coroutine waited on {pending!r}"
    except StopIteration as stop:
        return stop.value


def run_computer(app):
    run_sync(app._computer_moves())


def test_a_person_against_the_computer_sees_only_her_side_and_never_a_pass_screen():
    app = table(["human", "easy"])
    rng = Rng(seed_state(9))
    me_hand_seen = 0
    for _ in range(3000):
        g = app.game
        if g.is_over:
            break
        if app.pending_result:
            app.continue_overlay()
            continue
        assert app.pending_pass is None  # no pass-the-device screens against the computer
        assert app.view["you"] == 0 and "hand" not in app.view["players"][1]
        html = app.document.getElementById("app").innerHTML
        assert "data-turn-screen" not in html
        if g.decision.player == 0:
            assert app.offers_decision()
            opts = offered(app)
            assert opts and set(opts) == {str(a) for a in g.legal_actions()}
            me_hand_seen += 1
            app.apply(opts[rng.below(len(opts))].replace("&quot;", '"'))
        else:
            assert not app.offers_decision() and offered(app) == []
            assert "data-thinking" in html
            assert f'<b>{app.names[1]}</b>, <span class="muted">Computer (easy)</span>, is' in html  # no ((nesting))
            run_computer(app)
    assert app.game.is_over and me_hand_seen > 20
    assert 1 in app.computer.asked and 0 not in app.computer.asked


def test_two_people_share_the_screen_behind_pass_screens():
    app = table(["human", "human"])
    seen_pass = 0
    rng = Rng(seed_state(2))
    for _ in range(400):
        if app.game.is_over:
            break
        if app.overlay_pending():
            seen_pass += app.pending_pass is not None
            assert offered(app) == []
            app.continue_overlay()
            continue
        assert app.view["you"] == app.game.decision.player
        opts = [str(a) for a in app.game.legal_actions()]
        app.apply(opts[rng.below(len(opts))])
    assert seen_pass > 3


def test_a_click_for_the_computers_decision_is_ignored():
    app = table(["easy", "human"], seed=5)
    g = app.game
    assert g.decision.player == 0  # the computer goes first
    before = g.state_hash()
    app.apply(str(g.legal_actions()[0]))
    assert g.state_hash() == before


def test_undo_against_the_computer_steps_back_over_its_replies():
    app = table(["human", "easy"], seed=11)
    g = app.game
    # Ada summons (a quiet move if nothing is drawn); keep going until the computer has replied at least once
    for _ in range(200):
        g = app.game
        if g.decision.player == 1:
            break
        opts = [str(a) for a in g.legal_actions()]
        pick = next((o for o in opts if o.startswith("summon")), None) or next(
            (o for o in opts if o == "done"), opts[0])
        app.apply(pick)
    assert app.game.decision.player == 1
    marks = list(app.undo_marks)
    run_computer(app)
    if not app.undo_marks:
        pytest.skip("this deal's reply revealed something (nothing to undo over)")
    assert app.game.decision.player == 0 and app.can_undo()
    n_before = len(app.game.log)
    app.undo()
    assert len(app.game.log) == marks[-1] < n_before
    assert app.game.decision.player == 0


def test_saves_remember_the_seats():
    app = table(["human", "hard"])
    meta = json.loads(app.storage.ls.getItem("crystalclans.autosave.meta"))
    assert meta["seats"] == ["human", "hard"]
    app2 = new_app(app.window)
    run_sync(app2.continue_game())
    assert [s.code for s in app2.seats] == ["human", "hard"]
    assert app2.game.state_hash() == app.game.state_hash()


def test_a_persons_move_that_hands_the_decision_to_the_computer_sets_it_thinking():
    """Regression: the computer's moves were started only by a new game or a dismissed overlay, so a game in
    which the person moved first stalled at the computer's first decision."""
    spawned = []
    app = App(FakeDocument(), fake_window("?seed=3&pace=0"), computer=RandomComputer(),
              spawn=lambda coro: spawned.append(coro))
    app.screen = "game"
    app.start_game("crystalclans", {"clans": ["blood", "skull"], "first": "0", "mulligan": False},
                   ["Ada", "Bot"], ["human", "easy"])
    assert not spawned
    for _ in range(200):
        if app.game.decision.player == 1:
            break
        opts = [str(a) for a in app.game.legal_actions() if a.kind != "cancel"]
        app.apply("done" if "done" in opts else opts[-1])
    assert app.game.decision.player == 1 and len(spawned) == 1
    run_sync(spawned.pop())
    assert app.game.decision.player == 0


def test_peer_messages_that_arrive_before_pydantic_wait_in_order():
    """Regression: a quick guest's hello arrived before pydantic had loaded; the import failed inside the
    message handler and the handshake hung on both pages."""

    spawned = []
    app = App(FakeDocument(), fake_window(""), computer=RandomComputer(), spawn=spawned.append)
    app.pydantic_ready = False
    seen = []
    app._on_peer_message = seen.append

    async def loaded():
        app.pydantic_ready = True

    app.ensure_pydantic = loaded
    app.on_peer_message("one")
    app.on_peer_message("two")
    assert seen == [] and len(spawned) == 1
    with pytest.raises(StopIteration):  # run the drain (it awaits nothing that suspends; no event loop needed)
        spawned[0].send(None)
    app.on_peer_message("three")
    assert seen == ["one", "two", "three"]


def test_a_peer_message_that_breaks_its_handler_does_not_stall_the_ones_after_it():
    """Regression (a CI run: linked, but no game on the guest): a message whose handling raised ended the
    drain with the rest of the backlog still in it, and every later message joined that backlog for ever."""
    spawned = []
    app = App(FakeDocument(), fake_window(""), computer=RandomComputer(), spawn=spawned.append)
    app.pydantic_ready = False
    seen = []

    def handle(text):
        if text == "two":
            raise RuntimeError("a bug in a handler")
        seen.append(text)

    app._on_peer_message = handle

    async def loaded():
        app.pydantic_ready = True

    app.ensure_pydantic = loaded
    for text in ("one", "two", "three"):
        app.on_peer_message(text)
    assert len(spawned) == 1
    with pytest.raises(StopIteration):
        spawned[0].send(None)
    assert seen == ["one", "three"]
    assert "a bug in a handler" in app.document.getElementById("error").textContent
    app.on_peer_message("four")  # the drain is over: later messages are handled at once, not queued
    app.on_peer_message("two")
    app.on_peer_message("five")
    assert seen == ["one", "three", "four", "five"] and len(spawned) == 1


def test_an_open_dialog_is_left_alone_while_the_computer_plays():
    """Regression: every move redrew #modal, so the rules' search and scroll were lost each time the
    computer moved while a player read them."""
    app = table(["human", "normal"])
    app.modal = ("rules",)
    app.render()
    dialog = app.document.getElementById("modal")
    assert "data-rules-search" in dialog.innerHTML
    dialog.innerHTML += "<!-- what the player typed and where she scrolled -->"
    moves = len(app.game.log)
    while app.game.decision is not None and app.game.decision.player == 0:
        app.apply(offered(app)[0])  # her moves, then the computer's turn
    run_computer(app)
    assert len(app.game.log) > moves
    assert dialog.innerHTML.endswith("<!-- what the player typed and where she scrolled -->")
    app.modal = None
    app.render()
    assert dialog.innerHTML == ""


def test_an_error_of_the_last_game_is_gone_when_a_new_one_starts():
    """Regression (issue: an error banner survived into the next game): a new game, a loaded save and a
    rematch all install a game, and installing one clears the banner."""
    app = table(("human", "human"))
    app.show_error("Something went wrong in the old game")
    banner = app.document.getElementById("error")
    assert banner.hidden is False
    app.start_game("crystalclans", {"clans": ["water", "stone"], "first": "1", "mulligan": False},
                   ["Ada", "Bo"], ("human", "human"))
    assert banner.hidden is True
    app.show_error("again")
    app.open_loaded(cc.Game.from_json(app.game.to_json()), {})
    assert banner.hidden is True


def test_a_question_about_the_game_opens_over_the_pass_screen():
    """Regression (issue: importing a save while the pass-the-device screen was up seemed to do nothing; the
    question whether to replace the unfinished game showed only after the hand-over)."""
    app = table(["human", "human"])
    rng = Rng(seed_state(4))
    while app.pending_pass is None:
        if app.overlay_pending():
            app.continue_overlay()
            continue
        opts = [str(a) for a in app.game.legal_actions()]
        app.apply(opts[rng.below(len(opts))])
    asked = []
    app.ask_before_replacing("import", lambda: asked.append(True))
    assert "data-confirm-dialog" in app.document.getElementById("modal").innerHTML
    assert app.pending_pass is not None and not asked
    app.confirm()
    assert asked == [True]


def test_the_guided_game_hands_over_to_a_real_game_against_the_computer():
    """Regression (issue: the guided game ended on a frozen table)."""
    app = new_app(fake_window("?seed=2&pace=0"))
    app.start_tutorial()
    assert app.tutorial is not None
    app.after_tutorial()
    assert app.tutorial is None and app.game is not None and not app.game.is_over and not app.game.log
    assert [s.code for s in app.seats] == ["human", "easy"]
    assert app.game.setup["clans"] == ["flower", "stone"]


def test_two_people_hand_the_device_over_only_for_a_choice_that_shows_a_hand():
    """Issue 24: a hotseat battle asked for more hand-overs than privacy needs. A pass screen now comes only
    before a decision that shows its player something private (a secret pick, a private choice, options
    naming cards in her hand); anything else is decided on a table that shows no hand. Counted over games."""
    from app.controller import needs_own_hand

    passes = switches = unasked = public = 0
    for seed in (2, 5, 9):
        app = table(["human", "human"], seed=seed)
        rng = Rng(seed_state(seed))
        last = None
        passed = False
        for _ in range(500):
            if app.game.is_over:
                break
            if app.overlay_pending():
                if app.pending_pass is not None:
                    passes += 1
                    passed = True
                    assert needs_own_hand(app.game, app.game.decision)  # a hand-over only where it is needed
                app.continue_overlay()
                continue
            d = app.game.decision
            if last is not None and d.player != last:
                switches += 1
                unasked += not passed  # the other player decides on the open table: no hand-over
            last, passed = d.player, False
            if app.public_screen:
                public += 1
                assert not needs_own_hand(app.game, d)
                assert "hidden-hand" in table_screen(app)  # no hand on the table
            opts = [str(a) for a in app.game.legal_actions()]
            app.apply(opts[rng.below(len(opts))])
    assert public > 0 and unasked > 0, (passes, switches, unasked, public)
    print(f"hotseat: {passes} hand-overs; {switches} changes of who decides, {unasked} of them without one "
          f"({public} public choices)")
