"""Frames: the engine's explicit continuation stack, the same mechanism as Crystal Clans' and Tash-Kalar's
(gamecore/frames.py: the shared core's base class).

A turn, an interrupt window, a payment, an attack with its defences, a manoeuvre: each is a small frame on
`game.stack`; the loop calls `run()` on the top frame until one returns a Decision, `choose()` applies the
answer. Frames hold plain values only, so clone() copies them and they share nothing. The frames themselves
are in rules.py.
"""
from __future__ import annotations

from gamecore.frames import Frame

__all__ = ["Frame"]
