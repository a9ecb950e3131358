"""Engine benchmark (CPython or Pyodide): random-game throughput with full legality, and the cost of the
hot calls (building the action choice, legal_actions(), apply(), clone()), also on crowded boards, and the
time to load the worst legal save (worst_game: the longest game the rules allow us to build; goal < 0.5 s).

    python -m tashkalar.bench [--seconds 5] [--json]

`python build.py bench` (bench/tashkalar_bench.py) runs bench_round() in CPython and in Pyodide under Node,
alternately, and prints the medians side by side.

Two players: "uniform" picks any legal option (mostly common pieces, like crystalclans.simulate's
throughput), "summoning" prefers summons and flares, so effects and placements are played often. The
issue's goal: >= 30,000 actions/s.
"""
from __future__ import annotations

import argparse
import json
import platform
import time

from gamecore.rng import Rng, seed_state

from .board import ON
from .content import PLAYABLE_DECKS
from .game import Game
from .summon import MAX_CANCELS

PAIRS = [(a, b) for a in PLAYABLE_DECKS for b in PLAYABLE_DECKS if a != b]
CROWDED = 30  # pieces on the 69 squares from which a board counts as crowded (late game; few boards hold more)
MODES = {"melee3": ("melee", 3, None), "melee4": ("melee", 4, None), "team_high_form": ("team", 4, "high_form"),
         "team_duel": ("team", 4, "duel")}


def policy(name: str, seed: int):
    rng = Rng(seed_state(seed, 31))

    def uniform(g: Game):
        opts = g.decision.options
        return opts[rng.below(len(opts))]

    def summoning(g: Game):
        opts = g.decision.options
        if g.decision.kind == "action" and rng.below(4):
            pref = [a for a in opts if a.kind in ("summon", "light")]
            if pref:
                return pref[rng.below(len(pref))]
        if g.decision.kind == "placement" and len(opts) > 1:
            return opts[rng.below(len(opts) - 1)]  # never cancel
        return opts[rng.below(len(opts))]
    return uniform if name == "uniform" else summoning


def game_for(i: int) -> Game:
    return Game.new(mode=("duel", "high_form")[i % 2], decks=PAIRS[i % len(PAIRS)], seed=i)


def multi_game_for(i: int, which: str) -> Game:
    mode, n, form = MODES[which]
    decks = list(PLAYABLE_DECKS)
    Rng(seed_state(i, 3)).shuffle(decks)
    return Game.new(mode=mode, players=n, decks=tuple(decks[:n]), seed=i, form=form)


def throughput(seconds: float = 2.0, name: str = "uniform", mode: str = "two") -> dict:
    t0 = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - t0 < seconds:
        g = game_for(games) if mode == "two" else multi_game_for(games, mode)
        choose = policy(name, games)
        while not g.over:
            g.apply(choose(g))
        games += 1
        actions += len(g.log)
    dt = time.perf_counter() - t0
    return {"policy": name, "mode": mode, "games": games, "actions": actions, "seconds": round(dt, 3),
            "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games)}


_STATES: dict = {}


def sample_states(samples: int = 1500) -> "list[Game]":
    """Every fifth state of seeded 'summoning' games (the same states in CPython and Pyodide); built once and
    kept, so repeated measurements time the same positions."""
    key = ("sample", samples)
    if key not in _STATES:
        states: list[Game] = []
        i = 0
        while len(states) < samples:
            g = game_for(1000 + i)
            choose = policy("summoning", i)
            step = 0
            while not g.over:
                if step % 5 == 0:
                    states.append(g.clone(story=False))
                g.apply(choose(g))
                step += 1
            i += 1
        _STATES[key] = states[:samples]
    return _STATES[key]


def pieces(g: Game) -> int:
    return sum(1 for s in ON if g.cells[s] >= 0)


def crowded_states(count: int = 300, min_pieces: int = CROWDED) -> "list[Game]":
    """States of seeded 'summoning' games where a player chooses her action (actions left) with at least
    `min_pieces` of the 69 squares taken: late-game boards, where the summon legality (every pattern, every
    orientation, every placement) has the most to check."""
    key = ("crowded", count, min_pieces)
    if key not in _STATES:
        states: list[Game] = []
        i = 0
        while len(states) < count and i < 50 * count:  # bounded, should boards stop filling up
            g = game_for(5000 + i)
            choose = policy("summoning", 5000 + i)
            while not g.over and len(states) < count:
                d = g.decision
                if d.kind == "action" and g.actions_left > 0 and pieces(g) >= min_pieces:
                    states.append(g.clone(story=False))
                g.apply(choose(g))
            i += 1
        if not states:
            raise RuntimeError(f"no board with {min_pieces} pieces in {i} random games")
        _STATES[key] = states
    return _STATES[key]


def micro(samples: int = 1500) -> dict:
    """Mean times in microseconds over states of 'summoning' games: apply() (with the next decision), the
    action choice built from scratch, legal_actions(), clone()."""
    states = sample_states(samples)
    out: dict = {"states": len(states)}
    moves = [policy("summoning", 7)(g) for g in states]
    copies = [g.clone(story=False) for g in states]
    t0 = time.perf_counter()
    for g, a in zip(copies, moves):
        g.apply(a)
    out["apply_us"] = round((time.perf_counter() - t0) / len(states) * 1e6, 1)
    at_action = [g.clone(story=False) for g in states if g.decision is not None and g.decision.kind == "action"]
    t0 = time.perf_counter()
    for g in at_action:
        g.stack[-1].run(g)
    out["action_choice_us"] = round((time.perf_counter() - t0) / len(at_action) * 1e6, 1)
    out["action_choice_options"] = round(sum(len(g.decision.options) for g in at_action) / len(at_action), 1)
    t0 = time.perf_counter()
    for g in states:
        g.legal_actions()
    out["legal_actions_us"] = round((time.perf_counter() - t0) / len(states) * 1e6, 2)
    t0 = time.perf_counter()
    for g in states:
        g.clone(story=False)
    out["clone_us"] = round((time.perf_counter() - t0) / len(states) * 1e6, 1)
    return out


def crowded(count: int = 300, min_pieces: int = CROWDED) -> dict:
    """On crowded boards (crowded_states): legal_actions() (the decision's options, computed with the state)
    and the same legal actions computed from scratch (the action choice: every empty square, every summon
    with full pattern legality, discards, flares), mean microseconds."""
    states = crowded_states(count, min_pieces)
    out: dict = {"crowded_states": len(states), "crowded_pieces": round(sum(map(pieces, states)) / len(states), 1),
                 "crowded_options": round(sum(len(g.decision.options) for g in states) / len(states), 1)}
    t0 = time.perf_counter()
    for g in states:
        g.legal_actions()
    out["crowded_legal_actions_us"] = round((time.perf_counter() - t0) / len(states) * 1e6, 2)
    copies = [g.clone(story=False) for g in states]
    t0 = time.perf_counter()
    for g in copies:
        g.stack[-1].run(g)
    out["crowded_from_scratch_us"] = round((time.perf_counter() - t0) / len(states) * 1e6, 1)
    return out


WORST_MODES = {"duel": ("duel", 2, None), "high_form": ("high_form", 2, None), **MODES}


def worst_game(which: str = "duel", seed: int = 0) -> Game:
    """The longest legal game we know how to build (its save is the worst a player can make): every turn
    cancels a summon (or an improvised one) as often as `cancel` is offered (rules.MAX_CANCELS), then puts
    common pieces (moving its own when the supply is out), never summons, lights nothing and claims no task,
    so no deck runs out and nobody scores: the game goes on until the turn limit ends it (rules.TURN_LIMIT,
    MAX_TURNS)."""
    mode, n, form = WORST_MODES[which]
    decks = list(PLAYABLE_DECKS)
    Rng(seed_state(seed, 5)).shuffle(decks)
    g = Game.new(mode=mode, players=n, decks=tuple(decks[:n]), seed=seed, form=form)
    g.events = None  # no story (as a bot's copies): only the log matters here
    while not g.over:
        d = g.decision
        opts = d.options
        top = g.stack[-1]
        pick = None
        if d.kind == "action" and getattr(top, "cancels", MAX_CANCELS) < MAX_CANCELS:
            pick = next((a for a in opts if a.kind in ("summon", "improvise")), None)
        if pick is None:
            pick = next((a for a in opts if a.kind in ("cancel", "place", "take", "end", "skip", "own", "start",
                                                     "done")), opts[0])
        g.apply(pick)
    return g


def worst_save(which: str = "duel", loads: int = 5) -> dict:
    """The worst legal save (worst_game's): its log entries, its characters, and the time to load it (from_json:
    parse, validate, replay every move, compare the state hash) in milliseconds, the best and the median of
    `loads` loads (on a shared machine the best is the engine's cost; the others add the neighbours' load)."""
    key = ("worst", which)
    if key not in _STATES:
        g = worst_game(which)
        _STATES[key] = (g.turn, len(g.log), g.to_json())
    turns, entries, text = _STATES[key]
    Game.from_json(text)  # pydantic imported and the save model built once, outside the timing
    times = []
    for _ in range(loads):
        t0 = time.perf_counter()
        Game.from_json(text)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"mode": which, "turns": turns, "entries": entries, "chars": len(text),
            "load_ms": round(times[0] * 1000, 1), "load_median_ms": round(times[len(times) // 2] * 1000, 1)}


def bench_round(seconds: float = 1.0) -> dict:
    """One measurement of everything (flat numbers): each policy's throughput for `seconds` (two players), each
    MODES entry's uniform throughput for `seconds` / 2, micro(), crowded(). `bench/tashkalar_bench.py` takes the median of several rounds in CPython and in Pyodide."""
    out: dict = {}
    for name in ("uniform", "summoning"):
        t = throughput(seconds, name)
        out[f"{name}_actions_per_s"] = t["actions_per_s"]
        out[f"{name}_games"] = t["games"]
    for m in MODES:  # the Melee and Team games, uniform player, half the time each
        out[f"{m}_uniform_actions_per_s"] = throughput(seconds / 2, "uniform", m)["actions_per_s"]
    out.update(micro())
    out.update(crowded())
    out["worst_save_load_ms"] = worst_save("melee4", loads=1)["load_ms"]
    return out


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-modes", action="store_true", help="only the two-player games")
    args = ap.parse_args(argv)
    result = {"python": platform.python_version(), "implementation": platform.python_implementation(),
              "uniform": throughput(args.seconds, "uniform"), "summoning": throughput(args.seconds, "summoning"),
              **micro(), **crowded()}
    result["worst_saves"] = [worst_save(m) for m in WORST_MODES]
    if not args.no_modes:
        result["modes"] = {m: {name: throughput(args.seconds / 2, name, m) for name in ("uniform", "summoning")}
                           for m in MODES}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['implementation']} {result['python']}")
    for name in ("uniform", "summoning"):
        t = result[name]
        print(f"  {name:<10} {t['actions_per_s']:>8,} actions/s  ({t['games']} games, {t['actions_per_game']} "
              f"actions each, {t['seconds']} s; goal >= 30,000)")
    print(f"  apply()            {result['apply_us']:>7} us  (with the next decision)")
    print(f"  action choice      {result['action_choice_us']:>7} us  (built from scratch, full legality, "
          f"{result['action_choice_options']} options on average)")
    print(f"  legal_actions()    {result['legal_actions_us']:>7} us")
    print(f"  clone()            {result['clone_us']:>7} us")
    print(f"  crowded board      {result['crowded_legal_actions_us']:>7} us legal_actions(), "
          f"{result['crowded_from_scratch_us']} us computed from scratch ({result['crowded_states']} boards with "
          f"{result['crowded_pieces']} pieces and {result['crowded_options']} options on average)")
    for w in result["worst_saves"]:
        print(f"  worst save {w['mode']:<15} {w['load_ms']:>6} ms to load, median {w['load_median_ms']} ms "
              f"({w['entries']:,} moves over {w['turns']} turns, {w['chars']:,} characters; goal < 500 ms)")
    for m, both in result.get("modes", {}).items():
        print(f"  {m:<15}" + "  ".join(f"{name} {t['actions_per_s']:>7,} actions/s ({t['games']} games, "
                                        f"{t['actions_per_game']} actions each)" for name, t in both.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
