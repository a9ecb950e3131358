"""Parametrization over the registry: a test taking `game` runs once per registered game (id: its name), one
taking `deal` once per deal of each game's table entry (id: "tashkalar-high_form"; a registered game without
an entry gets one id, "<name>-no_entry", which fails). A test marked `contract(check)` is an expected failure
(strict, unless the gap is given as (reason, False)) for the games whose entry lists `check` among its gaps
(tests/conformance/games.py)."""
from __future__ import annotations

import pytest

from app import games

from .games import FACTORIES, adapter


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "contract(check): a conformance check an engine may list among its "
                            "known gaps (tests/conformance/games.py): a strict xfail for that engine")


def _deals() -> list:
    out = []
    for name in games.GAMES:
        if name not in FACTORIES:
            out.append(pytest.param((name, None), id=f"{name}-no_entry"))
            continue
        out.extend(pytest.param((name, d.label), id=f"{name}-{d.label}") for d in adapter(name).deals)
    return out


def pytest_generate_tests(metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", list(games.GAMES), ids=list(games.GAMES))
    if "deal" in metafunc.fixturenames:
        metafunc.parametrize("deal", _deals())


def pytest_collection_modifyitems(items: list) -> None:
    for item in items:
        mark = item.get_closest_marker("contract")
        spec = getattr(item, "callspec", None)
        if mark is None or spec is None:
            continue
        name = spec.params.get("game") or (spec.params.get("deal") or (None,))[0]
        if name in FACTORIES:
            gap = adapter(name).gaps.get(mark.args[0])
            if gap is not None:
                reason, strict = (gap, True) if isinstance(gap, str) else gap
                item.add_marker(pytest.mark.xfail(reason=f"known gap: {reason}", strict=strict))

