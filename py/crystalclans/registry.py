"""The registry of mechanisms by id: the engine's lowest floor for card behaviour, importing nothing of it.

Card data names its behaviour by id (cards/DESIGN_NOTES.md section 5): an effect primitive by `op`, a clan
signature or a special by `id`. The modules that implement them register here when imported
(`effects.py` and `summon.py` their primitives, `abilities/<clan>.py` their signatures and specials), and the
modules that run or check them look them up here. So no implementation needs to import another to find it,
and `import crystalclans` registers everything (`abilities/__init__.py` imports every registering module).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import Effect
    from .effects import EffectsFrame
    from .game import Game

Handler = Callable[["Game", "EffectsFrame", "Effect"], None]

#: Effect primitives by op -> the handler an EffectsFrame runs.
HANDLERS: dict[str, Handler] = {}
#: Signatures registered by id: the engine consults the compiled flags (e.g. KindInfo.horde). A signature
#: whose clan definition lists primitives (Undying: summon_from_discard) stands for those primitives.
SIGNATURES: set[str] = set()
#: Specials registered by id -> handler run by the `special` primitive (None: a continuous special the engine
#: queries through a compiled flag, e.g. Heal).
SPECIALS: dict[str, "Handler | None"] = {}
#: Specials that are a "may": their trigger is offered as a choice, with a way to decline.
OPTIONAL_SPECIALS: set[str] = set()
#: Engine-flag mechanisms: signature or special id -> the KindInfo field the engine reads (Foresight,
#: Shift, Supply Network). The field holds ON_TOP for a battlefield ability, ANYWHERE for an always-on one.
FLAGS: dict[str, str] = {}
ON_TOP = 1
ANYWHERE = 2

#: Triggers the engine fires.
TRIGGERS: set[str] = {"passive_modifier", "on_destroyed", "on_squad_destroys", "on_move_into",
                      "battle_start_before_cards", "after_damage", "on_summon", "friendly_battle_elsewhere"}
#: Triggered abilities compiled per kind (KindInfo field of the same name).
TRIGGERED = ("on_destroyed", "on_squad_destroys", "on_move_into", "battle_start_before_cards", "after_damage",
             "on_summon", "friendly_battle_elsewhere")
#: Primitives of the summon action (queried while a summon is built).
SUMMON_OPS = ("summon_into_zone", "summon_from_discard", "summon_cost_reduction")
#: Continuous modifiers of a squad (stat_passives): battle stats, activation cost, invasions, damage direction.
STAT_OPS = ("attack_bonus", "defense_bonus", "bonus_per", "activation_reduction", "invade_bonus", "damage_from_bottom")
#: Primitives used as continuous modifiers (queried by the engine rather than run).
PASSIVE_OPS: set[str] = {"movement", "signature", "special", *STAT_OPS, *SUMMON_OPS}


def primitive(op: str) -> Callable[[Handler], Handler]:
    """Decorator: register the handler of effect primitive `op`."""
    def register(fn: Handler) -> Handler:
        HANDLERS[op] = fn
        return fn

    return register


def register_signature(sig_id: str, flag: str | None = None) -> None:
    SIGNATURES.add(sig_id)
    if flag:
        FLAGS[sig_id] = flag


def register_special(special_id: str, handler: "Handler | None" = None, optional: bool = False,
                     flag: str | None = None) -> None:
    SPECIALS[special_id] = handler
    if optional:
        OPTIONAL_SPECIALS.add(special_id)
    if flag:
        FLAGS[special_id] = flag


def flag_on(value: int, position: int) -> bool:
    """Whether an engine flag (KindInfo.foresight, .redirect, .link) of a unit at `position` in its squad is
    switched on: a battlefield one only on top."""
    return value == ANYWHERE or (value == ON_TOP and position == 0)
