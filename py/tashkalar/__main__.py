"""Command line, as Crystal Clans' (python -m crystalclans tournament / balance):

    python -m tashkalar tournament --bots random,greedy,search --games N --seed S --mode duel --record FILE
    python -m tashkalar balance --bot greedy --games N --mode duel --record FILE   (writes the markdown)
    python -m tashkalar report --record FILE   (win rates, Elo, per deck and per seat: from the record alone)

Games run with the self-play runner (selfplay): `--workers N` processes (1: in this process; default: every
core) or `--cluster local|ADDRESS` on a Dask cluster (pip install -e '.[cluster]'); progress on stderr.
"""
from __future__ import annotations

import argparse

from selfplay.cli import (again, balance_command, balance_parser, report_parser, tournament_command,
                          tournament_parser, write_out)

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


def report(args: argparse.Namespace) -> int:
    from selfplay.cli import report_command

    from .ai.codeversion import code_version
    from .ai.tournament import GAME, sides

    return report_command(args, GAME, sides, code_version, title="Tash-Kalar: games of a record", faction="deck")


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(prog="tashkalar", description="Tash-Kalar engine tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    tour = tournament_parser(sub, "random,greedy,search", 20, CODE_HELP)
    tour.add_argument("--mode", choices=MODES, default="duel")
    bal = balance_parser(sub, "every deck pairing", "greedy", "games per ordered deck pairing (12 pairings)", CODE_HELP)
    bal.add_argument("--mode", choices=MODES, default="duel")
    report_parser(sub, "deck", CODE_HELP)
    args = ap.parse_args(argv)
    if args.cmd == "report":
        return report(args)
    if args.cmd == "tournament":
        return tournament(args)
    return balance(args)


if __name__ == "__main__":
    raise SystemExit(main())
