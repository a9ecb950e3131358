"""A hostile peer's messages, in every registered game (issue 50): whatever another page sends, a linked page
refuses it with the protocol's reason and keeps its game as it was (only a move whose hash disagrees stops
play, for a resync). Crystal Clans' own hostile tests (test_p2p_session.py) name its cases one by one; this
suite sends the same kinds of input to every game: moves that are near misses of the legal ones (upper case,
a word too many, unicode digits, 115 spaces and garbage after a legal word), whole junk, messages of every
type with hostile fields, resyncs with damaged logs, and byte-level damage. Counted with the fuzz tally."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import games
from app.net.protocol import dump
from app.net.session import Session
from crystalclans.rng import Rng, seed_state

from ..conftest import LONG
from ..fuzzkit import Refused, tally
from .test_p2p_session import deliver, linked_game

FUZZ = settings(max_examples=3_000 if LONG else 300, database=None, deadline=None, derandomize=not LONG,
                suppress_health_check=list(HealthCheck))

OPTIONS = {
    "crystalclans": {"clans": ["blood", "skull"], "first": "random", "mulligan": False},
    "tashkalar": {"mode": "duel", "decks": ["northern", "highland"], "first": "random"},
    "wildlands": {"board": "dungeon", "factions": ["guild", "gnomads"], "first": "random"},
}
_LINKED: dict[str, tuple] = {}


def test_every_registered_game_is_covered():
    assert set(OPTIONS) == set(games.REGISTRY)


def linked(name: str) -> Session:
    """Seat 0 is us; seat 1 the test peer. Played at random until the peer must decide in the open, a few
    moves in (kept once per game; each example works on copies)."""
    if name not in _LINKED:
        wire, _, _, g0, g1 = linked_game(game=name, options=OPTIONS[name])
        us, peer = Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1))
        rng = Rng(seed_state(5))
        while (len(us.game.log) < 12 or us.game.decision is None or us.game.decision.player != 1
               or getattr(us.game.decision, "secret", False)):
            side = 0 if us.offered() else 1
            s = (us, peer)[side]
            s.play(s.offered()[rng.below(len(s.offered()))])
            deliver(wire, (us, peer))
        _LINKED[name] = us.game.clone()
    return Session(_LINKED[name].clone(), 0, lambda text: None)


def near_misses(legal: list[str]) -> st.SearchStrategy:
    word = st.sampled_from(legal)
    return st.one_of(
        word, word.map(str.upper), word.map(lambda t: t + " 1"), word.map(lambda t: t + " ²"),
        word.map(lambda t: t.replace("1", "¹").replace("2", "²").replace("0", "٠")),
        word.map(lambda t: t.split()[0] + " " * 115 + "garbage"), st.just("resign" + " " * 115 + "x"),
        st.just("resign 0"), st.just("resign 1"), st.text(max_size=30), st.just("[" * 500),
        st.just("x" * 119), st.just("\x00"), st.just(" "))


@pytest.mark.parametrize("name", sorted(OPTIONS))
@FUZZ
@given(data=st.data())
def test_a_hostile_peers_messages_are_refused_and_leave_the_game_as_it_was(data, name):
    us = linked(name)
    g = us.game
    before, log = g.state_hash(), list(g.log)
    legal = [str(a) for a in g.legal_actions()] or ["pass"]
    trial = g.clone()
    trial.apply(legal[0])
    good_hash = trial.state_hash()
    move = data.draw(near_misses(legal))
    seq = data.draw(st.sampled_from([us.seq, us.seq, us.seq + 1, us.seq - 1, 0, 100_001]))
    hashes = st.sampled_from([good_hash, "0" * 64, "x"])
    text = data.draw(st.one_of(
        st.builds(lambda m, s, h: dump("action", seq=s, move=m, hash=h), st.just(move), st.just(seq), hashes),
        st.builds(lambda m: dump("secret_reveal", seq=us.seq, move=m, salt="3" * 32), st.just(move)),
        st.builds(lambda lg: dump("resync", log=lg, hash=before),
                  st.lists(st.one_of(st.sampled_from(log or ["x"]), st.just(move)), max_size=8)),
        st.builds(lambda o: dump("setup", game=name, options=o, names=["a", "b"], guest_seat=1),
                  st.dictionaries(st.text(max_size=6), st.one_of(st.integers(), st.text(max_size=4),
                                                                 st.lists(st.integers(), max_size=3)), max_size=4)),
        st.sampled_from([dump("resign", seat=0), dump("rematch"), dump("end"), dump("ping", n=1),
                         dump("resume", game="0" * 16, card_set="0" * 64, seat=0, have=len(log), hash=before),
                         dump("resume_ok", at=len(log) + 5), dump("opening", seed=1, salt="0" * 32, hidden={}),
                         '{"t":"action","v":2,"seq":1.5}', "{" * 40, json.dumps({"t": "action", "v": 2, "seq": [[[[1]]]]})]),
    ))
    if data.draw(st.booleans()):  # byte-level damage on top
        k = data.draw(st.integers(0, len(text)))
        text = text[:k] + data.draw(st.sampled_from(['"', "{", "]", "²", "\\u0000", "NaN", " " * 3])) + text[k:]
    try:
        with tally(f"{name} peer message", Said, text[:80]):
            if us.receive(text) is not None:  # never raises: a refusal is the protocol's reason
                raise Said
    except Refused:
        if not us.desync:
            assert us.game.state_hash() == before and us.game.log == log, "a refused message changed the game"
        return
    # accepted: only a legal move with its true hash, or a message that changes no game
    assert us.game.log == log or (us.game.log[:-1] == log and us.game.log[-1] in legal), us.game.log[len(log):]


class Said(Exception):
    """The page refused a message (its receive() gave a reason)."""


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_a_move_with_a_wrong_hash_stops_play_for_a_resync_and_changes_nothing(name):
    us = linked(name)
    before = us.game.state_hash()
    legal = str(us.game.legal_actions()[0])
    reason = us.receive(dump("action", seq=us.seq, move=legal, hash="0" * 64))
    assert reason and "hash" in reason and us.desync and us.game.state_hash() == before
