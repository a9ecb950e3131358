"""Which code played a recorded Tash-Kalar game: a short hash (gamecore.codeversion), so a tournament or
balance report counts only games today's code would play the same.

It covers what decides how a game goes: every `.py` file of the tashkalar package (engine and bots), its data
files and the shared core (py/gamecore). Left out: the tools that only run and report games (this module,
ai/tournament.py and __main__.py), so mending a report does not disown the games already recorded.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from gamecore.codeversion import ANY, OLDER, package_hash

PACKAGE = Path(__file__).resolve().parent.parent          # py/tashkalar
TOOLS = ("__main__.py", "ai/codeversion.py", "ai/tournament.py")

__all__ = ["ANY", "OLDER", "code_version"]


@lru_cache(maxsize=4)
def code_version(root: Path = PACKAGE) -> str:
    """The 12 hex digits naming today's Tash-Kalar code (engine, bots, data, the shared core)."""
    return package_hash(root, TOOLS)
