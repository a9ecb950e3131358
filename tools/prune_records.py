"""Keep the self-play records under docs/tournament small: drop the games of code versions that no document
cites and that are not today's code of their game (they stay in git history).

    PYTHONPATH=py python tools/prune_records.py            # prune every record
    PYTHONPATH=py python tools/prune_records.py --dry-run  # only say what would go

Each code change adds a few hundred lines to the cheap records; without this they pass 1 MB within a few
changes (tests/selfplay/test_records_size.py guards the limit). Kept always: games recorded before records named
their code ("older"), every code named in a Markdown file of the repository, and today's code of
Crystal Clans, Tash-Kalar and Wildlands.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from crystalclans.codeversion import OLDER

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "docs" / "tournament"
CODE = re.compile(r"\b[0-9a-f]{12}\b")


def cited_codes(root: Path = ROOT) -> set[str]:
    """Every 12-hex-digit code named in a Markdown file outside the records."""
    codes: set[str] = set()
    for md in root.glob("**/*.md"):
        if ".git" in md.parts or "node_modules" in md.parts or "vendor" in md.parts:
            continue
        codes.update(CODE.findall(md.read_text(encoding="utf-8", errors="replace")))
    return codes


def current_codes() -> set[str]:
    from crystalclans.codeversion import code_version as cc
    from tashkalar.ai.codeversion import code_version as tk
    from wildlands.ai.codeversion import code_version as wl
    return {cc(), tk(), wl()}


def prune(path: Path, keep: set[str], dry_run: bool = False) -> tuple[int, int]:
    """Drop the lines of `path` whose code is not in `keep` (lines without a code are "older" and stay).
    Returns (lines kept, lines dropped)."""
    kept: list[str] = []
    dropped = 0
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if not line.strip():
            continue
        code = json.loads(line).get("code", OLDER)
        if code == OLDER or code in keep:
            kept.append(line)
        else:
            dropped += 1
    if dropped and not dry_run:
        path.write_text("".join(kept), encoding="utf-8")
    return len(kept), dropped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    keep = cited_codes() | current_codes()
    for path in sorted(RECORDS.glob("*.jsonl")):
        kept, dropped = prune(path, keep, args.dry_run)
        if dropped:
            print(f"{path.relative_to(ROOT)}: {dropped} lines dropped, {kept} kept")


if __name__ == "__main__":
    main()
