"""Which rules code a page runs, per game: a short hash of the game's engine package and of the shared core it
plays with (py/gamecore; every .py file, by path and bytes, LF line ends). Two linked pages compare it in their hello (app/net/handshake.py): pages that would
play by different code refuse plainly instead of drifting apart move by move. The app's own code (screens,
words) does not count: pages of different builds with the same rules still play together."""
from __future__ import annotations

import hashlib
import importlib
from functools import lru_cache
from pathlib import Path

from .. import games

LENGTH = 16


@lru_cache(maxsize=8)
def rules_code(game: str) -> str:
    """The hash of `game`'s engine sources and the shared core's ("" for a game this table does not know). A
    game's registry key is its engine package's name (app.games.of)."""
    if game not in games.REGISTRY:
        return ""
    h = hashlib.sha256()
    for package in (game, "gamecore"):
        root = Path(importlib.import_module(package).__file__).resolve().parent
        h.update(package.encode("utf-8") + b"\0")
        for path in sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts):
            h.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()[:LENGTH]
