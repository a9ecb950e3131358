"""A pytest plugin that counts, per browser test, the browser contexts, pages and page loads it made, and its wall time.

Where the browser suite spends its time (issue 51): `PYTHONPATH=tools:py python -m pytest tests/e2e -p e2e_page_counts`
writes the counts to $COUNT_OUT (default /tmp/pagecounts.json). 2026-12-02, quiet 2-core machine, e2e alone: 112
tests, 118 contexts, 119 pages, 183 loads (159 goto + 24 reload), 22.1 min wall."""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

COUNTS: dict[str, dict[str, float]] = defaultdict(lambda: {"ctx": 0, "pages": 0, "goto": 0, "reload": 0})
_current = ["?"]  # the node id of the test running now


def _count(cls: type, method: str, key: str) -> None:
    """Wrap cls.method so that each call adds one to the running test's `key`."""
    original = getattr(cls, method)

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTS[_current[0]][key] += 1
        return original(self, *args, **kwargs)

    setattr(cls, method, counted)


for _cls, _method, _key in ((Browser, "new_context", "ctx"), (BrowserContext, "new_page", "pages"),
                            (Page, "goto", "goto"), (Page, "reload", "reload")):
    _count(_cls, _method, _key)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: "pytest.Item | None"):
    _current[0] = item.nodeid
    started = time.perf_counter()
    result = yield
    COUNTS[item.nodeid]["wall"] = round(time.perf_counter() - started, 1)
    return result


def pytest_sessionfinish(session: pytest.Session) -> None:
    with open(os.environ.get("COUNT_OUT", "/tmp/pagecounts.json"), "w", encoding="utf-8") as f:
        json.dump(COUNTS, f, indent=0)
