"""The arithmetic of a tournament: Wilson intervals, the Elo difference a win rate implies, a pair's line,
and Elo ratings fitted over many pairs."""
from __future__ import annotations

import math
from dataclasses import dataclass, field


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (a draw counts half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def elo(p: float) -> float:
    """The Elo difference a win rate p implies: -400 log10(1/p - 1) (p kept within 0.1% of 0 and 1)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def ratings(results: dict[tuple[str, str], tuple[float, int]], iterations: int = 200) -> dict[str, float]:
    """Elo ratings (mean 0) fitted to pairwise results {(a, b): (a's wins, games)} by the Bradley-Terry
    model (minorization-maximization); a draw counts half a win for each. Half a virtual draw against each
    opponent keeps a bot that never lost (or never won) finite."""
    names = sorted({n for pair in results for n in pair})
    wins = {n: 0.0 for n in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (w, n) in results.items():
        wins[a] += w + 0.5
        wins[b] += n - w + 0.5
        games[(a, b)] = games.get((a, b), 0.0) + n + 1
        games[(b, a)] = games.get((b, a), 0.0) + n + 1
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            den = sum(g / (strength[i] + strength[j]) for (a, j), g in games.items() if a == i)
            new[i] = wins[i] / den if den else strength[i]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new)) if new else 1.0
        strength = {n: v / mean for n, v in new.items()}
    return {n: 400 * math.log10(v) for n, v in strength.items()}


@dataclass
class PairResult:
    a: str
    b: str
    games: int = 0
    a_wins: float = 0.0
    think: list = field(default_factory=lambda: [0.0, 0.0])  # seconds: a, b
    decisions: list = field(default_factory=lambda: [0, 0])
    older: int = 0  # recorded games of this pair not counted: another code played them
    python: dict = field(default_factory=dict)  # interpreter -> games it played (lines before it: CPython)

    def line(self) -> str:
        left_out = f"  ({self.older} recorded games of other code not counted)" if self.older else ""
        if not self.games:
            return f"{self.a:>7} v {self.b:<7} {0:>5} games  (none played yet){left_out}"
        p = self.a_wins / self.games if self.games else 0.0
        lo, hi = wilson(self.a_wins, self.games)
        ms = [1000 * t / d if d else 0.0 for t, d in zip(self.think, self.decisions)]
        return (f"{self.a:>7} v {self.b:<7} {self.games:>5} games  {self.a:>7} wins {p:6.1%} "
                f"[{lo:.1%}, {hi:.1%}]  Elo {elo(p):+5.0f} [{elo(lo):+5.0f}, {elo(hi):+5.0f}]  "
                f"mean ms/decision {ms[0]:.0f} / {ms[1]:.0f}{left_out}")
