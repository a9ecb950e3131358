"""A game's data files as the project writes them (each engine's datasync builds them from ../shared): JSON
with one key a line, but lists of numbers (squares, spaces, patterns) kept on one line, so a diff of a data
change shows what changed; and a datasync's command line, which builds them anew (`rebuild`)."""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = ["FLAT", "NESTED", "dumps", "rebuild", "write"]

FLAT = re.compile(r"\[[-0-9,\s]*\]")  # a list of numbers
NESTED = re.compile(r"\[[-0-9,\s\[\]]*\]")  # a list of numbers or of such lists (a pattern's rows)


def dumps(doc: object, numbers: "re.Pattern[str]" = FLAT) -> str:
    """`doc` as JSON text, one key a line, each run of text `numbers` matches on one line."""
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    return numbers.sub(lambda m: re.sub(r"\s+", "", m.group()).replace(",", ", "), text)


def write(folder: Path, docs: "dict[str, object]", numbers: "re.Pattern[str]" = FLAT) -> None:
    """Each document of `docs` (file name -> document) written to `folder` (made if need be)."""
    folder.mkdir(exist_ok=True)
    for name, doc in docs.items():
        (folder / name).write_text(dumps(doc, numbers) + "\n", encoding="utf-8")


def rebuild(build: Callable[[Path], dict[str, object]], folder: Path, default_shared: Path,
            numbers: re.Pattern[str] = FLAT, argv: list[str] | None = None) -> None:
    """A datasync's command line (`python -m <engine>.datasync [shared folder]`): the documents `build(shared)`
    makes from the shared folder that `argv` names (the process's arguments by default; `default_shared`
    when they name none) written to `folder`."""
    args = sys.argv[1:] if argv is None else argv
    write(folder, build(Path(args[0]) if args else default_shared), numbers)
