"""Tash-Kalar's cards and tasks in the player's language: names, effect texts, flares' halves, tasks'
conditions, deck names; and a card's details dialog.

English is the engine's own data (tashkalar/data, our words). Other languages come from
`app/locale/<lang>/tashkalar.json` (our translations: no source gives a German card name, so every German
card name there is ours, and the details dialog says so); a text missing there falls back to English.
"""
from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from typing import Any

from ...i18n import LOCALE_DIR, _, language, ngettext, pgettext

TRANSLATIONS = "tashkalar.json"


def h(s: Any) -> str:
    return escape(str(s), quote=True)


@lru_cache(maxsize=None)
def translations(lang: str) -> dict:
    """The language's card and task texts ({"cards": {id: {...}}, "tasks": {id: {...}}}), {} for English."""
    path = LOCALE_DIR / lang / TRANSLATIONS
    if lang == "en" or not path.is_file():
        return {}
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def _card(card_id: str):
    from tashkalar.content import BY_ID, CARDS_T

    code = BY_ID.get(card_id)
    return CARDS_T[code] if code is not None else None


def _said(kind: str, key: str, field: str, english: str) -> str:
    return (translations(language()).get(kind, {}).get(key, {}).get(field) or english) if english else ""


def flare_number(card_id: str) -> int:
    return int(card_id.rsplit("/", 1)[-1])


def card_name(card_id: str) -> str:
    """The card's name in the player's language ("Flare 3" for a flare: flares have no names)."""
    c = _card(card_id)
    if c is None:
        return card_id
    if c.kind == "flare":
        return _("Flare {n}").format(n=flare_number(card_id))
    return _said("cards", card_id, "name", c.name)


def card_text(card_id: str, field: str) -> str:
    """One of a card's texts in the player's language: effect, frozen, warp, top, bottom ("" if none)."""
    c = _card(card_id)
    if c is None:
        return ""
    english = {"effect": c.effect or "", "frozen": c.frozen, "warp": c.warp, "top": c.top_text,
               "bottom": c.bottom_text}[field]
    return _said("cards", card_id, field, english)


def name_is_ours(card_id: str) -> bool:
    """Whether the card's name in the player's language is our own translation (no source gives it)."""
    entry = translations(language()).get("cards", {}).get(card_id, {})
    return bool(entry.get("name")) and entry.get("name_source", "ours") == "ours"


def task_name(task_id: str) -> str:
    from tashkalar.content import TASK_BY_ID, TASKS

    code = TASK_BY_ID.get(task_id)
    return _said("tasks", task_id, "name", TASKS[code].name) if code is not None else task_id


def task_condition(task_id: str) -> str:
    from tashkalar.content import TASK_BY_ID, TASKS

    code = TASK_BY_ID.get(task_id)
    return _said("tasks", task_id, "condition", TASKS[code].condition) if code is not None else ""


def deck_name(deck: str) -> str:
    from .start import DECK_TEXT

    return _(DECK_TEXT[deck]) if deck in DECK_TEXT else deck


def rank_name(rank: int) -> str:
    return (pgettext("piece", "common"), pgettext("piece", "heroic"), pgettext("piece", "legendary"))[rank]


def card_rank(card_id: str) -> str:
    """"heroic being", "legend", "flare": what kind of card it is, in words."""
    c = _card(card_id)
    if c is None:
        return ""
    if c.kind == "flare":
        return _("flare")
    if c.kind == "legend":
        return _("legend")
    return _("{rank} being").format(rank=rank_name(c.rank))


def effect_html(card_id: str) -> str:
    """The card's whole effect: a flare's two halves with their thresholds, a being's effect and its frozen
    or warp effect where it has one."""
    c = _card(card_id)
    if c is None:
        return ""
    if c.kind == "flare":
        top = ngettext("Upper half, when an opponent has at least {n} upgraded piece more than you:",
                       "Upper half, when an opponent has at least {n} upgraded pieces more than you:", c.top_needs)
        bottom = ngettext("Lower half, when an opponent has at least {n} piece more than you:",
                          "Lower half, when an opponent has at least {n} pieces more than you:", c.bottom_needs)
        return (f'<p class="tk-half"><b>▲ {h(top.format(n=c.top_needs))}</b> {h(card_text(card_id, "top"))}</p>'
                f'<p class="tk-half"><b>▼ {h(bottom.format(n=c.bottom_needs))}</b> {h(card_text(card_id, "bottom"))}</p>')
    out = f'<p>{h(card_text(card_id, "effect"))}</p>'
    for field in ("frozen", "warp"):  # their texts name themselves ("Frozen: ...", "Warp: ...")
        if getattr(c, field):
            out += f'<p class="tk-{field}">{h(card_text(card_id, field))}</p>'
    return out


def pattern_html(card_id: str) -> str:
    """The card's pattern drawn small: the being's square, the squares that need a piece of yours (common or
    heroic at least) and the marked squares, on the smallest grid that holds them (as printed: not turned)."""
    c = _card(card_id)
    if c is None or c.kind == "flare":
        return ""
    need = {(dx, dy): r for dx, dy, r in c.requires}
    marked = set(c.marked)
    cells = set(need) | marked | {(0, 0)}
    xs, ys = [x for x, _y in cells], [y for _x, y in cells]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    marks = ("", "★")
    out = []
    for y in range(y0, y0 + rows):
        for x in range(x0, x0 + cols):
            cls = ["tk-pc"]
            inner = ""
            if (x, y) == (0, 0):
                cls.append("tk-pc-being")
            if (x, y) in need:
                cls.append(f"tk-pc-need tk-pc-r{need[(x, y)]}")
                inner = marks[need[(x, y)]] if need[(x, y)] < len(marks) else ""
            if (x, y) in marked:
                cls.append("tk-pc-marked")
            out.append(f'<span class="{" ".join(cls)}">{inner}</span>')
    own = sum(1 for r in need.values() if r == 0), sum(1 for r in need.values() if r >= 1)
    label = _("Pattern: {c} common and {h} heroic pieces of yours; the being's square is outlined").format(
        c=own[0], h=own[1])
    if marked:
        label += "; " + ngettext("{n} marked square", "{n} marked squares", len(marked)).format(n=len(marked))
    return (f'<div class="tk-pattern-card" role="img" aria-label="{h(label)}" '
            f'style="grid-template-columns: repeat({cols}, 1fr)" data-pattern-card>{"".join(out)}</div>')


def details_html(card_id: str) -> str:
    """The card's details dialog (the same modal as Crystal Clans' card details): name, rank, pattern,
    effect in full, and whether its name in this language is ours."""
    c = _card(card_id)
    if c is None:
        return ""
    school = {"legend": _("Legends"), "flare": _("Flares")}.get(c.kind) or school_name(c.school)
    facts = [card_rank(card_id), school]
    if c.kind != "flare":
        facts.append(ngettext("{n} copy", "{n} copies", c.copies).format(n=c.copies))
    note = ""
    if name_is_ours(card_id):
        from tashkalar.content import CARDS_T  # the English name, for the note

        note = (f'<p class="muted" data-name-note>{h(_("The German name is ours: no source gives one. English name:"))} '
                f'<span lang="en">{h(CARDS_T[c.code].name)}</span></p>')
    legend = ""
    if c.kind != "flare":
        key = _("Outlined: the being's square. Filled: a piece of yours (★ heroic or better). Dotted: a marked square.")
        legend = f'<p class="muted tk-pattern-key">{h(key)}</p>'
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="cd-title">
  <div class="overlay-box details tk-details" data-card-details="{h(card_id)}">
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close details"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="cd-title">{h(card_name(card_id))}</h2>
    <p class="muted">{h(" · ".join(facts))}</p>
    <div class="tk-details-body">{pattern_html(card_id)}{legend}
    <div class="tk-effect">{effect_html(card_id)}</div>{note}</div>
  </div>
</div>"""


def school_name(school: str) -> str:
    """A school's name: the deck's (the Imperial school is played as Northern or Southern)."""
    names = {"imperial": _("Imperial"), "highland": deck_name("highland"), "sylvan": deck_name("sylvan"),
             "everfrost": deck_name("everfrost"), "nethervoid": deck_name("nethervoid"),
             "etherweave": deck_name("etherweave")}
    return names.get(school, school)
