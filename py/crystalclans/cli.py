"""Command line:

    python -m crystalclans simulate --games N --seed S [--clans blood skull]
    python -m crystalclans tournament --bots random,greedy,normal,hard --games N --seed S
    python -m crystalclans balance --bot hard --games N   (writes docs/BALANCE.md)
    python -m crystalclans report --record FILE          (win rates, Elo, per clan and per seat: the record alone)

Every command that plays runs its games with the self-play runner (selfplay): `--workers N` processes (1: in
this process; default: every core), or `--cluster local|ADDRESS` on a Dask cluster (the optional extra:
pip install -e '.[cluster]'). Progress (games done, games/s, time left) goes to stderr.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

from .codeversion import code_version
from .simulate import pairings, random_result


def _where(args: argparse.Namespace) -> int | None:
    """None if the games can run where asked; else the exit status, having said why (no cluster engine)."""
    if getattr(args, "cluster", None):
        from selfplay import ClusterUnavailable, require_cluster

        try:
            require_cluster()
        except ClusterUnavailable as e:
            print(str(e), file=sys.stderr)
            return 3
    return None


def _status(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def simulate(args: argparse.Namespace) -> int:
    from selfplay import Game, run

    if (status := _where(args)) is not None:
        return status
    pairs = [tuple(args.clans)] if args.clans else pairings()
    tasks = [(pairs[i % len(pairs)], args.seed + i, args.mulligan) for i in range(args.games)]
    game = Game(name="crystalclans-random", play=random_result, task_key=_sim_key, line_key=_sim_key,
                code_version=code_version)
    per_pair: dict = defaultdict(lambda: {"games": 0, "wins0": 0, "first_wins": 0, "actions": 0, "turns": 0})
    t0 = time.perf_counter()
    total_actions = 0
    workers = args.workers or (None if args.cluster else 1)
    outs = run(game, tasks, workers=workers, cluster=args.cluster, progress=_status if args.progress else None)
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
    from .ai.tournament import tournament as run

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOT_NAMES]
    if unknown or len(bots) < 2:
        print(f"--bots: two or more of {', '.join(BOT_NAMES)} (got {args.bots!r})", file=sys.stderr)
        return 2
    if (status := _where(args)) is not None:
        return status
    t0 = time.perf_counter()
    code = args.code or code_version()
    print(f"seat-swapped pairs of games over mixed clans, {args.games} games per pair, seed {args.seed}, "
          + ("every recorded game whatever its code" if code == "any" else f"code {code}"))
    record = Path(args.record) if args.record else None
    if record is not None:
        record.parent.mkdir(parents=True, exist_ok=True)
    run(bots, args.games, args.seed, args.workers, progress=lambda line: print(line, flush=True), record=record,
        play_missing=not args.recorded_only, code=code, cluster=args.cluster, status=_status)
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


def balance(args: argparse.Namespace) -> int:
    from .ai.tournament import balance as run
    from .ai.tournament import balance_markdown

    if (status := _where(args)) is not None:
        return status
    t0 = time.perf_counter()
    record = Path(args.record) if args.record else None
    if record is not None:
        record.parent.mkdir(parents=True, exist_ok=True)
    r = run(args.bot, args.games, args.seed, args.workers, record=record, play_missing=not args.recorded_only,
            code=args.code, cluster=args.cluster, status=_status)
    cmd = f"python -m crystalclans balance --bot {args.bot} --games {args.games} --seed {args.seed}"
    if record is not None:
        cmd += f" --record {args.record}" + (" --recorded-only" if args.recorded_only else "")
    if args.code:
        cmd += f" --code {args.code}"
    text = balance_markdown(r, cmd, time.perf_counter() - t0)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


def report(args: argparse.Namespace) -> int:
    from selfplay import ANY, read_record
    from selfplay.report import report as make

    from .ai.tournament import GAME, sides

    record = Path(args.record)
    if not record.is_file():
        print(f"--record: no file {record}", file=sys.stderr)
        return 2
    code = args.code or code_version()
    done, other = read_record(record, GAME, code)
    text = make(done.values(), sides, title="Crystal Clans: games of a record", faction="clan",
                source=args.record, code=None if code == ANY else code, other=len(other))
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


def _runner_options(p: argparse.ArgumentParser, workers_help: str = "processes (default: all cores; 1: in this "
                                                                      "process)") -> None:
    p.add_argument("--workers", type=int, default=None, help=workers_help)
    p.add_argument("--cluster", metavar="ADDRESS", help="run the games on a Dask cluster: 'local' starts a "
                   "throwaway one of --workers processes, else a running scheduler's address (tcp://host:8786); "
                   "needs pip install -e '.[cluster]' here and on the workers")


CODE_HELP = ("which recorded games count: those of this code version (default: today's code, "
             "crystalclans.codeversion; others are left out and counted), 'older' (games recorded before games "
             "named their code) or 'any' (every recorded game; plays none)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="crystalclans", description="Crystal Clans engine tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="play random games and report speed and results")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--clans", nargs=2, metavar=("CLAN0", "CLAN1"))
    sim.add_argument("--mulligan", action="store_true")
    _runner_options(sim, "processes (default: 1, in this process, so the speed is one core's)")
    sim.add_argument("--progress", action="store_true", help="games done, games/s and time left on stderr")
    tour = sub.add_parser("tournament", help="bots play seat-swapped pairs of games; win rates and Elo")
    tour.add_argument("--bots", default="random,greedy,normal,hard")
    tour.add_argument("--games", type=int, default=40, help="games per pair of bots")
    tour.add_argument("--seed", type=int, default=1)
    _runner_options(tour)
    tour.add_argument("--record", help="a JSON-lines file: each game appended as it ends; games already "
                                       "in it are not played again (continue a stopped run)")
    tour.add_argument("--recorded-only", action="store_true", help="with --record: report the games played so "
                                                                     "far, play none")
    tour.add_argument("--code", help=CODE_HELP)
    bal = sub.add_parser("balance", help="a bot against itself over all clan pairings, written as markdown")
    bal.add_argument("--bot", default="hard")
    bal.add_argument("--games", type=int, default=10, help="games per clan pairing (21 pairings)")
    bal.add_argument("--seed", type=int, default=1)
    _runner_options(bal)
    bal.add_argument("--out", default="docs/BALANCE.md")
    bal.add_argument("--record", help="a JSON-lines file of finished games (continue a stopped run)")
    bal.add_argument("--recorded-only", action="store_true", help="with --record: write the report of the games "
                                                                     "played so far, play none")
    bal.add_argument("--code", help=CODE_HELP)
    rep = sub.add_parser("report", help="win rates, Elo, per clan and per seat, from a record alone (markdown)")
    rep.add_argument("--record", required=True, help="a JSON-lines record of a tournament or balance run")
    rep.add_argument("--code", help=CODE_HELP)
    rep.add_argument("--out", help="write the markdown there too")
    args = ap.parse_args(argv)
    if args.cmd == "report":
        return report(args)
    if args.cmd == "simulate":
        return simulate(args)
    if args.cmd == "tournament":
        return tournament(args)
    if args.cmd == "balance":
        return balance(args)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
