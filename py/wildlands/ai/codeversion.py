"""Which code played a recorded Wildlands game (gamecore.codeversion): a short hash of the wildlands package (engine,
bots, data) but the tools that only run and report games, and of the shared core, so a tournament or balance
report counts only games today's code would play the same."""
from __future__ import annotations

from pathlib import Path

from gamecore.codeversion import ANY, OLDER, engine_version

__all__ = ["ANY", "OLDER", "code_version"]

code_version = engine_version(Path(__file__).resolve().parent.parent)  # py/wildlands
