"""Tash-Kalar bot tournaments and the balance report, run as Crystal Clans' are (crystalclans.ai.tournament,
whose arithmetic and result lines are reused: `wilson`, `elo`, `PairResult`).

A match between two bots is a pair of games on the same deal (mode, decks, seed: the same first seat) with
the seats exchanged, so neither the deal, the deck nor the first turn favours one bot; the pairs go round
every pairing of two different decks. Games run on several processes. Every recorded game (JSON lines)
names the code that played it (codeversion.code_version); a report counts only the games of one code
(today's by default, `older`, `any`, or a hash) and says how many others it left out; a stopped run goes
on with the games still missing.
"""
from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from crystalclans.ai.tournament import PairResult, elo, wilson

from ..content import PLAYABLE_DECKS
from ..game import Game
from . import PRESETS, make_bot
from .codeversion import ANY, OLDER, code_version

MAX_DECISIONS = 3000  # a game longer than this is scored a draw

__all__ = ["ANY", "Games", "PairResult", "balance", "balance_markdown", "deck_pairings", "elo", "play",
           "run_jobs", "schedule", "tournament", "wilson"]


def deck_pairings() -> list[tuple[str, str]]:
    """Every pair of two different playable decks (seat 0's first)."""
    d = PLAYABLE_DECKS
    return [(a, b) for i, a in enumerate(d) for b in d[i + 1:]]


def play(bots: tuple[str, ...], decks: tuple[str, ...], seed: int, mode: str = "duel",
         budget: dict | None = None) -> dict:
    """One game: bots[i] plays seat i with decks[i]. Returns the winners, the scores, the decisions asked,
    and each seat's seconds of thought and decisions with a real choice."""
    n = len(bots)
    g = Game.new(mode=mode, players=n, decks=tuple(decks), seed=seed)
    players = [make_bot(name, seed=seed * n + i, **(budget or {}).get(name, {})) for i, name in enumerate(bots)]
    think = [0.0] * n
    decisions = [0] * n
    moves = 0
    while g.decision is not None and moves < MAX_DECISIONS:
        p = g.decision.player
        t = time.perf_counter()
        a = players[p].choose(g)
        think[p] += time.perf_counter() - t
        decisions[p] += len(g.decision.options) > 1
        g.apply(a)
        moves += 1
    return {"bots": list(bots), "mode": mode, "decks": list(decks), "seed": seed, "first": g.first_player,
            "winners": list(g.winners), "scores": g.scores, "turns": g.turn, "moves": moves, "think": think,
            "decisions": decisions}


def _job(args: tuple) -> dict:
    return play(*args)


def _key(bots, decks, seed, mode) -> tuple:
    return (tuple(bots), tuple(decks), int(seed), mode)


def _budgets(bots) -> list:
    """The presets the bots played with: a recorded game counts only while they are unchanged."""
    return [PRESETS.get(b) for b in bots]


class Games(list):
    """Finished games (as `play` returns them, with "code" and "budgets"); `older`: games of these jobs the
    record holds that another code played (not counted)."""

    older = 0


def run_jobs(jobs: list[tuple], workers: int, record: Path | None = None, play_missing: bool = True,
             code: str | None = None) -> Games:
    """Play jobs (bots, decks, seed, mode) on `workers` processes, appending each finished game to `record`
    and skipping those it already holds (of `code`: today's by default; another code or ANY only reads)."""
    today = code_version()
    code = code or today
    if code != today:
        play_missing = False
    done: dict[tuple, dict] = {}
    other: set[tuple] = set()
    if record is not None and record.is_file():
        text = record.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            with record.open("a", encoding="utf-8") as fh:
                fh.write("\n")
        for line in text.splitlines():
            try:
                out = json.loads(line)
                if out.get("budgets", _budgets(out["bots"])) != _budgets(out["bots"]):
                    continue
                key = _key(out["bots"], out["decks"], out["seed"], out["mode"])
                if code != ANY and out.get("code", OLDER) != code:
                    other.add(key)
                    continue
                done[key] = out
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short when a run was stopped
    todo = [j for j in jobs if _key(*j[:4]) not in done]
    if play_missing and todo:
        def finished(out: dict) -> None:
            out = {**out, "budgets": _budgets(out["bots"]), "code": code}
            done[_key(out["bots"], out["decks"], out["seed"], out["mode"])] = out
            if record is not None:
                with record.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(out, separators=(",", ":")) + "\n")

        if workers <= 1:
            for j in todo:
                finished(_job(j))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for f in as_completed([pool.submit(_job, j) for j in todo]):
                    finished(f.result())
    result = Games(done[_key(*j[:4])] for j in jobs if _key(*j[:4]) in done)
    result.older = sum(1 for j in jobs if _key(*j[:4]) in other)
    return result


def schedule(a: str, b: str, pairs_of_games: int, seed: int, mode: str = "duel") -> list[tuple]:
    """Seat-swapped pairs of games on the same deal, going round the deck pairings."""
    pairs = deck_pairings()
    jobs = []
    for i in range(pairs_of_games):
        decks = pairs[i % len(pairs)]
        jobs.append(((a, b), decks, seed + i, mode))
        jobs.append(((b, a), decks, seed + i, mode))
    return jobs


def _share(out: dict, seat: int) -> float:
    w = out["winners"]
    return 1.0 / len(w) if seat in w else 0.0  # a shared win is half a win for each of two


def tournament(bots: list[str], games: int, seed: int = 1, workers: int | None = None, progress=None,
               record: Path | None = None, play_missing: bool = True, code: str | None = None,
               mode: str = "duel") -> list[PairResult]:
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs) in `mode`."""
    results = []
    workers = workers or os.cpu_count() or 1
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            outs = run_jobs(schedule(a, b, (games + 1) // 2, seed, mode), workers, record, play_missing, code)
            r = PairResult(a, b)
            r.older = outs.older
            for out in outs:
                sa = out["bots"].index(a)
                sb = 1 - sa
                r.games += 1
                r.a_wins += _share(out, sa)
                r.think[0] += out["think"][sa]
                r.think[1] += out["think"][sb]
                r.decisions[0] += out["decisions"][sa]
                r.decisions[1] += out["decisions"][sb]
            results.append(r)
            if progress:
                progress(r.line())
    return results


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: int | None = None,
            record: Path | None = None, play_missing: bool = True, code: str | None = None,
            mode: str = "duel") -> dict:
    """`bot` against itself over every ordered pairing of two decks: each deck's win rate, each pairing's,
    and the first player's. The games go round the pairings, so a stopped run has played each about as
    often."""
    pairs = deck_pairings()
    pairs = pairs + [(b, a) for a, b in pairs]
    jobs = [((bot, bot), decks, seed + i, mode) for i in range(games_per_pairing) for decks in pairs]
    code = code or code_version()
    outs = run_jobs(jobs, workers or os.cpu_count() or 1, record, play_missing, code)
    deck = {d: [0.0, 0] for d in PLAYABLE_DECKS}
    pair: dict = {}
    first = [0.0, 0]
    turns = 0
    for out in outs:
        d0, d1 = out["decks"]
        turns += out["turns"]
        first[0] += _share(out, out["first"])
        first[1] += 1
        k = pair.setdefault((d0, d1), [0.0, 0])
        k[0] += _share(out, 0)
        k[1] += 1
        for seat, d in ((0, d0), (1, d1)):
            deck[d][0] += _share(out, seat)
            deck[d][1] += 1
    return {"bot": bot, "mode": mode, "games": len(outs), "planned": len(jobs), "per_pairing": games_per_pairing,
            "decks": deck, "pairs": pair, "first": first, "mean_turns": turns / max(1, len(outs)), "seed": seed,
            "code": code, "older": outs.older}


def balance_markdown(r: dict, command: str) -> str:
    """The balance report as markdown."""
    lines = [
        f"# Tash-Kalar balance: {r['mode']}",
        "",
        f"Generated by `{command}`: {r['games']} games"
        + (f" (**a run in progress: {r['games']} of {r['planned']} planned**)" if r["games"] < r["planned"] else "")
        + f", bot **{r['bot']}** against itself, {r['per_pairing']} games per ordered deck pairing.",
        "",
        (f"Every recorded game whatever its code ({r['games']} games)." if r["code"] == ANY else
         f"Games of code `{r['code']}` only"
         + (f"; {r['older']} recorded games of other code were not counted." if r["older"] else ".")),
        "",
        "Intervals are 95% Wilson intervals. A weak bot measures which deck is easy to play, a strong one comes "
        "closer to which deck is strong: compare reports of the same bot only.",
        "",
        "## Win rate per deck",
        "",
        "| deck | games | win rate | 95% interval |",
        "|---|---:|---:|---|",
    ]
    for d, (w, n) in sorted(r["decks"].items(), key=lambda kv: -(kv[1][0] / kv[1][1] if kv[1][1] else 0)):
        lo, hi = wilson(w, n)
        lines.append(f"| {d} | {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |" if n else f"| {d} | 0 | – | – |")
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    lines += ["", "## First player", "",
              f"The player who took the first turn won {fw / fn if fn else 0:.1%} of {fn} games "
              f"(95% interval {lo:.1%} – {hi:.1%}).", "",
              "## Every pairing (seat 0's deck first)", "",
              "| pairing | games | seat 0 wins | 95% interval |", "|---|---:|---:|---|"]
    for (d0, d1), (w, n) in sorted(r["pairs"].items()):
        lo, hi = wilson(w, n)
        lines.append(f"| {d0} v {d1} | {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |")
    lines += ["", f"Mean game length: {r['mean_turns']:.1f} turns.", ""]
    return "\n".join(lines)
