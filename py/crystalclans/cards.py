"""Card-set schema: pydantic v2 models for the card-set document plus semantic checks.

The engine ships the card set as ``data/base_set.json`` (the shared ``base_set.yaml`` converted 1:1).
This module is the boundary between that document and the engine:

* ``CardSetModel`` and its parts type the whole document. Unknown keys are rejected everywhere except
  where the document itself uses free-form keys (name-keyed tables such as the vocabulary, the board
  adjacency, ``meta.provenance_tags``, ``board.players``).
* ``validate_card_set(data)`` runs the structural checks (pydantic) and the semantic checks (closed
  vocabulary, parameter types, references, unique ids, deck size, board adjacency) and raises
  ``CardSetError`` listing *every* problem, each naming the card (unit or crystal id) and the field in
  words somebody editing a card file can act on.
* ``apply_override(base, override)`` applies an owner's corrected card values (format
  ``crystalclans-override/1``) to a copy of the document; replaced values are tagged ``owner``.
* ``card_set_hash(data)`` is a stable sha256 over the canonical JSON form.

Import cost matters (the module runs in Pyodide): nothing is built at import time (``defer_build``);
pydantic builds the validators on first use. No YAML here; the engine only ever reads JSON.
"""

import json
import re
from typing import Annotated, Any, Generic, Literal, Optional, TypeVar, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    Tag,
    ValidationError,
    model_validator,
)

from gamecore.jsontext import canonical_hash as card_set_hash

from .errors import MAX_PROBLEMS_SHOWN, CardSetError  # CardSetError lives there so `import crystalclans` stays pydantic-free

__all__ = [
    "CardSetError",
    "validate_card_set",
    "card_set_hash",
    "apply_override",
    "OVERRIDE_FORMAT",
    "TaggedValue",
    "TaggedStr",
    "TaggedBool",
    "TaggedInt",
    "TaggedCount",
    "TaggedPositive",
    "TaggedStrList",
    "TaggedIntList",
    "TaggedCountMap",
    "TaggedName",
    "unwrap",
    "Effect",
    "Ability",
    "BattleSection",
    "Unit",
    "Signature",
    "Clan",
    "Crystal",
    "Zone",
    "Board",
    "BoardVariant",
    "Initiative",
    "Rules",
    "Meta",
    "Vocabulary",
    "CardSetModel",
    "CardOverride",
    "UnitOverride",
    "CrystalOverride",
]

OVERRIDE_FORMAT = "crystalclans-override/1"
PROVENANCE_TAGS = ("seed", "web", "inferred", "design", "owner")
CONFIDENCE_SCALE = ("high", "medium-high", "medium", "low-medium", "low")
EFFECT_META_KEYS = ("op", "tag", "conf", "src", "note")

ProvTag = Literal["seed", "web", "inferred", "design", "owner"]
Confidence = Literal["high", "medium-high", "medium", "low-medium", "low"]


def _show(v: Any, limit: int = 60) -> str:
    """A value as the person editing the file wrote it (JSON spelling), shortened."""
    try:
        s = json.dumps(v, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # pragma: no cover - defensive
        s = repr(v)
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _known(names) -> str:
    return ", ".join(str(n) for n in names)


def _isin(v: Any, container: Any) -> bool:
    """``v in container`` that treats unhashable values (a list where a name belongs) as not found."""
    try:
        return v in container
    except TypeError:
        return False


def _list(v: Any) -> list:
    return v if isinstance(v, list) else []


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# ---------------------------------------------------------------------------------------------- field types
def _whole_number(lo: int):
    def check(v: Any) -> int:
        if not _is_int(v) or v < lo:
            raise ValueError(f"must be a whole number >= {lo} (got {_show(v)})")
        return v

    return PlainValidator(check)


NonNegInt = Annotated[int, _whole_number(0)]
PosInt = Annotated[int, _whole_number(1)]
_T = TypeVar("_T")


def _check_provenance(tag: str, conf: Optional[str], src: Optional[str]) -> None:
    if tag in ("seed", "web") and not src:
        raise ValueError(f'tag "{tag}" needs a "src" that names the source')
    if tag == "inferred" and (not conf or not src):
        missing = " and ".join(k for k, v in (("conf", conf), ("src", src)) if not v)
        raise ValueError(f'tag "inferred" needs "conf" ({_known(CONFIDENCE_SCALE)}) and "src" (the reasoning);'
                         f" missing {missing}")


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class TaggedValue(_Base, Generic[_T]):
    """``{value, tag, conf?, src?, note?}``: a sourced or designed value with its provenance."""

    value: _T
    tag: ProvTag
    conf: Optional[Confidence] = None
    src: Optional[str] = None
    note: Optional[str] = None

    @model_validator(mode="after")
    def _provenance(self):
        _check_provenance(self.tag, self.conf, self.src)
        return self


# Concrete tagged values used by the models (cheaper to define at import time than TaggedValue[str] etc.,
# which pydantic would have to parametrize eagerly; TaggedValue[X] still works for callers).
class TaggedStr(TaggedValue):
    value: str


class TaggedBool(TaggedValue):
    value: bool


class TaggedInt(TaggedValue):
    value: int


class TaggedCount(TaggedValue):
    """A whole number >= 0 (summon, attack, defense, activation, cost)."""

    value: NonNegInt


class TaggedPositive(TaggedValue):
    """A whole number >= 1 (copies, deck size, ...)."""

    value: PosInt


class TaggedStrList(TaggedValue):
    value: list[str]


class TaggedIntList(TaggedValue):
    value: list[int]


class TaggedCountMap(TaggedValue):
    value: dict[str, NonNegInt]


class _Provenance(_Base):
    """Provenance fields carried by effects, abilities, signatures and crystals (no ``value``)."""

    tag: ProvTag
    conf: Optional[Confidence] = None
    src: Optional[str] = None
    note: Optional[str] = None

    @model_validator(mode="after")
    def _provenance(self):
        _check_provenance(self.tag, self.conf, self.src)
        return self


def unwrap(v: Any) -> Any:
    """The plain value of a parameter that may be written as a tagged value."""
    return v.value if isinstance(v, TaggedValue) else v


def _param_kind(v: Any) -> str:
    if isinstance(v, TaggedValue) or (isinstance(v, dict) and ("tag" in v or "value" in v)):
        return "tagged-value"
    return "plain-value"


# A parameter is a plain value (int, str, bool, filter/condition mapping, list) or a tagged value.
ParamValue = Annotated[
    Union[Annotated[TaggedValue, Tag("tagged-value")], Annotated[Any, Tag("plain-value")]],
    Discriminator(_param_kind),
]
_UNION_TAGS = ("tagged-value", "plain-value")


class TaggedName(_Base):
    en: TaggedStr
    de: TaggedStr


class LocalText(_Base):
    en: str
    de: str


# ---------------------------------------------------------------------------------------------- effects and cards
class Effect(_Provenance):
    """One primitive: ``op`` plus its parameters. In the document the parameters sit next to ``op``;
    here they are gathered into ``params`` (values are plain or ``TaggedValue``)."""

    op: str
    params: dict[str, ParamValue] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_params(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        extra = {k: v for k, v in data.items() if k not in EFFECT_META_KEYS}
        if set(extra) == {"params"} and isinstance(extra["params"], dict):
            return data  # already in the nested form (e.g. a model_dump)
        out = {k: data[k] for k in EFFECT_META_KEYS if k in data}
        out["params"] = extra
        return out

    def param(self, name: str, default: Any = None) -> Any:
        """Plain value of a parameter (tagged values unwrapped)."""
        return unwrap(self.params[name]) if name in self.params else default

    def plain_params(self) -> dict[str, Any]:
        return {k: unwrap(v) for k, v in self.params.items()}


class Ability(_Provenance):
    id: str
    name: TaggedName
    battlefield: TaggedBool
    trigger: str
    params: dict[str, ParamValue] = Field(default_factory=dict)
    effects: list[Effect]
    text_en: str
    text_de: str


class BattleSection(_Base):
    style: TaggedStr
    sides: TaggedStr
    left: list[Effect]
    right: list[Effect]


class Unit(_Base):
    id: str  # '<clan>.<snake_name>'
    name: TaggedName
    keywords: TaggedStrList
    rank: TaggedStr
    copies: TaggedPositive
    summon: TaggedCount
    attack: TaggedCount
    defense: TaggedCount
    activation: TaggedCount
    has_signature: TaggedBool
    abilities: list[Ability]
    battle: BattleSection
    notes: list[str] = Field(default_factory=list)

    @property
    def clan(self) -> str:
        return self.id.split(".", 1)[0]


class Signature(_Provenance):
    id: str
    name: TaggedName
    battlefield: TaggedBool
    effects: list[Effect]
    rules_en: str
    rules_de: str
    open_questions: Optional[list[str]] = None


class Clan(_Base):
    id: str
    name: TaggedName
    theme: str
    signature: Signature
    units: list[Unit]


class Crystal(_Provenance):
    id: str  # 'crystal.<snake_name>'
    name: TaggedName
    cost: TaggedCount
    trigger: str
    params: dict[str, ParamValue] = Field(default_factory=dict)
    effects: list[Effect]
    text_en: str
    text_de: str


# ---------------------------------------------------------------------------------------------- board, initiative, rules
class GridSize(_Base):
    rows: PosInt
    cols: PosInt


class GridPos(_Base):
    row: NonNegInt
    col: NonNegInt


class Zone(_Base):
    id: str
    kind: Literal["home", "crystal", "neutral"]
    owner: Optional[Literal["A", "B"]] = None
    name: LocalText
    grid: GridPos


class BoardVariant(_Base):
    provenance: TaggedStr
    grid: GridSize
    positions: dict[str, GridPos]
    adjacency: dict[str, list[str]]


class Board(_Base):
    zone_count: TaggedCount
    zone_kinds: TaggedCountMap
    adjacency_rule: TaggedStr
    players: dict[str, str]
    default_layout: str
    layout_provenance: TaggedStr
    grid: GridSize
    zones: list[Zone]
    adjacency: dict[str, list[str]]
    variants: dict[str, BoardVariant] = Field(default_factory=dict)


class FixedCosts(_Base):
    replenish: TaggedCount
    invade: TaggedCount


class VariableCosts(_Base):
    summon: TaggedStr
    activate: TaggedStr
    score: TaggedStr


class Initiative(_Base):
    spaces_per_side: TaggedPositive
    coordinates: str
    start: TaggedInt
    neutral_spaces: TaggedIntList
    neutral_rule: TaggedStr
    paying: TaggedStr
    overflow: TaggedStr
    fixed_costs: FixedCosts
    variable_costs: VariableCosts


class BattleStep(_Base):
    id: str
    name: str
    what: str


class Rules(_Base):
    squad_limit: TaggedPositive
    summon_max_units: TaggedPositive
    opening_hand: TaggedCount
    second_player_extra_cards: TaggedCount
    replenish_hand_size: TaggedCount
    crystals_to_win: TaggedPositive
    face_up_crystals: TaggedPositive
    deck_size: TaggedPositive
    mulligan: TaggedStr
    battle_steps: list[BattleStep]
    clarifications: list[TaggedStr] = Field(default_factory=list)


class Meta(_Base):
    title: str
    version: str
    game: str
    generated_by: Optional[str] = None
    research_inputs: list[str] = Field(default_factory=list)
    provenance_tags: dict[str, str]
    confidence_scale: list[str]
    tagged_value: Optional[str] = None
    override_policy: Optional[str] = None
    prose: Optional[str] = None


# ---------------------------------------------------------------------------------------------- vocabulary
_PARAM_KIND_RE = re.compile(
    r"^(int>=-?\d+|enum:[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)*|bool|keyword|counter|condition|filter|special_id|signature_id)\??$")


def _check_param_kinds(params: dict[str, str]) -> dict[str, str]:
    bad = [f'{k}: "{v}"' for k, v in params.items() if not _PARAM_KIND_RE.match(v)]
    if bad:
        raise ValueError("unknown parameter type " + "; ".join(bad) + " (known: int>=N, enum:a|b, bool, keyword, "
                         "counter, condition, filter, special_id, signature_id; '?' marks optional)")
    return params


class KeywordDef(_Base):
    en: str
    de: str
    prov: Optional[TaggedStr] = None


class StyleDef(_Base):
    en: str
    de: str
    beats: str


class AbilityTriggerDef(_Base):
    params: dict[str, str] = Field(default_factory=dict)
    timing: str
    semantics: str

    @model_validator(mode="after")
    def _kinds(self):
        _check_param_kinds(self.params)
        return self


class CrystalTriggerDef(AbilityTriggerDef):
    """Same shape as an ability trigger (params, timing, semantics)."""


class PrimitiveDef(_Base):
    params: dict[str, str] = Field(default_factory=dict)
    contexts: list[Literal["A", "B", "C"]]  # A ability/signature, B battle-card side, C crystal
    timing: str
    semantics: str
    icon: Optional[str] = None
    render_en: Optional[str] = None
    render_de: Optional[str] = None
    # a template that counts (cards, units, zones): the parameter that counts, and the form for a count of 1
    render_count: Optional[str] = None
    render_en_one: Optional[str] = None
    render_de_one: Optional[str] = None

    @model_validator(mode="after")
    def _kinds(self):
        _check_param_kinds(self.params)
        return self


class SpecialDef(_Base):
    used_by: list[str] = Field(default_factory=list)
    rules: str


class Vocabulary(_Base):
    """The closed vocabulary. The name-keyed tables are free-form (their keys are the names)."""

    note: Optional[str] = None
    keywords: dict[str, KeywordDef]
    ranks: dict[str, LocalText]
    styles: dict[str, StyleDef]
    icons: dict[str, str] = Field(default_factory=dict)
    ability_triggers: dict[str, AbilityTriggerDef]
    crystal_triggers: dict[str, CrystalTriggerDef]
    conditions: dict[str, str]
    counters: dict[str, str]
    filters: dict[str, str]
    primitives: dict[str, PrimitiveDef]
    specials: dict[str, SpecialDef] = Field(default_factory=dict)


class CardSetModel(_Base):
    meta: Meta
    vocabulary: Vocabulary
    rules: Rules
    board: Board
    initiative: Initiative
    clans: list[Clan]
    crystals: list[Crystal]

    def units(self) -> list[Unit]:
        return [u for c in self.clans for u in c.units]

    def unit(self, unit_id: str) -> Unit:
        for c in self.clans:
            for u in c.units:
                if u.id == unit_id:
                    return u
        raise KeyError(unit_id)

    def crystal(self, crystal_id: str) -> Crystal:
        for c in self.crystals:
            if c.id == crystal_id:
                return c
        raise KeyError(crystal_id)

    def clan(self, clan_id: str) -> Clan:
        for c in self.clans:
            if c.id == clan_id:
                return c
        raise KeyError(clan_id)


# ---------------------------------------------------------------------------------------------- overrides
class UnitOverride(_Base):
    copies: Optional[PosInt] = None
    summon: Optional[NonNegInt] = None
    attack: Optional[NonNegInt] = None
    defense: Optional[NonNegInt] = None
    activation: Optional[NonNegInt] = None
    keywords: Optional[list[str]] = None
    rank: Optional[str] = None
    has_signature: Optional[bool] = None


class CrystalOverride(_Base):
    cost: Optional[NonNegInt] = None


class CardOverride(_Base):
    """An owner's corrections, keyed by card id. Each given field replaces the card's tagged value."""

    format: Literal["crystalclans-override/1"]
    id: Annotated[str, Field(min_length=1)]
    note: Optional[str] = None
    units: dict[str, UnitOverride] = Field(default_factory=dict)
    crystals: dict[str, CrystalOverride] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------- pydantic errors in words
def _get(obj: Any, key: Any) -> Any:
    try:
        return obj[key]
    except (KeyError, IndexError, TypeError):
        return None


def _id_of(obj: Any, fallback: str) -> str:
    i = obj.get("id") if isinstance(obj, dict) else None
    return i if isinstance(i, str) and i else fallback


def _effect_ctx(raw_holder: Any, rest: list, ctx: str) -> tuple[str, list, bool]:
    """Within something that has 'effects'/'battle': returns (context, remaining path, inside an effect)."""
    if len(rest) >= 2 and rest[0] == "effects" and isinstance(rest[1], int):
        return f"{ctx}, effect {rest[1] + 1}", rest[2:], True
    if (len(rest) >= 3 and rest[0] == "battle" and rest[1] in ("left", "right") and isinstance(rest[2], int)):
        return f"{ctx}, battle card {rest[1]} side, effect {rest[2] + 1}", rest[3:], True
    if len(rest) >= 2 and rest[0] == "abilities" and isinstance(rest[1], int):
        ab = _get(_get(raw_holder, "abilities"), rest[1])
        return _effect_ctx(ab, rest[2:], f"{ctx}, ability {_id_of(ab, f'#{rest[1] + 1}')}")
    return ctx, rest, False


def _context(data: Any, loc: tuple) -> tuple[str, list, bool]:
    loc = [p for p in loc if p not in _UNION_TAGS]
    if not loc:
        return "card set", [], False
    head = loc[0]
    if head == "clans" and len(loc) >= 2 and isinstance(loc[1], int):
        clan = _get(_get(data, "clans"), loc[1])
        cid = _id_of(clan, f"#{loc[1] + 1}")
        if len(loc) >= 4 and loc[2] == "units" and isinstance(loc[3], int):
            unit = _get(_get(clan, "units"), loc[3])
            return _effect_ctx(unit, loc[4:], f"card {_id_of(unit, f'{cid} unit #{loc[3] + 1}')}")
        if len(loc) >= 3 and loc[2] == "signature":
            sig = _get(clan, "signature")
            return _effect_ctx(sig, loc[3:], f"clan {cid}, signature {_id_of(sig, '?')}")
        return f"clan {cid}", loc[2:], False
    if head == "crystals" and len(loc) >= 2 and isinstance(loc[1], int):
        cr = _get(_get(data, "crystals"), loc[1])
        return _effect_ctx(cr, loc[2:], f"card {_id_of(cr, f'crystal #{loc[1] + 1}')}")
    if head == "board" and len(loc) >= 3 and loc[1] == "zones" and isinstance(loc[2], int):
        z = _get(_get(_get(data, "board"), "zones"), loc[2])
        return f"board, zone {_id_of(z, f'#{loc[2] + 1}')}", loc[3:], False
    if len(loc) >= 2 and head in CardSetModel.model_fields:
        return str(head), loc[1:], False
    return "card set", loc, False


def _field_words(parts: list, in_effect: bool, strip_value: bool = True) -> str:
    parts = [str(p) if not isinstance(p, int) else f"[{p + 1}]" for p in parts]
    if strip_value and parts and parts[-1] == "value":
        parts = parts[:-1]
    if not parts:
        return ""
    if in_effect:
        if parts[0] == "params":
            parts = parts[1:]
            if not parts:
                return ""
            return "parameter " + ".".join(parts)
        return "field " + ".".join(parts)
    return "field " + ".".join(parts).replace(".[", "[")


_TYPE_WORDS = {
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "int_type": "must be a whole number",
    "list_type": "must be a list [...]",
    "dict_type": "must be a mapping {...}",
    "model_type": "must be a mapping {...}",
    "model_attributes_type": "must be a mapping {...}",
    "none_required": "must be empty (null)",
}


def _error_words(err: dict, context: str, parts: list, in_effect: bool, fmt: str = "card format") -> str:
    etype = err.get("type", "")
    if etype in ("missing", "extra_forbidden"):
        name = parts[-1] if parts else "?"
        where = _field_words(list(parts[:-1]), in_effect, strip_value=False)  # the mapping that holds it
        if etype == "missing":
            msg = f'missing "{name}"'
            if name == "tag":
                msg += f" (every value needs a provenance tag: {_known(PROVENANCE_TAGS)})"
        else:
            msg = f'unknown entry "{name}" (not part of the {fmt}; check the spelling)'
        return f"{context}, {where}: {msg}" if where else f"{context}: {msg}"
    field = _field_words(list(parts), in_effect)
    got = f" (got {_show(err.get('input'))})"
    if etype == "value_error":
        msg = str(err.get("msg", "")).removeprefix("Value error, ")
    elif etype == "literal_error":
        expected = str((err.get("ctx") or {}).get("expected", ""))
        options = re.findall(r"'([^']*)'", expected)
        msg = f"must be one of {_known(options) if options else expected}{got}"
    elif etype in _TYPE_WORDS:
        msg = _TYPE_WORDS[etype] + got
    elif etype == "string_too_short":
        msg = "must not be empty"
    else:
        msg = f"{err.get('msg', 'invalid')}{got}"
    return f"{context}, {field}: {msg}" if field else f"{context}: {msg}"


def _translate(exc: ValidationError, data: Any) -> list[str]:
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(err.get("loc", ()))
        context, parts, in_effect = _context(data, loc)
        out.append(_error_words(err, context, parts, in_effect))
    return out


# ---------------------------------------------------------------------------------------------- semantic checks
_VALUE_SPEC_RE = re.compile(r"^\s*value:\s*([^.]+)\.")


def _value_spec(description: str) -> Optional[str]:
    """Value kind of a filter/condition, from its vocabulary description ('value: KEYWORD. ...')."""
    m = _VALUE_SPEC_RE.match(description or "")
    return m.group(1).strip() if m else None


class _Checker:
    def __init__(self, vocab: Optional[Vocabulary], signature_ids: list[str], unit_ids: set[str]):
        self.problems: list[str] = []
        self.vocab = vocab
        self.signature_ids = signature_ids
        self.unit_ids = unit_ids

    def add(self, msg: str) -> None:
        self.problems.append(msg)

    # -- values by parameter type ---------------------------------------------------------------
    def _mapping_value(self, table: str, names: dict[str, str], v: Any) -> Optional[str]:
        if not (isinstance(v, dict) and len(v) == 1):
            return (f"must be a {table} written as one entry {{name: value}} (known: {_known(names)})"
                    f" (got {_show(v)})")
        (name, x), = v.items()
        if not _isin(name, names):
            return f'unknown {table} "{name}" (known: {_known(names)})'
        spec = _value_spec(names[name])
        if spec is None:
            return None
        x = unwrap(x) if isinstance(x, TaggedValue) else x
        if spec == "KEYWORD":
            if not _isin(x, self.vocab.keywords):
                return f'{table} {name}: unknown keyword {_show(x)} (known: {_known(self.vocab.keywords)})'
        elif spec == "true":
            if x is not True:
                return f"{table} {name}: the value must be true (got {_show(x)})"
        elif spec == "unit id":
            if not _isin(x, self.unit_ids):
                return f"{table} {name}: unknown unit id {_show(x)}"
        elif spec == "list of unit ids":
            if not isinstance(x, list) or not x:
                return f"{table} {name}: must be a list of unit ids (got {_show(x)})"
            bad = [y for y in x if not _isin(y, self.unit_ids)]
            if bad:
                return f"{table} {name}: unknown unit id(s) {_show(bad)}"
        elif "|" in spec:
            options = [o.strip() for o in spec.split("|")]
            if x not in options:
                return f"{table} {name}: must be one of {_known(options)} (got {_show(x)})"
        return None

    def param_problem(self, kind: str, v: Any) -> Optional[str]:
        kind = kind.rstrip("?")
        v = unwrap(v)
        voc = self.vocab
        if kind.startswith("int>="):
            lo = int(kind[5:])
            if not _is_int(v) or v < lo:
                return f"must be a whole number >= {lo} (got {_show(v)})"
        elif kind.startswith("enum:"):
            options = kind[5:].split("|")
            if v not in options:
                return f"must be one of {_known(options)} (got {_show(v)})"
        elif kind == "bool":
            if not isinstance(v, bool):
                return f"must be true or false (got {_show(v)})"
        elif kind == "keyword":
            if not _isin(v, voc.keywords):
                return f"unknown keyword {_show(v)} (known: {_known(voc.keywords)})"
        elif kind == "counter":
            if not _isin(v, voc.counters):
                return f"unknown counter {_show(v)} (known: {_known(voc.counters)})"
        elif kind == "condition":
            return self._mapping_value("condition", voc.conditions, v)
        elif kind == "filter":
            return self._mapping_value("filter", voc.filters, v)
        elif kind == "special_id":
            if not _isin(v, voc.specials):
                return f"unknown special {_show(v)} (known: {_known(voc.specials)})"
        elif kind == "signature_id":
            if not _isin(v, self.signature_ids):
                return f"unknown signature {_show(v)} (known: {_known(self.signature_ids)})"
        return None

    def params(self, declared: dict[str, str], given: dict[str, Any], where: str, what: str) -> None:
        for k in given:
            if k not in declared:
                allowed = _known(declared) if declared else "none"
                self.add(f'{where}: {what} has no parameter "{k}" (its parameters: {allowed})')
        for k, kind in declared.items():
            if k not in given:
                if not kind.endswith("?"):
                    self.add(f'{where}: {what} needs parameter "{k}" ({kind})')
                continue
            problem = self.param_problem(kind, given[k])
            if problem:
                self.add(f"{where}, parameter {k}: {problem}")

    # -- effects ------------------------------------------------------------------------------------
    def effects(self, effects: list[Effect], context: str, where: str, what: str = "effect list") -> None:
        if not effects:
            self.add(f"{where}: {what} is empty (use at least one effect; battle sides can use op \"none\")")
            return
        voc = self.vocab
        for i, e in enumerate(effects, 1):
            w = f"{where}, effect {i}"
            spec = voc.primitives.get(e.op)
            if spec is None:
                self.add(f'{w}: unknown primitive "{e.op}" (known: {_known(voc.primitives)})')
                continue
            if context not in spec.contexts:
                place = {"A": "an ability", "B": "a battle card", "C": "a crystal"}
                allowed = ", ".join(place[c] for c in spec.contexts)
                self.add(f'{w}: primitive "{e.op}" cannot be used on {place[context]} (only on {allowed})')
            self.params(spec.params, e.params, w, f'primitive "{e.op}"')
            for k, v in e.params.items():
                if k == "per" and spec.params.get(k, "").rstrip("?") == "counter" and _isin(unwrap(v), voc.counters):
                    needed = re.findall(r"param `(\w+)`", voc.counters[unwrap(v)])
                    for n in needed:
                        if n not in e.params:
                            self.add(f'{w}: counter "{unwrap(v)}" needs parameter "{n}"')


def _ids_problem(seen: dict[str, str], i: str, where: str, position: str) -> Optional[str]:
    if i in seen:
        return f'{where}, field id: duplicate id "{i}" (used by {seen[i]} and by {position}; ids must be unique)'
    seen[i] = position
    return None


def _check_adjacency(ck: _Checker, zone_ids: list[str], adj: dict[str, list[str]], name: str) -> None:
    zset = set(zone_ids)
    for z in zone_ids:
        if z not in adj:
            ck.add(f'{name}: zone "{z}" has no adjacency entry')
    for a, ns in adj.items():
        if a not in zset:
            ck.add(f'{name}: "{a}" is not a zone (zones: {_known(zone_ids)})')
            continue
        if len(set(ns)) != len(ns):
            ck.add(f'{name}: zone "{a}" lists a neighbour twice')
        for n in ns:
            if n == a:
                ck.add(f'{name}: zone "{a}" lists itself as adjacent')
            elif n not in zset:
                ck.add(f'{name}: zone "{a}" lists unknown zone "{n}" (zones: {_known(zone_ids)})')
            elif a not in adj.get(n, ()):
                ck.add(f'{name}: zone "{a}" lists "{n}" as adjacent, but "{n}" does not list "{a}" '
                       f"(adjacency must be symmetric)")
    if zone_ids and zone_ids[0] in adj:
        seen, todo = {zone_ids[0]}, [zone_ids[0]]
        while todo:
            for n in adj.get(todo.pop(), ()):
                if n in zset and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(zset):
            ck.add(f"{name}: not all zones are connected (unreachable from {zone_ids[0]}: "
                   f"{_known(z for z in zone_ids if z not in seen)})")


def _semantic(parts: dict, raw: dict) -> list[str]:
    vocab: Optional[Vocabulary] = parts["vocabulary"]
    rules: Optional[Rules] = parts["rules"]
    board: Optional[Board] = parts["board"]
    initiative: Optional[Initiative] = parts["initiative"]

    raw_clans = raw.get("clans") if isinstance(raw.get("clans"), list) else []
    raw_crystals = raw.get("crystals") if isinstance(raw.get("crystals"), list) else []
    # reference sets come from the raw document so one broken card does not cause follow-up errors
    signature_ids = [s["id"] for s in (_get(c, "signature") for c in raw_clans)
                     if isinstance(s, dict) and isinstance(s.get("id"), str)]
    unit_ids = {u["id"] for c in raw_clans for u in _list(_get(c, "units")) if isinstance(u, dict)
                and isinstance(u.get("id"), str)}
    ck = _Checker(vocab, signature_ids, unit_ids)
    add = ck.add

    # ---- ids
    ids: dict[str, str] = {}
    sig_seen: dict[str, str] = {}
    for ci, raw_clan in enumerate(raw_clans):
        cid = _id_of(raw_clan, f"#{ci + 1}")
        p = _ids_problem(ids, cid, f"clan {cid}", f"clan {ci + 1}")
        if p:
            add(p)
        sid = _get(_get(raw_clan, "signature"), "id")
        if isinstance(sid, str):
            if sid in sig_seen:
                add(f'clan {cid}, signature {sid}, field id: duplicate signature id "{sid}" '
                    f"(also used by {sig_seen[sid]})")
            sig_seen.setdefault(sid, f"clan {cid}")
        for uj, u in enumerate(_list(_get(raw_clan, "units"))):
            if not isinstance(u, dict) or not isinstance(u.get("id"), str):
                continue
            p = _ids_problem(ids, u["id"], f"card {u['id']}", f"unit {uj + 1} of clan {cid}")
            if p:
                add(p)
            for ak, ab in enumerate(_list(u.get("abilities"))):
                if isinstance(ab, dict) and isinstance(ab.get("id"), str):
                    p = _ids_problem(ids, ab["id"], f"card {u['id']}, ability {ab['id']}",
                                     f"ability {ak + 1} of unit {uj + 1} of clan {cid}")
                    if p:
                        add(p)
    for ck_i, cr in enumerate(raw_crystals):
        if isinstance(cr, dict) and isinstance(cr.get("id"), str):
            p = _ids_problem(ids, cr["id"], f"card {cr['id']}", f"crystal {ck_i + 1}")
            if p:
                add(p)

    # ---- vocabulary self-consistency
    if vocab is not None:
        for s, d in vocab.styles.items():
            if d.beats not in vocab.styles:
                add(f'vocabulary, style {s}, field beats: unknown style "{d.beats}" (known: {_known(vocab.styles)})')
        for s, d in vocab.specials.items():
            for u in d.used_by:
                if u not in unit_ids:
                    add(f'vocabulary, special {s}, field used_by: unknown unit id "{u}"')

    # ---- clans and units
    deck_size = rules.deck_size.value if rules is not None else None
    for ci, (cid, clan_sig, units, complete) in enumerate(parts["clans"]):
        own_sig = _get(_get(_get(raw_clans, ci), "signature"), "id")
        if clan_sig is not None and vocab is not None:
            ck.effects(clan_sig.effects, "A", f"clan {cid}, signature {clan_sig.id}")
        for u in units:
            where = f"card {u.id}"
            if not re.fullmatch(rf"{re.escape(cid)}\.[a-z0-9_]+", u.id):
                add(f'{where}, field id: must be "{cid}.<name>" (lower-case letters, digits, _) for a card of clan {cid}')
            if vocab is not None:
                for kw in u.keywords.value:
                    if kw not in vocab.keywords:
                        add(f'{where}, field keywords: unknown keyword "{kw}" (known: {_known(vocab.keywords)})')
                if u.rank.value not in vocab.ranks:
                    add(f'{where}, field rank: must be one of {_known(vocab.ranks)} (got {_show(u.rank.value)})')
                if u.battle.style.value not in vocab.styles:
                    add(f'{where}, field battle.style: must be one of {_known(vocab.styles)} '
                        f"(got {_show(u.battle.style.value)})")
            carried = []
            for ab in u.abilities:
                aw = f"{where}, ability {ab.id}"
                if not ab.id.startswith(u.id + "."):
                    add(f'{aw}, field id: an ability id must start with the card id "{u.id}."')
                if vocab is not None:
                    trig = vocab.ability_triggers.get(ab.trigger)
                    if trig is None:
                        add(f'{aw}, field trigger: unknown trigger "{ab.trigger}" '
                            f"(known: {_known(vocab.ability_triggers)})")
                    else:
                        ck.params(trig.params, ab.params, aw, f'trigger "{ab.trigger}"')
                    ck.effects(ab.effects, "A", aw)
                carried += [e.param("id") for e in ab.effects if e.op == "signature"]
            if bool(carried) != u.has_signature.value:
                add(f"{where}, field has_signature: is {_show(u.has_signature.value)} but the card has "
                    f"{len(carried)} ability effect(s) with op \"signature\"")
            for sid in carried:
                if _isin(sid, signature_ids) and sid != own_sig:
                    add(f'{where}: carries signature "{sid}" of another clan (clan {cid} has "{own_sig}")')
            if vocab is not None:
                ck.effects(u.battle.left, "B", f"{where}, battle card left side", "battle side")
                ck.effects(u.battle.right, "B", f"{where}, battle card right side", "battle side")
        if complete and deck_size is not None:
            total = sum(u.copies.value for u in units)
            if total != deck_size:
                listing = ", ".join(f"{u.id} x{u.copies.value}" for u in units)
                add(f"clan {cid}, field copies: the deck has {total} cards counting copies, but rules.deck_size "
                    f"is {deck_size} ({listing})")

    # ---- crystals
    for cr in parts["crystals"]:
        where = f"card {cr.id}"
        if not re.fullmatch(r"crystal\.[a-z0-9_]+", cr.id):
            add(f'{where}, field id: must be "crystal.<name>" (lower-case letters, digits, _)')
        if vocab is None:
            continue
        trig = vocab.crystal_triggers.get(cr.trigger)
        if trig is None:
            add(f'{where}, field trigger: unknown crystal trigger "{cr.trigger}" (known: {_known(vocab.crystal_triggers)})')
        else:
            ck.params(trig.params, cr.params, where, f'trigger "{cr.trigger}"')
        ck.effects(cr.effects, "C", where)

    # ---- board
    if board is not None:
        zone_ids = [z.id for z in board.zones]
        seen: dict[str, str] = {}
        cells: dict[tuple, str] = {}
        for z in board.zones:
            if z.id in seen:
                add(f'board, zone {z.id}, field id: duplicate zone id "{z.id}"')
            seen[z.id] = z.id
            if (z.kind == "home") != (z.owner is not None):
                add(f"board, zone {z.id}, field owner: "
                    + ("a home zone needs an owner (A or B)" if z.kind == "home" else "only home zones have an owner"))
            if z.grid.row >= board.grid.rows or z.grid.col >= board.grid.cols:
                add(f"board, zone {z.id}, field grid: ({z.grid.row}, {z.grid.col}) lies outside the "
                    f"{board.grid.rows}x{board.grid.cols} grid")
            cell = (z.grid.row, z.grid.col)
            if cell in cells:
                add(f"board, zone {z.id}, field grid: same cell as zone {cells[cell]}")
            cells.setdefault(cell, z.id)
        if board.zone_count.value != len(board.zones):
            add(f"board, field zone_count: says {board.zone_count.value} but {len(board.zones)} zones are listed")
        kinds: dict[str, int] = {}
        for z in board.zones:
            kinds[z.kind] = kinds.get(z.kind, 0) + 1
        if {k: v for k, v in board.zone_kinds.value.items() if v} != kinds:
            add(f"board, field zone_kinds: says {_show(board.zone_kinds.value)} but the zones have {_show(kinds)}")
        _check_adjacency(ck, zone_ids, board.adjacency, "board, adjacency")
        for vname, var in board.variants.items():
            _check_adjacency(ck, zone_ids, var.adjacency, f"board, variant {vname}, adjacency")
            for z in zone_ids:
                if z not in var.positions:
                    add(f'board, variant {vname}, field positions: zone "{z}" has no position')
            for z in var.positions:
                if z not in seen:
                    add(f'board, variant {vname}, field positions: "{z}" is not a zone')

    # ---- initiative
    if initiative is not None:
        n = initiative.spaces_per_side.value
        if not -n <= initiative.start.value <= n:
            add(f"initiative, field start: {initiative.start.value} is off the track (-{n}..{n})")
        for s in initiative.neutral_spaces.value:
            if not -n <= s <= n:
                add(f"initiative, field neutral_spaces: {s} is off the track (-{n}..{n})")
    return ck.problems


_SECTIONS = (("meta", Meta), ("vocabulary", Vocabulary), ("rules", Rules), ("board", Board),
             ("initiative", Initiative))


def _try(model, value):
    try:
        return model.model_validate(value)
    except ValidationError:
        return None


def _salvage(data: dict) -> dict:
    """After a failed whole-document validation: validate the pieces separately so that the semantic
    checks can still run on everything that is well-formed."""
    parts: dict[str, Any] = {name: _try(model, data.get(name)) for name, model in _SECTIONS}
    clans = []
    for ci, raw_clan in enumerate(data.get("clans") if isinstance(data.get("clans"), list) else []):
        cid = _id_of(raw_clan, f"#{ci + 1}")
        clan = _try(Clan, raw_clan)
        if clan is not None:
            clans.append((cid, clan.signature, clan.units, True))
            continue
        sig = _try(Signature, _get(raw_clan, "signature"))
        raw_units = _get(raw_clan, "units")
        units = [u for u in (_try(Unit, x) for x in (raw_units if isinstance(raw_units, list) else [])) if u]
        clans.append((cid, sig, units, False))
    parts["clans"] = clans
    raw_crystals = data.get("crystals") if isinstance(data.get("crystals"), list) else []
    parts["crystals"] = [c for c in (_try(Crystal, x) for x in raw_crystals) if c is not None]
    return parts


def validate_card_set(data: dict) -> CardSetModel:
    """Validate a card-set document (the parsed JSON). Returns the typed model or raises ``CardSetError``
    listing every problem found."""
    if not isinstance(data, dict):
        raise CardSetError([f"the card set must be a JSON object {{meta, vocabulary, ...}} (got {_show(data)})"])
    problems: list[str] = []
    try:
        model: Optional[CardSetModel] = CardSetModel.model_validate(data)
    except ValidationError as exc:
        model = None
        problems += _translate(exc, data)
    if model is not None:
        parts = {"vocabulary": model.vocabulary, "rules": model.rules, "board": model.board,
                 "initiative": model.initiative,
                 "clans": [(c.id, c.signature, c.units, True) for c in model.clans],
                 "crystals": model.crystals}
    else:
        parts = _salvage(data)
    problems += _semantic(parts, data)
    if problems:
        raise CardSetError(problems)
    return model


# ---------------------------------------------------------------------------------------------- overrides
def _close(name: str, candidates) -> str:
    import difflib  # only on the error path

    m = difflib.get_close_matches(name, list(candidates), n=1)
    return f' (did you mean "{m[0]}"?)' if m else ""


def apply_override(base: dict, override: dict) -> dict:
    """Return a NEW card-set document with the owner's override applied (``base`` is not changed).

    Each overridden field becomes ``{"value": <new>, "tag": "owner", "note": "owner override"}``. Raises
    ``CardSetError`` for a malformed override, unknown card ids or fields, or when the result is not a valid
    card set (e.g. a deck no longer has ``rules.deck_size`` cards)."""
    oid = override.get("id") if isinstance(override, dict) else None
    label = f'override "{oid}"' if isinstance(oid, str) and oid else "override"
    if not isinstance(override, dict):
        raise CardSetError([f"{label}: must be a JSON object (got {_show(override)})"], header="the override is not valid")
    try:
        ov = CardOverride.model_validate(override)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = [p for p in err.get("loc", ()) if p not in _UNION_TAGS]
            if len(loc) >= 2 and loc[0] in ("units", "crystals"):
                context = f"{label}, card {loc[1]}"
                parts = loc[2:]
                if err.get("type") == "extra_forbidden" and parts:
                    allowed = UnitOverride if loc[0] == "units" else CrystalOverride
                    problems.append(f'{context}, field {parts[-1]}: this field cannot be overridden '
                                    f"(fields you can override: {_known(sorted(allowed.model_fields))})")
                    continue
            else:
                context, parts = label, loc
            problems.append(_error_words(err, context, parts, False, "override format"))
        raise CardSetError(problems, header="the override is not valid") from None

    units: dict[str, dict] = {}
    for clan in (base.get("clans") or []):
        for u in (clan.get("units") or []):
            units[u.get("id")] = u
    crystals = {c.get("id"): c for c in (base.get("crystals") or [])}
    problems = []
    for uid in ov.units:
        if uid not in units:
            hint = ' (it is a crystal; list it under "crystals")' if uid in crystals else _close(uid, units)
            problems.append(f'{label}, card {uid}: unknown unit id{hint}')
    for cid in ov.crystals:
        if cid not in crystals:
            hint = ' (it is a unit; list it under "units")' if cid in units else _close(cid, crystals)
            problems.append(f'{label}, card {cid}: unknown crystal id{hint}')
    if problems:
        raise CardSetError(problems, header="the override is not valid")

    new = json.loads(json.dumps(base))  # deep copy of plain JSON data (faster than copy.deepcopy)
    new_units = {u["id"]: u for c in new["clans"] for u in c["units"]}
    new_crystals = {c["id"]: c for c in new["crystals"]}
    for table, targets in ((ov.units, new_units), (ov.crystals, new_crystals)):
        for card_id, fields in table.items():
            card = targets[card_id]
            for field in fields.model_fields_set:
                value = getattr(fields, field)
                if value is None:
                    continue
                card[field] = {"value": value, "tag": "owner", "note": "owner override"}
    try:
        validate_card_set(new)
    except CardSetError as exc:
        raise CardSetError(exc.problems, header=f"the card set with {label} applied is not valid") from None
    return new
