"""Wildlands bot tournaments and the balance report, run as Crystal Clans' and Tash-Kalar's are: by the
self-play runner (selfplay: in this process, on all local cores by default, or on a Dask cluster), whose
arithmetic and report are shared (`wilson`, `elo`, `PairResult`, selfplay.report).

A task is (bots, factions, seed, board): bots[i] plays seat i with factions[i]. A match between two bots is
a pair of games on the same deal (board, factions by seat, seed) with the bots' seats exchanged, so neither
the deal, the faction nor the first turn favours one bot; the pairs go round every pairing of two different
factions on both boards. Every recorded game (JSON lines) names the code that played it
(codeversion.code_version) and the search preset; a report counts only the games of one code (today's by
default, `older`, `any`, or a hash) and says how many others it left out; a stopped run goes on with the
games still missing.
"""
from __future__ import annotations

import os
from pathlib import Path

import selfplay
from gamecore.bots import play_out
from selfplay import Games, PairResult, elo, read_record, run, wilson
from selfplay.pairs import Fields, Presets, pair_results, win_share

from ..content import BOARD_IDS, FACTION_IDS
from ..game import Game
from . import PRESETS, make_bot
from .codeversion import ANY, code_version

MAX_DECISIONS = 6000  # a game longer than this is scored a draw

__all__ = ["ANY", "GAME", "Games", "PairResult", "balance", "balance_markdown", "faction_pairings", "elo", "play",
           "run_jobs", "schedule", "sides", "tournament", "try_values", "wilson"]


def faction_pairings() -> "list[tuple[str, str]]":
    """Every pair of two different factions (seat 0's first)."""
    f = FACTION_IDS
    return [(a, b) for i, a in enumerate(f) for b in f[i + 1:]]


def deals() -> "list[tuple[tuple[str, str], str]]":
    """Every faction pairing on each board, boards alternating."""
    return [(fp, board) for fp in faction_pairings() for board in BOARD_IDS]


def play(bots: "tuple[str, ...]", factions: "tuple[str, ...]", seed: int, board: str = "dungeon",
         budget: "dict | None" = None) -> dict:
    """One game: bots[i] plays seat i with factions[i]. Returns the winners, the scores, the first player,
    the turns, the decisions asked (`moves`), the out-of-turn prompts, and each seat's seconds of thought
    and decisions with a real choice."""
    n = len(bots)
    g = Game.new(board=board, factions=tuple(factions), seed=seed)
    players = [make_bot(name, seed=seed * n + i, **(budget or {}).get(name, {})) for i, name in enumerate(bots)]
    moves, think, decisions = play_out(g, players, MAX_DECISIONS)
    return {"bots": list(bots), "board": board, "factions": list(factions), "seed": seed, "first": g.first_player,
            "winners": list(g.winners), "scores": g.scores, "turns": g.turn, "moves": moves,
            "prompts": list(g.prompts), "think": think, "decisions": decisions}


def _job(args: tuple) -> dict:
    return play(*args)


KEYS = Fields(('bots', 'factions', 'seed', 'board'))
PRESET_STAMP = Presets(PRESETS)
_task_key, _line_key = KEYS.task, KEYS.line


#: Wildlands for the self-play runner: a task is (bots, factions, seed, board[, budget])
GAME = selfplay.Game(name="wildlands", play=_job, task_key=KEYS.task, line_key=KEYS.line, code_version=code_version,
                     stamp=PRESET_STAMP.stamp, counts=PRESET_STAMP.counts)


def _share(out: dict, seat: int) -> float:
    return win_share(out["winners"], seat)  # a shared win splits; a game cut at MAX_DECISIONS has no winner


def sides(line: dict) -> tuple:
    """For selfplay.report: each seat's bot, faction and share of the win, and the first seat."""
    return list(line["bots"]), list(line["factions"]), [_share(line, i) for i in range(len(line["bots"]))], \
        line.get("first")


def run_jobs(jobs: "list[tuple]", workers: "int | None", record: "Path | None" = None, play_missing: bool = True,
             code: "str | None" = None, cluster: "str | None" = None, progress=None) -> Games:
    """Play jobs (bots, factions, seed, board) with the self-play runner on `workers` processes (1: in this
    process) or a Dask cluster (`cluster`: "local" or an address), appending each finished game to `record`
    and skipping those it already holds (of `code`: today's by default; another code or ANY only reads)."""
    return run(GAME, jobs, record=record, workers=workers, cluster=cluster, play_missing=play_missing, code=code,
               progress=progress)


def schedule(a: str, b: str, pairs_of_games: int, seed: int) -> "list[tuple]":
    """Seat-swapped pairs of games on the same deal, going round the faction pairings and boards."""
    ds = deals()
    jobs = []
    for i in range(pairs_of_games):
        factions, board = ds[i % len(ds)]
        jobs.append(((a, b), factions, seed + i, board))
        jobs.append(((b, a), factions, seed + i, board))
    return jobs


def tournament(bots: "list[str]", games: int, seed: int = 1, workers: "int | None" = None, progress=None,
               record: "Path | None" = None, play_missing: bool = True, code: "str | None" = None,
               cluster: "str | None" = None, status=None) -> "list[PairResult]":
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs), all pairs in one run of
    the runner. progress: called with each pair's line; status: with the runner's progress lines."""
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    jobs = {p: schedule(*p, (games + 1) // 2, seed) for p in pairs}
    every = [j for p in pairs for j in jobs[p]]
    played = {_line_key(x): x for x in run_jobs(every, workers or os.cpu_count() or 1, record, play_missing, code,
                                                  cluster, status)}
    other = read_record(record, GAME, code or code_version())[1]
    return pair_results(pairs, jobs, played, other, _task_key, _share, progress)


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: "int | None" = None,
            record: "Path | None" = None, play_missing: bool = True, code: "str | None" = None,
            cluster: "str | None" = None, status=None) -> dict:
    """`bot` against itself over every ordered pairing of two factions on both boards: each faction's win
    rate, each board's, each pairing's, the first player's, and the game length. The games go round the
    pairings, so a stopped run has played each about as often."""
    pairs = faction_pairings()
    pairs = pairs + [(b, a) for a, b in pairs]
    jobs = [((bot, bot), fp, seed + i, board) for i in range(games_per_pairing) for fp in pairs
            for board in BOARD_IDS]
    code = code or code_version()
    outs = run_jobs(jobs, workers or os.cpu_count() or 1, record, play_missing, code, cluster, status)
    fac = {f: [0.0, 0] for f in FACTION_IDS}
    fac_board = {(f, b): [0.0, 0] for f in FACTION_IDS for b in BOARD_IDS}
    pair: dict = {}
    first = [0.0, 0]
    seat0 = [0.0, 0]
    turns = moves = prompts = 0
    cut = 0
    for out in outs:
        f0, f1 = out["factions"]
        turns += out["turns"]
        moves += out["moves"]
        prompts += sum(out["prompts"])
        cut += not out["winners"]
        first[0] += _share(out, out["first"])
        first[1] += 1
        seat0[0] += _share(out, 0)
        seat0[1] += 1
        k = pair.setdefault((f0, f1), [0.0, 0])
        k[0] += _share(out, 0)
        k[1] += 1
        for seat, f in ((0, f0), (1, f1)):
            fac[f][0] += _share(out, seat)
            fac[f][1] += 1
            fb = fac_board[(f, out["board"])]
            fb[0] += _share(out, seat)
            fb[1] += 1
    m = max(1, len(outs))
    return {"bot": bot, "games": len(outs), "planned": len(jobs), "per_pairing": games_per_pairing,
            "factions": fac, "faction_board": fac_board, "pairs": pair, "first": first, "seat0": seat0,
            "mean_turns": turns / m, "mean_moves": moves / m, "mean_prompts": prompts / m, "cut": cut,
            "seed": seed, "code": code, "older": outs.older}


def try_values(changes: "list[dict]") -> None:
    """Play the designed values `changes` (wildlands.tuning's form without `was` and `reason`: a faction, a
    field "health", "flag" or "joker", a character and/or a card, and `now`) in THIS process from now on,
    without touching the data files: for searching balance changes with `balance --try` (which plays in this
    process and records nothing, since the code hash does not describe such games)."""
    import importlib

    from ..content import FACTIONS

    for ch in changes:
        f = FACTIONS[ch["faction"]]
        field = ch["field"]
        if field == "health":
            health = list(f.health)
            health[f.ids.index(ch["character"])] = int(ch["now"])
            f.health = tuple(health)
            continue
        card = f.cards[f.by_id[ch["card"]]]
        if field == "flag":
            i = f.ids.index(ch["character"])
            if not card.shows >> i & 1:
                raise ValueError(f"{ch['card']} of {ch['faction']} shows no {ch['character']}")
            card.flag = tuple(ch["now"] if j == i else x for j, x in enumerate(card.flag))
        elif field == "joker":
            card.joker = ch["now"]
        else:
            raise ValueError(f"unknown field {field!r}: health, flag or joker")
    importlib.import_module("wildlands.ai.evaluate").profile.cache_clear()  # it caches the decks' flags


def _row(name: str, w: float, n: int) -> str:
    if not n:
        return f"| {name} | 0 | – | – |"
    lo, hi = wilson(w, n)
    return f"| {name} | {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |"


def balance_markdown(r: dict, command: str) -> str:
    """The balance report as markdown."""
    lines = [
        "# Wildlands balance",
        "",
        f"Generated by `{command}`: {r['games']} games"
        + (f" (**a run in progress: {r['games']} of {r['planned']} planned**)" if r["games"] < r["planned"] else "")
        + f", bot **{r['bot']}** against itself, {r['per_pairing']} games per ordered faction pairing and board.",
        "",
        (f"Every recorded game whatever its code ({r['games']} games)." if r["code"] == ANY else
         f"Games of code `{r['code']}` only"
         + (f"; {r['older']} recorded games of other code were not counted." if r["older"] else ".")),
        "",
        "Intervals are 95% Wilson intervals. A weak bot measures which faction is easy to play, a strong one "
        "comes closer to which faction is strong: compare reports of the same bot only.",
        "",
        "## Win rate per faction",
        "",
        "| faction | games | win rate | 95% interval |",
        "|---|---:|---:|---|",
    ]
    for f, (w, n) in sorted(r["factions"].items(), key=lambda kv: -(kv[1][0] / kv[1][1] if kv[1][1] else 0)):
        lines.append(_row(f, w, n))
    lines += ["", "## Per faction and board", "", "| faction on board | games | win rate | 95% interval |",
              "|---|---:|---:|---|"]
    for (f, b), (w, n) in sorted(r["faction_board"].items()):
        lines.append(_row(f"{f} on {b}", w, n))
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    sw, sn = r["seat0"]
    lines += ["", "## First player", "",
              f"The player who took the first turn (W16: the owner of the lowest shard) won {fw / fn if fn else 0:.1%} "
              f"of {fn} games (95% interval {lo:.1%} – {hi:.1%}); seat 0 won {sw / sn if sn else 0:.1%}.", "",
              "## Every pairing (seat 0's faction first, both boards)", "",
              "| pairing | games | seat 0 wins | 95% interval |", "|---|---:|---:|---|"]
    for (f0, f1), (w, n) in sorted(r["pairs"].items()):
        lines.append(_row(f"{f0} v {f1}", w, n))
    lines += ["", f"Mean game length: {r['mean_turns']:.1f} turns, {r['mean_moves']:.0f} decisions asked "
              f"(of which {r['mean_prompts']:.0f} out-of-turn prompts)"
              + (f"; {r['cut']} games cut at the decision cap (no winner)." if r["cut"] else "."), ""]
    return "\n".join(lines)
