"""Browser-test plumbing shared by tests/e2e and bench/load_bench.py (no pytest import here).

- `serve(root)`: the repo root over HTTP on 127.0.0.1 and a free port, in a background thread
  (build.py's own Handler, so .mjs and .wasm get the same types as under `build.py serve`).
- `launch_chromium(playwright)`: Debian's /usr/bin/chromium, headless, with TOOLCHAIN.md's flags.
- `missing_browser_tools()`: what to install when Chromium or Playwright is absent (None when all is there).
"""
from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import threading
from pathlib import Path
from typing import ClassVar

REPO = Path(__file__).resolve().parents[2]
# What to serve: the repo root, or another build of the site (e.g. dist/ after `python build.py dist`).
SITE_ROOT = Path(os.environ.get("CRYSTALCLANS_E2E_ROOT") or REPO).resolve()
CHROMIUM = os.environ.get("CRYSTALCLANS_CHROMIUM", "/usr/bin/chromium")
# TOOLCHAIN.md "Browser tests" (--headless comes from headless=True).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-features=WebRtcHideLocalIpsWithMdns",
    # containers often mount a 64 MB /dev/shm, too small for several Pyodide pages: renderers would crash
    "--disable-dev-shm-usage",
]
INSTALL_HINT = (
    "the browser tests need Debian's Chromium and Playwright for Python:\n"
    "    apt-get update && apt-get install -y chromium      # gives /usr/bin/chromium\n"
    "    python -m pip install playwright                    # never `playwright install`: it downloads a browser\n"
    "(.ci/run installs both on a fresh machine)"
)


def missing_browser_tools() -> str | None:
    """A message naming what is missing for the browser tests, or None."""
    missing = []
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing.append(f"{CHROMIUM} (Chromium) not found")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the Python package `playwright` is not installed")
    if not missing:
        return None
    return "; ".join(missing) + "\n" + INSTALL_HINT


def vendored_pyodide_missing() -> str | None:
    mjs = REPO / "web" / "vendor" / "pyodide" / "pyodide.mjs"
    if mjs.is_file():
        return None
    return (f"{mjs.relative_to(REPO)} is missing: run `python build.py setup` "
            "(`python build.py test` does it for you)")


def _load_build():
    spec = importlib.util.spec_from_file_location("crystalclans_build", REPO / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Handler(_load_build().Handler):
    """build.py's Handler (its MIME map: .mjs and .wasm need the right types), quiet, counting requests."""

    requests: ClassVar[list[str]] = []  # each Server makes a subclass with its own list

    def log_message(self, format, *args):
        pass

    def send_head(self):
        self.requests.append(self.path)
        return super().send_head()


class Server:
    def __init__(self, root: Path):
        handler_cls: type[Handler] = type("E2EHandler", (Handler,), {"requests": []})
        self.requests: list[str] = handler_cls.requests
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                                     functools.partial(handler_cls, directory=str(root)))
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda request, client_address: None  # broken pipes when a page closes
        host, port = self.httpd.server_address[:2]
        self.base_url = f"http://{host}:{port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="e2e-http", daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(root: Path = SITE_ROOT) -> Server:
    return Server(root)


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


# Records when body[data-ready] first appears, in ms since navigation start (performance.now()).
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__e2eReadyAt === undefined && document.body && document.body.dataset.ready === "true") {
      window.__e2eReadyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ["data-ready"]});
  document.addEventListener("DOMContentLoaded", mark);
})();
"""

