"""Guards for untrusted Python objects (positions, saves given as dicts, setups, actions): their shape checked
without recursion, and a short description of any value for an error message.

Python's own `repr`, `copy.deepcopy` and `json.dumps` recurse once per level of nesting, so a list nested a
few thousand deep raises RecursionError (in Pyodide it can kill the runtime), and a list of a million
entries makes a message of megabytes. Everything here walks with an explicit stack and stops early:
`shape_problem` says what is wrong with an object's nesting, size, types or numbers (or None), `describe`
names a value in at most about 60 characters.
"""
from __future__ import annotations

from typing import Any

__all__ = ["describe", "shape_problem"]

MAX_WHOLE = 10 ** 20  # the JSON texts of saves hold whole numbers of at most 20 digits (crystalclans.jsontext)


def describe(v: Any, limit: int = 60) -> str:
    """A short description of any value for an error message: a text or a whole number as itself (cut to
    `limit`), anything else by its type and size; never recursive, never longer than about `limit` + 20."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, str):
        return repr(v[:limit]) + ("..." if len(v) > limit else "")
    if isinstance(v, int):
        if -MAX_WHOLE < v < MAX_WHOLE:
            return str(int(v))
        return "a whole number of more than 20 digits"
    if isinstance(v, float):
        return repr(float(v))
    name = type(v).__name__[:30]
    try:
        size = len(v)
    except Exception:  # an object without a length (or a broken __len__)
        return f"a {name}"
    return f"{name} of {size} entr{'y' if size == 1 else 'ies'}"


def shape_problem(obj: Any, max_depth: int, max_nodes: int, max_text: int) -> "str | None":
    """What makes `obj` unfit to be JSON data of ours, or None: nesting deeper than `max_depth` (the object
    itself is depth 1), more than `max_nodes` values in all, a text longer than `max_text`, a dict key that is
    not text, a fractional number (whole numbers only), a whole number of more than 20 digits, or a value of
    a type JSON has not (tuples count as lists). Walks with an explicit stack: no recursion."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    nodes = 1  # values pushed so far (so the stack never holds more than max_nodes)
    while stack:
        v, depth = stack.pop()
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, str):
            if len(v) > max_text:
                return f"it holds a text of {len(v):,} characters (at most {max_text})"
            continue
        if isinstance(v, int):
            if not -MAX_WHOLE < v < MAX_WHOLE:
                return "it holds a whole number of more than 20 digits"
            continue
        if isinstance(v, float):
            return f"it holds the fractional number {describe(v)}, where only whole numbers belong"
        if isinstance(v, (list, tuple, dict)):
            if depth >= max_depth:
                return f"it is nested more than {max_depth} deep"
            nodes += len(v)
            if nodes > max_nodes:
                return f"it holds more than {max_nodes:,} values"
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str):
                        return f"it has a key that is not text ({describe(k)})"
                    if len(k) > max_text:
                        return f"it has a key of {len(k):,} characters (at most {max_text})"
                    stack.append((x, depth + 1))
            else:
                stack.extend((x, depth + 1) for x in v)
            continue
        return f"it holds a {type(v).__name__[:30]}, which is not JSON data"
    return None
