"""The Wildlands table as HTML, a function of `game.view(p)` (one innerHTML write); the board's geometry is the
engine's public map data (wildlands.content: spaces, walls, cover, high ground, the climbs, the gate).

The board is one SVG drawn from the map: each space a square with its number, cover (a shield) and high
ground (a shaded square with a ridge); walls as thick lines; an arrow across every uphill step; the Ruins'
gate as a dashed link. Figures are tokens in their faction's colour AND shape (circle, square, diamond,
hexagon) with the character's initials; the damage on a character is a red badge with its number; shards are
small gems in their faction's colour and shape. A figure not yet revealed waits on its card (listed in the
seats panel); its owner alone sees a dashed outline where it will appear (view()["seats"][p]["characters"]
[i]["start"] is only in the owner's view).

Every space an option names (its space number, or the space of the character it names) is lit and carries the
option's notation in `data-action`, exactly as legal_actions() gives it; a space of several options carries
`data-pick="@<space>"`, and a click on it narrows the decision's panel to that space's options (the shell keeps
the pick in `app.table_pick`); a hand card's "uses now" button narrows it to the options that play that card
(`data-pick="#<card>"`). The panel always lists every option as a button: the table never decides what is legal.

Questions asked aloud (the interrupt window after every action, the defence at every attack; see
app/games/wildlands/game.py): on a screen shared by several people the table shows only "Pass" and "Take the device"
(data-cmd="hand-over"), from the view of the player holding the device, so nothing tells what the asked holds.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from wildlands.content import BOARDS, CHARS, FACTIONS

from ...i18n import N_, _, ngettext

S = 100  # a space's side in SVG units
COLOURS = {"guild": "#7a45c2", "gnomads": "#1d7f47", "lawbringers": "#2563c9", "pit_fighters": "#c23b22"}
SHAPES = {"guild": "circle", "gnomads": "square", "lawbringers": "diamond", "pit_fighters": "hexagon"}
FACTION_NAMES = {"guild": N_("The Venerable Guild of Mages"), "gnomads": N_("The Gnomads"),
                 "lawbringers": N_("The Lawbringers"), "pit_fighters": N_("The Pit Fighters")}
#: the characters' names as the content gives them (wildlands/data/factions.json), for the catalog: shown in the
#: player's language (tests/unit/test_wildlands_words.py checks the list against the content)
CHARACTER_NAMES = (
    N_("Lunk, the librarian"), N_("Owl Sage"), N_("Hedge Witch"), N_("Pyromancer"), N_("Archivist"),
    N_("Tak"), N_("Elsie"), N_("Automate"), N_("Wagon Smith"), N_("Scout"),
    N_("Sheriff"), N_("Deputy"), N_("Minotaur"), N_("Outlaw"), N_("Satyr"),
    N_("Elf Assassin"), N_("Gnoll"), N_("Orc Sibling (elder)"), N_("Orc Sibling (younger)"), N_("The Masked One"),
)
SHORT_NAMES = {"guild": N_("Guild"), "gnomads": N_("Gnomads"), "lawbringers": N_("Lawbringers"),
               "pit_fighters": N_("Pit Fighters")}
ACTION_NAMES = {"melee": N_("melee"), "heavy_melee": N_("heavy melee"), "ranged": N_("ranged"),
                "heavy_ranged": N_("heavy ranged"), "area": N_("area"), "cover": N_("cover"), "shield": N_("shield"),
                "manoeuvre": N_("manoeuvre"), "fly": N_("fly")}
ACTION_ICONS = {"melee": "⚔", "heavy_melee": "⚔⚔", "ranged": "➶", "heavy_ranged": "➶➶", "area": "✺", "cover": "◧",
                "shield": "◈", "manoeuvre": "⇆", "fly": "➚"}
GROUPS = (("start", N_("Start spaces")), ("reveal", N_("Reveal")), ("move", N_("Move")), ("climb", N_("Climb")),
          ("fly", N_("Fly")), ("pickup", N_("Pick up a shard")),
          ("attack", N_("Attack")), ("manoeuvre", N_("Manoeuvre")), ("pay", N_("Pay")), ("other", N_("Other")))
ATTACKS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")


def h(s: Any) -> str:
    return escape(str(s), quote=True)


def char_name(cid: str) -> str:
    """A character's name in the player's language (CHARACTER_NAMES)."""
    f, i = CHARS.get(cid, ("", 0))
    return _(FACTIONS[f].names[i]) if f else cid


def initials(cid: str) -> str:
    words = [w for w in char_name(cid).replace(",", " ").replace("(", " ").replace(")", " ").split() if w[0].isupper()]
    return "".join(w[0] for w in words[:2]) or cid[:2].upper()


def card_label(card: str) -> str:
    return _("special card") if card == "s" else _("card {n}").format(n=card.lstrip("cs"))


def who(names: list[str], p: int) -> str:
    return names[p] if 0 <= p < len(names) else _("Player {n}").format(n=p + 1)


# ------------------------------------------------------------------------------ shapes
def shape(kind: str, x: float, y: float, r: float, cls: str, style: str = "") -> str:
    st = f' style="{style}"' if style else ""
    if kind == "circle":
        return f'<circle class="{cls}" cx="{x:g}" cy="{y:g}" r="{r:g}"{st}/>'
    if kind == "square":
        return f'<rect class="{cls}" x="{x - r * .88:g}" y="{y - r * .88:g}" width="{r * 1.76:g}" height="{r * 1.76:g}" rx="3"{st}/>'
    if kind == "diamond":
        pts = f"{x:g},{y - r * 1.15:g} {x + r * 1.15:g},{y:g} {x:g},{y + r * 1.15:g} {x - r * 1.15:g},{y:g}"
        return f'<polygon class="{cls}" points="{pts}"{st}/>'
    pts = " ".join(f"{x + r * c:g},{y + r * s:g}" for c, s in ((1, 0), (.5, .87), (-.5, .87), (-1, 0), (-.5, -.87), (.5, -.87)))
    return f'<polygon class="{cls}" points="{pts}"{st}/>'


def swatch(faction: str) -> str:
    """A small inline SVG of the faction's colour and shape (seats, log, hand)."""
    return (f'<svg class="wl-swatch" viewBox="0 0 20 20" aria-hidden="true" focusable="false">'
            f'{shape(SHAPES.get(faction, "circle"), 10, 10, 7.5, "wl-sw", "fill:" + COLOURS.get(faction, "#888"))}</svg>')


# ------------------------------------------------------------------------------ options and spaces
def char_spaces(view: dict) -> dict[str, int]:
    """Character id -> its space (a hidden figure of the viewer's own: the space it will appear on)."""
    out = {}
    for seat in view["seats"]:
        for c in seat["characters"]:
            if isinstance(c["space"], int):
                out[c["id"]] = c["space"]
            elif c.get("start"):
                out[c["id"]] = c["start"]
    return out


def option_space(option: str, spaces: dict[str, int]) -> "int | None":
    """The space an option names: its space number, else the space of the last character it names."""
    parts = option.split()[1:]
    for t in parts:
        if t.isascii() and t.isdigit():
            return int(t)
    for t in reversed(parts):
        if t in spaces:
            return spaces[t]
    return None


def option_card(option: str) -> "str | None":
    parts = option.split()
    if parts[0] in ("move", "fly", "manoeuvre", "draw", "pay", "defend", "discard") or parts[0] in ATTACKS:
        return parts[1] if len(parts) > 1 else None
    if parts[0] == "step" and len(parts) > 3:
        return parts[3]
    return None


def group_of(option: str) -> str:
    verb = option.split()[0]
    if verb in ATTACKS:
        return "attack"
    if verb in ("with", "alone", "step", "stay"):
        return "manoeuvre"
    if verb in ("cancel",):
        return "pay"
    return verb if verb in dict(GROUPS) else "other"


def option_words(option: str, view: dict, names: list[str]) -> str:
    """An option in words ("Move Lunk to 12"), the card it plays told apart (option_card)."""
    p = option.split()
    v, a = p[0], p[1:]
    n = lambda cid: char_name(cid)  # noqa: E731
    if v == "start":
        return _("{char} starts on {space}").format(char=n(a[0]), space=a[1])
    if v == "reveal":
        return _("Reveal {char}").format(char=n(a[0]))
    if v == "move":
        return _("Move {char} to {space}").format(char=n(a[1]), space=a[2])
    if v == "climb":
        return _("Climb with {char} to {space} (pay 2 cards)").format(char=n(a[0]), space=a[1])
    if v == "pickup":
        return _("Pick up the shard with {char} (pay 3 cards)").format(char=n(a[0]))
    if v in ("melee", "heavy_melee"):
        fac = next((s["seat"] for s in view["seats"] if s["faction"] == a[2]), None)
        target = who(names, fac) if fac is not None else a[2]
        return _("{attack}: {char} hits {whom}").format(attack=_(ACTION_NAMES[v]).capitalize(), char=n(a[1]),
                                                        whom=target)
    if v in ("ranged", "heavy_ranged"):
        return _("{attack}: {char} shoots {target}").format(attack=_(ACTION_NAMES[v]).capitalize(), char=n(a[1]),
                                                           target=n(a[2]))
    if v == "area":
        return _("Area attack by {char} on {space}").format(char=n(a[1]), space=a[2])
    if v == "fly":
        return _("Fly {char} to {space}").format(char=n(a[1]), space=a[2])
    if v == "manoeuvre":
        return _("Manoeuvre with {char}").format(char=n(a[1]))
    if v == "with":
        return _("Together with {char}").format(char=n(a[0]))
    if v == "alone":
        return _("Alone")
    if v == "step":
        return _("{char} steps to {space}").format(char=n(a[0]), space=a[1])
    if v == "stay":
        return _("Stay")
    if v == "draw":
        return _("Draw two cards")
    if v == "pay":
        return _("Pay")
    if v == "cancel":
        return _("Cancel")
    if v == "discard":
        return _("Discard")
    if v == "end":
        return _("End the interrupt") if (view.get("decision") or {}).get("info", {}).get("interrupting") else _("End the turn")
    if v == "pass":
        return _("Pass")
    if v == "interrupt":
        return _("Interrupt")
    if v == "defend":
        return _("Defend")
    if v == "victim":
        return _("{char} takes the hit").format(char=n(a[0]))
    return option


def parse_pick(pick: "str | None") -> "tuple[str, str] | None":
    if pick and pick[0] in "@#" and len(pick) > 1:
        return pick[0], pick[1:]
    return None


def picked_options(options: list[str], pick, spaces: dict[str, int]) -> list[str]:
    if pick is None:
        return []
    kind, what = pick
    if kind == "@":
        return [o for o in options if str(option_space(o, spaces)) == what]
    return [o for o in options if option_card(o) == what]


# ------------------------------------------------------------------------------ line of sight
SIGHT_WHY = {
    "wall": N_("the wall between spaces {a} and {b} is in the way"),
    "cover": N_("the line would cross the cover on space {s} completely"),
    "high": N_("the high ground on space {s} is in the way"),
    "low_to_high": N_("it stands on high ground, and low ground never sees high ground"),
    "corner": N_("every line meets a corner of the spaces"),
    "range": N_("a heavy ranged attack crosses at most 1 space, this line crosses {n}"),
}


@lru_cache(maxsize=2048)
def explain(board: str, a: int, b: int, reach: "int | None"):
    """wildlands.los.explain for the map `board` (the engine's answer and its reason, cached: a table is drawn
    again at every change)."""
    from wildlands import los

    bd = BOARDS[board]
    cover = frozenset(s for s in range(1, len(bd.cover)) if bd.cover[s])
    high = frozenset(s for s in range(1, len(bd.high)) if bd.high[s])
    return los.explain(a, b, frozenset(bd.walls), cover, high, reach)


def sights(view: dict, options: list[str]) -> "dict[int, list[tuple[str, str, Any, bool]]]":
    """When a ranged attack's target is to be chosen: for each space with an enemy of a shooter that has a
    ranged option now, (shooter, enemy, the engine's explanation, whether shooting it is offered)."""
    shooters: dict[str, set[str]] = {}
    offered = set()
    for o in options:
        p = o.split()
        if p[0] in ("ranged", "heavy_ranged") and len(p) == 4:
            shooters.setdefault(p[2], set()).add(p[0])
            offered.add((p[2], p[3]))
    if not shooters:
        return {}
    where, seat_of = {}, {}
    for seat in view["seats"]:
        for c in seat["characters"]:
            seat_of[c["id"]] = seat["seat"]
            if isinstance(c["space"], int):
                where[c["id"]] = c["space"]
    out: dict[int, list] = {}
    for a, kinds in shooters.items():
        if a not in where:
            continue
        reach = None if "ranged" in kinds else 1
        for cid, t in where.items():
            if seat_of[cid] != seat_of[a]:
                out.setdefault(t, []).append((a, cid, explain(view["board"], where[a], t, reach),
                                              (a, cid) in offered))
    return out


def sight_words(shooter: str, target: str, why, ok: bool) -> str:
    """One shooter and one enemy in words: in sight and offered, or why not."""
    a, t = char_name(shooter), char_name(target)
    if ok:
        return _("{char} can shoot {target}: in line of sight").format(char=a, target=t)
    if why.reason in ("clear", "self"):
        return _("{char} sees {target}, but no card shoots it now").format(char=a, target=t)
    fields = {"s": why.at[0] if why.at else "", "a": why.at[0] if why.at else "",
              "b": why.at[-1] if why.at else "", "n": why.crossed}
    return _("{char} cannot shoot {target}: {why}").format(char=a, target=t, why=_(SIGHT_WHY[why.reason]).format(**fields))


def sight_svg(bd, space: int, entries: list, words: list[str]) -> str:
    """The lines of sight to one space, hidden until it is pointed at or focused (web/js/wl_board.js): green
    where it is a target now, red up to the point where the line is stopped and what stops it."""
    out = []
    for (shooter, target, why, ok), said in zip(entries, words):
        (x0, y0), (x1, y1) = why.line
        cls = "wl-sight ok" if ok else "wl-sight no"
        parts = [f'<g class="{cls}" data-to="{space}" data-why="{h(said)}" aria-hidden="true">']
        if ok or why.stop is None:
            dash = "" if ok or why.reason in ("clear", "self", "range") else " wl-sight-rest"
            parts.append(f'<line class="wl-sight-line{dash}" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}"/>')
        else:
            sx, sy = why.stop
            parts.append(f'<line class="wl-sight-line" x1="{x0:.1f}" y1="{y0:.1f}" x2="{sx:.1f}" y2="{sy:.1f}"/>'
                         f'<line class="wl-sight-line wl-sight-rest" x1="{sx:.1f}" y1="{sy:.1f}" x2="{x1:.1f}" y2="{y1:.1f}"/>')
        if not ok and why.reason == "wall":
            a, b = why.at
            ax, ay, bx, by = bd.col[a], bd.row[a], bd.col[b], bd.row[b]
            if ay == by:
                xx = max(ax, bx) * S
                parts.append(f'<line class="wl-sight-block" x1="{xx}" y1="{ay * S}" x2="{xx}" y2="{(ay + 1) * S}"/>')
            else:
                yy = max(ay, by) * S
                parts.append(f'<line class="wl-sight-block" x1="{ax * S}" y1="{yy}" x2="{(ax + 1) * S}" y2="{yy}"/>')
        elif not ok and why.reason in ("cover", "high", "low_to_high") and why.at:
            c = why.at[0]
            parts.append(f'<rect class="wl-sight-space" x="{bd.col[c] * S + 4}" y="{bd.row[c] * S + 4}" '
                         f'width="{S - 8}" height="{S - 8}" rx="6"/>')
        if not ok and why.stop is not None:
            parts.append(f'<circle class="wl-sight-stop" cx="{why.stop[0]:.1f}" cy="{why.stop[1]:.1f}" r="7"/>')
        parts.append("</g>")
        out.append("".join(parts))
    return "".join(out)


# ------------------------------------------------------------------------------ the board
def board_svg(view: dict, names: list[str], options: list[str], focus: "int | None" = None, fx=None,
              private: bool = True) -> str:
    bd = BOARDS[view["board"]]
    spaces = char_spaces(view)
    lit: dict[int, list[str]] = {}
    for o in options:
        s = option_space(o, spaces)
        if s is not None:
            lit.setdefault(s, []).append(o)
    fxs = getattr(fx, "spaces", None) or {}
    figures: dict[int, list[tuple[dict, dict]]] = {}
    ghosts: dict[int, list[tuple[dict, dict]]] = {}
    for seat in view["seats"]:
        for c in seat["characters"]:
            if isinstance(c["space"], int):
                figures.setdefault(c["space"], []).append((seat, c))
            elif private and c.get("start"):
                ghosts.setdefault(c["start"], []).append((seat, c))
    shards: dict[int, list[str]] = {}
    for seat in view["seats"]:
        for s in seat["shards"]:
            shards.setdefault(s, []).append(seat["faction"])
    cols = max(bd.col) + 1
    rows = max(bd.row) + 1
    seen = sights(view, options)
    seen_words = {t: [sight_words(a, c, why, ok) for a, c, why, ok in e] for t, e in seen.items()}
    # one tab stop on the board (the arrow keys move it, web/js/grid_keys.js): the space picked, else the first
    # lit one, else the first space
    stop = focus if focus in lit else min(lit) if lit else 1
    out = [f'<svg class="wl-board-svg" viewBox="-6 -6 {cols * S + 12} {rows * S + 12}" role="group" '
           f'aria-label="{h(_("The board"))}">']
    cells, marks, tokens = [], [], []
    for s in range(1, len(bd.col)):
        x, y = bd.col[s] * S, bd.row[s] * S
        cls = ["wl-space"] + (["wl-high"] if bd.high[s] else []) + (["wl-cover"] if bd.cover[s] else [])
        opts = lit.get(s, [])
        attrs = ""
        if opts:
            cls.append("wl-lit")
            if focus == s:
                cls.append("wl-focus")
            if len(opts) == 1:
                attrs = f' data-action="{h(opts[0])}"'
            else:
                attrs = f' data-pick="@{s}"' + (" data-autofocus" if focus == s else "")
            attrs += ' role="button"'
        else:
            attrs = ' role="img"'
        attrs += f' data-col="{bd.col[s]}" data-row="{bd.row[s]}" tabindex="{0 if s == stop else -1}"'
        if s in seen:
            attrs += " data-sight"
        cls += sorted(fxs.get(s, ()))
        label = [_("Space {n}").format(n=s)]
        if bd.high[s]:
            label.append(_("high ground"))
        if bd.cover[s]:
            label.append(_("cover"))
        for seat, c in figures.get(s, []):
            label.append(_("{char} of {name}, {damage} damage of {health}").format(
                char=char_name(c["id"]), name=who(names, seat["seat"]), damage=c["damage"], health=c["health"]))
        for f in shards.get(s, []):
            label.append(_("a shard of the {faction}").format(faction=_(SHORT_NAMES[f])))
        if len(opts) == 1:
            label.append(option_words(opts[0], view, names))
        elif opts:
            label.append(ngettext("{n} option", "{n} options", len(opts)).format(n=len(opts)))
        label += seen_words.get(s, [])
        cells.append(f'<g class="{" ".join(cls)}" data-space="{s}"{attrs} aria-label="{h("; ".join(label))}">'
                     f'<rect class="wl-cell" x="{x + 2}" y="{y + 2}" width="{S - 4}" height="{S - 4}" rx="6"/>'
                     f'<text class="wl-num" x="{x + 8}" y="{y + 22}">{s}</text>')
        if bd.high[s]:
            cells.append(f'<path class="wl-ridge" d="M{x + 62} {y + 22} l10 -12 l10 12" />')
        if bd.cover[s]:
            cells.append(f'<path class="wl-shield" d="M{x + 84} {y + 8} l10 4 v6 q0 9 -10 13 q-10 -4 -10 -13 v-6 z"/>')
        cells.append("</g>")
        # shards along the bottom edge
        for k, f in enumerate(shards.get(s, [])):
            marks.append(shape(SHAPES[f], x + 15 + k * 20, y + S - 15, 8, "wl-shard", "fill:" + COLOURS[f]))
        placed = figures.get(s, []) + [(seat, dict(c, ghost=True)) for seat, c in ghosts.get(s, [])]
        for k, (seat, c) in enumerate(placed[:6]):
            cx = x + 26 + (k % 3) * 24 + (0 if len(placed) > 3 else 12)
            cy = y + 46 + (k // 3) * 28
            r = 12 if len(placed) > 1 else 15
            if len(placed) == 1:
                cx, cy = x + S / 2, y + S / 2 + 4
            f = seat["faction"]
            ghost = c.get("ghost")
            tcls = "wl-token wl-ghost" if ghost else "wl-token"
            tokens.append(f'<g class="{tcls}" data-char="{h(c["id"])}">'
                          + shape(SHAPES[f], cx, cy, r, "wl-fig", "" if ghost else "fill:" + COLOURS[f])
                          + f'<text class="wl-ini" x="{cx:g}" y="{cy + 4:g}">{h(initials(c["id"]))}</text>')
            if c["damage"] and not ghost:
                tokens.append(f'<circle class="wl-dmg" cx="{cx + r:g}" cy="{cy - r:g}" r="7"/>'
                              f'<text class="wl-dmg-n" x="{cx + r:g}" y="{cy - r + 3.5:g}">{c["damage"]}</text>')
            tokens.append("</g>")
        if len(placed) > 6:
            tokens.append(f'<text class="wl-more" x="{x + S - 8}" y="{y + S - 6}">+{len(placed) - 6}</text>')
    for a, b in bd.walls:
        ax, ay, bx, by = bd.col[a], bd.row[a], bd.col[b], bd.row[b]
        if ay == by and abs(ax - bx) == 1:
            xx = max(ax, bx) * S
            marks.append(f'<line class="wl-wall" x1="{xx}" y1="{ay * S}" x2="{xx}" y2="{(ay + 1) * S}"/>')
        elif ax == bx and abs(ay - by) == 1:
            yy = max(ay, by) * S
            marks.append(f'<line class="wl-wall" x1="{ax * S}" y1="{yy}" x2="{(ax + 1) * S}" y2="{yy}"/>')
    for s in range(1, len(bd.col)):
        for t, up in bd.steps[s]:
            if not up:
                continue
            # an arrow across the shared edge, pointing uphill from s to t
            mx, my = (bd.col[s] + bd.col[t] + 1) * S / 2, (bd.row[s] + bd.row[t] + 1) * S / 2
            dx, dy = bd.col[t] - bd.col[s], bd.row[t] - bd.row[s]
            if abs(dx) + abs(dy) != 1:
                continue
            px, py = -dy, dx
            pts = (f"{mx + dx * 9:g},{my + dy * 9:g} {mx - dx * 6 + px * 8:g},{my - dy * 6 + py * 8:g} "
                   f"{mx - dx * 6 - px * 8:g},{my - dy * 6 - py * 8:g}")
            marks.append(f'<polygon class="wl-up" points="{pts}"/>')
    if bd.gate:
        a, b = bd.gate
        x1, y1 = bd.col[a] * S + S / 2, bd.row[a] * S + S / 2
        x2, y2 = bd.col[b] * S + S / 2, bd.row[b] * S + S / 2
        marks.append(f'<line class="wl-gate" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>'
                     f'<text class="wl-gate-t" x="{(x1 + x2) / 2:g}" y="{(y1 + y2) / 2 - 4:g}">{h(_("gate"))}</text>')
    out += cells + marks + tokens
    out += [sight_svg(bd, t, e, seen_words[t]) for t, e in sorted(seen.items())]
    out.append("</svg>")
    if seen:  # what the line pointed at shows, in words (web/js/wl_board.js writes it here)
        hint = _("Point at a figure, or move the focus onto it with the arrow keys, to see the line of sight.")
        out.append(f'<p class="wl-sight-why" data-sight-why data-hint="{h(hint)}">{h(hint)}</p>')
    return "".join(out)


def legend() -> str:
    items = [("wl-lg-high", _("high ground (climb: the arrow points uphill)")), ("wl-lg-cover", _("cover")),
             ("wl-lg-wall", _("wall")), ("wl-lg-dmg", _("damage")), ("wl-lg-shard", _("shard (its faction's colour and shape)"))]
    return ('<ul class="wl-legend" aria-hidden="true">'
            + "".join(f'<li><span class="{c}"></span>{h(t)}</li>' for c, t in items) + "</ul>")


# ------------------------------------------------------------------------------ panels
def status_line(view: dict, names: list[str]) -> str:
    if view["is_over"]:
        won = [who(names, p) for p in view["winners"]]
        return h(_("Game over: {names} won.").format(names=" & ".join(won)) if won else _("Game over."))
    d = view.get("decision") or {}
    active = who(names, view["active"])
    if view["turn"] == 0:
        return h(_("Setup: each player chooses secret start spaces."))
    line = _("Turn {n} · {name}'s turn").format(n=view["turn"], name=active)
    if d and d.get("player") != view["active"]:
        line += " · " + _("{name} is asked").format(name=who(names, d["player"]))
    return h(line)


def seats_panel(view: dict, names: list[str]) -> str:
    rows = []
    for seat in view["seats"]:
        p, f = seat["seat"], seat["faction"]
        chars = []
        for c in seat["characters"]:
            sp = c["space"]
            where = (_("defeated") if sp == "defeated" else _("waiting on its card") if sp == "hidden"
                     else _("on {n}").format(n=sp))
            if sp == "hidden" and c.get("start"):
                where = _("waiting: will appear on {n}").format(n=c["start"])
            pips = "".join(f'<span class="wl-pip{" hit" if i < c["damage"] else ""}"></span>' for i in range(c["health"]))
            chars.append(f'<li class="wl-char{" gone" if sp == "defeated" else ""}"><span class="wl-ini-b" '
                         f'style="--fc:{COLOURS[f]}">{h(initials(c["id"]))}</span> {h(char_name(c["id"]))} '
                         f'<span class="wl-pips" role="img" aria-label="{h(_("{d} damage of {n}").format(d=c["damage"], n=c["health"]))}">'
                         f'{pips}</span> <span class="muted">{h(where)}</span></li>')
        active = " active" if p == view["active"] and not view["is_over"] else ""
        score = view["scores"][p]
        rows.append(
            f'<li class="wl-seat{active}" data-seat="{p}"><div class="wl-seat-head">{swatch(f)}<b>{h(who(names, p))}</b> '
            f'<span class="muted">{h(_(SHORT_NAMES[f]))}</span><span class="wl-score" data-score="{p}">'
            f'{h(ngettext("{n} point", "{n} points", score).format(n=score))}</span></div>'
            f'<p class="muted wl-counts">{h(_("hand {h} · deck {d} · shards picked up {s} · knocked out {k}").format(h=seat["hand_count"], d=seat["deck_count"], s=seat["collected"], k=len(seat["taken"])))}</p>'
            f'<ul class="wl-chars">{"".join(chars)}</ul></li>')
    return (f'<section class="panel wl-seats" aria-label="{h(_("Players"))}"><h2>{h(_("Players"))} '
            f'<span class="muted">({h(_("5 points win"))})</span></h2><ol>{"".join(rows)}</ol></section>')


def card_html(card: str, faction: str, uses: int = 0, interactive: bool = False) -> str:
    fd = FACTIONS[faction]
    if card == "s":
        body = (f'<span class="wl-card-t">★ {h(_("Special card"))}</span>'
                f'<span class="wl-card-f">{h(_("any move, or draw two, or an interrupt"))}</span>')
    else:
        cd = fd.cards[fd.by_id[card]]
        syms = []
        for i, cid in enumerate(fd.ids):
            if cd.shows >> i & 1:
                flag = cd.flag[i]
                fl = (f' <span class="wl-flag" title="{h(_(ACTION_NAMES[flag]))}">{ACTION_ICONS[flag]} '
                      f'{h(_(ACTION_NAMES[flag]))}</span>' if flag else "")
                syms.append(f'<li><span class="wl-ini-b" style="--fc:{COLOURS[faction]}">{h(initials(cid))}</span> '
                            f'{h(char_name(cid))}{fl}</li>')
        joker = (f'<span class="wl-card-f">{h(_("joker"))}: {ACTION_ICONS[cd.joker]} {h(_(ACTION_NAMES[cd.joker]))}</span>'
                 if cd.joker else "")
        body = f'<span class="wl-card-t">{h(card_label(card))}</span><ul class="wl-syms">{"".join(syms)}</ul>{joker}'
    use = ""
    if interactive:
        use = (f'<button type="button" class="wl-uses" data-pick="#{h(card)}"{"" if uses else " disabled"}>'
               f'{h(ngettext("{n} use now", "{n} uses now", uses).format(n=uses))}</button>')
    return f'<li class="wl-card" data-card="{h(card)}">{body}{use}</li>'


def hand_panel(view: dict, interactive: bool = False) -> str:
    me = view["seats"][view["you"]]
    f = me["faction"]
    opts = view.get("legal_actions") or []
    count: dict[str, int] = {}
    for o in opts:
        c = option_card(o)
        if c:
            count[c] = count.get(c, 0) + 1
    cards = "".join(card_html(c, f, count.get(c, 0), interactive) for c in view["hand"])
    dealt = ""
    if view.get("dealt"):
        dealt = (f'<p class="muted">{h(_("Your map cards (secret): {spaces}").format(spaces=", ".join(map(str, view["dealt"]))))}</p>')
    return (f'<section class="panel wl-hand" aria-label="{h(_("Your hand"))}"><h2>{h(_("Your hand"))} '
            f'<span class="muted">({h(ngettext("{n} card", "{n} cards", len(view["hand"])).format(n=len(view["hand"])))})</span></h2>'
            f'{dealt}<ul class="wl-cards">{cards or "<li class=muted>" + h(_("No cards")) + "</li>"}</ul></section>')


def decision_title(view: dict, names: list[str]) -> str:
    d = view.get("decision") or {}
    k, info = d.get("kind"), d.get("info") or {}
    if k == "start":
        return _("Choose the secret start space of {char}").format(char=char_name(info.get("character", "")))
    if k == "reveal":
        return _("Reveal at least one character first")
    if k == "play":
        return _("Interrupting: play cards, reveal, or end the interrupt") if info.get("interrupting") else \
            _("Play a card, reveal a character, or end your turn")
    if k == "interrupt":
        return (_("{name} ended the turn: interrupt now?") if info.get("end_of_turn") else
                _("{name} acted: interrupt now?")).format(name=who(names, info.get("after", view["active"])))
    if k == "defend":
        return _("Defend {char} against the {attack}?").format(char=char_name(info.get("character", "")),
                                                               attack=_(ACTION_NAMES.get(info.get("attack"), "melee")))
    if k == "pay":
        return _("Choose the cards to pay")
    if k == "victim":
        return _("Which of your characters takes the hit?")
    if k == "manoeuvre":
        return (_("Where does {char} step?").format(char=char_name(info["character"])) if info.get("character")
                else _("Manoeuvre with which other character?"))
    return h(d.get("prompt", ""))


def option_button(o: str, view: dict, names: list[str]) -> str:
    card = option_card(o)
    chip = f' <span class="wl-chip">{h(card_label(card))}</span>' if card else ""
    primary = ' class="primary"' if o in ("pass", "end") else ""
    return f'<button type="button"{primary} data-action="{h(o)}">{h(option_words(o, view, names))}{chip}</button>'


def actions_panel(view: dict, names: list[str], pick=None, undo: str = "") -> str:
    opts = view.get("legal_actions") or []
    spaces = char_spaces(view)
    parts = [f'<section class="action-bar wl-actions" aria-label="{h(_("Your choice"))}" data-decision>'
             f'<h2>{h(decision_title(view, names))}</h2>']
    chosen = picked_options(opts, pick, spaces)
    if chosen:
        what = (_("On space {n}").format(n=pick[1]) if pick[0] == "@" else card_label(pick[1]))
        parts.append(f'<div class="wl-picked"><h3>{h(what)}</h3><div class="wl-opts">'
                     + "".join(option_button(o, view, names) for o in chosen)
                     + f'<button type="button" class="ghost" data-pick="-">{h(_("Show all options"))}</button></div></div>')
    groups: dict[str, list[str]] = {}
    for o in opts:
        groups.setdefault(group_of(o), []).append(o)
    for g, title in GROUPS:
        if g not in groups:
            continue
        items = "".join(option_button(o, view, names) for o in groups[g])
        if len(opts) <= 8 or len(groups) == 1:
            parts.append(f'<div class="wl-opts">{items}</div>')
        else:
            openness = " open" if len(groups[g]) <= 6 and not chosen else ""
            parts.append(f'<details class="wl-group"{openness}><summary>{h(_(title))} '
                         f'<span class="muted">({len(groups[g])})</span></summary><div class="wl-opts">{items}</div></details>')
    parts.append(undo + "</section>")
    return "".join(parts)


def aloud_panel(ctx, view: dict) -> str:
    """A question asked of someone who does not hold the device: the same two buttons whatever she holds."""
    g = ctx.game
    d = g.decision
    p = d.player
    names = ctx.names
    if d.kind == "interrupt":
        title = (_("{name} ended the turn: {asked}, interrupt?") if d.info.get("end_of_turn") else
                 _("{name} acted: {asked}, interrupt?")).format(name=who(names, d.info.get("after", g.active)),
                                                               asked=who(names, p))
    else:
        title = _("{asked}: defend {char} against the {attack}?").format(
            asked=who(names, p), char=char_name(d.info.get("character", "")),
            attack=_(ACTION_NAMES.get(d.info.get("attack"), "melee")))
    return (f'<section class="action-bar wl-actions wl-aloud" aria-label="{h(_("Question"))}" data-aloud="{p}">'
            f'<h2>{h(title)}</h2><p class="muted">{h(_("Asked after every action and at every attack, whatever anyone holds. Say it aloud: pass here, or take the device to look at your hand."))}</p>'
            f'<div class="wl-opts"><button type="button" class="primary" data-action="pass" data-autofocus>'
            f'{h(_("{name} passes").format(name=who(names, p)))}</button>'
            f'<button type="button" data-cmd="hand-over">{h(_("{name} takes the device").format(name=who(names, p)))}'
            f'</button></div></section>')


STAT_ROWS = (
    (N_("Points"), None),
    (N_("Shards picked up"), "shards"),
    (N_("Enemy characters knocked out"), "knockouts"),
    (N_("Own characters lost"), "lost"),
    (N_("Attacks made"), "attacks"),
    (N_("Damage dealt to enemies"), "damage"),
    (N_("Defences played"), "defences"),
    (N_("Interrupts played"), "interrupts"),
    (N_("Steps taken"), "steps"),
    (N_("Cards drawn"), "cards_drawn"),
)


def statistics_table(view: dict, names: list[str], stats: list[dict[str, int]]) -> str:
    """The game's statistics per player (engine: game.statistics(), from the story's facts)."""
    from ...render import stats_table

    scores = view["scores"]
    rows = [(_(label), [str(scores[p] if key is None else stats[p][key]) for p in range(len(stats))])
            for label, key in STAT_ROWS]
    return stats_table([who(names, p) for p in range(len(stats))], rows)


def ending(ctx) -> Any:
    """The end by the rules: who won."""
    from ...table import Ending

    return Ending(status_line(ctx.view, ctx.names), cls="panel")


def statistics(ctx) -> str:
    return statistics_table(ctx.view, ctx.names, ctx.game.statistics())


def shared_view(view: dict) -> dict:
    """The view as every player at a shared screen may see it (a question asked aloud, the computer's turn, the
    pass screen): without the viewer's hand, her dealt map cards, the start spaces of her hidden figures and
    her own start choices in the log."""
    seats = [dict(seat, characters=[{k: v for k, v in c.items() if k != "start"} for c in seat["characters"]])
             for seat in view["seats"]]
    log = ["start (hidden)" if t.startswith("start ") else t for t in view["log"]]
    return dict(view, hand=[], dealt=[], seats=seats, log=log)


def board(ctx) -> str:
    """The Wildlands table inside the shell's frame (app/table.py): status, board, the story; the seats, the
    choice, the hand; or one frame of the replay (the board as the viewer saw it)."""
    from .story import story_panel

    view, names = ctx.view, ctx.names
    if ctx.replaying:
        shown = dict(view, legal_actions=[])
        return "".join([
            f'<div class="table wl-table wl-{h(view["board"])} replaying"><div class="main-col">',
            f'<p class="wl-status">{status_line(view, names)}</p>',
            '<div class="wl-board">' + board_svg(shown, names, []) + legend() + "</div>",
            story_panel(view, names, ctx.story()), '</div><aside class="side-col">', seats_panel(view, names),
            hand_panel(shown), "</aside></div>"])
    over, overlay, public, interactive = ctx.over, ctx.overlay, ctx.public, ctx.interactive
    if (public or overlay) and not over:
        view = shared_view(view)
    d = ctx.game.decision
    aloud = interactive and public and d is not None and d.kind in ("interrupt", "defend")
    shown = view if interactive and not aloud and not overlay else dict(view, legal_actions=[])
    pick = parse_pick(ctx.pick[0]) if interactive and ctx.pick else None
    focus = int(pick[1]) if pick and pick[0] == "@" and pick[1].isascii() and pick[1].isdigit() else None
    parts = [ctx.coach, f'<div class="table wl-table wl-{h(view["board"])}"><div class="main-col">',
             f'<p class="wl-status" role="status" data-turn-status>{status_line(view, names)}</p>',
             '<div class="wl-board">' + board_svg(shown, names, shown.get("legal_actions") or [], focus, ctx.fx,
                                                  private=not (public or overlay)) + legend() + "</div>",
             story_panel(view, names, ctx.story()), '</div><aside class="side-col">']
    if aloud:
        parts.append(aloud_panel(ctx, view))
    elif interactive and not overlay:
        parts.append(ctx.clock)  # online, a question asked at every action: its clock
        parts.append(actions_panel(shown, names, pick, ctx.undo))
    else:
        parts.append(ctx.waiting)
    parts.append(seats_panel(view, names))
    if not (overlay or public):
        parts.append(hand_panel(view, interactive and not overlay))
    parts.append("</aside></div>")
    return "".join(parts)


def card_details(app, card_id: str) -> str:
    """A card of the viewer's deck in a dialog (its symbols, flags and joker)."""
    view = app.view
    f = view["seats"][view["you"]]["faction"]
    return (f'<div class="modal-box wl-details"><ul class="wl-cards">{card_html(card_id, f)}</ul>'
            f'<button type="button" data-cmd="close-modal">{h(_("Close"))}</button></div>')


class BoardEffects:
    """The spaces where something happened since the table was last shown: fx-arrive (a figure came: a
    reveal, a move, a climb, a flight, a manoeuvre), fx-hit (damage), fx-gone (a defeat), fx-shard (a pickup).
    `defeated` (a character was defeated) and `scored` (the players who scored a point: a shard picked up, an
    enemy defeated) are what the shell's sounds hear (app/shell.py cue)."""

    __slots__ = ("spaces", "defeated", "scored")

    def __init__(self) -> None:
        self.spaces: dict[int, set[str]] = {}
        self.defeated = False
        self.scored: set[int] = set()

    def __bool__(self) -> bool:
        return bool(self.spaces)

    def cue(self) -> str:
        """The sound the shell plays for it (app/shell.py): a point or a shard, a hit or a defeat, or none."""
        classes = set().union(*self.spaces.values())
        if self.scored or "fx-shard" in classes:
            return "score"
        return "battle" if self.defeated or classes & {"fx-hit", "fx-gone"} else ""

    def mark(self, s, cls: str) -> None:
        if isinstance(s, int) and s > 0:
            self.spaces.setdefault(s, set()).add(cls)


def board_effects(facts) -> BoardEffects:
    fx = BoardEffects()
    for fact in facts:
        kind, v = fact[1], fact[2:]
        if kind == "reveal":
            fx.mark(v[1], "fx-arrive")
        elif kind in ("move", "climb", "fly", "manoeuvre"):
            fx.mark(v[2], "fx-arrive")
        elif kind == "attack":
            fx.mark(v[3], "fx-hit")
        elif kind == "pickup":
            fx.mark(v[2], "fx-shard")
            fx.scored.add(v[0])
        elif kind == "defeat":
            fx.defeated = True
            if isinstance(v[1], int) and v[1] >= 0:  # the scorer (none for a defeat nobody scores)
                fx.scored.add(v[1])
    return fx
