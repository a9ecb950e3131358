"""A pytest plugin that counts, per browser test, the browser contexts, pages and page loads it made, and its wall time.

Where the browser suite spends its time (issue 51): `PYTHONPATH=tools:py python -m pytest tests/e2e -p e2e_page_counts`
writes the counts to $COUNT_OUT (default /tmp/pagecounts.json). 2026-12-02, quiet 2-core machine, e2e alone: 112
tests, 118 contexts, 119 pages, 183 loads (159 goto + 24 reload), 22.1 min wall."""
import json, time, os
from collections import defaultdict
import pytest
COUNTS = defaultdict(lambda: {"ctx": 0, "goto": 0, "reload": 0, "pages": 0})
CUR = ["?"]
def _install():
    from playwright.sync_api._generated import Browser, Page, BrowserContext
    nc = Browser.new_context
    def new_context(self, *a, **k):
        COUNTS[CUR[0]]["ctx"] += 1
        return nc(self, *a, **k)
    Browser.new_context = new_context
    np_ = BrowserContext.new_page
    def new_page(self, *a, **k):
        COUNTS[CUR[0]]["pages"] += 1
        return np_(self, *a, **k)
    BrowserContext.new_page = new_page
    g = Page.goto
    def goto(self, *a, **k):
        COUNTS[CUR[0]]["goto"] += 1
        return g(self, *a, **k)
    Page.goto = goto
    r = Page.reload
    def reload(self, *a, **k):
        COUNTS[CUR[0]]["reload"] += 1
        return r(self, *a, **k)
    Page.reload = reload
_install()
@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    CUR[0] = item.nodeid
    t = time.perf_counter()
    r = yield
    COUNTS[item.nodeid]["wall"] = round(time.perf_counter() - t, 1)
    return r
def pytest_sessionfinish(session):
    with open(os.environ.get("COUNT_OUT", "/tmp/pagecounts.json"), "w") as f:
        json.dump(COUNTS, f, indent=0)
