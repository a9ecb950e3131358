"""Text for the pages every game's table writes: HTML escaping (`h`)."""
from __future__ import annotations

from html import escape


def h(s) -> str:
    return escape(str(s), quote=True)
