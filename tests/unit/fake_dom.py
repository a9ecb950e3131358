"""Just enough of a browser for driving the real App (py/app/controller.py) under CPython: elements that
hold innerHTML/textContent, a document that finds them by id, a window with localStorage and a URL."""
from __future__ import annotations

import re
from types import SimpleNamespace


class FakeElement:
    def __init__(self, tag: str = "DIV"):
        self.tagName = tag
        self.innerHTML = ""
        self.textContent = ""
        self.hidden = False
        self.className = ""
        self.dataset = SimpleNamespace()
        self.isConnected = True

    def getAttribute(self, name):
        return None

    def focus(self, *a):
        pass


class FakeDocument:
    def __init__(self):
        self.els: dict[str, FakeElement] = {}
        self.body = FakeElement("BODY")
        self.activeElement = self.body

    def getElementById(self, i):
        return self.els.setdefault(i, FakeElement())

    def querySelector(self, sel):
        return None


class FakeStorage:
    def __init__(self):
        self.d: dict[str, str] = {}

    def getItem(self, k):
        return self.d.get(k)

    def setItem(self, k, v):
        self.d[k] = str(v)

    def removeItem(self, k):
        self.d.pop(k, None)


def fake_window(query: str = "") -> SimpleNamespace:
    return SimpleNamespace(localStorage=FakeStorage(), location=SimpleNamespace(search=query))


def app_html(app) -> str:
    """What the app last drew into its #app element."""
    return app.document.getElementById("app").innerHTML


def offered(app) -> list[str]:
    """The actions the table offers (data-action), each once, in the order drawn."""
    return list(dict.fromkeys(re.findall(r'data-action="([^"]*)"', app_html(app))))


def coach(app) -> str:
    """The guided game's coach, as drawn on the table."""
    m = re.search(r'<section class="coach".*?</section>', app_html(app), re.S)
    assert m, "no coach on the table"
    return m.group(0)


#: what the table and the notices read of an App beyond the game itself: a quiet table, no link, nothing held
APP_STATE = {"link": None, "resume_offer": None, "relinking": False, "relink_relay": "", "session": None,
             "tutorial": None, "answer_held": False, "fx": None, "table_pick": None, "public_screen": False,
             "screen": "game"}


def app_state(**fields) -> SimpleNamespace:
    """A stand-in App: APP_STATE with `fields` over it."""
    return SimpleNamespace(**{**APP_STATE, **fields})


def session_state(**fields) -> SimpleNamespace:
    """A stand-in online session of two (net/session.Session's fields the table reads), `fields` over it."""
    return SimpleNamespace(**{"desync": "", "host": True, "players": 2, "me": 0, "them": 1, "private": None,
                              "resigned": None, "ending": set(), "rematch": set(), "agreed_end": False,
                              "audit": None, "their_audit": None, "notice": "", **fields})
