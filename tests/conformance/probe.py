"""Run by test_hash_seeds.py in a fresh interpreter with another PYTHONHASHSEED (and imported by it, for the
same fingerprint here): reads {"game": "<module>:<class>", "deals": [[setup, log, stops, seats], ...]} on
stdin, replays each log from its setup and writes the fingerprint of the game at each stop (moves played)."""
from __future__ import annotations

import hashlib
import importlib
import json
import sys


def fingerprint(g, seats: int) -> list:
    """What two interpreters must agree on: the state hash, the options in order, the views' JSON text (key
    order included) and the save's text."""
    views = "\n".join(json.dumps(g.view(p)) for p in range(seats))
    return [g.state_hash(), [str(a) for a in g.legal_actions()], hashlib.sha256(views.encode()).hexdigest(),
            g.to_json()]


def fingerprints(Game, deals: list) -> list:
    out = []
    for setup, log, stops, seats in deals:
        g = Game.from_setup(setup)
        k = 0
        for stop in stops:
            while k < stop:
                g.apply(log[k])
                k += 1
            out.append(fingerprint(g, seats))
    return out


if __name__ == "__main__":
    job = json.load(sys.stdin)
    mod, _, qual = job["game"].partition(":")
    json.dump(fingerprints(getattr(importlib.import_module(mod), qual), job["deals"]), sys.stdout)
