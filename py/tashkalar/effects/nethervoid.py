"""The Nethervoid school (expansion): its 18 effects as step lists (script.py) and its extra rule, the
Gateway.

The Gateway (our reading of the expansion's rule, written in our words):
* Each Nethervoid player has at most one Gateway: one of her own common or heroic pieces (`game.gateway[p]`,
  its square, or -1).
* When she summons a Nethervoid being, it becomes the Gateway if she has none, or if hers is a common piece
  and the new being is heroic. Some effects make another piece the Gateway.
* The Gateway moves with its piece (game.move). It stops being the Gateway when its piece leaves the arena
  (destroyed, converted, taken) or becomes legendary (game.lift, game.set_rank).
Effects that name the Gateway do nothing with it while their player has none.

Other state this school uses: `summon_colour` (Possessed Summoner: the pattern of the next summoning this turn
is made of another colour's pieces; summon.py reads it).

TEXTS are the cards' texts in our own words; datasync.py writes them into data/schools.json.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Decision
from ..board import ADJ, BY_NAME, GREEN, NAME, RED, xy
from ..content import CARDS_T
from ..frames import Frame
from ..scoring import add_points
from ..story import FIELDS
from .primitives import PICK, UP_TO_ANY, MovesFrame
from .script import CALLS, CONDITIONS, act, call, choose, gain, moves, pick, when

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

UP_TO_ANY = 99
NV = "nethervoid/"

TEXTS = {
    NV + "shadow-imp": "This being may make one combat move. If it did and it is not the Gateway, the Gateway may "
                       "then make one combat move in the same direction.",
    NV + "flame-imp": "You may destroy a common piece (any colour) next to the Gateway.",
    NV + "gate-keeper": "You may upgrade one of your common pieces or put a common piece of yours on an empty "
                        "square; that piece becomes the Gateway.",
    NV + "demon-of-gluttony": "This being may make a combat move. If that destroyed a piece, upgrade it and it may "
                              "make one more combat move; if that one destroyed a piece as well, it becomes the "
                              "Gateway.",
    NV + "demon-of-pride": "Upgrade this being; it becomes the Gateway. Then it may make one combat move.",
    NV + "acolyte-of-destruction": "Destroy a common piece (any colour). Then, when your Gateway stands on a red "
                                   "square, one heroic piece next to where that common piece stood may be "
                                   "destroyed as well.",
    NV + "acolyte-of-growth": "Put a common piece of yours on an empty square. If the Gateway stands on a green "
                              "square, put a heroic piece of yours on an empty square next to that common piece.",
    NV + "power-seeker": "If this being is the Gateway, it may make one standard move. If not, it may make any "
                         "number of combat moves, each bringing it closer to the Gateway.",
    NV + "hell-hound": "You may destroy a piece next to this being. Unless you destroyed a legendary piece, this "
                       "card goes under your deck instead of to your discard pile (if your deck still has cards).",
    NV + "vortex-master": "The Gateway may make one combat move. Either way, one of your pieces next to the "
                          "Gateway may then make one combat move.",
    NV + "gate-master": "Upgrade the Gateway (if it becomes legendary, this counts as summoning a legend on this "
                        "being's square). Then one of your non-legendary pieces, of your choice, becomes the "
                        "Gateway.",
    NV + "hell-rider": "If this being is the Gateway, it may make one combat move; if not, up to three combat "
                       "moves.",
    NV + "demon-of-wrath": "If no enemy common piece stands next to the Gateway, the Gateway may first make one "
                           "standard move. Then destroy every enemy common piece next to the Gateway.",
    NV + "demon-of-greed": "Destroy one of your common pieces and one of your heroic pieces, neither of them the "
                           "Gateway. Gain an action for each piece destroyed.",
    NV + "demon-of-lust": "Up to two pieces (any colour), one after the other, may each make one combat move "
                          "that brings it closer to the Gateway, never onto the Gateway.",
    NV + "demon-of-sloth": "Give up one of your remaining actions of this turn; if you have none left, destroy the "
                           "Gateway instead.",
    NV + "demon-of-envy": "Put a common piece of yours on an empty square next to the Gateway; repeat while an "
                          "opponent has more pieces in the arena than you and such a square is left.",
    NV + "possessed-summoner": "Put an enemy common piece on an empty square next to a piece of its colour. If you "
                               "did, your next summoning this turn uses pieces of that colour for its pattern "
                               "instead of yours. Then you may discard your flare to gain an action.",
}

PROGRAMS = {
    NV + "shadow-imp": [
        moves("being", n=1, kind="combat"),
        when(("moved",), [when(("gateway_elsewhere",), [
            call("gw"), moves("reg:gw", n=1, kind="combat", flags=("dir@dir",))])]),
    ],
    NV + "flame-imp": [
        call("gw"),
        pick("destroy", ("piece", "common", "adj@gw"), optional=True),
    ],
    NV + "gate-keeper": [
        choose(("upgrade", [pick("upgrade", ("own", "common"), save="gk")], ("can", "upgrade", ("own", "common"))),
               ("place", [pick("place", ("empty",), save="gk")], ("can", "place", ("empty",))),
               ("skip", []),
               prompt="Upgrade a common piece of yours or put a new one: it becomes the Gateway"),
        when(("any", "gk"), [call("become_gateway", reg="gk")]),
    ],
    NV + "demon-of-gluttony": [
        call("count", save="n0"),
        moves("being", n=1, kind="combat"),
        when(("fewer", "n0"), [
            act("upgrade", ("being",)),
            call("count", save="n1"),
            moves("being", n=1, kind="combat"),
            when(("fewer", "n1"), [call("become_gateway")]),
        ]),
    ],
    NV + "demon-of-pride": [
        act("upgrade", ("being",)),
        call("become_gateway"),
        moves("being", n=1, kind="combat"),
    ],
    NV + "acolyte-of-destruction": [
        pick("destroy", ("piece", "common"), save="hit"),
        when(("any", "hit"), [when(("gateway_on", "red"), [
            pick("destroy", ("piece", "heroic", "adj@hit"), optional=True)])]),
    ],
    NV + "acolyte-of-growth": [
        pick("place", ("empty",), save="new"),
        when(("any", "new"), [when(("gateway_on", "green"), [pick("place_heroic", ("empty", "adj@new"))])]),
    ],
    NV + "power-seeker": [
        when(("is_gateway",), [moves("being", n=1, kind="standard")], [call("toward", who="being", n=UP_TO_ANY)]),
    ],
    NV + "hell-hound": [
        pick("destroy", ("piece", "adj"), optional=True, save="hit"),
        when(("not", "rank_was", "hit", 2), [call("under_deck")]),
    ],
    NV + "vortex-master": [
        call("gw"),
        moves("reg:gw", n=1, kind="combat"),
        call("gw"),
        moves(("own", "adj@gw"), n=1, kind="combat"),
    ],
    NV + "gate-master": [
        call("gw"),
        act("upgrade", ("reg@gw",), save="up"),
        when(("rank_was", "up", 1), [call("as_legend")]),
        pick("none", ("own", "nonlegendary"), save="ng", prompt="Choose the piece of yours that becomes the Gateway"),
        call("become_gateway", reg="ng"),
    ],
    NV + "hell-rider": [
        when(("is_gateway",), [moves("being", n=1, kind="combat")], [moves("being", n=3, kind="combat")]),
    ],
    NV + "demon-of-wrath": [
        call("gw"),
        when(("not", "can", "destroy", ("enemy", "common", "adj@gw")), [moves("reg:gw", n=1, kind="standard")]),
        call("gw"),
        act("destroy", ("enemy", "common", "adj@gw")),
    ],
    NV + "demon-of-greed": [
        call("own_non_gateway", rank=0, save="c0"),
        pick("destroy", ("own", "reg@c0"), save="a", prompt="Choose a common piece of yours to destroy"),
        call("own_non_gateway", rank=1, save="c1"),
        pick("destroy", ("own", "reg@c1"), save="b", prompt="Choose a heroic piece of yours to destroy"),
        when(("any", "a"), [gain(1)]),
        when(("any", "b"), [gain(1)]),
    ],
    NV + "demon-of-lust": [
        call("toward", who=("piece",), n=2, onto=False),
    ],
    NV + "demon-of-sloth": [
        call("sloth"),
    ],
    NV + "demon-of-envy": [
        call("envy"),
    ],
    NV + "possessed-summoner": [
        call("enemy_colour", save="colour"),
        call("next_to_colour", save="pe"),
        pick("place_enemy", ("empty", "reg@pe"), save="pp",
             prompt="Choose an empty square next to an enemy piece for an enemy common piece"),
        when(("any", "pp"), [call("possess")]),
        call("discard_flare"),
        when(("has", "flared"), [gain(1)]),
    ],
}

FIELDS.update({"gateway": ("player", "square"), "under_deck": ("player", "card"), "possessed": ("player", "colour"),
               "action_spent": ("player",)})


def _register(name: str):
    def deco(f):
        CALLS[name] = f
        return f
    return deco


# ---------------------------------------------------------------------- the Gateway rule
def gateway_on_summon(g: "Game", p: int, code: int, square: int) -> None:
    card = CARDS_T[code]
    if card.school != "nethervoid" or card.rank == 2:
        return
    gw = g.gateway[p]
    if gw < 0 or (g.cells[gw] & 3 == 0 and card.rank == 1):
        set_gateway(g, p, square)


def set_gateway(g: "Game", p: int, s: int) -> None:
    cell = g.cells[s]
    if cell < 0 or cell >> 2 != g.colour[p] or cell & 3 == 2:
        return  # only an own common or heroic piece can be the Gateway
    if g.gateway[p] != s:
        g.gateway[p] = s
        if g.events is not None:
            g.note("gateway", p, NAME[s])


def under_the_deck(g: "Game") -> bool:
    """Hell Hound: its card goes under its owner's deck (the effect decided so)."""
    fx = g.fx
    if fx is None or fx.half or not fx.regs.get("under_deck"):
        return False
    code = g.playing
    g.draws[fx.p].insert(0, code)
    g.playing = -1
    g.fx = None
    if g.events is not None:
        g.note("under_deck", fx.p, CARDS_T[code].id)
    return True


# ---------------------------------------------------------------------- conditions
def _gw(g, fx) -> int:
    return g.gateway[fx.p]


def _gateway_elsewhere(g, fx):
    gw = _gw(g, fx)
    return gw >= 0 and gw != fx.being


def _is_gateway(g, fx):
    return fx.being >= 0 and _gw(g, fx) == fx.being


def _gateway_on(g, fx, colour):
    gw = _gw(g, fx)
    return gw >= 0 and gw in (RED if colour == "red" else GREEN)


CONDITIONS.update({"gateway_elsewhere": _gateway_elsewhere, "is_gateway": _is_gateway, "gateway_on": _gateway_on})


# ---------------------------------------------------------------------- handlers
@_register("gw")
def gw(g: "Game", params: dict) -> None:
    """Save the Gateway's square in register `gw` (empty when there is none)."""
    s = g.gateway[g.fx.p]
    g.fx.regs["gw"] = [s] if s >= 0 else []


@_register("become_gateway")
def become_gateway(g: "Game", params: dict) -> None:
    fx = g.fx
    s = fx.first(params["reg"]) if params.get("reg") else fx.being
    if s >= 0:
        set_gateway(g, fx.p, s)


@_register("as_legend")
def as_legend(g: "Game", params: dict) -> None:
    """Gate Master: the upgrade made a legendary piece, which counts as summoning a legend on its square."""
    fx = g.fx
    g.summons.append((fx.target, 2))
    if g.mode == "duel":
        add_points(g, fx.p, 1, "legend")


@_register("own_non_gateway")
def own_non_gateway(g: "Game", params: dict) -> None:
    fx = g.fx
    me = g.colour[fx.p]
    rank = params["rank"]
    fx.regs[params["save"]] = [s for s in ADJ if g.cells[s] == me * 4 + rank and s != g.gateway[fx.p]]


@_register("sloth")
def sloth(g: "Game", params: dict) -> None:
    p = g.fx.p
    if g.actions_left > 0:
        g.actions_left -= 1
        if g.events is not None:
            g.note("action_spent", p)
    elif g.gateway[p] >= 0:
        g.destroy(g.gateway[p], p)


@_register("under_deck")
def under_deck(g: "Game", params: dict) -> None:
    if g.draws[g.fx.p]:
        g.fx.regs["under_deck"] = 1


@_register("next_to_colour")
def next_to_colour(g: "Game", params: dict) -> None:
    """Empty squares next to a piece of the colour saved in register `colour`."""
    fx = g.fx
    c = fx.regs.get("colour")
    mask = g.own_mask(c) if c is not None else 0
    fx.regs[params["save"]] = sorted({t for s in ADJ if mask >> s & 1 for t in ADJ[s] if g.cells[t] < 0})


@_register("possess")
def possess(g: "Game", params: dict) -> None:
    fx = g.fx
    s = fx.first("pp")
    if s < 0 or g.cells[s] < 0:
        return
    c = g.cells[s] >> 2
    g.summon_colour = c
    if g.events is not None:
        g.note("possessed", fx.p, c)


@_register("toward")
def toward(g: "Game", params: dict) -> None:
    fx = g.fx
    if g.gateway[fx.p] < 0:
        return
    who = params["who"]
    f = TowardFrame(who if isinstance(who, str) else tuple(who), params["n"], "combat", 0, True,
                    ("once",) if not isinstance(who, str) else ())
    f.onto = int(params.get("onto", True))
    g.stack.append(f)


class TowardFrame(MovesFrame):
    """Combat moves that each bring the piece closer to the Gateway (distance counted in king steps on the
    grid); with `onto` 0, never onto the Gateway's square. They end when the player has no Gateway."""

    __slots__ = ("onto",)

    def destinations(self, g: "Game", s: int) -> list[int]:
        gw = g.gateway[g.fx.p]
        if gw < 0:
            return []
        gx, gy = xy(gw)

        def dist(t: int) -> int:
            x, y = xy(t)
            return max(abs(x - gx), abs(y - gy))

        here = dist(s)
        return [t for t in MovesFrame.destinations(self, g, s) if dist(t) < here and (self.onto or t != gw)]


@_register("envy")
def envy(g: "Game", params: dict) -> None:
    g.stack.append(EnvyFrame())


class EnvyFrame(Frame):
    """Demon of Envy: a common piece next to the Gateway, then more while an opponent has more pieces."""

    __slots__ = ("placed",)

    def __init__(self) -> None:
        self.placed = 0

    def run(self, g: "Game") -> "Decision | None":
        fx = g.fx
        p = fx.p
        me = g.colour[p]
        gw = g.gateway[p]
        mine = g.count(me)
        behind = any(g.count(c) > mine for c in set(g.colour) if c != me)
        if gw < 0 or not g.in_supply(me, 0) or (self.placed and not behind):
            g.stack.pop()
            return None
        cands = [t for t in ADJ[gw] if g.cells[t] < 0]
        if not cands:
            g.stack.pop()
            return None
        if len(cands) == 1:
            self._put(g, cands[0])
            return None
        return Decision("pick", p, "Choose an empty square next to the Gateway for a common piece of yours",
                        [PICK[t] for t in cands])

    def choose(self, g: "Game", a: Action) -> None:
        self._put(g, BY_NAME[a.args[0]])

    def _put(self, g: "Game", s: int) -> None:
        g.place(s, g.colour[g.fx.p], 0)
        self.placed += 1


__all__ = ["PROGRAMS", "TEXTS", "gateway_on_summon", "set_gateway", "under_the_deck"]
