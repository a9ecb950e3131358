"""What private chance costs per move, over the games of test_one_sided_games (CPython):

    PYTHONPATH=py:. python tests/trust/measure.py

The time to apply a move in the full game, in the mover's own one-sided game and, as received, in the
other's one-sided game (a copy, the move, the check that nothing hidden went public); public_hash(); the
bytes of what travels (a move in its wire form, a reveal)."""
from __future__ import annotations

import statistics
import time

from tests.trust.harness import play
from tests.trust.test_one_sided_games import GAMES


def main() -> None:
    full, own, unseen, hashes, wire, reveals = [], [], [], [], [], []
    for i, clans, bots in GAMES:
        t = play(clans, 5000 + i, bots=bots, mulligan=i % 2 == 0, views=False)
        full += t.full_ms
        own += t.own_ms
        unseen += t.unseen_ms
        for x in (0, 1):
            g = t.sides[x]
            start = time.perf_counter()
            for _ in range(200):
                g.public_hash()
            hashes.append((time.perf_counter() - start) * 1000 / 200)
            for j, text in enumerate(g.log):
                if t.decider[j] != x:
                    (reveals if text.startswith("reveal ") else wire).append(len(text.encode("utf-8")))

    def show(name: str, xs: list) -> None:
        xs = sorted(xs)
        print(f"  {name:<34} median {statistics.median(xs):.4f}  p95 {xs[int(len(xs) * .95)]:.4f}  "
              f"max {xs[-1]:.4f}  (n={len(xs)})")

    print(f"{len(GAMES)} games, CPython; milliseconds per move:")
    show("apply, full game", full)
    show("apply own move, one-sided game", own)
    show("apply other's move, one-sided game", unseen)
    show("public_hash()", hashes)
    print("bytes: a received move median %d max %d; a reveal median %d max %d (n=%d)" % (
        statistics.median(wire), max(wire), statistics.median(reveals), max(reveals), len(reveals)))


if __name__ == "__main__":
    main()
