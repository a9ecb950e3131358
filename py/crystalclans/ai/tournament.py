"""Bot tournaments and the balance report.

A match between two bots is a pair of games on the same deal (clans, seed) with the seats exchanged, so
neither the deal nor the first seat favours one bot. Pairings rotate over mixed clans; games run on all
cores. Figures: win rate with a 95% Wilson interval, and the Elo difference it implies
(Elo = -400 log10(1/p - 1)).

Every recorded game names the code it was played with (codeversion.code_version): a report counts only the
games of one code (today's by default) and says how many others it left out, and a stopped run continues
only with games of its own code.
"""
from __future__ import annotations

import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from ..codeversion import OLDER, code_version
from ..game import Game
from ..simulate import CLANS, pairings
from . import PRESETS, make_bot

ANY = "any"  # a report of every recorded game, whatever code played it (reading old records)

MAX_DECISIONS = 4000  # a game longer than this is scored a draw (none has come near it)


def play(bots: tuple[str, str], clans: tuple[str, str], seed: int, budget: dict | None = None) -> dict:
    """One game: bots[i] plays seat i. Returns winner (or None), moves, seconds thinking per seat."""
    g = Game.new(clans=clans, seed=seed)
    players = [make_bot(name, seed=seed * 2 + i, **(budget or {}).get(name, {})) for i, name in enumerate(bots)]
    think = [0.0, 0.0]
    decisions = [0, 0]
    n = 0
    while g.decision is not None and n < MAX_DECISIONS:
        p = g.decision.player
        t = time.perf_counter()
        a = players[p].choose(g)
        think[p] += time.perf_counter() - t
        decisions[p] += len(g.decision.options) > 1
        g.apply(a)
        n += 1
    return {"bots": bots, "winner": g.winner, "moves": n, "think": think, "decisions": decisions, "clans": clans,
            "first": g.first_player, "seed": seed}


def _job(args: tuple) -> dict:
    return play(*args)


def _key(bots, clans, seed) -> tuple:
    return (tuple(bots), tuple(clans), int(seed))


def _budgets(bots) -> list:
    """The presets the bots played with: a recorded game counts only while its bots are unchanged."""
    return [PRESETS.get(b) for b in bots]


class Games(list):
    """Finished games (dicts as `play` returns them, with "code" and "budgets"), and how many games the record
    held for these jobs that were left out because another code played them (`older`)."""

    older = 0


def run_jobs(jobs: list[tuple], workers: int, record: Path | None = None, play_missing: bool = True,
             code: str | None = None) -> Games:
    """Play the jobs on `workers` processes. With `record` (a JSON-lines file), every finished game is
    appended as it ends and games already in the file are not played again, so a long run can be stopped and
    continued, or spread over several sessions; results come back in the jobs' order (without play_missing:
    only the recorded ones). A recorded game counts only if `code` played it (today's code by default; ANY:
    whatever code did, for reading an old record, and then nothing is played)."""
    today = code_version()
    code = code or today
    if code != today:  # reading an old record: nothing is played (today's code would not be that code)
        play_missing = False
    done: dict[tuple, dict] = {}
    other: set[tuple] = set()
    if record is not None and record.is_file():
        text = record.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            with record.open("a", encoding="utf-8") as fh:
                fh.write("\n")  # close a line cut short, so the next game starts a line of its own
        for line in text.splitlines():
            try:
                out = json.loads(line)
                if out.get("budgets", _budgets(out["bots"])) != _budgets(out["bots"]):
                    continue  # played with another preset: not this tournament's game
                key = _key(out["bots"], out["clans"], out["seed"])
                if code != ANY and out.get("code", OLDER) != code:
                    other.add(key)  # another code played it: today's code may play it differently
                    continue
                done[key] = out
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short when a run was stopped
    todo = [j for j in jobs if _key(*j[:3]) not in done]
    if not play_missing:
        out = Games(done[_key(*j[:3])] for j in jobs if _key(*j[:3]) in done)
        out.older = sum(1 for j in jobs if _key(*j[:3]) in other)
        return out

    def finished(out: dict) -> None:
        out = {**out, "bots": list(out["bots"]), "clans": list(out["clans"]), "budgets": _budgets(out["bots"]),
               "code": code}
        done[_key(out["bots"], out["clans"], out["seed"])] = out
        if record is not None:
            with record.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(out, separators=(",", ":")) + "\n")

    if todo and workers <= 1:  # in this process (also where there are no processes, as in Pyodide)
        for j in todo:
            finished(_job(j))
    elif todo:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for f in as_completed([pool.submit(_job, j) for j in todo]):
                finished(f.result())
    result = Games(done[_key(*j[:3])] for j in jobs)
    result.older = sum(1 for j in jobs if _key(*j[:3]) in other)  # games of other code the record holds
    return result


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def elo(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


@dataclass
class PairResult:
    a: str
    b: str
    games: int = 0
    a_wins: float = 0.0
    think: list = field(default_factory=lambda: [0.0, 0.0])  # seconds: a, b
    decisions: list = field(default_factory=lambda: [0, 0])
    older: int = 0  # recorded games of this pair not counted: another code played them

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


def schedule(a: str, b: str, pairs_of_games: int, seed: int) -> list[tuple]:
    """Seat-swapped pairs of games over mixed clan pairings (no mirrors first, then mirrors)."""
    clan_pairs = pairings(mirrors=False) + [(c, c) for c in CLANS]
    jobs = []
    for i in range(pairs_of_games):
        clans = clan_pairs[i % len(clan_pairs)]
        s = seed + i
        jobs.append(((a, b), clans, s))
        jobs.append(((b, a), clans, s))
    return jobs


def tournament(bots: list[str], games: int, seed: int = 1, workers: int | None = None,
               progress=None, record: Path | None = None, play_missing: bool = True,
               code: str | None = None) -> list[PairResult]:
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs); without play_missing,
    the figures of the games `record` holds so far (of `code`: see run_jobs)."""
    results = []
    workers = workers or os.cpu_count() or 1
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            jobs = schedule(a, b, (games + 1) // 2, seed)
            r = PairResult(a, b)
            outs = run_jobs(jobs, workers, record, play_missing, code)
            r.older = outs.older
            for out in outs:
                sa = out["bots"].index(a)  # the seat `a` played in this game
                r.games += 1
                w = out["winner"]
                r.a_wins += 0.5 if w is None else float(w == sa)
                r.think[0] += out["think"][sa]
                r.think[1] += out["think"][1 - sa]
                r.decisions[0] += out["decisions"][sa]
                r.decisions[1] += out["decisions"][1 - sa]
            results.append(r)
            if progress:
                progress(r.line())
    return results


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: int | None = None,
            record: Path | None = None, play_missing: bool = True, code: str | None = None) -> dict:
    """`bot` against itself over all 21 clan pairings: per clan win rates (mirrors left out) and how often
    the first player wins. The games go round the pairings, so a run stopped early (`record`) has played
    every pairing about as often; without play_missing, the figures of the games recorded so far."""
    jobs = [((bot, bot), clans, seed + i) for i in range(games_per_pairing) for clans in pairings()]
    code = code or code_version()
    outs = run_jobs(jobs, workers or os.cpu_count() or 1, record, play_missing, code)
    clan = {c: [0.0, 0] for c in CLANS}
    pair = {}
    first = [0.0, 0]
    moves = 0
    for out in outs:
        w = out["winner"]
        c0, c1 = out["clans"]
        moves += out["moves"]
        first[0] += 0.5 if w is None else float(w == out["first"])
        first[1] += 1
        k = pair.setdefault((c0, c1), [0.0, 0])
        k[0] += 0.5 if w is None else float(w == 0)
        k[1] += 1
        if c0 != c1:
            for seat, c in ((0, c0), (1, c1)):
                clan[c][0] += 0.5 if w is None else float(w == seat)
                clan[c][1] += 1
    return {"bot": bot, "games": len(outs), "planned": len(jobs), "per_pairing": games_per_pairing, "clans": clan,
            "pairs": pair, "first": first, "mean_moves": moves / max(1, len(outs)), "seed": seed, "code": code,
            "older": outs.older}


def balance_markdown(r: dict, command: str, seconds: float) -> str:
    lines = [
        "# Balance report",
        "",
        f"Generated by `{command}` ({r['games']} games"
        + (f", **a run in progress: {r['games']} of the {r['planned']} planned**" if r["games"] < r.get("planned", 0)
           else "") + "). "
        f"Bot: **{r['bot']}** against itself, {r['per_pairing']} games planned for each of the 21 clan pairings "
        "(seat 0 plays the first clan; the first player is drawn at random each game).",
        "",
        (f"Every game of the record, whatever code played it ({r['games']} games)." if r.get("code") == ANY else
         "**An older run**: games recorded before records named the code that played them (`older`); today's "
         "code may play them differently." if r.get("code") == OLDER else
         f"Games played by code `{r.get('code')}` only"
         + (f"; **{r['older']} games of other code in the record were not counted**." if r.get("older") else
            " (the record holds no game of other code).")),
        "",
        "Intervals are 95% Wilson intervals; with this many games they are wide, so read the table as where "
        "to look, not as a verdict. No card values were changed.",
        "",
        "The bot's skill shapes these numbers: a weak bot measures which clan is easy to play well, a strong "
        "one comes closer to which clan is strong. Compare reports made with the same bot only.",
        "",
        "## Win rate per clan (mirror matches left out)",
        "",
        "| clan | games | win rate | 95% interval |",
        "|---|---:|---:|---|",
    ]
    for c, (w, n) in sorted(r["clans"].items(), key=lambda kv: -(kv[1][0] / kv[1][1] if kv[1][1] else 0)):
        lo, hi = wilson(w, n)
        lines.append(f"| {c} | {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |" if n else f"| {c} | 0 | – | – |")
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    lines += [
        "",
        "## First-player advantage",
        "",
        f"The player who takes the first turn won {fw / fn if fn else 0:.1%} of {fn} games "
        f"(95% interval {lo:.1%} – {hi:.1%}).",
        "",
        "## Every pairing (seat 0's clan first)",
        "",
        "| pairing | games | first clan wins |",
        "|---|---:|---:|",
    ]
    for (c0, c1), (w, n) in sorted(r["pairs"].items()):
        lines.append(f"| {c0} v {c1} | {n} | {w / n:.0%} |")
    lines += ["", f"Mean game length: {r['mean_moves']:.0f} decisions.", ""]
    return "\n".join(lines)
