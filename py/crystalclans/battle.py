"""Battle: B0 start, B1 battle cards, B2 resolve, B3 damage, B4 discard (cards/DESIGN_NOTES.md 5.1).

The active player's squad in `zone` battles the opponent's squad there. Secret choices are asked in turn
(active player first); the first card stays hidden from the other player until both are revealed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .abilities import is_optional
from .actions import Action, Decision
from .cardset import BEATS, STYLES
from .crystals import B0_TRIGGERS, usable, use_crystal
from .effects import (EffectsFrame, active_passives, counter_value, destroy_simultaneously, passive_boost,
                      passive_terms, queue_triggers, stat_boost)
from .hand import DrawFrame
from .registry import flag_on
from .reveals import BATTLE, RevealFrame
from .squads import enforce_limit

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

NONE = -1  # no card (none played yet / none available)
KEEP_CARD = Action("keep")
DONE = Action("done")
DISCARD_CARD = Action("discard")
ICON_OPS = {
    "attack": ("attack_bonus",),
    "defense": ("defense_bonus",),
    "keep": ("keep_in_hand",),
}


class BattleState:
    """Everything one battle records. Indexed by player (0/1)."""

    __slots__ = (
        "attacker", "zone", "cards", "from_draw", "revealed", "sides", "atk", "dfn", "per", "double", "keep",
        "joined", "end_early", "destroyed", "dpd", "void", "from_bottom", "fought", "kept", "attack_values",
        "damage_skipped", "played", "force_right", "killers", "lost", "support", "placed_away", "first",
        "predict", "arith", "terms", "per_from", "crystals",
    )
    # how the damage was made (arith, terms, per_from) and the crystals used are for the story: not state
    KEY_SLOTS = __slots__[:-4]

    def __init__(self, attacker: int, zone: int) -> None:
        self.attacker = attacker
        self.zone = zone
        self.cards = [NONE, NONE]
        self.from_draw = [False, False]
        self.revealed = False
        self.sides = ["", ""]
        self.atk = [0, 0]
        self.dfn = [0, 0]
        self.per: list[list] = [[], []]  # deferred bonus_per effects (counted at the start of B3)
        self.double: list[list] = [[], []]  # double_attack_if_all keywords
        self.keep = [False, False]
        self.joined = [False, False]
        self.end_early = False
        self.destroyed: list[int] = []  # codes destroyed in this battle, both sides
        self.dpd = [0, 0]  # draw_per_destroyed effects
        self.void: list[tuple] = [(), ()]  # icons voided on player i's card by the opponent
        self.from_bottom = [False, False]
        self.fought = False
        self.kept = [False, False]
        self.attack_values = [0, 0]
        self.damage_skipped = False
        self.played = [NONE, NONE]  # the revealed cards (for the battle summary)
        self.force_right = [False, False]  # opponent_uses_right_effect applies to player i's card
        self.killers: list[int] = []  # players whose squad destroyed an enemy unit by damage
        self.lost: list[list[int]] = [[], []]  # codes destroyed out of player i's squads in this battle
        self.support: list[list] = [[], []]  # (source code, its zone, ability index): friendly_battle_elsewhere
        self.placed_away = [False, False]  # player i's battling squad was placed out of the zone (send_home)
        self.first = -1  # opponent_reveals_first: this player picks and reveals her card first (-2: cancelled)
        self.predict = ["", ""]  # Foresight: the style player i predicted for her opponent's card ("" none)
        self.arith: list = [None, None]  # attack_parts of each side when damage was dealt
        self.terms: list[list] = [[], []]  # (stat, n, source kind, source id) of each flat boost (battle_terms)
        self.per_from: list[list] = [[], []]  # the source of each deferred bonus_per in `per`
        self.crystals: list[list] = [[], []]  # crystal ids each player used in this battle

    def copy(self) -> "BattleState":
        b = BattleState.__new__(BattleState)
        for name in BattleState.__slots__:
            v = getattr(self, name)
            if type(v) is list:
                v = [x[:] if type(x) is list else x for x in v]
            setattr(b, name, v)
        return b

    def key(self) -> tuple:
        out = []
        for name in BattleState.KEY_SLOTS:
            v = getattr(self, name)
            if type(v) is list:
                v = tuple(tuple((e.op, tuple(sorted(e.params.items()))) if hasattr(e, "op") else e for e in x)
                          if type(x) is list else x for x in v)
            out.append(v)
        return tuple(out)


def start_battle(g: "Game", attacker: int, zone: int) -> None:
    g.battle = BattleState(attacker, zone)
    if g.events is not None:
        g.note("battle_start", attacker, g.zone_id(zone))
    g.stack.append(BattleFrame(0))


def both_present(g: "Game") -> bool:
    b = g.battle
    return bool(g.squads[0][b.zone]) and bool(g.squads[1][b.zone])


def triggered_side(my_style: str, other_style: str | None) -> str:
    """The left effect triggers when my style beats the other's; otherwise the right effect."""
    return "left" if other_style is not None and BEATS[my_style] == other_style else "right"


class BattleFrame(Frame):
    __slots__ = ("step",)

    # steps: 0 B0 (push choices), 8 after B0, 1 B1, 2 B2 (sides, voids, push effects), 3 after B2c,
    # 4 B3 (damage directions), 10 B3 damage, 5 after B3, 6 B4, 9 support after-effects, 7 end
    def __init__(self, step: int) -> None:
        self.step = step

    def run(self, g: "Game") -> Decision | None:
        b = g.battle
        step = self.step
        if step == 0:  # B0: support registers; the active player's battle-start choices, then the other's
            self.step = 8
            a = b.attacker
            register_support(g)
            K = g.K
            for p in (1 - a, a):  # pushed in reverse; a player predicts (Foresight) after her other B0 choices
                if any(K[c >> 1].foresight for c in g.squads[p][b.zone]):  # B0 may reorder, not add units
                    g.stack.append(ForesightFrame(p))
                g.stack.append(BattleStartFrame(p, battle_start_abilities(g, p)))
            return None
        if step == 8:  # a squad gone or moved away in B0, or an effect that ends it, ends the battle before any card
            self.step = 1 if both_present(g) and not b.end_early else 9
            return None
        if step == 1:  # B1: each player picks a card; an empty hand plays the draw pile's top card
            a = b.attacker
            order = (a, 1 - a) if b.first < 0 else (b.first, 1 - b.first)
            for p in order:
                if b.cards[p] == NONE and not b.from_draw[p]:
                    if g.hands[p]:
                        opts = [Action("play", (g.token(c, p),)) for c in g.hand_kinds(p)]
                        return Decision("battle_card", p, "Choose your battle card (secret)", opts,
                                        {"zone": g.zone_id(b.zone)}, secret=True)
                    b.cards[p] = g.take_top(p)
                    b.from_draw[p] = True
                    if g.secrecy is not None and b.first == p and b.cards[p] >= 0:
                        g.stack.append(RevealFrame(p, BATTLE))  # revealed first: shown at once
                        return None
            if g.secrecy is not None:  # private chance: the owners show their cards from the draw pile first
                self.step = 11
                for p in order[::-1]:
                    if b.from_draw[p] and b.cards[p] >= 0 and b.first != p:
                        g.stack.append(RevealFrame(p, BATTLE))
                return None
            step = 11
        if step == 11:  # B1: the reveal
            b.revealed = True
            b.played = b.cards[:]
            g.release_secrets("reveal")  # battle-card picks are public from the reveal on
            g.revealed()
            self.step = 2
            return None
        if step == 2:  # B2a sides, B2b voids, B2c effects (active player's first)
            self.step = 3
            U = g.U
            styles = [U[c >> 1].style if c >= 0 else None for c in b.cards]
            for p in (0, 1):
                if styles[p] is not None:
                    if b.force_right[p]:
                        b.sides[p] = "right"
                    elif b.predict[p] and b.predict[p] == styles[1 - p]:
                        b.sides[p] = "left"  # Foresight: a correct prediction
                    else:
                        b.sides[p] = triggered_side(styles[p], styles[1 - p])
            effects = [_side_effects(g, p) for p in (0, 1)]
            for p in (0, 1):
                voided = tuple(e.get("icon") for e in effects[p] if e.op == "ignore_opponent_icons")
                b.void[1 - p] = voided

            a = b.attacker
            for p in (1 - a, a):  # pushed in reverse: the active player's card resolves first
                effs = effects[p]
                if b.void[p]:
                    dropped = {op for icon in b.void[p] for op in ICON_OPS.get(icon, ())}
                    effs = tuple(e for e in effs if e.op not in dropped
                                 and not (e.op == "bonus_per" and e.get("stat") in b.void[p]))
                if effs:
                    g.stack.append(EffectsFrame(p, effs, 0, b.cards[p], "battle"))
            return None
        if step == 3:  # B2d: an ended battle skips B3 (after_damage abilities still resolve)
            self.step = 5 if b.end_early else 4
            return None
        if step == 4:  # B3: damage directions (active player first), then damage
            self.step = 10
            if both_present(g):
                a = b.attacker
                for p in (1 - a, a):
                    if not b.from_bottom[p]:
                        mode = damage_direction(g, p)
                        if mode == "always":
                            b.from_bottom[p] = True
                        elif mode == "choose":
                            g.stack.append(DirectionFrame(p))
            return None
        if step == 10:
            self.step = 5
            if both_present(g):
                apply_damage(g)
            else:
                b.damage_skipped = True
            return None
        if step == 5:  # end of B3: on_squad_destroys and after_damage abilities, draw_per_destroyed
            self.step = 6
            a = b.attacker
            n = len(b.destroyed)
            for p in (1 - a, a):  # pushed in reverse: the active player's draws come first
                if b.dpd[p] and n and not b.end_early:
                    g.stack.append(DrawFrame(p, n * b.dpd[p], "battle"))
            sources = [(p, c, b.zone, i) for p in (a, 1 - a) for i, c in enumerate(g.squads[p][b.zone])]
            queue_triggers(g, sources, "after_damage")
            queue_triggers(g, [s for s in sources if s[0] in b.killers], "on_squad_destroys")
            return None
        if step == 6:  # B4: keep-in-hand choices, then battle cards to their owners' discard piles
            a = b.attacker
            for p in (a, 1 - a):
                c = b.cards[p]
                if c >= 0 and b.keep[p] and not b.joined[p]:
                    b.keep[p] = False  # asked once
                    return Decision("keep", p, "Keep your battle card in hand instead of discarding it?",
                                    [KEEP_CARD, DISCARD_CARD], {"card": g.token(c, p)})
            for p in (0, 1):
                c = b.cards[p]
                if c >= 0 and not b.joined[p]:
                    if b.kept[p]:
                        g.hands[p].append(c)
                    else:
                        g.discard(c)
                b.cards[p] = NONE
            self.step = 9
            return None
        if step == 9:  # the supporters' other effects (Time Anomaly), now that the battle's losses are known
            self.step = 7
            for p in (1 - b.attacker, b.attacker):
                for code, z, ai in b.support[p]:
                    rest = tuple(e for e in g.U[code >> 1].abilities[ai].effects if e.op not in SUPPORT_STATS)
                    if rest:
                        g.stack.append(EffectsFrame(p, rest, 0, code, "support", z))
            return None
        # step 7: the battle is over
        finish_battle(g)
        return None

    def choose(self, g: "Game", a: Action) -> None:
        b = g.battle
        if a.kind == "play":
            p = g.decision.player  # type: ignore[union-attr]
            code = g.code_of(a.args[0], p)
            g.hands[p].remove(code)
            b.cards[p] = code
            if b.first != p:  # a card revealed first is public at once
                g.mark_secret(1 - p, "reveal")
        elif a.kind == "keep":
            b.kept[g.decision.player] = True  # type: ignore[union-attr]


SUPPORT_STATS = ("attack_bonus", "defense_bonus", "bonus_per")


def register_support(g: "Game") -> None:
    """B0: each player's friendly_battle_elsewhere abilities of squads outside the battle zone (range
    adjacent: only from a zone adjacent to it) register; their stat effects count for her battling squad."""
    b = g.battle
    K = g.K
    U = g.U
    adjacent = g.cs.board.adjacency[b.zone]
    for p in (0, 1):
        for z, sq in enumerate(g.squads[p]):
            if z == b.zone:
                continue
            for i, c in enumerate(sq):
                for ability in K[c >> 1].friendly_battle_elsewhere:
                    if ability.battlefield and i != 0:
                        continue
                    if ability.params.get("range") == "adjacent" and z not in adjacent:
                        continue
                    b.support[p].append((c, z, U[c >> 1].abilities.index(ability)))


def support_boost(g: "Game", p: int, stat: str) -> int:
    """What p's registered supporters add to her battling squad's `stat` in this battle."""
    b = g.battle
    if not b.support[p]:
        return 0
    flat = "attack_bonus" if stat == "attack" else "defense_bonus"
    sq = g.squads[p][b.zone]
    total = 0
    for code, _, ai in b.support[p]:
        for e in g.U[code >> 1].abilities[ai].effects:
            if e.op == flat:
                total += e.params["n"]
            elif e.op == "bonus_per" and e.params["stat"] == stat:
                total += e.params["n"] * counter_value(g, p, e, sq, None)
    return total


def damage_direction(g: "Game", p: int) -> str:
    """'always', 'choose' or 'never': whether p's battling squad's damage may enter from the enemy's bottom
    unit by a switched-on damage_from_bottom ability (Flank; optional: decided anew each battle)."""
    b = g.battle
    sq = g.squads[p][b.zone]
    mode = "never"
    for _, _, eff in active_passives(g, sq, "stat_passives", b.zone):
        if eff.op == "damage_from_bottom":
            if not eff.params.get("optional"):
                return "always"
            mode = "choose"
    return mode


class DirectionFrame(Frame):
    """Start of B3: p chooses where her squad's damage enters the enemy squad."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision:
        return Decision("damage_direction", self.p, "Your damage enters the enemy squad at its top or its bottom unit",
                        [Action("damage", ("top",)), Action("damage", ("bottom",))], {"zone": g.zone_id(g.battle.zone)})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        g.battle.from_bottom[self.p] = a.args[0] == "bottom"


def battle_start_abilities(g: "Game", p: int) -> list[tuple[int, int]]:
    """(source code, ability index) of p's battle_start_before_cards abilities switched on as the battle
    begins (a battlefield ability only on the top unit)."""
    b = g.battle
    out = []
    K = g.K
    U = g.U
    for i, c in enumerate(g.squads[p][b.zone]):
        for ability in K[c >> 1].battle_start_before_cards:
            if not ability.battlefield or i == 0:
                out.append((c, U[c >> 1].abilities.index(ability)))
    return out


class BattleStartFrame(Frame):
    """B0 for player p: her battle-start crystals (flip facedown or remove from the game) and her
    battle_start_before_cards abilities, one at a time in the order she likes, then done. An ability that
    is a "may" can be left unused; the others must all be used before done."""

    __slots__ = ("p", "pending")

    def __init__(self, p: int, pending: list[tuple[int, int]]) -> None:
        self.p, self.pending = p, pending

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        b = g.battle
        if b is None or not both_present(g):
            g.stack.pop()
            return None
        U = g.U
        sq = g.squads[p][b.zone]
        self.pending = [(c, ai) for c, ai in self.pending
                        if c in sq and (not U[c >> 1].abilities[ai].battlefield or sq[0] == c)]
        must = any(not is_optional(U[c >> 1].abilities[ai]) for c, ai in self.pending)
        opts = [] if must else [DONE]
        for c, ai in self.pending:
            opts.append(Action("use", (U[c >> 1].abilities[ai].id,)))
        for trigger in B0_TRIGGERS:
            verb = "remove" if trigger.endswith("_remove") else "flip"
            for i in usable(g, p, trigger):
                opts.append(Action(verb, (g.cs.crystals[g.collected[p][i][0]].id,)))
        if not opts or opts == [DONE]:
            g.stack.pop()
            return None
        return Decision("battle_start", p, "Battle start: use an ability or a crystal (flip it facedown, or remove "
                        "it from the game), then done", opts, {"zone": g.zone_id(b.zone)})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        if a.kind == "done":
            g.stack.pop()
        elif a.kind == "use":

            U = g.U
            j = next(j for j, (c, ai) in enumerate(self.pending) if U[c >> 1].abilities[ai].id == a.args[0])
            c, ai = self.pending.pop(j)
            g.stack.append(EffectsFrame(p, U[c >> 1].abilities[ai].effects, 0, c, "ability", g.battle.zone))
        else:
            ci = g.cs.crystal_index[a.args[0]]
            use_crystal(g, p, next(i for i, c in enumerate(g.collected[p]) if c[0] == ci))


PREDICTIONS = tuple(Action("predict", (s,)) for s in STYLES)


class ForesightFrame(Frame):
    """B0, after p's other battle-start choices: if Foresight is switched on in her battling squad, she
    secretly predicts the style of her opponent's battle card (hidden from the opponent until the reveal)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        b = g.battle
        p = self.p
        if b is None or not both_present(g) or not has_foresight(g, p):
            g.stack.pop()
            return None
        return Decision("foresight", p, "Foresight: secretly predict the style of your opponent's battle card",
                        list(PREDICTIONS), {"zone": g.zone_id(b.zone)}, secret=True)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        g.battle.predict[self.p] = a.args[0]
        g.mark_secret(1 - self.p, "reveal")


def has_foresight(g: "Game", p: int) -> bool:
    K = g.K
    for i, c in enumerate(g.squads[p][g.battle.zone]):
        if flag_on(K[c >> 1].foresight, i):
            return True
    return False


def _side_effects(g: "Game", p: int) -> tuple:
    b = g.battle
    c = b.cards[p]
    if c < 0:
        return ()
    u = g.U[c >> 1]
    return u.left if b.sides[p] == "left" else u.right


def finish_battle(g: "Game") -> None:
    b = g.battle
    g.stack.pop()
    U = g.U
    g.last_battle = {
        "zone": g.zone_id(b.zone),
        "attacker": b.attacker,
        "cards": [U[c >> 1].id if c >= 0 else None for c in b.played],
        "sides": list(b.sides),
        "attack": list(b.attack_values),
        "destroyed": [U[c >> 1].id for c in b.destroyed],
        "kept": list(b.kept),
        "joined": list(b.joined),
        "ended_early": b.end_early or not b.revealed,  # by an effect, or before any card (Veyla's Veil)
        "damage_skipped": b.damage_skipped,
        "predictions": list(b.predict) if b.revealed else ["", ""],
        "lost": [[U[c >> 1].id for c in b.lost[p]] for p in (0, 1)],
        "arith": [dict(a) if a else None for a in b.arith],
        "crystals": [list(c) for c in b.crystals],
        "from_draw": list(b.from_draw),  # an empty hand played the draw pile's top card (or none was left)
    }
    if g.events is not None:
        g.note("battle", g.last_battle)
    if not b.revealed and g.open_secrets:
        g.release_secrets("reveal", keep_hidden=True)  # a prediction in a battle that ended in B0 stays secret
    g.battle = None
    for p in (0, 1):
        if g.squads[p][b.zone]:
            enforce_limit(g, p, b.zone)


# ---------------------------------------------------------------------- B3
def squad_attack(g: "Game", p: int, z: int) -> int:
    """Attack of p's squad in z for this battle: its units' attack + attack boosts (battle cards and
    abilities), doubled by double_attack_if_all; the opponent's defense boosts are subtracted later.
    Sleep (the enemy's top unit has it): this squad's top unit counts a printed attack of 0 and boosts to
    it alone are ignored."""
    return attack_parts(g, p, z)["total"]


def attack_parts(g: "Game", p: int, z: int) -> dict:
    """How squad_attack is made: printed attack of the units, the battle cards' boosts, the abilities'
    boosts (the squad's own and support from elsewhere), Sleep's loss, doubling; and the total."""
    sq = g.squads[p][z]
    U = g.U
    enemy = g.squads[1 - p][z]
    asleep = bool(enemy) and g.K[enemy[0] >> 1].sleep
    units = sum(U[c >> 1].attack for c in sq)
    abilities = stat_boost(g, p, z, "attack", asleep) + support_boost(g, p, "attack")
    sleep = -U[sq[0] >> 1].attack if asleep and sq else 0
    total = units + g.battle.atk[p] + abilities + sleep
    doubled = any(all(kw in U[c >> 1].keywords for c in sq) for kw in g.battle.double[p])
    return {"units": units, "card": g.battle.atk[p], "abilities": abilities, "sleep": sleep, "doubled": doubled,
            "total": total * 2 if doubled else total}


def squad_numbers(g: "Game", p: int, z: int) -> dict | None:
    """The numbers a table shows for p's squad in zone z outside a battle, as the engine counts them:
    `attack` (the units' attack values with the squad's own switched-on boosts; battle cards, Sleep and
    support from elsewhere join in a battle), `defense` (the units' defense values, which damage must cover),
    `shield` (the squad's own defense boosts, which lower the enemy's attack in a battle), `activation`
    (what activating it costs) and `unit_activation` (each unit's own, top first). None: no squad there."""
    sq = g.squads[p][z]
    if not sq:
        return None
    U = g.U
    return {"attack": sum(U[c >> 1].attack for c in sq) + passive_boost(g, p, sq, z, "attack"),
            "defense": sum(U[c >> 1].defense for c in sq),
            "shield": passive_boost(g, p, sq, z, "defense"),
            "activation": g.activation_cost(p, z),
            "unit_activation": [g.unit_activation(p, z, i) for i in range(len(sq))]}


def battle_terms(g: "Game", p: int, z: int, stat: str) -> list[dict]:
    """Every term of p's squad's `stat` boost in this battle with its source, for the story and the battle
    box: {"source": "card" | "crystal" | "ability" | "support" | "special", "id": unit, crystal or special id,
    "n": how much}. The terms of "attack" add up to attack_parts' card + abilities; those of "defense" to
    squad_defense_boost."""
    b = g.battle
    sq = g.squads[p][z]
    U = g.U
    out = [{"source": kind, "id": sid, "n": n} for st, n, kind, sid in b.terms[p] if st == stat]
    for eff, (kind, sid) in zip(b.per[p], b.per_from[p]):
        if eff.params["stat"] == stat:
            out.append({"source": kind, "id": sid, "n": eff.params["n"] * counter_value(g, p, eff, sq, None)})
    enemy = g.squads[1 - p][z]
    asleep = stat == "attack" and bool(enemy) and g.K[enemy[0] >> 1].sleep
    for code, n in passive_terms(g, p, sq, z, stat, top_asleep=asleep):
        out.append({"source": "ability", "id": U[code >> 1].id, "n": n})
    flat = "attack_bonus" if stat == "attack" else "defense_bonus"
    for code, _, ai in b.support[p]:
        for e in U[code >> 1].abilities[ai].effects:
            n = e.params["n"] if e.op == flat else e.params["n"] * counter_value(g, p, e, sq, None) \
                if e.op == "bonus_per" and e.params["stat"] == stat else 0
            if n:
                out.append({"source": "support", "id": U[code >> 1].id, "n": n})
    return [t for t in out if t["n"]]


def squad_defense_boost(g: "Game", p: int, z: int) -> int:
    """Defense boosts of p's squad: they lower the opposing squad's attack."""
    return g.battle.dfn[p] + stat_boost(g, p, z, "defense") + support_boost(g, p, "defense")


def damage_targets(g: "Game", squad: list[int], damage: int, from_bottom: bool) -> list[int]:
    """Positions destroyed by `damage` dealt unit by unit; a remainder too small for the next unit is lost."""
    U = g.U
    order = range(len(squad) - 1, -1, -1) if from_bottom else range(len(squad))
    out = []
    for i in order:
        d = U[squad[i] >> 1].defense
        if damage >= d:
            damage -= d
            out.append(i)
        else:
            break
    return out


def apply_damage(g: "Game") -> None:
    """Simultaneous damage; all destroyed units are discarded at once, then on_destroyed triggers."""
    b = g.battle
    z = b.zone
    b.fought = True
    dmg = [0, 0]
    for p in (0, 1):
        b.arith[p] = attack_parts(g, p, z)
        b.attack_values[p] = b.arith[p]["total"]
    for p in (0, 1):
        b.arith[p]["terms"] = battle_terms(g, p, z, "attack")
        b.arith[p]["enemy_terms"] = battle_terms(g, 1 - p, z, "defense")
    for p in (0, 1):
        shield = squad_defense_boost(g, 1 - p, z)
        dmg[p] = max(0, b.attack_values[p] - shield)
        b.arith[p]["enemy_defense"] = shield
        b.arith[p]["damage"] = dmg[p]
    b.attack_values = dmg
    hits = []
    killers = []
    for p in (0, 1):  # p deals damage to the other squad
        q = 1 - p
        targets = damage_targets(g, g.squads[q][z], dmg[p], b.from_bottom[p])
        hits.extend((q, z, i) for i in targets)
        if targets:
            killers.append(p)
    b.killers = killers  # their on_squad_destroys abilities resolve after the destructions (step 5)
    destroy_simultaneously(g, hits)
