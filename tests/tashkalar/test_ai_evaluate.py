"""The search's judgement (tashkalar.ai.evaluate, near=True): a being or legend in hand whose pattern one more
common piece on an empty square would complete counts a little, so that placements building toward a
pattern of three or four pieces (Everfrost's heroic beings) are told from placements anywhere; greedy's
judgement is unchanged."""
from __future__ import annotations

import tashkalar as tk
from tashkalar.ai import make_bot
from tashkalar.ai.evaluate import W_NEAR, evaluate, evaluate_near, near_now
from tashkalar.board import BY_NAME, NAME, ON
from tashkalar.content import BY_ID
from tashkalar.effects.expansion import ANYWHERE
from tashkalar.patterns import ORIENTATIONS
from tashkalar.summon import summonable

from .conftest import position, random_policy

SENTINEL = "everfrost/everfrost-sentinel"  # heroic, four common pieces


def sentinel_short_of(missing: int, board: "dict | None" = None) -> tk.Game:
    """Seat 0 (Everfrost) holds the Sentinel; its pattern for e5 (printed orientation) has all pieces but
    the last `missing` ones."""
    o = ORIENTATIONS[BY_ID[SENTINEL]][0]
    squares = [NAME[s] for s, _ in o.squares(BY_NAME["e5"])]
    pieces = {s: "0c" for s in squares[:len(squares) - missing]}
    pieces.update(board or {})
    return position(decks=["everfrost", "sylvan"], board=pieces, hands=[[SENTINEL], []], turn=3)


def test_a_pattern_one_common_piece_short_counts_for_the_search_only():
    g = sentinel_short_of(1)
    code = BY_ID[SENTINEL]
    assert summonable(g, 0) == [] and near_now(g, 0, []) == [code]
    assert evaluate_near(g, 0) > evaluate(g, 0)
    assert evaluate(g, 0, near=False) == evaluate(g, 0)


def test_two_short_is_not_near():
    assert near_now(sentinel_short_of(2), 0, []) == []


def test_a_summonable_card_is_not_near_as_well():
    g = sentinel_short_of(0)
    ready = summonable(g, 0)
    assert ready == [BY_ID[SENTINEL]] and near_now(g, 0, ready) == []
    assert W_NEAR[1] < 0.5  # less than the card summonable now (W_SUMMONABLE)


def test_near_is_what_one_more_common_piece_would_make_summonable():
    """Against the slow way: every empty square tried with a common piece of hers (Time Traveler, which goes
    anywhere, left out)."""
    checked = 0
    for seed, decks in ((3, ("everfrost", "highland")), (4, ("etherweave", "northern"))):
        g = tk.new_game(mode="duel", decks=decks, seed=seed)
        choose = random_policy(seed)
        step = 0
        while not g.is_over and step < 240:
            if g.decision.kind == "action" and step % 6 == 0 and not g.borrow and not g.void:
                for q in range(2):
                    ready = summonable(g, q)
                    slow: set = set()
                    for s in ON:
                        if g.cells[s] < 0:
                            h = g.clone(story=False)
                            h.put(s, g.colour[q], 0)
                            slow |= set(summonable(h, q)) - set(ready) - ANYWHERE
                    assert set(near_now(g, q, ready)) == slow, (seed, step, q)
                    checked += 1
            g.apply(choose(g))
            step += 1
    assert checked >= 20


def test_the_search_judges_with_near_and_greedy_without():
    assert make_bot("search", seed=1).ev is evaluate_near
    assert make_bot("search", seed=1, near=False).ev is evaluate
