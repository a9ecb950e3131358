"""A reload or a lost link of an online game played over relays re-links by itself (issue 50: an online
Wildlands guest who reloaded her page landed on the start screen with Crystal Clans chosen, and the host's
page said "link lost"). The reloaded page goes back to its game's table, saying it re-links, and nothing is
offered there until the link is back; the page of seat 0 invites again in the game's room by itself (main.py's
`invite_again`), every other page waits in the room (web/js/p2p.js `watch`); a page whose link drops does the
same at its table. Without relays (a game linked by hand, `?relay=none`) the start screen offers the codes,
as before. The pages themselves re-linking through a real relay: tests/e2e/test_p2p_reload.py."""
from __future__ import annotations

from app import games, render
from app.controller import App
from app.link import Link, relays_here
from app.net.session import Session

from .fake_dom import FakeDocument, fake_window
from .test_p2p_session import linked_game

ROOM = "r" * 22
RELAY = "?relay=mqtt%2Bws%3A%2F%2F127.0.0.1%3A1883%2F&answer=0"
WL = {"game": "wildlands", "wl_board": "dungeon", "wl_players": 2, "first": "random",
      "wl_factions": ["guild", "gnomads", "lawbringers", "pit_fighters"], "names": ["Ada", "Bo"]}


class P2P:
    def __init__(self):
        self.watching = None
        self.closed = 0

    def canScan(self):
        return False

    def watch(self, room, knock):
        self.watching = (room, knock)

    def close(self):
        self.closed += 1

    def setTag(self, tag):
        pass


def page(query: str = RELAY) -> App:
    window = fake_window(query)
    window.crystalclans_p2p = P2P()
    app = App(FakeDocument(), window, spawn=lambda coro: coro.close())
    app.pydantic_ready = True
    app.invited = []
    app.invite_again = lambda: app.invited.append(app.resume_offer.seat)
    return app


def run(coro):
    """Step a coroutine by hand (another test may leave an event loop running)."""
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


def wildlands_saved(app: App, seat: int, room: str = ROOM, moves: int = 6):
    module = games.get("wildlands")
    g = module.new_game(module.options_from_settings(WL), 11)
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    app.storage.autosave(module.save_text(g, ["Ada", "Bo"]), {
        "names": ["Ada", "Bo"], "seats": ["human", "remote"] if seat == 0 else ["remote", "human"],
        "summary": "Wildlands · Ada, Bo", "over": False, "online": {"seat": seat, "room": room}})
    return g


def html(app: App) -> str:
    app.render()
    return app.document.getElementById("app").innerHTML


def test_a_reloaded_wildlands_guest_goes_back_to_its_table_and_waits_for_the_host_in_the_room():
    app = page()
    g = wildlands_saved(app, seat=1)
    saved = app.storage.autosave_text(), app.storage.autosave_meta()
    assert run(app.back_to_online_game()) is True
    assert app.screen == "game" and app.relinking and app.link is None
    assert games.of(app.game).name == "wildlands" and app.game.state_hash() == g.state_hash()
    assert app.settings["game"] == "wildlands"  # issue 50: the start screen's default game was kept
    shown = html(app)
    assert 'data-relinking="waiting"' in shown and "Ada" in shown
    assert "data-action" not in shown and not app.offers_decision(), "a move is offered while not linked"
    assert "data-relink-wait" in shown
    assert app.window.crystalclans_p2p.watching == (ROOM, "") and app.invited == []  # it waits: seat 0 invites
    app.autosave()  # nothing of the link is lost from the save while the pages re-link
    assert (app.storage.autosave_text(), app.storage.autosave_meta()) == saved


def test_a_reloaded_page_of_seat_0_invites_again_by_itself():
    app = page()
    wildlands_saved(app, seat=0)
    assert run(app.back_to_online_game()) is True
    assert app.invited == [0] and app.window.crystalclans_p2p.watching is None
    assert 'data-relinking="inviting"' in html(app) and "Bo" in html(app)


def test_without_relays_the_start_screen_offers_the_codes_for_the_saved_game_as_before():
    for query in ("?relay=none", ""):  # (the tests' pages have the public relays turned off)
        app = page(query)
        app.storage.set_public_help(False, False)
        wildlands_saved(app, seat=1)
        assert run(app.back_to_online_game()) is False and app.game is None
        run(app.continue_game())
        assert app.screen == "start" and app.resume_offer is not None and not app.relinking
        assert app.settings["game"] == "wildlands"  # the start screen speaks of the saved game
        assert "data-resume-offer" in html(app)


def test_a_finished_or_roomless_game_does_not_go_back_by_itself():
    app = page()
    wildlands_saved(app, seat=1, room="")
    assert run(app.back_to_online_game()) is False and app.game is None


def linked_page(me: int, query: str = RELAY) -> App:
    """A page linked to the other over relays, mid-game (a Crystal Clans game of two)."""
    wire, *_, g0, g1 = linked_game(clans=("blood", "skull"))
    app = page(query)
    link = Link("host" if me == 0 else "guest", {"names": ["Ada", "Bo"]}, lambda text: None)
    link.session = Session((g0, g1)[me], me, lambda text: None)
    link.room, link.stage, link.relay = ROOM, "playing", "met" if me == 0 else "relaying"
    app.link = link
    app.install(link.session.game, ["Ada", "Bo"], link.seats())
    assert app.session is not None and app.offers_decision() in (True, False)
    return app


def test_the_page_that_stayed_keeps_its_table_and_relinks_by_itself_when_its_link_drops():
    for me in (0, 1):
        app = linked_page(me)
        before = app.game.state_hash()
        app.on_link_state("closed")
        assert app.screen == "game" and app.relinking and app.link is None and app.session is None
        assert app.game.state_hash() == before
        shown = html(app)
        assert "data-link-lost" not in shown and "data-relinking" in shown
        meta = app.storage.autosave_meta()
        assert meta["online"]["seat"] == me and meta["online"]["room"] == ROOM
        if me == 0:
            assert app.invited == [0]
        else:
            assert app.invited == [] and app.window.crystalclans_p2p.watching == (ROOM, "")


def test_a_page_without_relays_says_the_link_is_lost_as_before():
    app = linked_page(1, "?relay=none")
    app.on_link_state("closed")
    assert not app.relinking and app.link is not None and "data-link-lost" in html(app)


def test_a_failed_try_while_relinking_goes_back_to_waiting_and_a_try_in_progress_shows_how_far_it_is():
    app = page()
    wildlands_saved(app, seat=1)
    run(app.back_to_online_game())
    app.link_begin("guest", app.settings, lambda text: None)  # an offer came through the room (main.py)
    assert app.link.resume is not None and app.screen == "game"
    app.link.stage = "answering"
    assert 'data-relinking="linking"' in html(app)
    app.window.crystalclans_p2p.watching = None
    app.on_link_state("closed")  # the page that made the offer was gone
    assert app.link is None and app.relinking and app.window.crystalclans_p2p.watching == (ROOM, "")
    app.on_link_state("norelay")  # the room's news while waiting there: no relay answers
    assert 'data-relinking="norelay"' in html(app) and 'data-cmd="relink-by-hand"' in html(app)
    app.relink_by_hand()
    assert app.screen == "start" and "data-resume-offer" in html(app)


def test_playing_on_at_this_screen_leaves_the_room():
    app = page()
    wildlands_saved(app, seat=1)
    run(app.back_to_online_game())
    app.play_saved_here()
    assert app.window.crystalclans_p2p.closed and not app.relinking and app.offers_decision() in (True, False)
    assert all(s.local for s in app.seats)


def test_which_pages_meet_through_relays():
    assert relays_here("?relay=mqtt+ws://127.0.0.1:1883/", False)  # ("+" reads as a space)
    assert relays_here("?relay=nostr%2Bws%3A%2F%2F127.0.0.1%3A7000", False)
    assert relays_here("?game=wildlands&relay=wss://relay.example.org", False)
    assert not relays_here("?relay=none&relay=wss://relay.example.org", True)
    assert not relays_here("?relay=javascript:alert(1)", False)
    assert relays_here("", True) and not relays_here("", False)


def test_while_relinking_the_tab_title_never_says_it_is_this_players_turn():
    """Nothing can be played until the link is back, so the title and the notification (app/shell.py) do not
    call the player to a move she cannot make."""
    from app.shell import turn_state

    for seat in (0, 1):
        app = page()
        wildlands_saved(app, seat=seat)
        assert run(app.back_to_online_game()) is True
        g = app.game
        assert turn_state(app)[0] is False, f"seat {seat}, {g.decision.player} decides"
