"""What every game's command line (crystalclans, tashkalar, wildlands) does alike around the runner: the
parser of its commands and the running of the one asked (`CommandLine`), the --workers/--cluster options,
the record's options and path, the bots asked for, whether the games can run where asked, progress lines on
stderr, the command that makes a report again, and the report of a record."""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

WORKERS_HELP = "processes (default: all cores; 1: in this process)"

#: a command of a game's command line: its parsed arguments -> the exit status
Command = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class CommandLine:
    """A game's `python -m <prog>` (its `main`): `parsers(sub)` adds each command's parser to the subcommands
    `sub`; called with `argv` (the process's arguments by default), it runs the command they name (one is
    required) from `commands` and gives its exit status."""

    prog: str
    description: str
    parsers: Callable[[Any], None]
    commands: dict[str, Command]

    def __call__(self, argv: list[str] | None = None) -> int:
        ap = argparse.ArgumentParser(prog=self.prog, description=self.description)
        sub = ap.add_subparsers(dest="cmd", required=True)
        self.parsers(sub)
        args = ap.parse_args(argv)
        return self.commands[args.cmd](args)


def runner_options(p: argparse.ArgumentParser, workers_help: str = WORKERS_HELP) -> None:
    p.add_argument("--workers", type=int, default=None, help=workers_help)
    p.add_argument("--cluster", metavar="ADDRESS", help="run the games on a Dask cluster: 'local' starts a "
                   "throwaway one of --workers processes, else a running scheduler's address (tcp://host:8786); "
                   "needs pip install -e '.[cluster]' here and on the workers")


RECORD_HELP = ("a JSON-lines file: each game appended as it ends; games already in it are not played again "
               "(continue a stopped run)")
RECORDED_HELP = "with --record: report the games played so far, play none"


def record_options(p: argparse.ArgumentParser, code_help: str, record_help: str = RECORD_HELP,
                   recorded_help: str = RECORDED_HELP) -> None:
    """--record, --recorded-only and --code (which recorded games count)."""
    p.add_argument("--record", help=record_help)
    p.add_argument("--recorded-only", action="store_true", help=recorded_help)
    p.add_argument("--code", help=code_help)


def tournament_parser(sub: Any, bots: str, games: int, code_help: str) -> argparse.ArgumentParser:
    """The `tournament` command's options (a game adds its own to the parser returned)."""
    tour = sub.add_parser("tournament", help="bots play seat-swapped pairs of games; win rates and Elo")
    tour.add_argument("--bots", default=bots)
    tour.add_argument("--games", type=int, default=games, help="games per pair of bots")
    tour.add_argument("--seed", type=int, default=1)
    runner_options(tour)
    record_options(tour, code_help)
    return tour


def balance_parser(sub: Any, over: str, bot: str, games_help: str, code_help: str,
                   out: "str | None" = None) -> argparse.ArgumentParser:
    """The `balance` command's options: a bot against itself `over` the pairings (a game adds its own)."""
    bal = sub.add_parser("balance", help=f"a bot against itself over {over} (markdown)")
    bal.add_argument("--bot", default=bot)
    bal.add_argument("--games", type=int, default=10, help=games_help)
    bal.add_argument("--seed", type=int, default=1)
    runner_options(bal)
    bal.add_argument("--out", default=out, help="write the markdown there" + (" too" if out is None else ""))
    record_options(bal, code_help)
    return bal


def report_parser(sub: Any, per: str, code_help: str) -> None:
    """The `report` command: the tables of a record alone (`per`: "clan", "deck", "faction")."""
    rep = sub.add_parser("report", help=f"win rates, Elo, per {per} and per seat, from a record alone (markdown)")
    rep.add_argument("--record", required=True, help="a JSON-lines record of a tournament or balance run")
    rep.add_argument("--code", help=code_help)
    rep.add_argument("--out", help="write the markdown there too")


def bot_list(text: str, known: Iterable[str]) -> "list[str] | None":
    """The bots of a --bots list (two or more known names), or None having said why not."""
    known = tuple(known)
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if any(b not in known for b in bots) or len(bots) < 2:
        print(f"--bots: two or more of {', '.join(known)} (got {text!r})", file=sys.stderr)
        return None
    return bots


def which_games(code: str) -> str:
    """The games a run counts, in words: those of one code, or every recorded game (code "any")."""
    return "every recorded game whatever its code" if code == "any" else f"code {code}"


def again(prog: str, args: argparse.Namespace, *options: str) -> str:
    """The command that makes this report again: `python -m <prog> <command>` with `options` (argparse
    names) as given, then --record (and --recorded-only) and --code where given."""
    words = [f"python -m {prog} {args.cmd}"]
    for name in options:
        value = getattr(args, name)
        if value is True:
            words.append(f"--{name.replace('_', '-')}")
        elif value not in (None, False):
            words.append(f"--{name.replace('_', '-')} {','.join(value) if isinstance(value, list) else value}")
    if getattr(args, "record", None):
        words.append(f"--record {args.record}" + (" --recorded-only" if args.recorded_only else ""))
    if getattr(args, "code", None):
        words.append(f"--code {args.code}")
    return " ".join(words)


def tournament_command(args: argparse.Namespace, names: Iterable[str], code_version: Callable[[], str],
                       run: Callable[..., Any], over: str, pairs: "Callable[[list[str]], Any] | None" = None,
                       **options: Any) -> "tuple[list[str], str, Any] | int":
    """`tournament`: the bots of --bots play seat-swapped pairs of games, `run(bots, games, seed, workers, ...,
    **options)` (a game's ai.tournament.tournament; `pairs(bots)`: the pairs that play, all by default), each
    pair's line printed as it is done, after a heading (`over`: what the games go round, in words) and before
    the seconds it took. Returns (bots, code, results), or the exit status having said why the games cannot be
    played."""
    bots = bot_list(args.bots, names)
    if bots is None:
        return 2
    if pairs is not None:
        options["pairs"] = pairs(bots)
    if (failed := cannot_run(args)) is not None:
        return failed
    code = args.code or code_version()
    t0 = time.perf_counter()
    print(f"seat-swapped pairs of games over {over}, {args.games} games per pair, seed {args.seed}, "
          + which_games(code), flush=True)
    results = run(bots, args.games, args.seed, args.workers, progress=lambda line: print(line, flush=True),
                  record=record_path(args), play_missing=not args.recorded_only, code=code, cluster=args.cluster,
                  status=status, **options)
    print(f"{time.perf_counter() - t0:.0f} s")
    return bots, code, results


def balance_command(args: argparse.Namespace, names: Iterable[str], run: Callable[..., Any], **options: Any) -> Any:
    """`balance`: --bot (one of `names`) against itself, `run(bot, games, seed, workers, ..., **options)` (a
    game's ai.tournament.balance). Returns its result, or the exit status having said why it cannot run."""
    names = tuple(names)
    if args.bot not in names:
        print(f"--bot: one of {', '.join(names)}", file=sys.stderr)
        return 2
    if (failed := cannot_run(args)) is not None:
        return failed
    return run(args.bot, args.games, args.seed, args.workers, record=record_path(args),
               play_missing=not args.recorded_only, code=args.code, cluster=args.cluster, status=status, **options)


def record_path(args: argparse.Namespace) -> "Path | None":
    """The --record file (its folder made), or None."""
    if not getattr(args, "record", None):
        return None
    record = Path(args.record)
    record.parent.mkdir(parents=True, exist_ok=True)
    return record


def cannot_run(args: argparse.Namespace) -> "int | None":
    """None if the games can run where asked; else the exit status, having said why (no cluster engine)."""
    if getattr(args, "cluster", None):
        from .runner import ClusterUnavailable, require_cluster

        try:
            require_cluster()
        except ClusterUnavailable as e:
            print(str(e), file=sys.stderr)
            return 3
    return None


def status(line: str) -> None:
    """A progress line, on stderr."""
    print(line, file=sys.stderr, flush=True)


#: a line in a generated report from which on the text is written by hand: generating the report again keeps it
KEEP = "<!-- written by hand from here on: generating this report again keeps what follows -->"


def write_out(args: argparse.Namespace, text: str) -> None:
    """The text to --out (if given) and to stdout. If --out already holds the KEEP line, that line and what
    follows it stay under the new text."""
    if getattr(args, "out", None):
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        old = out.read_text(encoding="utf-8") if out.is_file() else ""
        kept = old[old.index(KEEP):] if KEEP in old else ""
        out.write_text(text.rstrip("\n") + "\n\n" + kept if kept else text, encoding="utf-8")
    print(text)


def report_command(args: argparse.Namespace, game: Any, sides: Callable[[dict], Iterable], code_version: Callable[[], str],
                   title: str, faction: str) -> int:
    """`report`: the tables of a record's games of one code (args.code, default today's), from the record alone."""
    from .report import report as make
    from .runner import ANY, read_record

    record = Path(args.record)
    if not record.is_file():
        print(f"--record: no file {record}", file=sys.stderr)
        return 2
    code = args.code or code_version()
    done, other = read_record(record, game, code)
    write_out(args, make(done.values(), sides, title=title, faction=faction, source=args.record,
                         code=None if code == ANY else code, other=len(other)))
    return 0


@dataclass(frozen=True)
class RecordReport:
    """A game's `report` command (report_command): the tables of a record's games, by the `GAME` and `sides`
    of the game's tournament module (`module`, by name: imported when the command runs, so the command line
    starts without the bots), under `title`, per `faction` ("clan", "deck", "faction")."""

    module: str
    title: str
    faction: str

    def __call__(self, args: argparse.Namespace) -> int:
        tournaments = importlib.import_module(self.module)
        game = tournaments.GAME
        return report_command(args, game, tournaments.sides, game.code_version, title=self.title,
                              faction=self.faction)
