"""The expansion schools (written for two players) in a Melee of 3 and 4 and in the Team game of either form:
random games end, invariants hold after every action, every seat's view builds and the save replays."""
from __future__ import annotations

import pytest

import tashkalar as tk
from crystalclans.rng import Rng
from tashkalar.invariants import check

OTHERS = ["northern", "southern", "highland", "sylvan"]
CASES = [(school, mode, players, form) for school in ("everfrost", "nethervoid", "etherweave")
         for mode, players, form in (("melee", 3, None), ("melee", 4, None), ("team", 4, "duel"), ("team", 4, "high_form"))]


@pytest.mark.parametrize("school,mode,players,form", CASES)
def test_an_expansion_school_plays_in_every_mode(school, mode, players, form):
    seed = len(school) * 7 + players
    decks = tuple([school] + OTHERS[:players - 1])
    g = tk.new_game(mode=mode, players=players, decks=decks, seed=seed, **({"form": form} if form else {}))
    r = Rng(seed)
    while not g.is_over and len(g.log) < 8000:
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
        check(g)
    assert g.is_over and g.winners
    for p in range(g.n):
        g.view(p)
    assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()
