"""Helpers for the Wildlands tests: positions in one call, cards found by what they carry, seeded random
play."""
from __future__ import annotations

import wildlands as wl
from crystalclans.rng import Rng, seed_state
from wildlands.content import FACTIONS


def position(**pos) -> wl.Game:
    pos.setdefault("factions", ["guild", "gnomads"])
    return wl.Game.from_position(pos)


def options(g: wl.Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def card(faction: str, char: "str | None" = None, flag: "str | None" = None, joker: "str | None" = "any",
         other: "str | None" = None, avoid: tuple = ()) -> str:
    """The first card of `faction` showing `char` with `flag` next to it (None: a plain symbol), whose
    joker is `joker` ("any": whatever), that also shows `other` if given."""
    f = FACTIONS[faction]
    for c in f.cards:
        if c.special or c.id in avoid:
            continue
        if char is not None:
            i = f.ids.index(char)
            if not c.shows >> i & 1 or c.flag[i] != flag:
                continue
        if joker != "any" and c.joker != joker:
            continue
        if other is not None and not c.shows >> f.ids.index(other) & 1:
            continue
        return c.id
    raise LookupError((faction, char, flag, joker, other))


def pass_window(g: wl.Game) -> None:
    """Everyone passes the interrupt window now open."""
    while g.decision is not None and g.decision.kind == "interrupt":
        g.apply("pass")


def random_policy(seed: int, attack_bias: int = 2):
    """A seeded random player that prefers attacks, pickups and reveals (so games end sooner), defends
    and interrupts now and then."""
    rng = Rng(seed_state(seed, 77))
    pref_kinds = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area", "pickup", "reveal", "pay")

    def choose(g: wl.Game) -> wl.Action:
        opts = g.legal_actions()
        pref = [a for a in opts if a.kind in pref_kinds]
        if pref and rng.below(attack_bias + 1):
            return pref[rng.below(len(pref))]
        return opts[rng.below(len(opts))]

    return choose


def uniform_policy(seed: int):
    rng = Rng(seed_state(seed, 5))

    def choose(g: wl.Game) -> wl.Action:
        opts = g.legal_actions()
        return opts[rng.below(len(opts))]

    return choose


def play_out(g: wl.Game, choose, max_actions: int = 50_000, check=None) -> wl.Game:
    n = 0
    while not g.is_over:
        g.apply(choose(g))
        if check is not None:
            check(g)
        n += 1
        assert n < max_actions, f"no end after {n} actions"
    return g
