"""The Tash-Kalar table's arena as HTML, a function of `game.view(p)` alone (one innerHTML write).

Every square of the arena is a `<button data-square="e5">`; a square an option of the current decision names
(place, own, at, to, pick, take, piece) is lit and carries that option's notation in `data-action`, exactly
as legal_actions() gives it, so the table never decides what is legal. A summon's placements: each lit square
lists the orientations that fit there (`data-actions`, in the engine's order) and the squares each one would
use (`data-pattern`) and the piece it would destroy (`data-doomed`), so the page can show them on hover or
focus without asking Python; `focus` (a placement's notation) draws that preview here, for the keyboard and
for a re-render.

Several options on one square (a summon's orientations, a Melee start mark's colours) are offered in turn: the
square's `data-pick` names the option to show next, and clicking it only shows that option (the page keeps the
pick: `app.table_pick`); `pick_bar` under the arena then offers "Summon here" (the shown option's
`data-action`) and "Turn the pattern". A square with one option applies it at once. The square's `data-action`
is always the option it shows (the first while it is not picked). The arena is one tab stop: the picked
square, else the first lit one (`tabindex`); the arrow keys move between squares (web/js/tk_arena.js).

Pieces are told apart by more than colour: each colour has its own shape (circle, square, diamond, hexagon)
and each rank its own mark (none, a star, a crown), named again in the square's label for screen readers.
"""
from __future__ import annotations

from html import escape
from typing import Any

from tashkalar.board import CENTRE, COLS, GREEN, NAME, ON_SET, RED, W, sq

from ...i18n import N_, _, ngettext
from .prompts import choice_words, prompt_words
from .cards import card_name, card_rank, card_text, deck_name, rank_name, task_name  # noqa: F401

SHAPES = ("circle", "square", "diamond", "hexagon")  # by colour index
RANK_MARKS = ("", "★", "♛")


def h(s: Any) -> str:
    return escape(str(s), quote=True)


def square_options(decision: "dict | None") -> dict[str, list[str]]:
    """Square name -> the notations of the options that name it first (in the engine's order)."""
    out: dict[str, list[str]] = {}
    if not decision:
        return out
    for notation in decision.get("options") or ():
        parts = notation.split()
        if len(parts) >= 2 and parts[1] in _NAMES:
            out.setdefault(parts[1], []).append(notation)
    return out


_NAMES = frozenset(NAME.values())


def _placements(decision: "dict | None") -> dict[str, dict]:
    """A placement decision's details by notation ("at g6 3" -> {pattern, marked, borrowed})."""
    if not decision or decision.get("kind") != "placement":
        return {}
    info = (decision.get("info") or {}).get("placements") or {}
    return {f"at {k}": v for k, v in info.items()}


def piece_html(piece: dict, seats: list[dict]) -> str:
    colour, rank = int(piece["colour"]), int(piece["rank"])
    hexcode = next((s.get("colour_hex") for s in seats if s.get("colour") == colour), None) or "#888"
    return (f'<span class="tk-piece tk-{SHAPES[colour % len(SHAPES)]} tk-r{rank}" style="--pc:{h(hexcode)}" '
            f'aria-hidden="true"><span class="tk-mark">{RANK_MARKS[rank]}</span></span>')


def piece_words(piece: dict, seats: list[dict], names: "list[str] | None") -> str:
    colour = int(piece["colour"])
    owner = next((s["seat"] for s in seats if s.get("colour") == colour), colour)
    who = names[owner] if names and owner < len(names) else _("Player {n}").format(n=owner + 1)
    return _("{who}'s {rank} piece").format(who=who, rank=rank_name(int(piece["rank"])))


def picked_square(lit: dict[str, list[str]], focus: "str | None") -> "str | None":
    """The square whose option `focus` is, when that square has several options (it is picked)."""
    parts = (focus or "").split()
    return parts[1] if len(parts) >= 2 and focus in lit.get(parts[1], ()) and len(lit[parts[1]]) > 1 else None


def arena(view: dict, names: "list[str] | None" = None, focus: "str | None" = None, autofocus: bool = False,
          fx=None) -> str:
    """The 9x9 grid: 69 square buttons and the 12 corner cells outside the arena. `focus`: the option shown
    (its pattern drawn; on a square of several options, that square is picked, and `autofocus` puts the focus
    on it after the render); `fx`: what just happened (app.games.tashkalar.ArenaEffects: each square's
    animation classes, where a moved piece came from, the piece destroyed on a square)."""
    board, seats = view.get("board") or {}, view.get("seats") or []
    mine = view.get("decision") if view.get("legal_actions") else None
    lit = square_options(mine)
    places = _placements(mine)
    preview = places.get(focus or "")
    shown = set(preview["pattern"]) if preview else set()
    doomed_at = focus.split()[1] if preview and focus.split()[1] in board else None
    picked = picked_square(lit, focus)
    tab_stop = picked or next(iter(lit), None) or NAME[CENTRE]
    fx_classes = getattr(fx, "squares", None) or {}
    slides = getattr(fx, "slides", None) or {}
    gone = getattr(fx, "gone", None) or {}
    cells = []
    for y in range(1, W + 1):
        for x in range(1, W + 1):
            s = sq(x, y)
            if s not in ON_SET:
                cells.append('<div class="tk-off" aria-hidden="true"></div>')
                continue
            name = NAME[s]
            cls = ["tk-sq"]
            if s in RED:
                cls.append("tk-red")
            elif s in GREEN:
                cls.append("tk-green")
            if s == CENTRE:
                cls.append("tk-centre")
            piece = board.get(name)
            label = [name]
            if piece:
                label.append(piece_words(piece, seats, names))
            attrs = [f'data-square="{name}"']
            options = lit.get(name, [])
            if options:
                cls.append("tk-lit")
                now = options.index(focus) if name == picked else -1
                attrs.append(f'data-action="{h(options[max(now, 0)])}"')
                if len(options) > 1:
                    attrs.append(f'data-actions="{h("|".join(options))}"')
                    attrs.append(f'data-pick="{h(options[(now + 1) % len(options)])}"')
                if name == picked:
                    cls.append("tk-picked")
                    if autofocus:
                        attrs.append("data-autofocus")
                if places:
                    pats = [" ".join(places[o]["pattern"]) for o in options if o in places]
                    attrs.append(f'data-pattern="{h("|".join(pats))}"')
                    if piece:
                        attrs.append('data-doomed="1"')
                    if name == picked:
                        label.append(_("summon here, orientation {i} of {n}: press again to turn the pattern")
                                     .format(i=now + 1, n=len(options)))
                    else:
                        label.append(_("summon here ({n} ways)").format(n=len(options)) if len(options) > 1
                                     else _("summon here"))
                elif len(options) > 1:
                    label.append(_("{n} choices here").format(n=len(options)))
                else:
                    label.append(option_label(options[0]))
            else:
                attrs.append('aria-disabled="true"')
            attrs.append('tabindex="0"' if name == tab_stop else 'tabindex="-1"')
            cls.extend(sorted(fx_classes.get(name, ())))
            if name in slides:
                attrs.append(f'style="--dx:{slides[name][0]};--dy:{slides[name][1]}"')
            if name in shown:
                cls.append("tk-pattern")
            if name == doomed_at:
                cls.append("tk-doomed")
            inner = piece_html(piece, seats) if piece else ""
            if name in gone:  # the piece destroyed here fades out (over what stands here now)
                inner += f'<span class="tk-ghost" aria-hidden="true">{piece_html(gone[name], seats)}</span>'
            cells.append(f'<button type="button" class="{" ".join(cls)}" {" ".join(attrs)} '
                         f'aria-label="{h(", ".join(label))}">{inner}</button>')
    cols = "".join(f"<span>{c}</span>" for c in COLS)
    rows = "".join(f"<span>{y}</span>" for y in range(1, W + 1))
    return (f'<div class="tk-arena-wrap"><span></span><div class="tk-cols" aria-hidden="true">{cols}</div>'
            f'<div class="tk-rows" aria-hidden="true">{rows}</div>'
            f'<div class="tk-arena" role="group" aria-label="{h(_("The arena"))}">{"".join(cells)}</div></div>')


def pick_bar(view: dict, focus: "str | None") -> str:
    """Under the arena, for a picked square of several options: a summon's shown orientation with "Summon here"
    (its notation) and "Turn the pattern" (the next one), or each option of the square as a button."""
    mine = view.get("decision") if view.get("legal_actions") else None
    lit = square_options(mine)
    square = picked_square(lit, focus)
    if square is None:
        return ""
    options = lit[square]
    i = options.index(focus)
    if focus in _placements(mine):
        what = _("{square}: orientation {i} of {n}").format(square=square, i=i + 1, n=len(options))
        buttons = (f'<button type="button" id="tk-turn" data-pick="{h(options[(i + 1) % len(options)])}">'
                   f'<span aria-hidden="true">↻ </span>{h(_("Turn the pattern"))}</button>'
                   f'<button type="button" class="primary" data-action="{h(focus)}">{h(_("Summon here"))}</button>')
    else:
        what = _("{square}: choose one").format(square=square)
        buttons = "".join(f'<button type="button" class="tk-pick-option" data-action="{h(o)}">{h(option_label(o))}</button>'
                          for o in options)
    return (f'<div class="tk-pickbar" role="group" aria-label="{h(what)}"><span class="tk-pick-what" aria-live="polite">'
            f'{h(what)}</span>{buttons}</div>')


def option_label(notation: str) -> str:
    """A player's words for one option's notation (the button's text; the notation stays in data-action)."""
    kind, _sep, rest = notation.partition(" ")
    args = rest.split()
    first = args[0] if args else ""
    simple = {"done": _("Done"), "cancel": _("Cancel"), "skip": _("Skip"), "end": _("End the turn"),
              "handover": _("Hand control to your partner")}
    if kind in simple:
        return simple[kind]
    if kind == "place":
        return _("Place a common piece on {square}").format(square=first)
    if kind == "own":
        return _("Your start piece on {square}").format(square=first)
    if kind == "summon":
        return _("Summon {card}").format(card=card_name(first))
    if kind == "at":
        return _("Summon on {square} (orientation {n})").format(square=first, n=int(args[1]) + 1)
    if kind == "light" and len(args) > 1:  # a Melee: the flare compared with one opponent
        return _("Light {flare} against player {n}").format(flare=card_name(first), n=int(args[1]) + 1)
    if kind == "light":
        return _("Light {flare}").format(flare=card_name(first))
    if kind == "start":
        return _("Start piece of colour {c} on {square}").format(square=first, c=int(args[1]) + 1)
    if kind == "improvise":
        return _("Summon {card} improvised, with a piece of colour {c}").format(card=card_name(first),
                                                                               c=int(args[1]) + 1)
    if kind == "point":
        return _("The point in colour {c}").format(c=int(first) + 1)
    if kind == "colour":
        return _("Colour {c}").format(c=int(first) + 1)
    if kind == "keep":
        return _("Keep {card} frozen").format(card=card_name(first))
    if kind == "thaw":
        return _("Thaw {card}").format(card=card_name(first))
    if kind == "warp":
        return _("Warp {card}").format(card=card_name(first))
    if kind == "discard":
        return _("Discard {card}").format(card=card_name(first))
    if kind == "bottom":
        return _("Put {card} under its deck").format(card=card_name(first))
    if kind == "claim":
        return _("Claim the task {task}").format(task=task_name(first))
    if kind == "piece":
        return _("The piece on {square}").format(square=first)
    if kind == "to":
        return _("Move it to {square}").format(square=first)
    if kind == "pick":
        return _("Choose {square}").format(square=first)
    if kind == "take":
        return _("Take the piece on {square}").format(square=first)
    if kind == "dir":
        return _("Direction {d}").format(d=first.upper())
    if kind == "card":
        return _("Take {card} back").format(card=card_name(first))
    if kind == "choose":
        return choice_words(rest)
    return notation


def actions_panel(view: dict, undo: str = "") -> str:
    """The deciding player's prompt and every option as a button: the complete, keyboard-reachable list
    (the arena's lit squares are a second way to the options that name a square)."""
    d = view.get("decision")
    options = view.get("legal_actions") or []
    if not d or not options:
        return ""
    places = _placements(d)  # a placement's button previews its pattern on the arena, as its square does

    def button(o: str) -> str:
        pattern = f' data-pattern="{h(" ".join(places[o]["pattern"]))}"' if o in places else ""
        return f'<button type="button" data-action="{h(o)}"{pattern}>{h(option_label(o))}</button>'

    listed = [o for o in options if o in places]  # the placements: on the arena first, here as a list too
    more = ""
    if listed:
        hint = _("Choose a lit square of the arena. Where the pattern fits in several ways, click the square "
                 "again to turn it, then summon.")
        more = (f'<p class="tk-hint muted">{h(hint)}</p><details class="tk-all-places"><summary>'
                f'{h(_("Every placement as a list ({n})").format(n=len(listed)))}</summary>'
                f'<div class="tk-options">{"".join(button(o) for o in listed)}</div></details>')
    buttons = "".join(button(o) for o in options if o not in places)
    return (f'<section class="tk-actions" aria-label="{h(_("Your choice"))}"><p class="prompt">{h(prompt_words(d))}</p>'
            f'{more}<div class="tk-options">{buttons}{undo}</div></section>')


def hand_counts(hc: dict) -> str:
    """'hand: 3 beings, 2 legends, 1 flare' (each count with its own plural)."""
    parts = (ngettext("{n} being", "{n} beings", hc["being"]).format(n=hc["being"]),
             ngettext("{n} legend", "{n} legends", hc["legend"]).format(n=hc["legend"]),
             ngettext("{n} flare", "{n} flares", hc["flare"]).format(n=hc["flare"]))
    return _("hand: {counts}").format(counts=", ".join(parts))


def seats_panel(view: dict, names: "list[str] | None" = None) -> str:
    """Each seat: name, colour and shape, score, pieces (upgraded), cards in hand and in the deck."""
    rows = []
    scores = view.get("scores") or []
    for s in view.get("seats") or []:
        p = s["seat"]
        who = names[p] if names and p < len(names) else _("Player {n}").format(n=p + 1)
        hc = s["hand_counts"]
        score = scores[p] if p < len(scores) else 0
        active = " tk-active" if p == view.get("active") and not view.get("is_over") else ""
        swatch = piece_html({"colour": s["colour"], "rank": 0}, view["seats"])
        rows.append(
            f'<li class="tk-seat{active}"><span class="tk-swatch">{swatch}</span>'
            f'<b>{h(who)} <span class="muted">{h(deck_name(s["deck"]))}</span></b> '
            f'<span class="tk-score">{h(ngettext("{n} point", "{n} points", score).format(n=score))}</span> '
            f'<span>{h(ngettext("{n} piece ({u} upgraded)", "{n} pieces ({u} upgraded)", s["pieces"]).format(n=s["pieces"], u=s["upgraded"]))}</span> '
            f'<span>{h(hand_counts(hc))}</span> '
            f'<span>{h(ngettext("{n} card in the deck", "{n} cards in the deck", s["draw_count"]).format(n=s["draw_count"]))}</span></li>')
    return f'<ol class="tk-seats">{"".join(rows)}</ol>'


def hand_panel(view: dict) -> str:
    """The viewer's own cards with their effects (others' hands are only counts in the view); each card's name
    is a button that opens its details (pattern and whole effect)."""
    from tashkalar.content import BY_ID, CARDS_T

    cards = []
    for cid in view.get("hand") or []:
        if cid not in BY_ID:
            continue
        c = CARDS_T[BY_ID[cid]]
        if c.kind == "flare":
            text = f"▲ {card_text(cid, 'top')} ▼ {card_text(cid, 'bottom')}"
        else:
            text = card_text(cid, "effect")
        cards.append(f'<li class="tk-card tk-{c.kind}" data-card="{h(cid)}"><button type="button" class="cardref tk-card-name" '
                     f'data-details="{h(cid)}" title="{h(_("Show the card"))}">{h(card_name(cid))}</button> '
                     f'<span class="muted">{h(card_rank(cid))}</span><p>{h(text)}</p></li>')
    return f'<ul class="tk-hand" aria-label="{h(_("Your hand"))}">{"".join(cards)}</ul>'


def status_line(view: dict, names: list[str], winners: "list[int] | None" = None) -> str:
    if view.get("is_over"):
        won = [names[w] for w in (winners if winners is not None else view.get("winners") or [])]
        return h(_("Game over: {names} won").format(names=" & ".join(won))) if won else h(_("Game over"))
    d = view.get("decision") or {}
    who = d.get("player", view["active"])
    line = _("Turn {n}").format(n=view["turn"]) + " · " + _("{name}'s turn").format(name=names[view["active"]])
    if view.get("actions_left"):
        line += " · " + ngettext("{n} action left", "{n} actions left", view["actions_left"]).format(n=view["actions_left"])
    if who != view["active"]:
        line += " · " + _("{name} decides").format(name=names[who])
    return h(line)


STAT_ROWS = (
    (N_("Points"), None),
    (N_("Beings summoned"), "summons"),
    (N_("Legends among them"), "legends"),
    (N_("Flares lit"), "flares"),
    (N_("Tasks claimed"), "tasks"),
    (N_("Enemy pieces destroyed on her turns"), "destroyed"),
    (N_("Pieces of her colour lost"), "lost"),
    (N_("Pieces upgraded on her turns"), "upgrades"),
)


def statistics_table(view: dict, names: list[str], stats: list[dict[str, int]]) -> str:
    """The game's statistics per player (engine: game.statistics(), from the story's facts)."""
    from ...render import stats_table

    scores = view.get("scores") or [0] * len(stats)
    high_form = view.get("mode") == "high_form" or view.get("form") == "high_form"
    rows = [(_(label), [str(scores[p] if key is None else stats[p][key]) for p in range(len(stats))])
            for label, key in STAT_ROWS if key != "tasks" or high_form]
    return stats_table(names[:len(stats)], rows)


def ending(ctx) -> Any:
    """The end by the rules: who won."""
    from ...table import Ending

    return Ending(status_line(ctx.view, ctx.names), cls="panel")


def statistics(ctx) -> str:
    return statistics_table(ctx.view, ctx.names, ctx.game.statistics())


def board(ctx) -> str:
    """The Tash-Kalar table inside the shell's frame (app/table.py): the arena, the seats, the choice, the
    hand, the log; or one frame of the replay."""
    from .story import story_panel

    view, names = ctx.view, ctx.names
    interactive = ctx.interactive
    shown = view if interactive else dict(view, legal_actions=[])
    if ctx.replaying:
        return "".join([
            '<div class="table tk-table replaying"><div class="main-col">',
            f'<p class="tk-status">{status_line(view, names)}</p>', arena(shown, names),
            story_panel(view, names, ctx.story()), '</div><aside class="side-col">', seats_panel(view, names),
            hand_panel(view), "</aside></div>"])
    pick = ctx.pick  # (the option shown, picked on its square?, at which log length)
    focus = pick[0] if interactive and pick else None
    parts = [ctx.coach, '<div class="table tk-table"><div class="main-col">',
             f'<p class="tk-status" role="status" data-turn-status>{status_line(view, names)}</p>',
             '<div class="tk-board">',  # the arena with its picked square's bar right under it
             # what just happened, square by square (ctx.fx: game.py's ArenaEffects, or None)
             arena(shown, names, focus=focus, autofocus=bool(focus and pick[1]), fx=ctx.fx)]
    if interactive:
        parts.append(pick_bar(shown, focus))
    parts.append('</div>')
    parts.append(story_panel(view, names, ctx.story()))  # beside the arena on wide screens, last on narrow ones
    parts.append('</div><aside class="side-col">')
    parts.append(seats_panel(view, names))
    parts.append(actions_panel(view, ctx.undo) if interactive else ctx.waiting)
    if not (ctx.overlay or ctx.public):
        parts.append(hand_panel(view))
    parts.append("</aside></div>")
    return "".join(parts)
