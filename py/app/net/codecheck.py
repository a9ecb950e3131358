"""Which rules code a page runs, per game: a short hash of the game's engine package (every .py file, by path
and bytes, LF line ends). Two linked pages compare it in their hello (app/net/handshake.py): pages that would
play by different code refuse plainly instead of drifting apart move by move. The app's own code (screens,
words) does not count: pages of different builds with the same rules still play together."""
from __future__ import annotations

import hashlib
import importlib
from functools import lru_cache
from pathlib import Path

ENGINES = {"crystalclans": "crystalclans", "tashkalar": "tashkalar", "wildlands": "wildlands"}  # game -> package
LENGTH = 16


@lru_cache(maxsize=8)
def rules_code(game: str) -> str:
    """The hash of `game`'s engine sources ("" for a game this table does not know)."""
    package = ENGINES.get(game)
    if package is None:
        return ""
    root = Path(importlib.import_module(package).__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts):
        h.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()[:LENGTH]
