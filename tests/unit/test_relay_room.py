"""The relays' room of an online game (issue 30): read from the invitation, kept with the autosave, and
given back to the resume offer, so that the two pages can meet again with nothing typed."""
from __future__ import annotations

import crystalclans as cc
from app.link import SavedOnline, room_secret
from app.storage import _well_formed

SECRET = "q3Lx_9ZaY-0bT1uV2wX3yA"


def test_the_room_secret_is_what_follows_the_code_in_an_invitation():
    assert room_secret(f"CC1abc.{SECRET}") == SECRET
    assert room_secret(f"https://x.example/?relay=nostr%2Bws%3A%2F%2Fh#CC1abc.{SECRET}") == SECRET
    assert room_secret("CC1abc") == ""  # an invitation made without relays, or pasted from an older page
    assert room_secret("CC1abc.short") == ""
    assert room_secret("CC1abc.<script>alert(1)</script>aaaaaaaaaaaaaaa") == ""


def test_a_saved_online_game_keeps_only_a_well_formed_room():
    g = cc.new_game(("blood", "water"), seed=1)
    assert SavedOnline(g, 1, ["Ada", "Bo"], SECRET).room == SECRET
    assert SavedOnline(g, 1, ["Ada", "Bo"], "not a room!").room == ""
    assert SavedOnline(g, 1, ["Ada", "Bo"]).room == ""


def test_the_autosave_may_name_the_room_and_an_older_one_without_it_still_loads():
    assert _well_formed("online", {"seat": 1, "room": SECRET})
    assert _well_formed("online", {"seat": 0})
    assert not _well_formed("online", {"seat": 0, "room": 5})
    assert not _well_formed("online", {"seat": 0, "room": "x" * 65})
