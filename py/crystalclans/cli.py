"""Command line: `python -m crystalclans simulate --games N --seed S [--clans blood skull]`."""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict

from .simulate import pairings, random_game


def simulate(args: argparse.Namespace) -> int:
    pairs = [tuple(args.clans)] if args.clans else pairings()
    per_pair: dict = defaultdict(lambda: {"games": 0, "wins0": 0, "first_wins": 0, "actions": 0, "turns": 0})
    t0 = time.perf_counter()
    total_actions = 0
    for i in range(args.games):
        clans = pairs[i % len(pairs)]
        g = random_game(clans, args.seed + i, mulligan=args.mulligan)
        if g.winner is None:
            print(f"game {args.seed + i} {clans} did not finish", file=sys.stderr)
            return 1
        st = per_pair[clans]
        st["games"] += 1
        st["wins0"] += g.winner == 0
        st["first_wins"] += g.winner == g.first_player
        st["actions"] += len(g.log)
        st["turns"] += g.turn
        total_actions += len(g.log)
    dt = time.perf_counter() - t0
    print(f"{args.games} games, {total_actions} actions in {dt:.2f} s: "
          f"{args.games / dt:.1f} games/s, {total_actions / dt:,.0f} actions/s")
    print("random vs random; 'first' = the player who took the first turn")
    print(f"{'pairing (A v B)':<18} {'games':>5} {'A wins':>7} {'B wins':>7} {'first wins':>11} {'avg actions':>12} "
          f"{'avg turns':>10}")
    for clans, st in sorted(per_pair.items()):
        n = st["games"]
        print(f"{clans[0] + ' v ' + clans[1]:<18} {n:>5} {st['wins0'] / n:>7.0%} {1 - st['wins0'] / n:>7.0%} "
              f"{st['first_wins'] / n:>11.0%} {st['actions'] / n:>12.1f} {st['turns'] / n:>10.1f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="crystalclans", description="Crystal Clans engine tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="play random games and report speed and results")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--clans", nargs=2, metavar=("CLAN0", "CLAN1"))
    sim.add_argument("--mulligan", action="store_true")
    args = ap.parse_args(argv)
    if args.cmd == "simulate":
        return simulate(args)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
