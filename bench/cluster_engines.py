"""Ray against Dask for our workload (issue 32): a few hundred short CPU-bound Python tasks.

Run in a venv with the engine installed (each measures only what is importable):

    PYTHONPATH=py python bench/cluster_engines.py [--workers 2] [--games 60]

Prints, per way: start-up (s), the overhead per task (s per no-op task, 400 of them), and real games per
second (Crystal Clans, random v greedy, seat-swapped pairs), with the in-process and process-pool figures
beside them.
"""
from __future__ import annotations

import argparse
import json
import time


def noop(x):
    return x


def game(job):
    from crystalclans.ai.tournament import play
    return play(*job)


def jobs(n):
    from crystalclans.ai.tournament import schedule
    return schedule("random", "greedy", n // 2, seed=1)


def measure(name, start, submit_all, stop, n_noop, games):
    t0 = time.perf_counter()
    h = start()
    up = time.perf_counter() - t0
    submit_all(h, [0] * 8, noop)  # warm the workers (imports, first connections)
    submit_all(h, jobs(4), game)
    t0 = time.perf_counter()
    submit_all(h, list(range(n_noop)), noop)
    over = (time.perf_counter() - t0) / n_noop
    js = jobs(games)
    t0 = time.perf_counter()
    outs = submit_all(h, js, game)
    dt = time.perf_counter() - t0
    t0 = time.perf_counter()
    stop(h)
    down = time.perf_counter() - t0
    r = {"way": name, "startup_s": round(up, 2), "overhead_ms_per_task": round(over * 1000, 3),
         "games": len(outs), "games_per_s": round(len(outs) / dt, 2), "shutdown_s": round(down, 2),
         "winners": sorted((tuple(o["bots"]), o["seed"], o["winner"], o["moves"]) for o in outs)}
    print(json.dumps({k: v for k, v in r.items() if k != "winners"}), flush=True)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--noop", type=int, default=400)
    ap.add_argument("--only", default="inproc,pool,dask,ray")
    a = ap.parse_args()
    only = a.only.split(",")
    results = []
    if "inproc" in only:
        results.append(measure("in-process", lambda: None, lambda h, xs, f: [f(x) for x in xs], lambda h: None,
                               a.noop, a.games))
    if "pool" in only:
        from concurrent.futures import ProcessPoolExecutor

        results.append(measure("process pool", lambda: ProcessPoolExecutor(a.workers),
                               lambda h, xs, f: list(h.map(f, xs)), lambda h: h.shutdown(), a.noop, a.games))
    if "dask" in only:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            pass
        else:
            def start():
                cl = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None)
                return cl, Client(cl)

            def run(h, xs, f):
                return h[1].gather(h[1].map(f, xs, pure=False))

            def stop(h):
                h[1].close()
                h[0].close()

            results.append(measure("dask", start, run, stop, a.noop, a.games))
    if "ray" in only:
        try:
            import ray
        except ImportError:
            pass
        else:
            def start():
                ray.init(num_cpus=a.workers, include_dashboard=False, log_to_driver=False)
                return ray.remote(noop), ray.remote(game)

            def run(h, xs, f):
                rf = h[0] if f is noop else h[1]
                return ray.get([rf.remote(x) for x in xs])

            results.append(measure("ray", start, run, lambda h: ray.shutdown(), a.noop, a.games))
    ref = results[0]["winners"]
    print("identical results:", all(r["winners"] == ref for r in results))


if __name__ == "__main__":
    main()
