"""The replay viewer's frames (app/replay.py): the deal, each turn's start, the end; who may be shown."""
from __future__ import annotations

import random

import crystalclans as cc
from app.replay import Replay, replay_sides
from app.seats import Seat


def played(seed: int, moves: int | None = None) -> cc.Game:
    g = cc.new_game(("flower", "meteor"), seed=seed)
    r = random.Random(seed)
    while not g.is_over and (moves is None or len(g.log) < moves):
        g.apply(r.choice(g.legal_actions()))
    return g


def test_frames_are_the_turns_and_end_on_the_game():
    g = played(4)
    r = Replay(g, (0, 1))
    assert [f.turn for f in r.frames[:-1]] == list(range(1, g.turn + 1))[: len(r.frames) - 1]
    assert r.frames[0].log == [] and r.frames[-1].state_hash() == g.state_hash() == r.final_hash
    r.go(10**6)
    assert r.at_end and r.frame.winner == g.winner
    r.step(-1)
    assert r.index == len(r.frames) - 2
    r.go(-5)
    assert r.index == 0
    unfinished = played(5, moves=60)
    u = Replay(unfinished, (1,), viewer=0)
    assert u.viewer == 1 and u.frames[-1].state_hash() == unfinished.state_hash()
    u.switch_side()
    assert u.viewer == 1  # one side allowed: no switching
    assert "hand" in u.view()["players"][1] and "hand" not in u.view()["players"][0]


def test_a_replay_shows_only_this_screens_hands_until_the_game_is_over():
    people, bot, remote = Seat("human"), Seat("normal"), Seat("remote")
    assert replay_sides((people, people), finished=False) == (0, 1)
    assert replay_sides((people, bot), finished=False) == (0,)
    assert replay_sides((bot, people), finished=False) == (1,)
    assert replay_sides((people, remote), finished=False, me=0) == (0,)
    assert replay_sides((people, bot), finished=True) == (0, 1)
