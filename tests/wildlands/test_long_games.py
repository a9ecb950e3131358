"""The long run (CRYSTALCLANS_LONG=1): 10,000 seeded random Wildlands games on all cores over both maps
and 2, 3 and 4 players (factions drawn from the seed), every one ending with winners, the invariants
(wildlands.invariants) checked after every action, every 20th save replayed to the same state hash.
Three games in four are played by a player that prefers attacks and pickups, the fourth uniformly.
WILDLANDS_LONG_GAMES=N plays N games instead. The ordinary run plays none of them (skipped)."""
from __future__ import annotations

import os
import time
import traceback

import pytest

import wildlands as wl
from crystalclans.rng import Rng, seed_state
from wildlands import invariants

from ..conftest import LONG
from .conftest import play_out, random_policy, uniform_policy

GAMES = int(os.environ.get("WILDLANDS_LONG_GAMES", "10000"))
CHUNK = 100
MAX_ACTIONS = 100_000
SEED_BASE = 500_000
CONFIGS = [(b, n) for b in ("dungeon", "ruins") for n in (2, 3, 4)]


def game_setup(i: int) -> dict:
    board, n = CONFIGS[i % len(CONFIGS)]
    factions = list(wl.FACTION_IDS)
    Rng(seed_state(SEED_BASE + i, 9)).shuffle(factions)
    return {"board": board, "factions": tuple(factions[:n]), "seed": SEED_BASE + i}


def play(i: int) -> wl.Game:
    g = wl.new_game(**game_setup(i))
    choose = uniform_policy(SEED_BASE + i) if i % 4 == 3 else random_policy(SEED_BASE + i)
    play_out(g, choose, MAX_ACTIONS, check=invariants.check)
    assert g.winners
    if i % 20 == 0:
        again = wl.Game.from_json(g.to_json())
        assert again.state_hash() == g.state_hash()
    return g


def _chunk(start: int) -> dict:
    out = {"games": 0, "actions": 0, "prompts": 0, "failure": None}
    for i in range(start, min(start + CHUNK, GAMES)):
        try:
            g = play(i)
        except Exception:
            out["failure"] = f"game {i}, wl.new_game(**{game_setup(i)!r}):\n{traceback.format_exc()}"
            return out
        out["games"] += 1
        out["actions"] += len(g.log)
        out["prompts"] += sum(g.prompts)
    return out


def test_the_long_run_covers_every_map_and_player_count():
    assert {(game_setup(i)["board"], len(game_setup(i)["factions"])) for i in range(6)} == set(CONFIGS)


@pytest.mark.skipif(not LONG, reason="long mode only (CRYSTALCLANS_LONG=1)")
def test_long_random_games(capsys):
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        parts = list(pool.map(_chunk, range(0, GAMES, CHUNK)))
    seconds = time.perf_counter() - started
    failures = [p["failure"] for p in parts if p["failure"]]
    assert not failures, f"{len(failures)} chunk(s) failed; the first:\n{failures[0]}"
    games = sum(p["games"] for p in parts)
    actions = sum(p["actions"] for p in parts)
    assert games == GAMES
    with capsys.disabled():
        print(f"\n[wildlands long] {games} games, {actions} actions in {seconds:.0f} s "
              f"({actions / seconds:.0f} actions/s with invariants), "
              f"{sum(p['prompts'] for p in parts) / games:.0f} out-of-turn prompts a game", flush=True)
