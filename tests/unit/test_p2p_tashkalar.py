"""Tash-Kalar between two linked pages (py/app/net with the game modules): the host's hello names the game and
the guest answers in it, the setup carries Tash-Kalar's options (a Duel or the High Form), both pages deal the
same game, play it to the end in lockstep and go on after a new link; a setup or hello the guest's page cannot
play is refused with a reason."""
from __future__ import annotations

import pytest

import tashkalar as tk
from app import games
from app.net.handshake import Handshake
from app.net.protocol import dump
from app.net.session import Session
from crystalclans.rng import Rng, seed_state

from .test_p2p_resume import play_to_the_end, play_until, relink
from .test_p2p_session import Wire, deliver, linked_game, setup_refused

TK = games.get("tashkalar")


def tk_linked(mode: str, decks=("sylvan", "highland"), first="random"):
    return linked_game(game="tashkalar", options={"mode": mode, "decks": list(decks), "first": first})


@pytest.mark.parametrize("mode, seed", [("duel", 1), ("high_form", 2)])
def test_a_tashkalar_game_is_dealt_alike_and_played_to_the_end_in_lockstep(mode, seed):
    wire, host, guest, g0, g1 = tk_linked(mode)
    assert isinstance(g0, tk.Game) and g0.mode == mode and g0.setup["decks"] == ["sylvan", "highland"]
    assert guest.setup == host.setup and guest.setup["game"] == "tashkalar"
    ends = (Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1)))
    play_to_the_end(ends, wire, Rng(seed_state(seed)))
    assert ends[0].game.winners == ends[1].game.winners and ends[0].game.winners
    assert len(ends[0].game.log) > 20


def test_the_joint_seed_decides_the_deal():
    """Other seed values, another deal: neither page chose it alone."""
    a = tk_linked("duel")[3]
    b = linked_game(game="tashkalar", options={"mode": "duel", "decks": ["sylvan", "highland"]},
                    values=("c3" * 16, "d4" * 16))[3]
    assert a.state_hash() != b.state_hash()


def test_a_tashkalar_game_goes_on_over_a_new_link():
    wire, _, _, g0, g1 = tk_linked("high_form", first=1)
    assert g0.first_player == 1 and g0.setup["first_player"] == 1
    ends = (Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1)))
    rng = Rng(seed_state(5))
    play_until(ends, wire, rng, lambda: len(ends[0].game.log) >= 30)
    rs, wire2 = relink(ends[0].game.clone(), ends[1].game.clone(), host_seat=1)
    assert rs[0].session.game.state_hash() == rs[1].session.game.state_hash() == ends[0].game.state_hash()
    resumed = (rs[0].session, rs[1].session)
    for side, e in enumerate(resumed):
        e.send = wire2.sender(side)
    play_to_the_end(resumed, wire2, rng)


BAD_OPTIONS = {
    # a Melee or a Team game links a page for each player (net/party.py), not two pages
    "a Melee": ({"mode": "melee", "decks": ["sylvan", "highland", "northern"]}, "players"),
    "a Team game": ({"mode": "team", "decks": ["sylvan", "highland", "northern", "southern"]}, "players"),
    "a Melee of two": ({"mode": "melee", "decks": ["sylvan", "highland"]}, "3 or 4 playable decks"),
    "an unknown mode": ({"mode": "chess", "decks": ["sylvan", "highland"]}, "one of duel"),
    "an unknown deck": ({"mode": "duel", "decks": ["sylvan", "goblins"]}, "playable decks"),
    "one deck twice": ({"mode": "duel", "decks": ["sylvan", "sylvan"]}, "different decks"),
    "a first player of 2": ({"mode": "duel", "decks": ["sylvan", "highland"], "first": 2}, "first player"),
    "decks as text": ({"mode": "duel", "decks": "sylvan highland"}, "playable decks"),
}


@pytest.mark.parametrize("what", BAD_OPTIONS)
def test_a_setup_the_guest_cannot_play_is_refused_and_no_game_starts(what):
    setup_refused("tashkalar", *BAD_OPTIONS[what])


def test_a_guest_refuses_an_invitation_to_a_game_it_lacks_or_of_other_content():
    guest = Handshake("guest", "Bo", "", Wire().sender(1))
    said = guest.receive(dump("hello", app="x", game="chess", card_set="0" * 64, name="E", role="host"))
    assert "does not have" in said and guest.their_name == ""
    said = guest.receive(dump("hello", app="x", game="tashkalar", card_set="0" * 64, name="E", role="host"))
    assert "other game content" in said and guest.their_name == ""
    # a setup of another game than the invitation's
    wire = Wire()
    host = Handshake("host", "Ada", "tashkalar", wire.sender(0))
    guest = Handshake("guest", "Bo", "", wire.sender(1))
    host.start()
    deliver(wire, (host, guest))
    said = guest.receive(dump("setup", game="crystalclans", options={"clans": ["blood", "skull"]},
                              names=["Ada", "Bo"], guest_seat=1))
    assert "another game" in said and guest.setup is None
    # a host that answers in another game than its own
    h = Handshake("host", "Ada", "tashkalar", Wire().sender(0))
    h.start()
    said = h.receive(dump("hello", app="x", game="crystalclans", card_set="0" * 64, name="Bo", role="guest"))
    assert "another game" in said


def test_options_round_trip_through_settings_and_a_dealt_game():
    s = {"game": "tashkalar", "tk_mode": "high_form", "tk_decks": ["northern", "sylvan", "highland", "southern"],
         "tk_players": 3, "tk_form": "duel", "first": "1"}
    options = TK.options_from_settings(s)
    assert TK.link_options(options) == {"mode": "high_form", "decks": ["northern", "sylvan"], "first": 1,
                                        "form": "high_form"}
    g = TK.new_game(options, seed=9)
    assert TK.options_of(g)["decks"] == ["northern", "sylvan"] and TK.options_of(g)["first"] == 1
    cc_module = games.get("crystalclans")
    cs = {"clans": ["blood", "stone"], "first": "random", "mulligan": True}
    assert cc_module.options_of(cc_module.new_game(cc_module.options_from_settings(cs), seed=3)) == {
        "clans": ["blood", "stone"], "first": "random", "mulligan": True}
