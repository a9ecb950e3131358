"""build.py's site outputs: the Python bundle the page unpacks, the service worker's precache list, dist/."""
from __future__ import annotations

import gzip
import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# tests/unit also runs inside Pyodide (tests/pyodide), where there is no site to build
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs in CPython only")


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if not mod.setup_is_current():
        pytest.fail("run `python build.py setup` first (`python build.py test` does)", pytrace=False)
    return mod


def precache_urls(sw_text: str) -> list[str]:
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw_text, re.S).group(1))


def test_bundle_holds_every_engine_and_app_module(build):
    build.build_py_bundle()
    names = set(zipfile.ZipFile(build.PY_BUNDLE).namelist())
    for pkg in ("crystalclans", "app"):
        for f in (ROOT / "py" / pkg).rglob("*.py"):
            assert f.relative_to(ROOT / "py").as_posix() in names
    assert "crystalclans/data/base_set.json" in names
    assert not any("__pycache__" in n for n in names)


def test_bundle_is_deterministic(build):
    build.build_py_bundle()
    first = build.PY_BUNDLE.read_bytes()
    assert build.build_py_bundle() is False, "an unchanged tree must not rewrite the bundle"
    assert build.PY_BUNDLE.read_bytes() == first


def test_service_worker_precaches_what_the_page_loads(build):
    build.write_service_worker()
    text = build.SW_FILE.read_text()
    assert "__VERSION__" not in text and "__PRECACHE__" not in text
    urls = precache_urls(text)
    assert urls[0] == "./"
    for url in urls[1:]:
        assert (ROOT / url[2:]).is_file(), f"sw.js precaches {url}, which does not exist"
    must = ["./index.html", "./pyscript.toml", "./py/app/main.py", "./web/vendor/crystalclans-py.zip",
            "./web/vendor/pyodide/pyodide.asm.wasm", "./web/vendor/pyodide/python_stdlib.zip",
            "./web/vendor/pyodide/pyodide-lock.json", "./web/vendor/pyscript/core.js", "./web/css/app.css"]
    assert set(must) <= set(urls)
    lock = json.loads((ROOT / "web/vendor/pyodide/pyodide-lock.json").read_text())
    for pkg in lock["packages"].values():  # pydantic is loaded lazily: offline imports need its wheels too
        assert f"./web/vendor/pyodide/{pkg['file_name']}" in urls


def test_service_worker_version_follows_the_files(build):
    build.write_service_worker()
    version = re.search(r'const VERSION = "(\w+)"', build.SW_FILE.read_text()).group(1)
    extra = ROOT / "web" / "css" / "zz_test_only.css"
    try:
        extra.write_text("/* test */")
        assert build.write_service_worker() is True
        assert re.search(r'const VERSION = "(\w+)"', build.SW_FILE.read_text()).group(1) != version
    finally:
        extra.unlink()
        build.write_service_worker()


def test_dist_is_a_complete_static_site(build):
    assert build.cmd_dist(None) == 0
    dist = ROOT / "dist"
    for f in ("index.html", "pyscript.toml", "sw.js", "py/app/main.py", "web/vendor/crystalclans-py.zip"):
        assert (dist / f).is_file(), f"dist/ lacks {f}"
    for url in precache_urls((dist / "sw.js").read_text())[1:]:
        assert (dist / url[2:]).is_file(), f"dist/sw.js precaches {url}, missing from dist/"
    # pre-compressed beside the originals, for hosts that serve file.gz as Content-Encoding: gzip
    for f in ("index.html", "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyodide/pyodide.asm.mjs"):
        packed = (dist / (f + ".gz")).read_bytes()
        assert gzip.decompress(packed) == (dist / f).read_bytes() and len(packed) < 0.5 * (dist / f).stat().st_size
    assert not (dist / "web/vendor/pyodide/pydantic-2.14.3-py3-none-any.whl.gz").exists()  # a zip gains nothing
    headers = (dist / "_headers").read_text()
    assert re.search(r"^/web/vendor/snapshot-\*\n  Cache-Control: public, max-age=31536000, immutable$", headers, re.M)
    assert re.search(r"^/index.html\n  Cache-Control: no-cache$", headers, re.M)


@pytest.mark.parametrize("marker, holds", [
    ('python_version >= "3.8"', True),
    ('sys_platform == "win32"', False),
    ('extra == "email"', False),
    ('python_version < "3.9" and platform_system != "Emscripten"', False),
    ('implementation_name == "cpython" or os_name == "nt"', True),
    ('python_full_version ~= "3.14.0"', True),
    ('python_version >= "3.10" and (sys_platform == "emscripten" or extra == "x")', True),
])
def test_wheel_markers_are_read_as_pep_508_says_for_pyodide(build, marker, holds):
    assert build.marker_true(marker, build.PYODIDE_MARKER_ENV) is holds
