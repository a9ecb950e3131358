"""Statistics at a game's end (Game.statistics, from the story's facts): checked against a replay of the log
(who summoned and lit what) over whole games, and in a position where one summon destroys one enemy piece."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar.ai import make_bot
from tashkalar.story import STATISTICS


def finished(mode: str, decks: tuple[str, ...], seed: int) -> tk.Game:
    g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed)
    bots = [make_bot("greedy", seed=seed + i) for i in range(len(decks))]
    while not g.is_over:
        g.apply(bots[g.decision.player].choose(g))
    return g


def counted_from_the_log(g: tk.Game) -> list[dict[str, int]]:
    """Summons (a placement chosen after 'summon'), flares lit (a 'light' not cancelled) and tasks claimed,
    per player, by replaying the log and asking who decided each move."""
    out = [{"summons": 0, "flares": 0, "tasks": 0} for _ in range(g.n)]
    moves = []
    for step, state in enumerate(g.replay()):
        if step < len(g.log):
            moves.append((state.decision.player, g.log[step]))
    for i, (p, move) in enumerate(moves):
        nxt = moves[i + 1][1] if i + 1 < len(moves) else ""
        if move.startswith("at ") and any(m.startswith("summon ") for _, m in moves[max(0, i - 1):i]):
            out[p]["summons"] += 1
        elif move.startswith("light ") and nxt != "cancel":
            out[p]["flares"] += 1
        elif move.startswith("claim "):
            out[p]["tasks"] += 1
    return out


@pytest.mark.parametrize("mode, decks, seed", [("duel", ("sylvan", "highland"), 3), ("duel", ("northern", "southern"), 4),
                                               ("high_form", ("highland", "northern"), 5)])
def test_statistics_agree_with_a_replay_of_the_log(mode, decks, seed):
    g = finished(mode, decks, seed)
    stats = g.statistics()
    assert [set(s) for s in stats] == [set(STATISTICS)] * g.n
    counted = counted_from_the_log(g)
    for p in range(g.n):
        for key, n in counted[p].items():
            assert stats[p][key] == n, (p, key, stats[p][key], n)
        assert stats[p]["legends"] <= stats[p]["summons"]
    destroyed_facts = sum(1 for t in g.story() for e in t["events"] if e["kind"] == "destroy")
    assert sum(s["lost"] for s in stats) == destroyed_facts  # two colours: each piece lost once
    assert sum(s["summons"] for s in stats) > 5 and sum(s["destroyed"] for s in stats) > 0
    if mode == "high_form":
        assert sum(s["tasks"] for s in stats) > 0


def test_a_summon_that_destroys_an_enemy_piece_is_counted_for_both_sides():
    from .conftest import cast

    g = cast("sylvan/charging-buck", board={"e3": "1c", "c3": "1h"})
    g.apply("to e3")
    g.apply("to e1")
    mine, theirs = g.statistics()
    assert mine["summons"] == 1 and mine["legends"] == 0 and mine["destroyed"] == 1 and mine["lost"] == 0
    assert theirs["lost"] == 1 and theirs["summons"] == theirs["destroyed"] == 0
