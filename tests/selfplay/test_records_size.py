"""The repository stays light: no tracked file reaches 1 MB (the self-play records grow with every code
change; tools/prune_records.py drops the games no document cites)."""
import subprocess
from pathlib import Path

import pytest

from ..conftest import tool

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 1_000_000


def tracked() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / p for p in out.decode().split("\0") if p]


def test_no_tracked_file_reaches_one_megabyte():
    big = {p.relative_to(ROOT).as_posix(): p.stat().st_size for p in tracked() if p.is_file() and p.stat().st_size >= LIMIT}
    assert not big, f"tracked files of 1 MB or more: {big}; prune records with tools/prune_records.py"


def test_pruning_keeps_cited_codes_and_drops_the_rest(tmp_path):
    prune_records = tool("prune_records")
    rec = tmp_path / "r.jsonl"
    rec.write_text('{"seed": 1}\n{"code": "aaaaaaaaaaaa"}\n{"code": "bbbbbbbbbbbb"}\n', encoding="utf-8")
    assert prune_records.prune(rec, {"aaaaaaaaaaaa"}) == (2, 1)
    assert "bbbbbbbbbbbb" not in rec.read_text(encoding="utf-8")
    (tmp_path / "doc.md").write_text("games of code `cccccccccccc` and 0123456789abcdef (too long)", encoding="utf-8")
    assert prune_records.cited_codes(tmp_path) == {"cccccccccccc"}
