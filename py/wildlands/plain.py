"""Untrusted Python data (a position, a save given as a dict) checked before anything walks it: only what a
JSON file of ours can hold (mappings with text keys, lists, texts, whole numbers, true/false, null; no
fractions), nested at most so deep, and not too many values in all. The walk is iterative (an explicit stack,
no recursion), so a list nested ten thousand deep is refused in bounded time instead of exhausting Python's
stack as copy.deepcopy, repr or pydantic would.
"""
from __future__ import annotations

from typing import Any

__all__ = ["data_problem"]

MAX_NUMBER_BITS = 64


def data_problem(value: Any, max_depth: int, max_items: int) -> "str | None":
    """What keeps `value` from being plain JSON data of at most `max_depth` levels and `max_items` values
    (in words, naming where), or None when it is fine."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    seen = 0
    while stack:
        v, depth, where = stack.pop()
        seen += 1
        if seen > max_items:
            return f"it holds more than {max_items:,} values"
        if v is None or isinstance(v, (bool, str)):
            continue
        if isinstance(v, int):
            if int.bit_length(v) > MAX_NUMBER_BITS:
                return f"{where or 'it'}: a number of more than {MAX_NUMBER_BITS} bits"
            continue
        if isinstance(v, float):
            return f"{where or 'it'}: a fraction ({float(v)!r:.20}); only whole numbers are allowed"
        if isinstance(v, (dict, list)):
            if depth >= max_depth and v:
                return f"it is nested more than {max_depth} levels deep"
            if len(v) > max_items:
                return f"it holds more than {max_items:,} values"
            if isinstance(v, dict):
                for k, x in dict.items(v):
                    if not isinstance(k, str):
                        return f"{where or 'it'}: a key that is not text"
                    stack.append((x, depth + 1, f"{where}.{k[:20]}" if where else k[:20]))
            else:
                for i, x in enumerate(list.__iter__(v)):
                    stack.append((x, depth + 1, f"{where}[{i}]"))
            continue
        return f"{where or 'it'}: a {type(v).__name__[:30]}, which no save holds"
    return None
