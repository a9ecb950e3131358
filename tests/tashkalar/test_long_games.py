"""The long run (CRYSTALCLANS_LONG=1, `python build.py test --long`): 20,000 seeded random Tash-Kalar games
on all cores, every one ending with winners, the invariants (tashkalar.invariants) checked after every
action, and every 20th game's save replayed to the same state hash.

The games cover every configuration the engine offers, read from the engine itself: each mode of
tashkalar.game.MODES, with every player count (2 to 4) and scoring form (tashkalar.setup.FORMS, where
Game.new takes one) that Game.new accepts, so new modes (Melee, Team) join without an edit here. Each game
takes a seeded random choice of distinct playable decks (tashkalar.PLAYABLE_DECKS). Three games in four
are played by a player that prefers summons, flares and tasks (so effects are played), the fourth by one
that picks uniformly among the legal actions.

The ordinary run only checks that every mode has a configuration here (milliseconds); the games are
skipped. TASHKALAR_LONG_GAMES=N plays N games instead of 20,000 (to time a shorter run). Measured on this
shared 2-core machine, both cores: 20,000 Duel and High Form games (5.4 million actions) in 486 s; with the
Melee (3, 4 players) and Team (both forms) games, 20,000 games over 6 configurations (6.0 million actions)
in 759 s.
"""
from __future__ import annotations

import functools
import inspect
import json
import os
import time
import traceback

import pytest

import tashkalar as tk
from crystalclans.rng import Rng, seed_state

from ..conftest import LONG
from .conftest import play_out, random_policy, uniform_policy

GAMES = int(os.environ.get("TASHKALAR_LONG_GAMES", "20000"))
CHUNK = 100  # games per task handed to a worker process
MAX_ACTIONS = 6000  # a game still running after this many actions fails (so a run always ends)
SEED_BASE = 200_000  # apart from tests/tashkalar/test_random_games.py's seeds
PLAYER_COUNTS = range(2, 5)


def engine_modes() -> tuple[str, ...]:
    from tashkalar import game, setup

    for where in (tk, game, setup):
        modes = getattr(where, "MODES", None)
        if modes:
            return tuple(modes)
    return ("duel", "high_form")


@functools.lru_cache(maxsize=None)
def configurations() -> tuple[tuple[tuple[str, object], ...], ...]:
    """Every (mode, players[, form]) Game.new accepts, as sorted keyword items, one per distinct game setup
    (e.g. a Team game with no form and with form "high_form" are one)."""
    from tashkalar import setup

    takes_form = "form" in inspect.signature(tk.Game.new).parameters
    forms = (None, *getattr(setup, "FORMS", ())) if takes_form else (None,)
    found: dict[str, tuple] = {}
    for mode in engine_modes():
        for players in PLAYER_COUNTS:
            if players > len(tk.PLAYABLE_DECKS):
                continue
            for form in forms:
                kw = {"mode": mode, "players": players, **({"form": form} if form is not None else {})}
                try:
                    g = tk.Game.new(decks=tuple(tk.PLAYABLE_DECKS[:players]), seed=0, **kw)
                except ValueError:
                    continue
                key = json.dumps({k: v for k, v in g.setup.items() if k not in ("decks", "seed", "first_player")},
                                 sort_keys=True)
                found.setdefault(key, tuple(sorted(kw.items())))
    return tuple(found.values())


def label(config) -> str:
    """e.g. "team players=4 form=duel"."""
    kw = dict(config)
    return " ".join([kw.pop("mode"), *(f"{k}={v}" for k, v in sorted(kw.items(), key=lambda kv: kv[0] != "players"))])


def game_setup(i: int) -> dict:
    """Game i's keyword arguments for Game.new: its configuration, seed and decks."""
    configs = configurations()
    kw = dict(configs[i % len(configs)])
    decks = list(tk.PLAYABLE_DECKS)
    Rng(seed_state(SEED_BASE + i, 9)).shuffle(decks)
    return {**kw, "decks": tuple(decks[:kw["players"]]), "seed": SEED_BASE + i}


def play(i: int) -> tk.Game:
    g = tk.Game.new(**game_setup(i))
    uniform = i % 4 == 3
    choose = uniform_policy(Rng(seed_state(SEED_BASE + i, 5))) if uniform else random_policy(SEED_BASE + i)
    play_out(g, choose, MAX_ACTIONS, f"game {i}")
    assert g.winners and all(0 <= w < g.n for w in g.winners), f"winners {g.winners!r}"
    if i % 20 == 0:
        again = tk.Game.from_json(g.to_json())
        assert again.state_hash() == g.state_hash() and again.log == g.log, "the save does not replay"
    return g


def _chunk(start: int) -> dict:
    """Games start..start+CHUNK-1 (in a worker process): counts per configuration, or the first failure."""
    out: dict = {"games": 0, "actions": 0, "by_config": {}, "failure": None}
    for i in range(start, min(start + CHUNK, GAMES)):
        try:
            g = play(i)
        except Exception:
            kw = game_setup(i)
            out["failure"] = (f"game {i} ({'uniform' if i % 4 == 3 else 'summoning'} player), "
                              f"tk.Game.new(**{kw!r}):\n{traceback.format_exc()}")
            return out
        row = out["by_config"].setdefault(label(configurations()[i % len(configurations())]), [0, 0])
        row[0] += 1
        row[1] += len(g.log)
        out["games"] += 1
        out["actions"] += len(g.log)
    return out


def test_every_mode_has_a_configuration():
    """Every mode the engine lists plays in the long run (a mode with none would silently drop out)."""
    modes = {dict(c)["mode"] for c in configurations()}
    assert modes == set(engine_modes()), f"modes with no configuration Game.new accepts: {set(engine_modes()) - modes}"
    assert GAMES >= len(configurations())


@pytest.mark.skipif(not LONG, reason="long mode only (CRYSTALCLANS_LONG=1, python build.py test --long)")
def test_long_random_games(capsys):
    from concurrent.futures import ProcessPoolExecutor  # only here: Pyodide has no processes

    configurations()  # computed once, before the workers fork
    started = time.perf_counter()
    workers = os.cpu_count() or 2
    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = list(pool.map(_chunk, range(0, GAMES, CHUNK)))
    seconds = time.perf_counter() - started
    failures = [p["failure"] for p in parts if p["failure"]]
    assert not failures, f"{len(failures)} chunk(s) failed; the first:\n{failures[0]}"
    games = sum(p["games"] for p in parts)
    actions = sum(p["actions"] for p in parts)
    assert games == GAMES
    by_config: dict[str, list[int]] = {}
    for p in parts:
        for k, (n, a) in p["by_config"].items():
            row = by_config.setdefault(k, [0, 0])
            row[0] += n
            row[1] += a
    assert set(by_config) == {label(c) for c in configurations()}
    with capsys.disabled():
        print(f"\n[tashkalar long] {games} games, {actions} actions in {seconds:.0f} s on {workers} processes "
              f"({games / seconds:.1f} games/s, {actions / seconds:.0f} actions/s with invariants)", flush=True)
        for k, (n, a) in sorted(by_config.items()):
            print(f"  {k:<28} {n:>6} games, {a / n:.0f} actions each", flush=True)
