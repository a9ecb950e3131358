"""Fit Crystal Clans' evaluation to self-play outcomes (issue 27): play bot games, keep the features of the
positions where a bot had a choice (crystalclans.ai.evaluate.features, from the decider's view) labelled with
whether the decider went on to win, fit a logistic regression on the games with seed % 5 != 0 and report
log-loss and accuracy on the held-out games (seed % 5 == 0) next to the hand-weighted evaluation's.

    PYTHONPATH=py python tools/fit_eval.py play --games 2000 --out /tmp/cc_positions.jsonl --workers 2
    PYTHONPATH=py python tools/fit_eval.py fit --data /tmp/cc_positions.jsonl [--write]

--write puts the weights into py/crystalclans/ai/fitted.py. numpy is needed here only, never at run time.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from pathlib import Path

from crystalclans.ai import make_bot
from crystalclans.ai.bots import useful
from crystalclans.ai.evaluate import FEATURES, evaluate_hand, features
from crystalclans.game import Game
from crystalclans.simulate import CLANS

MATCHUPS = (("greedy", "greedy"), ("greedy", "greedy"), ("easy", "greedy"), ("greedy", "easy"))
FITTED = Path(__file__).resolve().parent.parent / "py" / "crystalclans" / "ai" / "fitted.py"


def play_one(seed: int) -> list[dict]:
    """One game's positions: features, the hand evaluation and the label (the decider won)."""
    r = random.Random(seed)
    clans = (r.choice(CLANS), r.choice(CLANS))
    bots = MATCHUPS[seed % len(MATCHUPS)]
    g = Game.new(clans=clans, seed=seed)
    players = [make_bot(b, seed=seed * 2 + i) for i, b in enumerate(bots)]
    rows = []
    n = 0
    while g.decision is not None and n < 4000:
        p = g.decision.player
        if len(useful(g.decision.options)) > 1:
            rows.append({"p": p, "x": features(g, p), "h": evaluate_hand(g, p)})
        g.apply(players[p].choose(g))
        n += 1
    if g.winner is None:
        return []
    return [{"seed": seed, "y": int(row["p"] == g.winner), "x": row["x"], "h": row["h"]} for row in rows]


def play(args: argparse.Namespace) -> None:
    with open(args.out, "a") as f, multiprocessing.Pool(args.workers) as pool:
        for k, rows in enumerate(pool.imap_unordered(play_one, range(args.seed, args.seed + args.games)), 1):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            if k % 100 == 0:
                print(k, "games", flush=True)


def logloss(p, y) -> float:
    import numpy as np
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_logistic(X, y, l2: float = 1.0, iters: int = 30):
    """Newton's method on the L2-penalised log-likelihood, no intercept (the features are antisymmetric)."""
    import numpy as np
    w = np.zeros(X.shape[1])
    for _ in range(iters):
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) + l2 * w
        H = (X * (p * (1 - p))[:, None]).T @ X + l2 * np.eye(X.shape[1])
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def fit_and_report(rows: list[dict], names: "list[str] | tuple[str, ...]", fitted: Path, l2: float, write: bool) -> None:
    """Fit the weights of `names` to rows of {x: features, y: won, h: the hand evaluation, seed}, holding out
    the games whose seed is divisible by 5; print log-loss and accuracy of the hand evaluation (as shipped and
    with its scale refitted) and of the fit, and the weights; with `write`, put them into `fitted`'s WEIGHTS."""
    import numpy as np
    X = np.array([r["x"] for r in rows], dtype=float)
    y = np.array([r["y"] for r in rows], dtype=float)
    h = np.array([r["h"] for r in rows], dtype=float)
    test = np.array([r["seed"] % 5 == 0 for r in rows])
    games = len({r["seed"] for r in rows})
    print(f"{len(rows)} positions from {games} games; train {int((~test).sum())}, held out {int(test.sum())}")
    w = fit_logistic(X[~test], y[~test], l2)
    # the hand evaluation as a probability: tanh(d / 12) = 2 sigmoid(d / 6) - 1, and with its scale refitted
    hd = np.arctanh(np.clip(h, -0.999999, 0.999999))[:, None]
    a = fit_logistic(hd[~test], y[~test], 0.0)
    for name, p in (("hand (as shipped)", (1 + h) / 2), ("hand, scale refitted", 1 / (1 + np.exp(-hd[:, 0] * a[0]))),
                    ("fitted", 1 / (1 + np.exp(-X @ w)))):
        for part, m in (("train", ~test), ("held out", test)):
            acc = float(np.mean((p[m] > 0.5) == (y[m] > 0.5)))
            print(f"{name:<22} {part:<9} log-loss {logloss(p[m], y[m]):.4f}  accuracy {acc:.3f}")
    sd = X[~test].std(axis=0)
    for f, wi, s in zip(names, w, sd):
        print(f"  {f:<15} {wi:+.4f}   (x sd {wi * s:+.3f})")
    if write:
        body = "".join(f"    {wi:+.5f},  # {f}\n" for f, wi in zip(names, w))
        text = fitted.read_text()
        fitted.write_text(text[:text.index("WEIGHTS = ")] + f"WEIGHTS = (\n{body})\n")
        print("wrote", fitted)


def fit(args: argparse.Namespace) -> None:
    fit_and_report([json.loads(line) for line in open(args.data)], FEATURES, FITTED, args.l2, args.write)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play")
    pp.add_argument("--games", type=int, default=2000)
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--workers", type=int, default=1)
    pp.add_argument("--out", required=True)
    fp = sub.add_parser("fit")
    fp.add_argument("--data", required=True)
    fp.add_argument("--l2", type=float, default=1.0)
    fp.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    play(args) if args.cmd == "play" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
