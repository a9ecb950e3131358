"""Play recorded Crystal Clans games again and compare: the same winner, length and decisions, and the time
each took here. For checking that another interpreter (PyPy), machine or cluster worker plays today's code as
the record says, and how fast.

    PYTHONPATH=py python tools/replay_record.py docs/tournament/ladder.jsonl --games 6
    PYTHONPATH=py:tools/pypy /opt/pypyenv/bin/python tools/replay_record.py docs/tournament/ladder.jsonl --games 6

Only games of today's code version count (others would not play the same). Exit status 1 if any differs."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from crystalclans.ai.match import play
from crystalclans.ai.tournament import GAME
from crystalclans.codeversion import code_version
from selfplay import read_record
from selfplay.runner import interpreter

SAME = ("winner", "moves", "decisions", "first")  # what a game played again must repeat


def plays_alike(line: dict) -> bool:
    """Whether today's code plays the recorded game `line` again the same (SAME)."""
    out = play(tuple(line["bots"]), tuple(line["clans"]), line["seed"])
    return all(out[k] == line[k] for k in SAME)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("record", type=Path)
    ap.add_argument("--games", type=int, default=6, help="how many of the record's games (from its start)")
    ap.add_argument("--bots", default="", help="only games of these bots, e.g. hard,hard")
    args = ap.parse_args(argv)
    code = code_version()
    want = tuple(args.bots.split(",")) if args.bots else None
    games = [x for x in read_record(args.record, GAME, code)[0].values()
             if want is None or tuple(x["bots"]) == want][:args.games]
    print(f"{len(games)} games of code {code}, replayed by {interpreter()}")
    differ = 0
    for x in games:
        t = time.perf_counter()
        same = plays_alike(x)
        s = time.perf_counter() - t
        differ += not same
        print(f"{' v '.join(x['bots'])} {' v '.join(x['clans'])} seed {x['seed']}: "
              f"{'same' if same else 'DIFFERS'}, {s:.1f} s here (recorded {sum(x['think']):.1f} s of thought"
              f"{', ' + x['python'] if 'python' in x else ''})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
