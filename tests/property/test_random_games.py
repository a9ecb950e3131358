"""Seeded random playouts: zero exceptions, every game ends, invariants hold after every action, and a
save replays to the same state hash. The normal suite plays 192 games over all 21 pairings (12 for each
pairing of Blood, Skull and Flower, whose powers came first, 8 for each other one; every third game with the
mulligan; cut from 2,100 in steps to keep the whole suite under CI's 20 minutes, last from 480 for the 10
minutes of issue 51); `python build.py test --long` plays 100,000 (both cores)."""
from __future__ import annotations

import os
import traceback
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crystalclans as cc
from crystalclans import invariants
from crystalclans.simulate import MAX_ACTIONS, pairings, random_game

from ..conftest import LONG

PAIRS = pairings()
GAMES = 100_000  # the long run
PART_ONE = {"blood", "skull", "flower"}


def games_for(pair: tuple[str, str]) -> int:
    return 12 if set(pair) <= PART_ONE else 8


def play_checked(clans: tuple[str, str], seed: int, replay: bool = True) -> tuple[int, int]:
    expected: list = []

    def check(g: cc.Game) -> None:
        if not expected:
            expected.extend((invariants.deck_multiset(g, 0), invariants.deck_multiset(g, 1)))
        invariants.check(g, tuple(expected))

    g = random_game(clans, seed, mulligan=seed % 3 == 0, check=check)
    assert g.winner in (0, 1), f"{clans} seed {seed} did not finish in {MAX_ACTIONS} actions"
    if replay:
        assert cc.Game.from_json(g.to_json()).state_hash() == g.state_hash()
    return g.winner, len(g.log)


def _chunk(args: tuple[int, int]) -> tuple[int, int]:
    start, count = args
    actions = 0
    for i in range(start, start + count):
        _, n = play_checked(PAIRS[i % len(PAIRS)], 10_000 + i, replay=i % 50 == 0)
        actions += n
    return count, actions


def _pairing_run(pair: tuple[str, str]) -> tuple[list[int], str | None]:
    """One pairing's games (in a worker process): wins per seat, or the first failure's traceback."""
    idx = PAIRS.index(pair)
    wins = [0, 0]
    try:
        for k in range(games_for(pair)):
            w, _ = play_checked(pair, 10_000 + idx + k * len(PAIRS))
            wins[w] += 1
    except Exception:  # reported by the pairing's own test below
        return wins, traceback.format_exc()
    return wins, None


@pytest.fixture(scope="module")
def pairing_results() -> dict:
    """Every pairing's games, on all cores at once (the tests below each report one pairing)."""
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(zip(PAIRS, pool.map(_pairing_run, PAIRS)))


@pytest.mark.skipif(LONG, reason="the long run plays all pairings in test_long_run")
@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_random_games_per_pairing(pair, pairing_results):
    wins, failure = pairing_results[pair]
    assert failure is None, f"{pair}: game {sum(wins) + 1} of {games_for(pair)} failed:\n{failure}"
    assert sum(wins) == games_for(pair)


def test_the_normal_run_covers_every_pairing():
    assert len(PAIRS) == 21 and sum(games_for(p) for p in PAIRS) == 192
    assert sum(games_for(p) >= 12 for p in PAIRS) == 6


@pytest.mark.skipif(not LONG, reason="long mode only (python build.py test --long)")
def test_long_run():
    chunk = 500
    jobs = [(s, min(chunk, GAMES - s)) for s in range(0, GAMES, chunk)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        done = list(pool.map(_chunk, jobs))
    assert sum(n for n, _ in done) == GAMES


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pair=st.sampled_from(PAIRS), picks=st.lists(st.integers(0, 10**6), max_size=400))
def test_hypothesis_action_sequences_keep_invariants(seed, pair, picks):
    """Hypothesis chooses the actions (it shrinks failures to short sequences)."""
    g = cc.new_game(pair, seed=seed, mulligan=seed % 2 == 0)
    expected = (invariants.deck_multiset(g, 0), invariants.deck_multiset(g, 1))
    for k in picks:
        if g.decision is None:
            break
        opts = g.legal_actions()
        g.apply(opts[k % len(opts)])
        invariants.check(g, expected)
    assert cc.Game.from_json(g.to_json()).state_hash() == g.state_hash()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), at=st.integers(0, 600))
def test_clone_then_same_choices_same_game(seed, at):
    g = random_game(("blood", "water"), seed)
    replay = cc.new_game(("blood", "water"), seed=seed)
    for text in g.log[:at]:
        replay.apply(text)
    fork = replay.clone()
    for text in g.log[at:]:
        fork.apply(text)
    assert fork.state_hash() == g.state_hash()
