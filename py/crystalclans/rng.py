"""Kept for code outside the project that imports it from here: the module is gamecore.rng (the shared core)."""
from gamecore.rng import *  # noqa: F401,F403
