"""What the bot tournaments of every game do alike: a recorded game's identity from its fields, the bots'
presets stamped on each line (a line counts only while they are unchanged), a seat's share of a win, and a
pair of bots' figures summed over their seat-swapped games.

The runner pickles a Game's functions by name (a cluster worker imports them), so the two helpers that a
game's runner entry holds are instances of module-level classes (`Fields`, `Presets`), which pickle as data.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .stats import PairResult

__all__ = ["Fields", "Presets", "pair_results", "win_share"]


def _frozen(v: Any) -> Any:
    return tuple(v) if isinstance(v, (list, tuple)) else v


@dataclass(frozen=True)
class Fields:
    """A task's identity: its first fields, `names` (a task is a tuple in that order; a record line holds
    them by name)."""

    names: tuple[str, ...]

    def task(self, job: tuple) -> tuple:
        return tuple(_frozen(v) for v in job[:len(self.names)])

    def line(self, out: dict) -> tuple:
        return tuple(_frozen(out[n]) for n in self.names)


@dataclass(frozen=True)
class Presets:
    """The presets each bot played with (`presets`: a bot's name -> its budget): stamped on each recorded line,
    which counts only while they are today's."""

    presets: dict

    def budgets(self, bots: Iterable[str]) -> list:
        return [self.presets.get(b) for b in bots]

    def stamp(self, out: dict) -> dict:
        return {**out, "budgets": self.budgets(out["bots"])}

    def counts(self, line: dict) -> bool:
        return line.get("budgets", self.budgets(line["bots"])) == self.budgets(line["bots"])


def win_share(winners: "list[int]", seat: int) -> float:
    """A seat's share of a game's win: 1 alone, 1/k of a win shared by k (a game cut short has no winner)."""
    return 1.0 / len(winners) if seat in winners else 0.0


def pair_results(pairs: "list[tuple[str, str]]", jobs: "dict[tuple, list[tuple]]", played: "dict[tuple, dict]",
                 other: "set | dict", task_key: Callable[[tuple], tuple], share: Callable[[dict, int], float],
                 progress: "Callable[[str], None] | None" = None) -> "list[PairResult]":
    """Each pair (a, b)'s figures over the games of its `jobs` that were `played` (by task key): a's wins
    (`share(line, seat)`), both bots' thinking and decisions, the interpreters; `older`: its games that
    another code played (`other`). `progress` gets each pair's line."""
    results = []
    for a, b in pairs:
        r = PairResult(a, b)
        r.older = sum(task_key(j) in other for j in jobs[(a, b)])
        for out in (played[task_key(j)] for j in jobs[(a, b)] if task_key(j) in played):
            sa = out["bots"].index(a)  # the seat `a` played in this game
            sb = 1 - sa
            r.games += 1
            r.a_wins += share(out, sa)
            r.think[0] += out["think"][sa]
            r.think[1] += out["think"][sb]
            r.decisions[0] += out["decisions"][sa]
            r.decisions[1] += out["decisions"][sb]
            py = out.get("python", "CPython").split()[0]
            r.python[py] = r.python.get(py, 0) + 1
        results.append(r)
        if progress:
            progress(r.line())
    return results
