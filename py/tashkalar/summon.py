"""Summoning a being or a legend: which cards can be summoned now, their legal placements (the pattern in
one of its distinct orientations, the being's square), the "too few pieces" rules, and the summon itself.

A summon is three small steps: `summon <card>` (turn.py's action choice), `at <square> <orientation>` (a
placement; each one's pattern squares are in the decision's info), and, only when the supply has no piece of
the being's kind and no own piece on the target can stand for it, `take <square>`: the own piece (not one of
the pattern) that leaves its square to become the being. `cancel` goes back while nothing has happened (at most MAX_CANCELS times a turn).

Rules: the pattern's squares need the player's pieces of the required rank or higher (War Summoner lets the
next summon use one enemy piece instead); the target may hold a piece of the being's rank or lower, which
is destroyed (an own piece there stands for the being when the supply is out), never a higher one. A common
or heroic being uses a two-sided piece, a legend a legendary one. Then the effect runs, then the card is
discarded. In the Duel summoning a legend scores 1 point; in the Melee 1 point in an enemy colour the player
chooses (asked before the effect).

Melee, improvised summons (`improvise <card> <colour>`): once per game and enemy colour, one piece of that
colour in the arena stands in for an own piece of its rank in the pattern. Its placements are only those that
do use such a piece (else it would be a plain summon); it stays the enemy's piece for the effect. Not offered
while War Summoner's borrowing is pending (one enemy piece per summon at most).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CANCEL, Action, Decision
from .board import ALL_MASK, BY_NAME, DIR_OF, NAME, on_board, squares_of, sq, xy
from .content import CARDS_T
from .effects import EffectCtx, start
from .effects.expansion import ANYWHERE, after_effect, anywhere, summoned, void_targets
from .frames import Frame
from .patterns import ANY_TARGET, NEEDS, ORIENTATIONS, targets, targets_borrowing
from .scoring import ColourPointFrame, add_points

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def _masks(g: "Game", p: int, rank: int) -> tuple[tuple[int, int, int], tuple[int, int, int], int]:
    c = g.colour[p] if g.summon_colour < 0 else g.summon_colour  # Possessed Summoner: another colour's pieces
    b = g.bits[c]
    own = (b[0] | b[1] | b[2], b[1] | b[2], b[2])
    r1 = r2 = any0 = 0
    for bb in g.bits:
        any0 |= bb[0] | bb[1] | bb[2]
        r1 |= bb[1]
        r2 |= bb[2]
    anyge = (any0, r1 | r2, r2)
    if rank == 0:
        ok = ALL_MASK & ~(r1 | r2)
    elif rank == 1:
        ok = ALL_MASK & ~r2
    else:
        ok = ALL_MASK
    return own, anyge, ok


def _supply_out(g: "Game", p: int, rank: int) -> bool:
    return not g.in_supply(g.colour[p], rank)


def placements(g: "Game", p: int, code: int, first_only: bool = False,
               imp: int = -1) -> list[tuple[int, int, int, int]]:
    """Legal placements of card `code` for player p: (target, orientation number in ORIENTATIONS[code],
    borrowed square or -1, 1 if a `take` must follow else 0). `first_only`: stop at the first one. `imp`:
    the Melee's improvised summon with a piece of that colour (only placements that use one)."""
    card = CARDS_T[code]
    rank = card.rank
    own, anyge, ok = _masks(g, p, rank)
    out = []
    out_of_supply = _supply_out(g, p, rank)
    borrow = g.borrow
    if imp >= 0:
        bi = g.bits[imp]
        anyge = (bi[0] | bi[1] | bi[2], bi[1] | bi[2], bi[2])
        borrow = 1
    for oi, o in enumerate(ORIENTATIONS[code]):
        found: list[tuple[int, int]] = []
        if imp < 0:
            m = targets(o, own, ok)
            if g.void:  # Void Summoner: up to g.void empty squares count as own common pieces
                m |= void_targets(g, o, own, ok)
            for t in squares_of(m):
                found.append((t, -1))
        else:
            m = 0
        if borrow:
            for mask, i in targets_borrowing(o, own, anyge, ok & ~m):
                dx, dy, _ = o.requires[i]
                for t in squares_of(mask):
                    x, y = xy(t)
                    found.append((t, sq(x + dx, y + dy)))
        for t, borrowed in found:
            take = 0
            if out_of_supply:
                take = _take_needed(g, p, rank, o, t)
                if take < 0:
                    continue
            if borrowed >= 0 and g.cells[borrowed] >> 2 == g.colour[p]:
                borrowed = -1
            if imp >= 0 and borrowed < 0:
                continue
            out.append((t, oi, borrowed, take))
            if first_only and code not in ANYWHERE:
                return out
    if borrow or g.void:
        out = sorted(set(out))
    if code in ANYWHERE:  # Time Traveler: the being goes on any empty colourless square
        out = anywhere(g, p, code, out)
    return out


def _take_needed(g: "Game", p: int, rank: int, o, t: int) -> int:
    """With the supply out: 0 if the own piece on the target stands for the being, 1 if an own piece from
    elsewhere (not of the pattern) must be taken, -1 if neither is possible."""
    me = g.colour[p]
    cell = g.cells[t]
    if cell >= 0 and cell >> 2 == me and ((cell & 3) == 2) == (rank == 2):
        return 0
    b = g.bits[me]
    pool = (b[2] if rank == 2 else b[0] | b[1]) & ~(1 << t)
    for d in o.deltas:
        pool &= ~(1 << (t + d))
    return 1 if pool else -1


def take_candidates(g: "Game", p: int, rank: int, o, t: int) -> list[int]:
    b = g.bits[g.colour[p]]
    pool = b[2] if rank == 2 else b[0] | b[1]
    pool &= ~(1 << t)
    for s, _ in o.squares(t):
        pool &= ~(1 << s)
    return squares_of(pool)


def summonable(g: "Game", p: int) -> list[int]:
    """The distinct beings and legends in p's hand that have a legal placement now (the hot path: with
    pieces in the supply and no borrowing, a card is summonable when any orientation has a target)."""
    out = []
    seen = set()
    masks: list = [None, None, None]
    b = g.bits[g.colour[p]]
    have = (b[0] | b[1] | b[2]).bit_count()
    upgraded = (b[1] | b[2]).bit_count()
    borrow = g.borrow or g.void or g.summon_colour >= 0  # the expansion's summoning help: placements decide
    for c in g.hands[p]:
        if c in seen:
            continue
        seen.add(c)
        card = CARDS_T[c]
        if card.kind == "flare" or not ORIENTATIONS[c]:
            continue
        need, need_up = NEEDS[c]
        if not borrow and (have < need or upgraded < need_up):
            continue
        rank = card.rank
        if borrow or (_supply_out(g, p, rank) and (b[2] if rank == 2 else b[0] | b[1]).bit_count() <= need + 1):
            # borrowing, or too few pieces with so few of the kind that taking one may be impossible
            if placements(g, p, c, first_only=True):
                out.append(c)
            continue
        m = masks[rank]
        if m is None:
            m = masks[rank] = _masks(g, p, rank)
        own, _, ok = m
        if ANY_TARGET[c](own[0], own[1], own[2], ok) and (c not in ANYWHERE or placements(g, p, c, True)):
            out.append(c)
    out.sort()
    return out


def improvisable(g: "Game", p: int) -> list[tuple[int, int]]:
    """Melee: (card, enemy colour) for each improvised summon p can make now."""
    used = g.improvised[p]
    me = g.colour[p]
    colours = [c for c in range(len(g.bits)) if c != me and not used >> c & 1 and g.own_mask(c)]
    if not colours:
        return []
    b = g.bits[me]
    own = (b[0] | b[1] | b[2], b[1] | b[2], b[2])
    have, upgraded = own[0].bit_count(), own[1].bit_count()
    oks: list = [None, None, None]
    out = []
    for c in sorted(set(g.hands[p])):
        card = CARDS_T[c]
        if card.kind == "flare" or not ORIENTATIONS[c]:
            continue
        need, need_up = NEEDS[c]
        if have + 1 < need or upgraded + 1 < need_up:  # one enemy piece at most fills a gap
            continue
        ok = oks[card.rank]
        if ok is None:
            ok = oks[card.rank] = _masks(g, p, card.rank)[2]
        fn = _IMPROVISE.get(c) or _improvise_function(c)
        # with the supply out, the "too few pieces" rules may rule a placement out, unless so many own pieces
        # of the kind stand that one outside the pattern and the target is always there to take
        exact = g.in_supply(me, card.rank) or (b[2] if card.rank == 2 else b[0] | b[1]).bit_count() > need
        for colour in colours:
            e = g.bits[colour]
            if not fn(own[0], own[1], own[2], e[0] | e[1] | e[2], e[1] | e[2], e[2], ok):
                continue
            if exact or placements(g, p, c, first_only=True, imp=colour):
                out.append((c, colour))
    return out


_IMPROVISE: dict = {}
MAX_CANCELS = 10  # summons a turn may cancel: `cancel` is a convenience, and endless cancels would make
# endless logs (rules.LOG_BOUND); after the 10th the placement must be chosen


def _improvise_function(code: int):
    """A function (own >=0/1/2 masks, enemy colour's >=0/1/2 masks, target_ok) -> nonzero when some orientation
    has a target with exactly one requirement met by the enemy piece and the others by own pieces: the
    borrowing match of `placements` unrolled into one expression, built once per card when first needed."""
    consts: dict = {}
    terms = []
    for k, o in enumerate(ORIENTATIONS[code]):
        consts[f"V{k}"] = o.valid
        for i in range(len(o.shifts)):
            parts = [f"V{k}", "ok"]
            for j, (d, r) in enumerate(o.shifts):
                src = f"e{r}" if i == j else f"o{r}"
                parts.append(f"({src} >> {d})" if d >= 0 else f"({src} << {-d})")
            terms.append("(" + " & ".join(parts) + ")")
    src = "def improvise(o0, o1, o2, e0, e1, e2, ok):\n    return " + (" or ".join(terms) or "0") + "\n"
    exec(src, consts)  # generated from our own card data only
    fn = _IMPROVISE[code] = consts["improvise"]
    return fn


def placement_info(code: int, t: int, oi: int, borrowed: int) -> dict:
    """What a placement's option shows: the pattern's squares, the marked squares, the borrowed piece (from
    the card data and the placement alone, not the game)."""
    o = ORIENTATIONS[code][oi]
    return {"pattern": [NAME[s] for s, _ in o.squares(t)] if code not in ANYWHERE else [],
            "marked": [NAME[sq(x, y)] for x, y in o.marks(t) if on_board(x, y)],
            "borrowed": NAME[borrowed] if borrowed >= 0 else None}


class SummonFrame(Frame):
    """Step 0: choose a placement (or cancel). Step 1: choose the piece to take (too few pieces)."""

    __slots__ = ("p", "code", "step", "target", "oi", "borrowed", "logged", "imp")

    def __init__(self, p: int, code: int, logged: int = -1, imp: int = -1) -> None:
        self.p, self.code, self.step, self.target, self.oi, self.borrowed = p, code, 0, -1, -1, -1
        self.logged = logged  # the log index of its `summon <card>`: hidden from the others if cancelled
        self.imp = imp  # Melee: the enemy colour of an improvised summon, else -1

    def run(self, g: "Game") -> Decision:
        card = CARDS_T[self.code]
        if self.step == 0:
            opts = []
            found = []
            code = self.code
            for t, oi, borrowed, _ in placements(g, self.p, code, imp=self.imp):
                opts.append(Action("at", (NAME[t], ORIENTATIONS[code][oi].index)))
                found.append((t, oi, borrowed))
            below = g.stack[-2] if len(g.stack) > 1 else None  # the TurnFrame that pushed this summon
            cancel = getattr(below, "cancels", 0) < MAX_CANCELS
            if cancel:
                opts.append(CANCEL)
            imp = self.imp

            def info() -> dict:  # built when shown (from the placements found now), not during a replay
                out = {"card": card.id, "placements": {f"{NAME[t]} {ORIENTATIONS[code][oi].index}":
                                                       placement_info(code, t, oi, borrowed)
                                                       for t, oi, borrowed in found}}
                if imp >= 0:
                    out["improvised_colour"] = imp
                return out
            return Decision("placement", self.p, f"Choose where to summon {card.name}: the being's square and "
                            "the pattern's orientation" + (" (or cancel)" if cancel else
                                                           f" (no more cancels: {MAX_CANCELS} this turn)"),
                            opts, info)
        o = ORIENTATIONS[self.code][self.oi]
        opts = [Action("take", (NAME[s],)) for s in take_candidates(g, self.p, card.rank, o, self.target)]
        return Decision("take", self.p, f"Your supply has no piece for {card.name}: choose one of your pieces "
                        "(not of the pattern) to become it", opts, {"target": NAME[self.target]})

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "cancel":
            g.stack.pop()
            g.stack[-1].cancels += 1
            if self.logged >= 0:
                g.hidden[self.logged] = self.p  # the card goes back to the hand, unseen
            return
        if a.kind == "at":  # a legal option: only its details are worked out again
            t = BY_NAME[a.args[0]]
            index = int(a.args[1])
            oi, o = next((i, o) for i, o in enumerate(ORIENTATIONS[self.code]) if o.index == index)
            me = g.colour[self.p] if g.summon_colour < 0 else g.summon_colour
            self.target, self.oi = t, oi
            self.borrowed = next((s for s, _ in o.squares(t) if g.cells[s] >> 2 != me), -1) \
                if self.code not in ANYWHERE else -1
            rank = CARDS_T[self.code].rank
            if _supply_out(g, self.p, rank) and _take_needed(g, self.p, rank, o, t) == 1:
                self.step = 1
                return
            self.commit(g, -1)
        else:
            self.commit(g, BY_NAME[a.args[0]])

    def commit(self, g: "Game", taken: int) -> None:
        p, code, t = self.p, self.code, self.target
        card = CARDS_T[code]
        rank = card.rank
        me = g.colour[p]
        o = ORIENTATIONS[code][self.oi]
        g.stack.pop()
        g.hands[p].remove(code)
        g.playing = code
        g.actions_left -= 1
        g.borrow = 0
        g.summon_colour, g.void = -1, 0
        g.summons.append((t, rank))
        if g.events is not None:
            g.note("summon", p, card.id, NAME[t], o.index)
        if self.imp >= 0:
            g.improvised[p] |= 1 << self.imp
            if g.events is not None:
                g.note("improvised", p, self.imp, NAME[self.borrowed] if self.borrowed >= 0 else None)
        out_of_supply = _supply_out(g, p, rank)
        cell = g.cells[t]
        over = -1  # the colour of a piece the summon destroyed (Royal Reindeer, Everfrost Sentinel)
        if out_of_supply and taken < 0:  # the own piece on the target stands for the being
            g.set_rank(t, rank)
        else:
            if cell >= 0:
                g.destroy(t, p)
                over = cell >> 2
            if taken >= 0:
                g.lift(taken)
                if g.events is not None:
                    g.note("lift", NAME[taken])
            g.put(t, me, rank)
        if rank == 2 and g.form == "duel":
            add_points(g, p, 1, "legend")
        pattern = [s for s, _ in o.squares(t)] if code not in ANYWHERE else []
        marks = [sq(x, y) for x, y in o.marks(t) if on_board(x, y)]
        dirs = tuple(DIR_OF[(dx, dy)] for dx, dy in o.marked if max(abs(dx), abs(dy)) == 1)
        g.stack.append(PlayedCardFrame())
        summoned(g, p, code, t)  # Nethervoid: the being may become the Gateway
        ctx = EffectCtx(p, code, "", t, pattern, marks, dirs)
        if over >= 0:
            ctx.regs["over"] = over
        start(g, ctx, card.id)
        if rank == 2 and g.form == "melee":  # asked first, before the effect
            g.stack.append(ColourPointFrame(p, tuple(c for c in range(g.n) if c != me), "legend"))


class PlayedCardFrame(Frame):
    """After the effect: the card goes to its discard pile and the effect context ends."""

    __slots__ = ()

    def run(self, g: "Game") -> None:
        g.stack.pop()
        if g.playing >= 0:
            if after_effect(g):  # the card goes elsewhere (Everfrost's frozen effects, Hell Hound)
                return None
            g.discard_card(g.playing)
            g.playing = -1
        g.fx = None
        return None


__all__ = ["summonable", "placements", "SummonFrame", "PlayedCardFrame"]
