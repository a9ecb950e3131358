"""The Etherweave school (expansion): its 18 effects and warp effects as step lists (script.py), and the
school's extra rules: time travel.

Warp effects and the pending being (our reading of the expansion's rule, written in our words):
* A card with a warp text (WARP below) in the hand may be warped (`warp <card>`) on its owner's turn, before
  or after any action (also after the last one): the warp effect happens at once and is not an action; the
  card stays in the hand as the player's pending being (`game.pending[p]`). Not during the first round of the
  game (our ruling for "not on your first turn"), and not while she has a pending being.
* A pending being cannot be discarded (the discard action) nor put under the deck; it stops being pending when
  it is summoned, or when an effect discards it or returns it to the hand as an ordinary card.
* At the game's end (and for the High Form's 9-point trigger) a pending being costs 2 points (the causality
  penalty, scoring.scores). Our ruling: the Duel's 18-point trigger looks at the points without it.
* Effects may copy a warp effect (Doppelganger: the pending being's; Ziggurat Sentinel: a card's in the discard
  pile); the Merchant of Time's warp cannot be copied.
Other state: `stasis` (the piece on a Merchant of Time card, kept out of its colour's supply through
`removed`), `warped` (warps played this turn: Eternal Emperor), `double_kills` (Gate of Oblivion's warp),
`void` (Void Summoner), and Time Traveler's summoning square anywhere (summon.py calls `anywhere`).

TEXTS and WARP are the cards' texts in our own words; datasync.py writes them into data/schools.json.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Decision
from ..board import ADJ, BY_NAME, COLOURED, DIR_OF, NAME, ON, STEP, on_board, sq, squares_of, xy
from ..content import BY_ID, CARDS_T
from ..frames import Frame
from ..patterns import TRANSFORMS
from ..story import FIELDS
from .context import EffectCtx
from .primitives import PICK, CardChoiceFrame, HandDiscardFrame, MovesFrame
from .script import CALLS, CONDITIONS, Script, act, call, choose, gain, moves, pick, when

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

EW = "etherweave/"
MERCHANT = EW + "merchant-of-time"
EMPEROR = EW + "eternal-emperor"

TEXTS = {
    EW + "doppelganger": "If you have a pending being, its warp effect happens now as part of this effect "
                         "(not the Merchant of Time's).",
    EW + "paradox-worm": "You may make one of your non-legendary pieces and an enemy piece of the same rank "
                         "trade squares.",
    EW + "lesser-shadow-twin": "Only while its twin, the Greater Shadow Twin, lies in your discard pile: up to "
                               "two common pieces standing next to one piece of yours (your pick) are destroyed.",
    EW + "translocationist": "Up to twice, one of your heroic pieces and one of your common pieces may trade "
                             "squares.",
    EW + "antimatter-spirit": "Nothing happens when it is summoned; only its warp effect acts.",
    EW + "merchant-of-time": "If a piece is held on this card, it leaves the card with a standard leap to a "
                             "colourless square of your choice.",
    EW + "gate-of-oblivion": "Destroy whatever piece stands on the square below it (the one marked). Then you may "
                             "destroy a non-legendary piece on one of the other seven squares around its sides.",
    EW + "time-traveler": "It may be summoned onto any empty colourless square (its pattern must still be in "
                          "the arena). You may destroy a common piece next to it; if you do, the top card of "
                          "your discard pile goes on top of your deck.",
    EW + "greater-shadow-twin": "Only while its twin, the Lesser Shadow Twin, lies in your discard pile: a "
                                "heroic piece with two or more of your pieces next to it may be destroyed.",
    EW + "warpmaster": "Either your pending being goes back to your hand as an ordinary card (not the Merchant "
                       "of Time), or this being may make one standard move.",
    EW + "dark-sphere": "Up to three non-legendary pieces, at most two of any one colour, may each make one "
                        "combat move that ends at distance 2 from this being.",
    EW + "void-summoner": "Your next summoning this turn may count up to two empty squares of its pattern as "
                          "common pieces of yours.",
    EW + "eternal-emperor": "Unless you warped the Eternal Emperor this turn, you may now do what its warp "
                            "effect says.",
    EW + "reality-patch": "For each enemy colour, you may destroy one of its heroic pieces. You may discard "
                          "your pending being (not the Merchant of Time nor the Eternal Emperor). You may "
                          "discard one card of any kind from your hand.",
    EW + "polarity-queen": "Two of your non-legendary pieces other than this being each make one combat move, "
                           "the second in the direction opposite to the first; both or neither.",
    EW + "singularity": "Choose an empty colourless square: every common piece next to it makes a combat move "
                        "onto it, one after the other, in the order you choose.",
    EW + "ziggurat-sentinel": "Either the warp effect of a card in your discard pile happens now (not the "
                              "Merchant of Time's), or this being may make up to three combat moves toward the "
                              "marked square and on in that direction.",
    EW + "iris-of-eternity": "You may either destroy a legendary piece next to it or upgrade it. If it became "
                             "legendary, that counts as summoning a legend this turn, and every legend card in "
                             "your hand is discarded.",
}

WARP = {
    EW + "paradox-worm": "Warp: upgrade an enemy common piece. Then you may discard your pending being.",
    EW + "lesser-shadow-twin": "Warp: upgrade one of your common pieces.",
    EW + "translocationist": "Warp: gain an action.",
    EW + "antimatter-spirit": "Warp: put a common piece of yours on an empty colourless square; it makes a combat "
                              "move. If that square is empty again, put an enemy common piece there; it makes a "
                              "combat move the opposite way.",
    MERCHANT: "Warp: a piece on a colourless square leaves the arena and is held on this card. This warp cannot "
              "be copied, and while pending this card cannot be discarded or go back to the hand.",
    EW + "gate-of-oblivion": "Warp: for the rest of this turn every enemy piece you destroy counts as one piece "
                             "more of its colour and rank (a copy of this warp adds one more again).",
    EW + "greater-shadow-twin": "Warp: upgrade one of your common pieces.",
    EW + "void-summoner": "Warp: one of your non-legendary pieces makes a standard move.",
    EMPEROR: "Warp: put a common piece of yours on an empty square, or move one of your pieces (a combat move if "
             "it is common, a standard move if it is upgraded).",
    EW + "polarity-queen": "Warp: put a common piece of yours on an empty square next to an enemy piece.",
    EW + "ziggurat-sentinel": "Warp: one of your non-legendary pieces makes one combat move or up to two "
                              "standard moves.",
}

EMPEROR_WARP = [
    choose(("place", [pick("place", ("empty",))], ("can", "place", ("empty",))),
           ("common", [moves(("own", "common"), n=1, kind="combat", optional=False)],
            ("can", "none", ("own", "common"))),
           ("upgraded", [moves(("own", "upgraded"), n=1, kind="standard", optional=False)],
            ("can", "none", ("own", "upgraded"))),
           prompt="Put a common piece of yours on an empty square, move a common piece of yours (combat move) or "
                  "an upgraded one (standard move)"),
]

PROGRAMS = {
    EW + "doppelganger": [
        call("copy_warp", src="pending"),
    ],
    EW + "paradox-worm": [
        call("swappable_own", save="sw"),
        pick("none", ("reg@sw",), optional=True, save="a", prompt="Choose a piece of yours to trade squares (or done)"),
        when(("any", "a"), [
            call("same_rank_enemies", of="a", save="sr"),
            pick("none", ("reg@sr",), save="b", prompt="Choose the enemy piece it trades squares with"),
            call("swap", a="a", b="b"),
        ]),
    ],
    EW + "lesser-shadow-twin": [
        when(("in_discard", EW + "greater-shadow-twin"), [
            pick("none", ("own",), optional=True, save="c", prompt="Choose one of your pieces (or done)"),
            when(("any", "c"), [pick("destroy", ("piece", "common", "adj@c"), n=2, optional=True)]),
        ]),
    ],
    EW + "translocationist": [
        call("own_rank", rank=1, save="h1"),
        pick("none", ("reg@h1",), optional=True, save="x1", prompt="Choose a heroic piece of yours to trade squares "
                                                                      "with a common one (or done)"),
        when(("any", "x1"), [
            pick("none", ("own", "common"), save="y1", prompt="Choose the common piece of yours it trades with"),
            call("swap", a="x1", b="y1"),
            call("own_rank", rank=1, save="h2"),
            pick("none", ("reg@h2",), optional=True, save="x2", prompt="Choose a heroic piece of yours for a second "
                                                                          "trade (or done)"),
            when(("any", "x2"), [
                pick("none", ("own", "common"), save="y2", prompt="Choose the common piece of yours it trades with"),
                call("swap", a="x2", b="y2"),
            ]),
        ]),
    ],
    EW + "antimatter-spirit": [],
    MERCHANT: [
        call("release"),
    ],
    EW + "gate-of-oblivion": [
        act("destroy", ("piece", "marked")),
        call("oblivion_squares", save="om"),
        pick("destroy", ("piece", "nonlegendary", "reg@om"), optional=True),
    ],
    EW + "time-traveler": [
        pick("destroy", ("piece", "common", "adj"), optional=True, save="hit"),
        when(("any", "hit"), [call("discard_top_to_deck")]),
    ],
    EW + "greater-shadow-twin": [
        when(("in_discard", EW + "lesser-shadow-twin"), [
            call("heroes_next_to_two", save="h2"),
            pick("destroy", ("reg@h2",), optional=True),
        ]),
    ],
    EW + "warpmaster": [
        choose(("return", [call("drop_pending", to="hand")], ("pending_not", MERCHANT)),
               ("move", [moves("being", n=1, kind="standard")]),
               prompt="Return your pending being to your hand, or move the Warpmaster"),
    ],
    EW + "dark-sphere": [
        call("dark_sphere"),
    ],
    EW + "void-summoner": [
        call("void"),
    ],
    EMPEROR: [
        when(("not", "warped", EMPEROR), [
            choose(("warp", EMPEROR_WARP), ("skip", []), prompt="Do the Eternal Emperor's warp effect now?"),
        ]),
    ],
    EW + "reality-patch": [
        call("each_enemy_colour", sel=("piece", "heroic"), op="destroy", optional=True,
             prompt="Choose a heroic piece of this enemy colour to destroy (or done)"),
        choose(("discard", [call("drop_pending", to="discard")], ("pending_not", MERCHANT, EMPEROR)),
               ("keep", []),
               prompt="Discard your pending being?"),
        call("discard_any_card"),
    ],
    EW + "polarity-queen": [
        call("polarity"),
    ],
    EW + "singularity": [
        call("singularity"),
    ],
    EW + "ziggurat-sentinel": [
        choose(("copy", [call("copy_warp", src="discard")], ("discard_warps",)),
               ("move", [call("marked_dir", save="zd"), moves("being", n=3, kind="combat", flags=("dir@zd",))]),
               prompt="Copy a warp effect from your discard pile, or move the Ziggurat Sentinel"),
    ],
    EW + "iris-of-eternity": [
        choose(("destroy", [pick("destroy", ("piece", "legendary", "adj"))],
                ("can", "destroy", ("piece", "legendary", "adj"))),
               ("upgrade", [act("upgrade", ("being",), save="ir"),
                            when(("rank_was", "ir", 1), [call("as_legend"), call("discard_legends")])],
                ("can", "upgrade", ("being",))),
               ("skip", []),
               prompt="Destroy a legendary piece next to the Iris, or upgrade the Iris"),
    ],
    # warp effects (`warp <card>` from the hand, or copied)
    EW + "paradox-worm:warp": [
        pick("upgrade", ("enemy", "common"), prompt="Choose an enemy common piece to upgrade"),
        choose(("discard", [call("drop_pending", to="discard")], ("pending_not", MERCHANT, EMPEROR)),
               ("keep", []),
               prompt="Discard your pending being?"),
    ],
    EW + "lesser-shadow-twin:warp": [
        pick("upgrade", ("own", "common"), prompt="Choose a common piece of yours to upgrade"),
    ],
    EW + "translocationist:warp": [
        gain(1),
    ],
    EW + "antimatter-spirit:warp": [
        call("antimatter"),
    ],
    MERCHANT + ":warp": [
        call("colourless_pieces", save="cp"),
        pick("none", ("reg@cp",), save="cap", prompt="Choose a piece on a colourless square to hold on the Merchant"),
        call("capture", reg="cap"),
    ],
    EW + "gate-of-oblivion:warp": [
        call("double_kills"),
    ],
    EW + "greater-shadow-twin:warp": [
        pick("upgrade", ("own", "common"), prompt="Choose a common piece of yours to upgrade"),
    ],
    EW + "void-summoner:warp": [
        moves(("own", "nonlegendary"), n=1, kind="standard", optional=False),
    ],
    EMPEROR + ":warp": EMPEROR_WARP,
    EW + "polarity-queen:warp": [
        call("next_to_enemy", save="ne"),
        pick("place", ("empty", "reg@ne"), prompt="Choose an empty square next to an enemy piece"),
    ],
    EW + "ziggurat-sentinel:warp": [
        choose(("combat", [moves(("own", "nonlegendary"), n=1, kind="combat", optional=False)]),
               ("standard", [moves(("own", "nonlegendary"), n=2, kind="standard", flags=("one_piece",))]),
               prompt="One of your non-legendary pieces makes one combat move or up to two standard moves"),
    ],
}

WARP_CODES = frozenset(BY_ID[k] for k in WARP)
ANYWHERE = frozenset({BY_ID[EW + "time-traveler"]})
FIELDS.update({"warp": ("player", "card"), "pending": ("player", "card", "to"), "stasis": ("square", "colour", "rank"),
               "swap": ("a", "b")})


def _register(name: str):
    def deco(f):
        CALLS[name] = f
        return f
    return deco


# ---------------------------------------------------------------------- warping
class WarpFrame(Frame):
    """`warp <card>`: the card becomes the pending being and its warp effect happens (not an action)."""

    __slots__ = ("p", "code")

    def __init__(self, p: int, code: int) -> None:
        self.p, self.code = p, code

    def run(self, g: "Game") -> None:
        g.stack.pop()
        p, code = self.p, self.code
        g.pending[p] = code
        g.warped.append(code)
        if g.events is not None:
            g.note("warp", p, CARDS_T[code].id)
        g.stack.append(_EndWarpFrame())
        g.fx = EffectCtx(p, code, "warp")
        g.stack.append(Script(CARDS_T[code].id + ":warp"))
        return None


class _EndWarpFrame(Frame):
    __slots__ = ()

    def run(self, g: "Game") -> None:
        g.stack.pop()
        g.fx = None
        return None


def summoned_pending(g: "Game", p: int, code: int) -> None:
    """Summoning the pending being ends its pending state."""
    if g.pending[p] == code:
        g.pending[p] = -1


def anywhere(g: "Game", p: int, code: int, out: list) -> list:
    """Time Traveler: once its pattern is somewhere in the arena, it goes on any empty colourless square. Our
    ruling: with no two-sided piece left in the supply it cannot be summoned (no piece can stand for it)."""
    if not out or not g.in_supply(g.colour[p], CARDS_T[code].rank):
        return []
    return [(t, 0, -1, 0) for t in ON if g.cells[t] < 0 and t not in COLOURED]


def void_targets(g: "Game", o, own: tuple, ok: int) -> int:
    """The targets where o's pattern is made when up to g.void empty squares count as own common pieces."""
    empty = 0
    for s in ON:
        if g.cells[s] < 0:
            empty |= 1 << s
    out = 0
    for t in squares_of(o.valid & ok):
        missing = 0
        for d, r in o.shifts:
            s = t + d
            if own[r] >> s & 1:
                continue
            if r == 0 and empty >> s & 1 and s != t:
                missing += 1
                continue
            missing = 99
            break
        if 0 < missing <= g.void:
            out |= 1 << t
    return out


# ---------------------------------------------------------------------- conditions
def _in_discard(g, fx, card):
    return BY_ID[card] in g.discards[fx.p]


def _pending_not(g, fx, *cards):
    c = g.pending[fx.p]
    return c >= 0 and CARDS_T[c].id not in cards


def _warped(g, fx, card):
    return BY_ID[card] in g.warped


def _discard_warps(g, fx):
    return any(c in WARP_CODES and CARDS_T[c].id != MERCHANT for c in g.discards[fx.p])


CONDITIONS.update({"in_discard": _in_discard, "pending_not": _pending_not, "warped": _warped,
                   "discard_warps": _discard_warps})


# ---------------------------------------------------------------------- handlers
@_register("copy_warp")
def copy_warp(g: "Game", params: dict) -> None:
    p = g.fx.p
    if params["src"] == "pending":
        c = g.pending[p]
        if c >= 0 and CARDS_T[c].id != MERCHANT:
            g.stack.append(Script(CARDS_T[c].id + ":warp"))
        return
    g.stack.append(_CopyFromDiscardFrame())


class _CopyFromDiscardFrame(CardChoiceFrame):
    """Ziggurat Sentinel: the warp effect of a card in the discard pile happens now (not the Merchant's)."""

    __slots__ = ()
    kind = "warp_pick"
    prompt = "Choose the card in your discard pile whose warp effect happens now"
    optional = False

    def cards(self, g: "Game", p: int) -> "list[int]":
        return sorted({c for c in g.discards[p] if c in WARP_CODES and CARDS_T[c].id != MERCHANT})

    def take(self, g: "Game", p: int, code: int) -> None:
        g.stack.append(Script(CARDS_T[code].id + ":warp"))


@_register("drop_pending")
def drop_pending(g: "Game", params: dict) -> None:
    """The pending being stops being pending: it stays in the hand (`to` hand) or is discarded."""
    p = g.fx.p
    c = g.pending[p]
    if c < 0:
        return
    g.pending[p] = -1
    if params["to"] == "discard":
        g.hands[p].remove(c)
        g.discards[p].append(c)
    if g.events is not None:
        g.note("pending", p, CARDS_T[c].id, params["to"])


def swap_pieces(g: "Game", a: int, b: int) -> None:
    """The pieces on a and b trade squares (a Gateway goes along with its piece)."""
    gws = [(i, b if s == a else a) for i, s in enumerate(g.gateway) if s in (a, b)]
    ca, cb = g.lift(a), g.lift(b)
    g.put(a, cb >> 2, cb & 3)
    g.put(b, ca >> 2, ca & 3)
    for i, s in gws:
        g.gateway[i] = s
    fx = g.fx
    if fx is not None:
        if fx.being in (a, b):
            fx.being = b if fx.being == a else a
    if g.events is not None:
        g.note("swap", NAME[a], NAME[b])


@_register("swap")
def swap(g: "Game", params: dict) -> None:
    fx = g.fx
    a, b = fx.first(params["a"]), fx.first(params["b"])
    if a >= 0 and b >= 0 and g.cells[a] >= 0 and g.cells[b] >= 0:
        swap_pieces(g, a, b)


@_register("swappable_own")
def swappable_own(g: "Game", params: dict) -> None:
    fx = g.fx
    me = g.colour[fx.p]
    enemy_ranks = {g.cells[s] & 3 for s in ON if g.cells[s] >= 0 and g.cells[s] >> 2 != me}
    fx.regs[params["save"]] = [s for s in ON if g.cells[s] >= 0 and g.cells[s] >> 2 == me
                               and g.cells[s] & 3 < 2 and g.cells[s] & 3 in enemy_ranks]


@_register("same_rank_enemies")
def same_rank_enemies(g: "Game", params: dict) -> None:
    fx = g.fx
    me = g.colour[fx.p]
    a = fx.first(params["of"])
    r = g.cells[a] & 3
    fx.regs[params["save"]] = [s for s in ON if g.cells[s] >= 0 and g.cells[s] >> 2 != me and g.cells[s] & 3 == r]


@_register("own_rank")
def own_rank(g: "Game", params: dict) -> None:
    fx = g.fx
    want = g.colour[fx.p] * 4 + params["rank"]
    fx.regs[params["save"]] = [s for s in ON if g.cells[s] == want]


@_register("release")
def release(g: "Game", params: dict) -> None:
    if g.stasis[g.fx.p] >= 0:
        g.stack.append(_ReleaseFrame())


class _ReleaseFrame(Frame):
    """Merchant of Time: the held piece makes a standard leap to a colourless square (empty, or with a lower
    piece, which is destroyed)."""

    __slots__ = ()

    def run(self, g: "Game") -> "Decision | None":
        p = g.fx.p
        cell = g.stasis[p]
        cands = [t for t in ON if t not in COLOURED and (g.cells[t] < 0 or g.cells[t] & 3 < cell & 3)]
        if not cands:
            g.stack.pop()
            return None
        if len(cands) == 1:
            self._land(g, cands[0])
            return None
        return Decision("pick", p, "Choose the colourless square where the held piece lands",
                        [PICK[t] for t in cands])

    def choose(self, g: "Game", a: Action) -> None:
        self._land(g, BY_NAME[a.args[0]])

    def _land(self, g: "Game", t: int) -> None:
        g.stack.pop()
        p = g.fx.p
        cell = g.stasis[p]
        c, r = cell >> 2, cell & 3
        if g.cells[t] >= 0:
            g.destroy(t, p)
        g.stasis[p] = -1
        g.removed[c][1 if r == 2 else 0] -= 1
        g.place(t, c, r)
        if r == 2 and g.mode == "duel":
            _legend_point(g, c, 1)


def _legend_point(g: "Game", colour: int, n: int) -> None:
    """A legendary piece held on the Merchant takes its owner's legend point in the Duel while held."""
    from ..scoring import add_points

    q = g.colour.index(colour)
    if n > 0:
        add_points(g, q, n, "legend")
    elif g.points[q] > 0:
        g.points[q] -= 1


@_register("colourless_pieces")
def colourless_pieces(g: "Game", params: dict) -> None:
    g.fx.regs[params["save"]] = [s for s in ON if g.cells[s] >= 0 and s not in COLOURED]


@_register("capture")
def capture(g: "Game", params: dict) -> None:
    fx = g.fx
    s = fx.first(params["reg"])
    if s < 0 or g.cells[s] < 0:
        return
    cell = g.lift(s)
    fx.gone(s)
    c, r = cell >> 2, cell & 3
    g.removed[c][1 if r == 2 else 0] += 1
    g.stasis[fx.p] = cell
    if g.events is not None:
        g.note("stasis", NAME[s], c, r)
    if r == 2 and g.mode == "duel":
        _legend_point(g, c, -1)


@_register("double_kills")
def double_kills(g: "Game", params: dict) -> None:
    """Each time this warp happens (copies too), destroyed enemy pieces count as one piece more this turn."""
    g.double_kills += 1


@_register("oblivion_squares")
def oblivion_squares(g: "Game", params: dict) -> None:
    """Gate of Oblivion's other marked squares: the printed offsets turned like the card (found from the
    direction of its purple mark, printed below the being)."""
    fx = g.fx
    out = []
    if fx.being >= 0 and fx.dirs:
        from ..board import DIRS

        want = DIRS[fx.dirs[0]]
        f = next(t for t in TRANSFORMS if t(0, 1) == want)
        bx, by = xy(fx.being)
        for dx, dy in ((-1, -1), (0, -1), (1, -1), (-2, 0), (2, 0), (-2, 1), (2, 1)):
            ox, oy = f(dx, dy)
            if on_board(bx + ox, by + oy):
                out.append(sq(bx + ox, by + oy))
    fx.regs[params["save"]] = sorted(out)


@_register("discard_top_to_deck")
def discard_top_to_deck(g: "Game", params: dict) -> None:
    p = g.fx.p
    if g.discards[p]:
        code = g.discards[p].pop()
        g.draws[p].append(code)
        if g.events is not None:
            g.note("to_deck", p, CARDS_T[code].id)


@_register("heroes_next_to_two")
def heroes_next_to_two(g: "Game", params: dict) -> None:
    fx = g.fx
    own = g.own_mask(g.colour[fx.p])
    fx.regs[params["save"]] = [s for s in ON if g.cells[s] >= 0 and g.cells[s] & 3 == 1
                               and sum(1 for t in ADJ[s] if own >> t & 1) >= 2]


@_register("void")
def void(g: "Game", params: dict) -> None:
    g.void = 2


@_register("discard_any_card")
def discard_any_card(g: "Game", params: dict) -> None:
    g.stack.append(_DiscardAnyFrame())


class _DiscardAnyFrame(HandDiscardFrame):
    """Reality Patch: discard one card of any kind from the hand (not the pending being), or skip."""

    __slots__ = ()
    kind = "discard_card"
    prompt = "Discard one card from your hand (or skip)"

    def discardable(self, g: "Game", p: int, code: int) -> bool:
        return code != g.pending[p]


@_register("discard_legends")
def discard_legends(g: "Game", params: dict) -> None:
    p = g.fx.p
    for c in [c for c in g.hands[p] if CARDS_T[c].kind == "legend"]:
        g.hands[p].remove(c)
        g.legend_discard.append(c)
        if g.events is not None:
            g.note("discard", p, CARDS_T[c].id)


@_register("marked_dir")
def marked_dir(g: "Game", params: dict) -> None:
    fx = g.fx
    fx.regs[params["save"]] = fx.dirs[0] if fx.dirs else -1


@_register("next_to_enemy")
def next_to_enemy(g: "Game", params: dict) -> None:
    fx = g.fx
    me = g.colour[fx.p]
    fx.regs[params["save"]] = sorted({t for s in ON if g.cells[s] >= 0 and g.cells[s] >> 2 != me for t in ADJ[s]
                                      if g.cells[t] < 0})


# ---------------------------------------------------------------------- Dark Sphere
@_register("dark_sphere")
def dark_sphere(g: "Game", params: dict) -> None:
    if g.fx.being >= 0:
        g.stack.append(SphereFrame(("piece", "nonlegendary"), 3, "combat", 0, True, ("once",)))


class SphereFrame(MovesFrame):
    """Combat moves ending at distance 2 from the Dark Sphere (counted in king steps on the grid, as the card's
    picture shows the ring); at most two pieces of any one colour."""

    __slots__ = ("colours",)

    def __init__(self, *args) -> None:
        MovesFrame.__init__(self, *args)
        self.colours: list[int] = []  # the colour of each piece moved so far

    def movers(self, g: "Game") -> list[int]:
        cols = self.colours
        return [s for s in MovesFrame.movers(self, g) if cols.count(g.cells[s] >> 2) < 2]

    def destinations(self, g: "Game", s: int) -> list[int]:
        b = g.fx.being
        if b < 0:
            return []
        bx, by = xy(b)
        return [t for t in MovesFrame.destinations(self, g, s)
                if max(abs(xy(t)[0] - bx), abs(xy(t)[1] - by)) == 2]  # the ring of squares two steps away

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "to":
            self.colours.append(g.cells[self.mover] >> 2)
        MovesFrame.choose(self, g, a)


# ---------------------------------------------------------------------- Antimatter Spirit's warp
@_register("antimatter")
def antimatter(g: "Game", params: dict) -> None:
    g.stack.append(_AntimatterFrame())


class _AntimatterFrame(Frame):
    """Step 0: the square (empty, colourless) for an own common piece; step 1: its combat move (if it has
    one); then, if the square is empty again and an enemy common piece is in supply, the enemy piece comes and
    moves the opposite way (if it can)."""

    __slots__ = ("step", "square", "dir")

    def __init__(self) -> None:
        self.step, self.square, self.dir = 0, -1, -1

    def _dests(self, g: "Game", s: int) -> list[int]:
        return [t for t in ADJ[s] if g.cells[t] < 0 or g.cells[t] & 3 == 0]

    def run(self, g: "Game") -> "Decision | None":
        p = g.fx.p
        me = g.colour[p]
        if self.step == 0:
            cands = [t for t in ON if g.cells[t] < 0 and t not in COLOURED]
            if not cands or not g.in_supply(me, 0):
                g.stack.pop()
                return None
            return Decision("pick", p, "Choose an empty colourless square for a common piece of yours",
                            [PICK[t] for t in cands])
        if self.step == 1:
            dests = self._dests(g, self.square)
            if not dests:
                g.stack.pop()
                return None
            return Decision("move", p, "Choose where your new piece makes its combat move",
                            [Action("to", (NAME[t],)) for t in dests])
        g.stack.pop()
        enemy = next((c for c in sorted(set(g.colour)) if c != me), -1)
        s = self.square
        if enemy < 0 or g.cells[s] >= 0 or not g.in_supply(enemy, 0):
            return None
        g.place(s, enemy, 0)
        t = STEP[s][(self.dir + 4) % 8]
        if t >= 0 and (g.cells[t] < 0 or g.cells[t] & 3 == 0):
            g.move(s, t, p)
        return None

    def choose(self, g: "Game", a: Action) -> None:
        t = BY_NAME[a.args[0]]
        if self.step == 0:
            self.square = t
            g.place(t, g.colour[g.fx.p], 0)
            self.step = 1
            return
        x0, y0 = xy(self.square)
        x1, y1 = xy(t)
        self.dir = DIR_OF[(x1 - x0, y1 - y0)]
        g.move(self.square, t, g.fx.p)
        self.step = 2


# ---------------------------------------------------------------------- Polarity Queen
def _combat_ok(g: "Game", s: int, t: int) -> bool:
    return t >= 0 and (g.cells[t] < 0 or g.cells[t] & 3 <= g.cells[s] & 3)


def _polar_pieces(g: "Game", exclude: tuple) -> list[int]:
    me = g.colour[g.fx.p]
    return [s for s in ON if g.cells[s] >= 0 and g.cells[s] >> 2 == me and g.cells[s] & 3 < 2 and s not in exclude]


def _first_moves(g: "Game") -> list[tuple[int, int]]:
    """(piece, destination) pairs for the first move after which a second piece can move the opposite way."""
    b = g.fx.being
    out = []
    for s in _polar_pieces(g, (b,)):
        for d in range(8):
            t = STEP[s][d]
            if not _combat_ok(g, s, t):
                continue
            after = g.clone(story=False)
            after.move(s, t, g.fx.p)
            if any(_combat_ok(after, u, STEP[u][(d + 4) % 8]) for u in _polar_pieces(after, (b, t))):
                out.append((s, t))
    return out


@_register("polarity")
def polarity(g: "Game", params: dict) -> None:
    if _first_moves(g):
        g.stack.append(_PolarityFrame())


class _PolarityFrame(Frame):
    __slots__ = ("step", "first", "dir")

    def __init__(self) -> None:
        self.step, self.first, self.dir = 0, -1, -1

    def run(self, g: "Game") -> "Decision | None":
        p = g.fx.p
        if self.step == 0:
            pieces = sorted({s for s, _ in _first_moves(g)})
            return Decision("mover", p, "Choose the first piece to make a combat move",
                            [Action("piece", (NAME[s],)) for s in pieces])
        if self.step == 1:
            dests = [t for s, t in _first_moves(g) if s == self.first]
            return Decision("move", p, "Choose where it goes (the second piece then moves the opposite way)",
                            [Action("to", (NAME[t],)) for t in dests])
        back = (self.dir + 4) % 8
        cands = [u for u in _polar_pieces(g, (g.fx.being, self.first)) if _combat_ok(g, u, STEP[u][back])]
        if not cands:
            g.stack.pop()
            return None
        return Decision("mover", p, "Choose the second piece: it makes a combat move the opposite way",
                        [Action("piece", (NAME[s],)) for s in cands])

    def choose(self, g: "Game", a: Action) -> None:
        s = BY_NAME[a.args[0]]
        if self.step == 0:
            self.first, self.step = s, 1
            return
        if self.step == 1:
            x0, y0 = xy(self.first)
            x1, y1 = xy(s)
            self.dir = DIR_OF[(x1 - x0, y1 - y0)]
            g.move(self.first, s, g.fx.p)
            self.first, self.step = s, 2
            return
        g.stack.pop()
        g.move(s, STEP[s][(self.dir + 4) % 8], g.fx.p)


# ---------------------------------------------------------------------- Singularity
@_register("singularity")
def singularity(g: "Game", params: dict) -> None:
    g.stack.append(_SingularityFrame())


class _SingularityFrame(Frame):
    __slots__ = ("square",)

    def __init__(self) -> None:
        self.square = -1

    def run(self, g: "Game") -> "Decision | None":
        p = g.fx.p
        if self.square < 0:
            cands = [t for t in ON if g.cells[t] < 0 and t not in COLOURED]
            if not cands:
                g.stack.pop()
                return None
            return Decision("pick", p, "Choose an empty colourless square: the common pieces next to it move onto it",
                            [PICK[t] for t in cands])
        movers = [s for s in ADJ[self.square] if g.cells[s] >= 0 and g.cells[s] & 3 == 0]
        if not movers:
            g.stack.pop()
            return None
        if len(movers) == 1:
            g.move(movers[0], self.square, p)
            return None
        return Decision("mover", p, "Choose the next common piece to move onto the square",
                        [Action("piece", (NAME[s],)) for s in movers])

    def choose(self, g: "Game", a: Action) -> None:
        s = BY_NAME[a.args[0]]
        if self.square < 0:
            self.square = s
            return
        g.move(s, self.square, g.fx.p)


__all__ = ["PROGRAMS", "TEXTS", "WARP", "WarpFrame", "ANYWHERE", "anywhere", "void_targets",
           "summoned_pending"]
