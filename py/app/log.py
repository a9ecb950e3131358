"""The table's log and its recaps, told from the engine's story (`game.story()`): a heading a turn, one
sentence an action with the initiative it cost, and what the action did folded under it (battles with
their arithmetic, destroyed units and whose they were, discards, crystals and why).

Card names are buttons (data-details) that open the card; their title holds the card's rules, so
hovering shows them. Pure Python (no js imports): unit-tested under CPython.
"""
from __future__ import annotations

from .text import STYLE_NAMES, h

class Teller:
    """Sentences (HTML) for the story's actions and events, with the players' names."""

    def __init__(self, words, names) -> None:
        self.w = words
        self.names = names

    # ---------------------------------------------------------------- pieces
    def who(self, p) -> str:
        return f'<b class="p{int(p)}">{h(self.names[int(p)])}</b>'

    def card(self, uid: str) -> str:
        w = self.w
        if uid in w.cs.unit_index:
            u = w.unit(uid)
            tip = f"{u.name}: attack {u.attack}, defense {u.defense}, activation {u.activation}, summon {u.summon}"
            name = u.name
        elif uid in w.crystal_names:
            cd = w.crystal_by_id[uid]
            tip = f"{cd.name} (crystal, cost {cd.cost}): {w.effects_text(cd.effects)}"
            name = cd.name
        else:
            return h(uid)
        return f'<button type="button" class="cardref" data-details="{h(uid)}" title="{h(tip)}">{h(name)}</button>'

    def cards(self, uids) -> str:
        parts = [self.card(u) for u in uids]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]

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
            where = f" to {self.zone(ev['zone'])}" if ev else ""
            extra = ""
            if ev and ev.get("from_discard"):
                extra = f" ({ev['from_discard']} from the discard pile)"
            return f"{who} summons {self.cards(args)}{where}{extra}."
        if k == "activate":
            flip = f", flipping {self.card(args[2])} instead of paying" if len(args) > 2 else ""
            return f"{who} activates the squad in {self.zone(args[0])}{flip}."
        if k == "score":
            return f"{who} scores {self.card(args[0])}."
        if k == "free_score":
            return f"{who} scores {self.card(args[0])} for free ({h(self.names[opp])} reshuffled)."
        if k == "replenish":
            return f"{who} replenishes."
        if k == "invade":
            return f"{who} invades {h(self.names[opp])}'s home."
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
        out = [f"battle in {self.zone(battle['zone'])}"] if battle is not None else []
        if any(lost):
            out.append(", ".join(f"{h(self.names[p])} lost {n} unit{'s' if n != 1 else ''}"
                                 for p, n in enumerate(lost) if n))
        for e in crystals:
            out.append(f"{h(self.names[e['player']])} gains {self.card(e['crystal'])}")
        if winner is not None:
            out.append(f"<b>{h(self.names[winner])} wins</b>")
        return self.action(a) + (f' <span class="log-outcome">({"; ".join(out)})</span>' if out else "")

    # ---------------------------------------------------------------- what it did
    def event(self, e: dict, a: dict) -> str:
        k = e["kind"]
        if k == "summon":
            return ""  # the action's own sentence says it
        if k == "move":
            return f"{self.cards(e['units'])} move from {self.zone(e['from'])} to {self.zone(e['to'])}."
        if k == "battle":
            return self.battle(e)
        if k == "destroyed":
            if e.get("in_battle"):
                return ""  # the battle's summary names the losses
            whose = h(self.names[e["controller"]]) + "'s"
            owner = f" (owned by {h(self.names[e['owner']])})" if e["owner"] != e["controller"] else ""
            return f'<span class="log-loss">{whose} {self.card(e["unit"])}{owner} is destroyed in {self.zone(e["zone"])}.</span>'
        if k == "discard":
            src = {"hand": "from hand", "squad": "from the oversized squad", "draw pile": "from the top of the draw pile",
                   "board": "(taken off the board)"}.get(e["source"], "")
            return f"{self.who(e['owner'])} discards {self.card(e['unit'])} {src}."
        if k == "mill":
            n = len(e["units"])
            return (f"{self.who(e['player'])} discards {n} card{'s' if n != 1 else ''} from the top of the draw pile: "
                    f"{self.cards(e['units'])}.")
        if k == "removed":
            return f"{self.card(e['unit'])} of {h(self.names[e['owner']])} is removed from the game."
        if k == "to_hand":
            return f"{self.card(e['unit'])} returns to {h(self.names[e['player']])}'s hand."
        if k == "draw":
            n = e["n"]
            return f"{self.who(e['player'])} draws {n} card{'s' if n != 1 else ''}."
        if k == "reshuffle":
            p = e["player"]
            return (f"{self.who(p)}'s draw pile ran out: the discard pile is shuffled into a new one, and "
                    f"{h(self.names[1 - p])} will score a crystal for free.")
        if k == "crystal":
            if a["kind"] in ("score", "free_score") and e["crystal"] == (a["args"] or [None])[0]:
                return ""
            return f"{self.who(e['player'])} gains the crystal {self.card(e['crystal'])}."
        if k == "crystal_used":
            verb = "removes" if e["how"] == "remove" else "flips face down"
            return f"{self.who(e['player'])} {verb} {self.card(e['crystal'])}."
        if k == "ability":
            name = f"’s {h(e['name'])}" if e.get("name") else ""
            return f"{self.card(e['unit'])}{name} ({h(self.names[e['player']])})."
        if k == "invade":
            return f"The invading squad's attack is {e['attack']}."
        if k == "pay":
            return f"{self.who(e['player'])} pays {e['n']} initiative."
        if k == "gain":
            return f"{self.who(e['player'])} gains {e['n']} initiative."
        if k == "win":
            return f'<b>{h(self.names[e["player"]])} wins the game.</b>'
        return h(k)

    def battle(self, e: dict) -> str:
        """Cards, styles and sides, the damage arithmetic of each side, what was kept or joined."""
        w = self.w
        rows = [f'<b>Battle in {self.zone(e["zone"])}</b> ({h(self.names[e["attacker"]])} attacks).']
        if "cards" not in e:
            return rows[0] + " It is under way."
        for p in (0, 1):
            cid = e["cards"][p]
            if cid:
                u = w.unit(cid)
                side = e["sides"][p]
                eff = u.left if side == "left" else u.right
                ostyle = w.unit(e["cards"][1 - p]).style if e["cards"][1 - p] else None
                why = (f"{STYLE_NAMES[u.style]} beats {STYLE_NAMES.get(ostyle, 'no card')}" if side == "left"
                       else f"{STYLE_NAMES[u.style]} does not beat {STYLE_NAMES.get(ostyle, 'no card')}")
                txt = w.effects_text(eff) if eff else "no effect"
                rows.append(f"{self.who(p)} plays {self.card(cid)} ({h(why)}: "
                            f"{'left “Win”' if side == 'left' else 'right “Else”'} effect: {h(txt)})")
            else:
                rows.append(f"{self.who(p)} plays no battle card.")
        arith = e.get("arith") or [None, None]
        for p in (0, 1):
            ar = arith[p]
            if ar is None:
                continue
            rows.append(f"{self.who(p)} deals <b>{ar['damage']}</b> damage: {h(arithmetic(ar))}.")
        if e.get("ended_early"):
            rows.append("The battle ended before damage.")
        elif e.get("damage_skipped"):
            rows.append("No damage was dealt: a squad had left the battle.")
        for p in (0, 1):
            lost = e["lost"][p] if e.get("lost") else []
            if lost:
                rows.append(f'<span class="log-loss">{h(self.names[p])} lost {self.cards(lost)}.</span>')
            if e["kept"][p]:
                rows.append(f"{h(self.names[p])} keeps the battle card in hand.")
            if e["joined"][p]:
                rows.append(f"{h(self.names[p])}'s battle card joins the squad.")
        return "<br>".join(rows)


def arithmetic(ar: dict) -> str:
    """"units' attack 6 + card 3 + abilities 1 − Sleep 2 = 8, doubled to 16 − defense 2 = 14"."""
    parts = [f"units' attack {ar['units']}"]
    if ar["card"]:
        parts.append(f"{'+' if ar['card'] > 0 else '−'} card {abs(ar['card'])}")
    if ar["abilities"]:
        parts.append(f"{'+' if ar['abilities'] > 0 else '−'} abilities {abs(ar['abilities'])}")
    if ar["sleep"]:
        parts.append(f"− Sleep {abs(ar['sleep'])}")
    s = " ".join(parts)
    made = ar["units"] + ar["card"] + ar["abilities"] + ar["sleep"]
    if len(parts) > 1:
        s += f" = {made}"
    if ar["doubled"]:
        s += f", doubled to {ar['total']}"
    if ar.get("enemy_defense"):
        s += f" − defense {ar['enemy_defense']} = {ar['damage']}"
    return s


def cost_tag(a: dict) -> str:
    if a["kind"] == "free_score":
        return '<span class="log-cost free" title="no initiative">free</span>'
    if not a["cost"]:
        return '<span class="log-cost free" title="no initiative">0</span>'
    gained = f" +{a['gained']}" if a.get("gained") else ""
    return f'<span class="log-cost" title="initiative spent">−{a["cost"]}{gained}</span>'


def action_item(t: Teller, a: dict) -> str:
    details = [x for x in (t.event(e, a) for e in a["events"]) if x]
    if a.get("gained"):
        details.append(f"{t.who(a['player'])} gains {a['gained']} initiative.")
    head = f'{cost_tag(a)} {t.headline(a)}'
    battle = any(e["kind"] == "battle" for e in a["events"])
    cls = f"log-act p{a['player']}" + (" has-battle" if battle else "")
    if not details:
        return f'<li class="{cls}" data-log-action>{head}</li>'
    body = "".join(f"<li>{d}</li>" for d in details)
    # the sentence stays outside the summary: its card names are buttons, and a summary holds no controls
    return (f'<li class="{cls}" data-log-action>{head} <details class="log-more"{" data-log-battle" if battle else ""}>'
            f'<summary>{"the battle" if battle else "details"}</summary><ul class="log-details">{body}</ul></details></li>')


def log_panel(app, view, story: list | None = None) -> str:
    """The whole game (or `story`), newest turn first (actions within a turn in order)."""
    story = app.story() if story is None else story
    t = Teller(app.words, app.names)
    out = []
    for turn in reversed(story):
        items = "".join(action_item(t, a) for a in turn["actions"])
        p = turn["player"]
        out.append(f'<li class="log-turn p{p}"><h3 data-log-turn="{turn["turn"]}">Turn {turn["turn"]} · '
                   f'{h(app.names[p])}</h3><ol class="log-actions">{items or "<li class=muted>…</li>"}</ol></li>')
    body = "".join(out) or '<li class="muted">Nothing has happened yet.</li>'
    return (f'<section class="panel log" aria-label="Game log" data-log><h2>Log <span class="muted">(newest turn first)'
            f'</span></h2><ol class="log-turns">{body}</ol></section>')


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
    more = f'<li class="muted">… {len(acts) - 8} earlier (see the log)</li>' if len(acts) > 8 else ""
    return (f'<details class="recap" open data-recap><summary>Since your last turn: {h(app.names[1 - me])} took '
            f'{len(acts)} action{"s" if len(acts) != 1 else ""}</summary><ol class="log-actions">{more}{items}</ol></details>')
