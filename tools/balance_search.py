"""Try a set of balance changes without writing them into the card set (issue 27): a cheaper bot plays every
non-mirror clan pairing on the changed card set and the win rate of each clan and of the first player is
printed. The hard bot confirms a chosen candidate afterwards with `python -m crystalclans balance`.

    PYTHONPATH=py:tools/pypy /opt/pypyenv/bin/python tools/balance_search.py --bot normal --games 20 \\
        --name k0 --record docs/tournament/balance-search.jsonl stone.ballista/attack=4 blood.kesh_bloodcaller/summon=5

--clan flower plays only Flower's five pairings: enough to try changes to Flower's cards alone; --clan blood
--clan meteor plays the nine pairings of either clan, for changes to both.

Each finished game is appended to --record with the candidate's name and changes, so a stopped search goes
on where it stopped and the searches stay on record (a game counts for a candidate only with the same
changes and the same code). Changes are written as for tools/balance_change.py: only values tagged design.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from balance_change import CARD_SET, change  # noqa: E402

from crystalclans import cardset  # noqa: E402
from crystalclans.ai.match import play  # noqa: E402
from crystalclans.ai.tournament import GAME, balance_figures, wilson  # noqa: E402
from crystalclans.cardset import load_card_set  # noqa: E402
from crystalclans.codeversion import code_version, source_digest  # noqa: E402
from crystalclans.simulate import CLANS, pairings  # noqa: E402
from selfplay.runner import interpreter  # noqa: E402


def use_card_set(path: str) -> None:
    """Make `path` the base card set of this process (and of the processes it forks)."""
    cardset.BASE_SET_FILE = Path(path)
    cardset.base_set.cache_clear()


def changed_card_set(changes: list[str], name: str) -> dict:
    """The shipped card set's JSON with `changes` ("clan.unit/field=value", design values only) made."""
    card_set = json.loads(CARD_SET.read_text(encoding="utf-8"))
    for c in changes:
        key, _, value = c.partition("=")
        change(card_set, key, int(value), f"candidate {name}")
    return card_set


def _play(job: tuple) -> dict:
    bot, clans, seed = job
    return play((bot, bot), clans, seed)


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--games", type=int, default=20, help="games per non-mirror pairing (15 pairings)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--name", required=True, help="the candidate's name, for the record")
    ap.add_argument("--record", type=Path, help="JSON lines: every finished game, with the candidate")
    ap.add_argument("--clan", choices=CLANS, action="append",
                    help="only the pairings of this clan (a change to its cards alone moves no other pairing's games); "
                         "given twice, the pairings of either")
    ap.add_argument("changes", nargs="*", metavar="clan.unit/field=value")
    args = ap.parse_args(argv)

    changes = sorted(args.changes)
    tmp = Path(tempfile.mkdtemp()) / "base_set.json"
    tmp.write_text(json.dumps(changed_card_set(changes, args.name), ensure_ascii=False), encoding="utf-8")
    stamp = {"candidate": args.name, "changes": changes, "engine": source_digest()[:12],
             "code": code_version(load_card_set(tmp))}  # the code version of the engine with this card set

    jobs = [(args.bot, clans, args.seed + i) for i in range(args.games) for clans in pairings(mirrors=False)
            if not args.clan or set(args.clan) & set(clans)]
    done = {}
    if args.record and args.record.is_file():
        for line in args.record.read_text(encoding="utf-8").splitlines():
            x = json.loads(line)
            if x.get("changes") == changes and x.get("engine") == stamp["engine"] and x["bots"][0] == args.bot:
                done[(tuple(x["clans"]), x["seed"])] = x
    todo = [j for j in jobs if (tuple(j[1]), j[2]) not in done]
    print(f"{args.name}: {len(changes)} changes, {len(done)} games on record, {len(todo)} to play", flush=True)
    shipped = cardset.BASE_SET_FILE
    use_card_set(str(tmp))  # the workers fork with it
    try:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for out in pool.imap_unordered(_play, todo):
                out = {**GAME.stamp(out), "python": interpreter(), **stamp}  # a whole game line, as a run's
                done[(tuple(out["clans"]), out["seed"])] = out
                if args.record:
                    with args.record.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(out) + "\n")
    finally:
        use_card_set(str(shipped))
    outs = [done[(tuple(j[1]), j[2])] for j in jobs]
    figures = balance_figures(outs)  # no mirrors here: every game counts for both clans
    wins, first = figures["clans"], figures["first"]
    print(f"{args.name} ({args.bot}, {len(outs)} games):")
    for c, (w, n) in sorted(wins.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        lo, hi = wilson(w, n)
        print(f"  {c:7s} {100 * w / n:5.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]  ({n} games)")
    lo, hi = wilson(*first)
    print(f"  first   {100 * first[0] / first[1]:5.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]")
    return {"clans": wins, "first": first, "played": len(todo)}


if __name__ == "__main__":
    main()
