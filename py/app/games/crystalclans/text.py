"""Crystal Clans' words for the table: card/effect text from the card data's vocabulary, action labels,
prompts, zone, clan and card names in the player's language (`Words`).

Pure Python (no js/pyscript imports) so it can be unit-tested under CPython.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import lru_cache

from crystalclans.actions import read_token

from ...i18n import LOCALE_DIR, N_, _, ngettext


STYLE_NAMES = {"bold": N_("Bold"), "guarded": N_("Guarded"), "tricky": N_("Tricky")}


def style_name(style: str) -> str:
    return _(STYLE_NAMES[style]) if style in STYLE_NAMES else style


# The German card texts come from a Swiss edition (no ß); players in Germany and Austria read "ß". The card
# data keeps its source's spelling, the table shows the common one.
GERMAN_SPELLING = {"Gefäss": "Gefäß"}


# The card data's German zone names ("Westliches Kristallgebiet", "Heimatgebiet von Spieler A") are phrases
# that need an article and a declined adjective after a preposition ("im westlichen Kristallgebiet"), and the
# app's messages put a zone after one ("Trupp in {zone} aktivieren", "aus {zone}", "nach {zone}"). The app
# shows them as names, noun first, that read well after a bare preposition, as "in Halle 3" does: "Kampf in
# Kristallgebiet West", "nach Feld Ost (Seite B)"; the homes likewise ("Heimat A", "Heimat Anna": the
# catalog's "{name}'s home"). The card data keeps its source's wording.
GERMAN_ZONE_NAMES = {
    "c_west": "Kristallgebiet West", "c_center": "Kristallgebiet Mitte", "c_east": "Kristallgebiet Ost",
    "a_west": "Feld West (Seite A)", "a_east": "Feld Ost (Seite A)",
    "b_west": "Feld West (Seite B)", "b_east": "Feld Ost (Seite B)",
}


def _pick(field, lang: str, default: str = "") -> str:
    """A card-data text in `lang` ({"en": ..., "de": ...}, each a value or {"value": ...}), English if the
    set has none in that language."""
    if not isinstance(field, dict):
        return default if field is None else str(field)
    v = field.get(lang, field.get("en", default))
    text = v.get("value", default) if isinstance(v, dict) else v
    if lang == "de" and isinstance(text, str):
        for swiss, common in GERMAN_SPELLING.items():
            text = text.replace(swiss, common)
    return text


_HYPHENS = LOCALE_DIR / "hyphens.json"


@lru_cache(maxsize=1)
def _hyphenated_names() -> dict:
    try:
        return json.loads(_HYPHENS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Words:
    """Card-set aware wording in one language (unit, crystal and zone names; effect text): the card data's
    own German where it has it (names, unit types, ability and crystal texts, signatures, effect templates),
    the app's catalog for the rest."""

    def __init__(self, cs, lang: str = "en"):
        self.cs = cs
        self.lang = lang
        raw = cs.raw
        self.prims = raw["vocabulary"]["primitives"]
        self.keywords = {k: v.get(lang, v.get("en", k.title())) for k, v in raw["vocabulary"]["keywords"].items()}
        self.ranks = {k: v.get(lang, v["en"]) for k, v in raw["vocabulary"]["ranks"].items()}
        self.zone_names = {z["id"]: GERMAN_ZONE_NAMES.get(z["id"], _pick(z["name"], lang)) if lang == "de"
                           else _pick(z["name"], lang) for z in raw["board"]["zones"]}
        self.themes = {c["id"]: _(c["theme"]) if c.get("theme") else "" for c in raw["clans"]}
        self.clan_names = {c["id"]: _pick(c["name"], lang, c["id"]) for c in raw["clans"]}
        self.signature_rules = {c["id"]: (_pick(c["signature"]["name"], lang),
                                          c["signature"].get(f"rules_{lang}") or c["signature"].get("rules_en", ""))
                                for c in raw["clans"]}
        raw_units = {u["id"]: u for c in raw["clans"] for u in c["units"]}
        self.units = [self._unit(u, raw_units[u.id]) for u in cs.units]
        self._soft_names = _hyphenated_names().get(lang, {})
        # the names a "signature"/"special" effect's {id} stands for: the clan signature or the ability it is
        self.effect_ids = {c["signature"]["id"]: _pick(c["signature"]["name"], lang) for c in raw["clans"]}
        for u in self.units:
            for ab in u.abilities:
                for eff in ab.effects:
                    if eff.op in ("special", "signature") and eff.params.get("id") not in self.effect_ids:
                        self.effect_ids[eff.params["id"]] = ab.name
        self._unit_by_id = {u.id: u for u in self.units}
        raw_crystals = {c["id"]: c for c in raw["crystals"]}
        self.crystal_by_id = {c.id: self._crystal(c, raw_crystals[c.id]) for c in cs.crystals}
        self.crystal_names = {cid: c.name for cid, c in self.crystal_by_id.items()}
        self._effect_cache: dict = {}

    def _unit(self, u, src: dict):
        """The unit card `u` worded in this language from its card data `src`."""
        if self.lang == "en":
            return u
        abilities = {a["id"]: a for a in src.get("abilities", [])}
        return replace(u, name=_pick(src["name"], self.lang, u.name), abilities=tuple(
            replace(a, name=_pick(abilities[a.id]["name"], self.lang, a.name),
                    text=abilities[a.id].get(f"text_{self.lang}") or a.text) if a.id in abilities else a
            for a in u.abilities))

    def _crystal(self, c, src: dict):
        if self.lang == "en":
            return c
        return replace(c, name=_pick(src["name"], self.lang, c.name), text=src.get(f"text_{self.lang}") or c.text)

    @property
    def numbers(self) -> dict:
        """The rules' numbers of this card set (the short rules and the reference quote them)."""
        from .rules import card_numbers

        return card_numbers(self.cs)

    # ---------------------------------------------------------------- names
    def unit(self, uid: str):
        return self._unit_by_id[uid]

    def card_title(self, u) -> str:
        """u's name as a card head shows it: with soft hyphens where a long word may break (build.py i18n)."""
        return self._soft_names.get(u.name, u.name)

    def unit_name(self, token: str) -> str:
        uid = read_token(token)[0]
        if uid in self._unit_by_id:
            return self._unit_by_id[uid].name
        if uid in self.crystal_names:
            return self.crystal_names[uid]
        return token

    def zone_name(self, zid: str, names=None) -> str:
        """Short zone label; home zones carry their owner's name."""
        if zid in ("a_home", "b_home"):
            i = 0 if zid == "a_home" else 1
            return _("{name}'s home").format(name=names[i]) if names else (_("Home A") if i == 0 else _("Home B"))
        n = self.zone_names.get(zid, zid)
        return n.replace(" zone", "")

    def ability_name(self, uid: str, english: str) -> str:
        """An ability's name in this language, from its English name (the engine's story names it so)."""
        if uid in self._unit_by_id:
            for a, loc in zip(self.cs.unit(uid).abilities, self._unit_by_id[uid].abilities):
                if a.name == english:
                    return loc.name
        return english

    def clan_name(self, clan: str) -> str:
        return self.clan_names.get(clan, clan)

    def rank(self, rank: str) -> str:
        return self.ranks.get(rank, rank)

    def keyword(self, k: str) -> str:
        return self.keywords.get(k, k.title())

    # ---------------------------------------------------------------- effects
    def effect_text(self, eff) -> str:
        key = (eff.op, tuple(sorted((k, repr(v)) for k, v in eff.params.items())))
        hit = self._effect_cache.get(key)
        if hit is not None:
            return hit
        prim = self.prims.get(eff.op) or {}
        tmpl = prim.get(f"render_{self.lang}") or prim.get("render_en") or eff.op.replace("_", " ")
        if prim.get("render_count") and eff.params.get(prim["render_count"]) == 1:  # "a card", not "1 card(s)"
            tmpl = prim.get(f"render_{self.lang}_one") or prim.get("render_en_one") or tmpl
        params = {k: self._param(k, v) for k, v in eff.params.items()}
        if eff.op in ("special", "signature") and eff.params.get("id") in self.effect_ids:
            params["id"] = self.effect_ids[eff.params["id"]]
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
        return " ".join(self.effect_text(e) for e in effects) if effects else _("No effect.")

    def _param(self, k, v) -> str:
        if isinstance(v, dict):
            parts = []
            for fk, fv in v.items():
                if fk == "any":
                    parts.append(_("any unit"))
                elif fk == "keyword":
                    parts.append(_("{type} units").format(type=self.keyword(fv)))
                elif fk == "unit":
                    parts.append(self.unit_name(fv))
                elif fk == "units":
                    parts.append(", ".join(self.unit_name(x) for x in fv))
                elif fk == "self":
                    parts.append(_("this card"))
                else:
                    parts.append(f"{fk} {fv}")
            return ", ".join(parts)
        if isinstance(v, list):
            return ", ".join(self._param(k, x) for x in v)
        s = str(v)
        if k == "per":
            per = PARAM_WORDS.get(s)
            return _(per) if per else s.replace("_", " ")
        if s.isupper() and s in self.keywords:
            return self.keyword(s)
        if s in self.zone_names:
            return self.zone_name(s)
        if s in PARAM_WORDS:
            return _(PARAM_WORDS[s])
        return s.replace("_", " ")

    def _condition(self, cond: dict) -> str:
        out = []
        for k, v in cond.items():
            if k == "all_in_squad_have":
                out.append(_("if every unit in the squad is {type}").format(type=self.keyword(v)))
            elif k == "other_in_squad_has":
                out.append(_("if another unit in the squad is {type}").format(type=self.keyword(v)))
            elif k == "zone_kind":
                out.append({"home": _("in a home zone"), "crystal": _("in a crystal zone"),
                            "neutral": _("in a neutral zone")}.get(v, str(v)))
            elif k == "if_previous":
                out.append(_("if you did"))
            elif k == "supported_squad_wiped":
                out.append(_("if the supported squad was wiped out"))
            else:
                out.append(f"{k.replace('_', ' ')}: {v}")
        return "; ".join(out)

    # ---------------------------------------------------------------- actions
    def pretty_arg(self, arg: str, names=None) -> str:
        """A notation argument in words: a card (with its squad position and owner), an ability, a zone."""
        a = str(arg)
        uid, owner, pos = read_token(a)
        unit_id, _dot, ability = uid.rpartition(".")
        if unit_id in self._unit_by_id:  # an ability: its unit's id and its own name
            u = self._unit_by_id[unit_id]
            names_of = {x.id: x.name for x in u.abilities}
            return _("{ability} of {card}").format(ability=names_of.get(uid, ability.replace("_", " ")), card=u.name)
        if uid in self._unit_by_id or uid in self.crystal_names:
            name = self.unit_name(uid)
            if pos is not None:
                name += f" (#{pos + 1})"
            if owner is not None and names:
                name = _("{card} of {player}").format(card=name, player=names[owner])
            return name
        if a in self.zone_names:
            return self.zone_name(a, names)
        return a

    def action_label(self, notation: str, names=None) -> str:
        """A button label for an action, from its kind and arguments; generic for any kind the engine adds."""
        kind, _sep, rest = notation.partition(" ")
        args = rest.split(" ") if rest else []
        arg = (lambda i: self.pretty_arg(args[i], names) if i < len(args) else "")
        if kind == "draw" and args:
            n = args[0]
            return _("Draw no card") if n == "0" else ngettext("Draw {n} card", "Draw {n} cards", int(n)).format(n=n)
        if kind in ("summon", "pick") and args:
            tail = args[1:]
            if tail[:2] == ["from", "discard"]:
                label = (_("Summon {card} from the discard pile") if kind == "summon" else
                         _("Add {card} from the discard pile")).format(card=arg(0))
                tail = tail[2:]
            else:
                label = (_("Summon {card}") if kind == "summon" else _("Add {card}")).format(card=arg(0))
            if tail[:1] == ["flip"] and len(tail) > 1:
                label += " " + _("(flip {crystal} to pay)").format(crystal=self.pretty_arg(tail[1], names))
            elif tail[:1] == ["shift"] and len(tail) > 1:
                label += " " + _("(Shift to {zone})").format(zone=self.pretty_arg(tail[1], names))
            return label
        if kind == "activate" and args:
            if len(args) > 2 and args[1] == "flip":
                return _("Activate the squad in {zone} (flip {crystal} to pay)").format(zone=arg(0), crystal=arg(2))
            return _("Activate the squad in {zone}").format(zone=arg(0))
        if kind == "zone" and args:
            return (_("To {zone} (Shift)") if args[1:] == ["shift"] else _("To {zone}")).format(zone=arg(0))
        if kind == "place" and len(args) == 2:
            return _("Place the squad in {origin} into {target}").format(origin=arg(0), target=arg(1))
        if kind == "send" and args:
            whose = {"enemy": _(" (enemy)"), "own": _(" (your own)")}.get(args[1] if len(args) > 1 else "", "")
            return _("Send {card} home").format(card=arg(0)) + whose
        if kind == "damage" and args:
            return _("Damage from the top") if args[0] == "top" else _("Damage from the bottom")
        if kind in ("boost", "predict") and args:
            what = style_name(args[0]) if kind == "predict" else _(PARAM_WORDS.get(args[0], args[0]))
            return (_("Predict: {style}") if kind == "predict" else _("Boost: {stat}")).format(style=what, stat=what)
        if kind in ACTION_TEMPLATES and args:
            return _(ACTION_TEMPLATES[kind]).format(card=arg(0))
        verb = _(ACTION_VERBS[kind]) if kind in ACTION_VERBS else kind.replace("_", " ").capitalize()
        if not args:
            return verb
        return _("{verb} {what}").format(verb=verb, what=" ".join(self.pretty_arg(a, names) for a in args))

    def prompt(self, d: dict, names=None) -> str:
        """What a decision asks, in the player's language, from its kind and info (the engine's own prompt,
        English, only for a kind this table does not know yet)."""
        info = d.get("info") or {}
        kind = d.get("kind")
        zone = self.zone_name(info["zone"], names) if info.get("zone") in self.zone_names else ""
        n = info.get("left", 1)
        if kind == "recover":
            return (ngettext("Return up to {n} card from your discard pile to your hand",
                             "Return up to {n} cards from your discard pile to your hand", n) if info.get("to") == "hand"
                    else ngettext("Return up to {n} card from your discard pile to the top of your draw pile",
                                  "Return up to {n} cards from your discard pile to the top of your draw pile", n)).format(n=n)
        if kind == "summon_free":
            return ngettext("You may summon up to {n} unit for free", "You may summon up to {n} units for free", n).format(n=n)
        if kind == "send_home":
            return (_("Send a unit in {zone} to its home zone").format(zone=zone) +
                    (_(" (paying its activation cost)") if info.get("pay") else "") +
                    (_(", or skip") if info.get("optional") else ""))
        if kind == "scry_opponent":
            return _(PROMPTS["scry_opponent_seen"] if info.get("seen") else PROMPTS["scry_opponent"])
        if kind == "scry_take":
            k = info.get("looking_at", 1)
            return ngettext("You look at the top card of your draw pile: take it into your hand",
                            "You look at the top {n} cards of your draw pile: take one into your hand", k).format(n=k)
        if kind == "scry_order":
            return _("Put the looked-at cards back: choose card {n} from the top (or keep the order)").format(
                n=info.get("position", 1))
        if kind == "move":
            return (_("Move the split-off units to") if info.get("split_off") else
                    _("Move your squad from {zone}? (or split it, or stay)").format(zone=zone))
        if kind == "battle":
            return _("Battle the enemy squad in {zone}?").format(zone=zone)
        if kind == "replenish":
            return _("Free replenish: choose cards to discard, then done") if info.get("free") else \
                _("Replenish: choose cards to discard, then done")
        if kind == "draw":
            m, left = info.get("max", 1), info.get("draw_pile", 0)
            return ngettext("Draw up to {n} card ({left} left in your draw pile)",
                            "Draw up to {n} cards ({left} left in your draw pile)", m).format(n=m, left=left)
        if kind in ("destroy", "remove", "reorder"):
            own = info.get("controller", d.get("player")) == d.get("player")
            if kind == "reorder":
                pos = int(info.get("position", 0))
                if own:  # asked after most activations: short, keeping first
                    return (_("Keep the order of your squad in {zone}, or choose its top unit") if pos == 0 else
                            _("Keep the rest of your squad in {zone} in order, or choose unit {n}")).format(
                        zone=zone, n=pos + 1)
                which = _("Reorder the enemy squad in {zone}").format(zone=zone)
                slot = _("choose the unit for the top") if pos == 0 else \
                    _("choose the unit for position {n}").format(n=pos + 1)
                return _("{what}: {how}, or keep the order").format(what=which, how=slot)
            if kind == "destroy":
                return _("Choose a unit of your squad to destroy") if own else _("Choose a unit of the enemy squad to destroy")
            return (_("Choose a unit of your squad to remove from the game") if own
                    else _("Choose a unit of the enemy squad to remove from the game"))
        if kind == "trim":
            size, limit = info.get("size", 0), info.get("limit", 3)
            return ngettext("Your squad in {zone} has {n} unit; discard down to {limit}",
                            "Your squad in {zone} has {n} units; discard down to {limit}", size).format(
                zone=zone, n=size, limit=limit)
        if kind == "sacrifice":
            from crystalclans.abilities.skull import SACRIFICE_BOOST
            return _("Sacrifice: your squad gets +{n} attack or +{n} defense in this battle").format(n=SACRIFICE_BOOST)
        if kind in PROMPTS:
            return _(PROMPTS[kind])
        return self.pretty_text(d.get("prompt", ""), names)

    def pretty_text(self, text: str, names=None) -> str:
        """Zone ids and card tokens inside a sentence (e.g. an engine prompt) as names."""
        return re.sub(r"[a-z0-9_]+\.[a-z0-9_]+(?:@[01])?(?:#\d+)?|\b[a-z]_[a-z]+\b",
                      lambda m: self.pretty_arg(m.group(0), names), text)


class _Default(dict):
    def __missing__(self, key):
        return "{" + key + "}"


# the verb of an action the branches and ACTION_TEMPLATES of action_label do not word (mostly no arguments)
ACTION_VERBS = {
    "look": N_("Look"), "done": N_("Done"), "cancel": N_("Cancel"), "move": N_("Move to"), "stay": N_("Stay"),
    "split": N_("Split the squad"), "battle": N_("Battle!"), "keep": N_("Keep"), "place": N_("Place"),
    "replenish": N_("Replenish"), "discard": N_("Discard"), "invade": N_("Invade!"), "draw": N_("Draw"),
    "skip": N_("Skip"),
}
PROMPTS = {
    "summon_zone": N_("Summon: choose the zone the units go to"),
    "summon": N_("Summon: pick more units (up to 3) or done"),
    "battle_card": N_("Choose your battle card (secret)"),
    "keep": N_("Keep your battle card in hand instead of discarding it?"),
    "damage_direction": N_("Your damage enters the enemy squad at its top or its bottom unit"),
    "battle_start": N_("Battle start: use an ability or a crystal (flip it facedown, or remove it from the game), then done"),
    "foresight": N_("Foresight: secretly predict the style of your opponent's battle card"),
    "order_triggers": N_("Effects trigger at the same time: choose which resolves next"),
    "look": N_("You see your opponent's hand"),
    "scry_opponent": N_("You may look at the top of your opponent's draw pile"),
    "scry_opponent_seen": N_("The top of your opponent's draw pile: discard any of these, then done"),
    "opponent_discard": N_("Choose a card from your opponent's hand; she discards it"),
    "place_squad": N_("You may place one of your squads in an adjacent zone"),
    "mulligan": N_("Mulligan: choose cards to shuffle back into your draw pile, then done"),
    "action": N_("Choose an action"),
    "split": N_("Split: choose units that stay behind, then done"),
    "free_score": N_("Your opponent reshuffled: score a crystal for free"),
    "spy": N_("Spy: put one card of your opponent's hand on top of or beneath her draw pile"),
    "gravebind": N_("Gravebind: you may put an enemy common unit destroyed in this battle at the bottom of your squad"),
}
# one-card actions: "{card}" is the card (or ability) the action names
ACTION_TEMPLATES = {
    "bind": N_("Bind {card}"), "top": N_("On top of the pile: {card}"), "bottom": N_("Beneath the pile: {card}"),
    "destroy": N_("Destroy {card}"), "remove": N_("Remove {card} from the game"), "first": N_("Next from the top: {card}"),
    "flip": N_("Flip {card}"), "use": N_("Use {card}"), "resolve": N_("Resolve {card}"), "take": N_("Take {card}"),
    "discard": N_("Discard {card}"), "leave": N_("Leave {card} behind"), "play": N_("Play {card}"),
    "recover": N_("Return {card}"), "return": N_("Return {card}"), "score": N_("Score {card}"),
    "keep": N_("Keep {card}"),
}
# words the card data's effect templates take as parameters ({per}, {stat}, {whose}, {to}, {action}...)
PARAM_WORDS = {
    "keyword_in_squad": N_("matching unit in the squad"), "unit_in_squad": N_("unit in the squad"),
    "friendly_squad": N_("squad you control"), "attack": N_("attack"), "defense": N_("defense"),
    "enemy": N_("enemy"), "any": N_("any"), "unit": N_("unit"), "squad": N_("squad"), "hand": N_("hand"),
    "draw_top": N_("draw top"), "replenish": N_("replenish"), "controlled_crystal": N_("controlled crystal"),
    "this_squad": N_("this squad"),
}
