"""The Tash-Kalar table's story log: the engine's story (`game.story()`, public facts only) told in
sentences, a heading a turn (newest turn first) and one line a move with everything that move did, in the
player's language. The log's frame (panel, turn headings) is the one Crystal Clans' log uses (app/log.py).

Card names are buttons (data-details) that open the card's details, as in Crystal Clans' log.
Pure Python: unit-tested under CPython.
"""
from __future__ import annotations

from typing import Any

from ...i18n import N_, _, ngettext
from ...log import game_over_sentence, log_section, moves_of, turn_entry
from .cards import card_name, h, rank_name, task_name

DECK_WORDS = {"being": N_("their deck"), "legend": N_("the legend deck"), "flare": N_("the flare deck")}
RESHUFFLED = {"legend": N_("The legend deck ran out: its discard pile is shuffled into a new one."),
              "flare": N_("The flare deck ran out: its discard pile is shuffled into a new one.")}
WHY_POINTS = {"destroyed": N_("for enemy pieces destroyed"), "legend": N_("for summoning a legend"),
              "flare": N_("for a flare lit against them"), "commons": N_("for single common pieces destroyed")}
WHY_END = {"points": N_("{name} reached the points that end the game"),
           "deck": N_("{name} drew the last card of the deck"),
           "turns": N_("the game reached its turn limit, after {name}'s turn")}


class TkTeller:
    """Sentences (HTML) for one Tash-Kalar game's story facts, with the players' names and colours."""

    def __init__(self, view: dict, names: list[str]) -> None:
        self.names = names
        self.seats = view.get("seats") or []
        self.turn_player: "int | None" = None  # whose turn is being told

    def colour_of(self, p: int) -> "int | None":
        return next((s["colour"] for s in self.seats if s.get("seat") == p), None)

    # ---------------------------------------------------------------- pieces
    def who(self, p: Any) -> str:
        p = int(p)
        name = self.names[p] if p < len(self.names) else _("Player {n}").format(n=p + 1)
        return f'<b class="tk-who">{self.swatch_of_seat(p)}{h(name)}</b>'

    def swatch(self, colour: int) -> str:
        from .table import piece_html

        return piece_html({"colour": colour, "rank": 0}, self.seats).replace('class="tk-piece', 'class="tk-piece tk-dot', 1)

    def swatch_of_seat(self, p: int) -> str:
        seat = next((s for s in self.seats if s.get("seat") == p), None)
        return self.swatch(seat["colour"]) if seat else ""

    def owner(self, colour: Any) -> str:
        """Whose colour it is: the seat (or a team's two seats) that plays it."""
        colour = int(colour)
        seats = [s["seat"] for s in self.seats if s.get("colour") == colour] or [colour]
        names = [self.names[p] if p < len(self.names) else _("Player {n}").format(n=p + 1) for p in seats]
        return f'<b class="tk-who">{self.swatch(colour)}{h(" & ".join(names))}</b>'

    def piece(self, colour: Any, rank: Any) -> str:
        return _("{who}'s {rank} piece").format(who=self.owner(colour), rank=h(rank_name(int(rank))))

    def card(self, card_id: str) -> str:
        return (f'<button type="button" class="cardref" data-details="{h(card_id)}" '
                f'title="{h(_("Show the card"))}">{h(card_name(card_id))}</button>')

    # ---------------------------------------------------------------- a fact
    def event(self, e: dict) -> str:
        k = e["kind"]
        sq = lambda key="square": f'<b>{h(e[key])}</b>'  # noqa: E731
        if k == "place":
            if self.turn_player is not None and self.colour_of(self.turn_player) == e["colour"]:
                return _("{who} places a {rank} piece on {square}.").format(
                    who=self.who(self.turn_player), rank=h(rank_name(int(e["rank"]))), square=sq())
            return _("{piece} is placed on {square}.").format(piece=self.piece(e["colour"], e["rank"]), square=sq())
        if k == "destroy":
            return ('<span class="log-loss">' + _("{piece} on {square} is destroyed.").format(
                piece=self.piece(e["colour"], e["rank"]), square=sq()) + "</span>")
        if k == "removed":
            return _("{piece} on {square} is taken out of the arena.").format(
                piece=self.piece(e["colour"], e["rank"]), square=sq())
        if k == "move":
            return _("The piece on {origin} moves to {target}.").format(origin=sq("from"), target=sq("to"))
        if k == "swap":
            return _("The pieces on {a} and {b} change places.").format(a=sq("a"), b=sq("b"))
        if k == "rank":
            said = _("The piece on {square} is upgraded to {rank}.") if e["now"] > e["was"] else \
                _("The piece on {square} is downgraded to {rank}.")
            return said.format(square=sq(), rank=h(rank_name(int(e["now"]))))
        if k == "convert":
            return _("{piece} on {square} becomes {other}.").format(
                piece=self.piece(e["colour"], e["rank"]), square=sq(),
                other=self.piece(e["new_colour"], e["new_rank"]))
        if k == "lift":
            return _("The piece on {square} is lifted to be used again.").format(square=sq())
        if k == "stasis":
            return _("{piece} on {square} is held on a card.").format(piece=self.piece(e["colour"], e["rank"]),
                                                                      square=sq())
        if k == "summon":
            return "<b>" + _("{who} summons {card} on {square}.").format(
                who=self.who(e["player"]), card=self.card(e["card"]), square=sq()) + "</b>"
        if k == "improvised":
            if e.get("square"):
                return _("Improvised: with {owner}'s piece on {square}.").format(owner=self.owner(e["colour"]),
                                                                                 square=sq())
            return _("Improvised, with a piece of {owner}'s colour.").format(owner=self.owner(e["colour"]))
        if k == "flare":
            halves = e.get("halves") or []
            which = {("top",): _("upper half"), ("bottom",): _("lower half"),
                     ("top", "bottom"): _("both halves")}.get(tuple(halves), _("no half"))
            if e.get("opponent") is not None:
                said = _("{who} lights {card} against {other} ({which}).")
            else:
                said = _("{who} lights {card} ({which}).")
            return "<b>" + said.format(who=self.who(e["player"]), card=self.card(e["card"]), which=h(which),
                                       other=self.who(e["opponent"]) if e.get("opponent") is not None else "") + "</b>"
        if k == "points":
            n = e["n"]
            why = _(WHY_POINTS[e["why"]]) if e["why"] in WHY_POINTS else h(e["why"])
            return ngettext("{who} scores {n} point {why}.", "{who} scores {n} points {why}.", n).format(
                who=self.who(e["player"]), n=n, why=why)
        if k == "colour_points":
            n = e["n"]
            why = _(WHY_POINTS[e["why"]]) if e["why"] in WHY_POINTS else h(e["why"])
            return ngettext("{who} scores {n} point in {owner}'s colour {why}.",
                            "{who} scores {n} points in {owner}'s colour {why}.", n).format(
                who=self.who(e["player"]), n=n, owner=self.owner(e["colour"]), why=why)
        if k == "claim":
            return "<b>" + _("{who} claims the task {task}.").format(who=self.who(e["player"]),
                                                                     task=h(task_name(e["task"]))) + "</b>"
        if k in ("discard", "discard_flare"):
            return _("{who} discards {card}.").format(who=self.who(e["player"]), card=self.card(e["card"]))
        if k == "bottom":
            return _("{who} puts a card under {deck}.").format(who=self.who(e["player"]),
                                                               deck=h(_(DECK_WORDS.get(e["deck"], e["deck"]))))
        if k == "to_deck":
            return _("{who} puts {card} on top of the deck.").format(who=self.who(e["player"]), card=self.card(e["card"]))
        if k == "under_deck":
            return _("{who} puts {card} under the deck.").format(who=self.who(e["player"]), card=self.card(e["card"]))
        if k == "draw":
            parts = [ngettext("{n} being", "{n} beings", e["beings"]).format(n=e["beings"])] if e["beings"] else []
            if e["legends"]:
                parts.append(ngettext("{n} legend", "{n} legends", e["legends"]).format(n=e["legends"]))
            if e["flares"]:
                parts.append(ngettext("{n} flare", "{n} flares", e["flares"]).format(n=e["flares"]))
            if not parts:
                return ""
            cards = parts[0] if len(parts) == 1 else _("{list} and {last}").format(list=", ".join(parts[:-1]),
                                                                                   last=parts[-1])
            return _("{who} draws {cards}.").format(who=self.who(e["player"]), cards=h(cards))
        if k == "reshuffle":
            return h(_(RESHUFFLED[e["deck"]])) if e["deck"] in RESHUFFLED else ""
        if k == "gain_actions":
            return ngettext("{who} gains {n} action.", "{who} gains {n} actions.", e["n"]).format(
                who=self.who(e["player"]), n=e["n"])
        if k == "action_spent":
            return _("{who} gives up an action.").format(who=self.who(e["player"]))
        if k == "action_malus":
            return ngettext("{who} will have {n} action fewer next turn.", "{who} will have {n} actions fewer next turn.",
                            e["n"]).format(who=self.who(e["player"]), n=e["n"])
        if k == "handover":
            return _("{who} hands control to {partner}.").format(who=self.who(e["player"]),
                                                                 partner=self.who(e["partner"]))
        if k == "give_legends":
            n = e["legends"]
            return ngettext("{who} gives {n} legend to {partner}.", "{who} gives {n} legends to {partner}.", n).format(
                who=self.who(e["player"]), partner=self.who(e["partner"]), n=n)
        if k == "freeze":
            return _("{who} puts the frozen effect of {card} into play.").format(who=self.who(e["player"]),
                                                                                 card=self.card(e["card"]))
        if k == "unfreeze":
            return _("The frozen effect of {card} leaves play.").format(card=self.card(e["card"]))
        if k == "thaw":
            return _("{who} thaws {card}.").format(who=self.who(e["player"]), card=self.card(e["card"]))
        if k == "warp":
            return _("{who} warps {card}.").format(who=self.who(e["player"]), card=self.card(e["card"]))
        if k == "pending":
            where = {"hand": _("to the hand"), "discard": _("to the discard pile")}.get(e.get("to"), "")
            return _("{who}'s pending being {card} goes {where}.").format(who=self.who(e["player"]),
                                                                          card=self.card(e["card"]), where=h(where))
        if k == "gateway":
            return _("The piece on {square} becomes {who}'s Gateway.").format(square=sq(), who=self.who(e["player"]))
        if k == "possessed":
            return _("{who} borrows a piece of {owner}'s colour.").format(who=self.who(e["player"]),
                                                                          owner=self.owner(e["colour"]))
        if k == "end_triggered":
            who = self.who(e["player"]) if e.get("player") is not None else ""
            said = _(WHY_END[e["why"]]).format(name=who) if e["why"] in WHY_END else h(e["why"])
            return "<b>" + _("The end of the game is triggered: {why}.").format(why=said) + "</b>"
        if k == "resign":
            return "<b>" + _("{who} resigns.").format(who=self.who(e["player"])) + "</b>"
        if k == "game_over":
            return game_over_sentence([self.who(p) for p in e.get("winners") or []])
        return h(k)


def move_item(t: TkTeller, facts: list[dict], p: "int | None") -> str:
    said = [x for x in (t.event(e) for e in facts) if x]
    if not said:
        return ""
    cls = "log-act" + (f" p{p}" if p is not None else "")
    return f'<li class="{cls}" data-log-action>{" ".join(said)}</li>'


def turn_html(t: TkTeller, turn: dict) -> str:
    p = t.turn_player = turn["player"]
    items = "".join(move_item(t, facts, p) for facts in moves_of(turn))
    if p is None:
        return turn_entry(turn["turn"], _("Setup"), items, heading=_("Setup"))
    name = t.names[p] if p < len(t.names) else _("Player {n}").format(n=p + 1)
    return turn_entry(turn["turn"], name, items, cls="tk-turn", mark=t.swatch_of_seat(p))


def story_panel(view: dict, names: list[str], story: list[dict]) -> str:
    """The whole game's story, newest turn first (the moves within a turn in order)."""
    t = TkTeller(view, names)
    return log_section([turn_html(t, turn) for turn in reversed(story)], cls="tk-log")
