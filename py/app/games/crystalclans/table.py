"""Crystal Clans' table: both players' bars, the initiative track, the board of nine zones with its squads, the
action bar, the hand, the crystal row, the battle under way and its result, the pass screen, game over with
the statistics, a replay's frame, and what the table animates (`Effects`). HTML strings from game.view(p) and
the App (one innerHTML write each); the shell's parts (the waiting bar, the coach, the pass-the-device frame,
undo, rematch, the statistics' table) come from app/render.py.

Every element that applies an action carries data-action="<notation>" (exactly str(action)); the table
offers only what legal_actions() returns: each legal action is a button in the action bar (complete,
accessible list) and, where natural, also a clickable card/zone/crystal on the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crystalclans.actions import read_token

from ...i18n import N_, _, ngettext, pgettext
from ...render import stats_table
from ...text import h
from .cards import card_face, crystal_face, mini_card, style_icon
from .story import (FROM_DRAW, NO_CARD_LEFT, SENT_HOME, STAYED_HOME, arithmetic, log_panel, recap,
                                 squads_sent_home)
from .text import style_name


def cost_of(view, notation: str) -> dict | None:
    """{"cost", "ends_turn"} of an option that costs initiative (the engine's view.decision.costs)."""
    return ((view.get("decision") or {}).get("costs") or {}).get(notation)


def cost_attrs(view, notation: str) -> str:
    c = cost_of(view, notation)
    return f' data-cost="{c["cost"]}"{" data-ends-turn" if c["ends_turn"] else ""}' if c else ""


def cost_badge(view, notation: str) -> str:
    c = cost_of(view, notation)
    if not c:
        return ""
    ends = f' <span class="ends-turn" aria-hidden="true">{h(_("ends turn"))}</span>' if c["ends_turn"] else ""
    # the word, not a bare number in a circle: "Draw ③" read as "draw three"
    return (f' <span class="cost-badge" title="{h(_("initiative this costs"))}" aria-hidden="true">'
            f'{h(_("cost {n}").format(n=c["cost"]))}</span>{ends}'
            f'<span class="sr-only">{h(cost_words(view, notation))}</span>')


def cost_words(view, notation: str) -> str:
    c = cost_of(view, notation)
    if not c:
        return ""
    return _(", costs {n} initiative").format(n=c["cost"]) + (_(", ends your turn") if c["ends_turn"] else "")


def _btn(label: str, *, action: str | None = None, cls: str = "", attrs: str = "") -> str:
    a = f' data-action="{h(action)}"' if action is not None else ""
    return f'<button type="button" class="{cls}"{a} {attrs}>{label}</button>'


class Targets:
    """Which legal action each table element applies (hand cards, squad units, zones, crystals): an option
    with a single argument, read from the engine's parts of each option (view's decision.parts)."""

    def __init__(self, view, zones, crystals):
        self.hand: dict[tuple, str] = {}  # (unit id, owner) -> action
        self.unit: dict[tuple, str] = {}  # (ctrl, zone, position index) -> action
        self.zone: dict[str, str] = {}
        self.crystal: dict[str, str] = {}
        d = view.get("decision") or {}
        me = view["you"]
        info = d.get("info") or {}
        zone = info.get("zone")
        ctrl = info.get("controller", me)
        hand_cards = {(c["id"], c["owner"]) for c in view["players"][me].get("hand", [])}
        squads = view["board"]
        for notation, part in zip(view.get("legal_actions", []), d.get("parts") or []):
            roles = part.keys() - {"kind", "owner"}
            if len(roles) != 1 and roles != {"card", "position"}:
                continue
            if "position" in part and zone in squads:
                self.unit.setdefault((ctrl, zone, part["position"]), notation)
            elif "card" in roles and part["kind"] == "place" and zone in squads:
                sq = squads[zone]["squads"][ctrl]
                for i in range(int(info.get("position", 0)), len(sq)):
                    if (sq[i]["id"], sq[i]["owner"]) == (part["card"], part["owner"]):
                        self.unit.setdefault((ctrl, zone, i), notation)
            elif "card" in roles and (part["card"], part["owner"]) in hand_cards:
                self.hand.setdefault((part["card"], part["owner"]), notation)
            elif part.get("zone") in zones:
                self.zone.setdefault(part["zone"], notation)
            elif part.get("crystal") in crystals:
                self.crystal.setdefault(part["crystal"], notation)


def board(ctx) -> str:
    """The Crystal Clans table inside the shell's frame (app/table.py): both sides, the initiative, the board,
    the choice and the hand, the battle, the crystals and the log; or one frame of the replay."""
    view = ctx.view
    me = view["you"]
    if ctx.replaying:
        return "".join([
            '<div class="table replaying"><div class="main-col">',
            player_bar(ctx, view, 1 - me, top=True), initiative_track(ctx, view), board_html(ctx, view, None),
            player_bar(ctx, view, me, top=False), '<div class="dock">', hand(ctx, view, None, hidden=False),
            '</div></div><aside class="side-col">', crystal_row(ctx, view, None), log_panel(ctx, view),
            '</aside></div>'])
    targets = Targets(view, ctx.words.cs.board.zone_ids, ctx.words.crystal_by_id) if ctx.interactive else None
    return "".join([
        '<div class="table"><div class="main-col">', ctx.coach,
        player_bar(ctx, view, 1 - me, top=True), initiative_track(ctx, view), board_html(ctx, view, targets),
        player_bar(ctx, view, me, top=False),
        '<div class="dock">',  # prompt and hand: kept in view at the bottom on desktops and tablets
        action_bar(ctx, view) if ctx.interactive else ctx.waiting,
        hand(ctx, view, targets, hidden=ctx.overlay or ctx.public),
        '</div></div><aside class="side-col">', battle_panel(ctx, view), crystal_row(ctx, view, targets),
        log_panel(ctx, view), '</aside></div>'])


def waiting_recap(ctx) -> str:
    """What the other player did since this one's last turn, for the waiting bar."""
    return recap(ctx, ctx.view)


def player_bar(app, view, p, top: bool) -> str:
    pl = view["players"][p]
    names = app.names
    words = app.words
    clan = pl["clan"]
    active = view["active"] == p and view.get("winner") is None  # no one is to move once the game is over
    crystals = "".join(
        (f'<button type="button" class="gem-chip" data-details="{h(c["id"])}">'
         f'<span aria-hidden="true">◆</span> {h(words.crystal_names[c["id"]])}</button>') if not c["facedown"]
        else f'<span class="gem-chip facedown">◆ {h(_("face down"))}</span>'
        for c in pl["crystals"])
    need = app.words.cs.crystals_to_win
    fx = app.fx
    glow = " fx-gain" if fx and p in fx.crystal else ""
    gems = "".join(f'<span class="pip{" on" if i < pl["crystal_count"] else ""}{glow if i == pl["crystal_count"] - 1 else ""}" '
                   'aria-hidden="true">◆</span>' for i in range(need))
    crystals_said = _("{n} of {need} crystals").format(n=pl["crystal_count"], need=need)
    browse = _("Browse the discard pile of {name}").format(name=names[p])
    return f"""
<section class="player-bar clan-{h(clan)}{' active' if active else ''}{' top' if top else ' bottom'}" aria-label="{h(names[p])}">
  <div class="pb-name"><span class="clan-dot" aria-hidden="true"></span><b>{h(names[p])}</b>
    <span class="muted">{h(words.clan_name(clan))}</span>{f' <span class="turn-badge">{h(_("turn"))}</span>' if active else ''}</div>
  <div class="pb-gems" title="{h(crystals_said)}">{gems}<span class="sr-only">{h(crystals_said)}</span></div>
  <div class="pb-counts">
    <span class="count" title="{h(_("Cards in hand"))}"><span class="ck">{h(_("Hand"))}</span> {pl['hand_count']}</span>
    <span class="count" title="{h(_("Draw pile"))}"><span class="ck">{h(pgettext("pile", "Draw"))}</span> {pl['draw_count']}</span>
    <button type="button" class="count discard-btn" data-cmd="discard" data-player="{p}"
      title="{h(browse)}"><span class="ck">{h(pgettext("pile", "Discard"))}</span> {len(pl['discard'])}<span class="sr-only">: {h(browse)}</span></button>
  </div>
  <div class="pb-crystals">{crystals}</div>
</section>"""


def initiative_track(app, view) -> str:
    ini = view["initiative"]
    track, neutral, token = ini["track"], ini["neutral"], ini["token"]
    me = view["you"]
    names = app.names
    act = view["active"]
    # Left end = the viewer's opponent, right end = the viewer (her initiative is high when the token is near her).
    rel_me = token if me == 0 else -token
    cells = []
    for r in range(-track, track + 1):
        cls = "cell"
        if abs(r) <= neutral:
            cls += " neutral"
        if r == rel_me:
            cls += " token"
        num = ""
        if r % 5 == 0:
            cls += " tick"
            num = f'<i aria-hidden="true">{abs(r)}</i>'
        cells.append(f'<span class="{cls}">{num}</span>')
    rel_act = token if act == 0 else -token
    left = rel_act + track
    before_pass = max(0, rel_act + neutral)  # paying more than this hands the turn over
    other = h(names[1 - act])  # (escaped once: the sentences below go into the page as they are)
    plain = (_("up to {n} keeps the turn, more hands it to {name}").format(n=before_pass, name=other) if before_pass
             else _("any cost hands the turn to {name}").format(name=other))
    can = _("<b>{name}</b> can spend <b>{n}</b> initiative:").format(name=h(names[act]), n=left)
    where = _("Token at {pos} from {name}'s side; neutral −{n}..+{n}").format(pos=f"{rel_me:+d}", name=names[me], n=neutral)
    return f"""
<section class="initiative" aria-label="{h(_("Initiative track"))}">
  <div class="ini-labels"><span>◀ {h(names[1 - me])}</span>
    <span class="ini-left" data-ini-plain>{can}
      <span class="muted">{plain}</span></span>
    <span>{h(names[me])} ▶</span></div>
  <div class="ini-track" role="img" aria-label="{h(where)}">{''.join(cells)}</div>
</section>"""


def board_html(app, view, targets) -> str:
    cs = app.words.cs
    me = view["you"]
    grid = cs.board.grid
    rows = 3
    cols = 3
    out = [f'<section class="board" aria-label="{h(_("Board"))}">']
    for zid in cs.board.zone_ids:
        r, c = grid[zid]["row"], grid[zid]["col"]
        if me == 1:
            r, c = rows - 1 - r, cols - 1 - c
        out.append(zone_html(app, view, zid, r, c, targets))
    out.append(stat_legend())
    out.append("</section>")
    return "".join(out)


def stat_legend(where: str = "board") -> str:
    """What the squads' coloured numbers mean. Under the board; on a laptop or desktop beside the hand's title
    instead (CSS shows one of the two), where it costs the board no row of its own."""
    return (f'<p class="stat-legend in-{where}" aria-hidden="true"><span class="atk">{h(_("A"))}</span> {h(_("attack"))} '
            f'<span class="def">{h(_("D"))}</span> {h(_("defense"))} <span class="act">{h(_("C"))}</span> '
            f'{h(_("activation cost"))}</p>')


def zone_html(app, view, zid, r, c, targets) -> str:
    z = view["board"][zid]
    me = view["you"]
    words = app.words
    kind = z["kind"]
    name = words.zone_name(zid, app.names)
    act = targets.zone.get(zid) if targets else None
    cls = f"zone kind-{kind}"
    if kind == "home":
        owner = 0 if zid == "a_home" else 1
        cls += f" home-{'mine' if owner == me else 'theirs'}"
    btn = ""
    if act:
        cls += " targetable"
        label = words.action_label(act, app.names)
        btn = _btn(h(label) + cost_badge(view, act), action=act, cls="zone-act", attrs=cost_attrs(view, act))
    b = view.get("battle")
    if b and b["zone"] == zid:
        cls += " battling"
    fx = app.fx
    marks = ""
    if fx:
        if zid in fx.clash:
            cls += " fx-clash"
        marks = "".join(f'<span class="fx-destroyed" aria-hidden="true">✕ {h(words.unit(u).name)}</span>'
                        for z, u in fx.destroyed if z == zid)
    sq_theirs = squad_html(app, view, zid, 1 - me, targets)
    sq_mine = squad_html(app, view, zid, me, targets)
    return (f'<div class="{cls}" style="grid-row:{r + 1};grid-column:{c + 1}" aria-label="{h(name)}" role="group">'
            f'<div class="zone-name">{"◆ " if kind == "crystal" else ""}{h(name)}</div>'
            f'<div class="squad theirs">{sq_theirs}</div>{btn}<div class="squad mine">{sq_mine}</div>{marks}</div>')


def squad_html(app, view, zid, p, targets) -> str:
    sq = view["board"][zid]["squads"][p]
    if not sq:
        return ""
    words = app.words
    U = words.unit
    numbers = view["board"][zid]["numbers"][p]
    atk, dfn, act = numbers["attack"], numbers["defense"], numbers["activation"]
    shield = f'<span class="shield">+{numbers["shield"]}</span>' if numbers["shield"] else ""
    clan = view["players"][p]["clan"]
    fx = app.fx
    units = []
    for i, c in enumerate(sq):
        u = U(c["id"])
        action = targets.unit.get((p, zid, i)) if targets else None
        top = i == 0
        kw = "".join(f'<span class="kw">{h(words.keyword(k))}</span>' for k in sorted(u.keywords))
        pos_txt = _("top unit") if top else _("position {n}").format(n=i + 1)
        inner = (f'<span class="u-pos" aria-hidden="true">{h(_("TOP")) if top else i + 1}</span>'
                 f'<span class="u-name">{h(words.card_title(u))}</span><span class="sr-only">, {h(pos_txt)},</span>{kw}'
                 f'<span class="u-stats"><span class="atk" title="{h(_("attack"))}"><span class="sr-only">{h(_("attack"))} </span>{u.attack}</span>'
                 f'<span class="def" title="{h(_("defense"))}"><span class="sr-only">, {h(_("defense"))} </span>{u.defense}</span>'
                 f'<span class="act" title="{h(_("activation"))}"><span class="sr-only">, {h(_("activation"))} </span>{numbers["unit_activation"][i]}</span></span>')
        ucls = f'unit clan-{h(u.clan)}{" top" if top else ""}{" owner-swap" if c["owner"] != p else ""}'
        if fx and (zid, p, u.id) in fx.arrive:
            ucls += " fx-arrive"
        if action:
            label = words.action_label(action, app.names)
            units.append(f'<button type="button" class="{ucls} targetable" data-action="{h(action)}">'
                         f'<span class="sr-only">{h(label)}: </span>{inner}</button>')
        else:
            units.append(f'<button type="button" class="{ucls}" data-details="{h(u.id)}">{inner}'
                         f'<span class="sr-only"> ({h(_("details"))})</span></button>')
    owner = "mine" if p == view["you"] else "theirs"
    moved = " fx-moved" if fx and (zid, p) in fx.moved else ""
    return (f'<div class="stack clan-{h(clan)} {owner}{moved}" data-squad="{h(zid)} {p}"><div class="stack-sum" title="{h(_("squad attack / defense / activation cost"))}">'
            f'<span class="who">{h(app.names[p])}</span><span class="u-stats"><span class="atk">{atk}</span><span class="def">{dfn}{shield}</span><span class="act">{act}</span></span></div>{"".join(units)}</div>')


REVEALED_LABELS = {"hand": N_("Your opponent's hand"), "seen": N_("Top of your opponent's draw pile (top first)")}


def revealed_cards(app, info: dict) -> str:
    """Cards a decision shows its player (an opponent's hand, the top of a pile): any info entry that is a
    list of card tokens, so a decision kind the engine adds later shows its cards without new UI code."""
    words = app.words
    rows = []
    for key, value in info.items():
        if key in ("picked", "chosen") or not isinstance(value, list) or not value:
            continue
        ids = [read_token(t)[0] for t in value if isinstance(t, str)]
        if len(ids) != len(value) or not all(i in words.cs.unit_index for i in ids):
            continue
        label = _(REVEALED_LABELS[key]) if key in REVEALED_LABELS else key.replace("_", " ").capitalize()
        cards = "".join(
            f'<button type="button" class="reveal-card" data-details="{h(i)}" aria-label="{h(words.unit(i).name)}: {h(_("details"))}">'
            f'{mini_card(words, i)}</button>' for i in ids)
        rows.append(f'<div class="revealed" role="group" aria-label="{h(label)}"><span class="revealed-k">{h(label)}</span>'
                    f'<div class="revealed-cards">{cards}</div></div>')
    return "".join(rows)


def action_bar(app, view) -> str:
    d = view.get("decision")
    if not d:
        return ""
    names = app.names
    words = app.words
    info = d.get("info") or {}
    extra = []
    for key in ("picked", "chosen"):
        if info.get(key):
            extra.append((_("Picked: {cards}") if key == "picked" else _("Chosen: {cards}")).format(
                cards=", ".join(words.pretty_arg(t, names) for t in info[key])))
    if "cost" in info:
        extra.append(_("cost so far {n}").format(n=info["cost"]))
    if info.get("leave"):
        zone_sq = view["board"].get(info.get("zone"), {}).get("squads", [[], []])[d["player"]]
        staying = [words.unit_name(zone_sq[i - 1]["id"]) for i in info["leave"] if 0 < i <= len(zone_sq)]
        extra.append(_("staying behind: {cards}").format(cards=", ".join(staying)))
    btns = []
    picked = len(info.get("picked") or [])
    chosen = len(info.get("chosen") or [])
    options = list(zip(view["legal_actions"], d.get("parts") or []))
    reorder = d["kind"] == "reorder"
    if reorder:  # keeping the order is the usual answer: first, the primary button, focused (Enter keeps it)
        options.sort(key=lambda o: o[1]["kind"] != "keep")
    for a, part in options:
        kind = part["kind"]
        cls = "act-btn"
        attrs = cost_attrs(view, a)
        if kind == "done" and d["kind"] not in ("battle", "action"):
            cls += " primary"
        elif kind in ("cancel",):
            cls += " ghost"
        label = words.action_label(a, names)
        if reorder and kind == "keep":
            cls += " primary"
            attrs += " data-autofocus data-keep-order"
            label = _("Keep this order")
        if kind == "done" and d["kind"] == "summon":
            label = ngettext("Summon {n} unit", "Summon {n} units", picked).format(n=picked)
        elif kind == "done" and d["kind"] == "replenish":
            label = (ngettext("Discard {n} card and draw", "Discard {n} cards and draw", chosen).format(n=chosen)
                     if chosen else _("Discard nothing and draw"))
        elif kind == "done" and d["kind"] == "battle":
            label = _("No battle")
        btns.append(_btn(h(label) + cost_badge(view, a), action=a, cls=cls, attrs=attrs))
    undo = app.undo
    return f"""
<section class="action-bar" aria-label="{h(_("Your options"))}">
  <div class="prompt"><span class="who">{h(names[d['player']])}:</span> {h(words.prompt(d, names))}
    {'<span class="muted"> · ' + h(' · '.join(extra)) + '</span>' if extra else ''}{undo}</div>
  {decision_crystal(words, d)}{revealed_cards(app, info)}<div class="actions">{''.join(btns)}</div>
  {recap(app, view)}
</section>"""


def decision_crystal(words, d: dict) -> str:
    """The crystal whose effect asks this choice (the engine names it: decision.crystal), whole, beside the
    prompt: a scored crystal's own words say what the choice is for."""
    cid = d.get("crystal")
    if cid not in words.crystal_by_id:
        return ""
    c = words.crystal_by_id[cid]
    return (f'<p class="decision-crystal" data-decision-crystal="{h(cid)}"><span class="gem" aria-hidden="true">◆</span> '
            f'<b class="crystal-name">{h(c.name)}</b>: <span class="crystal-text">{h(c.text)}</span></p>')


def hand(app, view, targets, hidden: bool) -> str:
    me = view["you"]
    pl = view["players"][me]
    names = app.names
    words = app.words
    if hidden or "hand" not in pl:
        return (f'<section class="hand hidden-hand" aria-label="{h(_("Hand"))}"><p class="muted">'
                + h(ngettext("{name}'s hand is hidden ({n} card).", "{name}'s hand is hidden ({n} cards).",
                             pl["hand_count"]).format(name=names[me], n=pl["hand_count"])) + '</p></section>')
    d = view.get("decision") or {}
    info = d.get("info") or {}
    marked = list(info.get("picked", [])) + list(info.get("chosen", []))
    cards = []
    for c in pl["hand"]:
        tok = c["id"] if c["owner"] == me else f'{c["id"]}@{c["owner"]}'
        action = targets.hand.get((c["id"], c["owner"])) if targets else None
        sel = ""
        if tok in marked:
            marked.remove(tok)
            sel = " selected"
        face = card_face(words, c["id"], extra_cls=sel)
        u = words.unit(c["id"])
        # the whole card, shown above the hand while hovered or focused; never in the pointer's way
        full = f'<div class="card-full" aria-hidden="true">{card_face(words, c["id"], extra_cls="large")}</div>'

        details = _("Details of {card}").format(card=u.name)
        info_btn = (f'<button type="button" class="info-btn" data-details="{h(c["id"])}" title="{h(details)}">'
                    f'<span aria-hidden="true">i</span><span class="sr-only">{h(details)}</span></button>')
        if action:
            label = words.action_label(action, names)
            cards.append(f'<div class="hand-slot"><button type="button" class="card-btn targetable" data-action="{h(action)}"'
                         f'{cost_attrs(view, action)}><span class="sr-only">{h(label + cost_words(view, action))}: </span>{face}'
                         f'<span class="card-act">{h(label)}{cost_badge(view, action)}</span></button>{info_btn}{full}</div>')
        else:
            cards.append(f'<div class="hand-slot"><div class="card-btn">{face}</div>{info_btn}{full}</div>')
    title = h(_("{name}'s hand").format(name=names[me]))
    empty = f'<p class="muted">{h(_("No cards in hand."))}</p>'
    return (f'<section class="hand" aria-label="{title}"><h2 class="hand-title">{title} '
            f'<span class="muted">({len(pl["hand"])})</span></h2>{stat_legend("hand") if cards else ""}'
            f'<div class="hand-cards">{"".join(cards) or empty}</div></section>')


def crystal_row(app, view, targets) -> str:
    words = app.words
    items = []
    for c in view["crystal_row"]:
        action = targets.crystal.get(c["id"]) if targets else None
        face = crystal_face(words, c["id"], extra_cls="targetable" if action else "")
        if action:
            label = words.action_label(action, app.names)
            items.append(f'<button type="button" class="crystal-btn" data-action="{h(action)}"{cost_attrs(view, action)}>'
                         f'<span class="sr-only">{h(label + cost_words(view, action))}: </span>{face}</button>')
        else:
            items.append(f'<button type="button" class="crystal-btn" data-details="{h(c["id"])}">{face}'
                         f'<span class="sr-only"> ({h(_("details"))})</span></button>')
    note = _("{n} in the deck · first to {win} wins · score needs 2 crystal zones").format(
        n=view["crystal_deck_count"], win=app.words.cs.crystals_to_win)
    return (f'<section class="panel crystals" aria-label="{h(_("Crystal row"))}"><h2>{h(_("Crystals"))} <span class="muted">'
            f'({h(note)})</span></h2>'
            f'<div class="crystal-list">{"".join(items)}</div></section>')


def battle_panel(app, view) -> str:
    b = view.get("battle")
    if not b:
        return ""
    words = app.words
    names = app.names
    sides = []
    for p in (0, 1):
        c = b["cards"][p]
        if c is None:
            body = f'<p class="muted">{h(_("no card"))}</p>'
        elif "id" in c:
            body = card_face(words, c["id"], side=b["sides"][p] or None, extra_cls="small")
        else:
            body = (f'<div class="card-back" aria-label="{h(_("hidden card"))}">'
                    f'{h(_("chosen") if c.get("chosen") else _("choosing…"))}</div>')
        who = h(names[p]) + (" " + h(_("(attacker)")) if b["attacker"] == p else "")
        sides.append(f'<div class="bp-side"><div class="bp-name">{who}</div>{body}</div>')
    where = _("Battle in {zone}").format(zone=words.zone_name(b["zone"], names))
    return (f'<section class="panel battle-now" aria-label="{h(_("Battle in progress"))}"><h2>{h(where)}</h2>'
            f'<div class="bp-sides">{"".join(sides)}</div></section>')


def hand_over(ctx, p: int) -> tuple:
    """The pass screen's words: why she is asked, what happened since her turn, her clan's colours."""
    d = ctx.game.decision
    why = _("It is your turn.") if d and d.kind == "action" else (
        ctx.words.prompt(ctx.view.get("decision") or {}, ctx.names) if d else "")
    if d and d.kind == "battle_card":
        why = _("Choose your battle card in secret.")
    return why, recap(ctx, ctx.view, p), f"clan-{h(ctx.view['players'][p]['clan'])}"


def battle_result(app, lb: dict, alerts: str = "") -> str:
    words = app.words
    names = app.names
    cols = []
    for p in (0, 1):
        cid = lb["cards"][p]
        side = lb["sides"][p] or None
        card = card_face(words, cid, side=side) if cid else f'<p class="muted">{h(_("No battle card"))}</p>'
        u = words.unit(cid) if cid else None
        why = ""
        if u and side:
            other = lb["cards"][1 - p]
            ostyle = words.unit(other).style if other else None
            them = style_name(ostyle) if ostyle else _("nothing")
            if side == "left":
                why = _("{style} beats {other}: left (“Win”) effect").format(style=style_name(u.style), other=them)
            else:
                why = _("{style} does not beat {other}: right (“Else”) effect").format(style=style_name(u.style), other=them)
        flags = []
        if lb.get("from_draw", (False, False))[p]:
            flags.append(_(FROM_DRAW if cid else NO_CARD_LEFT))
        for crystal in lb.get("crystals", ([], []))[p]:
            flags.append(_("Used {crystal}").format(crystal=words.unit_name(crystal)))
        if lb["kept"][p]:
            flags.append(_("card kept in hand"))
        if lb["joined"][p]:
            flags.append(_("card joined the squad"))
        cols.append(f"""
<div class="br-side">
  <h3>{h(names[p])}{f' <span class="muted">{h(_("(attacker)"))}</span>' if lb['attacker'] == p else ''}</h3>
  {card}
  <p class="br-why">{style_icon(u.style) if u else ''} {h(why)}</p>
  <p class="br-dmg">{h(_("Damage dealt:"))} <b>{lb['attack'][p]}</b></p>
  {f'<p class="br-arith" data-battle-arith>{h(arithmetic(lb["arith"][p], words))}</p>' if (lb.get("arith") or [None, None])[p] else ''}
  {''.join(f'<p class="muted">{h(f)}</p>' for f in flags)}
</div>""")
    lost = lb.get("lost")
    if lost is not None:
        destroyed = "; ".join(_("{name} lost {units}").format(name=names[p], units=", ".join(
            words.unit_name(x) for x in lost[p])) for p in (0, 1) if lost[p]) or _("none")
    else:
        destroyed = ", ".join(words.unit_name(x) for x in lb["destroyed"]) or _("none")
    notes = [_(SENT_HOME if moved else STAYED_HOME).format(crystal=words.unit_name(crystal), name=names[q])
             for q, crystal, moved in squads_sent_home(lb, words)]
    if lb.get("ended_early"):
        notes.append(_("The battle ended before damage."))
    if lb.get("damage_skipped"):
        notes.append(_("No damage was dealt (a squad had left the battle)."))
    return f"""
<div class="overlay under-top" data-battle-result role="dialog" aria-labelledby="br-title">
  <div class="overlay-box battle-result">
    {alerts}
    <h2 id="br-title">{h(_("Battle in {zone}").format(zone=words.zone_name(lb['zone'], names)))}</h2>
    <div class="br-sides">{''.join(cols)}</div>
    <p class="br-destroyed">{h(_("Destroyed:"))} <b>{h(destroyed)}</b></p>
    {''.join(f'<p class="muted">{h(n)}</p>' for n in notes)}
    <button type="button" class="primary big" data-continue data-autofocus>{h(_("Continue"))}</button>
  </div>
</div>"""


def ending(ctx) -> Any:
    """The end by the rules: the winner, her crystals, the turns it took."""
    from ...table import Ending

    w = ctx.game.winner
    turns, moves = ctx.view["turn"], len(ctx.game.log)
    moves_said = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    n = ctx.view["players"][w]["crystal_count"]
    how = h(ngettext("{name} collected {crystals} after {turns} turn ({moves}).",
                     "{name} collected {crystals} after {turns} turns ({moves}).", turns).format(
        name=ctx.names[w], crystals=ngettext("{n} crystal", "{n} crystals", n).format(n=n), turns=turns,
        moves=moves_said))
    return Ending(_("{name} wins!").format(name=ctx.names[w]), how, f'clan-{h(ctx.view["players"][w]["clan"])}',
                  crown=True)


STAT_ROWS = (
    (N_("Crystals"), lambda s: f'{s["crystals"]}'
     + (f' <span class="muted">({crystal_ways(s)})</span>' if s["crystals"] else "")),
    (N_("Battles won · lost · even"), lambda s: f'{s["battles_won"]} · {s["battles_lost"]} · {s["battles_even"]}'),
    (N_("Enemy units destroyed"), lambda s: str(s["units_destroyed"])),
    (N_("Own units lost"), lambda s: str(s["units_lost"])),
    (N_("Initiative spent"), lambda s: str(s["initiative_spent"])),
    (N_("Cards drawn"), lambda s: str(s["cards_drawn"])),
    (N_("Actions taken"), lambda s: str(s["actions"])),
)


def crystal_ways(s: dict) -> str:
    ways = [(s["crystals_scored"], N_("{n} scored")), (s["crystals_free"], N_("{n} free")),
            (s["crystals_other"], N_("{n} by a card")), (s.get("crystals_removed", 0), N_("{n} removed"))]
    return ", ".join(_(w).format(n=n) for n, w in ways if n)


def statistics(app) -> str:
    """The game's statistics per player (engine: game.statistics()); a battle is won when the other side
    lost more units."""
    stats = app.game.statistics()
    rows = [(_(label), [cell(stats[0]), cell(stats[1])]) for label, cell in STAT_ROWS]
    return (stats_table(app.names[:2], rows)
            + f'<p class="muted small">{h(_("A battle is won when the other side lost more units in it."))}</p>')


@dataclass
class Effects:
    """What the table animates in one render, from the engine's story facts since the table was last shown
    (app/fx.py's feed): units summoned or moved arrive, a battle's zone clashes, destroyed units leave a fading
    mark, a gained crystal glows. CSS plays them, and not at all under prefers-reduced-motion."""

    arrive: set = field(default_factory=set)      # (zone, player, unit id): summoned
    moved: set = field(default_factory=set)       # (zone, player): a squad that moved there
    clash: set = field(default_factory=set)       # zones where a battle began
    destroyed: list = field(default_factory=list)  # (zone, unit id)
    crystal: set = field(default_factory=set)     # players who gained a crystal

    def __bool__(self) -> bool:
        return bool(self.arrive or self.moved or self.clash or self.destroyed or self.crystal)

    def cue(self) -> str:
        """The sound the shell plays for it (app/shell.py): a crystal gained, a battle, a summon, or none."""
        return "score" if self.crystal else "battle" if self.clash or self.destroyed else "summon" if self.arrive else ""


def effects_of(facts: list) -> Effects:
    fx = Effects()
    for fact in facts:
        kind = fact[1]
        if kind == "summon":
            p, units, zone = fact[2], fact[3], fact[4]
            fx.arrive.update((zone, p, u) for u in units)
        elif kind == "move":
            fx.moved.add((fact[4], fact[2]))
        elif kind == "battle_start":
            fx.clash.add(fact[3])
        elif kind == "destroyed":
            fx.destroyed.append((fact[5], fact[4]))
        elif kind == "crystal":
            fx.crystal.add(fact[2])
    return fx
