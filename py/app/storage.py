"""Saves in localStorage: the autosave (exactly game.to_json()) plus its metadata, and named slots.

A storage that is missing or full (private mode, quota) never breaks the game: writes fail quietly and
the caller may show a message.
"""
from __future__ import annotations

import json
import time

AUTOSAVE = "crystalclans.autosave"
AUTOSAVE_META = "crystalclans.autosave.meta"
SLOTS = "crystalclans.slots"


class Storage:
    def __init__(self, local_storage):
        self.ls = local_storage  # window.localStorage (or a dict-like stand-in in tests)

    def _get(self, key):
        try:
            v = self.ls.getItem(key)
        except Exception:
            return None
        # a missing key is JS null (pyodide's jsnull in recent versions, not None): only strings count
        return v if isinstance(v, str) else None

    def _set(self, key, value) -> bool:
        try:
            self.ls.setItem(key, value)
            return True
        except Exception:
            return False

    # ---------------------------------------------------------------- autosave
    def autosave(self, save_json: str, meta: dict) -> bool:
        ok = self._set(AUTOSAVE, save_json)
        return self._set(AUTOSAVE_META, json.dumps(meta)) and ok

    def autosave_text(self):
        return self._get(AUTOSAVE)

    def autosave_meta(self):
        if self._get(AUTOSAVE) is None:
            return None
        try:
            meta = json.loads(self._get(AUTOSAVE_META) or "{}")
        except ValueError:
            meta = {}
        return meta if isinstance(meta, dict) else {}

    def clear_autosave(self) -> None:
        try:
            self.ls.removeItem(AUTOSAVE)
            self.ls.removeItem(AUTOSAVE_META)
        except Exception:
            pass

    # ---------------------------------------------------------------- slots
    def _slots(self) -> dict:
        try:
            d = json.loads(self._get(SLOTS) or "{}")
        except ValueError:
            return {}
        return d if isinstance(d, dict) else {}

    def slots(self) -> list:
        """[(name, {"save", "names", "summary", "saved_at"})], newest first."""
        d = self._slots()
        items = [(k, v) for k, v in d.items() if isinstance(v, dict) and isinstance(v.get("save"), str)]
        items.sort(key=lambda kv: -float(kv[1].get("saved_at", 0) or 0))
        return items

    def save_slot(self, name: str, save_json: str, meta: dict) -> bool:
        d = self._slots()
        d[name] = dict(meta, save=save_json, saved_at=time.time())
        return self._set(SLOTS, json.dumps(d))

    def slot(self, name: str):
        return self._slots().get(name)

    def delete_slot(self, name: str) -> None:
        d = self._slots()
        d.pop(name, None)
        self._set(SLOTS, json.dumps(d))
