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

from functools import partial
from pathlib import Path

from gamecore.bots import play_out
from selfplay import Games, PairResult, elo, wilson
from selfplay.balance import (Tally, count, heading, ordered_pairings, pairing_table, play_balance, rate_row,
                              side_table)
from selfplay.pairs import SeatSides, line_share, pairings, round_robin, run_tasks, seat_swapped, tournament_game

from ..content import BOARD_IDS, FACTION_IDS
from ..game import Game
from . import PRESETS, make_bot
from .codeversion import ANY, code_version

MAX_DECISIONS = 6000  # a game longer than this is scored a draw (a shared win splits: pairs.line_share)

__all__ = ["ANY", "GAME", "Games", "PairResult", "balance", "balance_markdown", "faction_pairings", "elo", "play",
           "run_jobs", "schedule", "sides", "tournament", "try_values", "wilson"]


def faction_pairings() -> "list[tuple[str, str]]":
    """Every pair of two different factions (seat 0's first)."""
    return pairings(FACTION_IDS)


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


#: Wildlands for the self-play runner: a task is (bots, factions, seed, board[, budget]), played by `play`
GAME = tournament_game("wildlands", play, ("bots", "factions", "seed", "board"), PRESETS, code_version)
#: run_jobs(jobs, workers, record, play_missing, code, cluster, progress): the runner plays the jobs (pairs.run_tasks)
run_jobs = partial(run_tasks, GAME)
#: for selfplay.report: each seat's bot, faction and share of the win, and the first seat
sides = SeatSides("factions")


def schedule(a: str, b: str, pairs_of_games: int, seed: int) -> "list[tuple]":
    """Seat-swapped pairs of games on the same deal, going round the faction pairings and boards."""
    return seat_swapped(a, b, pairs_of_games, seed, deals())


def tournament(bots: "list[str]", games: int, seed: int = 1, workers: "int | None" = None, progress=None,
               record: "Path | None" = None, play_missing: bool = True, code: "str | None" = None,
               cluster: "str | None" = None, status=None) -> "list[PairResult]":
    """Every pair of `bots` plays `games` games (rounded up to seat-swapped pairs), all pairs in one run of
    the runner (pairs.round_robin). progress: called with each pair's line; status: with the runner's
    progress lines."""
    return round_robin(GAME, bots, games, lambda a, b, n: schedule(a, b, n, seed), workers, progress, record,
                       play_missing, code, cluster, status)


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: "int | None" = None,
            record: "Path | None" = None, play_missing: bool = True, code: "str | None" = None,
            cluster: "str | None" = None, status=None) -> dict:
    """`bot` against itself over every ordered pairing of two factions on both boards: each faction's win
    rate, each board's, each pairing's, the first player's, and the game length. The games go round the
    pairings, so a stopped run has played each about as often."""
    jobs = [((bot, bot), fp, seed + i, board) for i in range(games_per_pairing) for fp in
            ordered_pairings(FACTION_IDS) for board in BOARD_IDS]
    code, outs = play_balance(GAME, jobs, workers, record, play_missing, code, cluster, status)
    tally = Tally.over(FACTION_IDS)
    fac_board = {(f, b): [0.0, 0] for f in FACTION_IDS for b in BOARD_IDS}
    moves = prompts = cut = 0
    for out in outs:
        moves += out["moves"]
        prompts += sum(out["prompts"])
        cut += not out["winners"]
        for seat, f in enumerate(tally.add(out, "factions")):
            count(fac_board[(f, out["board"])], line_share(out, seat))
    m = max(1, len(outs))
    return {"bot": bot, "games": len(outs), "planned": len(jobs), "per_pairing": games_per_pairing,
            "factions": tally.sides, "faction_board": fac_board, "pairs": tally.pairs, "first": tally.first,
            "seat0": tally.seat0, "mean_turns": tally.turns / m, "mean_moves": moves / m,
            "mean_prompts": prompts / m, "cut": cut, "seed": seed, "code": code, "older": outs.older}


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


def balance_markdown(r: dict, command: str) -> str:
    """The balance report as markdown."""
    lines = heading("Wildlands balance", command, r, "ordered faction pairing and board", "faction")
    lines += side_table("faction", r["factions"])
    lines += ["", "## Per faction and board", "", "| faction on board | games | win rate | 95% interval |",
              "|---|---:|---:|---|"]
    for (f, b), (w, n) in sorted(r["faction_board"].items()):
        lines.append(rate_row(f"{f} on {b}", w, n))
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    sw, sn = r["seat0"]
    lines += ["", "## First player", "",
              f"The player who took the first turn (W16: the owner of the lowest shard) won {fw / fn if fn else 0:.1%} "
              f"of {fn} games (95% interval {lo:.1%} – {hi:.1%}); seat 0 won {sw / sn if sn else 0:.1%}.", "",
              *pairing_table("Every pairing (seat 0's faction first, both boards)", r["pairs"])]
    lines += ["", f"Mean game length: {r['mean_turns']:.1f} turns, {r['mean_moves']:.0f} decisions asked "
              f"(of which {r['mean_prompts']:.0f} out-of-turn prompts)"
              + (f"; {r['cut']} games cut at the decision cap (no winner)." if r["cut"] else "."), ""]
    return "\n".join(lines)
