"""The online panel's settings: the STUN/TURN lines a player types (app/link.py) are checked before any
connection is made, with a message naming the line and what is wrong."""
from __future__ import annotations

from app.link import MAX_ICE_SERVERS, parse_ice_servers


def test_no_servers_by_default_and_comments_and_blank_lines_are_skipped():
    assert parse_ice_servers("") == ([], [])
    assert parse_ice_servers("\n  \n# my TURN\n") == ([], [])


def test_stun_and_turn_lines_become_ice_servers():
    servers, problems = parse_ice_servers("stun:stun.example.org:3478\n"
                                          "turns:turn.example.org:443?transport=tcp ada s3cret\n")
    assert problems == []
    assert servers == [{"urls": "stun:stun.example.org:3478"},
                       {"urls": "turns:turn.example.org:443?transport=tcp", "username": "ada", "credential": "s3cret"}]


def test_wrong_lines_are_named_and_refused():
    servers, problems = parse_ice_servers("https://stun.example.org\nturn:turn.example.org:3478\n"
                                          "stun:a.example.org extra\nstun:<script>")
    assert servers == []
    assert [p.split(":")[0] for p in problems] == ["line 1", "line 2", "line 3", "line 4"]
    assert "user name and a password" in problems[1]


def test_at_most_a_few_servers():
    servers, problems = parse_ice_servers("\n".join(f"stun:s{i}.example.org:3478" for i in range(10)))
    assert len(servers) == MAX_ICE_SERVERS and problems and "at most" in problems[0]
