"""Kept for code outside the project that imports it from here: the module is gamecore.frames (the shared core)."""
from gamecore.frames import *  # noqa: F401,F403
