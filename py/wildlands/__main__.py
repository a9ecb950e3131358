"""Command line, as Crystal Clans' (python -m crystalclans tournament / balance):

    python -m wildlands tournament --bots random,greedy,search --games N --seed S --record FILE
    python -m wildlands balance --bot greedy --games N --record FILE   (writes the markdown)
    python -m wildlands report --record FILE   (win rates, Elo, per faction and per seat: from the record alone)

Games run with the self-play runner (selfplay): `--workers N` processes (1: in this process; default: every
core) or `--cluster local|ADDRESS` on a Dask cluster (pip install -e '.[cluster]'); progress on stderr.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

CODE_HELP = ("which recorded games count: those of this code (default: today's, wildlands.ai.codeversion; "
             "others are left out and counted), 'older' (records that name no code), 'any' (every recorded "
             "game; plays none) or a code hash")


def _record(args) -> "Path | None":
    if not args.record:
        return None
    record = Path(args.record)
    record.parent.mkdir(parents=True, exist_ok=True)
    return record


def _where(args) -> "int | None":
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


def tournament(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.codeversion import code_version
    from .ai.tournament import tournament as run

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOT_NAMES]
    if unknown or len(bots) < 2:
        print(f"--bots: two or more of {', '.join(BOT_NAMES)} (got {args.bots!r})", file=sys.stderr)
        return 2
    if (status := _where(args)) is not None:
        return status
    code = args.code or code_version()
    t0 = time.perf_counter()
    print(f"seat-swapped pairs of games over every faction pairing on both boards, {args.games} games per pair, seed "
          f"{args.seed}, " + ("every recorded game whatever its code" if code == "any" else f"code {code}"),
          flush=True)
    run(bots, args.games, args.seed, args.workers, progress=lambda line: print(line, flush=True),
        record=_record(args), play_missing=not args.recorded_only, code=code, cluster=args.cluster,
        status=_status)
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


def balance(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.tournament import balance as run
    from .ai.tournament import balance_markdown

    if args.bot not in BOT_NAMES:
        print(f"--bot: one of {', '.join(BOT_NAMES)}", file=sys.stderr)
        return 2
    if (status := _where(args)) is not None:
        return status
    r = run(args.bot, args.games, args.seed, args.workers, record=_record(args),
            play_missing=not args.recorded_only, code=args.code, cluster=args.cluster,
            status=_status)
    cmd = f"python -m wildlands balance --bot {args.bot} --games {args.games} --seed {args.seed}"
    if args.record:
        cmd += f" --record {args.record}" + (" --recorded-only" if args.recorded_only else "")
    if args.code:
        cmd += f" --code {args.code}"
    text = balance_markdown(r, cmd)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


def report(args: argparse.Namespace) -> int:
    from selfplay import ANY, read_record
    from selfplay.report import report as make

    from .ai.codeversion import code_version
    from .ai.tournament import GAME, sides

    record = Path(args.record)
    if not record.is_file():
        print(f"--record: no file {record}", file=sys.stderr)
        return 2
    code = args.code or code_version()
    done, other = read_record(record, GAME, code)
    text = make(done.values(), sides, title="Wildlands: games of a record", faction="faction", source=args.record,
                code=None if code == ANY else code, other=len(other))
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


def _runner_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores; 1: in this process)")
    p.add_argument("--cluster", metavar="ADDRESS", help="run the games on a Dask cluster: 'local' starts a "
                   "throwaway one of --workers processes, else a running scheduler's address (tcp://host:8786); "
                   "needs pip install -e '.[cluster]' here and on the workers")


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(prog="wildlands", description="Wildlands engine tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    tour = sub.add_parser("tournament", help="bots play seat-swapped pairs of games; win rates and Elo")
    tour.add_argument("--bots", default="random,greedy,search")
    tour.add_argument("--games", type=int, default=20, help="games per pair of bots")
    tour.add_argument("--seed", type=int, default=1)
    _runner_options(tour)
    tour.add_argument("--record", help="a JSON-lines file: each game appended as it ends; games already in it "
                                       "are not played again (continue a stopped run)")
    tour.add_argument("--recorded-only", action="store_true", help="with --record: report the games played so "
                                                                     "far, play none")
    tour.add_argument("--code", help=CODE_HELP)
    bal = sub.add_parser("balance", help="a bot against itself over every faction pairing on both boards (markdown)")
    bal.add_argument("--bot", default="greedy")
    bal.add_argument("--games", type=int, default=10, help="games per ordered faction pairing and board (24 deals)")
    bal.add_argument("--seed", type=int, default=1)
    _runner_options(bal)
    bal.add_argument("--out", default=None, help="write the markdown there too")
    bal.add_argument("--record", help="a JSON-lines file of finished games (continue a stopped run)")
    bal.add_argument("--recorded-only", action="store_true", help="with --record: report what is recorded")
    bal.add_argument("--code", help=CODE_HELP)
    rep = sub.add_parser("report", help="win rates, Elo, per faction and per seat, from a record alone (markdown)")
    rep.add_argument("--record", required=True, help="a JSON-lines record of a tournament or balance run")
    rep.add_argument("--code", help=CODE_HELP)
    rep.add_argument("--out", help="write the markdown there too")
    args = ap.parse_args(argv)
    if args.cmd == "report":
        return report(args)
    if args.cmd == "tournament":
        return tournament(args)
    return balance(args)


if __name__ == "__main__":
    raise SystemExit(main())
