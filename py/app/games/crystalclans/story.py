"""Crystal Clans' log and its recaps, told from the engine's story (`game.story()`): a heading a turn, one
sentence an action with the initiative it cost, and what the action did folded under it (battles with
their arithmetic, destroyed units and whose they were, discards, crystals and why). The log's frame (its
panel, a turn's heading) is app/log.py's, every game's.

Card names are buttons (data-details) that open the card; their title holds the card's rules, so
hovering shows them. Pure Python (no js imports): unit-tested under CPython.
"""
from __future__ import annotations

from ...i18n import N_, _, language, ngettext
from ...log import log_section, turn_entry
from ...text import h
from .text import style_name


class Teller:
    """Sentences (HTML) for the story's actions and events, with the players' names."""

    def __init__(self, words, names) -> None:
        self.w = words
        self.names = names

    # ---------------------------------------------------------------- pieces
    def who(self, p) -> str:
        return f'<b class="p{int(p)}">{h(self.names[int(p)])}</b>'

    def name(self, p) -> str:
        return h(self.names[int(p)])

    def card(self, uid: str) -> str:
        w = self.w
        if uid in w.cs.unit_index:
            u = w.unit(uid)
            tip = _("{card}: attack {attack}, defense {defense}, activation {activation}, summon {summon}").format(
                card=u.name, attack=u.attack, defense=u.defense, activation=u.activation, summon=u.summon)
            name = u.name
        elif uid in w.crystal_names:
            cd = w.crystal_by_id[uid]
            tip = _("{card} (crystal, cost {cost}): {text}").format(card=cd.name, cost=cd.cost,
                                                                    text=w.effects_text(cd.effects))
            name = cd.name
        else:
            return h(uid)
        return f'<button type="button" class="cardref" data-details="{h(uid)}" title="{h(tip)}">{h(name)}</button>'

    def cards(self, uids) -> str:
        parts = [self.card(u) for u in uids]
        if len(parts) <= 1:
            return "".join(parts)
        return _("{list} and {last}").format(list=", ".join(parts[:-1]), last=parts[-1])

    def zone(self, zid: str) -> str:
        return h(self.w.zone_name(zid, self.names))

    # ---------------------------------------------------------------- an action
    def action(self, a: dict) -> str:
        """The action's sentence (no cost)."""
        who = self.who(a["player"])
        k = a["kind"]
        args = a["args"]
        opp = 1 - a["player"]
        if k == "summon":
            ev = next((e for e in a["events"] if e["kind"] == "summon"), None)
            if ev is None:
                return _("{who} summons {cards}.").format(who=who, cards=self.cards(args))
            said = (_("{who} summons {cards} to {zone} ({n} from the discard pile).") if ev.get("from_discard")
                    else _("{who} summons {cards} to {zone}."))
            return said.format(who=who, cards=self.cards(args), zone=self.zone(ev["zone"]), n=ev.get("from_discard"))
        if k == "activate":
            if len(args) > 2:
                return _("{who} activates the squad in {zone}, flipping {crystal} instead of paying.").format(
                    who=who, zone=self.zone(args[0]), crystal=self.card(args[2]))
            return _("{who} activates the squad in {zone}.").format(who=who, zone=self.zone(args[0]))
        if k == "score":
            return _("{who} scores {crystal}.").format(who=who, crystal=self.card(args[0]))
        if k == "free_score":
            return _("{who} scores {crystal} for free ({other} reshuffled).").format(
                who=who, crystal=self.card(args[0]), other=self.name(opp))
        if k == "replenish":
            return _("{who} replenishes.").format(who=who)
        if k == "invade":
            return _("{who} invades {other}'s home.").format(who=who, other=self.name(opp))
        return f"{who}: {h(k)}."

    def headline(self, a: dict) -> str:
        """The action's sentence plus what most matters of its outcome, in a few words."""
        battle = winner = None
        lost = [0, 0]
        crystals = []
        for e in a["events"]:
            k = e["kind"]
            if k == "battle" and battle is None:
                battle = e
            elif k == "destroyed":
                lost[e["controller"]] += 1
            elif k == "crystal" and a["kind"] not in ("score", "free_score"):
                crystals.append(e)
            elif k == "win":
                winner = e["player"]
        out = [_("battle in {zone}").format(zone=self.zone(battle["zone"]))] if battle is not None else []
        if any(lost):
            out.append(", ".join(ngettext("{name} lost {n} unit", "{name} lost {n} units", n).format(
                name=self.name(p), n=n) for p, n in enumerate(lost) if n))
        for e in crystals:
            out.append(_("{name} gains {crystal}").format(name=self.name(e["player"]), crystal=self.card(e["crystal"])))
        if winner is not None:
            out.append("<b>" + _("{name} wins").format(name=self.name(winner)) + "</b>")
        return self.action(a) + (f' <span class="log-outcome">({"; ".join(out)})</span>' if out else "")

    # ---------------------------------------------------------------- what it did
    def event(self, e: dict, a: dict) -> str:
        k = e["kind"]
        if k == "summon":
            return ""  # the action's own sentence says it
        if k == "move":
            return ngettext("{cards} moves from {origin} to {target}.", "{cards} move from {origin} to {target}.",
                            len(e["units"])).format(
                cards=self.cards(e["units"]), origin=self.zone(e["from"]), target=self.zone(e["to"]))
        if k == "battle":
            return self.battle(e)
        if k == "destroyed":
            if e.get("in_battle"):
                return ""  # the battle's summary names the losses
            if e["owner"] != e["controller"]:
                said = _("{name}'s {card} (owned by {owner}) is destroyed in {zone}.").format(
                    name=self.name(e["controller"]), card=self.card(e["unit"]), owner=self.name(e["owner"]),
                    zone=self.zone(e["zone"]))
            else:
                said = _("{name}'s {card} is destroyed in {zone}.").format(
                    name=self.name(e["controller"]), card=self.card(e["unit"]), zone=self.zone(e["zone"]))
            return f'<span class="log-loss">{said}</span>'
        if k == "discard":
            said = {"hand": _("{who} discards {card} from hand."),
                    "squad": _("{who} discards {card} from the oversized squad."),
                    "draw pile": _("{who} discards {card} from the top of the draw pile."),
                    "board": _("{who} discards {card} (taken off the board).")}.get(e["source"], _("{who} discards {card}."))
            return said.format(who=self.who(e["owner"]), card=self.card(e["unit"]))
        if k == "mill":
            n = len(e["units"])
            return ngettext("{who} discards {n} card from the top of the draw pile: {cards}.",
                            "{who} discards {n} cards from the top of the draw pile: {cards}.", n).format(
                who=self.who(e["player"]), n=n, cards=self.cards(e["units"]))
        if k == "removed":
            return _("{card} of {name} is removed from the game.").format(card=self.card(e["unit"]), name=self.name(e["owner"]))
        if k == "to_hand":
            return _("{card} returns to {name}'s hand.").format(card=self.card(e["unit"]), name=self.name(e["player"]))
        if k == "draw":
            n = e["n"]
            return ngettext("{who} draws {n} card.", "{who} draws {n} cards.", n).format(who=self.who(e["player"]), n=n)
        if k == "reshuffle":
            p = e["player"]
            return _("{who}'s draw pile ran out: the discard pile is shuffled into a new one, and {other} will score a "
                     "crystal for free.").format(who=self.who(p), other=self.name(1 - p))
        if k == "crystal":
            if a["kind"] in ("score", "free_score") and e["crystal"] == (a["args"] or [None])[0]:
                return ""
            return _("{who} gains the crystal {crystal}.").format(who=self.who(e["player"]), crystal=self.card(e["crystal"]))
        if k == "crystal_used":
            said = _("{who} removes {crystal}.") if e["how"] == "remove" else _("{who} flips {crystal} face down.")
            return said.format(who=self.who(e["player"]), crystal=self.card(e["crystal"]))
        if k == "ability":
            if e.get("name"):
                return _("{card}’s {ability} ({name}).").format(card=self.card(e["unit"]), name=self.name(e["player"]),
                                                                ability=h(self.w.ability_name(e["unit"], e["name"])))
            return f"{self.card(e['unit'])} ({self.name(e['player'])})."
        if k == "invade":
            return _("The invading squad's attack is {n}.").format(n=e["attack"])
        if k == "pay":
            return _("{who} pays {n} initiative.").format(who=self.who(e["player"]), n=e["n"])
        if k == "gain":
            return _("{who} gains {n} initiative.").format(who=self.who(e["player"]), n=e["n"])
        if k == "win":
            return "<b>" + _("{name} wins the game.").format(name=self.name(e["player"])) + "</b>"
        return h(k)

    def battle(self, e: dict) -> str:
        """Cards, styles and sides, the damage arithmetic of each side, what was kept or joined."""
        w = self.w
        rows = ["<b>" + _("Battle in {zone}").format(zone=self.zone(e["zone"])) + "</b> " +
                _("({name} attacks).").format(name=self.name(e["attacker"]))]
        if "cards" not in e:
            return rows[0] + " " + _("It is under way.")
        for p in (0, 1):
            cid = e["cards"][p]
            if cid:
                u = w.unit(cid)
                side = e["sides"][p]
                eff = u.left if side == "left" else u.right
                other = e["cards"][1 - p]
                them = style_name(w.unit(other).style) if other else _("no card")
                why = (_("{style} beats {other}") if side == "left" else _("{style} does not beat {other}")).format(
                    style=style_name(u.style), other=them)
                txt = w.effects_text(eff) if eff else _("no effect")
                said = (_("{who} plays {card} ({why}: left “Win” effect: {text})") if side == "left" else
                        _("{who} plays {card} ({why}: right “Else” effect: {text})"))
                rows.append(said.format(who=self.who(p), card=self.card(cid), why=h(why), text=h(txt)))
            else:
                rows.append(_("{who} plays no battle card.").format(who=self.who(p)))
            if e.get("from_draw", (False, False))[p]:
                rows.append(h(_(FROM_DRAW if cid else NO_CARD_LEFT)))
            for crystal in e.get("crystals", ([], []))[p]:
                rows.append(_("{who} uses {crystal}.").format(who=self.who(p), crystal=self.card(crystal)))
        arith = e.get("arith") or [None, None]
        for p in (0, 1):
            ar = arith[p]
            if ar is None:
                continue
            rows.append(_("{who} deals <b>{n}</b> damage: {sum}.").format(who=self.who(p), n=ar["damage"],
                                                                          sum=h(arithmetic(ar, w))))
        for q, crystal, moved in squads_sent_home(e, w):
            rows.append(_(SENT_HOME if moved else STAYED_HOME).format(crystal=self.card(crystal), name=self.name(q)))
        if e.get("ended_early"):
            rows.append(_("The battle ended before damage."))
        elif e.get("damage_skipped"):
            rows.append(_("No damage was dealt: a squad had left the battle."))
        for p in (0, 1):
            lost = e["lost"][p] if e.get("lost") else []
            if lost:
                rows.append('<span class="log-loss">' + _("{name} lost {cards}.").format(
                    name=self.name(p), cards=self.cards(lost)) + '</span>')
            if e["kept"][p]:
                rows.append(_("{name} keeps the battle card in hand.").format(name=self.name(p)))
            if e["joined"][p]:
                rows.append(_("{name}'s battle card joins the squad.").format(name=self.name(p)))
        return "<br>".join(rows)


def squads_sent_home(e: dict, words) -> list[tuple[int, str, bool]]:
    """What each crystal used in battle `e` that sends the enemy battling squad home did: (whose squad, crystal
    id, whether it moved). The engine's battle event names the crystals used and the zone; such a crystal
    (Veyla's Veil) places the enemy's squad in its home zone, which does not move it when the battle is in that
    zone already (the battle ends all the same)."""
    cs = words.cs
    out = []
    for p in (0, 1):
        for crystal in e.get("crystals", ([], []))[p]:
            cd = cs.crystals[cs.crystal_index[crystal]] if crystal in cs.crystal_index else None
            if cd is not None and any(f.op == "send_home" and f.params.get("target") == "squad"
                                      and f.params.get("whose", "enemy") == "enemy" for f in cd.effects):
                q = 1 - p
                out.append((q, crystal, e["zone"] != cs.board.zone_ids[cs.board.homes[q]]))
    return out


SENT_HOME = N_("{crystal} sent {name}'s squad back to its home zone.")


STAYED_HOME = N_("{name}'s squad was in its home zone already: {crystal} did not move it.")


FROM_DRAW = N_("No card in hand: the top card of the draw pile was played.")


NO_CARD_LEFT = N_("No card in hand or in the draw pile.")


TERM_WORDS = {"card": N_("{name} (battle card) {n}"), "crystal": N_("{name} (crystal) {n}"),
              "ability": N_("{name}'s ability {n}"), "support": N_("{name} (support) {n}")}


SPECIAL_WORDS = {"sacrifice": N_("Sacrifice {n}")}


def term_words(t: dict, words) -> str:
    """One term of a battle's sum with its source: "Brannoc's Warhorn (crystal) 4"."""
    n = abs(t["n"])
    if t["source"] == "special":
        return _(SPECIAL_WORDS.get(t["id"], N_("abilities {n}"))).format(n=n)
    if t["source"] in TERM_WORDS and t.get("id"):
        return _(TERM_WORDS[t["source"]]).format(name=words.unit_name(t["id"]), n=n)
    return _("abilities {n}").format(n=n)


def _signed(text: str, n: int, first: bool = False) -> str:
    return text if first and n >= 0 else f"{'+' if n >= 0 else '−'} {text}"


def arithmetic(ar: dict, words=None) -> str:
    """"units' attack 6 + Brannoc's Warhorn (crystal) 4 + Orion's ability 1 − Sleep 2 = 9, doubled to 18
    − defense 4 (Mygard's Shield (crystal) 4) = 14": every term with its source (the engine's terms;
    older records without them show the battle card's and the abilities' sums)."""
    parts = [_("units' attack {n}").format(n=ar["units"])]
    if "terms" in ar and words is not None:
        parts += [_signed(term_words(t, words), t["n"]) for t in ar["terms"]]
    else:
        if ar["card"]:
            parts.append(f"{'+' if ar['card'] > 0 else '−'} " + _("card {n}").format(n=abs(ar["card"])))
        if ar["abilities"]:
            parts.append(f"{'+' if ar['abilities'] > 0 else '−'} " + _("abilities {n}").format(n=abs(ar["abilities"])))
    if ar["sleep"]:
        parts.append("− " + _("Sleep {n}").format(n=abs(ar["sleep"])))
    s = " ".join(parts)
    made = ar["units"] + ar["card"] + ar["abilities"] + ar["sleep"]
    if len(parts) > 1:
        s += f" = {made}"
    if ar["doubled"]:
        s += ", " + _("doubled to {n}").format(n=ar["total"])
    if ar.get("enemy_defense"):
        s += " − " + _("defense {n}").format(n=ar["enemy_defense"])
        if ar.get("enemy_terms") and words is not None:
            s += " (" + " ".join(_signed(term_words(t, words), t["n"], i == 0)
                                 for i, t in enumerate(ar["enemy_terms"])) + ")"
        s += f" = {ar['damage']}"
    return s


def cost_tag(a: dict) -> str:
    if a["kind"] == "free_score":
        return f'<span class="log-cost free" title="{h(_("no initiative"))}">{h(_("free"))}</span>'
    if not a["cost"]:
        return f'<span class="log-cost free" title="{h(_("no initiative"))}">0</span>'
    gained = f" +{a['gained']}" if a.get("gained") else ""
    return f'<span class="log-cost" title="{h(_("initiative spent"))}">−{a["cost"]}{gained}</span>'


def action_item(t: Teller, a: dict) -> str:
    details = [x for x in (t.event(e, a) for e in a["events"]) if x]
    if a.get("gained"):
        details.append(_("{who} gains {n} initiative.").format(who=t.who(a["player"]), n=a["gained"]))
    head = f'{cost_tag(a)} {t.headline(a)}'
    battle = any(e["kind"] == "battle" for e in a["events"])
    cls = f"log-act p{a['player']}" + (" has-battle" if battle else "")
    if not details:
        return f'<li class="{cls}" data-log-action>{head}</li>'
    body = "".join(f"<li>{d}</li>" for d in details)
    # the sentence stays outside the summary: its card names are buttons, and a summary holds no controls
    return (f'<li class="{cls}" data-log-action>{head} <details class="log-more"{" data-log-battle" if battle else ""}>'
            f'<summary>{h(_("the battle") if battle else _("details"))}</summary><ul class="log-details">{body}</ul></details></li>')


# Turns of the log as HTML, by everything their words depend on: a finished turn never changes, so a click
# renders only the newest one (the whole log of a long game took 15 of a table's 18 ms to tell anew).
_told_turns: dict[tuple, str] = {}
_TOLD_TURNS_AT_MOST = 600


def told_turn(t: Teller, turn: dict) -> str:
    key = (language(), t.w, tuple(t.names), repr(turn))
    told = _told_turns.get(key)
    if told is None:
        if len(_told_turns) >= _TOLD_TURNS_AT_MOST:
            _told_turns.clear()
        items = "".join(action_item(t, a) for a in turn["actions"])
        p = turn["player"]
        told = _told_turns[key] = turn_entry(turn["turn"], t.names[p], items, cls=f"p{p}")
    return told


def log_panel(app, view, story: list | None = None) -> str:
    """The whole game (or `story`), newest turn first (actions within a turn in order)."""
    story = app.story() if story is None else story
    t = Teller(app.words, app.names)
    return log_section([told_turn(t, turn) for turn in reversed(story)])


def since_last_turn(story: list[dict], me: int) -> list[dict]:
    """The other player's actions since `me` last took an action of her own (a free score is not one),
    oldest first."""
    out: list[dict] = []
    for turn in reversed(story):
        for a in reversed(turn["actions"]):
            if a["player"] == me:
                if a["kind"] != "free_score":
                    return out[::-1]
                continue
            out.append(a)
    return out[::-1]


def recap(app, view, me: int | None = None) -> str:
    """'Since your last turn': what the other side did, as the log tells it (for the person deciding)."""
    me = view["you"] if me is None else me
    acts = since_last_turn(app.story(), me)
    if not acts:
        return ""
    t = Teller(app.words, app.names)
    items = "".join(action_item(t, a) for a in acts[-8:])
    more = (f'<li class="muted">… {h(_("{n} earlier (see the log)").format(n=len(acts) - 8))}</li>'
            if len(acts) > 8 else "")
    said = ngettext("Since your last turn: {name} took {n} action", "Since your last turn: {name} took {n} actions",
                    len(acts)).format(name=app.names[1 - me], n=len(acts))
    return (f'<details class="recap" open data-recap><summary>{h(said)}</summary>'
            f'<ol class="log-actions">{more}{items}</ol></details>')
