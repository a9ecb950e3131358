"""The Everfrost school (expansion): its 18 effects as step lists (script.py), the frozen effects, and the
school's extra rule.

Frozen effects (our reading of the expansion's rule, written in our words):
* When a being whose card has a frozen text (FROZEN below) has been summoned and its effect is over, the card
  does not go to the discard pile: its frozen effect goes into play, face up beside its owner. A player has
  at most one frozen effect in play; when she already has one, she keeps one of the two (`keep <card>`) and
  the other goes to her discard pile.
* On her own turn, before or after any action (also after the last one, like a flare), she may thaw it
  (`thaw <card>`): the frozen text's effect happens, then the card goes to her discard pile. Thawing is not
  an action.
* Frozen Chest puts a card with a frozen text from her discard pile into play the same way.

Other state this school uses (game.py): `malus` (Everfrost Sentinel: actions fewer on the next turn) and
`removed` (Deathbringer: pieces taken out of the game, so their colour's supply is smaller for good).

TEXTS and FROZEN are the cards' texts in our own words; datasync.py writes them into data/schools.json.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Decision
from ..board import ADJ, BY_NAME, DIRS, NAME, STEP, on_board, sq, xy
from ..content import BY_ID, CARDS_T
from ..frames import Frame
from ..story import FIELDS
from .context import EffectCtx
from .primitives import UP_TO_ANY, CardChoiceFrame, DirFrame, HandDiscardFrame, MovesFrame, PickFrame
from .script import CALLS, CONDITIONS, act, borrow, call, choose, direction, gain, moves, pick, when

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

TEXTS = {
    "everfrost/snow-fox": "This being may make up to two standard moves.",
    "everfrost/royal-reindeer": "This being may make one combat leap to a square at distance exactly 2. If "
                                "neither its summoning nor that leap destroyed a piece, upgrade it.",
    "everfrost/crystal-mirror": "Choose one heroic piece, or up to two common pieces, of any colour on the "
                                "squares at most two columns away on the marked side (the three rows of the "
                                "pattern). For each, put a piece of yours of the same rank on the square "
                                "that mirrors it across the pattern's line, if that square is empty.",
    "everfrost/crystal-grower": "For each enemy colour, upgrade one of its common pieces.",
    "everfrost/ice-princess": "One of your common pieces other than this being may make one combat move.",
    "everfrost/ice-queen": "One of your heroic pieces other than this being may make one combat move.",
    "everfrost/frostweave-summoner": "Nothing happens when it is summoned; only its frozen effect acts.",
    "everfrost/winter-whisperer": "Nothing happens when it is summoned; only its frozen effect acts.",
    "everfrost/frozen-chest": "You may put a card with a frozen effect from your discard pile into play as "
                              "your frozen effect (you still keep only one).",
    "everfrost/everfrost-sentinel": "If the summoning destroyed an enemy piece, you may downgrade this being; "
                                    "then every other player has one action fewer in her next turn.",
    "everfrost/glacier-giant": "This being may make any number of combat moves, all in one of the marked "
                               "directions. If it moved, it may go one square further onto a legendary piece: "
                               "that piece and this being are both destroyed.",
    "everfrost/polar-bear": "This being may make a combat move. If that destroyed a piece, it may make a "
                            "standard move; if that one also destroyed a piece, it may move once more onto an "
                            "empty square.",
    "everfrost/war-sled": "This being may make up to three combat moves: the first toward a marked square, "
                          "each later one in the previous move's direction or one turned by 45 degrees.",
    "everfrost/snow-monster": "Destroy every enemy common piece within distance 2 of this being that stands "
                              "next to at least one of your pieces.",
    "everfrost/frost-imp": "You may choose a common piece (any colour) next to this being and a direction: it "
                           "makes standard moves that way for as long as it can.",
    "everfrost/ice-wyvern": "This being may make one combat leap to any square. If the leap destroyed a piece, "
                            "destroy this being.",
    "everfrost/deathbringer": "You may destroy a piece next to this being: a heroic one only if at least one "
                              "other piece of yours is next to it, a legendary one only if three are. It counts "
                              "as two destroyed pieces and leaves the game for good.",
    "everfrost/frostweave-illusionist": "Replace this being by a common piece of an enemy colour (if that colour "
                                        "has one in its supply).",
}

FROZEN = {
    "everfrost/crystal-grower": "Frozen: upgrade one of your common pieces.",
    "everfrost/ice-princess": "Frozen: one of your common pieces makes one standard move.",
    "everfrost/ice-queen": "Frozen: one of your heroic pieces makes one standard move.",
    "everfrost/frostweave-summoner": "Frozen: your next summoning this turn may use one enemy piece of the "
                                     "pattern as if it were yours.",
    "everfrost/winter-whisperer": "Frozen: you may destroy one of your common pieces, and you may discard your "
                                  "flare. If you did both, gain an action.",
    "everfrost/ice-wyvern": "Frozen: put a common piece of yours on an empty square next to one of your heroic "
                            "pieces.",
    "everfrost/frostweave-illusionist": "Frozen: convert an enemy common piece into a common piece of yours.",
}

PROGRAMS = {
    "everfrost/snow-fox": [
        moves("being", n=2, kind="standard"),
    ],
    "everfrost/royal-reindeer": [
        call("count", save="n0"),
        moves("being", n=1, kind="combat", leap=2),
        when(("has", "over"), [], [when(("fewer", "n0"), [], [act("upgrade", ("being",))])]),
    ],
    "everfrost/crystal-mirror": [
        call("mirror"),
    ],
    "everfrost/crystal-grower": [
        call("each_enemy_colour", sel=("piece", "common"), op="upgrade",
             prompt="Choose a common piece of this enemy colour to upgrade"),
    ],
    "everfrost/ice-princess": [
        moves(("own", "common", "not_being"), n=1, kind="combat"),
    ],
    "everfrost/ice-queen": [
        moves(("own", "heroic", "not_being"), n=1, kind="combat"),
    ],
    "everfrost/frostweave-summoner": [],
    "everfrost/winter-whisperer": [],
    "everfrost/frozen-chest": [
        call("chest"),
    ],
    "everfrost/everfrost-sentinel": [
        when(("over_enemy",), [
            choose(("downgrade", [act("downgrade", ("being",)), call("malus")]),
                   ("skip", []),
                   prompt="Downgrade the Everfrost Sentinel so that every other player has one action fewer "
                          "next turn?"),
        ]),
    ],
    "everfrost/glacier-giant": [
        direction("marked", optional=True, prompt="Choose a marked direction to move along (or done)"),
        when(("has", "dir"), [
            moves("being", n=UP_TO_ANY, kind="combat", flags=("dir@dir",)),
            when(("moved",), [
                choose(("crush", [call("crush")], ("crush_possible",)),
                       ("stop", []),
                       prompt="Go one square further to destroy the legendary piece there (the Glacier Giant "
                              "is destroyed too)?"),
            ]),
        ]),
    ],
    "everfrost/polar-bear": [
        call("count", save="n0"),
        moves("being", n=1, kind="combat"),
        when(("fewer", "n0"), [
            call("count", save="n1"),
            moves("being", n=1, kind="standard"),
            when(("fewer", "n1"), [moves("being", n=1, kind="standard", flags=("empty_only",))]),
        ]),
    ],
    "everfrost/war-sled": [
        call("sled"),
    ],
    "everfrost/snow-monster": [
        act("destroy", ("enemy", "common", "dist<=2", "next_to_own")),
    ],
    "everfrost/frost-imp": [
        pick("none", ("piece", "common", "adj"), optional=True, save="imp",
             prompt="Choose a common piece next to the Frost Imp to slide (or done)"),
        when(("any", "imp"), [call("slide")]),
    ],
    "everfrost/ice-wyvern": [
        call("count", save="n0"),
        moves("being", n=1, kind="combat", leap=1),
        when(("fewer", "n0"), [act("destroy", ("being",))]),
    ],
    "everfrost/deathbringer": [
        call("deathbringer_targets", save="db"),
        pick("none", ("reg@db",), optional=True, save="hit",
             prompt="Choose a piece next to the Deathbringer to destroy for good (or done)"),
        when(("any", "hit"), [call("remove_for_good", reg="hit")]),
    ],
    "everfrost/frostweave-illusionist": [
        call("illusion"),
    ],
    # frozen effects (thawed with `thaw <card>`)
    "everfrost/crystal-grower:frozen": [
        pick("upgrade", ("own", "common"), prompt="Choose a common piece of yours to upgrade"),
    ],
    "everfrost/ice-princess:frozen": [
        moves(("own", "common"), n=1, kind="standard", optional=False),
    ],
    "everfrost/ice-queen:frozen": [
        moves(("own", "heroic"), n=1, kind="standard", optional=False),
    ],
    "everfrost/frostweave-summoner:frozen": [
        borrow(),
    ],
    "everfrost/winter-whisperer:frozen": [
        pick("destroy", ("own", "common"), optional=True, save="d",
             prompt="Choose a common piece of yours to destroy (or done)"),
        call("discard_flare"),
        when(("any", "d"), [when(("has", "flared"), [gain(1)])]),
    ],
    "everfrost/ice-wyvern:frozen": [
        call("near_own_heroes", save="nh"),
        pick("place", ("empty", "reg@nh"), prompt="Choose an empty square next to one of your heroic pieces"),
    ],
    "everfrost/frostweave-illusionist:frozen": [
        pick("convert_common", ("enemy", "common"), prompt="Choose an enemy common piece to convert"),
    ],
}

FROZEN_CODES = frozenset(BY_ID[k] for k in FROZEN)
FIELDS.update({"freeze": ("player", "card"), "thaw": ("player", "card"), "unfreeze": ("player", "card"),
               "action_malus": ("player", "n"), "removed": ("square", "colour", "rank"),
               "discard_flare": ("player", "card")})


def _register(name: str):
    def deco(f):
        CALLS[name] = f
        return f
    return deco


def _enemy_colours(g: "Game", p: int) -> list[int]:
    me = g.colour[p]
    return [c for c in sorted(set(g.colour)) if c != me]


# ---------------------------------------------------------------------- conditions
def _fewer(g, fx, reg):
    """Fewer pieces in the arena than the count saved in `reg` (the last move or leap destroyed one)."""
    return g.occupied().bit_count() < int(fx.regs.get(reg, 0))


def _over_enemy(g, fx):
    over = fx.regs.get("over")
    return over is not None and over != g.colour[fx.p]


def _crush_square(g, fx) -> int:
    d = fx.regs.get("dir", -1)
    if fx.being < 0 or d is None or d < 0:
        return -1
    t = STEP[fx.being][d]
    return t if t >= 0 and g.cells[t] >= 0 and g.cells[t] & 3 == 2 else -1


def _crush_possible(g, fx):
    return _crush_square(g, fx) >= 0


CONDITIONS.update({"fewer": _fewer, "over_enemy": _over_enemy, "crush_possible": _crush_possible})


# ---------------------------------------------------------------------- handlers
@_register("count")
def count(g: "Game", params: dict) -> None:
    g.fx.regs[params["save"]] = g.occupied().bit_count()


@_register("each_enemy_colour")
def each_enemy_colour(g: "Game", params: dict) -> None:
    """One pick for every enemy colour (the first enemy colour first)."""
    fx = g.fx
    for i, c in reversed(list(enumerate(_enemy_colours(g, fx.p)))):
        fx.regs[f"e{i}"] = c
        g.stack.append(PickFrame(tuple(params["sel"]) + (f"colour@e{i}",), params["op"], 1,
                                 bool(params.get("optional")), "", params["prompt"]))


@_register("malus")
def malus(g: "Game", params: dict) -> None:
    me = g.colour[g.fx.p]
    for q in range(g.n):
        if g.colour[q] != me:
            g.malus[q] += 1
            if g.events is not None:
                g.note("action_malus", q, 1)


@_register("crush")
def crush(g: "Game", params: dict) -> None:
    """Glacier Giant: it goes one square further onto a legendary piece; both are destroyed."""
    fx = g.fx
    t = _crush_square(g, fx)
    if t < 0:
        return
    b = fx.being
    g.move(b, t, fx.p)
    g.destroy(t, fx.p)


@_register("near_own_heroes")
def near_own_heroes(g: "Game", params: dict) -> None:
    me = g.colour[g.fx.p]
    heroes = g.bits[me][1]
    g.fx.regs[params["save"]] = sorted({t for s in ADJ if heroes >> s & 1 for t in ADJ[s]})


@_register("deathbringer_targets")
def deathbringer_targets(g: "Game", params: dict) -> None:
    """Pieces next to the being: any common one; a heroic one next to at least 1 other piece of the player, a
    legendary one next to at least 3 (the Deathbringer itself not counted)."""
    fx = g.fx
    b = fx.being
    out = []
    if b >= 0:
        own = g.own_mask(g.colour[fx.p]) & ~(1 << b)
        for s in ADJ[b]:
            cell = g.cells[s]
            if cell < 0:
                continue
            mates = sum(1 for t in ADJ[s] if own >> t & 1)
            if mates >= (0, 1, 3)[cell & 3]:
                out.append(s)
    fx.regs[params["save"]] = out


@_register("remove_for_good")
def remove_for_good(g: "Game", params: dict) -> None:
    """Deathbringer: destroy the piece; an enemy one counts twice; it leaves the game (its colour's supply
    is one piece smaller from now on)."""
    fx = g.fx
    s = fx.first(params["reg"])
    if s < 0 or g.cells[s] < 0:
        return
    cell = g.destroy(s, fx.p)
    c, r = cell >> 2, cell & 3
    if c != g.colour[fx.p]:
        g.killed[c][r] += 1
    g.removed[c][1 if r == 2 else 0] += 1
    if g.events is not None:
        g.note("removed", NAME[s], c, r)


@_register("illusion")
def illusion(g: "Game", params: dict) -> None:
    fx = g.fx
    b = fx.being
    if b < 0:
        return
    for c in _enemy_colours(g, fx.p):
        if g.in_supply(c, 0):
            g.lift(b)
            fx.gone(b)
            g.put(b, c, 0)
            if g.events is not None:
                g.note("convert", NAME[b], g.colour[fx.p], CARDS_T[fx.code].rank, c, 0)
            return


@_register("slide")
def slide(g: "Game", params: dict) -> None:
    """Frost Imp: pick a direction in which the chosen common piece can move, then it slides."""
    fx = g.fx
    s = fx.first("imp")
    if s < 0 or g.cells[s] < 0:
        return
    dirs = tuple(d for d in range(8) if STEP[s][d] >= 0 and g.cells[STEP[s][d]] < 0)
    g.stack.append(_SlideFrame())
    g.stack.append(DirFrame(dirs, False, "slide_dir", "Choose the direction the piece slides in"))


class _SlideFrame(Frame):
    __slots__ = ()

    def run(self, g: "Game") -> None:
        g.stack.pop()
        fx = g.fx
        d = fx.regs.get("slide_dir", -1)
        s = fx.first("imp")
        if d is None or d < 0 or s < 0:
            return None
        while STEP[s][d] >= 0 and g.cells[STEP[s][d]] < 0:  # a common piece's standard move: empty squares only
            t = STEP[s][d]
            g.move(s, t, fx.p)
            s = t
        return None


@_register("sled")
def sled(g: "Game", params: dict) -> None:
    g.stack.append(SledFrame("being", 3, "combat", 0, True, ("onto_marked",)))


class SledFrame(MovesFrame):
    """War Sled: the first move onto a marked square, each later one straight on or turned by 45 degrees."""

    __slots__ = ()

    def destinations(self, g: "Game", s: int) -> list[int]:
        if self.made == 0:
            return MovesFrame.destinations(self, g, s)
        cells = g.cells
        cell = cells[s]
        if cell < 0:
            return []
        d = g.fx.regs.get("dir", -1)
        out = []
        for dd in ((d + 7) % 8, d, (d + 1) % 8):
            t = STEP[s][dd]
            if t >= 0 and (cells[t] < 0 or cells[t] & 3 <= cell & 3):
                out.append(t)
        return sorted(out)


@_register("mirror")
def mirror(g: "Game", params: dict) -> None:
    """Crystal Mirror: the squares one or two steps toward the marked side, in the pattern's three rows, and
    their mirror images across the pattern's line."""
    fx = g.fx
    b = fx.being
    if b < 0 or not fx.dirs:
        return
    dx, dy = DIRS[fx.dirs[0]]
    lx, ly = -dy, dx
    bx, by = xy(b)
    pairs = []
    for k in (1, 2):
        for j in (-1, 0, 1):
            sx, sy = bx + k * dx + j * lx, by + k * dy + j * ly
            mx, my = bx - k * dx + j * lx, by - k * dy + j * ly
            if on_board(sx, sy) and on_board(mx, my):
                pairs.append((sq(sx, sy), sq(mx, my)))
    fx.regs["mirror"] = [a for a, _ in pairs]
    fx.regs["image"] = [m for _, m in pairs]
    g.stack.append(MirrorFrame())


class MirrorFrame(Frame):
    __slots__ = ("picked",)

    def __init__(self) -> None:
        self.picked: list[int] = []  # ranks copied so far

    def options(self, g: "Game") -> list[int]:
        fx = g.fx
        me = g.colour[fx.p]
        if not g.in_supply(me, 0) or 1 in self.picked or len(self.picked) >= 2:
            return []
        out = []
        for s, m in zip(fx.regs["mirror"], fx.regs["image"]):
            cell = g.cells[s]
            if cell < 0 or g.cells[m] >= 0 or cell & 3 == 2 or (self.picked and cell & 3 != 0):
                continue
            out.append(s)
        return out

    def run(self, g: "Game") -> "Decision | None":
        opts = self.options(g)
        if not opts:
            g.stack.pop()
            return None
        return Decision("pick", g.fx.p, "Choose a piece on the marked side to mirror (one heroic, or up to two "
                        "common pieces), or done", [Action("pick", (NAME[s],)) for s in opts] + [Action("done")])

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            g.stack.pop()
            return
        fx = g.fx
        s = BY_NAME[a.args[0]]
        m = fx.regs["image"][fx.regs["mirror"].index(s)]
        rank = g.cells[s] & 3
        self.picked.append(rank)
        g.place(m, g.colour[fx.p], rank)


@_register("chest")
def chest(g: "Game", params: dict) -> None:
    g.stack.append(ChestFrame())


class ChestFrame(CardChoiceFrame):
    """Frozen Chest: a card with a frozen effect from the discard pile goes into play as the frozen effect
    (the one in play, if any, goes to the discard pile), or skip."""

    __slots__ = ()
    kind = "frozen_pick"
    prompt = "Choose a card of your discard pile whose frozen effect goes into play, or skip"

    def cards(self, g: "Game", p: int) -> "list[int]":
        return sorted({c for c in g.discards[p] if c in FROZEN_CODES})

    def take(self, g: "Game", p: int, code: int) -> None:
        g.discards[p].remove(code)
        old = g.frozen[p]
        if old >= 0:
            g.discards[p].append(old)
            if g.events is not None:
                g.note("unfreeze", p, CARDS_T[old].id)
        g.frozen[p] = code
        if g.events is not None:
            g.note("freeze", p, CARDS_T[code].id)


@_register("discard_flare")
def discard_flare(g: "Game", params: dict) -> None:
    g.stack.append(FlareDiscardFrame())


class FlareDiscardFrame(HandDiscardFrame):
    """Winter Whisperer's frozen effect: discard a flare from the hand (sets register `flared`), or skip."""

    __slots__ = ()
    kind = "discard_flare"
    prompt = "Discard your flare (or skip)"
    event = "discard_flare"

    def discardable(self, g: "Game", p: int, code: int) -> bool:
        return CARDS_T[code].kind == "flare"

    def discarded(self, g: "Game", p: int, code: int) -> None:
        g.fx.regs["flared"] = 1


# ---------------------------------------------------------------------- the frozen-effect rule
def freezes(g: "Game") -> bool:
    """Called when a summoned being's effect is over (summon.PlayedCardFrame): True when the card's frozen
    effect goes into play instead of the discard pile (or a choice between two is asked), False otherwise."""
    fx = g.fx
    code = g.playing
    if fx is None or fx.half or code not in FROZEN_CODES:
        return False
    p = fx.p
    if g.frozen[p] < 0:
        g.frozen[p] = code
        g.playing = -1
        g.fx = None
        if g.events is not None:
            g.note("freeze", p, CARDS_T[code].id)
        return True
    g.stack.append(KeepFrozenFrame(p))
    return True


class KeepFrozenFrame(Frame):
    """A second frozen effect: keep the one in play or the new one (the card just played); the other is
    discarded."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision:
        old, new = g.frozen[self.p], g.playing
        return Decision("keep_frozen", self.p, "You may have one frozen effect in play: choose the one to keep",
                        [Action("keep", (CARDS_T[new].id,)), Action("keep", (CARDS_T[old].id,))])

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        p = self.p
        old, new = g.frozen[p], g.playing
        if BY_ID[a.args[0]] == new:
            g.discards[p].append(old)
            g.frozen[p] = new
            if g.events is not None:
                g.note("unfreeze", p, CARDS_T[old].id)
                g.note("freeze", p, CARDS_T[new].id)
        else:
            g.discards[p].append(new)
        g.playing = -1
        g.fx = None


class ThawFrame(Frame):
    """`thaw <card>`: the frozen effect acts (not an action), then its card goes to the discard pile."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> None:
        from ..summon import PlayedCardFrame

        g.stack.pop()
        p = self.p
        code = g.frozen[p]
        g.frozen[p] = -1
        g.playing = code
        if g.events is not None:
            g.note("thaw", p, CARDS_T[code].id)
        g.stack.append(PlayedCardFrame())
        g.fx = EffectCtx(p, code, "frozen")
        from .script import Script

        g.stack.append(Script(CARDS_T[code].id + ":frozen"))
        return None


__all__ = ["PROGRAMS", "TEXTS", "FROZEN", "freezes", "ThawFrame"]
