"""The card set at run time: plain, slotted definitions compiled from the shipped JSON.

The JSON keeps every field's provenance ({value, tag, conf?, src?, note?}); the engine reads the values
here, and `provenance()` gives the app the tags. Untrusted card files are validated first by the pydantic
models in `cards.py`; the shipped file is validated by the test suite, so loading it needs no pydantic.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from gamecore import jsontext
from gamecore.jsontext import canonical_hash as card_set_hash

DATA_DIR = Path(__file__).resolve().parent / "data"
BASE_SET_FILE = DATA_DIR / "base_set.json"

STYLES = ("bold", "guarded", "tricky")
BEATS = {"bold": "guarded", "guarded": "tricky", "tricky": "bold"}
PROVENANCE_KEYS = ("tag", "conf", "src", "note")


def value(tv: Any) -> Any:
    """The value of a tagged value ({value, tag, ...}); plain values pass through."""
    if isinstance(tv, dict) and "value" in tv and "tag" in tv:
        return tv["value"]
    return tv


@dataclass(frozen=True, slots=True)
class Effect:
    """One primitive of an effect list: op plus plain parameters (provenance stripped)."""

    op: str
    params: dict

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True)
class AbilityDef:
    id: str
    name: str
    battlefield: bool
    trigger: str
    params: dict
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class UnitDef:
    kind: int
    id: str
    clan: str
    name: str
    rank: str
    keywords: frozenset
    copies: int
    summon: int
    attack: int
    defense: int
    activation: int
    has_signature: bool
    abilities: tuple[AbilityDef, ...]
    style: str
    left: tuple[Effect, ...]
    right: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class CrystalDef:
    index: int
    id: str
    name: str
    cost: int
    trigger: str
    params: dict
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Board:
    zone_ids: tuple[str, ...]
    zone_index: dict
    kinds: tuple[str, ...]
    adjacency: tuple[tuple[int, ...], ...]
    homes: tuple[int, int]  # home zone of player 0 (seat A) and player 1 (seat B)
    crystal_zones: tuple[int, ...]
    grid: dict  # zone id -> {"row": r, "col": c}


@dataclass(slots=True)
class CardSet:
    id: str
    version: str
    hash: str
    raw: dict = field(repr=False)
    units: tuple[UnitDef, ...]
    unit_index: dict  # unit id -> kind
    clans: dict  # clan id -> tuple of kinds (in file order)
    clan_names: dict
    signatures: dict  # clan id -> signature id
    crystals: tuple[CrystalDef, ...]
    crystal_index: dict
    board: Board
    track: int  # spaces per side
    neutral: int  # neutral spaces reach this far from 0 on each side
    start: int
    replenish_cost: int
    invade_cost: int
    squad_limit: int
    summon_max: int
    opening_hand: int
    second_player_extra: int
    hand_size: int
    crystals_to_win: int
    face_up: int
    deck_size: int

    def unit(self, unit_id: str) -> UnitDef:
        return self.units[self.unit_index[unit_id]]

    def deck(self, clan: str) -> list[int]:
        """The kinds of a clan's deck, one entry per copy, in file order."""
        out: list[int] = []
        for kind in self.clans[clan]:
            out.extend([kind] * self.units[kind].copies)
        return out

    def provenance(self, card_id: str) -> dict:
        """Every tagged field of a unit or crystal with its provenance (for the card details view)."""
        for clan in self.raw["clans"]:
            for u in clan["units"]:
                if u["id"] == card_id:
                    return _provenance_of(u)
        for c in self.raw["crystals"]:
            if c["id"] == card_id:
                return _provenance_of(c)
        raise KeyError(card_id)


def _provenance_of(node: dict) -> dict:
    out: dict = {}

    def walk(obj: Any, path: str) -> None:
        if isinstance(obj, dict):
            if "tag" in obj and ("value" in obj or "op" in obj):
                out[path] = {k: obj[k] for k in ("value", *PROVENANCE_KEYS) if k in obj}
            for k, v in obj.items():
                if k not in ("value",) + PROVENANCE_KEYS:
                    walk(v, f"{path}.{k}" if path else k)
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, f"{path}[{i}]")

    walk(node, "")
    return out


def _effects(items: list | None) -> tuple[Effect, ...]:
    out = []
    for item in items or ():
        params = {k: value(v) for k, v in item.items() if k not in ("op",) + PROVENANCE_KEYS}
        out.append(Effect(item["op"], params))
    return tuple(out)


def _en(name: Any) -> str:
    if isinstance(name, dict) and "en" in name:
        return str(value(name["en"]))
    return str(value(name))


def compile_card_set(doc: dict) -> CardSet:
    """Build the run-time card set from a (validated) card-set document."""
    units: list[UnitDef] = []
    unit_index: dict[str, int] = {}
    clans: dict[str, tuple[int, ...]] = {}
    clan_names: dict[str, str] = {}
    signatures: dict[str, str] = {}
    for clan in doc["clans"]:
        kinds = []
        signatures[clan["id"]] = clan["signature"]["id"]
        clan_names[clan["id"]] = _en(clan["name"])
        for u in clan["units"]:
            kind = len(units)
            abilities = tuple(
                AbilityDef(
                    id=a["id"],
                    name=_en(a["name"]),
                    battlefield=bool(value(a.get("battlefield", False))),
                    trigger=a["trigger"],
                    params={k: value(v) for k, v in (a.get("params") or {}).items()},
                    effects=_effects(a.get("effects")),
                    text=a.get("text_en", ""),
                )
                for a in u.get("abilities") or ()
            )
            battle = u["battle"]
            units.append(
                UnitDef(
                    kind=kind,
                    id=u["id"],
                    clan=clan["id"],
                    name=_en(u["name"]),
                    rank=value(u["rank"]),
                    keywords=frozenset(value(u["keywords"])),
                    copies=int(value(u["copies"])),
                    summon=int(value(u["summon"])),
                    attack=int(value(u["attack"])),
                    defense=int(value(u["defense"])),
                    activation=int(value(u["activation"])),
                    has_signature=bool(value(u["has_signature"])),
                    abilities=abilities,
                    style=value(battle["style"]),
                    left=_effects(battle.get("left")),
                    right=_effects(battle.get("right")),
                )
            )
            unit_index[u["id"]] = kind
            kinds.append(kind)
        clans[clan["id"]] = tuple(kinds)

    crystals = tuple(
        CrystalDef(
            index=i,
            id=c["id"],
            name=_en(c["name"]),
            cost=int(value(c["cost"])),
            trigger=c["trigger"],
            params={k: value(v) for k, v in (c.get("params") or {}).items()},
            effects=_effects(c.get("effects")),
            text=c.get("text_en", ""),
        )
        for i, c in enumerate(doc["crystals"])
    )

    b = doc["board"]
    zones = b["zones"]
    zone_ids = tuple(z["id"] for z in zones)
    zindex = {z: i for i, z in enumerate(zone_ids)}
    homes = {z.get("owner"): zindex[z["id"]] for z in zones if z["kind"] == "home"}
    board = Board(
        zone_ids=zone_ids,
        zone_index=zindex,
        kinds=tuple(z["kind"] for z in zones),
        adjacency=tuple(tuple(zindex[n] for n in b["adjacency"][z]) for z in zone_ids),
        homes=(homes["A"], homes["B"]),
        crystal_zones=tuple(i for i, z in enumerate(zones) if z["kind"] == "crystal"),
        grid={z["id"]: dict(z["grid"]) for z in zones},
    )

    ini = doc["initiative"]
    rules = doc["rules"]
    neutral = value(ini["neutral_spaces"])
    meta = doc["meta"]
    return CardSet(
        id=f"{meta['title']}@{meta['version']}",
        version=str(meta["version"]),
        hash=card_set_hash(doc),
        raw=doc,
        units=tuple(units),
        unit_index=unit_index,
        clans=clans,
        clan_names=clan_names,
        signatures=signatures,
        crystals=crystals,
        crystal_index={c.id: c.index for c in crystals},
        board=board,
        track=int(value(ini["spaces_per_side"])),
        neutral=max(abs(int(n)) for n in neutral),
        start=int(value(ini["start"])),
        replenish_cost=int(value(ini["fixed_costs"]["replenish"])),
        invade_cost=int(value(ini["fixed_costs"]["invade"])),
        squad_limit=int(value(rules["squad_limit"])),
        summon_max=int(value(rules["summon_max_units"])),
        opening_hand=int(value(rules["opening_hand"])),
        second_player_extra=int(value(rules["second_player_extra_cards"])),
        hand_size=int(value(rules["replenish_hand_size"])),
        crystals_to_win=int(value(rules["crystals_to_win"])),
        face_up=int(value(rules["face_up_crystals"])),
        deck_size=int(value(rules["deck_size"])),
    )


@lru_cache(maxsize=1)
def base_set() -> CardSet:
    """The Reconstructed Base Set shipped with the package."""
    with open(BASE_SET_FILE, encoding="utf-8") as f:
        return compile_card_set(json.load(f))


def load_card_set(data: "Mapping | Path | str | bytes", override: "Mapping | None" = None) -> CardSet:
    """A card set from an untrusted source, validated with pydantic and checked for playability, optionally
    corrected by an owner's override file ({"format": "crystalclans-override/1", ...}).

    `data` is a parsed mapping, a `pathlib.Path` to a card file, or the file's JSON text (str or bytes); a
    str is always text, never taken for a path. Raises cards.CardSetError naming card and field."""
    from .cards import CardSetError, apply_override, validate_card_set

    if isinstance(data, Path):
        try:
            data = data.read_bytes()
        except OSError as e:
            raise CardSetError([f"the card file cannot be read: {e.strerror or e}"]) from None
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise CardSetError([f"the card file is not UTF-8 text (byte {e.start})"]) from None
    if isinstance(data, str):
        try:
            data = jsontext.loads(data.lstrip("\ufeff"), MAX_CARD_FILE_CHARS, MAX_CARD_FILE_DEPTH)
        except jsontext.JsonTextError as e:
            hint = " (to load a file, pass a pathlib.Path)" if not data.lstrip().startswith(("{", "[")) else ""
            raise CardSetError([f"the card file is not valid JSON: {e}{hint}"]) from None
    if not isinstance(data, Mapping):
        raise CardSetError([f"a card file is a JSON object, not {type(data).__name__}"])
    data = dict(data)
    if override is not None:
        validate_card_set(data)  # the override is applied to a well-formed document only
        data = apply_override(data, override)
    validate_card_set(data)
    try:
        cs = compile_card_set(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise CardSetError([f"the card set cannot be built: {type(e).__name__}: {e}"]) from None
    problems = playability_problems(cs)
    if problems:
        raise CardSetError(problems, header="the card set is valid but a game with it could not be played")
    return cs


MAX_CARD_FILE_CHARS = 5_000_000
MAX_CARD_FILE_DEPTH = 64


def playability_problems(cs: CardSet) -> list[str]:
    """What the rules need to terminate and to be playable at all (a valid card set can still stall), and
    sizes within reason (a deck of a billion cards validates but exhausts memory)."""
    out = [f"{name}: {v} is more than {hi}" for name, v, hi in (
        ("initiative.spaces_per_side", cs.track, 100), ("rules.deck_size", cs.deck_size, 200),
        ("rules.opening_hand", cs.opening_hand, 50), ("rules.replenish_hand_size", cs.hand_size, 50),
        ("rules.squad_limit", cs.squad_limit, 50), ("rules.summon_max_units", cs.summon_max, 50),
        ("rules.second_player_extra_cards", cs.second_player_extra, 50),
        ("largest copies of a unit", max((u.copies for u in cs.units), default=0), 12)) if v > hi]
    if out:
        return out
    if cs.track <= cs.neutral:
        out.append(f"initiative.spaces_per_side: {cs.track} spaces per side leave no space beyond the "
                   f"{cs.neutral} neutral ones, so the turn could never pass")
    # The rules have no pass: a player keeps acting up to the last neutral space on her opponent's side, and
    # an action whose cost would carry the token past the end is not allowed. Replenish is the one action
    # with no requirement but its cost, so the track must always leave room for it.
    least_track = cs.neutral + cs.replenish_cost
    if cs.track < least_track:
        out.append(f"initiative.spaces_per_side: {cs.track} is less than {least_track} (the {cs.neutral} "
                   f"neutral space(s) on a side plus the replenish cost of {cs.replenish_cost}), so a player who "
                   f"must act with the token on the last neutral space could afford no action")
    if not -cs.neutral <= cs.start <= cs.neutral:
        out.append(f"initiative.start: {cs.start} is not on a neutral space (-{cs.neutral}..{cs.neutral})")
    if cs.replenish_cost < 1 or cs.invade_cost < 1:
        out.append("initiative.fixed_costs: replenish and invade must cost at least 1, or a turn could last forever")
    # Removed crystals do not count toward the win, so only the others are sure to be shared out.
    removable = sum(1 for c in cs.crystals if c.trigger.endswith("_remove"))
    kept = len(cs.crystals) - removable
    if not 1 <= cs.crystals_to_win or 2 * cs.crystals_to_win - 1 > kept:
        some_removable = f", {removable} of which can be removed from the game," if removable else ""
        out.append(f"rules.crystals_to_win: {cs.crystals_to_win}; with {len(cs.crystals)} crystals{some_removable} "
                   f"one player is sure to reach it only if it is at most {(kept + 1) // 2}")
    if not 1 <= cs.face_up <= len(cs.crystals):
        out.append(f"rules.face_up_crystals: {cs.face_up} (between 1 and the {len(cs.crystals)} crystals)")
    for name, v in (("squad_limit", cs.squad_limit), ("summon_max_units", cs.summon_max),
                    ("replenish_hand_size", cs.hand_size)):
        if v < 1:
            out.append(f"rules.{name}: {v}, at least 1 is needed")
    for clan in cs.clans:
        n = len(cs.deck(clan))
        if n < cs.opening_hand + cs.second_player_extra:
            out.append(f"clan {clan}: {n} cards cannot deal an opening hand of {cs.opening_hand}"
                       f"{f' + {cs.second_player_extra}' if cs.second_player_extra else ''}")
    if len(cs.board.crystal_zones) < 2:
        out.append("board: scoring needs control of two crystal zones; the board has "
                   f"{len(cs.board.crystal_zones)}")
    return out
