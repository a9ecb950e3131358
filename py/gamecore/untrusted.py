"""Untrusted Python values (a position, a save given as a mapping, a setup, an action from outside): their
shape checked before anything walks them, and a short description of any value for an error message.

Python's own `repr`, `copy.deepcopy`, `json.dumps` and pydantic recurse once per level of nesting, so a list
nested a few thousand deep raises RecursionError (in Pyodide it can take the runtime down), and a list of a
million entries makes a message of megabytes. Both functions here walk with an explicit stack or look only one
level deep, stop early, and never call a value's own methods: `data_problem` says what keeps a value from being
plain JSON data of ours (or None), `describe` names any value in at most about `limit` characters. A field of
a mapping read as a whole number in a range, or refused in words naming it, is `whole_number`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["MAX_DIGITS", "data_problem", "describe", "whole_number"]

MAX_DIGITS = 20  # the JSON texts of our saves hold whole numbers of at most 20 digits (gamecore.jsontext)
_LIMIT = 10 ** MAX_DIGITS


def _whole(v: int) -> bool:
    return int.bit_length(v) <= 67 and -_LIMIT < v < _LIMIT


def data_problem(value: Any, max_depth: int, max_items: int, max_text: "int | None" = None) -> "str | None":
    """What keeps `value` from being plain JSON data (mappings with text keys, lists or tuples, texts, whole
    numbers of at most MAX_DIGITS digits, true/false, null; no fractions) nested at most `max_depth` levels
    (the value itself is level 1), with at most `max_items` values in all and no text or key longer than
    `max_text`: in words, naming where; None when it is fine."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    seen = 0
    while stack:
        v, depth, where = stack.pop()
        at = where or "it"
        seen += 1
        if seen > max_items:
            return f"it holds more than {max_items:,} values"
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, str):
            if max_text is not None and len(v) > max_text:
                return f"{at}: a text of {len(v):,} characters (at most {max_text})"
            continue
        if isinstance(v, int):
            if not _whole(v):
                return f"{at}: a whole number of more than {MAX_DIGITS} digits"
            continue
        if isinstance(v, float):
            return f"{at}: the fractional number {describe(v)}, where only whole numbers belong"
        if isinstance(v, (dict, list, tuple)):
            size = len(v)
            if size and depth >= max_depth:
                return f"it is nested more than {max_depth} levels deep"
            if seen + len(stack) + size > max_items:
                return f"it holds more than {max_items:,} values"
            if isinstance(v, dict):
                for k, x in dict.items(v):
                    if not isinstance(k, str):
                        return f"{at}: a key that is not text ({describe(k, 20)})"
                    if max_text is not None and len(k) > max_text:
                        return f"{at}: a key of {len(k):,} characters (at most {max_text})"
                    stack.append((x, depth + 1, f"{where}.{k[:20]}" if where else k[:20]))
            else:
                for i, x in enumerate(list.__iter__(v) if isinstance(v, list) else tuple.__iter__(v)):
                    stack.append((x, depth + 1, f"{where}[{i}]"))
            continue
        return f"{at}: a {type(v).__name__[:30]}, which is not JSON data"
    return None


def describe(value: Any, limit: int = 60) -> str:
    """A short text for any value an attacker may send (for error messages): at most about `limit` + 20
    characters, in bounded time, without recursion and without calling the value's own methods (a nested
    list is named by its type and length, a huge number by its size); a pair (kind, args), such as an
    action, shows its kind and its first arguments briefly."""
    if isinstance(value, str):
        shown = repr(str.__str__(value)[:limit])
        return shown if len(value) <= limit else shown + f"... ({len(value):,} characters)"
    if value is None or isinstance(value, bool):
        return "None" if value is None else repr(bool(value))
    if isinstance(value, int):
        return repr(int(value)) if _whole(value) else f"a whole number of more than {MAX_DIGITS} digits"
    if isinstance(value, float):
        return repr(float(value))
    if isinstance(value, (bytes, bytearray)):
        return repr(bytes(value[:limit]))
    if isinstance(value, tuple) and tuple.__len__(value) == 2:
        kind, args = tuple.__getitem__(value, 0), tuple.__getitem__(value, 1)
        parts = [describe(kind, 20)]
        if isinstance(args, tuple):
            parts += [_brief(a) for a in tuple.__getitem__(args, slice(0, 4))]
            if len(args) > 4:
                parts.append(f"... ({len(args):,} arguments)")
        else:
            parts.append(_brief(args))
        name = type(value).__name__[:30] if type(value) is not tuple else ""
        return f"{name}(" + ", ".join(parts)[:limit] + ")"
    return _brief(value)


def _brief(value: Any) -> str:
    """A value without looking inside it, unless it is a plain scalar."""
    if value is None or isinstance(value, (str, int, float)):
        return describe(value, 20)
    name = type(value).__name__[:30]
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"a {name} of {len(value):,}"
    return f"a {name}"


def whole_number(mapping: dict, key: str, default: int, lo: int, hi: int, error: type[Exception],
                 show: Callable[[Any], str] = describe) -> int:
    """`mapping[key]` (`default` when it is absent), a whole number from `lo` to `hi`; else `error` with a
    message naming the key and what is wrong (true and false are no numbers; the value as `show` words it)."""
    v = mapping.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise error(f"{key}: expected a whole number, got {show(v)}")
    if not lo <= v <= hi:
        raise error(f"{key}: {v} is out of range ({lo}..{hi})")
    return v
