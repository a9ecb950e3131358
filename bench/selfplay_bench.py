"""The self-play runner's ways measured on this machine (issue 32): tasks per second and the overhead per
task in one process, on local cores (a process pool) and on a local Dask cluster (its start-up measured
apart: the run joins a cluster already up, as `--cluster ADDRESS` does), and the speed-up from one to all
cores on real games.

    PYTHONPATH=py python bench/selfplay_bench.py [--games 40] [--bot greedy] [--noop 400]
"""
from __future__ import annotations

import argparse
import json
import os
import time

import selfplay
from crystalclans.ai.tournament import GAME
from crystalclans.simulate import pairings


def noop(task):
    return {"id": task}


def version():
    return "bench"


NOOP = selfplay.Game(name="noop", play=noop, task_key=lambda t: (t,), line_key=lambda x: (x["id"],),
                     code_version=version)


def timed(game, tasks, **where):
    t0 = time.perf_counter()
    out = selfplay.run(game, tasks, **where)
    dt = time.perf_counter() - t0
    assert len(out) == len(tasks)
    return dt, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--noop", type=int, default=400)
    a = ap.parse_args()
    cores = os.cpu_count() or 1
    games = [((a.bot, a.bot), c, 1 + i) for i in range(a.games) for c in pairings()][:a.games]
    ways = {"one process": {"workers": 1}, f"local cores ({cores})": {"workers": cores}}
    cluster = None
    if selfplay.cluster_available():
        from distributed import Client, LocalCluster

        t0 = time.perf_counter()
        cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None)
        Client(cluster).close()
        print(json.dumps({"dask local cluster start-up s": round(time.perf_counter() - t0, 2)}), flush=True)
        ways[f"dask cluster ({cores} workers)"] = {"cluster": cluster.scheduler_address, "workers": cores}
    print(json.dumps({"load average": os.getloadavg()}), flush=True)
    rows = {}
    for name, where in ways.items():
        dt_noop, _ = timed(NOOP, list(range(a.noop)), **where)
        dt, out = timed(GAME, games, **where)
        rows[name] = sorted((tuple(x["bots"]), tuple(x["clans"]), x["seed"], x["winner"], x["moves"]) for x in out)
        cpu = sum(sum(x["think"]) for x in out)
        print(json.dumps({"way": name, "no-op tasks/s": round(a.noop / dt_noop), "overhead ms/task (incl. "
                          "start of a pool or connecting)": round(1000 * dt_noop / a.noop, 2),
                          f"{a.bot} games": len(out), "games/s": round(len(out) / dt, 2),
                          "s/game in a worker": round(cpu / len(out), 3), "wall s": round(dt, 1)}), flush=True)
        rows[name + " wall"] = dt
    names = [n for n in ways]
    print(json.dumps({"speed-up 1 -> all cores": round(rows[names[0] + " wall"] / rows[names[1] + " wall"], 2),
                      "same games every way": all(rows[n] == rows[names[0]] for n in names)}), flush=True)
    print(json.dumps({"load average": os.getloadavg()}), flush=True)
    if cluster is not None:
        cluster.close()


if __name__ == "__main__":
    main()
