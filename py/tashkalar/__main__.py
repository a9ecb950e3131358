"""Command line, as Crystal Clans' (python -m crystalclans tournament / balance):

    python -m tashkalar tournament --bots random,greedy,search --games N --seed S --mode duel --record FILE
    python -m tashkalar balance --bot greedy --games N --mode duel --record FILE   (writes the markdown)
    python -m tashkalar report --record FILE   (win rates, Elo, per deck and per seat: from the record alone)

Games run with the self-play runner (selfplay): `--workers N` processes (1: in this process; default: every
core) or `--cluster local|ADDRESS` on a Dask cluster (pip install -e '.[cluster]'); progress on stderr.
"""
from __future__ import annotations

import argparse
from typing import Any

from selfplay.cli import (CommandLine, RecordReport, again, balance_command, balance_parser, report_parser,
                          tournament_command, tournament_parser, write_out)

MODES = ("duel", "high_form")
CODE_HELP = ("which recorded games count: those of this code (default: today's, tashkalar.ai.codeversion; "
             "others are left out and counted), 'older' (records that name no code), 'any' (every recorded "
             "game; plays none) or a code hash")


def tournament(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.codeversion import code_version
    from .ai.tournament import tournament as run

    done = tournament_command(args, BOT_NAMES, code_version, run, f"mixed decks ({args.mode})", mode=args.mode)
    return done if isinstance(done, int) else 0


def balance(args: argparse.Namespace) -> int:
    from .ai import BOT_NAMES
    from .ai.tournament import balance as run
    from .ai.tournament import balance_markdown

    r = balance_command(args, BOT_NAMES, run, mode=args.mode)
    if isinstance(r, int):
        return r
    cmd = again("tashkalar", args, "bot", "games", "seed", "mode")
    text = balance_markdown(r, cmd)
    write_out(args, text)
    return 0


#: `report`: the tables of a record's games (per deck and per seat), from the record alone
report = RecordReport("tashkalar.ai.tournament", "Tash-Kalar: games of a record", "deck")


def parsers(sub: Any) -> None:
    """The commands' options."""
    tour = tournament_parser(sub, "random,greedy,search", 20, CODE_HELP)
    tour.add_argument("--mode", choices=MODES, default="duel")
    bal = balance_parser(sub, "every deck pairing", "greedy", "games per ordered deck pairing (12 pairings)", CODE_HELP)
    bal.add_argument("--mode", choices=MODES, default="duel")
    report_parser(sub, "deck", CODE_HELP)


#: the command line: main(argv) runs the command argv names and gives its exit status
main = CommandLine("tashkalar", "Tash-Kalar engine tools", parsers,
                   {"tournament": tournament, "balance": balance, "report": report})


if __name__ == "__main__":
    raise SystemExit(main())
