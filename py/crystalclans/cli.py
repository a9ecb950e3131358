"""Command line:

    python -m crystalclans simulate --games N --seed S [--clans blood skull]
    python -m crystalclans tournament --bots random,greedy,normal,hard --games N --seed S
    python -m crystalclans balance --bot hard --games N   (writes docs/BALANCE.md; --before RECORD: before and after)
    python -m crystalclans report --record FILE          (win rates, Elo, per clan and per seat: the record alone)

Every command that plays runs its games with the self-play runner (selfplay): `--workers N` processes (1: in
this process; default: every core), or `--cluster local|ADDRESS` on a Dask cluster (the optional extra:
pip install -e '.[cluster]'). Progress (games done, games/s, time left) goes to stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from selfplay import ANY as ANY_CODE
from selfplay.cli import (CommandLine, RecordReport, again, balance_parser, cannot_run, record_path, report_parser,
                          runner_options, status, tournament_command, tournament_parser, write_out)

from .cardset import BASE_SET_FILE
from .codeversion import code_version
from .simulate import pairings, random_result


def simulate(args: argparse.Namespace) -> int:
    from selfplay import Game, run

    if (failed := cannot_run(args)) is not None:
        return failed
    pairs = [tuple(args.clans)] if args.clans else pairings()
    tasks = [(pairs[i % len(pairs)], args.seed + i, args.mulligan) for i in range(args.games)]
    game = Game(name="crystalclans-random", play=random_result, task_key=_sim_key, line_key=_sim_key,
                code_version=code_version)
    per_pair: dict = defaultdict(lambda: {"games": 0, "wins0": 0, "first_wins": 0, "actions": 0, "turns": 0})
    t0 = time.perf_counter()
    total_actions = 0
    workers = args.workers or (None if args.cluster else 1)
    outs = run(game, tasks, workers=workers, cluster=args.cluster, progress=status if args.progress else None)
    for out in outs:
        clans = tuple(out["clans"])
        if out["winner"] is None:
            print(f"game {out['seed']} {clans} did not finish", file=sys.stderr)
            return 1
        st = per_pair[clans]
        st["games"] += 1
        st["wins0"] += out["winner"] == 0
        st["first_wins"] += out["winner"] == out["first"]
        st["actions"] += out["actions"]
        st["turns"] += out["turns"]
        total_actions += out["actions"]
    dt = time.perf_counter() - t0
    where = (f"on cluster {args.cluster}" if args.cluster else
             "in one process" if workers == 1 else f"on {workers} local processes")
    print(f"{args.games} games, {total_actions} actions in {dt:.2f} s: "
          f"{args.games / dt:.1f} games/s, {total_actions / dt:,.0f} actions/s ({where})")
    print("random vs random; 'first' = the player who took the first turn")
    print(f"{'pairing (A v B)':<18} {'games':>5} {'A wins':>7} {'B wins':>7} {'first wins':>11} {'avg actions':>12} "
          f"{'avg turns':>10}")
    for clans, st in sorted(per_pair.items()):
        n = st["games"]
        print(f"{clans[0] + ' v ' + clans[1]:<18} {n:>5} {st['wins0'] / n:>7.0%} {1 - st['wins0'] / n:>7.0%} "
              f"{st['first_wins'] / n:>11.0%} {st['actions'] / n:>12.1f} {st['turns'] / n:>10.1f}")
    return 0


def _sim_key(x) -> tuple:
    """A random game's identity, from its task (clans, seed, mulligan) or its result."""
    if isinstance(x, dict):
        return (tuple(x["clans"]), x["seed"], x["mulligan"])
    return (tuple(x[0]), x[1], x[2])


def tournament(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.tournament import ladder_markdown, ladder_pairs
    from .ai.tournament import tournament as run

    done = tournament_command(args, BOT_NAMES, code_version, run, "mixed clans",
                              pairs=ladder_pairs if args.ladder else None)
    if isinstance(done, int):
        return done
    bots, code, results = done
    if args.out:
        args.bots = bots
        cmd = again("crystalclans", args, "bots", "games", "seed", "ladder")
        write_out(args, ladder_markdown(bots, results, cmd, code, planned=(args.games + 1) // 2 * 2))
    return 0


def balance(args: argparse.Namespace) -> int:
    from .ai.tournament import balance as run
    from .ai.tournament import balance_markdown, recorded_balance

    if (failed := cannot_run(args)) is not None:
        return failed
    if args.before and not Path(args.before).is_file():  # before a long run, not after it
        print(f"no record {args.before!r} to compare with (--before)", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    record = record_path(args)
    r = run(args.bot, args.games, args.seed, args.workers, record=record, play_missing=not args.recorded_only,
            code=args.code, cluster=args.cluster, status=status)
    cmd = again("crystalclans", args, "bot", "games", "seed")
    before = None
    if args.before:
        before = recorded_balance(Path(args.before), args.before_code)
        cmd += f" --before {args.before} --before-code {args.before_code}"
    # the values adjusted for balance are today's card set's: listed only for games today's code played
    card_set = json.loads(BASE_SET_FILE.read_text(encoding="utf-8")) if r["code"] == code_version() else None
    text = balance_markdown(r, cmd, time.perf_counter() - t0, before=before, card_set=card_set)
    write_out(args, text)
    return 0


#: `report`: the tables of a record's games (per clan and per seat), from the record alone
report = RecordReport("crystalclans.ai.tournament", "Crystal Clans: games of a record", "clan")


CODE_HELP = ("which recorded games count: those of this code version (default: today's code, "
             "crystalclans.codeversion; others are left out and counted), 'older' (games recorded before games "
             "named their code) or 'any' (every recorded game; plays none)")


def parsers(sub: Any) -> None:
    """The commands' options."""
    sim = sub.add_parser("simulate", help="play random games and report speed and results")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--clans", nargs=2, metavar=("CLAN0", "CLAN1"))
    sim.add_argument("--mulligan", action="store_true")
    runner_options(sim, "processes (default: 1, in this process, so the speed is one core's)")
    sim.add_argument("--progress", action="store_true", help="games done, games/s and time left on stderr")
    tour = tournament_parser(sub, "random,greedy,normal,hard", 40, CODE_HELP)
    tour.add_argument("--ladder", action="store_true", help="only the steps between neighbours in --bots, and the "
                                                            "second bot against every bot above the next step")
    tour.add_argument("--out", help="write the table (markdown, with Elo along the steps) there")
    bal = balance_parser(sub, "all clan pairings", "hard", "games per clan pairing (21 pairings)", CODE_HELP,
                         out="docs/BALANCE.md")
    bal.add_argument("--before", help="the record of an earlier balance run: the report adds a table of each "
                                      "clan's win rate before and after")
    bal.add_argument("--before-code", default=ANY_CODE, help="which games of --before count (as --code; "
                                                            "default: every game it holds)")
    report_parser(sub, "clan", CODE_HELP)


#: the command line: main(argv) runs the command argv names and gives its exit status
main = CommandLine("crystalclans", "Crystal Clans engine tools", parsers,
                   {"simulate": simulate, "tournament": tournament, "balance": balance, "report": report})


if __name__ == "__main__":
    raise SystemExit(main())
