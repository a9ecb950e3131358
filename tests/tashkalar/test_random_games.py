"""Seeded random games in every mode and player count (Duel, High Form, Melee for 3 and 4, Team in both forms)
over the decks: no exception, every game ends, the
invariants (tashkalar.invariants) hold after every action, a save replays to the same state hash, and a
clone is independent of its original. The normal run plays 48 games (a player that prefers summons and
flares, so effects get played, and a few of uniformly random moves) of two players and 36 of the other modes;
CRYSTALCLANS_LONG=1 plays 2,000 and 1,200."""
from __future__ import annotations

import pytest

import tashkalar as tk
from crystalclans.rng import Rng, seed_state

from ..conftest import LONG
from .conftest import deck_pairs, play_out, random_policy, uniform_policy

PAIRS = deck_pairs()
GAMES = 2000 if LONG else 48
MAX_ACTIONS = 6000


def play(i: int, uniform: bool = False) -> tk.Game:
    mode = ("duel", "high_form")[i % 2]
    g = tk.new_game(mode=mode, decks=PAIRS[i % len(PAIRS)], seed=1000 + i)
    choose = uniform_policy(Rng(seed_state(i, 5))) if uniform else random_policy(i)
    return play_out(g, choose, MAX_ACTIONS, f"game {i}")


DECKS4 = ("northern", "highland", "southern", "sylvan")
MULTI = (("melee", 3, None), ("melee", 4, None), ("team", 4, "high_form"), ("team", 4, "duel"))
MULTI_GAMES = 1200 if LONG else 36


def play_multi(i: int) -> tk.Game:
    mode, n, form = MULTI[i % len(MULTI)]
    rng = Rng(seed_state(i, 9))
    decks = list(DECKS4)
    rng.shuffle(decks)
    g = tk.new_game(mode=mode, players=n, decks=tuple(decks[:n]), seed=2000 + i, form=form)
    choose = random_policy(i) if i % 9 != 8 else uniform_policy(rng)  # the rng goes on after the shuffle
    return play_out(g, choose, MAX_ACTIONS * 2, f"{mode} game {i}")


@pytest.mark.parametrize("chunk", range(4))
def test_melee_and_team_random_games_keep_every_invariant_and_end_with_winners(chunk):
    for i in range(chunk, MULTI_GAMES, 4):
        g = play_multi(i)
        assert g.winners and all(0 <= w < g.n for w in g.winners)
        if g.mode == "team":  # partners win together
            assert all((w + 2) % 4 in g.winners for w in g.winners)
        if i % 6 == chunk:
            again = tk.Game.from_json(g.to_json())
            assert again.state_hash() == g.state_hash() and again.log == g.log


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant_and_end(chunk):
    ends = 0
    for i in range(chunk, GAMES, 4):
        g = play(i, uniform=i % 12 == 11)
        assert g.winners and all(0 <= w < g.n for w in g.winners)
        ends += 1
        if i % 6 == 0:
            again = tk.Game.from_json(g.to_json())
            assert again.state_hash() == g.state_hash() and again.log == g.log
    assert ends


def test_a_clone_is_independent_and_equal():
    g = tk.new_game(mode="high_form", decks=("sylvan", "northern"), seed=5)
    choose = random_policy(3)
    for _ in range(60):
        g.apply(choose(g))
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    before = g.state_hash()
    choose2 = random_policy(4)
    for _ in range(40):
        if c.is_over:
            break
        c.apply(choose2(c))
    assert g.state_hash() == before
    assert c.state_hash() != before
