"""Benchmarks: `PYTHONPATH=py python -m wildlands.bench [seconds]`.

* throughput: random games (uniform choice among the legal actions, every decision built with its full
  legality) for the given time, per player count: actions per second, games, actions and turns a game,
  and the out-of-turn prompts a game (interrupt windows and defence questions, rules.py's privacy design);
* crowded: legal_actions() of a crowded board (4 factions, all 20 figures revealed on 6 spaces of the
  Ruins, full hands of cards with many attacks): microseconds per decision and its number of options;
* clone: microseconds per clone() of a mid-game state;
* decisions: the bots' thinking time per decision (median, p95, max in ms) over action choices taken from
  seeded greedy self-play (`decision_times`; bench/wildlands_search_bench.py runs it in CPython and in Pyodide);
* worst save: `Game.from_json` of the costliest legal saves we know how to make (`worst_saves`: crowded
  positions of 2 and 4 factions played to rules.MAX_MOVES by a player that keeps every turn's decision as
  large as it can: climbs and pickups cancelled as often as allowed, steps back and forth, every window
  passed): milliseconds to load, the best of three.
"""
from __future__ import annotations

import sys
import time
from functools import partial

from gamecore.bots import decision_timings, useful
from gamecore.rng import Rng, seed_state

from . import FACTION_IDS, Game, new_game


def throughput(seconds: float = 2.0, players: int = 2, board: str = "dungeon") -> dict:
    rng = Rng(seed_state(1, 2))
    games = actions = turns = prompts = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games == 0:
        g = new_game(board=board, factions=FACTION_IDS[:players], seed=seed)
        seed += 1
        while not g.over:
            opts = g.decision.options
            g.apply(opts[rng.below(len(opts))])
        games += 1
        actions += len(g.log)
        turns += g.turn
        prompts += sum(g.prompts)
    t = time.perf_counter() - start
    return {"players": players, "board": board, "games": games, "actions_per_s": round(actions / t),
            "actions_per_game": round(actions / games), "turns_per_game": round(turns / games, 1),
            "prompts_per_game": round(prompts / games), "seconds": round(t, 2)}


def crowded() -> Game:
    ids = {f: Game.new(factions=(f, "guild" if f != "guild" else "gnomads")).ids[:5] for f in FACTION_IDS}
    spaces = [17, 18, 24, 25, 10, 19]
    chars = {}
    k = 0
    for f in FACTION_IDS:
        for cid in ids[f]:
            chars[cid] = spaces[k % len(spaces)]
            k += 1
    hands = [["c1", "c2", "c3", "c4", "c5", "c6", "s"] for _ in FACTION_IDS]
    return Game.from_position({"board": "ruins", "factions": list(FACTION_IDS), "characters": chars,
                               "hands": hands})


def legality_on_a_crowded_board(repeat: int = 300) -> dict:
    from .rules import turn_options

    g = crowded()
    n = len(turn_options(g, 0))
    start = time.perf_counter()
    for _ in range(repeat):
        turn_options(g, 0)
    us = (time.perf_counter() - start) / repeat * 1e6
    return {"options": n, "us_per_legal_actions": round(us, 1)}


def clone_cost(repeat: int = 2000) -> dict:
    g = new_game(board="ruins", factions=FACTION_IDS, seed=5)
    rng = Rng(3)
    for _ in range(400):
        if g.over:
            break
        opts = g.decision.options
        g.apply(opts[rng.below(len(opts))])
    start = time.perf_counter()
    for _ in range(repeat):
        g.clone(story=False)
    return {"us_per_clone": round((time.perf_counter() - start) / repeat * 1e6, 1)}


def search_positions(count: int = 40, seed: int = 11) -> "list[Game]":
    """`count` action choices (play or reveal, more than one useful option) spread over seeded greedy
    self-play games, two players, boards and faction pairings in turn: the positions a search is timed on."""
    from .ai import make_bot
    from .ai.tournament import deals

    out: "list[Game]" = []
    k = 0
    while len(out) < count:
        factions, board = deals()[(seed + k) % len(deals())]
        g = new_game(board=board, factions=factions, seed=seed + k)
        bots = [make_bot("greedy", seed=seed + k + i) for i in range(2)]
        n = 0
        while not g.over and len(out) < count:
            d = g.decision
            if d.kind in ("play", "reveal") and len(useful(d.options)) > 1 and n % 9 == 0:
                out.append(g.clone())
            n += 1
            g.apply(bots[d.player].choose(g))
        k += 1
    return out


def decision_times(names: "tuple[str, ...]" = ("greedy", "search"), count: int = 40,
                   limit: "float | None" = None) -> dict:
    """Median, p95 and max thinking time (ms) per bot over `count` search_positions; `limit`: the search's
    time limit in seconds (the app's worker gives the hard level 2 s), None: none."""
    from .ai import make_bot

    games = search_positions(count)
    capped = {"limit": limit} if limit else {}  # the search's cap; the random and greedy bots take none
    return {name: decision_timings(partial(make_bot, name, **({} if name in ("random", "greedy") else capped)), games)
            for name in names}


def _stalling_choice(g: Game, rng: Rng):
    """A legal action that keeps the game going with big decisions: climbs and pickups begun and
    cancelled while cancel is offered, else a step (so the crowd stays), passes in every window."""
    d = g.decision
    opts = d.options
    if d.kind in ("interrupt", "defend"):
        return opts[0]
    if d.kind == "pay":
        return opts[-1] if str(opts[-1]) == "cancel" else opts[0]
    if d.kind in ("play", "reveal"):
        from .rules import CANCELS_PER_TURN

        if g.cancels < CANCELS_PER_TURN:
            costly = [a for a in opts if a.kind in ("climb", "pickup")]
            if costly:
                return costly[rng.below(len(costly))]
        steps = [a for a in opts if a.kind == "move" or a.kind == "reveal"]
        if steps:
            return steps[rng.below(len(steps))]
        return opts[-1]
    return opts[rng.below(len(opts))]


def worst_saves() -> "list[str]":
    """The costliest legal saves to load that we know how to make (see the module's docstring)."""
    from .rules import MAX_MOVES

    out = []
    for factions in (list(FACTION_IDS[:2]), list(FACTION_IDS)):
        pos = crowded_position(factions)
        g = Game.from_position(pos)
        rng = Rng(seed_state(7, len(factions)))
        while not g.over and len(g.log) < MAX_MOVES:
            g.apply(_stalling_choice(g, rng))
        out.append(g.to_json())
    return out


def crowded_position(factions: "list[str]") -> dict:
    """All figures of `factions` revealed on six spaces of the Ruins, seven cards in every hand."""
    ids = [cid for f in factions for cid in Game.new(factions=(f, "guild" if f != "guild" else "gnomads")).ids[:5]]
    spaces = [17, 18, 24, 25, 10, 19]
    hands = [["c1", "c2", "c3", "c4", "c5", "c6", "s"] for _ in factions]
    return {"board": "ruins", "factions": factions, "characters": {c: spaces[k % 6] for k, c in enumerate(ids)},
            "hands": hands}


def worst_save_load(repeat: int = 3) -> dict:
    """Milliseconds to load each of worst_saves() (the best of `repeat`), with its moves and characters."""
    out = []
    for text in worst_saves():
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            g = Game.from_json(text)
            best = min(best, time.perf_counter() - t)
        out.append({"players": g.n, "moves": len(g.log), "chars": len(text), "load_ms": round(best * 1000, 1)})
    return {"saves": out, "worst_load_ms": max(s["load_ms"] for s in out)}


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 2.0
    for n in (2, 3, 4):
        for board in ("dungeon", "ruins"):
            print(throughput(seconds / 2, n, board), flush=True)
    print("crowded board:", legality_on_a_crowded_board(), flush=True)
    print("clone:", clone_cost(), flush=True)
    print("worst save:", worst_save_load(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
