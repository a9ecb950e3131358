#!/usr/bin/env python3
"""Crystal Clans Web: the one entry point (Python stdlib only).

    python build.py setup            vendor Pyodide, PyScript and the wasm wheels (idempotent, cached)
    python build.py serve [--port N] setup, then serve the repo root on 127.0.0.1
    python build.py test [--long] [-- pytest args]
    python build.py bench            engine benchmarks (Crystal Clans, Tash-Kalar; CPython, Pyodide under Node) + page load
    python build.py dist             setup, then copy the static site into dist/
    python build.py cards            regenerate py/crystalclans/data/base_set.json from the card YAML

Everything downloaded goes to .cache/ (npm tarballs, wheels); the browser's files go to web/vendor/.
After one successful `setup`, every command works offline.
"""
from __future__ import annotations

import argparse
import email.parser
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
VENDOR = ROOT / "web" / "vendor"
PYODIDE_DIR = VENDOR / "pyodide"
PYSCRIPT_DIR = VENDOR / "pyscript"
STAMP = VENDOR / ".setup-stamp.json"
NPM_CACHE = CACHE / "npm"
WEB_WHEEL_CACHE = CACHE / "pyodide-web-wheels"
TEST_WHEEL_DIR = CACHE / "pyodide-test-wheels"  # read by tests/pyodide/pyodide_node.mjs
TEST_WHEEL_MANIFEST = TEST_WHEEL_DIR / "manifest.json"

# ---- pins (see TOOLCHAIN.md); bump RECIPE when the vendoring steps change --------------------
RECIPE = 2
PYODIDE_VERSION = "314.0.7"  # CPython 3.14.2, lock abi_version 2026_0
PYSCRIPT_VERSION = "0.7.31"
QRCODE_VERSION = "2.0.4"  # npm qrcode-generator (MIT): draws the invitation's QR code in the page
QRCODE_DIR = VENDOR / "qrcode"
NOBLE_VERSION = "3.2.0"  # npm @noble/secp256k1 (MIT): signs the Nostr events that carry a sealed invitation's answer
NOBLE_DIR = VENDOR / "noble-secp256k1"
AXE_VERSION = "4.14.1"  # npm axe-core (MPL-2.0): accessibility scans in the browser tests only, never served
AXE_JS = CACHE / "axe-core" / "axe.min.js"
PYODIDE_FILES = [
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json", "pyodide.js",
]
# Wheels the browser loads (patched into the shipped pyodide-lock.json).
WEB_WHEELS = {
    "pydantic": "2.14.3",
    "pydantic-core": "2.50.4",
    "typing-extensions": "4.16.0",
    "annotated-types": "0.8.0",
    "typing-inspection": "0.4.5",
    "micropip": "0.11.1",
}
# Wheels only the Pyodide-under-Node tests load (never shipped to the browser).
TEST_WHEELS = {
    "pytest": "9.2.0",
    "pluggy": "1.7.0",
    "iniconfig": "2.3.1",
    "packaging": "26.3",
    "pygments": "2.21.0",
    "hypothesis": "6.170.15",
    "sortedcontainers": "2.4.0",
}
PIP_WASM_FLAGS = [
    "--platform", "pyemscripten_2026_0_wasm32", "--only-binary=:all:",
    "--python-version", "3.14", "--implementation", "cp",
]
# Marker environment of the vendored Pyodide (for wheel Requires-Dist markers).
PYODIDE_MARKER_ENV = {
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "os_name": "posix", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "platform_machine": "wasm32",
}


def log(msg: str) -> None:
    print(msg, flush=True)


def run(cmd: list[str], **kw) -> None:
    log("+ " + " ".join(str(c) for c in cmd))
    code = subprocess.run([str(c) for c in cmd], **kw).returncode
    if code:
        sys.exit(f"{Path(str(cmd[0])).name} failed (exit {code}); see its output above")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ---- setup ------------------------------------------------------------------------------------

def wanted_stamp() -> dict:
    return {"recipe": RECIPE, "pyodide": PYODIDE_VERSION, "pyscript": PYSCRIPT_VERSION, "qrcode": QRCODE_VERSION,
            "noble": NOBLE_VERSION,
            "axe": AXE_VERSION, "web_wheels": WEB_WHEELS, "test_wheels": TEST_WHEELS}


def setup_is_current() -> bool:
    try:
        stamp = json.loads(STAMP.read_text())
        manifest = json.loads(TEST_WHEEL_MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    if stamp.get("wanted") != wanted_stamp():
        return False
    expected = [PYODIDE_DIR / f for f in PYODIDE_FILES] + [PYSCRIPT_DIR / "core.js", QRCODE_DIR / "qrcode.mjs", NOBLE_DIR / "index.js", AXE_JS]
    expected += [PYODIDE_DIR / f for f in stamp.get("web_wheel_files", [])]
    expected += [TEST_WHEEL_DIR / f for f in manifest.get("wheels", [])]
    return len(stamp.get("web_wheel_files", [])) == len(WEB_WHEELS) and all(p.is_file() for p in expected)


def npm_tarball(package: str, version: str) -> Path:
    """The npm tarball for package@version, from .cache/npm (npm pack on first use)."""
    tgz = NPM_CACHE / f"{package.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if not npm:
            sys.exit("setup: npm not found (needed once to fetch Pyodide and PyScript)")
        NPM_CACHE.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", f"{package}@{version}", "--silent"], cwd=NPM_CACHE, stdout=subprocess.DEVNULL)
        if not tgz.is_file():
            sys.exit(f"setup: npm pack did not produce {tgz}")
    return tgz


def extract(tgz: Path, prefix: str, dest: Path, keep) -> list[str]:
    """Copy the members of tgz under prefix (for which keep(relpath) is true) into dest."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    names = []
    with tarfile.open(tgz) as tar:
        for m in tar.getmembers():
            if not m.isfile() or not m.name.startswith(prefix):
                continue
            rel = m.name[len(prefix):]
            if ".." in Path(rel).parts or not keep(rel):
                continue
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(m) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            names.append(rel)
    return names


def wheel_file(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for p in sorted(folder.glob("*.whl")):
        dist, ver = p.name.split("-")[:2]
        if dist.lower().replace(".", "_") == stem and ver == version:
            return p
    return None


def fetch_wheels(pins: dict[str, str], folder: Path) -> list[Path]:
    """The wasm-platform wheels for pins, from folder (pip download on first use), in pin order."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [n for n, v in pins.items() if wheel_file(folder, n, v) is None]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--no-deps", "-qq", "-d", folder, *PIP_WASM_FLAGS,
             *(f"{n}=={pins[n]}" for n in missing)])
    files = []
    for n, v in pins.items():
        p = wheel_file(folder, n, v)
        if p is None:
            sys.exit(f"setup: pip download gave no wheel for {n}=={v}")
        files.append(p)
    return files


def marker_true(marker: str, env: dict[str, str]) -> bool:
    """Whether a wheel's PEP 508 marker holds in `env` (`extra` is never set), by packaging's own evaluator:
    the `packaging` package where it is installed, else the copy every pip carries."""
    try:
        from packaging.markers import Marker
    except ImportError:  # pragma: no cover - pip always vendors it
        from pip._vendor.packaging.markers import Marker
    return Marker(marker).evaluate({**env, "extra": ""})


def wheel_entry(path: Path) -> dict:
    """A pyodide-lock.json package entry describing the wheel at path."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top:
            imports = zf.read(top[0]).decode().split()
        else:
            imports = sorted({n.split("/")[0] for n in names if n.endswith("/__init__.py") and n.count("/") == 1}
                             | {n[:-3] for n in names if "/" not in n and n.endswith(".py")})
    depends = []
    for req in meta.get_all("Requires-Dist") or []:
        spec, _, marker = req.partition(";")
        if marker.strip() and not marker_true(marker, PYODIDE_MARKER_ENV):
            continue
        depends.append(canonical(re.match(r"\s*([A-Za-z0-9_.-]+)", spec).group(1)))
    return {
        "name": meta["Name"], "version": meta["Version"], "file_name": path.name, "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
        "imports": imports, "depends": depends, "unvendored_tests": False, "tool": {},
    }


def patch_lock(lock_path: Path, wheels: list[Path]) -> None:
    """Make the lock describe exactly the wheels we ship (and nothing else).

    The stock lock lists ~360 packages we do not vendor (and a micropip whose sha256 differs from
    PyPI's wheel, which Chromium rejects by SRI). Keeping only shipped entries makes the lock small
    and turns a request for anything else into a clear "no known package" error instead of a 404.
    """
    lock = json.loads(lock_path.read_text())
    stock = {canonical(k): v for k, v in lock["packages"].items()}
    packages = {}
    for whl in wheels:
        entry = wheel_entry(whl)
        key = canonical(entry["name"])
        old = stock.get(key)
        if old:  # keep the stock spelling of the name (pyodide matches on it)
            entry["name"] = old["name"]
        packages[key] = entry
    for entry in packages.values():
        unknown = [d for d in entry["depends"] if d not in packages]
        if unknown:
            sys.exit(f"setup: {entry['name']} depends on {unknown}, which we do not vendor")
    lock["packages"] = dict(sorted(packages.items()))
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=False) + "\n")


PY_BUNDLE = VENDOR / "crystalclans-py.zip"  # the app's own Python sources, unpacked by PyScript ([files])
PY_BUNDLE_PACKAGES = ("gamecore", "crystalclans", "tashkalar", "wildlands", "app")


LOCALE = ROOT / "py" / "app" / "locale"  # gettext catalogs: <lang>/LC_MESSAGES/crystalclans.po (sources)
I18N_KEYWORDS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2}  # function -> its leading string arguments


def extract_messages(folder: Path) -> list[tuple[str, int, str | tuple[str, str], str | None]]:
    """(file, line, message, context) of every _("..."), N_("..."), ngettext("...", "...", n) and
    pgettext("context", "...") in the folder's Python files, read with ast so calls inside f-strings count too
    (Babel's tokenizer skips those before Python 3.12). The context tells one English word apart in two
    meanings ("Draw" the pile, "Draw" the action), which other languages say differently."""
    import ast

    found = []
    for f in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)  # _(...) or i18n._(...)
            if name not in I18N_KEYWORDS:
                continue
            n = I18N_KEYWORDS[name]
            args = node.args[:n]
            if len(args) == n and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                where = (f.relative_to(ROOT).as_posix(), node.lineno)
                if name == "pgettext":
                    found.append((*where, args[1].value, args[0].value))
                else:
                    found.append((*where, args[0].value if n == 1 else (args[0].value, args[1].value), None))
    return found


def need_babel() -> None:
    """Babel compiles and extracts the catalogs (build time only; the page reads .mo with gettext)."""
    try:
        import babel  # noqa: F401
    except ImportError:
        log("+ pip install babel (compiles the translations)")
        run([sys.executable, "-m", "pip", "install", "-q", "babel>=2.12"])


def compile_catalogs() -> None:
    """Every .po under py/app/locale compiled to its .mo (fuzzy entries left out, so they fall back to
    English); a .mo is rewritten only when it changes."""
    import io

    need_babel()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=po.parts[-3])
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != buf.getvalue():
            mo.write_bytes(buf.getvalue())


def translated(message) -> bool:
    """A catalog message has its translation (every plural form of it)."""
    s = message.string
    return all(s) if isinstance(s, (list, tuple)) else bool(s)


def cmd_i18n(args) -> int:
    """Extract every marked message of py/app into locale/crystalclans.pot and merge it into each .po
    (new messages arrive untranslated, removed ones are dropped), then compile."""
    need_babel()
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = Catalog(project="Crystal Clans Web", charset="utf-8")
    for path, lineno, message, context in extract_messages(ROOT / "py" / "app"):
        template.add(message, locations=[(path, lineno)], context=context)
    card_data = json.loads((ROOT / "py" / "crystalclans" / "data" / "base_set.json").read_text(encoding="utf-8"))
    for clan in card_data["clans"]:  # the one card-set text with no German in the card data: the clans' themes
        if clan.get("theme"):
            template.add(clan["theme"], locations=[("py/crystalclans/data/base_set.json", 0)],
                         auto_comments=[f"theme of the {clan['id']} clan"])
    with (LOCALE / "crystalclans.pot").open("wb") as fh:
        write_po(fh, template, width=110, omit_header=False, sort_output=True)
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=po.parts[-3])
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False
        with po.open("wb") as fh:
            write_po(fh, catalog, width=110, sort_output=True, ignore_obsolete=True)
        missing = sum(1 for m in catalog if m.id and not translated(m))
        log(f"{po.relative_to(ROOT)}: {len(catalog)} messages, {missing} untranslated")
    compile_catalogs()
    write_hyphens()
    return 0


HYPHENS = LOCALE / "hyphens.json"
HYPHENATE_FROM = 7  # letters: shorter words are never split
EXTRA_BREAKS = {"Enchanter": "En-chanter", "Boneknife": "Bone-knife"}  # words no dictionary splits


def write_hyphens() -> None:
    """py/app/locale/hyphens.json: every unit card's name, in each language, with soft hyphens where a
    dictionary (pyphen, build time only) allows a break, so a long name breaks at a syllable in the narrow
    card head even where the browser has no hyphenation dictionary of its own."""
    try:
        import pyphen
    except ImportError:
        log("+ pip install pyphen (hyphenates the card names)")
        run([sys.executable, "-m", "pip", "install", "-q", "pyphen>=0.14"])
        import pyphen
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from app.games.crystalclans.text import _pick  # how the app reads a card text in a language (English where none)
    finally:
        sys.path.pop(0)
    card_data = json.loads((ROOT / "py" / "crystalclans" / "data" / "base_set.json").read_text(encoding="utf-8"))
    table: dict[str, dict[str, str]] = {}
    for lang, dictionaries in (("en", ("en_GB", "en_US")), ("de", ("de_DE",))):
        hys = [pyphen.Pyphen(lang=d, left=3, right=3) for d in dictionaries]

        def part(p: str) -> str:  # the break points any of the language's dictionaries allows
            if len(p) < HYPHENATE_FROM:
                return p
            if p in EXTRA_BREAKS:
                return EXTRA_BREAKS[p].replace("-", "\u00ad")
            at = sorted({i for hy in hys for i in hy.positions(p)})
            return "\u00ad".join(p[i:j] for i, j in zip([0, *at], [*at, len(p)]))

        def word(w: str) -> str:
            return "-".join(part(p) for p in w.split("-"))

        for clan in card_data["clans"]:
            for unit in clan["units"]:
                name = _pick(unit["name"], lang)
                if name:
                    soft = " ".join(word(w) for w in name.split(" "))
                    if soft != name:
                        table.setdefault(lang, {})[name] = soft
    text = json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if not HYPHENS.is_file() or HYPHENS.read_text(encoding="utf-8") != text:
        HYPHENS.write_text(text, encoding="utf-8")
        log(f"wrote {HYPHENS.relative_to(ROOT)}: {sum(map(len, table.values()))} names with soft hyphens")


def build_py_bundle() -> bool:
    """Zip the shared core (py/gamecore), the engines (py/crystalclans, py/tashkalar, py/wildlands) and py/app
    (sources + data JSON) into web/vendor/crystalclans-py.zip.

    pyscript.toml maps the zip onto the interpreter's working directory ("./*" unpacks it), so the
    browser gets every module in one request. Deterministic (fixed timestamps, sorted entries) and only
    rewritten when the content changes, so HTTP caching keeps working. Returns True if it was rewritten."""
    import io

    compile_catalogs()
    write_boot_text()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for pkg in PY_BUNDLE_PACKAGES:
            base = ROOT / "py" / pkg
            for f in sorted(base.rglob("*")):
                if not f.is_file() or f.suffix not in (".py", ".json", ".mo") or "__pycache__" in f.parts:
                    continue
                info = zipfile.ZipInfo(f.relative_to(ROOT / "py").as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, f.read_bytes())
    data = buf.getvalue()
    if PY_BUNDLE.is_file() and PY_BUNDLE.read_bytes() == data:
        return False
    PY_BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    PY_BUNDLE.write_bytes(data)
    return True


BOOT_TEXT = VENDOR / "boot-text.js"  # the loading screen's sentences in every language (from the catalogs)


def write_boot_text() -> bool:
    """web/vendor/boot-text.js: app/boot_text.py's messages in English and in each compiled language, for
    the page to show before Python runs."""
    import gettext

    sys.path.insert(0, str(ROOT / "py"))
    try:
        from app.boot_text import BOOT_TEXT as english  # plain Python: app.i18n needs only the standard library
    finally:
        sys.path.pop(0)
    texts = {"en": english}
    for mo in sorted(LOCALE.glob("*/LC_MESSAGES/crystalclans.mo")):
        with mo.open("rb") as fh:
            tr = gettext.GNUTranslations(fh)
        texts[mo.parts[-3]] = {k: tr.gettext(v) for k, v in english.items()}
    text = "window.crystalclans_boot_text = " + json.dumps(texts, ensure_ascii=False, sort_keys=True) + ";\n"
    if BOOT_TEXT.is_file() and BOOT_TEXT.read_text(encoding="utf-8") == text:
        return False
    BOOT_TEXT.parent.mkdir(parents=True, exist_ok=True)
    BOOT_TEXT.write_text(text, encoding="utf-8")
    return True


BOOT_SIZE = VENDOR / "boot-size.js"  # what the first visit downloads before the game starts (the loading text)


def boot_files() -> list[Path]:
    """The files a first visit downloads before the start screen (measured in Chromium: everything over
    1 KB of performance.getEntriesByType('resource') at ready; PyScript's small plugin chunks left out)."""
    files = [ROOT / "web" / "css" / "app.css", ROOT / "web" / "css" / "tashkalar.css",
             ROOT / "web" / "css" / "wildlands.css", ROOT / "web" / "css" / "shell.css", ROOT / "py" / "app" / "main.py",
             PY_BUNDLE]
    files += [PYODIDE_DIR / f for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                                        "pyodide-lock.json")]
    files += sorted(PYSCRIPT_DIR.glob("core*.js"))
    files += [ROOT / "web" / "js" / f for f in ("loading.js", "bot.js", "p2p.js", "pyodide_boot.mjs", "shell.js",
                                                "sound.js")]
    return [f for f in files if f.is_file()]


def write_boot_size() -> bool:
    """web/vendor/boot-size.js: the boot files' paths and sizes, so the loading text follows real bytes, and
    the start-up snapshot of the current Python bundle, if there is one (web/js/pyodide_boot.mjs)."""
    files = {"./" + f.relative_to(ROOT).as_posix(): sent_size(f) for f in boot_files()}
    snap = snapshot_path()
    snapshot = ({"url": "./" + snap.relative_to(ROOT).as_posix(), "bytes": snap.stat().st_size,
                 "sent": sent_size(snap)} if snap.is_file() else None)
    text = ("// written by build.py setup: the files the first visit loads before the game starts, with the bytes\n"
            "// a host that compresses sends for each (what the loading bar counts)\n"
            f"window.crystalclans_boot_files = {json.dumps(files, indent=1)};\n"
            "// the start-up memory snapshot (null: none for this bundle; bytes: its size, sent: compressed): later\n"
            "// visits start from the service worker's copy, a first visit on a fast link fetches it with the above\n"
            f"window.crystalclans_snapshot = {json.dumps(snapshot)};\n")
    if BOOT_SIZE.is_file() and BOOT_SIZE.read_text() == text:
        return False
    BOOT_SIZE.write_text(text)
    return True


SW_TEMPLATE = ROOT / "web" / "js" / "sw.js"
SW_FILE = ROOT / "sw.js"  # at the site root: a service worker only controls pages at or below its own URL
SW_APP_FILES = ["index.html", "pyscript.toml", "py/app/main.py", "manifest.webmanifest"]
MANIFEST_FILE = ROOT / "manifest.webmanifest"  # at the site root: its start URL and scope "./" are the site's
ICON_SVG = ROOT / "web" / "icons" / "icon.svg"


def write_app_icons() -> list[Path]:
    """The app's PNG icons (web/vendor/icons/, drawn from web/icons/icon.svg) and ./manifest.webmanifest, by
    tools/app_icons.py; returns the files rewritten."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import app_icons
    finally:
        sys.path.pop(0)
    return app_icons.write(ICON_SVG, VENDOR / "icons", MANIFEST_FILE)


def precache_files() -> list[Path]:
    """Every file the page may fetch: the shell, the config, styles, the bundle and the vendored runtime."""
    files = [ROOT / f for f in SW_APP_FILES]
    for folder in (ROOT / "web" / "css", ROOT / "web" / "js", ROOT / "web" / "icons", VENDOR):
        files += sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")
                        and p != SW_TEMPLATE)
    return files


def write_service_worker() -> bool:
    """Fill web/js/sw.js's VERSION (a hash of every precached file) and PRECACHE list into ./sw.js.

    A new version makes the browser install the worker anew and drop the old cache. Returns True if
    sw.js was rewritten."""
    files = precache_files()
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(ROOT).as_posix().encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    urls = ["./"] + ["./" + f.relative_to(ROOT).as_posix() for f in files]
    text = (SW_TEMPLATE.read_text().replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__PRECACHE__", json.dumps(urls, indent=1)))
    if SW_FILE.is_file() and SW_FILE.read_text() == text:
        return False
    SW_FILE.write_text(text)
    return True


def snapshot_path() -> Path:
    """The start-up snapshot of the current Python bundle: named after the bundle's hash, so a snapshot of
    other sources is never taken for this one."""
    digest = hashlib.sha256(PY_BUNDLE.read_bytes()).hexdigest()[:12] if PY_BUNDLE.is_file() else "none"
    return VENDOR / f"snapshot-{digest}.bin"


def make_snapshot(quiet: bool = False) -> Path | None:
    """A Pyodide memory snapshot with the engine and the app imported (tools/make_snapshot.mjs under Node),
    for every visit after the first. Without Node, or if it fails, there is none: the page starts normally."""
    target = snapshot_path()
    if target.is_file():
        return target
    node = shutil.which("node")
    if node is None:
        log("setup: no Node.js here, so no start-up snapshot (the page starts the normal way)")
        return None
    for old in VENDOR.glob("snapshot-*.bin"):
        old.unlink()
    tmp = target.with_suffix(".tmp")
    t = time.perf_counter()
    res = subprocess.run([node, str(ROOT / "tools" / "make_snapshot.mjs"), str(PYODIDE_DIR), str(PY_BUNDLE), str(tmp)],
                         capture_output=True, text=True)
    if res.returncode != 0 or not tmp.is_file():
        tail = (res.stderr or res.stdout).strip().splitlines()[-3:]
        log("setup: no start-up snapshot (the page starts the normal way): " + " / ".join(tail)[:400])
        tmp.unlink(missing_ok=True)
        return None
    tmp.rename(target)
    if not quiet:
        log(f"setup: wrote {target.relative_to(ROOT)} ({target.stat().st_size / 1e6:.1f} MB, "
            f"{time.perf_counter() - t:.1f} s): later visits start from it")
    return target


def cmd_setup(args=None, quiet_if_current: bool = False) -> int:
    status = _setup_vendor(quiet_if_current)
    if status == 0 and build_py_bundle() and not quiet_if_current:
        log(f"setup: wrote {PY_BUNDLE.relative_to(ROOT)} (the Python sources for the browser)")
    if status == 0:
        make_snapshot(quiet_if_current)
        write_boot_size()
        for f in write_app_icons():
            if not quiet_if_current:
                log(f"setup: wrote {f.relative_to(ROOT)} (the installable app)")
    if status == 0 and write_service_worker() and not quiet_if_current:
        log(f"setup: wrote {SW_FILE.name} (offline play after the first visit)")
    return status


def _setup_vendor(quiet_if_current: bool) -> int:
    if setup_is_current():
        if not quiet_if_current:
            log(f"setup: up to date (pyodide {PYODIDE_VERSION}, @pyscript/core {PYSCRIPT_VERSION}, "
                f"{len(WEB_WHEELS)} web wheels, {len(TEST_WHEELS)} test wheels)")
        return 0
    log(f"setup: vendoring pyodide {PYODIDE_VERSION} and @pyscript/core {PYSCRIPT_VERSION} into {VENDOR.relative_to(ROOT)}/")
    STAMP.unlink(missing_ok=True)
    pyodide_tgz = npm_tarball("pyodide", PYODIDE_VERSION)
    pyscript_tgz = npm_tarball("@pyscript/core", PYSCRIPT_VERSION)
    got = extract(pyodide_tgz, "package/", PYODIDE_DIR, lambda rel: rel in PYODIDE_FILES)
    if sorted(got) != sorted(PYODIDE_FILES):
        sys.exit(f"setup: pyodide tarball lacks {sorted(set(PYODIDE_FILES) - set(got))}")
    extract(pyscript_tgz, "package/dist/", PYSCRIPT_DIR, lambda rel: not rel.endswith(".map"))
    extract(npm_tarball("qrcode-generator", QRCODE_VERSION), "package/", QRCODE_DIR,
            lambda rel: rel in ("dist/qrcode.mjs", "LICENSE", "README.md"))
    (QRCODE_DIR / "dist" / "qrcode.mjs").replace(QRCODE_DIR / "qrcode.mjs")
    (QRCODE_DIR / "dist").rmdir()
    extract(npm_tarball("@noble/secp256k1", NOBLE_VERSION), "package/", NOBLE_DIR,
            lambda rel: rel in ("index.js", "LICENSE", "README.md"))
    extract(npm_tarball("axe-core", AXE_VERSION), "package/", AXE_JS.parent,
            lambda rel: rel in ("axe.min.js", "LICENSE"))

    web_wheels = fetch_wheels(WEB_WHEELS, WEB_WHEEL_CACHE)
    for whl in web_wheels:
        shutil.copy2(whl, PYODIDE_DIR / whl.name)
    patch_lock(PYODIDE_DIR / "pyodide-lock.json", web_wheels)

    test_wheels = fetch_wheels(TEST_WHEELS, TEST_WHEEL_DIR)
    TEST_WHEEL_MANIFEST.write_text(json.dumps({"wheels": [p.name for p in test_wheels]}, indent=1) + "\n")

    STAMP.write_text(json.dumps({"wanted": wanted_stamp(), "web_wheel_files": [p.name for p in web_wheels]},
                                indent=1) + "\n")
    size = sum(p.stat().st_size for p in VENDOR.rglob("*") if p.is_file())
    log(f"setup: done ({size / 1e6:.1f} MB in {VENDOR.relative_to(ROOT)}/; wheels: "
        + ", ".join(p.name for p in web_wheels) + ")")
    return 0


# ---- serve / dist -----------------------------------------------------------------------------

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".toml": "text/plain", ".whl": "application/zip",
                      ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json",
                      ".png": "image/png"}


def cmd_serve(args) -> int:
    cmd_setup(quiet_if_current=True)

    class DevHandler(Handler):
        """Rebuilds the Python bundle when it is requested (so edits show on reload) and asks the
        browser to revalidate the app's own files (index, config, bundle, css/js) on every load."""

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path in ("/", "/index.html") or path.endswith("/" + PY_BUNDLE.name):
                if build_py_bundle():  # edited sources: the start-up snapshot holds the old ones, so it is
                    write_boot_size()  # left out until the next `python build.py setup` makes a new one
            super().do_GET()

        def end_headers(self):
            path = self.path.split("?", 1)[0]
            if not path.startswith("/web/vendor/pyodide/") and not path.startswith("/web/vendor/pyscript/"):
                self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_message(self, fmt, *a):  # keep the console quiet: errors only
            if len(a) > 1 and str(a[1])[:1] in "45":
                super().log_message(fmt, *a)

    handler = functools.partial(DevHandler, directory=str(ROOT))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        if not (ROOT / "index.html").is_file():
            log("serve: no index.html yet (the browser app comes later); serving the folder anyway")
        log(f"Serving Crystal Clans at http://localhost:{args.port}/")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log("\nserve: stopped")
    return 0


def cmd_relay(args) -> int:
    """A relay on loopback for pages opened with ?relay=<url> (the one the tests use): Nostr or MQTT."""
    sys.path.insert(0, str(ROOT / "tools"))
    import relays

    if not relays.available(args.kind):
        log(f"relay: the {args.kind} relay is not installed: pip install -e '.[relay]'")
        return 1
    with relays.running(args.kind, args.port) as url:
        log(f"relay: {args.kind} relay at {url}")
        log(f"relay: open http://localhost:8000/?relay={urllib.parse.quote(url, safe='')} (after `python build.py serve`); "
            "Ctrl-C stops it")
        print(url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            log("\nrelay: stopped")
    return 0


def cmd_dist(args) -> int:
    cmd_setup(quiet_if_current=True)
    dist = ROOT / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for name in ["index.html", "pyscript.toml", SW_FILE.name, MANIFEST_FILE.name, "py", "web"]:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dist / name, ignore=ignore)
        elif src.is_file():
            shutil.copy2(src, dist / name)
        else:
            log(f"dist: skipping {name} (missing)")
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    sent = precompress(dist)
    (dist / "_headers").write_text(HEADERS, encoding="utf-8")
    log(f"dist: wrote {dist.relative_to(ROOT)}/ ({size / 1e6:.1f} MB; a first visit gets {sent / 1e6:.1f} MB of it "
        "gzipped); serve it with any static file server (pre-compressed .gz beside each file, cache rules in "
        "_headers)")
    return 0


COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".wasm", ".bin", ".svg", ".txt", ".zip",
                ".webmanifest"}

# Cache rules for static hosts that read a _headers file (Netlify, Cloudflare Pages): the app's own files are
# revalidated on every load (the service worker versions them anyway); the vendored runtime keeps a day; the
# snapshot is named after its contents, so it never changes.
HEADERS = """/
  Cache-Control: no-cache
/index.html
  Cache-Control: no-cache
/sw.js
  Cache-Control: no-cache
/manifest.webmanifest
  Content-Type: application/manifest+json
  Cache-Control: no-cache
/pyscript.toml
  Cache-Control: no-cache
/py/*
  Cache-Control: no-cache
/web/css/*
  Cache-Control: no-cache
/web/js/*
  Cache-Control: no-cache
/web/vendor/*.js
  Cache-Control: no-cache
/web/vendor/crystalclans-py.zip
  Cache-Control: no-cache
/web/vendor/snapshot-*
  Cache-Control: public, max-age=31536000, immutable
/web/vendor/pyodide/*
  Cache-Control: public, max-age=86400
/web/vendor/pyscript/*
  Cache-Control: public, max-age=86400
/web/vendor/qrcode/*
  Cache-Control: public, max-age=86400
/web/vendor/noble-secp256k1/*
  Cache-Control: public, max-age=86400
"""


def gzipped(path: Path) -> bytes | None:
    """path's bytes as a static host would send them compressed, or None where it would not (not a kind
    hosts compress, under 1 KB, or saving less than a tenth)."""
    if path.suffix not in COMPRESSIBLE or path.stat().st_size < 1024:
        return None
    raw = path.read_bytes()
    packed = gzip.compress(raw, compresslevel=9 if len(raw) < 4_000_000 else 6, mtime=0)
    return packed if len(packed) <= 0.9 * len(raw) else None


SENT_CACHE = CACHE / "sent-sizes.json"


def sent_size(path: Path) -> int:
    """The bytes a host that compresses sends for path (gzipped() or the file itself); remembered by size and
    modification time, since the snapshot takes a second to compress."""
    st = path.stat()
    key = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}"
    try:
        known = json.loads(SENT_CACHE.read_text())
    except (OSError, ValueError):
        known = {}
    if key not in known:
        packed = gzipped(path)
        known = {k: v for k, v in known.items() if Path(k.rsplit(":", 2)[0]).is_file()}  # forget deleted files
        known[key] = st.st_size if packed is None else len(packed)
        SENT_CACHE.parent.mkdir(parents=True, exist_ok=True)
        SENT_CACHE.write_text(json.dumps(known, indent=0))
    return known[key]


def precompress(dist: Path) -> int:
    """file.gz beside every file a host would compress, so a static host serves the compressed bytes without
    compressing on the fly. Returns the gzipped size of what a first visit on a fast link loads before the
    start screen (the boot files, the page and the start-up snapshot)."""
    boot = {str(f.resolve()) for f in [*boot_files(), ROOT / "index.html", snapshot_path()]}
    sent = 0
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        packed = gzipped(path)
        if packed is not None:
            path.with_name(path.name + ".gz").write_bytes(packed)
        if str((ROOT / path.relative_to(dist)).resolve()) in boot:
            sent += path.stat().st_size if packed is None else len(packed)
    return sent


# ---- test / bench / cards ---------------------------------------------------------------------

def env_with_pythonpath(**extra: str) -> dict[str, str]:
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "py"), env.get("PYTHONPATH")]))
    return env


def cmd_test(args, extra: list[str]) -> int:
    cmd_setup(quiet_if_current=True)
    if extra and extra[0] == "--":
        extra = extra[1:]
    env = env_with_pythonpath()
    if args.long:
        env["CRYSTALCLANS_LONG"] = "1"
    paths_given = any(not a.startswith("-") and (ROOT / a.split("::")[0]).exists() for a in extra)
    whole = not extra and (os.cpu_count() or 1) >= 2  # (the whole suite, with a core to spare)
    beside = [d for d in BESIDE if (ROOT / d).is_dir()] if whole else []
    main_only = [f for f in MAIN_ONLY if (ROOT / f).is_file()] if beside else []
    cmd = [sys.executable, "-m", "pytest", *([] if paths_given else ["tests"]),
           *(f"--ignore={d}" for d in beside), *main_only, *extra]
    log("+ " + " ".join(cmd) + ("   (CRYSTALCLANS_LONG=1)" if args.long else ""))
    load = CpuLoad()
    LAST_FAILED.unlink(missing_ok=True)  # (what pytest's cache says failed is this run's alone)
    engine = start_beside([*beside, *(f"--ignore={f}" for f in main_only)], env)
    try:
        code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        if code == 5:
            log("test: FAILED: pytest collected no tests (exit code 5)")
        if code == 1:
            code = rerun_browser_failures(env, code)
    except BaseException:  # (interrupted: the run beside stops too)
        if engine is not None:
            engine[0].kill()
            engine[1].close()
        raise
    code = finish_beside(engine) or code
    log(load.report())
    return code


class CpuLoad:
    """How busy the cores were while the tests ran (Linux's /proc/stat): the suite's time on a 2-core machine
    is set by its CPU, so this says whether a run was slow for want of cores. It counts every process, the
    suite's and anything else's (the CPU of the processes the run waited for leaves out most of the browsers'
    processes, so it cannot tell the two apart)."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.ticks = self._ticks()

    @staticmethod
    def _ticks() -> tuple[int, int] | None:
        try:
            fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        except (OSError, ValueError):
            return None
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
        return sum(fields[:8]) - idle, sum(fields[:8])

    def figures(self) -> tuple[float, float | None]:
        """Seconds since the start, and the share of that time the cores were busy (None without /proc/stat)."""
        wall = time.perf_counter() - self.started
        end = self._ticks()
        if self.ticks is None or end is None or end[1] <= self.ticks[1]:
            return wall, None
        return wall, (end[0] - self.ticks[0]) / (end[1] - self.ticks[1])

    def report(self) -> str:
        wall, busy = self.figures()
        cores = os.cpu_count() or 1
        text = f"test: {wall / 60:.1f} min on {cores} core(s)"
        if busy is None:
            return text
        return (f"{text}; the cores were busy {100 * busy:.0f}% of it ({busy * wall * cores / 60:.1f} min of CPU, "
                "the suite's and anything else's)")


# Tests without a browser: they read the tree and write only in their temporary directories, so the whole run
# plays them in a second pytest beside the others (whose browser tests mostly wait). On this 2-core machine
# the main run took 1,000-1,085 s beside them (they: 140 s), one run of everything 1,110 s; one core plays
# everything in one run. Their output follows the main run's. Spreading the main run over two pytest-xdist
# workers as well gained nothing here (2026-11-28: 36:39 wall against 39:23, each long browser test took twice
# as long, and two timing tests failed): with Chromium, Node and the runs started ahead, the suite is CPU-bound.
# The tests of the app's Python, the runs inside Pyodide (Node) and the self-play runner joined them on
# 2026-11-28: the browser tests kept 20% of both cores idle (282 s of 4 browser test files: 447 s busy, 112 s
# idle), and those tests had run after the browser's, one at a time, for 10 of the suite's 39 minutes.
# Measured with CpuLoad on a quiet machine (2026-11-28): 34.7 minutes with both cores 91% busy, 63 minutes of
# CPU. So the wall time follows the CPU: 20 minutes on 2 cores needs about 40% less work, not better overlap.
# The same suite on another machine of the same kind (2 cores of an AMD EPYC, 2026-11-28, a self-play run
# beside it at autogroup nice 19, taking what the suite left idle): 14.9 minutes, so at most 29.7 minutes of
# the suite's CPU; the main run's slowest test 62 s (two players link, play a whole game, rematch). Machines
# of one kind differ about twofold per core here: the 20 minutes hold on the faster one.
BESIDE = ("tests/rules", "tests/cards", "tests/trust", "tests/property", "tests/fuzz", "tests/conformance",
          "tests/tashkalar", "tests/wildlands", "tests/unit", "tests/pyodide", "tests/selfplay")
# ...but these write the site the browser tests load (sw.js, the Python bundle, the icons): they stay in the
# main run, between two browser tests rather than under a page that is loading.
MAIN_ONLY = ("tests/unit/test_site_build.py", "tests/unit/test_app_shell.py")


def start_beside(paths: list[str], env: dict[str, str]):
    if not paths:
        return None
    CACHE.mkdir(exist_ok=True)
    out = (CACHE / "test-beside.log").open("w+", encoding="utf-8")
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--basetemp={CACHE / 'pytest-beside'}", *paths]
    log("+ " + " ".join(cmd) + "   (beside, its output below when both are done)")
    return subprocess.Popen(cmd, cwd=ROOT, env={**env, "CRYSTALCLANS_BESIDE": "1"}, stdout=out,
                            stderr=subprocess.STDOUT), out


def finish_beside(engine) -> int:
    if engine is None:
        return 0
    proc, out = engine
    code = proc.wait()
    out.seek(0)
    print(out.read(), flush=True)
    out.close()
    if code != 0:
        log(f"test: FAILED: the engine tests run beside ({', '.join(BESIDE)}) exited with {code}")
    return code


LAST_FAILED = ROOT / ".pytest_cache" / "v" / "cache" / "lastfailed"
RERUN_AT_MOST = 3


def rerun_browser_failures(env: dict[str, str], code: int) -> int:
    """A browser test that failed is run once more, alone, when at most RERUN_AT_MOST failed and all of them
    are browser tests (tests/e2e: timing on a shared, loaded machine). Its first failure stays printed above;
    this says loudly which passed only on the second run. Any other failure fails the run at once."""
    try:
        failed = sorted(json.loads(LAST_FAILED.read_text()))
    except (OSError, ValueError):
        return code
    if not failed or len(failed) > RERUN_AT_MOST or not all(f.startswith("tests/e2e/") for f in failed):
        return code
    log(f"test: {len(failed)} browser test(s) failed; running them once more, alone: " + ", ".join(failed))
    again = subprocess.run([sys.executable, "-m", "pytest", *failed], cwd=ROOT, env=env).returncode
    if again == 0:
        log("test: FLAKY: these failed in the whole run and passed alone (see their first failure above): "
            + ", ".join(failed))
    return again


def cmd_bench(args) -> int:
    cmd_setup(quiet_if_current=True)
    status = 0
    engine_bench = ROOT / "bench" / "engine_bench.py"
    if engine_bench.is_file():
        log("== engine benchmark (CPython) ==")
        status |= subprocess.run([sys.executable, str(engine_bench)], cwd=ROOT, env=env_with_pythonpath()).returncode
    else:
        log("bench: bench/engine_bench.py does not exist yet; skipping the CPython benchmark")
    node = shutil.which("node")
    if not node:
        log("bench: node not found; skipping the Pyodide benchmark")
        return status or 1
    log("== engine benchmark (Pyodide under Node) ==")
    status |= subprocess.run([node, str(ROOT / "bench" / "pyodide_bench.mjs")], cwd=ROOT).returncode
    log("== Tash-Kalar engine: CPython and Pyodide under Node side by side (medians of alternating rounds) ==")
    status |= subprocess.run([sys.executable, str(ROOT / "bench" / "tashkalar_bench.py")], cwd=ROOT,
                             env=env_with_pythonpath()).returncode
    log("== the computer's thinking time in the browser's worker (headless Chromium) ==")
    status |= subprocess.run([sys.executable, str(ROOT / "bench" / "bot_browser_bench.py")], cwd=ROOT,
                             env=env_with_pythonpath()).returncode
    log("== playing a friend online: link time, channel round trip, action latency (headless Chromium) ==")
    status |= subprocess.run([sys.executable, str(ROOT / "bench" / "p2p_bench.py")], cwd=ROOT,
                             env=env_with_pythonpath()).returncode
    log("== page load: time to data-ready, ours vs a bare Pyodide page (headless Chromium) ==")
    status |= subprocess.run([sys.executable, str(ROOT / "bench" / "load_bench.py")], cwd=ROOT,
                             env=env_with_pythonpath()).returncode
    return status


def cmd_cards(args) -> int:
    cmd = [sys.executable, "-m", "crystalclans.cardconvert"]
    log("+ PYTHONPATH=py " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env_with_pythonpath()).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="command")
    sub.add_parser("setup", help="vendor Pyodide, PyScript and wheels into web/vendor (cached, idempotent)")
    p = sub.add_parser("serve", help="setup, then serve the repo root at http://localhost:PORT/")
    p.add_argument("--port", type=int, default=8000)
    p = sub.add_parser("test", help="setup, then run pytest on tests/ (extra args after -- go to pytest)")
    p.add_argument("--long", action="store_true", help="long property runs (CRYSTALCLANS_LONG=1)")
    sub.add_parser("bench", help="engine throughput (CPython, Pyodide under Node) and page load times (Chromium)")
    sub.add_parser("dist", help="setup, then copy index.html, pyscript.toml, py/, web/ into dist/")
    p = sub.add_parser("relay", help="a relay on loopback for pages opened with ?relay=<url> (prints its URL)")
    p.add_argument("--port", type=int, default=None, help="port (default: a free one)")
    p.add_argument("--kind", choices=("nostr", "mqtt"), default="nostr", help="Nostr relay or MQTT broker")
    sub.add_parser("cards", help="regenerate py/crystalclans/data/base_set.json (needs PyYAML)")
    sub.add_parser("i18n", help="extract the app's messages into py/app/locale and merge them into each .po")
    args, extra = parser.parse_known_args(argv)
    if args.command == "test":
        return cmd_test(args, extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return {"setup": cmd_setup, "serve": cmd_serve, "bench": cmd_bench, "dist": cmd_dist,
            "cards": cmd_cards, "i18n": cmd_i18n, "relay": cmd_relay}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
