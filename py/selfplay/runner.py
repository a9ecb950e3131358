"""The runner: independent game tasks in this process, on local cores or on a Dask cluster, streamed into a
JSON-lines record that a stopped run continues.

    game = Game(name="crystalclans", play=play, task_key=..., line_key=..., code_version=...)
    games = run(game, tasks, record=Path("games.jsonl"))                  # all local cores
    games = run(game, tasks, record=..., workers=1)                       # in this process
    games = run(game, tasks, record=..., cluster="local")                 # a throwaway local Dask cluster
    games = run(game, tasks, record=..., cluster="tcp://scheduler:8786")  # a running one

Whichever way runs them, the record holds the same lines (the same games, winners, lengths and code; only
the order they finished in and the seconds of thought differ). The driver alone writes the record, one line
per game as it ends; a task whose game is already recorded is not played again and a result that arrives
twice (a worker died after playing it, or a task ran again) is recorded once. A worker that dies takes its
tasks with it: the process pool is started again for the tasks not yet recorded, and Dask's scheduler gives
a lost worker's tasks to the others by itself.

Every worker says which code played (the game's `code_version`, computed where the game was played); a
result from other code than the driver's is refused, so a record never names code that did not play it.
"""
from __future__ import annotations

import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from gamecore.codeversion import ANY, OLDER  # noqa: F401 - the records' names: any code, no code named

INSTALL_HINT = ("--cluster needs the cluster engine (Dask), which is not installed. Install it here and on "
                "every worker of the cluster, from the same checkout:  pip install -e '.[cluster]'")
RETRIES = 3      # times a process pool is started again after a worker died (then the run stops)


class ClusterUnavailable(RuntimeError):
    """The optional cluster engine is not installed (the message says how to install it)."""


def _always(line: dict) -> bool:
    return True


def _same(out: dict) -> dict:
    return out


@dataclass(frozen=True)
class Game:
    """What the runner needs to know of a game. Every function must be module-level (a cluster worker
    imports it by name, so workers need the same code installed).

    play:         a task -> its result, a JSON-ready dict (pure: the same task gives the same game)
    task_key:     a task -> its identity (hashable)
    line_key:     a recorded line (or a result) -> the identity of the task that played it
    code_version: the code that plays, as a short string; each record line carries it in "code"
    stamp:        a result -> the record line (what play's result lacks, e.g. the bots' presets)
    counts:       whether a recorded line still counts for today's tasks (e.g. its presets are today's)
    """

    name: str
    play: Callable[[Any], dict]
    task_key: Callable[[Any], tuple]
    line_key: Callable[[dict], tuple]
    code_version: Callable[[], str]
    stamp: Callable[[dict], dict] = _same
    counts: Callable[[dict], bool] = _always


class Games(list):
    """Finished games (record lines), in the tasks' order; `older`: games of these tasks the record holds
    that other code played (not counted)."""

    older = 0


def cluster_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def require_cluster() -> None:
    """Raise ClusterUnavailable (with how to install it) unless Dask's distributed is importable."""
    if not cluster_available():
        raise ClusterUnavailable(INSTALL_HINT)


def close_cut_line(record: Path) -> None:
    """End a record whose last line was cut short (a run stopped while writing) with a newline, so the next
    game starts a line of its own. Only a run about to append calls it."""
    if record.is_file() and record.stat().st_size:
        with record.open("rb") as fh:
            fh.seek(-1, os.SEEK_END)
            cut = fh.read(1) != b"\n"
        if cut:
            with record.open("a", encoding="utf-8") as fh:
                fh.write("\n")


def read_record(record: Path | None, game: Game | None = None, code: str | None = None,
                line_key: Callable[[dict], tuple] | None = None) -> tuple[dict, set]:
    """The lines of `record` by task key: (those of `code`, keys of the lines other code played). `code`
    None or ANY: every line counts. A line cut short (a run stopped while writing) is skipped. Reading never
    writes: a report may read the record of a run that is writing it."""
    done: dict[tuple, dict] = {}
    other: set[tuple] = set()
    if record is None or not record.is_file():
        return done, other
    key = line_key or game.line_key
    counts = game.counts if game is not None else _always
    text = record.read_text(encoding="utf-8")
    for line in text.splitlines():
        try:
            out = json.loads(line)
            if not counts(out):
                continue
            k = key(out)
            if code not in (None, ANY) and out.get("code", OLDER) != code:
                other.add(k)
                continue
            done[k] = out
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            continue
    return done, other


class Progress:
    """Games done, games per second and time left, written at most every `every` seconds (and at the end)."""

    def __init__(self, total: int, write: Callable[[str], None] | None, every: float = 2.0, label: str = "games"):
        self.total, self.write, self.every, self.label = total, write, every, label
        self.done = 0
        self.t0 = self.last = time.perf_counter()

    def line(self) -> str:
        dt = time.perf_counter() - self.t0
        rate = self.done / dt if dt > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        eta = "?" if left == float("inf") else f"{left:.0f} s"
        return f"{self.done}/{self.total} {self.label}, {rate:.2f} {self.label}/s, {eta} left ({dt:.0f} s so far)"

    def step(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.write and (now - self.last >= self.every or self.done == self.total):
            self.last = now
            self.write(self.line())


def interpreter() -> str:
    """The Python that plays here, e.g. "CPython 3.11.7" or "PyPy 3.9.16": the same code plays the same games
    in either (README, "Faster with PyPy"), but its thinking times differ."""
    return f"{platform.python_implementation()} {platform.python_version()}"


def _play(play: Callable, version: Callable, task) -> tuple[dict, str]:
    """Runs on a worker: the game (with the interpreter that played it) and the code that played it."""
    return {**play(task), "python": interpreter()}, version()


def run(game: Game, tasks: Iterable, *, record: Path | None = None, workers: int | None = None,
        cluster: str | None = None, play_missing: bool = True, code: str | None = None,
        progress: Callable[[str], None] | None = None, every: float = 2.0) -> Games:
    """Play the tasks not yet in `record` and return every task's record line, in the tasks' order.

    workers: processes on this machine (default: every core; 1 plays in this process, as in Pyodide).
    cluster: None, "local" (a throwaway Dask cluster of `workers` processes) or a scheduler's address.
    code:    which recorded lines count (default today's, game.code_version(); another code, OLDER or ANY
             only reads the record and plays nothing). Without play_missing only the recorded games return.
    progress: called with a line "done/total games, games/s, time left" as games end.
    """
    tasks = list(tasks)
    if cluster is not None:
        require_cluster()  # before anything is read or played
    today = game.code_version()
    code = code or today
    if code != today:  # today's code would not play that code's games
        play_missing = False
    done, other = read_record(record, game, code)
    todo, seen = [], set()
    for t in tasks:
        k = game.task_key(t)
        if k not in done and k not in seen:
            seen.add(k)
            todo.append(t)
    if play_missing and todo:
        meter = Progress(len(todo), progress, every)
        if record is not None:
            close_cut_line(record)

        def finished(task, out: dict, version: str) -> None:
            if version != code:
                raise RuntimeError(f"a worker played {game.name} with code {version}, this run is code {code}: "
                                   "install the same checkout on every worker")
            k = game.task_key(task)
            if k in done:
                return  # played twice (a task run again after a worker died): recorded once
            line = {**game.stamp(out), "code": code}
            done[k] = line
            if record is not None:
                with record.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(line, separators=(",", ":")) + "\n")
            meter.step()

        n = workers or os.cpu_count() or 1
        if cluster is not None:
            _on_dask(game, todo, cluster, n, finished, lambda t: game.task_key(t) in done)
        elif n <= 1:
            for t in todo:
                finished(t, *_play(game.play, game.code_version, t))
        else:
            _on_pool(game, todo, n, finished, lambda t: game.task_key(t) in done)
    out = Games(done[game.task_key(t)] for t in tasks if game.task_key(t) in done)
    out.older = sum(1 for t in tasks if game.task_key(t) in other)
    return out


def _on_pool(game: Game, todo: list, workers: int, finished, recorded) -> None:
    """On a pool of local processes; a pool whose worker died is started again for the games not recorded."""
    for attempt in range(RETRIES + 1):
        left = [t for t in todo if not recorded(t)]
        if not left:
            return
        broken = False
        with ProcessPoolExecutor(max_workers=min(workers, len(left))) as pool:
            futures = {pool.submit(_play, game.play, game.code_version, t): t for t in left}
            for f in as_completed(futures):
                exc = f.exception()
                if isinstance(exc, BrokenProcessPool):
                    broken = True  # a worker died: this game (and those it took with it) run again
                    continue
                if exc is not None:
                    raise exc
                finished(futures[f], *f.result())
        if not broken:
            return
        print(f"selfplay: a worker process died; {sum(not recorded(t) for t in todo)} games run again",
              file=sys.stderr, flush=True)
    raise RuntimeError(f"worker processes kept dying: {sum(not recorded(t) for t in todo)} games not played")


def _on_dask(game: Game, todo: list, address: str, workers: int, finished, recorded) -> None:
    """On a Dask cluster: `address` "local" starts one of `workers` single-threaded processes."""
    from distributed import Client, LocalCluster
    from distributed import as_completed as dask_completed

    local = None
    if address == "local":
        local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(local)
    else:
        client = Client(address)
    try:
        for attempt in range(RETRIES + 1):
            left = [t for t in todo if not recorded(t)]
            if not left:
                return
            futures = {}
            for t in left:  # pure=False: each task its own future, even one equal to another
                futures[client.submit(_play, game.play, game.code_version, t, pure=False)] = t
            lost = False
            for f in dask_completed(list(futures)):
                if f.status == "error":
                    exc = f.exception()
                    if type(exc).__name__ != "KilledWorker":
                        raise exc
                    lost = True  # the scheduler gave up on it after workers died with it: ask again
                else:
                    finished(futures[f], *f.result())
                f.release()
            if not lost:
                return
        raise RuntimeError(f"workers kept dying: {sum(not recorded(t) for t in todo)} games not played")
    finally:
        client.close()
        if local is not None:
            local.close()
