"""The hotseat app: game state, overlays (pass the device, battle result), undo, saves, rendering.

All input arrives through ONE click listener and ONE change listener on the document (main.py), which
read data-action / data-continue / data-cmd / ... attributes. Playing is driven entirely by the engine's
legal actions: the app never decides what is legal.
"""
from __future__ import annotations

import asyncio
import random
import time

import crystalclans as cc

from . import render
from .settings import default_settings
from .storage import Storage
from .text import Words

# Decisions an undo may step back over: they show the deciding player nothing she did not know.
SAFE_KINDS = {"action", "summon", "reorder", "move", "split", "trim", "replenish", "battle", "keep", "draw"}


class App:
    def __init__(self, document, window, to_js=None):
        self.document = document
        self.window = window
        self.to_js = to_js
        self.cs = cc.base_set()
        self.words = Words(self.cs)
        self.storage = Storage(window.localStorage)
        self.game: cc.Game | None = None
        self.names = ["Player 1", "Player 2"]
        self.actors: list = []  # who made each log entry (the log itself does not say)
        self.view: dict | None = None
        self.shown_player: int | None = None
        self.pending_pass: int | None = None
        self.pending_battle: dict | None = None
        self.undo_marks: list[int] = []
        self.screen = "start"
        self.modal = None
        self.busy = ""
        clans = list(self.cs.clans)
        self.settings = default_settings(clans)
        self.autosave_meta = self.storage.autosave_meta()
        self.pydantic_ready = False
        self._pydantic_task = None
        self.last_update_ms = 0.0
        # ?seed=N in the page URL: new games are dealt from that seed (reproducing a game, tests)
        self.fixed_seed = url_seed(str(window.location.search))

    # ------------------------------------------------------------------ overlays and perspective
    def overlay_pending(self) -> bool:
        return bool(self.pending_battle) or (self.pending_pass is not None and self.game is not None
                                             and not self.game.is_over)

    def viewer(self) -> int:
        g = self.game
        if g.decision is not None:
            return g.decision.player
        return self.shown_player if self.shown_player is not None else (g.winner or 0)

    def can_undo(self) -> bool:
        return bool(self.undo_marks) and not self.overlay_pending() and self.game is not None and not self.game.is_over

    def default_slot_name(self) -> str:
        return f"{self.names[0]} vs {self.names[1]}"

    def summary(self) -> str:
        g = self.game
        clans = g.setup.get("clans") or ["?", "?"]
        state = f"{self.names[g.winner]} won" if g.is_over else f"turn {g.turn}"
        return (f"{self.names[0]} ({self.words.clan_name(clans[0])}) vs {self.names[1]} "
                f"({self.words.clan_name(clans[1])}) · {state}")

    # ------------------------------------------------------------------ game lifecycle
    def start_new(self, names, clans, first, mulligan) -> None:
        seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(1 << 31)
        fp = None if first == "random" else int(first)
        self.install(cc.new_game(clans=tuple(clans), seed=seed, first_player=fp, mulligan=mulligan), list(names), [])
        self.clear_error()
        self.render()

    def install(self, game, names, actors) -> None:
        """Make a new or loaded game the current one (a loaded one as after a reload: pass screen first)."""
        self.game = game
        self.names = names
        self.actors = actors
        self.undo_marks = []
        self.shown_player = None
        self.pending_battle = None
        self.pending_pass = None
        self.modal = None
        self.screen = "game"
        self._after_change(game.last_battle)  # a loaded game's last battle was already seen
        self.autosave()

    def _after_change(self, prev_battle) -> None:
        g = self.game
        if g.last_battle is not None and g.last_battle is not prev_battle:
            self.pending_battle = g.last_battle
        if g.decision is not None and g.decision.player != self.shown_player:
            self.pending_pass = g.decision.player
            self.undo_marks = []
        self.view = g.view(self.viewer())

    def apply(self, notation: str) -> None:
        g = self.game
        if g is None or self.overlay_pending() or g.decision is None:
            return
        t0 = time.perf_counter()
        before = self.view
        player = g.decision.player
        kind = g.decision.kind
        turn = g.turn
        prev_battle = g.last_battle
        log_len = len(g.log)
        try:
            g.apply(notation)
        except cc.IllegalAction as e:
            self.show_error(str(e))
            return
        self.actors = self.actors[:log_len] + [(player, kind)]
        self._after_change(prev_battle)
        self._update_undo(before, player, turn, log_len, notation, prev_battle)
        self.autosave()
        self.render()
        self.last_update_ms = (time.perf_counter() - t0) * 1000

    def _update_undo(self, before, player, turn, log_len, notation, prev_battle) -> None:
        g = self.game
        after = self.view
        safe = (
            not g.is_over and g.decision is not None and g.decision.player == player and g.turn == turn
            and g.decision.kind in SAFE_KINDS and g.setup.get("clans") is not None
            and not notation.startswith("play ") and g.last_battle is prev_battle
            and before is not None
            and [p["draw_count"] for p in before["players"]] == [p["draw_count"] for p in after["players"]]
            and before["players"][1 - player]["hand_count"] == after["players"][1 - player]["hand_count"]
            and before["crystal_row"] == after["crystal_row"]
            and before["crystal_deck_count"] == after["crystal_deck_count"]
            and bool(before.get("battle") and before["battle"]["revealed"]) ==
            bool(after.get("battle") and after["battle"]["revealed"])
        )
        if safe:
            self.undo_marks.append(log_len)
        else:
            self.undo_marks = []

    def undo(self) -> None:
        if not self.can_undo():
            return
        target = self.undo_marks.pop()
        g = self.game
        try:
            ng, actors = replay(g.setup, g.log[:target])
        except Exception as e:  # should not happen: our own log replays
            self.show_error(f"Undo failed: {e}")
            self.undo_marks = []
            return
        self.game = ng
        self.actors = actors
        self.view = ng.view(self.viewer())
        self.autosave()
        self.render()

    def autosave(self) -> None:
        if self.game is None:
            return
        meta = {"names": self.names, "summary": self.summary(), "saved_at": time.time()}
        if not self.storage.autosave(self.game.to_json(), meta):
            self.show_error("Could not autosave (browser storage is full or disabled).")
        self.autosave_meta = meta

    # ------------------------------------------------------------------ loading saves (pydantic, lazily)
    async def ensure_pydantic(self) -> None:
        if self.pydantic_ready:
            return
        import pyodide_js  # the Pyodide JS API: loadPackage resolves pydantic from the vendored lock

        await pyodide_js.loadPackage("pydantic")
        self.pydantic_ready = True

    def preload_pydantic(self) -> None:
        """Fetch + install the pydantic wheels in the background after ready (no import)."""
        if self._pydantic_task is None:
            self._pydantic_task = asyncio.ensure_future(self._preload())

    async def _preload(self):
        try:
            await self.ensure_pydantic()
        except Exception:
            pass

    async def load_text(self, text: str, names=None, source: str = "save") -> bool:
        self.busy = f"Loading the {source}…"
        self.render()
        try:
            await self.ensure_pydantic()
            game = cc.Game.from_json(text)
        except cc.SaveError as e:
            self.busy = ""
            self.show_error(f"Could not load the {source}: {e}")
            self.render()
            return False
        except Exception as e:  # anything else still must not corrupt the current state
            self.busy = ""
            self.show_error(f"Could not load the {source}: {e}")
            self.render()
            return False
        self.busy = ""
        if not names or len(names) != 2:
            names = default_names(self.words, game)
        try:
            _, actors = replay(game.setup, game.log) if game.setup.get("clans") else (None, [])
        except Exception:
            actors = []
        self.install(game, [str(n)[:24] for n in names], actors)
        self.clear_error()
        self.render()
        return True

    async def continue_game(self) -> None:
        text = self.storage.autosave_text()
        if text is None:
            self.show_error("There is no autosaved game.")
            return
        meta = self.storage.autosave_meta() or {}
        g = self.game
        if g is not None and g.to_json() == text:  # the game is still in memory: no need to replay it
            self.screen = "game"
            self.shown_player = None
            self._after_change(g.last_battle)
            self.render()
            return
        await self.load_text(text, meta.get("names"), "autosaved game")

    async def load_slot(self, name: str) -> None:
        slot = self.storage.slot(name)
        if not slot:
            self.show_error(f"There is no saved game called {name!r}.")
            return
        await self.load_text(slot["save"], slot.get("names"), f"save “{name}”")

    def save_slot(self, name: str) -> None:
        name = (name or "").strip()[:40] or self.default_slot_name()
        if self.game is None:
            return
        if self.storage.save_slot(name, self.game.to_json(), {"names": self.names, "summary": self.summary()}):
            self.flash(f"Saved as “{name}”.")
        else:
            self.show_error("Could not save (browser storage is full or disabled).")

    # ------------------------------------------------------------------ messages
    def show_error(self, msg: str) -> None:
        el = self.document.getElementById("error")
        el.textContent = msg
        el.className = "error"
        el.hidden = False

    def flash(self, msg: str) -> None:
        el = self.document.getElementById("error")
        el.textContent = msg
        el.className = "error info"
        el.hidden = False

    def clear_error(self) -> None:
        el = self.document.getElementById("error")
        el.hidden = True
        el.textContent = ""

    # ------------------------------------------------------------------ rendering
    def render(self) -> None:
        doc = self.document
        active = doc.activeElement
        focus_sel = None
        if active and str(active.tagName) != "BODY":
            for attr in ("data-action", "data-cmd", "id"):
                v = active.getAttribute(attr) if hasattr(active, "getAttribute") else None
                if v:
                    focus_sel = f'[{attr}="{v}"]'
                    break
        app_el = doc.getElementById("app")
        if self.screen == "start" or self.game is None:
            self.autosave_meta = self.storage.autosave_meta()
            app_el.innerHTML = render.start_screen(self)
            doc.getElementById("topnav").innerHTML = ""
            doc.body.dataset.screen = "start"
            modal = render.rules_modal() if self.modal == ("rules",) else ""
        else:
            app_el.innerHTML = render.game_screen(self)
            doc.getElementById("topnav").innerHTML = render.menu_html(self)
            doc.body.dataset.screen = "game"
            modal = ""
            if self.modal and not self.overlay_pending():
                if self.modal[0] == "card":
                    modal = render.card_details(self, self.modal[1])
                elif self.modal[0] == "discard":
                    modal = render.discard_modal(self, self.modal[1])
                elif self.modal[0] == "rules":
                    modal = render.rules_modal()
        if self.modal and self.modal[0] == "card" and self.screen == "start":
            modal = render.card_details(self, self.modal[1])
        doc.getElementById("modal").innerHTML = modal
        self._restore_focus(focus_sel)

    def _restore_focus(self, sel) -> None:
        doc = self.document
        target = None
        if self.modal:
            target = doc.querySelector("#modal .close") or None
        if not target:
            target = doc.querySelector("[data-autofocus]")
        if not target and sel:
            try:
                target = doc.querySelector(sel) or None
            except Exception:
                target = None
        ae = doc.activeElement
        if not target and (sel or not ae or str(ae.tagName) == "BODY" or not ae.isConnected):
            target = doc.querySelector(".action-bar .actions button")
        if target:
            try:
                target.focus(self.to_js({"preventScroll": True}) if self.to_js else None)
            except Exception:
                pass


def url_seed(query: str) -> int | None:
    """The seed=N parameter of a URL query string ("?seed=42&x=1"), or None."""
    for part in query.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        if key == "seed" and value.isdigit():
            return int(value) % (1 << 31)
    return None


def replay(setup: dict, log: list) -> tuple:
    """Our own (trusted) game from its setup and log, plus who made each move (no pydantic needed)."""
    g = cc.new_game(clans=tuple(setup["clans"]), seed=setup["seed"], first_player=setup.get("first_player"),
                    mulligan=bool(setup.get("mulligan")))
    actors = []
    for a in log:
        actors.append((g.decision.player, g.decision.kind) if g.decision is not None else None)
        g.apply(a)
    return g, actors


def default_names(words, game) -> list:
    clans = game.setup.get("clans") or ["", ""]
    names = [words.clan_name(c).replace(" Clan", "") or f"Player {i + 1}" for i, c in enumerate(clans)]
    if names[0] == names[1]:
        names = [names[0] + " 1", names[1] + " 2"]
    return names


def read_settings(document) -> dict:
    def val(i):
        el = document.getElementById(i)
        return str(el.value) if el else None

    names = []
    for i in (0, 1):
        n = (val(f"name-{i}") or "").strip()[:24] or f"Player {i + 1}"
        names.append(n)
    if names[0] == names[1]:
        names[1] += " (2)"
    clans = [val("clan-0"), val("clan-1")]
    first = val("first-player") or "random"
    if first not in ("random", "0", "1"):
        first = "random"
    mul = document.getElementById("mulligan")
    return {"names": names, "clans": clans, "first": first, "mulligan": bool(mul.checked) if mul else False}

