"""Command line, as Crystal Clans' (python -m crystalclans tournament / balance):

    python -m wildlands tournament --bots random,greedy,search --games N --seed S --record FILE
    python -m wildlands balance --bot greedy --games N --record FILE   (writes the markdown)
    python -m wildlands balance --bot greedy --games N --workers 1 --try '[{...}]'   (other designed values)
    python -m wildlands report --record FILE   (win rates, Elo, per faction and per seat: from the record alone)

Games run with the self-play runner (selfplay): `--workers N` processes (1: in this process; default: every
core) or `--cluster local|ADDRESS` on a Dask cluster (pip install -e '.[cluster]'); progress on stderr.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from selfplay.cli import (CommandLine, RecordReport, again, balance_command, balance_parser, report_parser,
                          tournament_command, tournament_parser, write_out)

CODE_HELP = ("which recorded games count: those of this code (default: today's, wildlands.ai.codeversion; "
             "others are left out and counted), 'older' (records that name no code), 'any' (every recorded "
             "game; plays none) or a code hash")


def tournament(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.codeversion import code_version
    from .ai.tournament import tournament as run

    done = tournament_command(args, BOT_NAMES, code_version, run, "every faction pairing on both boards")
    return done if isinstance(done, int) else 0


def balance(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.tournament import balance as run
    from .ai.tournament import balance_markdown

    tried = None
    if args.try_values:
        import json

        from .ai.tournament import try_values

        if args.record or args.cluster or args.workers != 1:
            print("--try plays in this process and records nothing: use it with --workers 1, without --record",
                  file=sys.stderr)
            return 2
        tried = json.loads(args.try_values)
        try_values(tried)
    r = balance_command(args, BOT_NAMES, run)
    if isinstance(r, int):
        return r
    cmd = again("wildlands", args, "bot", "games", "seed")
    if tried:
        cmd += f" --try '{args.try_values}'"
    text = balance_markdown(r, cmd)
    if tried:
        text = text.replace("Games of code", f"**Designed values tried instead of the data's** (in this process, "
                            f"nothing recorded): `{args.try_values}`. Games of code", 1)
    write_out(args, text)
    return 0


#: `report`: the tables of a record's games (per faction and per seat), from the record alone
report = RecordReport("wildlands.ai.tournament", "Wildlands: games of a record", "faction")


def parsers(sub: Any) -> None:
    """The commands' options."""
    tournament_parser(sub, "random,greedy,search", 20, CODE_HELP)
    bal = balance_parser(sub, "every faction pairing on both boards", "greedy",
                         "games per ordered faction pairing and board (24 deals)", CODE_HELP)
    bal.add_argument("--try", dest="try_values", metavar="JSON",
                     help="designed values to try instead of the data's, as a JSON list of wildlands.tuning's "
                          "changes without 'was' and 'reason' (e.g. '[{\"faction\": \"gnomads\", \"character\": "
                          "\"elsie\", \"field\": \"health\", \"now\": 3}]'); needs --workers 1, no --record")
    report_parser(sub, "faction", CODE_HELP)


#: the command line: main(argv) runs the command argv names and gives its exit status
main = CommandLine("wildlands", "Wildlands engine tools", parsers,
                   {"tournament": tournament, "balance": balance, "report": report})


if __name__ == "__main__":
    raise SystemExit(main())
