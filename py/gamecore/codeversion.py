"""The hash that names the code a recorded game was played with, so a tournament or balance report counts only
games today's code would play the same (Tash-Kalar's and Wildlands' bots name their records with it; Crystal
Clans' own, older, is crystalclans.codeversion).

It covers every `.py` and `.json` file of the engine's package but its tools (the command line, the tournament
code, the code-version module itself: mending a report must not disown recorded games), then every file of
the shared core (py/gamecore), which the engine plays with. Files are read with their line endings
normalised, so a checkout on another system gives the same hash."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ANY", "CORE", "LENGTH", "OLDER", "EngineVersion", "engine_version", "package_hash"]

CORE = Path(__file__).resolve().parent  # py/gamecore
LENGTH = 12  # hex digits
OLDER = "older"  # the code of games recorded before records named their code
ANY = "any"  # a report's choice: count the games of every code


def _file(h, root: Path, rel: str) -> None:
    h.update(rel.encode("utf-8") + b"\0")
    h.update((root / rel).read_bytes().replace(b"\r\n", b"\n") + b"\0")


def _package(h, root: Path, tools: tuple[str, ...] = ()) -> None:
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                       and p.suffix in (".py", ".json")):
        rel = path.relative_to(root).as_posix()
        if rel not in tools:
            _file(h, root, rel)


def package_hash(root: Path, tools: tuple[str, ...], core: Path = CORE) -> str:
    """The first LENGTH hex digits of sha256 over `root`'s files but `tools`, then every file of the shared
    core."""
    h = hashlib.sha256()
    _package(h, root, tools)
    h.update(b"package\0" + core.name.encode("utf-8") + b"\0")
    _package(h, core)
    return h.hexdigest()[:LENGTH]


#: what an engine's code version leaves out: the tools that only run and report games (the command line, the
#: tournament code, the code-version module), so mending a report does not disown the games already recorded
TOOLS = ("__main__.py", "ai/codeversion.py", "ai/tournament.py")


_VERSIONS: "dict[tuple, str]" = {}


@dataclass(frozen=True)
class EngineVersion:
    """An engine's `code_version()`: the hash of its package (engine, bots, data) but `tools`, with the shared
    core's files, computed once. (A callable object, not a closure: the self-play runner pickles it.)"""

    package: Path
    tools: "tuple[str, ...]" = TOOLS

    def __call__(self) -> str:
        key = (self.package, self.tools)
        if key not in _VERSIONS:
            _VERSIONS[key] = package_hash(self.package, self.tools)
        return _VERSIONS[key]


def engine_version(package: Path, tools: "tuple[str, ...]" = TOOLS) -> EngineVersion:
    """The `code_version()` of the engine whose package is `package` (EngineVersion)."""
    return EngineVersion(package, tools)
