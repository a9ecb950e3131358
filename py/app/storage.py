"""Saves in localStorage: the autosave (exactly game.to_json(names=...)) plus its metadata, and named slots.

Storage is outside our control, so nothing in it may break the page: site data can be blocked (then even
reading `window.localStorage` throws SecurityError), the quota can be full, and what is stored can be
damaged (by an old version, an extension, a person with developer tools). The game always starts and plays;
`problem` says why saving is off (shown on every screen), and damaged slots are skipped and listed in
`damaged` so the start screen can report them and offer to remove them.
"""
from __future__ import annotations

import json
import math
import time

from .games import jsontext

from .i18n import N_

AUTOSAVE = "crystalclans.autosave"
AUTOSAVE_META = "crystalclans.autosave.meta"
SLOTS = "crystalclans.slots"
ICE_SERVERS = "crystalclans.ice_servers"  # the player's STUN/TURN lines for links across the internet
PUBLIC_HELP = "crystalclans.public_help"  # {"relays": bool, "stun": bool}: public relays and STUN servers (web/js/relay.js reads it too)
LANGUAGE = "crystalclans.lang"
NOTIFY = "crystalclans.notify"  # "on" or "off": the player's answer on turn notifications (web/js/shell.js keeps it)
NEW_GAME = "crystalclans.new_game"  # the start screen's last choices (names, clans, seats, first, mulligan)
MAX_STORED_CHARS = 50_000_000  # more than any browser's quota for a page

BLOCKED = N_("Saving is off: this browser blocks storage for this page (cookies and site data are blocked), "
           "so games are not kept when you close it. Export a game to keep it, or allow site data and reload.")
FULL = N_("Saving failed: this browser's storage for the page is full. Delete saved games you no longer need, "
        "or export this game to a file.")


class Storage:
    def __init__(self, local_storage, problem: str = ""):
        self.ls = local_storage  # window.localStorage (or a dict-like stand-in in tests); None when blocked
        self.problem = problem  # "" while saving works, else BLOCKED or FULL
        self.damaged: list[str] = []  # slot names skipped by the last slots() because they were damaged

    @classmethod
    def open(cls, window) -> "Storage":
        """The page's storage; with site data blocked, a Storage that keeps nothing and says why."""
        try:
            ls = window.localStorage
            ls.getItem(AUTOSAVE)
        except Exception:
            return cls(None, BLOCKED)
        if ls is None or not hasattr(ls, "getItem"):
            return cls(None, BLOCKED)
        return cls(ls)

    def _get(self, key):
        if self.ls is None:
            return None
        try:
            v = self.ls.getItem(key)
        except Exception:
            return None
        # a missing key is JS null (pyodide's jsnull in recent versions, not None): only strings count
        return v if isinstance(v, str) else None

    def _set(self, key, value) -> bool:
        if self.ls is None:
            return False
        try:
            self.ls.setItem(key, value)
        except Exception:
            self.problem = FULL
            return False
        if self.problem == FULL:
            self.problem = ""
        return True

    def _json(self, key) -> dict:
        try:  # depth-checked first: deeply nested text would exhaust Pyodide's stack and kill the runtime
            d = jsontext.loads(self._get(key) or "{}", MAX_STORED_CHARS, 16)
        except ValueError:
            return {}
        return d if isinstance(d, dict) else {}

    def ice_servers_text(self) -> str:
        return (self._get(ICE_SERVERS) or "")[:2000]

    def set_ice_servers_text(self, text: str) -> bool:
        return self._set(ICE_SERVERS, text[:2000])

    def public_help(self) -> dict:
        """Whether links may use public relays (to meet) and public STUN servers (to cross home routers):
        both on unless the player turned them off here."""
        d = self._json(PUBLIC_HELP)
        return {k: d.get(k) is not False for k in ("relays", "stun")}

    def set_public_help(self, relays: bool, stun: bool) -> bool:
        return self._set(PUBLIC_HELP, json.dumps({"relays": bool(relays), "stun": bool(stun)}))

    def notify_choice(self) -> str:
        """The player's answer on turn notifications: "on", "off", or "" before any answer."""
        v = self._get(NOTIFY)
        return v if v in ("on", "off") else ""

    def language(self) -> str:
        """The language the player chose here ("" before any choice: then the browser's decides)."""
        return (self._get(LANGUAGE) or "")[:8]

    def set_language(self, code: str) -> bool:
        return self._set(LANGUAGE, code[:8])

    def new_game_settings(self) -> dict:
        """The start screen's last choices as stored (settings.clean_settings checks them)."""
        return self._json(NEW_GAME)

    def set_new_game_settings(self, settings: dict) -> bool:
        return self._set(NEW_GAME, json.dumps(settings)[:4000])

    # ---------------------------------------------------------------- autosave
    def autosave(self, save_json: str, meta: dict) -> bool:
        ok = self._set(AUTOSAVE, save_json)
        return ok and self._set(AUTOSAVE_META, json.dumps(meta))

    def autosave_text(self):
        return self._get(AUTOSAVE)

    def autosave_meta(self):
        if self._get(AUTOSAVE) is None:
            return None
        meta = self._json(AUTOSAVE_META)
        return {k: v for k, v in meta.items() if _well_formed(k, v)}

    def clear_autosave(self) -> None:
        try:
            self.ls.removeItem(AUTOSAVE)
            self.ls.removeItem(AUTOSAVE_META)
        except Exception:
            pass

    # ---------------------------------------------------------------- slots
    def slots(self) -> list:
        """[(name, {"save", "names", "seats", "summary", "saved_at"})], newest first; damaged entries are
        left out and their names kept in `damaged`."""
        items, self.damaged = [], []
        for name, v in self._json(SLOTS).items():
            if isinstance(v, dict) and isinstance(v.get("save"), str) and all(_well_formed(k, x) for k, x in v.items()):
                items.append((name, v))
            else:
                self.damaged.append(name)
        items.sort(key=lambda kv: -kv[1].get("saved_at", 0))
        return items

    def save_slot(self, name: str, save_json: str, meta: dict) -> bool:
        d = self._json(SLOTS)
        d[name] = dict(meta, save=save_json, saved_at=time.time())
        return self._set(SLOTS, json.dumps(d))

    def slot(self, name: str):
        return dict(self.slots()).get(name)

    def delete_slot(self, name: str) -> None:
        d = self._json(SLOTS)
        d.pop(name, None)
        self._set(SLOTS, json.dumps(d))

    def drop_damaged(self) -> int:
        """Remove the damaged slots; how many there were."""
        self.slots()
        d = self._json(SLOTS)
        for name in self.damaged:
            d.pop(name, None)
        n = len(self.damaged)
        if n:
            self._set(SLOTS, json.dumps(d))
            self.damaged = []
        return n


def _well_formed(key: str, v) -> bool:
    """A stored metadata field has the type this version writes (anything else marks the entry damaged)."""
    if key == "saved_at":
        return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if key in ("names", "seats"):  # two to four seats (a Tash-Kalar Melee or Team game, Wildlands)
        return isinstance(v, list) and 2 <= len(v) <= 4 and all(isinstance(x, str) for x in v)
    if key in ("summary", "save"):
        return isinstance(v, str)
    if key == "over":
        return isinstance(v, bool)
    if key == "online":  # an online game's seat on this page, and the relays' room where its pages meet again;
        # three or four players: a guest's key to its seat, or the host's of every guest's seat
        return (isinstance(v, dict) and type(v.get("seat")) is int and v["seat"] in (0, 1, 2, 3)
                and (v.get("room") is None or (isinstance(v["room"], str) and len(v["room"]) <= 64))
                and (v.get("key") is None or (isinstance(v["key"], str) and len(v["key"]) <= 32))
                and (v.get("keys") is None or (isinstance(v["keys"], list) and len(v["keys"]) <= 4
                                               and all(isinstance(k, str) and len(k) <= 32 for k in v["keys"]))))
    return True
