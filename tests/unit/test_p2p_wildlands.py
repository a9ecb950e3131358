"""Wildlands between two linked pages (py/app/net with app.games.wildlands.game): the setup carries the board, two
factions and the first player (a link of two pages refuses a setup of three or four, which link a page each:
tests/unit/test_p2p_party.py),
the secret start spaces travel as commitments revealed only once both players have chosen all of theirs,
both pages play the same game to its end in lockstep, and a game goes on after a new link."""
from __future__ import annotations

import json

import pytest

import wildlands as wl
from app import games
from app.net.protocol import dump
from app.net.session import Session
from crystalclans.rng import Rng, seed_state

from .test_p2p_resume import play_to_the_end, play_until, relink
from .test_p2p_session import deliver, linked_game, setup_refused

WL = games.get("wildlands")


def wl_linked(board="dungeon", factions=("guild", "gnomads"), first="random"):
    return linked_game(game="wildlands", options={"board": board, "factions": list(factions), "first": first})


def sessions(wire, g0, g1):
    return Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1))


@pytest.mark.parametrize("board, seed", [("dungeon", 1), ("ruins", 2)])
def test_a_wildlands_game_is_dealt_alike_and_played_to_the_end_in_lockstep(board, seed):
    wire, host, guest, g0, g1 = wl_linked(board)
    assert isinstance(g0, wl.Game) and g0.board == board and list(g0.factions) == ["guild", "gnomads"]
    assert guest.setup == host.setup and guest.setup["game"] == "wildlands"
    ends = sessions(wire, g0, g1)
    play_to_the_end(ends, wire, Rng(seed_state(seed)))
    assert ends[0].game.winners == ends[1].game.winners and ends[0].game.winners
    assert len(ends[0].game.log) > 40


def test_start_spaces_are_committed_and_revealed_only_when_both_have_chosen_all():
    wire, _, _, g0, g1 = wl_linked()
    ends = sessions(wire, g0, g1)
    rng = Rng(seed_state(3))
    for _ in range(10):  # the host's five picks, then the guest's five
        side = 0 if ends[0].offered() else 1
        s = ends[side]
        assert s.game.decision.kind == "start" and not ends[1 - side].offered()
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, ends)
    kinds = [(side, json.loads(t)["t"]) for side, t in wire.log]
    assert [k for k in kinds if k[1] == "action"] == [], "a start space went in the open"
    commits = [i for i, k in enumerate(kinds) if k[1] == "secret_commit"]
    reveals = [i for i, k in enumerate(kinds) if k[1] == "secret_reveal"]
    assert len(commits) == len(reveals) == 10 and max(commits) < min(reveals), kinds
    assert ends[0].game.state_hash() == ends[1].game.state_hash()
    assert ends[0].game.decision.kind in ("reveal", "play") and ends[0].game.turn == 1
    # each page shows its own start spaces only
    for me, e in enumerate(ends):
        view = e.display().view(me)
        mine = [c.get("start") for c in view["seats"][me]["characters"]]
        theirs = [c.get("start") for c in view["seats"][1 - me]["characters"]]
        assert all(mine) and not any(theirs)


def test_while_the_host_picks_the_guest_sees_no_stand_in_and_its_own_later_picks_are_its_own():
    """The host's second pick is offered from the spaces its first pick left (the stand-in path uses the
    page's own picks as made); the guest's table never shows a stand-in for the host's spaces."""
    wire, _, _, g0, g1 = wl_linked()
    ends = sessions(wire, g0, g1)
    first = ends[0].offered()[-1]
    ends[0].play(first)
    space = first.split()[-1]
    assert all(not o.endswith(" " + space) for o in ends[0].offered())
    deliver(wire, ends)
    assert not ends[1].offered()
    assert not any(c.get("start") for c in ends[1].display().view(1)["seats"][0]["characters"])


def test_a_wildlands_game_goes_on_over_a_new_link():
    wire, _, _, g0, g1 = wl_linked("ruins", ("lawbringers", "pit_fighters"), first=1)
    assert g0.setup["first_player"] == 1
    ends = sessions(wire, g0, g1)
    rng = Rng(seed_state(5))
    play_until(ends, wire, rng, lambda: len(ends[0].game.log) >= 40)
    assert ends[0].game.turn >= 1
    rs, wire2 = relink(ends[0].game.clone(), ends[1].game.clone(), host_seat=1)
    assert rs[0].session.game.state_hash() == rs[1].session.game.state_hash() == ends[0].game.state_hash()
    resumed = (rs[0].session, rs[1].session)
    for side, e in enumerate(resumed):
        e.send = wire2.sender(side)
    play_to_the_end(resumed, wire2, rng)


def test_a_link_dropped_during_the_secret_setup_resumes_and_the_picks_are_made_again():
    wire, _, _, g0, g1 = wl_linked()
    ends = sessions(wire, g0, g1)
    for _ in range(3):
        ends[0].play(ends[0].offered()[0])
    deliver(wire, ends)
    assert len(ends[0].game.log) == 0 and len(ends[0].run) == 3  # committed, not revealed
    rs, wire2 = relink(ends[0].game.clone(), ends[1].game.clone())
    resumed = (rs[0].session, rs[1].session)
    for side, e in enumerate(resumed):
        e.send = wire2.sender(side)
    assert resumed[0].offered() and resumed[0].game.decision.kind == "start" and not resumed[0].run
    play_to_the_end(resumed, wire2, Rng(seed_state(8)))


BAD_OPTIONS = {
    # three or four link a page for each player (net/party.py), not two pages
    "three players": ({"board": "dungeon", "factions": ["guild", "gnomads", "lawbringers"]}, "players"),
    "four players": ({"board": "ruins", "factions": ["guild", "gnomads", "lawbringers", "pit_fighters"]},
                     "players"),
    "one player": ({"board": "dungeon", "factions": ["guild"]}, "two to four factions"),
    "an unknown board": ({"board": "moon", "factions": ["guild", "gnomads"]}, "board"),
    "an unknown faction": ({"board": "dungeon", "factions": ["guild", "orcs"]}, "two to four factions"),
    "one faction twice": ({"board": "dungeon", "factions": ["guild", "guild"]}, "different factions"),
    "a first player of 2": ({"board": "dungeon", "factions": ["guild", "gnomads"], "first": 2}, "first player"),
    "a first player True": ({"board": "dungeon", "factions": ["guild", "gnomads"], "first": True}, "first player"),
    "factions as text": ({"board": "dungeon", "factions": "guild gnomads"}, "two to four factions"),
}


@pytest.mark.parametrize("what", BAD_OPTIONS)
def test_a_setup_the_guest_cannot_play_is_refused_and_no_game_starts(what):
    setup_refused("wildlands", *BAD_OPTIONS[what])


def test_a_start_space_sent_in_the_open_is_refused():
    wire, _, _, g0, g1 = wl_linked()
    ends = sessions(wire, g0, g1)
    move = str(g1.decision.options[0])
    said = ends[1].receive(dump("action", seq=1, move=move, hash="0" * 64))
    assert said and "secret choice sent in the open" in said and len(ends[1].game.log) == 0


def test_options_round_trip_through_settings_and_a_dealt_game():
    s = {"game": "wildlands", "wl_board": "ruins", "wl_players": 2,
         "wl_factions": ["pit_fighters", "guild", "gnomads", "lawbringers"], "first": "1"}
    options = WL.options_from_settings(s)
    assert WL.link_options(options) == {"board": "ruins", "factions": ["pit_fighters", "guild"], "first": 1}
    g = WL.new_game(options, seed=9)
    assert WL.link_options(WL.options_of(g)) == options
    three = WL.link_options(WL.options_from_settings({**s, "wl_players": 3}))  # a page each (net/party.py)
    assert three["factions"] == ["pit_fighters", "guild", "gnomads"] and WL.seats_of(three) == 3
