"""Saves: format version + setup + action log; loading replays and verifies (placeholder, filled below)."""
from __future__ import annotations


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why in words a player can act on."""
