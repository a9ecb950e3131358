"""The summon action and everything that shapes it (cards/DESIGN_NOTES.md 5.3, summon primitives).

Pick up to 3 units, then done; if the summon may go somewhere other than home, choose the zone; then pay,
place (one zone per summon), reorder and trim. Cancel stays possible until the zone is chosen.

What can change a summon, all read from data:
* where a card may come from: summon_from_discard. {self} on the card itself (Undying) lets it come out
  of the discard pile; the same primitive on a unit on the battlefield or on an on_summon_flip crystal
  (Keeper of Souls: flipped when used, `max` picks) lends that to matching cards.
* where the units may go: summon_into_zone on a unit on the battlefield (Call to Arms, Raise Dead) when
  every summoned unit matches its filter; on a summon crystal (Astral Pyramid, on_single_summon_flip:
  only for a single unit) by flipping it.
* what it costs: summon_cost_reduction on a unit on the battlefield.
* Shift (KindInfo.redirect, Shapeshifters on top of a squad outside the home zone): the summon may be
  redirected to that squad's zone (`zone c_west shift`); once the units are placed the Shapeshifters unit
  goes back to its controller's hand and she gains 1 initiative. Home-zone free summons (Clone) too.

A crystal's permission is used only where no free one gives the same (no pointless flips): the option
names the crystal it flips (`pick X from discard flip crystal.keeper_of_souls`, `zone c_west flip ...`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision, counted
from .crystals import SUMMON_TRIGGERS, turn_facedown
from .effects import EffectsFrame, condition_holds, matches, queue_triggers, to_hand
from .registry import flag_on, primitive
from .squads import enforce_limit, settle

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import Effect
    from .game import Game

HAND = -1  # where a pick comes from: the hand,
DISCARD = -2  # the discard pile by a free permission, or (>= 0) the discard pile by flipping that crystal
DONE = Action("done")
CANCEL = Action("cancel")


def board_modifiers(g: "Game", p: int) -> list[tuple[int, int, "Effect"]]:
    """(zone, source code, Effect) for every summon primitive switched on among p's units on the
    battlefield (battlefield abilities only on a top unit, conditions checked)."""
    out = []
    K = g.K
    for z, sq in enumerate(g.squads[p]):
        if not sq:
            continue
        for i, c in enumerate(sq):
            passives = K[c >> 1].summon_passives
            if not passives:
                continue
            for battlefield, eff in passives:
                if battlefield and i != 0:
                    continue
                cond = eff.params.get("condition")
                if cond and not condition_holds(g, cond, sq, c, z):
                    continue
                out.append((z, c, eff))
    return out


def crystal_modifiers(g: "Game", p: int, single: bool | None) -> list[tuple[int, "Effect"]]:
    """(crystal index, Effect) of p's face-up summon crystals; single: whether the summon has exactly one
    unit (None: not known yet, so on_single_summon_flip crystals are left out)."""
    out = []
    cs = g.cs
    for ci, facedown in g.collected[p]:
        cd = cs.crystals[ci]
        if facedown or cd.trigger not in SUMMON_TRIGGERS:
            continue
        if cd.trigger == "on_single_summon_flip" and not single:
            continue
        for eff in cd.effects:
            out.append((ci, eff))
    return out


def unit_cost(g: "Game", code: int, mods: list) -> int:
    n = g.U[code >> 1].summon
    for _, src, eff in mods:
        if eff.op == "summon_cost_reduction" and matches(g, code, eff.params["filter"], src):
            n -= eff.params["n"]
    return max(0, n)


def discard_permit(g: "Game", code: int, board: list, crystals: list, used: dict[int, int]) -> int | None:
    """How `code` may be taken out of the discard pile for a summon: DISCARD (a free permission), a crystal
    index (by flipping it; `used` counts picks already made per crystal), or None. `board` and `crystals`:
    the summon_from_discard modifiers in play."""
    if g.K[code >> 1].from_discard:
        return DISCARD
    for _, src, eff in board:
        if matches(g, code, eff.params["filter"], src):
            return DISCARD
    for ci, eff in crystals:
        if matches(g, code, eff.params["filter"]) and used.get(ci, 0) < eff.params.get("max", 1 << 30):
            return ci
    return None


def pick_action(g: "Game", verb: str, code: int, p: int, where: int) -> Action:
    tok = g.token(code, p)
    if where == HAND:
        return Action(verb, (tok,))
    if where == DISCARD:
        return Action(verb, (tok, "from", "discard"))
    return Action(verb, (tok, "from", "discard", "flip", g.cs.crystals[where].id))


def pick_options(g: "Game", p: int, verb: str, chosen: list[int], where: list[int], budget: int,
                 mods: list) -> list[Action]:
    """The cards p may add to a summon: from her hand, and from her discard pile where permitted, within
    `budget` initiative. `mods`: board_modifiers(g, p)."""
    U = g.U
    opts = []
    hand = g.hands[p]
    taken = [c for c, w in zip(chosen, where) if w == HAND] if chosen else None
    for c in sorted(set(hand)):
        if taken and hand.count(c) <= taken.count(c):
            continue
        u = U[c >> 1]
        if (unit_cost(g, c, mods) if mods else u.summon) <= budget:
            opts.append(Action(verb, (u.id if c & 1 == p else f"{u.id}@{c & 1}",)))
    pile = g.discards[p]
    if not pile:
        return opts
    board = [m for m in mods if m[2].op == "summon_from_discard"]
    crystals = [m for m in crystal_modifiers(g, p, None) if m[1].op == "summon_from_discard"] \
        if g.collected[p] else []
    if board or crystals:
        candidates = set(pile)
    else:
        K = g.K
        candidates = {c for c in pile if K[c >> 1].from_discard}
        if not candidates:
            return opts
    from_discard = [c for c, w in zip(chosen, where) if w != HAND] if chosen else None
    used: dict[int, int] = {}
    for w in where:
        if w >= 0:
            used[w] = used.get(w, 0) + 1
    for c in sorted(candidates):
        if from_discard and pile.count(c) <= from_discard.count(c):
            continue
        if (unit_cost(g, c, mods) if mods else U[c >> 1].summon) <= budget:
            permit = discard_permit(g, c, board, crystals, used)
            if permit is not None:
                opts.append(pick_action(g, verb, c, p, permit))
    return opts


def parse_pick(g: "Game", a: Action, p: int) -> tuple[int, int]:
    """(code, where) of a pick action."""
    code = g.code_of(a.args[0], p)
    if len(a.args) == 1:
        return code, HAND
    if len(a.args) == 3:
        return code, DISCARD
    return code, g.cs.crystal_index[a.args[4]]


def destinations(g: "Game", p: int, chosen: list[int], mods: list) -> list[tuple[int, int]]:
    """(zone, crystal to flip or -1) where this summon may go; home first. A zone open for free is not
    offered again by flipping a crystal."""
    cs = g.cs
    free = [cs.board.homes[p]]
    if not mods and not g.collected[p]:
        return [(free[0], -1)]
    flips: list[tuple[int, int]] = []

    def targets(z: int, eff: "Effect") -> list[int]:
        if eff.params["zone"] == "this_squad":
            return [z] if z >= 0 else []
        return [c for c in cs.board.crystal_zones if g.controls(p, c)]

    for z, src, eff in mods:
        if eff.op == "summon_into_zone" and all(matches(g, c, eff.params["filter"], src) for c in chosen):
            free.extend(targets(z, eff))
    for ci, eff in crystal_modifiers(g, p, len(chosen) == 1):
        if eff.op == "summon_into_zone" and all(matches(g, c, eff.params["filter"]) for c in chosen):
            flips.extend((t, ci) for t in targets(-1, eff))
    out = [(z, -1) for z in dict.fromkeys(free)]
    seen = set(free)
    for z, ci in flips:
        if z not in seen:
            seen.add(z)
            out.append((z, ci))
    return out


SHIFT_GAIN = 1


def shift_zones(g: "Game", p: int) -> list[tuple[int, int]]:
    """(zone, position of the Shift unit) for each of p's squads a summon may be redirected to (Shift).
    The home zone is left out: a summon goes there anyway, so there is nothing to redirect."""
    K = g.K
    home = g.cs.board.homes[p]
    out = []
    for z, sq in enumerate(g.squads[p]):
        if z == home:
            continue
        for i, c in enumerate(sq):
            if K[c >> 1].redirect and flag_on(K[c >> 1].redirect, i):
                out.append((z, i))
                break
    return out


def place_summon(g: "Game", p: int, codes: list[int], z: int, shift: bool) -> None:
    """Place summoned units on top of p's squad in z; with `shift` the Shift unit of that squad then goes
    back to her hand and she gains initiative. Then reorder and trim; on_summon abilities trigger after."""
    shifter = next((i for zz, i in shift_zones(g, p) if zz == z), -1) if shift else -1
    sq = codes + g.squads[p][z]
    g.squads[p][z] = sq
    if shifter >= 0:
        to_hand(g, p, sq.pop(len(codes) + shifter))
        g.gain(p, SHIFT_GAIN)
    queue_triggers(g, [(p, c, z, i) for i, c in enumerate(codes)], "on_summon")  # after the settling
    settle(g, p, z)


def openings(g: "Game", p: int, budget: int) -> list[Action]:
    """The summon actions p may start now (the first pick comes with the action)."""
    return pick_options(g, p, "summon", [], [], budget, board_modifiers(g, p))


class SummonFrame(Frame):
    """Stage 0: pick up to 3 units (the first pick comes with the action), then done. Stage 1 (only when the
    summon could go elsewhere than home): choose the zone. Then pay, flip the crystals used, place."""

    __slots__ = ("p", "chosen", "where", "stage", "mods")

    def __init__(self, p: int, chosen: list[int], where: list[int], stage: int = 0) -> None:
        self.p, self.chosen, self.where, self.stage = p, chosen, where, stage
        self.mods: list | None = None  # board_modifiers, once: the board does not change during a summon

    def modifiers(self, g: "Game") -> list:
        if self.mods is None:
            self.mods = board_modifiers(g, self.p)
        return self.mods

    def cost(self, g: "Game") -> int:
        mods = self.modifiers(g)
        if not mods:
            U = g.U
            return sum(U[c >> 1].summon for c in self.chosen)
        return sum(unit_cost(g, c, mods) for c in self.chosen)

    def run(self, g: "Game") -> Decision:
        p = self.p
        picked = [g.token(c, p) for c in self.chosen]
        mods = self.modifiers(g)
        spent = self.cost(g)
        if self.stage == 1:
            opts = [CANCEL]
            for z, ci in destinations(g, p, self.chosen, mods):
                opts.append(Action("zone", (g.zone_id(z),) if ci < 0 else (g.zone_id(z), "flip", g.cs.crystals[ci].id)))
            for z, _ in shift_zones(g, p):
                opts.append(Action("zone", (g.zone_id(z), "shift")))
            return Decision("summon_zone", p, "Summon: choose the zone the units go to", opts,
                            {"picked": picked, "cost": spent}, private=True)
        opts = [DONE, CANCEL]
        if len(self.chosen) < g.cs.summon_max:
            budget = g.rel(p) + g.cs.track - spent
            opts += pick_options(g, p, "pick", self.chosen, self.where, budget, mods)
        return Decision("summon", p, "Summon: pick more units (up to 3) or done", opts,
                        {"picked": picked, "cost": spent}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        k = a.kind
        if k == "pick":
            code, where = parse_pick(g, a, p)
            self.chosen.append(code)
            self.where.append(where)
            g.mark_secret(1 - p, "selection")
            return
        if k == "cancel":
            g.stack.pop()
            g.release_secrets("selection", keep_hidden=True)
            if g.events is not None:
                g.note("cancelled", p)
            return  # nothing happened; the action choice is asked again
        if k == "done":
            dests = destinations(g, p, self.chosen, self.modifiers(g))
            if len(dests) > 1 or shift_zones(g, p):
                self.stage = 1
                return
            self.commit(g, dests[0][0], -1)
            return
        args = a.args
        z = g.cs.board.zone_index[args[0]]
        if len(args) > 1 and args[1] == "shift":
            self.commit(g, z, -1, True)
        else:
            self.commit(g, z, g.cs.crystal_index[args[2]] if len(args) > 1 else -1)

    def commit(self, g: "Game", z: int, zone_crystal: int, shift: bool = False) -> None:
        p = self.p
        g.stack.pop()
        g.release_secrets("selection")
        if g.events is not None:
            g.note("summon", p, [g.U[c >> 1].id for c in self.chosen], g.zone_id(z),
                   sum(1 for w in self.where if w != HAND), shift)
        g.pay(p, self.cost(g))
        for code, where in zip(self.chosen, self.where):
            (g.hands[p] if where == HAND else g.discards[p]).remove(code)
        if zone_crystal >= 0 or any(w >= 0 for w in self.where):
            for ci in dict.fromkeys([w for w in self.where if w >= 0] + [zone_crystal]):
                if ci >= 0:
                    turn_facedown(g, p, ci)
        place_summon(g, p, self.chosen, z, shift)


# ---------------------------------------------------------------------- summoning by an effect
class SummonFreeFrame(Frame):
    """summon_free: summon up to `left` matching units from hand/discard without paying, into `zone`
    ('battling_squad': the bottom of your battling squad; 'home'; 'this_zone': the source unit's zone)."""

    __slots__ = ("p", "flt", "source", "zone", "left", "at")

    def __init__(self, p: int, flt: dict, source: str, zone: str, left: int, at: int) -> None:
        self.p, self.flt, self.source, self.zone, self.left, self.at = p, flt, source, zone, left, at

    def _target(self, g: "Game") -> int:
        if self.zone == "battling_squad":
            b = g.battle
            return b.zone if b is not None and g.squads[self.p][b.zone] else -1
        if self.zone == "home":
            return g.cs.board.homes[self.p]
        return self.at

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        opts = [DONE]
        # private chance: asked whenever her hand could hold a match, so whether she is asked tells nothing
        blind = g.secrecy is not None and self.source != "discard" and bool(g.hands[p])
        if self.left > 0 and self._target(g) >= 0:
            picks = []
            if self.source in ("hand", "hand_or_discard"):
                for c in sorted({c for c in g.hands[p] if matches(g, c, self.flt)}):
                    picks.append((g.token(c, p),))
            if self.source in ("discard", "hand_or_discard"):
                for c in sorted({c for c in g.discards[p] if matches(g, c, self.flt)}):
                    picks.append((g.token(c, p), "from", "discard"))
            # Shift may redirect a home-zone free summon (glossary: Tridents summoned by Clone)
            shifts = [g.zone_id(z) for z, _ in shift_zones(g, p)] if self.zone == "home" and picks else ()
            for args in picks:
                opts.append(Action("summon", args))
                opts.extend(Action("summon", args + ("shift", zid)) for zid in shifts)
        if len(opts) == 1 and not (blind and self.left > 0 and self._target(g) >= 0):
            g.stack.pop()
            return None
        return Decision("summon_free", p, f"You may summon up to {counted(self.left, 'unit')} for free", opts,
                        {"zone": self.zone, "left": self.left})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        if a.kind == "done":
            g.stack.pop()
            return
        args = a.args
        code = g.code_of(args[0], p)
        (g.discards[p] if len(args) > 1 and args[1] == "from" else g.hands[p]).remove(code)
        self.left -= 1
        shift = len(args) > 2 and args[-2] == "shift"  # "summon X [from discard] shift <zone>"
        z = g.cs.board.zone_index[args[-1]] if shift else self._target(g)
        if self.zone == "battling_squad":
            g.squads[p][z].append(code)  # joins at the bottom; no reorder during a battle
            queue_triggers(g, [(p, code, z, len(g.squads[p][z]) - 1)], "on_summon")
            enforce_limit(g, p, z)
        else:
            place_summon(g, p, [code], z, shift)




@primitive("summon_free")
def _summon_free(g: "Game", f: EffectsFrame, eff: "Effect") -> None:
    p = f.p
    prm = eff.params
    g.stack.append(SummonFreeFrame(p, prm["filter"], prm["from"], prm["zone"], prm["max"], f.zone))
