"""Cards drawn with HTML + CSS + tiny inline SVG icons (no official art)."""
from __future__ import annotations

from crystalclans.cardset import BEATS

from .i18n import _
from .text import h, style_name

STYLE_SVG = {
    # Bold: a rising blade
    "bold": '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l3 9h-2v7h3v2h-3v2h-2v-2H8v-2h3v-7H9z" fill="currentColor"/></svg>',
    # Guarded: a shield
    "guarded": '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z" fill="currentColor"/></svg>',
    # Tricky: a four-point star / sparkle
    "tricky": '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 1l2.6 8.4L23 12l-8.4 2.6L12 23l-2.6-8.4L1 12l8.4-2.6z" fill="currentColor"/></svg>',
}


def style_icon(style: str, cls: str = "") -> str:
    return (f'<span class="style-icon style-{h(style)} {cls}" title="{h(style_name(style))}">'
            f'{STYLE_SVG.get(style, "")}<span class="sr-only">{h(style_name(style))}</span></span>')


def type_line(words, u) -> str:
    rank = words.rank(u.rank)
    kws = " · ".join(words.keyword(k) for k in sorted(u.keywords))
    return rank + (" · " + kws if kws else "")


def stat(label: str, short: str, value, cls: str) -> str:
    return (f'<span class="stat {cls}" title="{label}"><span class="stat-k" aria-hidden="true">{short}</span>'
            f'<span class="stat-v">{value}</span><span class="sr-only"> {label}</span></span>')


def card_face(words, uid: str, *, side: str | None = None, extra_cls: str = "", badge: str = "") -> str:
    """The full card (name, clan colour, type line, four numbers, abilities, battle section).
    `side` ('left'/'right') highlights the battle effect that triggered."""
    u = words.unit(uid)
    abil = []
    if u.has_signature:
        sig_name = words.signature_rules.get(u.clan, ("", ""))[0]
        if sig_name and not any(ab.name == sig_name for ab in u.abilities):
            abil.append(f'<p class="sig"><b>{h(sig_name)}</b> <span class="muted">({h(_("clan signature"))})</span></p>')
    for a in u.abilities:
        text = a.text
        if text.startswith(a.name + ":"):
            text = text[len(a.name) + 1:].strip()
        flame = (f'<span class="bf" title="{h(_("Battlefield ability (works while on the board)"))}">✦</span> '
                 if a.battlefield else "")
        abil.append(f'<p>{flame}<b>{h(a.name)}</b> {h(text)}</p>')
    left_t = words.effects_text(u.left)
    right_t = words.effects_text(u.right)
    lcls = " hit" if side == "left" else (" miss" if side == "right" else "")
    rcls = " hit" if side == "right" else (" miss" if side == "left" else "")
    beats = style_name(BEATS[u.style]) if u.style in BEATS else ""
    return (
        f'<div class="card clan-{h(u.clan)} {extra_cls}">'
        f'<div class="card-head"><span class="cost" title="{h(_("Summon cost"))}" data-summon-cost="{u.summon}">'
        f'<span aria-hidden="true">{h(_("cost {n}").format(n=u.summon))}</span>'
        f'<span class="sr-only">{h(_("summon cost"))} {u.summon}</span></span>'
        f'<span class="card-name{" long" if len(u.name) > 13 or max(map(len, u.name.split())) > 9 else ""}">'
        f'{h(words.card_title(u))}</span>{badge}</div>'
        f'<div class="typeline">{h(type_line(words, u))}</div>'
        f'<div class="stats">{stat(_("attack"), _("ATK"), u.attack, "atk")}{stat(_("defense"), _("DEF"), u.defense, "def")}'
        f'{stat(_("activation cost"), _("ACT"), u.activation, "act")}</div>'
        f'<div class="abilities">{"".join(abil) or "<p class=muted>" + h(_("No abilities.")) + "</p>"}</div>'
        f'<div class="battle-sec" title="{h(_("{style} beats {other}").format(style=style_name(u.style), other=beats))}">'
        f'{style_icon(u.style)}'
        f'<div class="eff left{lcls}"><span class="eff-k">{h(_("Win"))}</span> {h(left_t)}</div>'
        f'<div class="eff right{rcls}"><span class="eff-k">{h(_("Else"))}</span> {h(right_t)}</div>'
        f'</div></div>'
    )


def mini_card(words, uid: str, *, owner_cls: str = "", extra: str = "") -> str:
    """A compact card (name + numbers) for lists."""
    u = words.unit(uid)
    return (f'<div class="mini clan-{h(u.clan)} {owner_cls}"><span class="mini-name">{h(u.name)}</span>'
            f'<span class="mini-stats">{u.attack}/{u.defense}/{u.activation}</span>{extra}</div>')


def crystal_face(words, cid: str, *, cost=None, extra_cls: str = "") -> str:
    c = words.crystal_by_id[cid]
    text = c.text
    return (f'<div class="crystal {extra_cls}"><div class="crystal-head"><span class="gem" aria-hidden="true">◆</span>'
            f'<span class="crystal-name">{h(c.name)}</span><span class="crystal-cost" title="{h(_("Initiative cost"))}">'
            f'{h(_("cost {n}").format(n=c.cost))}<span class="sr-only"> {h(_("initiative"))}</span></span></div><div class="crystal-text">{h(text)}</div></div>')
