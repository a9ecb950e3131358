"""Parsing untrusted JSON text (saves, card files, peer messages) with its limits checked first.

`json.loads` recurses once per bracket: a few thousand nested brackets exhaust the stack (in Pyodide the
whole runtime dies: "Maximum call stack size exceeded"), and `NaN`, `Infinity` or a number of a million
digits are accepted by Python but belong in no file of ours. So the size and the nesting depth are checked
with a flat scan before any parsing, and the parser refuses those numbers.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
MAX_NUMBER_DIGITS = 20


class JsonTextError(ValueError):
    """Text that is not acceptable JSON; the message says why in plain words."""


def nesting_depth(text: str, stop_after: int | None = None) -> int:
    """The deepest bracket nesting in JSON text (brackets inside strings do not count), without recursion;
    stops counting once it passes `stop_after`."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if m.group() in "[{" else -1
        if depth > deepest:
            deepest = depth
            if stop_after is not None and deepest > stop_after:
                break
    return deepest


def _refuse_constant(name: str) -> Any:
    raise JsonTextError(f"it holds {name}, which is not a number JSON allows")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise JsonTextError(f"the number {text[:12]}... has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def loads(text: str, max_chars: int, max_depth: int, floats: bool = True) -> Any:
    """Parse JSON text within limits; raises JsonTextError (a ValueError) naming the problem."""
    if len(text) > max_chars:
        raise JsonTextError(f"it is too large ({len(text):,} characters; at most {max_chars:,})")
    if nesting_depth(text, max_depth) > max_depth:
        raise JsonTextError(f"its brackets are nested more than {max_depth} deep")

    def no_float(t: str) -> Any:
        raise JsonTextError(f"it holds the fractional number {t[:20]}, where only whole numbers belong")

    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_int,
                          **({} if floats else {"parse_float": no_float}))
    except JsonTextError:
        raise
    except (ValueError, RecursionError) as e:
        raise JsonTextError(f"it is not valid JSON ({e})") from None


def canonical_hash(doc: Any) -> str:
    """sha256 (hex) of a document's canonical JSON form (sorted keys, no spaces, UTF-8): a card set's hash."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
