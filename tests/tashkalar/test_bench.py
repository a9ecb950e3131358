"""The benchmark module runs (a smoke test; the numbers themselves are measured by `python -m tashkalar.bench`)."""
from __future__ import annotations

from tashkalar import bench


def test_bench_runs_and_reports():
    t = bench.throughput(0.2, "summoning")
    assert t["games"] >= 1 and t["actions_per_s"] > 0
    m = bench.micro(samples=60)
    assert m["states"] == 60 and m["apply_us"] > 0 and m["action_choice_us"] > 0


def test_bench_measures_the_melee_and_team_modes():
    for m in bench.MODES:
        t = bench.throughput(0.05, "uniform", m)
        assert t["games"] >= 1 and t["mode"] == m and t["actions_per_s"] > 0


def test_bench_measures_the_worst_legal_save():
    w = bench.worst_save("duel", loads=1)
    assert w["entries"] > 4000 and w["turns"] > 200 and w["load_ms"] > 0 and w["chars"] > 0
