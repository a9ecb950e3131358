"""The benchmark module runs (the figures themselves come from `python -m wildlands.bench`)."""
from __future__ import annotations

from wildlands import bench


def test_bench_runs_and_reports():
    t = bench.throughput(0.1, 3, "ruins")
    assert t["games"] >= 1 and t["actions_per_s"] > 0 and t["prompts_per_game"] > 0
    c = bench.legality_on_a_crowded_board(5)
    assert c["options"] > 50 and c["us_per_legal_actions"] > 0
    assert bench.clone_cost(10)["us_per_clone"] > 0


def test_the_worst_saves_are_as_long_as_a_game_can_be_and_load():
    from wildlands.rules import MAX_MOVES
    from wildlands.saves import MAX_SAVE_CHARS

    w = bench.worst_save_load(1)  # the figure itself: python -m wildlands.bench
    assert [s["moves"] for s in w["saves"]] == [MAX_MOVES, MAX_MOVES]
    assert all(s["chars"] <= MAX_SAVE_CHARS for s in w["saves"]) and w["worst_load_ms"] > 0
