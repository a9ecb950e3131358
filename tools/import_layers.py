"""The import graphs as floors: each module (or package) sits one floor above the highest one it imports.

    python tools/import_layers.py            # print the floors of the packages under py/ and of py/crystalclans
    python tools/import_layers.py --write    # write them to docs/ENGINE_LAYERS.md

The packages' floors put the shared core (py/gamecore) on the ground floor, the engines above it (none
imports another), then the self-play runner and the app.

Every import counts, at module level or inside a function, except those under `if TYPE_CHECKING:` (they
never run). A circle has no floors, so it is reported instead (tests/unit/test_engine_layers.py fails then).
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
ENGINE = PY / "crystalclans"
ENGINES = ("crystalclans", "tashkalar", "wildlands")
DOC = ROOT / "docs" / "ENGINE_LAYERS.md"


@dataclass
class Graph:
    modules: dict[str, Path]
    edges: dict[str, set[str]] = field(default_factory=dict)  # module -> modules it imports
    deferred: dict[str, set[str]] = field(default_factory=dict)  # of those, imported inside a function


def module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out.update(id(n) for n in ast.walk(node))
    return out


def import_graph(package: Path = ENGINE) -> Graph:
    modules = {module_name(p, package): p for p in sorted(package.rglob("*.py"))}
    g = Graph(modules, {m: set() for m in modules}, {m: set() for m in modules})
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        skip = _type_checking_nodes(tree)
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                origin = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else [])) \
                    if node.level else (node.module or "")
                subs = [f"{origin}.{a.name}" for a in node.names if f"{origin}.{a.name}" in modules]
                targets = subs + ([origin] if origin in modules and len(subs) < len(node.names) else [])
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name in modules]
            for t in targets:
                if t != name:
                    g.edges[name].add(t)
                    if id(node) not in top:
                        g.deferred[name].add(t)
    return g



def package_graph(root: Path = PY) -> Graph:
    """The packages under `root` (folders with an __init__.py) and which of the others each one's modules
    import (at module level or inside a function, not under TYPE_CHECKING)."""
    names = sorted(p.parent.name for p in root.glob("*/__init__.py"))
    g = Graph({n: root / n for n in names}, {n: set() for n in names}, {n: set() for n in names})
    for n in names:
        for path in sorted((root / n).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _type_checking_nodes(tree)
            top = {id(x) for x in tree.body}
            for node in ast.walk(tree):
                if id(node) in skip:
                    continue
                heads = [a.name.split(".")[0] for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module.split(".")[0]] if isinstance(node, ast.ImportFrom) and not node.level and node.module else []
                for t in heads:
                    if t in g.modules and t != n:
                        g.edges[n].add(t)
                        if id(node) not in top:
                            g.deferred[n].add(t)
    return g


def circles(g: Graph) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in g.modules:
        if v not in index:
            visit(v)
    return out


def floors(g: Graph) -> list[list[str]]:
    """Modules by floor: floor 0 imports nothing of the package; floor n imports up to floor n-1."""
    level: dict[str, int] = {}

    def of(v: str) -> int:
        if v not in level:
            level[v] = -1  # a circle would recurse for ever; circles() is checked first
            level[v] = 1 + max((of(w) for w in g.edges[v]), default=-1)
        return level[v]

    for v in g.modules:
        of(v)
    out: list[list[str]] = [[] for _ in range(max(level.values(), default=-1) + 1)]
    for v, n in level.items():
        out[n].append(v)
    return [sorted(f) for f in out]


def render(g: Graph, packages: "Graph | None" = None) -> str:
    packages = package_graph() if packages is None else packages
    lines = ["# The engines' floors", "",
             "Made by `python tools/import_layers.py --write` (checked by `tests/unit/test_engine_layers.py`). A",
             "module imports only modules on floors below its own, so there is no circle; imports inside functions",
             "count too.", "", "## The packages under py/", "",
             "The shared core is the ground floor; no engine imports another.", ""]
    for n, group in reversed(list(enumerate(floors(packages)))):
        lines.append(f"- floor {n}: " + ", ".join(
            f"`{m}`" + (f" (imports {', '.join(f'`{t}`' for t in sorted(packages.edges[m]))})" if packages.edges[m] else "")
            for m in group))
    lines += ["", "## The modules of py/crystalclans", ""]
    for n, group in reversed(list(enumerate(floors(g)))):
        names = ", ".join(f"`{m.removeprefix('crystalclans.') or 'crystalclans'}`" for m in group)
        lines.append(f"- floor {n}: {names}")
    deferred = sorted((m, t) for m, ts in g.deferred.items() for t in ts)
    if deferred:
        lines += ["", "Imports made inside a function (to keep a start fast, never to dodge a circle):", ""]
        lines += [f"- `{m}` -> `{t}`" for m, t in deferred]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    g = import_graph()
    found = circles(g) + circles(package_graph())
    if found:
        for group in found:
            print("circle:", " <-> ".join(group))
        return 1
    text = render(g)
    if "--write" in argv:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
