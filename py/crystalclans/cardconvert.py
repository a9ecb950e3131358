"""Convert the shared card set YAML into the JSON the engine ships with.

Usage: python -m crystalclans.cardconvert [SRC_YAML] [DEST_JSON]
Needs PyYAML (a dev dependency); the engine itself only ever reads the JSON.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SRC = HERE.parents[2] / "shared" / "cards" / "base_set.yaml"
DEFAULT_DEST = HERE / "data" / "base_set.json"


def convert(src: Path = DEFAULT_SRC, dest: Path = DEFAULT_DEST) -> Path:
    import yaml  # dev-only dependency

    with open(src, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False)
    dest.write_text(text + "\n", encoding="utf-8")
    return dest


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    src = Path(argv[0]) if argv else DEFAULT_SRC
    dest = Path(argv[1]) if len(argv) > 1 else DEFAULT_DEST
    out = convert(src, dest)
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
