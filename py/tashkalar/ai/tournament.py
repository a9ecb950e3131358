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

from functools import partial
from pathlib import Path

from gamecore.bots import play_out
from selfplay import Games, PairResult, elo, wilson
from selfplay.balance import Tally, heading, ordered_pairings, pairing_table, play_balance, side_table
from selfplay.pairs import SeatSides, pairings, round_robin, run_tasks, seat_swapped, tournament_game

from ..content import PLAYABLE_DECKS
from ..game import Game
from . import PRESETS, make_bot
from .codeversion import ANY, code_version

MAX_DECISIONS = 3000  # a game longer than this is scored a draw (a shared win splits: pairs.line_share)

__all__ = ["ANY", "GAME", "Games", "PairResult", "balance", "balance_markdown", "deck_pairings", "elo", "play",
           "run_jobs", "schedule", "sides", "tournament", "wilson"]


def deck_pairings() -> list[tuple[str, str]]:
    """Every pair of two different playable decks (seat 0's first)."""
    return pairings(PLAYABLE_DECKS)


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


#: Tash-Kalar for the self-play runner: a task is (bots, decks, seed, mode[, budget]), played by `play`
GAME = tournament_game("tashkalar", play, ("bots", "decks", "seed", "mode"), PRESETS, code_version)
#: run_jobs(jobs, workers, record, play_missing, code, cluster, progress): the runner plays the jobs (pairs.run_tasks)
run_jobs = partial(run_tasks, GAME)
#: for selfplay.report: each seat's bot, deck and share of the win, and the first seat
sides = SeatSides("decks")


def schedule(a: str, b: str, pairs_of_games: int, seed: int, mode: str = "duel") -> list[tuple]:
    """Seat-swapped pairs of games on the same deal, going round the deck pairings."""
    return seat_swapped(a, b, pairs_of_games, seed, [(decks, mode) for decks in deck_pairings()])


def tournament(bots: list[str], games: int, seed: int = 1, workers: int | None = None, progress=None,
               record: Path | None = None, play_missing: bool = True, code: str | None = None,
               mode: str = "duel", cluster: str | None = None, status=None) -> list[PairResult]:
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs) in `mode`, all pairs in one
    run of the runner (pairs.round_robin). progress: called with each pair's line; status: with the runner's
    progress lines."""
    return round_robin(GAME, bots, games, lambda a, b, n: schedule(a, b, n, seed, mode), workers, progress, record,
                       play_missing, code, cluster, status)


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: int | None = None,
            record: Path | None = None, play_missing: bool = True, code: str | None = None,
            mode: str = "duel", cluster: str | None = None, status=None) -> dict:
    """`bot` against itself over every ordered pairing of two decks: each deck's win rate, each pairing's,
    and the first player's. The games go round the pairings, so a stopped run has played each about as
    often."""
    jobs = [((bot, bot), decks, seed + i, mode) for i in range(games_per_pairing) for decks in
            ordered_pairings(PLAYABLE_DECKS)]
    code, outs = play_balance(GAME, jobs, workers, record, play_missing, code, cluster, status)
    tally = Tally.over(PLAYABLE_DECKS)
    for out in outs:
        tally.add(out, "decks")
    return {"bot": bot, "mode": mode, "games": len(outs), "planned": len(jobs), "per_pairing": games_per_pairing,
            "decks": tally.sides, "pairs": tally.pairs, "first": tally.first,
            "mean_turns": tally.turns / max(1, len(outs)), "seed": seed, "code": code, "older": outs.older}


def balance_markdown(r: dict, command: str) -> str:
    """The balance report as markdown."""
    lines = heading(f"Tash-Kalar balance: {r['mode']}", command, r, "ordered deck pairing", "deck")
    lines += side_table("deck", r["decks"])
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    lines += ["", "## First player", "",
              f"The player who took the first turn won {fw / fn if fn else 0:.1%} of {fn} games "
              f"(95% interval {lo:.1%} – {hi:.1%}).", "",
              *pairing_table("Every pairing (seat 0's deck first)", r["pairs"])]
    lines += ["", f"Mean game length: {r['mean_turns']:.1f} turns.", ""]
    return "\n".join(lines)
