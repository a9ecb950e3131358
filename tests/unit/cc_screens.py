"""Every screen a Crystal Clans player meets, rendered by the real App (py/app/controller.py) under CPython with
the fake DOM: the start screen (each game chosen, English and German, before and after the engine loads), a
game of two people at one screen from the deal to the game over (every decision, pass screens, battle results,
card details, the discard pile, the rules reference, undo, the statistics), the replay, a game against the
computer in German, the guided first game and the real game after it, a loaded save, and a few moves of the
other games (the shell around them). Each render's #app, #topnav and #modal are kept, in order.

Made to show that moving code between modules changes nothing a player sees:

    PYTHONPATH=py python -m tests.unit.cc_screens write /tmp/before.json.gz    # before the change
    PYTHONPATH=py python -m tests.unit.cc_screens check /tmp/before.json.gz    # after: byte for byte the same
"""
from __future__ import annotations

import gzip
import json
import sys

from crystalclans.ai import make_bot
from crystalclans.rng import Rng, seed_state

from app import i18n
from app.controller import App

from .fake_dom import FakeDocument, FakeElement, fake_window
from .test_seats import RandomComputer, run_sync


class Element(FakeElement):
    def scrollIntoView(self, *a):
        pass


class Document(FakeDocument):
    def getElementById(self, i):
        return self.els.setdefault(i, Element())


class Recorder:
    """Keeps what every App.render() of one App wrote, under a label."""

    def __init__(self, out: dict, label: str):
        self.out, self.label, self.n = out, label, 0

    def attach(self, app: App) -> App:
        render = app.render

        def recorded() -> None:
            render()
            self.take(app)

        app.render = recorded
        return app

    def take(self, app: App, note: str = "") -> None:
        doc = app.document
        self.out[f"{self.label} {self.n:04d}{' ' + note if note else ''}"] = "\n".join(
            doc.getElementById(i).innerHTML for i in ("app", "topnav", "modal"))
        self.n += 1


def new_app(query: str = "?seed=5&pace=0", computer=None) -> App:
    app = App(Document(), fake_window(query), computer=computer or RandomComputer(7),
              spawn=lambda coro: coro.close())
    app.pydantic_ready = True
    return app


def legal(app: App) -> list[str]:
    return list((app.view or {}).get("legal_actions") or [])


def modals(app: App, rec: Recorder, step: int) -> None:
    """Now and then, the table's dialogs over the game: card details, a discard pile, the rules."""
    view = app.view
    me = view["you"]
    hand = [c["id"] for c in view["players"][me].get("hand", [])]
    if step % 7 == 0 and hand:
        app.modal = ("card", hand[0])
        app.render()
    if step % 11 == 0:
        app.modal = ("discard", 1 - me)
        app.render()
    if step % 29 == 0:
        app.modal = ("rules", "initiative") if step % 2 else ("rules",)
        app.render()
    app.modal = None
    app.render()


def hotseat_game(out: dict) -> App:
    rec = Recorder(out, "hotseat")
    app = rec.attach(new_app("?seed=11&pace=0"))
    app.screen = "game"
    app.start_game("crystalclans", {"clans": ["blood", "water"], "first": "random", "mulligan": True},
                   ["Ada", "Bo"], ["human", "human"])
    rng = Rng(seed_state(3))
    bot = make_bot("greedy", seed=1)
    step = 0
    while not app.game.is_over and step < 1000:
        if app.overlay_pending():
            app.continue_overlay()
            continue
        options = legal(app)
        modals(app, rec, step)
        if step == 40 and app.can_undo():
            app.undo()
        app.apply(options[rng.below(len(options))] if step % 5 == 0 else str(bot.choose(app.game)))
        step += 1
    if app.overlay_pending():
        app.continue_overlay()
    app.render()  # the game over with its statistics
    app.open_replay()
    for i in range(len(app.replay.frames)):
        app.replay.go(i)
        app.render()
        if i == 2:
            app.replay.switch_side()
            app.render()
            app.modal = ("card", "crystal.sorens_bounty")
            app.render()
            app.modal = ("discard", 0)
            app.render()
            app.modal = None
    app.replay = None
    app.screen = "start"
    app.render()  # the start screen, with the finished game to continue
    return app


def computer_game(out: dict) -> None:
    rec = Recorder(out, "computer-de")
    app = rec.attach(new_app("?seed=21&pace=0"))
    app.set_language("de")
    app.screen = "game"
    app.start_game("crystalclans", {"clans": ["flower", "skull"], "first": "0", "mulligan": False},
                   ["Ada", "Rechner"], ["human", "normal"])
    rng = Rng(seed_state(4))
    bot = make_bot("greedy", seed=2)
    step = 0
    while not app.game.is_over and step < 1000:
        run_sync(app._computer_moves())
        if app.game.is_over:
            break
        if app.overlay_pending():
            app.continue_overlay()
            continue
        options = legal(app)
        if not options:
            break
        if step % 13 == 0:
            modals(app, rec, 0)
        app.apply(options[rng.below(len(options))] if step % 4 == 0 else str(bot.choose(app.game)))
        step += 1
    app.render()
    for cid in list(app.words.cs.unit_index)[::5] + [c.id for c in app.words.cs.crystals][::3]:
        app.modal = ("card", cid)
        app.render()
    app.modal = ("rules",)
    app.render()
    app.modal = None
    app.set_language("en")


def tutorial(out: dict) -> None:
    rec = Recorder(out, "tutorial")
    app = rec.attach(new_app("?seed=31&pace=0"))
    app.settings = dict(app.settings, game="crystalclans")
    app.start_tutorial()
    for _ in range(200):
        if app.tutorial is None or app.tutorial.finished(app.game):
            break
        run_sync(app._computer_moves())
        if app.overlay_pending():
            app.continue_overlay()
            continue
        allowed = sorted(app.tutorial.allowed(app.game))
        if allowed:
            app.apply(allowed[0])
    app.render()
    app.after_tutorial()  # the real game after it, against the easy computer
    if app.modal and app.modal[0] == "confirm":
        app.confirm()


def loaded_save(out: dict, text: str) -> None:
    rec = Recorder(out, "loaded")
    app = rec.attach(new_app("?seed=41&pace=0"))
    run_sync(app.load_text(text, None, "save file"))
    app.render()


def start_screens(out: dict) -> None:
    rec = Recorder(out, "start")
    for lang in ("en", "de"):
        app = rec.attach(new_app())
        if lang == "de":
            app.set_language("de")
        for game in ("crystalclans", "tashkalar", "wildlands", "crystalclans"):
            app.settings = dict(app.settings, game=game)
            app.render()
            app.modal = ("rules",)
            app.render()
            app.modal = None
        app.set_language("en")
    i18n.use("en")


def start_before_the_engine(out: dict) -> None:
    """The first start screen, drawn by main.py from the card data before the engine is imported."""
    from app import render
    from app.storage import Storage

    for lang in ("en", "de"):
        i18n.use(lang)
        info = start_info(lang, Storage.open(fake_window("")))
        for game in ("crystalclans", "tashkalar", "wildlands"):
            info.settings = dict(info.settings, game=game)
            out[f"start-info {lang} {game}"] = render.start_screen(info)
    i18n.use("en")


def start_info(lang: str, storage):
    """main.StartInfo without the browser (main.py imports pyscript)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("app.main")
    source = Path(spec.origin).read_text(encoding="utf-8")
    start = source.index("class StartInfo")
    end = source.index("\n_app = None")
    namespace: dict = {}
    header = ("import json, os\nimport app as _app_pkg\nfrom app import games, i18n\n"
              "from app.settings import clean_settings\n")
    imports = [line for line in source.splitlines() if line.startswith("from app.") and "import" in line
               and "settings" not in line and "storage" not in line]
    exec(header + "\n".join(i.replace("  # noqa: E402", "") for i in imports) + "\n" + source[start:end],
         namespace)

    class Doc:
        documentElement = type("E", (), {})()

    class Win:
        navigator = type("N", (), {"languages": [lang]})()

    namespace["document"], namespace["window"] = Doc(), Win()
    namespace["Storage"] = type("S", (), {"open": staticmethod(lambda w: storage)})
    return namespace["StartInfo"]()


def other_games(out: dict) -> None:
    for name, options in (("tashkalar", {"mode": "duel", "decks": ["northern", "highland"], "first": "0"}),
                          ("wildlands", {"board": "dungeon", "factions": ["guild", "gnomads"], "first": "0"})):
        rec = Recorder(out, name)
        app = rec.attach(new_app("?seed=51&pace=0"))
        app.screen = "game"
        app.start_game(name, options, ["Ada", "Bo"], ["human", "human"])
        rng = Rng(seed_state(5))
        for _ in range(40):
            if app.game.is_over:
                break
            if app.overlay_pending():
                app.continue_overlay()
                continue
            options_now = legal(app)
            if not options_now:
                break
            app.apply(options_now[rng.below(len(options_now))])
        app.modal = ("rules",)
        app.render()
        app.modal = None
        app.open_replay()
        app.replay = None
        app.screen = "start"
        app.render()


def screens() -> dict[str, str]:
    i18n.use("en")
    out: dict[str, str] = {}
    start_screens(out)
    start_before_the_engine(out)
    app = hotseat_game(out)
    loaded_save(out, app.game.to_json(names=app.names))
    computer_game(out)
    tutorial(out)
    other_games(out)
    i18n.use("en")
    return out


def main(argv: list[str]) -> int:
    what, path = argv[1], argv[2]
    now = screens()
    if what == "write":
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump(now, f, ensure_ascii=False, indent=0)
        print(f"{len(now)} screens, {sum(map(len, now.values())):,} characters -> {path}")
        return 0
    with gzip.open(path, "rt", encoding="utf-8") as f:
        before = json.load(f)
    differ = [k for k in sorted(set(before) | set(now)) if before.get(k) != now.get(k)]
    print(f"{len(now)} screens now, {len(before)} before, {len(differ)} differ")
    for k in differ[:10]:
        a, b = before.get(k, ""), now.get(k, "")
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"--- {k} at {i}:\n  before: {a[max(0, i - 120):i + 200]!r}\n  now:    {b[max(0, i - 120):i + 200]!r}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
