"""Small helpers for the rulebook scenario tests: build a position, apply actions with a readable failure,
read piles and squads back as unit ids, and check that a view hides the opponent's hand."""
from __future__ import annotations

import json

import crystalclans as cc

A, B = 0, 1  # seat 0 = player A (home a_home), seat 1 = player B (home b_home)


def position(**pos) -> cc.Game:
    """Game.from_position with Blood (seat 0) vs Skull (seat 1) unless `clans` is given."""
    pos.setdefault("clans", ["blood", "skull"])
    return cc.Game.from_position(pos)


def legal(g: cc.Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def play(g: cc.Game, *actions: str) -> cc.Game:
    """Apply actions in notation; a refused action fails the test with the decision and the legal options."""
    for a in actions:
        try:
            g.apply(a)
        except cc.IllegalAction as err:
            raise AssertionError(f"{a!r} refused: {err}\n{g.summary()}") from None
    return g


def zone(g: cc.Game, zid: str) -> int:
    return g.cs.board.zone_index[zid]


def squad(g: cc.Game, p: int, zid: str) -> list[str]:
    """Unit ids of p's squad in zone zid, top first."""
    return [g.unit_id(c) for c in g.squads[p][zone(g, zid)]]


def hand(g: cc.Game, p: int) -> list[str]:
    return sorted(g.unit_id(c) for c in g.hands[p])


def discard(g: cc.Game, p: int) -> list[str]:
    return sorted(g.unit_id(c) for c in g.discards[p])


def removed(g: cc.Game, p: int) -> list[str]:
    return sorted(g.unit_id(c) for c in g.removed[p])


def draw_pile(g: cc.Game, p: int) -> list[str]:
    """Draw pile, top first."""
    return [g.unit_id(c) for c in reversed(g.draws[p])]


def owners(codes) -> list[int]:
    return [c & 1 for c in codes]


def kind(g: cc.Game) -> tuple[str, int] | None:
    """(decision kind, player) or None when the game is over."""
    d = g.decision
    return None if d is None else (d.kind, d.player)


def move(g: cc.Game, zid: str) -> cc.Game:
    """Answer the move step (keeping the order first if a reorder step is asked) and move to zid."""
    if g.decision.kind == "reorder":
        play(g, "keep")
    play(g, f"move {zid}")
    return g


def fight(g: cc.Game, attacker_card: str | None, defender_card: str | None, keep: bool = False,
          draw: int = 0) -> dict:
    """From the 'battle' decision: declare the battle, play both battle cards (None: that player's hand is
    empty, so she plays the top of her draw pile), answer draws with `draw` and keeps with `keep`, and return
    the battle summary (game.last_battle). Trim decisions are left to the test. A pending reorder step is
    kept and a pending move step is answered 'stay' (the squads already share the zone). Battle-start
    abilities and crystals are not used."""
    while g.decision.kind in ("reorder", "move"):
        play(g, "keep" if g.decision.kind == "reorder" else "stay")
    play(g, "battle")
    while g.decision.kind == "battle_start":
        play(g, "done")
    for card in (attacker_card, defender_card):
        if card is not None:
            assert g.decision.kind == "battle_card", kind(g)
            play(g, f"play {card}")
    while g.battle is not None and g.decision is not None and g.decision.kind in ("draw", "keep"):
        if g.decision.kind == "draw":
            n = min(draw, g.decision.info["max"])
            play(g, f"draw {n}")
        else:
            play(g, "keep" if keep else "discard")
    return g.last_battle


def assert_opponent_hand_hidden(g: cc.Game, p: int) -> None:
    """view(p) shows the opponent's hand size only, never its cards."""
    opp = 1 - p
    v = g.view(p)
    assert "hand" not in v["players"][opp]
    assert v["players"][opp]["hand_count"] == len(g.hands[opp])
    assert [c["id"] for c in v["players"][p]["hand"]] == [g.unit_id(c) for c in g.hands[p]]
    public = {g.unit_id(c) for pile in (g.discards[0], g.discards[1], g.removed[0], g.removed[1], g.hands[p])
              for c in pile}
    public |= {g.unit_id(c) for side in g.squads for sq in side for c in sq}
    if g.battle is not None and g.battle.revealed:
        public |= {g.unit_id(c) for c in g.battle.played if c >= 0}
    text = json.dumps(v)
    for entry in v["log"]:
        public |= {w for w in entry.replace("@", " ").replace("#", " ").split() if "." in w}
    if v["last_battle"]:
        public |= {c for c in v["last_battle"]["cards"] + v["last_battle"]["destroyed"] if c}
    secret = {g.unit_id(c) for c in g.hands[opp]} - public
    for uid in secret:
        assert uid not in text, f"view({p}) shows {uid}, which is only in the opponent's hand"


def reorder(g: cc.Game, *units: str) -> cc.Game:
    """Answer a reorder decision: put `units` on top in this order, keep the rest as it is."""
    assert g.decision.kind == "reorder", kind(g)
    for u in units:
        if g.decision.kind != "reorder":
            break  # the rest of the order was forced
        play(g, f"place {u}")
    if g.decision is not None and g.decision.kind == "reorder":
        play(g, "keep")
    return g
