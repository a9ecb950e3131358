"""What the bot tournaments of every game do alike: a recorded game's identity from its fields, the bots'
presets stamped on each line (a line counts only while they are unchanged), a game's entry for the runner
made of those, the pairings of bots or sides, seat-swapped pairs of games on one deal, a seat's share of a
win, and a pair of bots' figures summed over their seat-swapped games (`round_robin`: every pair of bots).

The runner pickles a Game's functions by name (a cluster worker imports them), so the helpers that a game's
runner entry holds are instances of module-level classes (`Fields`, `Presets`, `TaskPlayer`), which pickle as
data.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .runner import Game, Games, read_record, run
from .stats import PairResult

__all__ = ["Fields", "Presets", "SeatSides", "TaskPlayer", "line_share", "pair_results", "pairings", "round_robin",
           "run_tasks", "seat_swapped", "tournament_game", "win_share"]

T = TypeVar("T")


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


@dataclass(frozen=True)
class TaskPlayer:
    """Plays a task: `play(*task)` (a module-level function, so the runner's workers find it by name)."""

    play: Callable[..., dict]

    def __call__(self, task: tuple) -> dict:
        return self.play(*task)


def tournament_game(name: str, play: Callable[..., dict], fields: tuple[str, ...], presets: dict,
                    code_version: Callable[[], str]) -> Game:
    """A game's entry for the runner: `play(*task)` plays a task, whose first `fields` are its identity; each
    line is stamped with the bots' `presets` and counts only while they are today's."""
    keys = Fields(fields)
    stamp = Presets(presets)
    return Game(name=name, play=TaskPlayer(play), task_key=keys.task, line_key=keys.line,
                code_version=code_version, stamp=stamp.stamp, counts=stamp.counts)


def pairings(items: Sequence[T]) -> list[tuple[T, T]]:
    """Every pair of two different items, in their order (the earlier one first): the bots that meet, the
    decks or factions that play each other."""
    return [(a, b) for i, a in enumerate(items) for b in items[i + 1:]]


def seat_swapped(a: str, b: str, pairs_of_games: int, seed: int, deals: Sequence[tuple[Any, Any]]) -> list[tuple]:
    """Seat-swapped pairs of games on the same deal, going round `deals` (a deal: the sides by seat, and what
    else sets the game up, such as a mode or a board): the tasks (bots, sides, seed, setup)."""
    jobs = []
    for i in range(pairs_of_games):
        sides, setup = deals[i % len(deals)]
        jobs.append(((a, b), sides, seed + i, setup))
        jobs.append(((b, a), sides, seed + i, setup))
    return jobs


def win_share(winners: "list[int]", seat: int) -> float:
    """A seat's share of a game's win: 1 alone, 1/k of a win shared by k (a game cut short has no winner)."""
    return 1.0 / len(winners) if seat in winners else 0.0


def line_share(line: dict, seat: int) -> float:
    """A seat's share of the win of a recorded game whose `winners` are listed (win_share)."""
    return win_share(line["winners"], seat)


@dataclass(frozen=True)
class SeatSides:
    """For selfplay.report, of a recorded game: each seat's bot, side (the line's `field`: its decks, its
    factions) and share of the win, and the first seat."""

    field: str

    def __call__(self, line: dict) -> tuple:
        return list(line["bots"]), list(line[self.field]), \
            [line_share(line, i) for i in range(len(line["bots"]))], line.get("first")


def run_tasks(game: Game, jobs: list[tuple], workers: int | None, record: Path | None = None,
              play_missing: bool = True, code: str | None = None, cluster: str | None = None,
              progress: Callable[[str], None] | None = None) -> Games:
    """Play `game`'s jobs with the self-play runner on `workers` processes (1: in this process) or a Dask
    cluster (`cluster`: "local" or an address), appending each finished game to `record` and skipping those
    it already holds (of `code`: today's by default; another code or ANY only reads)."""
    return run(game, jobs, record=record, workers=workers, cluster=cluster, play_missing=play_missing, code=code,
               progress=progress)


def round_robin(game: Game, bots: list[str], games: int, schedule: Callable[[str, str, int], list[tuple]],
                workers: int | None = None, progress: Callable[[str], None] | None = None,
                record: Path | None = None, play_missing: bool = True, code: str | None = None,
                cluster: str | None = None, status: Callable[[str], None] | None = None,
                share: Callable[[dict, int], float] = line_share) -> list[PairResult]:
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs: `schedule(a, b, pairs of
    games)` deals them), all pairs in one run of the runner (on every core unless `workers` says). progress:
    called with each pair's line; status: with the runner's progress lines."""
    pairs = pairings(bots)
    jobs = {p: schedule(*p, (games + 1) // 2) for p in pairs}
    every = [j for p in pairs for j in jobs[p]]
    played = {game.line_key(x): x for x in run_tasks(game, every, workers or os.cpu_count() or 1, record,
                                                       play_missing, code, cluster, status)}
    other = read_record(record, game, code or game.code_version())[1]
    return pair_results(pairs, jobs, played, other, game.task_key, share, progress)


def pair_results(pairs: list[tuple[str, str]], jobs: dict[tuple, list[tuple]], played: dict[tuple, dict],
                 other: set | dict, task_key: Callable[[tuple], tuple], share: Callable[[dict, int], float],
                 progress: Callable[[str], None] | None = None) -> list[PairResult]:
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
