"""Storage the page does not control (py/app/storage.py) under CPython with a fake DOM: site data blocked,
a full quota, and damaged entries never stop the table; the reason saving is off stays on screen."""
from __future__ import annotations

import json
from types import SimpleNamespace

from app import render
from app.controller import App
from app.storage import BLOCKED, FULL, SLOTS, Storage

from .fake_dom import FakeDocument, FakeStorage, fake_window


class BlockedWindow(SimpleNamespace):
    """Chromium with site data blocked: reading window.localStorage throws SecurityError."""

    @property
    def localStorage(self):
        raise RuntimeError("SecurityError: Failed to read the 'localStorage' property from 'Window'")


class FullStorage(FakeStorage):
    def setItem(self, k, v):
        raise RuntimeError("QuotaExceededError")


def new_app(window) -> App:
    app = App(FakeDocument(), window, spawn=lambda coro: coro.close())
    app.pydantic_ready = True
    return app


def html(app) -> str:
    app.render()
    return app.document.getElementById("app").innerHTML


def play_a_little(app) -> None:
    app.screen = "game"
    app.start_game("crystalclans", {"clans": ["blood", "skull"], "first": "0", "mulligan": False},
                   ["Ada", "Bo"], ["human", "human"])
    for _ in range(20):
        if len(app.game.log) >= 3:
            break
        if app.overlay_pending():
            app.continue_overlay()
        else:
            app.apply(str(app.game.legal_actions()[0]))


def test_with_site_data_blocked_the_game_starts_plays_and_says_saving_is_off():
    app = new_app(BlockedWindow(location=SimpleNamespace(search="?seed=1&pace=0")))
    assert app.storage.problem == BLOCKED and 'data-storage-problem="blocked"' in html(app)
    play_a_little(app)
    assert len(app.game.log) >= 3
    assert 'data-storage-problem="blocked"' in html(app)
    assert app.document.getElementById("error").textContent == BLOCKED


def test_a_full_storage_is_shown_after_a_new_game_and_after_loading_a_save():
    w = fake_window("?seed=2&pace=0")
    w.localStorage = FullStorage()
    app = new_app(w)
    assert app.storage.problem == ""
    play_a_little(app)
    assert app.storage.problem == FULL and 'data-storage-problem="full"' in html(app)
    text = app.game.to_json()
    app2 = new_app(w)
    from .test_seats import run_sync

    assert run_sync(app2.load_text(text, None, "save file"))
    assert 'data-storage-problem="full"' in html(app2)  # the first failed autosave (at install) is not lost


def test_a_damaged_slot_is_skipped_reported_and_removable():
    w = fake_window("?seed=3&pace=0")
    app = new_app(w)
    play_a_little(app)
    app.save_slot("good")
    slots = json.loads(w.localStorage.getItem(SLOTS))
    slots["yesterday's"] = dict(slots["good"], saved_at="yesterday")
    slots["junk"] = [1, 2]
    w.localStorage.setItem(SLOTS, json.dumps(slots))
    w.localStorage.setItem("crystalclans.autosave.meta", '{"summary": {"x": 1}, "names": 7}')
    app2 = new_app(w)
    page = html(app2)
    assert [n for n, _ in app2.storage.slots()] == ["good"]
    assert 'data-damaged-slots="2"' in page and "yesterday" in page and 'data-slot="good"' in page
    assert app2.storage.drop_damaged() == 2
    assert 'data-damaged-slots' not in html(app2) and set(json.loads(w.localStorage.getItem(SLOTS))) == {"good"}


def test_unparsable_storage_reads_as_empty():
    ls = FakeStorage()
    ls.setItem(SLOTS, "[" * 100_000)
    ls.setItem("crystalclans.autosave", "x")
    ls.setItem("crystalclans.autosave.meta", "{not json")
    s = Storage(ls)
    assert s.slots() == [] and s.autosave_meta() == {}


def test_the_start_screen_keeps_the_last_choices_and_checks_them():
    """Regression (issue: the start screen forgot a seat was 'hard computer', and Start then began a hotseat
    game): the choices are kept in this browser, a new page shows them again, and damaged ones fall back."""
    from app.settings import clean_settings, default_settings

    window = fake_window("?seed=1&pace=0")
    app = new_app(window)
    assert app.settings == default_settings()
    chosen = {"names": ["Kim", "Lee"], "clans": ["stone", "water"], "first": "1", "mulligan": True,
              "seats": ["human", "hard"]}
    app.storage.set_new_game_settings(chosen)
    again = new_app(window)  # the next visit
    assert again.settings == {**default_settings(), **chosen}  # fields an older page never kept: defaults
    assert 'value="hard" selected' in render.start_screen(again)
    for damaged in ({"seats": ["human", "remote"]}, {"clans": ["nope", "water"]}, {"names": [1, 2]}, [1],
                    {"first": "9", "mulligan": "yes"}):  # (seats 0-3 may go first: 3-4 play Tash-Kalar)
        assert clean_settings(damaged) == default_settings()


def test_continue_on_an_online_game_puts_going_on_with_it_first():
    """Regression (issue: after a reload the guest's 'Continue game' seemed to do nothing: it led back to the
    start screen, where the offer to re-link sat below the fold under a 'Continue' that led there again)."""
    import crystalclans as cc

    window = fake_window("?seed=1&pace=0")
    app = new_app(window)
    g = cc.new_game(("blood", "skull"), seed=4)
    g.apply(g.legal_actions()[0])
    app.storage.autosave(g.to_json(names=["Ada", "Bo"]), {"names": ["Ada", "Bo"], "seats": ["remote", "human"],
                                                          "online": {"seat": 1}, "summary": "Ada v Bo"})
    coro = app.continue_game()  # stepped by hand: another test may leave an event loop running
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass
    html = render.start_screen(app)
    assert app.resume_offer is not None and "data-resume-offer" in html
    side = html[html.index('<div class="side-col">'):]
    assert side.index("data-resume-offer") < side.index('data-cmd="tutorial"')
    assert "data-continue-game" not in html  # no button that leads back here


def test_a_guest_joining_sees_the_invitation_and_her_name_not_the_hosts_form():
    """Issue 24: online, the guest saw the whole new-game form with default names and clans, none of which
    the game would use (the host chooses clans and who goes first)."""
    app = new_app(fake_window("?seed=1&pace=0"))
    app.link_begin("guest", {"names": ["Ada", "Kim"], "clans": ["blood", "skull"], "first": "random",
                             "mulligan": False, "seats": ["human", "human"]}, lambda text: None)
    html = render.start_screen(app)
    assert "data-new-game" not in html and 'id="clan-0"' not in html
    assert html.count('id="name-1"') == 1 and 'value="Kim"' in html


def test_a_game_of_three_or_four_keeps_its_names_and_seats_in_slots_and_the_autosave():
    """Regression: a slot of a Tash-Kalar Melee (three names and seats) was listed as damaged, and the
    autosave of one lost its names, since stored names and seats had to be two."""
    app = new_app(fake_window("?seed=1&pace=0"))
    names, seats = ["Ada", "Bo", "Cy"], ["human", "easy", "human"]
    app.start_game("tashkalar", {"mode": "melee", "decks": ["northern", "highland", "sylvan"], "first": 0}, names,
                   seats)
    app.save_slot("melee")
    assert [n for n, _ in app.storage.slots()] == ["melee"] and not app.storage.damaged
    assert app.storage.slot("melee")["names"] == names and app.storage.autosave_meta()["names"] == names
    assert app.storage.autosave_meta()["seats"] == seats
    # an online game of three: this page's seat and its key to come back are kept too
    meta = {"names": names, "seats": ["remote", "remote", "human"], "online": {"seat": 2, "room": "r" * 22,
                                                                             "key": "ab" * 16}}
    app.storage.autosave(app.storage.autosave_text(), meta)
    assert app.storage.autosave_meta()["online"] == meta["online"]
