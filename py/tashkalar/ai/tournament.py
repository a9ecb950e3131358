"""Tash-Kalar bot tournaments and the balance report, run as Crystal Clans' are: by the self-play runner
(selfplay: in this process, on all local cores by default, or on a Dask cluster), whose arithmetic and result
lines are shared (`wilson`, `elo`, `PairResult`).

A match between two bots is a pair of games on the same deal (mode, decks, seed: the same first seat) with
the seats exchanged, so neither the deal, the deck nor the first turn favours one bot; the pairs go round
every pairing of two different decks. Every recorded game (JSON lines)
names the code that played it (codeversion.code_version); a report counts only the games of one code
(today's by default, `older`, `any`, or a hash) and says how many others it left out; a stopped run goes
on with the games still missing.
"""
from __future__ import annotations

import os
from pathlib import Path

import selfplay
from gamecore.bots import play_out
from selfplay import Games, PairResult, elo, read_record, run, wilson
from selfplay.pairs import Fields, Presets, pair_results, win_share

from ..content import PLAYABLE_DECKS
from ..game import Game
from . import PRESETS, make_bot
from .codeversion import ANY, code_version

MAX_DECISIONS = 3000  # a game longer than this is scored a draw

__all__ = ["ANY", "GAME", "Games", "PairResult", "balance", "balance_markdown", "deck_pairings", "elo", "play",
           "run_jobs", "schedule", "sides", "tournament", "wilson"]


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
    moves, think, decisions = play_out(g, players, MAX_DECISIONS)
    return {"bots": list(bots), "mode": mode, "decks": list(decks), "seed": seed, "first": g.first_player,
            "winners": list(g.winners), "scores": g.scores, "turns": g.turn, "moves": moves, "think": think,
            "decisions": decisions}


def _job(args: tuple) -> dict:
    return play(*args)


KEYS = Fields(('bots', 'decks', 'seed', 'mode'))
PRESET_STAMP = Presets(PRESETS)
_task_key, _line_key = KEYS.task, KEYS.line


#: Tash-Kalar for the self-play runner: a task is (bots, decks, seed, mode[, budget])
GAME = selfplay.Game(name="tashkalar", play=_job, task_key=KEYS.task, line_key=KEYS.line, code_version=code_version,
                     stamp=PRESET_STAMP.stamp, counts=PRESET_STAMP.counts)


def sides(line: dict) -> tuple:
    """For selfplay.report: each seat's bot, deck and share of the win, and the first seat."""
    return list(line["bots"]), list(line["decks"]), [_share(line, i) for i in range(len(line["bots"]))], \
        line.get("first")


def run_jobs(jobs: list[tuple], workers: int | None, record: Path | None = None, play_missing: bool = True,
             code: str | None = None, cluster: str | None = None, progress=None) -> Games:
    """Play jobs (bots, decks, seed, mode) with the self-play runner on `workers` processes (1: in this
    process) or a Dask cluster (`cluster`: "local" or an address), appending each finished game to `record`
    and skipping those it already holds (of `code`: today's by default; another code or ANY only reads)."""
    return run(GAME, jobs, record=record, workers=workers, cluster=cluster, play_missing=play_missing, code=code,
               progress=progress)


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
    return win_share(out["winners"], seat)  # a shared win splits; a game cut at MAX_DECISIONS has no winner


def tournament(bots: list[str], games: int, seed: int = 1, workers: int | None = None, progress=None,
               record: Path | None = None, play_missing: bool = True, code: str | None = None,
               mode: str = "duel", cluster: str | None = None, status=None) -> list[PairResult]:
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs) in `mode`, all pairs in one
    run of the runner. progress: called with each pair's line; status: with the runner's progress lines."""
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    jobs = {p: schedule(*p, (games + 1) // 2, seed, mode) for p in pairs}
    every = [j for p in pairs for j in jobs[p]]
    played = {_line_key(x): x for x in run_jobs(every, workers or os.cpu_count() or 1, record, play_missing, code,
                                                  cluster, status)}
    other = read_record(record, GAME, code or code_version())[1]
    return pair_results(pairs, jobs, played, other, _task_key, _share, progress)


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: int | None = None,
            record: Path | None = None, play_missing: bool = True, code: str | None = None,
            mode: str = "duel", cluster: str | None = None, status=None) -> dict:
    """`bot` against itself over every ordered pairing of two decks: each deck's win rate, each pairing's,
    and the first player's. The games go round the pairings, so a stopped run has played each about as
    often."""
    pairs = deck_pairings()
    pairs = pairs + [(b, a) for a, b in pairs]
    jobs = [((bot, bot), decks, seed + i, mode) for i in range(games_per_pairing) for decks in pairs]
    code = code or code_version()
    outs = run_jobs(jobs, workers or os.cpu_count() or 1, record, play_missing, code, cluster, status)
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
