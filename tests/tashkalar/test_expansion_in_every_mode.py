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


def test_no_improvised_summon_while_possessed_summoners_colour_forms_the_pattern():
    """Regression (found by the long run): after Possessed Summoner chose colour 0, an improvised summon with
    colour 0 listed each placement three times (any of the three colour-0 pattern pieces could be 'the
    borrowed one'). Ruling: no improvising while another colour forms the next pattern, as none while War
    Summoner's borrowing is pending; every decision's options are distinct."""
    from crystalclans.rng import seed_state

    g = tk.Game.new(mode="melee", players=4, decks=("northern", "nethervoid", "highland", "sylvan"), seed=200219)
    r = Rng(seed_state(200219, 5))
    seen_possessed = False
    for _ in range(400):
        if g.is_over:
            break
        o = g.legal_actions()
        texts = [str(a) for a in o]
        assert len(set(texts)) == len(texts), texts
        if g.summon_colour >= 0 and g.decision.kind == "action":
            seen_possessed = True
            assert not any(t.startswith("improvise ") for t in texts)
        g.apply(o[r.below(len(o))])
        check(g)
    assert seen_possessed
