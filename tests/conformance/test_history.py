"""A game is its setup and its log: Game.from_setup(setup) is the deal, Game.from_log(setup, log), game.at(k)
and game.replay() give the states the game went through when it was played forward (the same state hashes,
logs and story), an undo floor is never past the log; a move out of its place, a log that is no list of
moves and a setup that is none are refused with the documented errors (IllegalAction, SaveError, ValueError
for at())."""
from __future__ import annotations

import json

import pytest

from ..conftest import DEEP
from .kit import entry, module, nested, played


def test_from_log_at_and_replay_give_the_game_played(deal):
    name, label = deal
    G = module(name).Game
    p = played(name, label)
    g = p.final
    for log in (g.log, tuple(g.log), iter(g.log)):
        assert G.from_log(g.setup, log).state_hash() == g.state_hash()
    states = g.replay()
    assert [s.state_hash() for s in states] == p.hashes  # one state at the start, one after every move
    n = len(g.log)
    for k in sorted({0, 1, 2, n - 1, n, *range(0, n, max(1, n // 9))}):
        at = g.at(k)
        assert type(at) is G and at is not g and at.log == g.log[:k] and at.state_hash() == p.hashes[k]
        assert 0 <= at.undo_floor <= k
    assert g.state_hash() == p.hashes[-1] and len(g.log) == n  # asking changed nothing


def test_a_replay_tells_the_same_story(deal):
    name, label = deal
    g = played(name, label).final
    last = None
    for last in g.replay():
        pass
    assert last.story() == g.story() and last.statistics() == g.statistics()


def test_from_setup_is_the_deal_and_the_setup_is_data(deal):
    name, label = deal
    G = module(name).Game
    p = played(name, label)
    setup = p.final.setup
    assert json.loads(json.dumps(setup)) == setup
    assert G.from_setup(setup).state_hash() == G.from_log(setup, []).state_hash() == p.hashes[0]
    assert G.from_setup(json.loads(json.dumps(setup))).state_hash() == p.hashes[0]


def test_the_undo_floor_is_never_past_the_log(deal):
    name, label = deal
    for g in played(name, label).samples:
        assert 0 <= g.undo_floor <= len(g.log) and g.clone().undo_floor == g.undo_floor


def test_at_refuses_a_count_of_moves_the_game_has_not(deal):
    name, label = deal
    g = played(name, label).final
    for bad in (len(g.log) + 1, -1, 10 ** 30):
        with pytest.raises(ValueError):
            g.at(bad)


@pytest.mark.contract("at_argument")
def test_at_refuses_what_is_no_count_of_moves(game):
    g = played(game, entry(game).deals[0].label).final
    for bad in (True, 1.0, "1", None, [1]):
        with pytest.raises(ValueError):
            g.at(bad)


def test_from_log_refuses_a_move_out_of_its_place(deal):
    name, label = deal
    m = module(name)
    g = played(name, label).final
    with pytest.raises(m.IllegalAction, match="move 1"):
        m.Game.from_log(g.setup, ["definitely not a move"])
    with pytest.raises(m.IllegalAction, match="move 6"):
        m.Game.from_log(g.setup, g.log[:5] + ["definitely not a move"])
    with pytest.raises(m.IllegalAction, match="after the end"):
        m.Game.from_log(g.setup, g.log + g.log[-1:])
    for junk in (nested(DEEP), None, 5, b"done", {"a": 1}, "x" * 1_000_000):
        with pytest.raises(m.IllegalAction) as e:
            m.Game.from_log(g.setup, [junk])
        assert len(str(e.value)) < 600


@pytest.mark.contract("from_log_not_a_list")
def test_from_log_refuses_a_log_that_is_no_list_of_moves(game):
    m = module(game)
    setup = played(game, entry(game).deals[0].label).final.setup
    for log in (5, None, "done", b"done", {"done": 1}, 1.5):
        with pytest.raises(m.SaveError):
            m.Game.from_log(setup, log)


def _bad_setups(setup: dict) -> list:
    out = [5, None, [], "x", b"x", 1.5, nested(600), {}, {"position": 5}, {"position": None},
           {"position": nested(600)}, {"position": {"bogus": 1}}, {"position": []}, dict(setup, bogus=1)]
    if "position" not in setup:
        out.append(dict(setup, position={}))  # a deal's options and a position at once
    for key in setup:
        out += [dict(setup, **{key: junk}) for junk in (nested(600), 1.5, 1.0, "x" * 30, {"a": 1}, [[]], -(1 << 70))]
    return out


def test_from_log_and_from_setup_refuse_a_setup_that_is_none(deal):
    name, label = deal
    m = module(name)
    setup = played(name, label).final.setup
    for bad in _bad_setups(setup):
        with pytest.raises(m.SaveError):
            m.Game.from_setup(bad)
        with pytest.raises(m.SaveError):
            m.Game.from_log(bad, [])
