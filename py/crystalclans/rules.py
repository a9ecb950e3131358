"""Setup and the five actions: summon, activate (reorder, move, battle), score, replenish, invade.

Each action is a short sequence of decisions. Costs are paid when the action is committed; 'cancel' is
offered while nothing irreversible has happened (choosing units to summon, cards to discard, units to
split off).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision
from .battle import start_battle
from .crystals import crystal_on_gain, usable, use_crystal
from .effects import active_passives, passive_boost, passive_total, queue_triggers
from .hand import CANCEL, DONE, DrawFrame, MulliganFrame, ReplenishFrame  # noqa: F401  (re-exported)
from .registry import flag_on
from .squads import KEEP, ReorderFrame, enforce_limit, meaningful_reorder, position_of, settle, squad_token
from .summon import SummonFrame, parse_pick
from .summon import openings as summon_openings

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

STAY = Action("stay")
SPLIT = Action("split")
BATTLE = Action("battle")
REPLENISH = Action("replenish")
INVADE = Action("invade")


# ---------------------------------------------------------------------- setup
class SetupFrame(Frame):
    """Choose the first player (random from the seed unless given); the other draws one more card."""

    __slots__ = ("first",)

    def __init__(self, first: int | None) -> None:
        self.first = first

    def run(self, g: "Game") -> None:
        first = self.first if self.first is not None else g.rng.below(2)
        g.first_player = g.active = first
        for _ in range(g.cs.second_player_extra):
            g.draw_card(1 - first)
        if g.events is not None:
            g.note("turn", g.turn, first)
        g.owed.clear()  # no reshuffle can be due during setup
        g.stack.pop()
        return None


# ---------------------------------------------------------------------- the action choice
class TurnFrame(Frame):
    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision:
        p = self.p
        cs = g.cs
        budget = g.rel(p) + cs.track
        opts: list[Action] = []
        opts += summon_openings(g, p, budget)
        zones = cs.board.zone_ids
        squads = g.squads[p]
        free = [cs.crystals[g.collected[p][i][0]].id for i in usable(g, p, "on_activate_flip")] \
            if g.collected[p] else ()
        for z, sq in enumerate(squads):
            if sq:
                if g.activation_cost(p, z) <= budget:
                    opts.append(Action("activate", (zones[z],)))
                for cid in free:  # flip the crystal instead of paying
                    opts.append(Action("activate", (zones[z], "flip", cid)))
        if sum(1 for z in cs.board.crystal_zones if g.controls(p, z)) >= 2:
            for ci in g.crystal_row:
                if cs.crystals[ci].cost <= budget:
                    opts.append(Action("score", (cs.crystals[ci].id,)))
        if cs.replenish_cost <= budget:
            opts.append(REPLENISH)
        if cs.invade_cost <= budget and g.controls(p, cs.board.homes[1 - p]):
            opts.append(INVADE)
        return Decision("action", p, "Choose an action", opts, {"initiative": g.rel(p)})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        g.stack.pop()
        k = a.kind
        if g.events is not None:  # a summon's cards are told when it is done (they are secret until then)
            g.note("action", p, k, *(() if k == "summon" else a.args))
        if k == "summon":
            g.mark_secret(1 - p, "selection")  # hand contents: public only once the summon is done
            code, where = parse_pick(g, a, p)
            g.stack.append(SummonFrame(p, [code], [where]))
        elif k == "activate":
            z = g.cs.board.zone_index[a.args[0]]
            g.stack.append(ActivateFrame(p, z, 0, []))
            if len(a.args) > 1:  # "activate <zone> flip <crystal>": the crystal pays instead
                ci = g.cs.crystal_index[a.args[2]]
                use_crystal(g, p, next(i for i, c in enumerate(g.collected[p]) if c[0] == ci))
            else:
                g.pay(p, g.activation_cost(p, z))
        elif k == "score":
            ci = g.cs.crystal_index[a.args[0]]
            g.pay(p, g.cs.crystals[ci].cost)
            g.stack.append(GainCrystalFrame(p, ci, 0))
        elif k == "replenish":
            g.stack.append(ReplenishFrame(p, []))
        elif k == "invade":
            invade(g, p)


# ---------------------------------------------------------------------- activate
class ActivateFrame(Frame):
    """Stages: 0 reorder, 1 move choice, 2 choosing units to leave behind (split), 3 move target after a
    split, 5 after a move (on_move_into abilities of the moved units; `leave` then holds them), 4 battle
    choice."""

    __slots__ = ("p", "zone", "stage", "leave")

    def __init__(self, p: int, zone: int, stage: int, leave: list[int]) -> None:
        self.p, self.zone, self.stage, self.leave = p, zone, stage, leave

    def run(self, g: "Game") -> Decision | None:
        p, z = self.p, self.zone
        stage = self.stage
        if stage == 0:
            self.stage = 1
            if meaningful_reorder(g.squads[p][z]):
                g.stack.append(ReorderFrame(p, z, p, 0))
            return None
        if stage == 1:
            sq = g.squads[p][z]
            if not sq:  # trimmed away entirely cannot happen, but be safe
                g.stack.pop()
                return None
            dests = reachable(g, p, z, sq)
            # Part of the squad may move where the whole cannot (e.g. flyers leaving an enemy's zone).
            can_split = len(sq) > 1 and (bool(dests) or _some_part_can_move(g, p, z, sq))
            if not dests and not can_split:
                self.stage = 4
                return None
            opts = [STAY] + [Action("move", (g.zone_id(d),)) for d in dests]
            if can_split:
                opts.append(SPLIT)
            return Decision("move", p, f"Move your squad from {g.zone_id(z)}? (or split it, or stay)",
                            opts, {"zone": g.zone_id(z)})
        if stage == 2:  # no dead ends: "done" only when the units still going can go somewhere, and a unit
            sq = g.squads[p][z]  # may stay behind only if some of the rest can still move
            opts = [CANCEL]
            going = [i for i in range(len(sq)) if i not in self.leave]
            if self.leave and reachable(g, p, z, [sq[i] for i in going]):
                opts.insert(0, DONE)
            if len(going) > 1:
                prev = -1
                for i, c in enumerate(sq):
                    if i not in self.leave and not (c == prev and i - 1 not in self.leave):
                        rest = [sq[j] for j in going if j != i]
                        if reachable(g, p, z, rest) or _some_part_can_move(g, p, z, rest):
                            opts.append(Action("leave", (squad_token(g.U[c >> 1].id, c & 1, p, i),)))
                    prev = c
            return Decision("split", p, "Split: choose units that stay behind, then done",
                            opts, {"zone": g.zone_id(z), "leave": [i + 1 for i in self.leave]})
        if stage == 3:
            group = [c for i, c in enumerate(g.squads[p][z]) if i not in self.leave]
            dests = reachable(g, p, z, group)
            opts = [CANCEL] + [Action("move", (g.zone_id(d),)) for d in dests]
            return Decision("move", p, "Move the split-off units to", opts, {"zone": g.zone_id(z), "split_off": True})
        if stage == 5:  # the move is over (combined, reordered, trimmed): on_move_into abilities
            self.stage = 4
            moved, self.leave = self.leave, []
            sq = g.squads[p][z]
            left = sq[:]
            sources = []
            for c in moved:  # the moved units still in the squad, with their positions
                if c in left:
                    i = left.index(c)
                    left[i] = -1
                    sources.append((p, c, z, i))
            queue_triggers(g, sources, "on_move_into")
            return None
        # stage 4: battle?
        if g.squads[p][z] and g.squads[1 - p][z]:
            return Decision("battle", p, f"Battle the enemy squad in {g.zone_id(z)}?", [BATTLE, DONE],
                            {"zone": g.zone_id(z)})
        g.stack.pop()
        return None

    def choose(self, g: "Game", a: Action) -> None:
        p, z = self.p, self.zone
        k = a.kind
        if k == "stay":
            self.stage = 4
        elif k == "split":
            self.stage = 2
            self.leave = []
        elif k == "leave":
            self.leave.append(position_of(a))
        elif k == "cancel":
            self.stage = 1
            self.leave = []
        elif k == "done" and self.stage == 2:
            self.stage = 3
        elif k == "move":
            dest = g.cs.board.zone_index[a.args[0]]
            sq = g.squads[p][z]
            moving = [c for i, c in enumerate(sq) if i not in self.leave]
            staying = [c for i, c in enumerate(sq) if i in self.leave]
            combining = bool(g.squads[p][dest])
            if g.events is not None:
                g.note("move", p, g.zone_id(z), g.zone_id(dest), [g.U[c >> 1].id for c in moving])
            g.squads[p][z] = staying
            g.squads[p][dest] = moving + g.squads[p][dest]
            self.zone = dest
            self.stage = 5
            self.leave = moving
            settle(g, p, dest, reorder=combining)  # the activation's own reorder step came before the move
            if staying:
                enforce_limit(g, p, z)
        elif k == "battle":
            g.stack.pop()
            start_battle(g, p, z)
        elif k == "done":
            g.stack.pop()


def _some_part_can_move(g: "Game", p: int, z: int, sq: list[int]) -> bool:
    """Whether some proper part of a squad that cannot move as a whole could move (e.g. its flyers)."""
    movers = [c for c in sq if g.K[c >> 1].movement]
    if not movers:
        return False
    groups = [[c] for c in dict.fromkeys(movers)] + ([movers] if len(movers) < len(sq) else [])
    return any(reachable(g, p, z, grp) for grp in groups)


def movement_modes(g: "Game", group: list[int]) -> list[tuple[int, bool, bool]]:
    """(max_zones, leave_enemy_zone, stop_on_enemy) modes open to a moving group; the first is the basic
    one-zone move. Battlefield movement abilities count for the group's top unit."""
    modes = [(1, False, False)]
    for _, _, eff in active_passives(g, group, "movement", None):
        modes.append((int(eff.get("max_zones", 1)), bool(eff.get("leave_enemy_zone")),
                      bool(eff.get("stop_on_enemy"))))
    return modes


def move_links(g: "Game", p: int) -> tuple[int, ...]:
    """Supply Network: the zones holding p's squads with a switched-on `link` unit, adjacent to one another
    for p's moves (empty unless there are at least two)."""
    K = g.K
    out = []
    for z, sq in enumerate(g.squads[p]):
        if sq:
            for i, c in enumerate(sq):
                v = K[c >> 1].link
                if v and flag_on(v, i):
                    out.append(z)
                    break
    return tuple(out) if len(out) > 1 else ()


def reachable(g: "Game", p: int, z: int, group: list[int]) -> list[int]:
    """Zones the group can end its move in. A squad cannot leave a zone holding an enemy squad."""
    enemy = g.squads[1 - p]
    adj = g.cs.board.adjacency
    links = move_links(g, p)
    if links:
        adj = [tuple(adj[f]) + links if f in links else adj[f] for f in range(len(adj))]
    out: set[int] = set()
    for max_zones, leave_enemy, stop_on_enemy in movement_modes(g, group):
        if enemy[z] and not leave_enemy:
            continue
        frontier = [z]
        seen = {z}
        for _ in range(max_zones):
            nxt = []
            for f in frontier:
                if f != z and enemy[f] and (stop_on_enemy or not leave_enemy):
                    continue  # held (or stopped) by the enemy squad there
                for n in adj[f]:
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        out.update(seen)
    out.discard(z)
    return sorted(out)


# ---------------------------------------------------------------------- score
class GainCrystalFrame(Frame):
    """Place a crystal in p's collected crystals (she may win at once), resolve its on-gain effect, refill."""

    __slots__ = ("p", "ci", "stage")

    def __init__(self, p: int, ci: int, stage: int) -> None:
        self.p, self.ci, self.stage = p, ci, stage

    def run(self, g: "Game") -> None:
        p, ci = self.p, self.ci
        if self.stage == 0:
            self.stage = 1
            g.crystal_row.remove(ci)
            g.collected[p].append([ci, False])
            if g.events is not None:
                g.note("crystal", p, g.cs.crystals[ci].id)
            if g.crystal_count(p) >= g.cs.crystals_to_win:
                g.winner = p
                if g.events is not None:
                    g.note("win", p)
                return None
            crystal_on_gain(g, p, ci)
            return None
        g.stack.pop()
        g.refill_row()
        return None


class FreeScoreFrame(Frame):
    """After an action in which her opponent reshuffled, a player scores a crystal of her choice for free."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        if not g.crystal_row:
            g.stack.pop()
            return None
        cs = g.cs
        opts = [Action("score", (cs.crystals[ci].id,)) for ci in g.crystal_row]
        return Decision("free_score", self.p, "Your opponent reshuffled: score a crystal for free", opts, {})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if g.events is not None:
            g.note("action", self.p, "free_score", a.args[0])
        g.stack.append(GainCrystalFrame(self.p, g.cs.crystal_index[a.args[0]], 0))


# ---------------------------------------------------------------------- invade
def invade_attack(g: "Game", p: int, z: int) -> int:
    """The invading squad's total attack value: its units' attack values (printed + boosts to the unit
    itself, e.g. Devoted Leaders) plus invade_bonus (Siege); battle-only squad boosts do not count."""
    sq = g.squads[p][z]
    U = g.U
    return sum(U[c >> 1].attack for c in sq) + passive_boost(g, p, sq, z, "attack", unit_only=True) \
        + passive_total(g, sq, z, "invade_bonus")


def invade(g: "Game", p: int) -> None:
    """Pay 3; the opponent discards cards from her draw pile equal to the invading squad's attack; a
    reshuffle ends the invasion."""
    g.pay(p, g.cs.invade_cost)
    home = g.cs.board.homes[1 - p]
    attack = invade_attack(g, p, home)
    if g.events is not None:
        g.note("invade", p, attack)
    g.mill(1 - p, attack)


__all__ = [
    "ActivateFrame", "DrawFrame", "FreeScoreFrame", "GainCrystalFrame", "MulliganFrame", "ReplenishFrame",
    "SetupFrame", "SummonFrame", "TurnFrame", "invade", "reachable", "KEEP",
]
