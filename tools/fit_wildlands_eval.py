"""Fit Wildlands' evaluation to self-play outcomes (issue 29), as tools/fit_eval.py does for Crystal Clans: play
greedy self-play games round the faction pairings and boards, keep the features of the positions where a bot had
a choice (wildlands.ai.evaluate.features, from the decider's view) labelled with whether the decider went on to
win, fit a logistic regression on the games with seed % 5 != 0 and report log-loss and accuracy on the held-out
games (seed % 5 == 0) next to the hand-weighted evaluation's.

    PYTHONPATH=py python tools/fit_wildlands_eval.py play --games 1500 --out /tmp/wl_positions.jsonl
    PYTHONPATH=py python tools/fit_wildlands_eval.py fit --data /tmp/wl_positions.jsonl [--write]

--write puts the weights into py/wildlands/ai/fitted.py. numpy is needed here only, never at run time.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_eval import fit_and_report  # noqa: E402  (Crystal Clans' fit, reused)

from crystalclans.ai.bots import useful  # noqa: E402
from wildlands.ai import make_bot  # noqa: E402
from wildlands.ai.evaluate import FEATURES, distances, evaluate, side_features  # noqa: E402
from wildlands.ai.tournament import deals  # noqa: E402
from wildlands.game import Game  # noqa: E402

FITTED = Path(__file__).resolve().parent.parent / "py" / "wildlands" / "ai" / "fitted.py"
EVERY = 3  # every third position with a choice (neighbours are nearly the same position)


def play_one(seed: int) -> "list[dict]":
    """One greedy self-play game's positions: features, the hand evaluation and the label (the decider won)."""
    factions, board = deals()[seed % len(deals())]
    if seed // len(deals()) % 2:
        factions = factions[::-1]
    g = Game.new(board=board, factions=factions, seed=seed)
    players = [make_bot("greedy", seed=seed * 2 + i) for i in range(2)]
    dist = distances(board)
    rows = []
    n = 0
    turn = -1
    while g.decision is not None and n < 3000:
        p = g.decision.player
        start = g.turn != turn and g.decision.kind != "start"  # a turn begins: where the search's playouts end
        if start:
            turn = g.turn
        if g.decision.kind != "start" and (start or len(useful(g.decision.options)) > 1 and n % EVERY == 0):
            a, b = side_features(g, p, dist), side_features(g, 1 - p, dist)
            rows.append({"p": p, "x": [x - y for x, y in zip(a, b)], "h": evaluate(g, p), "s": int(start)})
        g.apply(players[p].choose(g))
        n += 1
    if len(g.winners) != 1:
        return []
    return [{**r, "seed": seed, "y": int(r["p"] == g.winners[0])} for r in rows]


def play(args: argparse.Namespace) -> None:
    with open(args.out, "a") as f:
        for k, seed in enumerate(range(args.seed, args.seed + args.games), 1):
            for row in play_one(seed):
                f.write(json.dumps(row) + "\n")
            if k % 100 == 0:
                print(k, "games", flush=True)


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in open(args.data)]
    if args.turn_starts:
        rows = [r for r in rows if r.get("s")]
    fit_and_report(rows, FEATURES, FITTED, args.l2, args.write)


def main(argv: "list[str] | None" = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play")
    pp.add_argument("--games", type=int, default=1500)
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--out", required=True)
    fp = sub.add_parser("fit")
    fp.add_argument("--data", required=True)
    fp.add_argument("--l2", type=float, default=1.0)
    fp.add_argument("--write", action="store_true")
    fp.add_argument("--turn-starts", action="store_true", help="fit only the positions where a turn begins")
    args = ap.parse_args(argv)
    play(args) if args.cmd == "play" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
