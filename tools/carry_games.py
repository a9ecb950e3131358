"""Carry recorded games over to today's code when a balance change did not touch their pairing (issue 27).

A game reads only what every game shares and the cards of its own two clans (codeversion.clans_played_alike),
so after a change to Blood's cards a Stone-Skull game plays move for move as before. This tool copies such
games from a record of the code before the change into a record of today's code, so a confirmation plays only
the pairings the change touched:

    PYTHONPATH=py python tools/carry_games.py --before 64c4779^ --from docs/tournament/balance-hard-k5.jsonl \\
        --to docs/tournament/balance-hard-k6.jsonl

--before is the commit whose card set played the games (today's source with that card set must give the
games' code, so a change to the engine or the bots carries nothing). A carried line gets today's code and
`"carried": <the code that played it>` (a game carried twice keeps the first). Before writing anything the
tool plays --check of the carried games again with today's code (default 2, from different pairings) and
refuses if one plays differently.

The source may be a search's record (tools/balance_search.py): a search game is the game the confirmation plays
with the same code, clans and seed, so a chosen candidate's own search games are copied as they are (--before
then names a commit with the candidate's card set, and nothing is marked carried) and the search games of
pairings a later change left alone are carried like any other. Such a line drops the search's stamp and keeps
`"searched": <candidate>`.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_record import plays_alike  # noqa: E402

from crystalclans.ai.tournament import ANY, GAME  # noqa: E402
from crystalclans.cardset import CardSet, base_set, load_card_set  # noqa: E402
from crystalclans.codeversion import clans_played_alike, code_version  # noqa: E402
from selfplay import read_record  # noqa: E402
from selfplay.runner import close_cut_line  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CARD_FILE = "py/crystalclans/data/base_set.json"


def card_set_at(rev: str) -> CardSet:
    """The card set as committed at `rev`."""
    out = subprocess.run(["git", "show", f"{rev}:{CARD_FILE}"], cwd=ROOT, capture_output=True)
    if out.returncode:
        raise SystemExit(f"no card set at {rev!r}: {out.stderr.decode().strip()}")
    return load_card_set(out.stdout)


SEARCH_STAMP = ("candidate", "changes", "engine")


def as_record_line(x: dict, old: str, today: str) -> dict:
    """A game of code `old` as a line of today's record: today's code, `carried` from the code that played it
    (unless that is today's), and a search's stamp reduced to `searched`."""
    line = {k: v for k, v in x.items() if k not in SEARCH_STAMP}
    if "candidate" in x:
        line["searched"] = x["candidate"]
    if old != today or "carried" in x:
        line["carried"] = x.get("carried", old)
    return {**line, "code": today}


def carry(before: CardSet, source: Path, target: Path, check: int = 2) -> dict:
    """Append to `target` the games of `source` that `before`'s code played between two clans today's card
    set plays alike, stamped with today's code; returns counts. Raises SystemExit if a checked game differs."""
    old, today = code_version(before), code_version()
    mine, others = read_record(source, GAME, old)
    if others and not mine:
        codes = ", ".join(sorted({str(x.get("code")) for x in read_record(source, GAME, ANY)[0].values()}))
        raise SystemExit(f"{source} holds games of code {codes}; today's source with the card set at --before is "
                         f"code {old}: the engine or the bots changed since, or --before is not the games' commit")
    alike = clans_played_alike(before, base_set())
    there = read_record(target, GAME, today)[0]
    carried = [as_record_line(x, old, today) for k, x in mine.items() if set(x["clans"]) <= alike and k not in there]
    picks, pairings = [], set()
    for x in carried:
        if len(picks) < check and tuple(sorted(x["clans"])) not in pairings:
            pairings.add(tuple(sorted(x["clans"])))
            picks.append(x)
    for x in picks:
        if not plays_alike(x):
            raise SystemExit(f"{x['clans']} seed {x['seed']} plays differently with today's code: nothing carried")
    if carried:
        close_cut_line(target)
        with target.open("a", encoding="utf-8") as fh:
            fh.writelines(json.dumps(x, separators=(",", ":")) + "\n" for x in carried)
    return {"carried": len(carried), "of": len(mine), "checked": len(picks), "alike": sorted(alike),
            "before": old, "today": today}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--before", help="the commit whose card set played the games of --from")
    src.add_argument("--cards-before", type=Path, help="or that card set's file")
    ap.add_argument("--from", dest="source", type=Path, required=True, help="the record of the code before")
    ap.add_argument("--to", dest="target", type=Path, required=True, help="the record of today's code")
    ap.add_argument("--check", type=int, default=2, help="carried games to play again first (default 2)")
    args = ap.parse_args(argv)
    before = card_set_at(args.before) if args.before else load_card_set(args.cards_before)
    out = carry(before, args.source, args.target, args.check)
    verb = "carried" if out["before"] != out["today"] else "copied"
    print(f"{verb} {out['carried']} of the {out['of']} games of code {out['before']} into code {out['today']} "
          f"(clans alike: {', '.join(out['alike']) or 'none'}; {out['checked']} played again alike)", file=sys.stderr)
    return out


if __name__ == "__main__":
    main()
