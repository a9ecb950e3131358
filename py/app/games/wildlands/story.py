"""The Wildlands story log: the engine's story (`game.story()`, public facts only: never a card drawn or a
start space before its reveal) told in sentences, newest turn first, one line a move with all it did.
The frame (panel, turn headings) is the one every game's log uses (app/log.py)."""
from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from ...log import game_over_sentence, log_section, moves_of, turn_entry
from .table import ACTION_NAMES, card_label, char_name, h, swatch, who


class Teller:
    def __init__(self, view: dict, names: list[str]) -> None:
        self.names = names
        self.factions = view.get("factions") or []

    def who(self, p: Any) -> str:
        p = int(p)
        f = self.factions[p] if p < len(self.factions) else ""
        return f'<b class="wl-who">{swatch(f) if f else ""}{h(who(self.names, p))}</b>'

    def char(self, cid: str) -> str:
        return f'<b>{h(char_name(cid))}</b>'

    def event(self, e: dict) -> str:
        k = e["kind"]
        c = self.char(e["character"]) if "character" in e else ""
        if k == "reveal":
            return _("{char} appears on {space}.").format(char=c, space=e["space"])
        if k == "move":
            return _("{char} moves from {a} to {b}.").format(char=c, a=e["from"], b=e["to"])
        if k == "climb":
            return _("{char} climbs from {a} to {b}.").format(char=c, a=e["from"], b=e["to"])
        if k == "fly":
            return _("{char} flies from {a} to {b}.").format(char=c, a=e["from"], b=e["to"])
        if k == "manoeuvre":
            return _("{char} steps from {a} to {b}.").format(char=c, a=e["from"], b=e["to"])
        if k == "attack":
            return _("{who}: {char} attacks space {space} ({attack}).").format(
                who=self.who(e["player"]), char=c, space=e["space"], attack=h(_(ACTION_NAMES.get(e["attack"], e["attack"]))))
        if k == "defend":
            return _("{who} defends {char} with {card}.").format(who=self.who(e["player"]), char=c,
                                                                 card=h(card_label(str(e["card"]))))
        if k == "damage":
            return ngettext("{char} takes {n} damage.", "{char} takes {n} damage.", e["n"]).format(char=c, n=e["n"])
        if k == "defeat":
            if e.get("scorer", -1) >= 0:
                return "<b>" + _("{char} is knocked out: a point for {who}.").format(char=c, who=self.who(e["scorer"])) + "</b>"
            return "<b>" + _("{char} is knocked out.").format(char=c) + "</b>"
        if k == "pickup":
            return "<b>" + _("{who} picks up the shard on {space} with {char}: a point.").format(
                who=self.who(e["player"]), space=e["space"], char=c) + "</b>"
        if k == "interrupt":
            return "<b>" + _("{who} interrupts.").format(who=self.who(e["player"])) + "</b>"
        if k == "interrupt_end":
            return _("{who} ends the interrupt.").format(who=self.who(e["player"]))
        if k == "special":
            return _("{who} plays a special card to draw two.").format(who=self.who(e["player"]))
        if k == "discard":
            return _("{who} discards {card}.").format(who=self.who(e["player"]), card=h(card_label(str(e["card"]))))
        if k == "draw":
            return ngettext("{who} draws {n} card.", "{who} draws {n} cards.", e["n"]).format(who=self.who(e["player"]), n=e["n"])
        if k == "reshuffle":
            return _("{who}'s discard pile is shuffled into a new deck.").format(who=self.who(e["player"]))
        if k == "game_over":
            return game_over_sentence([self.who(p) for p in e.get("winners") or []])
        return h(k)


def turn_html(t: Teller, turn: dict) -> str:
    p = turn["player"]
    items = "".join(f'<li class="log-act" data-log-action>{" ".join(t.event(e) for e in facts)}</li>'
                    for facts in moves_of(turn))
    if p is None:
        return turn_entry(turn["turn"], _("Setup"), items, heading=_("Setup"))
    f = t.factions[p] if p < len(t.factions) else ""
    return turn_entry(turn["turn"], who(t.names, p), items, cls="wl-turn", mark=swatch(f) if f else "")


def story_panel(view: dict, names: list[str], story: list[dict], limit: int = 40) -> str:
    """The story, newest turn first (the last `limit` turns: a long game's log stays light to draw)."""
    t = Teller(view, names)
    return log_section([turn_html(t, turn) for turn in reversed(story[-limit:])], cls="wl-log", scrolls=True)
