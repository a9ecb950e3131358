"""The engine's imports form floors, with no circle (tools/import_layers.py), and docs/ENGINE_LAYERS.md is
their current picture."""
from __future__ import annotations

import subprocess
import sys

import pytest

# tests/unit also runs inside Pyodide (tests/pyodide), where the tools folder is not and nothing can be spawned
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="CPython only")
if sys.platform != "emscripten":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "tools"))
    import import_layers as layers  # noqa: E402

#: Imports allowed inside a function: each keeps a start fast (pydantic, the bots), none avoids a circle.
DEFERRED_ALLOWED = {
    ("crystalclans.cardset", "crystalclans.cards"),  # pydantic only when an untrusted card file arrives
    ("crystalclans.cli", "crystalclans.ai"), ("crystalclans.cli", "crystalclans.ai.tournament"),
}


def test_the_engine_has_no_import_circle():
    g = layers.import_graph()
    assert len(g.modules) > 30
    assert layers.circles(g) == []


def test_the_shared_core_is_the_ground_floor_and_no_engine_imports_another():
    """Issue 51: the engines shared the first engine's package as their kernel; now they share py/gamecore, which
    imports no other package of ours, and no engine imports another."""
    g = layers.package_graph()
    assert set(layers.ENGINES) <= set(g.modules) and "gamecore" in g.modules
    assert g.edges["gamecore"] == set()
    for engine in layers.ENGINES:
        assert "gamecore" in g.edges[engine]
        assert g.edges[engine] & set(layers.ENGINES) == set(), (engine, g.edges[engine])
    assert layers.circles(g) == []


def test_a_package_that_imports_an_engine_is_seen(tmp_path):
    for name, source in (("core", "import json\n"), ("one", "from core import x\n"),
                         ("two", "def f():\n    import one.rules\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(source)
    g = layers.package_graph(tmp_path)
    assert g.edges == {"core": set(), "one": {"core"}, "two": {"one"}} and g.deferred["two"] == {"one"}


def test_imports_inside_functions_are_only_the_deliberate_ones():
    g = layers.import_graph()
    deferred = {(m, t) for m, ts in g.deferred.items() for t in ts}
    assert deferred <= DEFERRED_ALLOWED, sorted(deferred - DEFERRED_ALLOWED)


def test_the_registry_and_the_primitives_sit_below_what_uses_them():
    floor = {m: n for n, group in enumerate(layers.floors(layers.import_graph())) for m in group}
    assert floor["crystalclans.registry"] == 0
    assert floor["crystalclans.hand"] < floor["crystalclans.effects"] < floor["crystalclans.summon"]
    assert floor["crystalclans.effects"] < floor["crystalclans.crystals"] < floor["crystalclans.battle"]
    assert floor["crystalclans.battle"] < floor["crystalclans.rules"] < floor["crystalclans.game"]
    assert floor["crystalclans.saves"] < floor["crystalclans.game"]


def package(tmp_path, b_source: str):
    """A package `pkg` whose module a imports b at module level; b is `b_source`."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text(b_source)
    return pkg


def test_a_circle_is_found(tmp_path):
    g = layers.import_graph(package(tmp_path, "def f():\n    from .a import x\n"))
    assert layers.circles(g) == [["pkg.a", "pkg.b"]]
    assert g.deferred["pkg.b"] == {"pkg.a"}


def test_type_checking_imports_do_not_count(tmp_path):
    pkg = package(tmp_path, "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n")
    assert layers.circles(layers.import_graph(pkg)) == []


def test_the_picture_in_docs_is_current():
    assert layers.DOC.read_text(encoding="utf-8") == layers.render(layers.import_graph()), \
        "run: python tools/import_layers.py --write"


def test_a_fresh_import_registers_every_mechanism():
    """`import crystalclans` alone (no other module imported first) registers every primitive, signature
    and special the shipped cards use: nothing waits for a lazy import."""
    code = ("import crystalclans as cc; from crystalclans.abilities import pending_abilities; "
            "from crystalclans.crystals import pending_crystals; cs = cc.base_set(); "
            "print(len(pending_abilities(cs)), len(pending_crystals(cs)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=layers.ROOT / "py")
    assert out.stdout.split() == ["0", "0"]
