"""Kept for code outside the project that imports it from here: the module is gamecore.jsontext (the shared core)."""
from gamecore.jsontext import *  # noqa: F401,F403
