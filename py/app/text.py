"""Words for the UI: card/effect text from the card data's vocabulary, action labels, log sentences.

Pure Python (no js/pyscript imports) so it can be unit-tested under CPython.
"""
from __future__ import annotations

import re
from html import escape

TOKEN_RE = re.compile(r"^([a-z0-9_]+\.[a-z0-9_]+)(?:@([01]))?(?:#(\d+))?$")

STYLE_NAMES = {"bold": "Bold", "guarded": "Guarded", "tricky": "Tricky"}


class Words:
    """Card-set aware wording (unit, crystal and zone names; effect text)."""

    def __init__(self, cs):
        self.cs = cs
        raw = cs.raw
        self.prims = raw["vocabulary"]["primitives"]
        self.keywords = {k: v.get("en", k.title()) for k, v in raw["vocabulary"]["keywords"].items()}
        self.zone_names = {z["id"]: z["name"]["en"] for z in raw["board"]["zones"]}
        self.crystal_names = {c.id: c.name for c in cs.crystals}
        self.crystal_by_id = {c.id: c for c in cs.crystals}
        self.themes = {c["id"]: c.get("theme", "") for c in raw["clans"]}
        self.signature_rules = {c["id"]: (c["signature"]["name"]["en"]["value"] if isinstance(
            c["signature"]["name"]["en"], dict) else c["signature"]["name"]["en"], c["signature"].get("rules_en", ""))
            for c in raw["clans"]}
        self._effect_cache: dict = {}

    # ---------------------------------------------------------------- names
    def unit(self, uid: str):
        return self.cs.unit(uid)

    def unit_name(self, token: str) -> str:
        m = TOKEN_RE.match(token)
        if not m:
            return token
        uid = m.group(1)
        if uid in self.cs.unit_index:
            return self.cs.unit(uid).name
        if uid in self.crystal_names:
            return self.crystal_names[uid]
        return token

    def zone_name(self, zid: str, names=None) -> str:
        """Short zone label; home zones carry their owner's name."""
        if zid == "a_home":
            return f"{names[0]}'s home" if names else "Home A"
        if zid == "b_home":
            return f"{names[1]}'s home" if names else "Home B"
        n = self.zone_names.get(zid, zid)
        return n.replace(" zone", "")

    def clan_name(self, clan: str) -> str:
        return self.cs.clan_names.get(clan, clan)

    def keyword(self, k: str) -> str:
        return self.keywords.get(k, k.title())

    # ---------------------------------------------------------------- effects
    def effect_text(self, eff) -> str:
        key = (eff.op, tuple(sorted((k, repr(v)) for k, v in eff.params.items())))
        hit = self._effect_cache.get(key)
        if hit is not None:
            return hit
        prim = self.prims.get(eff.op) or {}
        tmpl = prim.get("render_en") or eff.op.replace("_", " ")
        params = {k: self._param(k, v) for k, v in eff.params.items()}
        try:
            text = tmpl.format_map(_Default(params))
        except (ValueError, IndexError):
            text = tmpl
        cond = eff.params.get("condition")
        if isinstance(cond, dict) and cond:
            text += " (" + self._condition(cond) + ")"
        self._effect_cache[key] = text
        return text

    def effects_text(self, effects) -> str:
        return " ".join(self.effect_text(e) for e in effects) if effects else "No effect."

    def _param(self, k, v) -> str:
        if isinstance(v, dict):
            parts = []
            for fk, fv in v.items():
                if fk == "any":
                    parts.append("any unit")
                elif fk == "keyword":
                    parts.append(self.keyword(fv) + " units")
                elif fk == "unit":
                    parts.append(self.unit_name(fv))
                elif fk == "units":
                    parts.append(", ".join(self.unit_name(x) for x in fv))
                elif fk == "self":
                    parts.append("this card")
                else:
                    parts.append(f"{fk} {fv}")
            return ", ".join(parts)
        if isinstance(v, list):
            return ", ".join(self._param(k, x) for x in v)
        s = str(v)
        if k == "per":
            return {"keyword_in_squad": "matching unit in the squad", "unit_in_squad": "unit in the squad",
                    "friendly_squad": "squad you control"}.get(s, s.replace("_", " "))
        if s.isupper() and s in self.keywords:
            return self.keyword(s)
        if s in self.zone_names:
            return self.zone_name(s)
        return s.replace("_", " ")

    def _condition(self, cond: dict) -> str:
        out = []
        for k, v in cond.items():
            if k == "all_in_squad_have":
                out.append(f"if every unit in the squad is {self.keyword(v)}")
            elif k == "other_in_squad_has":
                out.append(f"if another unit in the squad is {self.keyword(v)}")
            elif k == "zone_kind":
                out.append(f"in a {v} zone")
            else:
                out.append(f"{k.replace('_', ' ')}: {v}")
        return "; ".join(out)

    # ---------------------------------------------------------------- actions
    def pretty_arg(self, arg: str, names=None) -> str:
        a = str(arg)
        m = TOKEN_RE.match(a)
        if m:
            name = self.unit_name(m.group(1))
            if m.group(3):
                name += f" (#{m.group(3)})"
            if m.group(2) and names:
                name += f" of {names[int(m.group(2))]}"
            return name
        if a in self.zone_names:
            return self.zone_name(a, names)
        return a

    def action_label(self, notation: str, names=None) -> str:
        """A button label for an action, generic for any kind the engine adds."""
        kind, _, rest = notation.partition(" ")
        args = rest.split(" ") if rest else []
        verb = ACTION_VERBS.get(kind, kind.replace("_", " ").capitalize())
        if kind == "draw" and args:
            n = args[0]
            return "Draw no card" if n == "0" else f"Draw {n} card" + ("s" if n != "1" else "")
        if kind == "summon" and len(args) > 1:  # e.g. "summon skull.x from discard"
            return f"Summon {self.pretty_arg(args[0], names)} " + " ".join(args[1:])
        if kind == "activate" and args:
            label = f"Activate the squad in {self.pretty_arg(args[0], names)}"
            if len(args) > 2 and args[1] == "flip":
                label += f" (flip {self.pretty_arg(args[2], names)} to pay)"
            return label
        if not args:
            return verb
        return verb + " " + " ".join(self.pretty_arg(a, names) for a in args)

    def pretty_text(self, text: str, names=None) -> str:
        """Zone ids and card tokens inside a sentence (e.g. an engine prompt) as names."""
        return re.sub(r"[a-z0-9_]+\.[a-z0-9_]+(?:@[01])?(?:#\d+)?|\b[a-z]_[a-z]+\b",
                      lambda m: self.pretty_arg(m.group(0), names), text)


class _Default(dict):
    def __missing__(self, key):
        return "{" + key + "}"


ACTION_VERBS = {
    "summon": "Summon", "pick": "Add", "done": "Done", "cancel": "Cancel", "activate": "Activate",
    "move": "Move to", "stay": "Stay", "split": "Split the squad", "leave": "Leave behind", "battle": "Battle!",
    "play": "Play", "keep": "Keep", "place": "Place", "score": "Score", "replenish": "Replenish",
    "discard": "Discard", "invade": "Invade!", "return": "Return", "draw": "Draw", "skip": "Skip",
}

def h(s) -> str:
    return escape(str(s), quote=True)
