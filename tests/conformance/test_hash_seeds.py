"""A game is the same under any PYTHONHASHSEED: replayed in fresh interpreters with other hash seeds (so every
set and every str hash iterates in another order), each deal reaches the same state hashes, the same options in
the same order, the same views (their JSON text, key order included) and the same save text as here. The
engines' hashes are what two linked pages compare, and CPython and Pyodide seed their str hashes apart."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from . import probe
from .kit import entry, module, played, seats

HASH_SEEDS = ("0", "4242")
WHAT = ("state_hash", "options", "views", "save")


def test_the_same_game_under_other_hash_seeds(game):
    G = module(game).Game
    deals = []
    for d in entry(game).deals:
        g = played(game, d.label).final
        n = len(g.log)
        deals.append([g.setup, g.log, sorted({0, 1, n // 4, n // 2, 3 * n // 4, n}), len(seats(g))])
    expected = probe.fingerprints(G, deals)
    job = json.dumps({"game": f"{G.__module__}:{G.__qualname__}", "deals": deals})
    engines = str(Path(sys.modules[G.__module__.split(".")[0]].__file__).resolve().parents[1])
    for seed in HASH_SEEDS:
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=engines)
        run = subprocess.run([sys.executable, probe.__file__], input=job, capture_output=True, text=True, env=env,
                             check=False)
        assert run.returncode == 0, run.stderr[-2000:]
        got = json.loads(run.stdout)
        assert len(got) == len(expected)
        for i, (a, b) in enumerate(zip(got, expected)):
            if a != b:
                what = WHAT[next(j for j in range(4) if a[j] != b[j])]
                pytest.fail(f"PYTHONHASHSEED={seed}: at stop {i} of {game}'s deals, the {what} differ")
