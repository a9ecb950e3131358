"""The start screen's defaults. No engine import: main.py shows the start screen before the engine loads."""
from __future__ import annotations

DEFAULT_NAMES = ["Ada", "Bob"]


def default_settings(clan_ids: list[str]) -> dict:
    """New-game settings: two names, the first and the fourth clan (Blood vs Skull), random first player."""
    return {"names": list(DEFAULT_NAMES), "clans": [clan_ids[0], clan_ids[min(3, len(clan_ids) - 1)]],
            "first": "random", "mulligan": False}
