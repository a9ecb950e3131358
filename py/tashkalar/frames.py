"""Frames: the engine's explicit continuation stack, the same mechanism as Crystal Clans' (gamecore/frames.py,
whose base class this engine uses).

Every multi-step rule (a turn, a summon, an effect's script, one primitive such as "pick up to 2 pieces to
destroy") is a small frame on `game.stack`. The game loop calls `run()` on the top frame until one returns
a Decision; `choose()` applies the player's answer to the frame that asked. Frames hold only plain values
(ints, strings, tuples, lists of ints), never references to mutable objects elsewhere, so cloning a game
copies each frame with `copy()` and the copies share nothing.
"""
from __future__ import annotations

from gamecore.frames import Frame

__all__ = ["Frame"]
