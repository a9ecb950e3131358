"""The hash that names the code a recorded game was played with, for a game package that shares modules with
another (Tash-Kalar's and Wildlands' bots name theirs with it; Crystal Clans' own is crystalclans.codeversion).

It covers every `.py` and `.json` file of the package but its tools (the command line, the tournament code,
the code-version module itself: mending a report must not disown recorded games), the named files of the
package it shares code with, and every file of the shared core (py/gamecore). Files are read with their line endings normalised."""
from __future__ import annotations

import hashlib
from pathlib import Path

LENGTH = 12  # hex digits, as Crystal Clans' records


def _file(h, root: Path, rel: str) -> None:
    h.update(rel.encode("utf-8") + b"\0")
    h.update((root / rel).read_bytes().replace(b"\r\n", b"\n") + b"\0")


def _package(h, root: Path, tools: tuple[str, ...] = ()) -> None:
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                       and p.suffix in (".py", ".json")):
        rel = path.relative_to(root).as_posix()
        if rel not in tools:
            _file(h, root, rel)


def package_hash(root: Path, tools: tuple[str, ...], shared_root: Path, shared: tuple[str, ...],
                 packages: tuple[Path, ...] = ()) -> str:
    """The first LENGTH hex digits of sha256 over `root`'s files but `tools`, then `shared_root`'s `shared`,
    then every file of each of `packages` (the shared core, py/gamecore)."""
    h = hashlib.sha256()
    _package(h, root, tools)
    for rel in shared:
        _file(h, shared_root, rel)
    for package in packages:
        h.update(b"package\0" + package.name.encode("utf-8") + b"\0")
        _package(h, package)
    return h.hexdigest()[:LENGTH]
