"""The effect vocabulary (cards/DESIGN_NOTES.md section 5.3): one handler per primitive, registered by op.

An effect list runs in an EffectsFrame, one primitive after another; a primitive that needs a choice
pushes a small choice frame. Battle-card numbers are only recorded on the BattleState here and used in B3
(battle.py). Continuous modifiers (passive abilities) are not run but queried: battle.squad_attack,
rules.movement_modes, Game.squad_limit.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision, card_token, counted
from .hand import DrawFrame, ReplenishFrame
from .registry import HANDLERS, SPECIALS, Handler, primitive  # noqa: F401  (Handler, HANDLERS: the registry's)
from .reveals import HAND, PILE, RevealFrame
from .squads import ReorderFrame, enforce_limit, meaningful_reorder, place_squad, position_of, position_options, settle

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import Effect
    from .game import Game

DONE = Action("done")


class EffectsFrame(Frame):
    """Resolve `effects` in printed order for player p; `src` is the card they come from (or -1), `zone`
    the zone that card stood in when the effect triggered (or -1); `context` is 'battle' or 'ability'.
    `prev`: whether the last optional effect was carried out (condition if_previous); a choice frame an
    optional effect pushes sets it through `carried_out`."""

    __slots__ = ("p", "effects", "i", "src", "context", "zone", "prev", "origin")

    def __init__(self, p: int, effects: tuple, i: int, src: int, context: str, zone: int = -1,
                 origin: str = "") -> None:
        self.p, self.effects, self.i, self.src, self.context, self.zone = p, effects, i, src, context, zone
        self.prev = False
        self.origin = origin  # the crystal the effects come from (src is a card code)

    def key(self) -> tuple:
        return super().key()[:-1]  # origin only names the source for the story; the state is the same

    def source(self, g: "Game") -> tuple[str, str]:
        """Where these effects come from, for a battle's terms: ("card" | "ability" | "support", unit id) or
        ("crystal", crystal id)."""
        if self.origin:
            return "crystal", self.origin
        if self.src >= 0:
            return ("card" if self.context == "battle" else self.context), g.U[self.src >> 1].id
        return self.context, ""

    def run(self, g: "Game") -> None:
        if self.i >= len(self.effects):
            g.stack.pop()
            return None
        eff = self.effects[self.i]
        if self.i == 0 and g.events is not None and self.src >= 0 and self.context != "battle":
            u = g.U[self.src >> 1]
            name = next((ab.name for ab in u.abilities if ab.effects is self.effects), "")
            g.note("ability", self.p, u.id, name)
        self.i += 1
        params = eff.params
        if params.get("optional"):
            self.prev = False
        cond = params.get("condition")
        if cond is not None:
            sq = g.squads[self.p][self.zone] if self.zone >= 0 else []
            if not condition_holds(g, cond, sq, self.src, self.zone, self):
                return None
        handler = HANDLERS.get(eff.op)
        if handler is not None:
            handler(g, self, eff)
        return None


def carried_out(g: "Game", parent: int) -> None:
    """A choice frame pushed by an optional effect reports that the effect happened (for if_previous);
    `parent` is the stack index of the EffectsFrame that pushed it."""
    f = g.stack[parent] if 0 <= parent < len(g.stack) else None
    if isinstance(f, EffectsFrame):
        f.prev = True


# ---------------------------------------------------------------------- helpers: conditions, counters, filters
def condition_holds(g: "Game", cond: dict, squad: list[int], src: int | None, zone: int | None,
                    frame: "EffectsFrame | None" = None) -> bool:
    (name, val), = cond.items()
    U = g.U
    if name == "all_in_squad_have":
        return all(val in U[c >> 1].keywords for c in squad)
    if name == "other_in_squad_has":
        skipped = False
        for c in squad:
            if c == src and not skipped:
                skipped = True
                continue
            if val in U[c >> 1].keywords:
                return True
        return False
    if name == "zone_kind":
        return zone is not None and zone >= 0 and g.cs.board.kinds[zone] == val
    if name == "if_previous":
        return frame is not None and frame.prev
    if name == "supported_squad_wiped":  # a friendly_battle_elsewhere effect, after the battle
        b = g.battle
        return frame is not None and frame.context == "support" and b is not None \
            and not g.squads[frame.p][b.zone] and not b.placed_away[frame.p]
    return False


def active_passives(g: "Game", squad: list[int], what: str, zone: int | None):
    """(position, source code, Effect) for each continuous modifier of kind `what` ('stat_passives' or
    'movement') that is switched on in `squad`: a battlefield ability only on the top unit, and only if
    its condition holds."""
    K = g.K
    for i, c in enumerate(squad):
        for battlefield, eff in getattr(K[c >> 1], what):
            if battlefield and i != 0:
                continue
            cond = eff.params.get("condition")
            if cond and not condition_holds(g, cond, squad, c, zone):
                continue
            yield i, c, eff


def passive_boost(g: "Game", p: int, sq: list[int], z: int, stat: str, unit_only: bool = False,
                  top_asleep: bool = False) -> int:
    """Boosts to `stat` from the switched-on continuous abilities of p's squad `sq` in zone z.
    unit_only: just the boosts to units' own attack values (bonus_per scope unit), which are part of
    their attack value everywhere (an invasion counts them); every squad boost of the set is "in battle".
    top_asleep: Sleep ignores boosts aimed at the top unit alone."""
    return sum(n for _, n in passive_terms(g, p, sq, z, stat, unit_only, top_asleep))


def passive_terms(g: "Game", p: int, sq: list[int], z: int, stat: str, unit_only: bool = False,
                  top_asleep: bool = False) -> list[tuple[int, int]]:
    """passive_boost by source: (the code of the unit whose ability boosts, by how much) for each."""
    flat_op = "attack_bonus" if stat == "attack" else "defense_bonus"
    out = []
    for i, c, eff in active_passives(g, sq, "stat_passives", z):
        if eff.op == "bonus_per" and eff.params["stat"] == stat:
            unit_scope = eff.params.get("scope") == "unit"
            if unit_scope and top_asleep and i == 0:
                continue
            if not unit_only or unit_scope:
                out.append((c, eff.params["n"] * counter_value(g, p, eff, sq, c)))
        elif eff.op == flat_op and not unit_only:
            out.append((c, eff.params["n"]))
    return out


def passive_total(g: "Game", sq: list[int], z: int, op: str) -> int:
    """Sum of n over the switched-on continuous `op` effects of squad `sq` in zone z (activation_reduction,
    invade_bonus)."""
    return sum(eff.params["n"] for _, _, eff in active_passives(g, sq, "stat_passives", z) if eff.op == op)


def stat_boost(g: "Game", p: int, z: int, stat: str, top_asleep: bool = False) -> int:
    """p's squad's boosts to `stat` ('attack' or 'defense') in the current battle: continuous abilities
    plus the battle's recorded bonus_per effects (counted now, at the start of B3)."""
    sq = g.squads[p][z]
    total = passive_boost(g, p, sq, z, stat, top_asleep=top_asleep)
    for eff in g.battle.per[p]:
        if eff.params["stat"] == stat:
            total += eff.params["n"] * counter_value(g, p, eff, sq, None)
    return total


def counter_value(g: "Game", p: int, eff: "Effect", squad: list[int], src: int | None) -> int:
    per = eff.params["per"]
    if per == "keyword_in_squad":
        kw = eff.params.get("keyword")
        U = g.U
        return sum(1 for c in squad if kw in U[c >> 1].keywords)
    if per == "unit_in_squad":
        return len(squad)
    if per == "friendly_squad":
        return sum(1 for sq in g.squads[p] if sq)
    return 0


def matches(g: "Game", code: int, flt: dict, src: int = -1) -> bool:
    (name, val), = flt.items()
    u = g.U[code >> 1]
    if name == "any":
        return True
    if name == "keyword":
        return val in u.keywords
    if name == "rank":
        return u.rank == val
    if name == "unit":
        return u.id == val
    if name == "units":
        return u.id in val
    if name == "self":
        return code == src
    return False


# ---------------------------------------------------------------------- destruction
def destroy_simultaneously(g: "Game", hits: list[tuple[int, int, int]]) -> None:
    """Destroy units given as (controller, zone, position): all leave at once, go to their owners' discard
    piles, count as destroyed in the current battle, then their on_destroyed abilities trigger.
    Heal: squad-mates of a Heal unit on top, destroyed by a battle, go to their controller's home zone
    instead of the discard pile (they still count as destroyed)."""
    if not hits:
        return
    b = g.battle
    K = g.K
    removed: list[tuple[int, int, int, int]] = []  # (controller, zone, code, position)
    healed: dict[tuple[int, int], list[int]] = {}
    for ctrl, z, i in sorted(hits, key=lambda h: (h[0], h[1], -h[2])):
        sq = g.squads[ctrl][z]
        code = sq.pop(i)
        removed.append((ctrl, z, code, i))
        if g.events is not None:
            g.note("destroyed", ctrl, code & 1, g.U[code >> 1].id, g.zone_id(z))
        if b is not None and i > 0 and K[sq[0] >> 1].heal:  # positions go downward: sq[0] is still the top
            healed.setdefault((ctrl, z), []).insert(0, code)
        else:
            g.discard(code)
        if b is not None:
            b.destroyed.append(code)
            b.lost[ctrl].append(code)
    queue_triggers(g, [(ctrl, code, z, i) for ctrl, z, code, i in removed], "on_destroyed")
    for (ctrl, z), codes in healed.items():
        home = g.cs.board.homes[ctrl]
        combining = bool(g.squads[ctrl][home])
        g.squads[ctrl][home] = codes + g.squads[ctrl][home]
        settle(g, ctrl, home, reorder=combining)
    for ctrl, z in {(r[0], r[1]) for r in removed}:
        if g.squads[ctrl][z]:
            enforce_limit(g, ctrl, z)


def queue_triggers(g: "Game", sources: list[tuple[int, int, int, int]], trigger: str) -> None:
    """Fire `trigger` at the same moment for the given (controller, card code, zone, position in its squad)
    sources; a battlefield ability only for a card on top (position 0)."""
    items = []
    K = g.K
    U = g.U
    for ctrl, code, z, pos in sources:
        for ability in getattr(K[code >> 1], trigger):
            if ability.battlefield and pos != 0:
                continue
            items.append((ctrl, code, z, U[code >> 1].abilities.index(ability)))
    if items:
        g.stack.append(TriggerQueueFrame(items))


class TriggerQueueFrame(Frame):
    """Triggered abilities that fired at the same moment, as (controller, source code, zone, ability index).
    When more than one different ability is waiting, the active player chooses which resolves next."""

    __slots__ = ("items",)

    def __init__(self, items: list[tuple[int, int, int, int]]) -> None:
        self.items = items

    def _label(self, g: "Game", item: tuple[int, int, int, int]) -> str:
        ctrl, code, _, ai = item
        return card_token(g.U[code >> 1].abilities[ai].id, ctrl, g.active)

    def run(self, g: "Game") -> Decision | None:
        items = self.items
        if not items:
            g.stack.pop()
            return None
        first = items[0]
        if all((it[1] >> 1, it[3]) == (first[1] >> 1, first[3]) for it in items):
            # the same ability everywhere: the order changes nothing; the active player's first
            self._resolve(g, next((i for i, it in enumerate(items) if it[0] == g.active), 0))
            return None
        labels = sorted({self._label(g, it) for it in items})
        return Decision("order_triggers", g.active, "Effects trigger at the same time: choose which resolves next",
                        [Action("resolve", (t,)) for t in labels], {})

    def choose(self, g: "Game", a: Action) -> None:
        want = a.args[0]
        self._resolve(g, next(i for i, it in enumerate(self.items) if self._label(g, it) == want))

    def _resolve(self, g: "Game", i: int) -> None:
        ctrl, code, z, ai = self.items.pop(i)
        g.stack.append(EffectsFrame(ctrl, g.U[code >> 1].abilities[ai].effects, 0, code, "ability", z))


def battle_zone_squad(g: "Game", p: int) -> list[int]:
    b = g.battle
    return g.squads[p][b.zone] if b is not None else []


class ChooseUnitFrame(Frame):
    """A choice of one unit in `ctrl`'s squad in `zone`, made by `chooser`, for `purpose`:
    destroy (destroy_enemy_any) or remove (opponent_removes_own_unit: removed from the game)."""

    __slots__ = ("chooser", "ctrl", "zone", "purpose")

    def __init__(self, chooser: int, ctrl: int, zone: int, purpose: str) -> None:
        self.chooser, self.ctrl, self.zone, self.purpose = chooser, ctrl, zone, purpose

    def run(self, g: "Game") -> Decision | None:
        sq = g.squads[self.ctrl][self.zone]
        if not sq:
            g.stack.pop()
            return None
        whose = "your" if self.chooser == self.ctrl else "the enemy"
        prompt = {"destroy": f"Choose a unit of {whose} squad to destroy",
                  "remove": f"Choose a unit of {whose} squad to remove from the game"}[self.purpose]
        return Decision(self.purpose, self.chooser, prompt, position_options(g, self.purpose, self.ctrl, sq),
                        {"zone": g.zone_id(self.zone), "controller": self.ctrl})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        i = position_of(a)
        if self.purpose == "destroy":
            destroy_simultaneously(g, [(self.ctrl, self.zone, i)])
        else:
            g.remove_from_game(g.squads[self.ctrl][self.zone].pop(i))
            if g.squads[self.ctrl][self.zone]:
                enforce_limit(g, self.ctrl, self.zone)


class RecoverFrame(Frame):
    """recover: choose up to `left` matching cards from your discard pile, to hand or onto your draw pile."""

    __slots__ = ("p", "flt", "left", "to")

    def __init__(self, p: int, flt: dict, left: int, to: str) -> None:
        self.p, self.flt, self.left, self.to = p, flt, left, to

    def run(self, g: "Game") -> Decision | None:
        cands = sorted({c for c in g.discards[self.p] if matches(g, c, self.flt)})
        if self.left <= 0 or not cands:
            g.stack.pop()
            return None
        where = "your hand" if self.to == "hand" else "the top of your draw pile"
        opts = [DONE] + [Action("recover", (g.token(c, self.p),)) for c in cands]
        return Decision("recover", self.p, f"Return up to {counted(self.left, 'card')} from your discard pile to {where}",
                        opts, {"to": self.to, "left": self.left})

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            g.stack.pop()
            return
        code = g.code_of(a.args[0], self.p)
        g.discards[self.p].remove(code)
        (g.hands[self.p] if self.to == "hand" else g.draws[self.p]).append(code)
        self.left -= 1


# ---------------------------------------------------------------------- primitives
@primitive("none")
def _none(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    return None


@primitive("attack_bonus")
def _attack_bonus(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.atk[p] += eff.params["n"]
        g.battle.terms[p].append(("attack", eff.params["n"], *f.source(g)))


@primitive("defense_bonus")
def _defense_bonus(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.dfn[p] += eff.params["n"]
        g.battle.terms[p].append(("defense", eff.params["n"], *f.source(g)))


@primitive("bonus_per")
def _bonus_per(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.per[p].append(eff)  # counted at the start of B3
        g.battle.per_from[p].append(f.source(g))


@primitive("double_attack_if_all")
def _double(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.double[p].append(eff.params["keyword"])


@primitive("keep_in_hand")
def _keep(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.keep[p] = True


@primitive("ignore_opponent_icons")
def _ignore_icons(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    return None  # applied in B2b (battle.py) before any effect resolves


@primitive("end_battle_before_damage")
def _end_early(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    if g.battle is not None:
        g.battle.end_early = True


@primitive("destroy_enemy_top")
def _destroy_top(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    sq = battle_zone_squad(g, 1 - p)
    if sq:
        destroy_simultaneously(g, [(1 - p, g.battle.zone, 0)])


@primitive("destroy_enemy_bottom")
def _destroy_bottom(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    sq = battle_zone_squad(g, 1 - p)
    if sq:
        destroy_simultaneously(g, [(1 - p, g.battle.zone, len(sq) - 1)])


@primitive("destroy_enemy_any")
def _destroy_any(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if battle_zone_squad(g, 1 - p):
        g.stack.append(ChooseUnitFrame(p, 1 - p, g.battle.zone, "destroy"))


@primitive("opponent_removes_own_unit")
def _opp_removes(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if battle_zone_squad(g, 1 - p):
        g.stack.append(ChooseUnitFrame(1 - p, 1 - p, g.battle.zone, "remove"))


@primitive("join_squad_bottom")
def _join(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    b = g.battle
    if b is None or b.cards[p] < 0 or not g.squads[p][b.zone]:
        return
    g.squads[p][b.zone].append(b.cards[p])
    b.cards[p] = -1
    b.joined[p] = True
    enforce_limit(g, p, b.zone)


@primitive("send_home")
def _send_home(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    b = g.battle
    if eff.params.get("target") == "unit":
        z = f.zone if f.zone >= 0 else (b.zone if b is not None else -1)
        if z >= 0:
            g.stack.append(SendUnitHomeFrame(p, z, eff.params.get("whose") == "any",
                                             eff.params.get("pay") == "unit_activation",
                                             bool(eff.params.get("optional")), len(g.stack) - 1))
        return
    if b is None:
        return
    q = 1 - p
    if g.squads[q][b.zone]:
        if b.zone != g.cs.board.homes[q]:
            b.placed_away[q] = True
        place_squad(g, q, b.zone, g.cs.board.homes[q])
    if f.context == "crystal":  # Veyla's Veil: "...; the battle ends", also where the squad is already home
        b.end_early = True


@primitive("return_self_to_hand")
def _return_self(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    if f.zone >= 0 and f.src in g.squads[f.p][f.zone]:
        return_to_hand(g, f.p, f.zone, g.squads[f.p][f.zone].index(f.src))


@primitive("special")
def _special(g: "Game", f: EffectsFrame, eff: "Effect") -> None:

    handler = SPECIALS.get(eff.params["id"])
    if handler is not None:
        handler(g, f, eff)


def return_to_hand(g: "Game", ctrl: int, z: int, i: int) -> None:
    """A unit leaves the battlefield for its controller's hand (glossary: returning cards to hand); a unit
    controlled by the player who does not own it goes to its owner's discard pile instead (Gravebind)."""
    to_hand(g, ctrl, g.squads[ctrl][z].pop(i))
    if g.squads[ctrl][z]:
        enforce_limit(g, ctrl, z)


def to_hand(g: "Game", ctrl: int, code: int) -> None:
    """A card taken off the battlefield goes to its controller's hand, or to its owner's discard pile when
    its controller does not own it."""
    if code & 1 == ctrl:
        g.hands[ctrl].append(code)
    else:
        g.discard(code, "board")
    if g.events is not None and code & 1 == ctrl:
        g.note("to_hand", ctrl, g.U[code >> 1].id)


class SendUnitHomeFrame(Frame):
    """send_home {target: unit}: p picks one unit in zone z (an enemy unit, or with `anyone` any unit there)
    and places it in its controller's home zone; with `pay`, p first pays that unit's activation cost.
    `optional`: p may skip. `parent`: the EffectsFrame to tell when it happened (if_previous)."""

    __slots__ = ("p", "zone", "anyone", "pay", "optional", "parent")

    def __init__(self, p: int, zone: int, anyone: bool, pay: bool, optional: bool, parent: int) -> None:
        self.p, self.zone, self.anyone, self.pay = p, zone, anyone, pay
        self.optional, self.parent = optional, parent

    def run(self, g: "Game") -> Decision | None:
        p, z = self.p, self.zone
        skip = [Action("skip")] if self.optional else []
        opts = []
        U = g.U
        for ctrl in ((1 - p, p) if self.anyone else (1 - p,)):
            sq = g.squads[ctrl][z]
            if z == g.cs.board.homes[ctrl]:
                continue  # already at home: nothing would change
            whose = (("own",) if ctrl == p else ("enemy",)) if self.anyone else ()
            for a in position_options(g, "send", ctrl, sq):
                if self.pay and not g.can_pay(p, g.unit_activation(ctrl, z, position_of(a))):
                    continue
                opts.append(Action("send", a.args + whose))
        if not opts:
            g.stack.pop()
            return None
        opts = skip + opts
        cost = " (paying its activation cost)" if self.pay else ""
        return Decision("send_home", p, f"Send a unit in {g.zone_id(z)} to its home zone{cost}" +
                        (", or skip" if self.optional else ""), opts,
                        {"zone": g.zone_id(z), "pay": bool(self.pay), "optional": bool(self.optional)})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if a.kind == "skip":
            return
        p, z = self.p, self.zone
        ctrl = p if len(a.args) > 1 and a.args[1] == "own" else 1 - p
        i = position_of(a)
        code = g.squads[ctrl][z][i]
        if self.pay:
            g.pay(p, g.unit_activation(ctrl, z, i))
        carried_out(g, self.parent)
        place_squad(g, ctrl, z, g.cs.board.homes[ctrl], [code])


@primitive("reorder_enemy_squad")
def _reorder_enemy(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p

    b = g.battle
    if b is not None and meaningful_reorder(g.squads[1 - p][b.zone]):
        g.stack.append(ReorderFrame(1 - p, b.zone, p, 0))


@primitive("draw")
def _draw(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p

    g.stack.append(DrawFrame(p, eff.params["n"], "effect"))


@primitive("draw_per_destroyed")
def _draw_per_destroyed(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    if g.battle is not None:
        g.battle.dpd[p] += 1  # resolved at the end of B3


@primitive("mill_self")
def _mill_self(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    g.mill(f.p, eff.params["n"])


@primitive("gain_initiative")
def _gain(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    g.gain(p, eff.params["n"])


@primitive("mill_opponent")
def _mill_opponent(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    g.mill(1 - p, eff.params["n"])


@primitive("recover")
def _recover(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    prm = eff.params
    g.stack.append(RecoverFrame(p, prm["filter"], prm["max"], prm["to"]))


@primitive("damage_from_bottom")
def _from_bottom(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    if g.battle is not None:
        g.battle.from_bottom[f.p] = True


@primitive("opponent_uses_right_effect")
def _force_right(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    if g.battle is not None:
        g.battle.force_right[1 - f.p] = True


@primitive("destroy_enemy_squad")
def _destroy_squad(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    b = g.battle
    q = 1 - f.p
    if b is not None and g.squads[q][b.zone]:
        destroy_simultaneously(g, [(q, b.zone, i) for i in range(len(g.squads[q][b.zone]))])


@primitive("activation_free")
def _activation_free(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    return None  # applied by the activate action itself (rules.TurnFrame): the activation costs nothing


@primitive("free_action")
def _free_action(g: "Game", f: EffectsFrame, eff: "Effect") -> None:

    if eff.params["action"] == "replenish":
        g.stack.append(ReplenishFrame(f.p, [], True))


@primitive("look_at_opponent_hand")
def _look(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    if g.hands[1 - f.p]:
        g.stack.append(LookFrame(f.p))
        if g.secrecy is not None:
            g.stack.append(RevealFrame(1 - f.p, HAND))


@primitive("scry_opponent")
def _scry_opponent(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    prm = eff.params
    g.stack.append(ScryOpponentFrame(f.p, prm["n"], bool(prm.get("may_discard")), 0 if prm.get("optional") else 1))


@primitive("opponent_reveals_first")
def _reveals_first(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    b = g.battle
    if b is not None:
        # both players with the effect: it cancels out (-2) and the cards are revealed together
        b.first = -2 if b.first in (f.p, -2) else 1 - f.p


class LookFrame(Frame):
    """look_at_opponent_hand: p sees the opponent's hand (information only; the decision shows it)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision:
        q = 1 - self.p
        g.revealed()
        return Decision("look", self.p, "You see your opponent's hand", [DONE],
                        {"hand": [g.token(c, self.p) for c in sorted(g.hands[q])]}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()


class ScryOpponentFrame(Frame):
    """scry_opponent: p views the opponent's n uppermost draw-pile cards (an empty pile makes her reshuffle
    first); with may_discard, p may discard any of them; the rest stay as they were.
    Stage 0: an optional effect, look or skip; 1: look (reshuffle if needed); 2: discard choices."""

    __slots__ = ("p", "n", "may_discard", "stage")

    def __init__(self, p: int, n: int, may_discard: bool, stage: int) -> None:
        self.p, self.n, self.may_discard, self.stage = p, n, may_discard, stage

    def run(self, g: "Game") -> Decision | None:
        p, q = self.p, 1 - self.p
        if self.stage == 0:
            return Decision("scry_opponent", p, "You may look at the top of your opponent's draw pile",
                            [Action("look"), Action("skip")], {}, private=True)
        if self.stage == 1:
            self.stage = 2
            if not g.draws[q]:
                g.reshuffle(q)
            self.n = min(self.n, len(g.draws[q]))
            if g.secrecy is not None and self.n:
                g.stack.append(RevealFrame(q, PILE, self.n))
                return None
        pile = g.draws[q]
        seen = pile[len(pile) - self.n:][::-1] if self.n else []  # top first
        if not seen:
            g.stack.pop()
            return None
        g.revealed()
        opts = [DONE] + ([Action("discard", (g.token(c, p),)) for c in sorted(set(seen))] if self.may_discard else [])
        return Decision("scry_opponent", p, "The top of your opponent's draw pile: discard any of these, then done",
                        opts, {"seen": [g.token(c, p) for c in seen]}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        q = 1 - self.p
        if a.kind == "look":
            self.stage = 1
        elif a.kind in ("skip", "done"):
            g.stack.pop()
        else:
            code = g.code_of(a.args[0], self.p)
            pile = g.draws[q]
            j = max(i for i in range(len(pile) - self.n, len(pile)) if pile[i] == code)
            g.discard(pile.pop(j), "draw pile")
            g.revealed()  # the card lies face up now: an undo would put a card both have seen back on her pile
            self.n -= 1


@primitive("opponent_discards_chosen")
def _opponent_discards(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    g.stack.append(OpponentHandFrame(f.p, eff.params["n"]))
    if g.secrecy is not None and eff.params["n"] > 0:
        g.stack.append(RevealFrame(1 - f.p, HAND))


@primitive("scry_self")
def _scry_self(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    n = min(eff.params["n"], len(g.draws[f.p]))
    if n:
        g.stack.append(ScryFrame(f.p, n, eff.params.get("take", 0), 0, bool(eff.params.get("bottom_allowed"))))


@primitive("place_own_squad")
def _place_own_squad(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    g.stack.append(PlaceSquadFrame(f.p))


class OpponentHandFrame(Frame):
    """opponent_discards_chosen: p sees the opponent's hand and names cards there; she discards them."""

    __slots__ = ("p", "left")

    def __init__(self, p: int, left: int) -> None:
        self.p, self.left = p, left

    def run(self, g: "Game") -> Decision | None:
        q = 1 - self.p
        if self.left <= 0 or not g.hands[q]:
            g.stack.pop()
            return None
        g.revealed()
        opts = [Action("discard", (g.token(c, q),)) for c in g.hand_kinds(q)]
        return Decision("opponent_discard", self.p, "Choose a card from your opponent's hand; she discards it",
                        opts, {"left": self.left})

    def choose(self, g: "Game", a: Action) -> None:
        q = 1 - self.p
        code = g.code_of(a.args[0], q)
        g.hands[q].remove(code)
        g.discard(code, "hand")
        self.left -= 1


class ScryFrame(Frame):
    """scry_self: look at the top n cards of your draw pile (never reshuffles); take `take` of them into
    your hand, then choose the order of the rest, top first ('keep' leaves it); with `bottom`, any of them
    may go beneath the pile instead. The cards stay in the pile (its top end) while you look; what you
    take or reorder stays hidden from the opponent."""

    __slots__ = ("p", "n", "take", "pos", "bottom")

    def __init__(self, p: int, n: int, take: int, pos: int, bottom: bool = False) -> None:
        self.p, self.n, self.take, self.pos, self.bottom = p, n, take, pos, bottom

    def _looked(self, g: "Game") -> list[int]:
        pile = g.draws[self.p]
        return pile[len(pile) - self.n:][::-1]  # top first

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        secrecy = g.secrecy
        if secrecy is not None and not secrecy.sees(p):  # her page reorders them unseen: forget what they are
            pile = g.draws[p]
            pile[len(pile) - self.n:] = [secrecy.unknown[p]] * self.n
        looked = self._looked(g)
        g.revealed()
        if self.take > 0 and looked:
            opts = [Action("take", (g.token(c, p),)) for c in sorted(set(looked))]
            said = (f"You look at the top {counted(len(looked), 'card')} of your draw pile: take one into your hand"
                    if len(looked) > 1 else "You look at the top card of your draw pile: take it into your hand")
            return Decision("scry_take", p, said, opts, {"looking_at": len(looked)}, private=True)
        rest = looked[self.pos:]
        # private chance: whether she is asked may not tell the other page what the cards are (all alike?)
        alike = len(rest) if secrecy is not None else len(set(rest))
        if not rest or alike < 2 and not self.bottom:
            g.stack.pop()
            return None
        kinds = sorted(set(rest))
        opts = [Action("keep")] + ([Action("first", (g.token(c, p),)) for c in kinds] if alike > 1 else [])
        if self.bottom:
            opts += [Action("bottom", (g.token(c, p),)) for c in kinds]
        return Decision("scry_order", p, f"Put the looked-at cards back: choose card {self.pos + 1} from the top "
                        "(or keep the order)", opts, {"looking_at": len(looked), "position": self.pos + 1}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        pile = g.draws[p]
        g.mark_secret(1 - p, "never")
        if a.kind == "take":
            code = g.code_of(a.args[0], p)
            top = len(pile) - self.n
            j = max(i for i in range(top, len(pile)) if pile[i] == code)
            pile.pop(j)
            g.hands[p].append(code)
            self.n -= 1
            self.take -= 1
        elif a.kind == "keep":
            g.stack.pop()
        elif a.kind == "bottom":
            code = g.code_of(a.args[0], p)
            k = next(k for k in range(self.pos, self.n) if pile[len(pile) - 1 - k] == code)
            pile.insert(0, pile.pop(len(pile) - 1 - k))
            self.n -= 1
        else:
            code = g.code_of(a.args[0], p)
            # positions counted from the top: index len-1-k in the list
            k = next(k for k in range(self.pos, self.n) if pile[len(pile) - 1 - k] == code)
            card = pile.pop(len(pile) - 1 - k)
            pile.insert(len(pile) - self.pos, card)
            self.pos += 1


class PlaceSquadFrame(Frame):
    """place_own_squad (optional): place one of your squads into an adjacent zone (placing, not moving)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        opts = [Action("skip")]
        for z, sq in enumerate(g.squads[p]):
            if sq:
                for d in g.cs.board.adjacency[z]:
                    opts.append(Action("place", (g.zone_id(z), g.zone_id(d))))
        if len(opts) == 1:
            g.stack.pop()
            return None
        return Decision("place_squad", p, "You may place one of your squads in an adjacent zone", opts, {})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if a.kind == "place":
            zi = g.cs.board.zone_index
            place_squad(g, self.p, zi[a.args[0]], zi[a.args[1]])
