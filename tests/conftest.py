"""Shared test helpers: random states of every decision kind, quick scenario builders."""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

import crystalclans as cc
from crystalclans.rng import Rng, seed_state
from crystalclans.simulate import pairings

LONG = os.environ.get("CRYSTALCLANS_LONG") == "1"
# how deep the hostile nested values of the tests go: far past any recursion limit; in Pyodide a list nested
# some 5,000 deep takes the runtime down as it is freed (a JSON text never gets there: its depth is checked first)
DEEP = 10_000 if sys.platform != "emscripten" else 3_000


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "quiet: a test that measures time: it runs last, when the tests without a "
                            "browser that build.py runs beside (BESIDE) have finished and the cores are free")


def pytest_collection_modifyitems(items: list) -> None:
    # The computer's thinking time in the browser, measured while the beside run shared the two cores, came to
    # 1.6 s median in a CI run (0.8 s alone): a timing test runs at the end, when nothing else runs.
    items.sort(key=lambda item: item.get_closest_marker("quiet") is not None)


def sample_states(games: int = 30, every: int = 5, seed: int = 500, mulligan_every: int = 3):
    """Yield (game, step) snapshots from seeded random games, covering every decision kind random play reaches."""
    pairs = pairings()
    for i in range(games):
        g = cc.new_game(pairs[i % len(pairs)], seed=seed + i, mulligan=(i % mulligan_every == 0))
        bot = Rng(seed_state(seed + i, 1))
        step = 0
        while g.decision is not None:
            if step % every == 0:
                yield g.clone(), step
            opts = g.decision.options
            g.apply(opts[bot.below(len(opts))])
            step += 1
        yield g, step


@pytest.fixture
def blood_skull():
    return cc.new_game(("blood", "skull"), seed=7, first_player=0)


def tool(name: str):
    """A module of the repository's tools/ folder (scripts, not a package), imported for a test."""
    folder = str(Path(__file__).resolve().parent.parent / "tools")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(folder)


def pytest_terminal_summary(terminalreporter) -> None:
    from .fuzzkit import write_summary  # every fuzz suite's counts (tests/fuzzkit.py)

    write_summary(terminalreporter)
