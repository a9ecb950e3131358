"""The benchmark module runs (the figures themselves come from `python -m wildlands.bench`)."""
from __future__ import annotations

from wildlands import bench


def test_bench_runs_and_reports():
    t = bench.throughput(0.1, 3, "ruins")
    assert t["games"] >= 1 and t["actions_per_s"] > 0 and t["prompts_per_game"] > 0
    c = bench.legality_on_a_crowded_board(5)
    assert c["options"] > 50 and c["us_per_legal_actions"] > 0
    assert bench.clone_cost(10)["us_per_clone"] > 0
