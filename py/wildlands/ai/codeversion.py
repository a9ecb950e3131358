"""Which code played a recorded Wildlands game: a short hash, as crystalclans.codeversion gives Crystal
Clans' records, so a tournament or balance report counts only games today's code would play the same.

It covers what decides how a game goes: every `.py` file of the wildlands package (engine and bots), its data
files, the shared core (py/gamecore) and the Crystal Clans modules it plays with (the PRNG, the action value object, the frame base class,
the shared bot base class). Left out: the tools that only run and report games (this module, ai/tournament.py
and __main__.py), so mending a report does not disown the games already recorded. Files are read with their
line endings normalised, as Crystal Clans' are; the hash's length and the name of unlabelled records
(`older`) are Crystal Clans' own.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from crystalclans.codeversion import OLDER
from selfplay.codehash import package_hash

PACKAGE = Path(__file__).resolve().parent.parent          # py/wildlands
TOOLS = ("__main__.py", "ai/codeversion.py", "ai/tournament.py")
SHARED = ("rng.py", "actions.py", "frames.py", "jsontext.py", "ai/bots.py")

__all__ = ["ANY", "OLDER", "code_version"]
ANY = "any"


@lru_cache(maxsize=4)
def code_version(root: Path = PACKAGE) -> str:
    """The 12 hex digits naming today's Wildlands code (engine, bots, data, shared Crystal Clans modules)."""
    return package_hash(root, TOOLS, root.parent / "crystalclans", SHARED, (root.parent / "gamecore",))
