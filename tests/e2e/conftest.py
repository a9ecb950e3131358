"""End-to-end fixtures: the repo root served on 127.0.0.1, Debian's Chromium via Playwright (sync API).

Missing pieces make these tests FAIL, never skip: CI must not go green without having driven the app.
Needs `python build.py setup` (done by `python build.py test`), /usr/bin/chromium and `pip install playwright`
(.ci/run installs both; never `playwright install`, which downloads a browser and fails here).
"""
from __future__ import annotations

import pytest

from . import harness, ui

try:
    from playwright.sync_api import Error as PwError
    from playwright.sync_api import sync_playwright
except ImportError:  # the browser fixture fails with install instructions
    PwError = sync_playwright = None
from .ui import open_app, play_random_clicks, wait_ready  # noqa: F401 - re-exported helpers

CONTEXT_TIMEOUT_MS = 15_000
VIEWPORT = {"width": 1280, "height": 800}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, f"e2e_rep_{rep.when}", rep)
    return rep


@pytest.fixture(scope="session")
def site():
    """The served repo root: fails clearly when the vendored runtime or the page is missing."""
    for problem in (harness.vendored_pyodide_missing(),):
        if problem:
            pytest.fail(problem, pytrace=False)
    if not (harness.SITE_ROOT / "index.html").is_file():
        pytest.fail(f"{harness.SITE_ROOT / 'index.html'} is missing: the browser app is not there to test",
                    pytrace=False)
    server = harness.serve(harness.SITE_ROOT)
    yield server
    server.close()


@pytest.fixture(scope="session")
def base_url(site) -> str:
    return site.base_url


@pytest.fixture(scope="session")
def app_url(base_url) -> str:
    return base_url + "/"


@pytest.fixture(scope="session")
def browser():
    problem = harness.missing_browser_tools()
    if problem:
        pytest.fail(problem, pytrace=False)
    pw = sync_playwright().start()
    try:
        b = harness.launch_chromium(pw)
    except PwError as exc:
        pw.stop()
        pytest.fail(f"could not launch {harness.CHROMIUM}: {exc}\n{harness.INSTALL_HINT}", pytrace=False)
    yield b
    b.close()
    pw.stop()


NO_PUBLIC_HELP = """try { if (!localStorage.getItem("crystalclans.public_help"))
  localStorage.setItem("crystalclans.public_help", JSON.stringify({relays: false, stun: false})); } catch (e) {}"""


@pytest.fixture
def new_context(browser, request):
    """Factory: a fresh browser context (new profile: empty cache, localStorage, IndexedDB) per call.

    Pages opened in these contexts get their console watched; on a test failure every open page is
    screenshotted to tests/e2e/screenshots/failures/ and its console errors printed.
    """
    contexts = []

    def make(public_help: bool = False, **kwargs):
        kwargs.setdefault("viewport", VIEWPORT)
        kwargs.setdefault("accept_downloads", True)
        ctx = browser.new_context(**kwargs)
        ctx.set_default_timeout(CONTEXT_TIMEOUT_MS)
        ctx.on("page", ui.watch_console)
        if not public_help:  # no page of the tests reaches for public relays or STUN servers (?relay=… still works)
            ctx.add_init_script(NO_PUBLIC_HELP)
        contexts.append(ctx)
        return ctx

    yield make
    failed = any(getattr(getattr(request.node, f"e2e_rep_{w}", None), "failed", False) for w in ("setup", "call"))
    for n, ctx in enumerate(contexts):
        for m, page in enumerate(ctx.pages):
            if failed:
                try:
                    path = ui.screenshot(page, f"{request.node.name}_ctx{n}_page{m}", ui.FAILURE_SHOTS)
                    print(f"[e2e] failure screenshot: {path}")
                except PwError as exc:
                    print(f"[e2e] no failure screenshot: {exc}")
                print(f"[e2e] console of {page.url}:\n{ui.console_tail(page, 60)}")
            ui.CONSOLE.pop(page, None)
        ctx.close()


@pytest.fixture
def page(new_context):
    """A page in a fresh context (not navigated yet)."""
    return new_context().new_page()


@pytest.fixture
def say(capsys):
    """Print a line to the terminal even while pytest captures output (timings, progress)."""
    def _say(text: str) -> None:
        text = text.removeprefix("[e2e] ")
        with capsys.disabled():
            print(f"\n[e2e] {text}", flush=True)
    return _say
