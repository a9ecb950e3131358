"""Crystal Clans' cards drawn with HTML + CSS + tiny inline SVG icons (no official art), and the dialogs that
show them: a card's details (its numbers, abilities and where each value comes from) and a discard pile."""
from __future__ import annotations

from crystalclans.cardset import BEATS

from ...i18n import _, ngettext
from ...text import h
from .text import style_name

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


def stat(label: str, short: str, letter: str, value, cls: str) -> str:
    """One of a card's numbers in its colour: its short word above it (ATK), or on a narrow card (a big hand
    on a laptop) only the legend's letter (A) beside it; the whole word for screen readers."""
    return (f'<span class="stat {cls}" title="{label}"><span class="stat-k" aria-hidden="true">{short}</span>'
            f'<span class="stat-a" aria-hidden="true">{letter}</span>'
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
        f'<div class="stats">{stat(_("attack"), _("ATK"), _("A"), u.attack, "atk")}'
        f'{stat(_("defense"), _("DEF"), _("D"), u.defense, "def")}'
        f'{stat(_("activation cost"), _("ACT"), _("C"), u.activation, "act")}</div>'
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


def card_details(app, card_id: str) -> str:
    words = app.words
    cs = app.words.cs
    try:
        prov = cs.provenance(card_id)
    except KeyError:
        return ""
    if card_id in words.crystal_by_id:
        face = crystal_face(words, card_id)
        title = words.crystal_names[card_id]
        extra = ""
    else:
        u = words.unit(card_id)
        face = card_face(words, card_id, extra_cls="large")
        title = u.name
        sig = ""
        sn, rules = words.signature_rules.get(u.clan, ("", ""))
        if u.has_signature and all(a.name != sn for a in u.abilities):  # not already listed as an ability
            sig = f'<p><b>{h(sn)}</b> ({h(_("clan signature"))}): {h(rules)}</p>'
        from .rules import ability_entry_id, keyword_entry_id

        def rules_link(entry: str, text: str) -> str:
            return (f'<button type="button" class="rules-link" data-cmd="rules" data-rules-at="{h(entry)}" '
                    f'title="{h(_("In the rules reference"))}">{h(text)}</button>')

        kinds = ", ".join(rules_link(keyword_entry_id(k), words.keyword(k)) for k in sorted(u.keywords))
        where = {True: _("battlefield ability: active while this unit is the top unit of a squad on the battlefield"),
                 False: _("active at all times")}
        abilities = "".join(
            f'<li>{rules_link(ability_entry_id(a.name), a.name)} <span class="muted">({h(where[a.battlefield])})</span>'
            f'{": " + h(a.text.split(": ", 1)[-1]) if a.text else ""}</li>' for a in u.abilities)
        copies = ngettext("{n} copy in the deck", "{n} copies in the deck", u.copies).format(n=u.copies)
        kind_part = " · " + h(_("unit type")) + " " + kinds if kinds else ""
        numbers = _("Summon cost <b>{summon}</b> · attack <b>{attack}</b> · defense <b>{defense}</b> · activation "
                    "<b>{activation}</b>.").format(summon=u.summon, attack=u.attack, defense=u.defense,
                                                   activation=u.activation)
        as_battle = _("As a battle card its style is <b>{style}</b>, which beats {other}: when it beats the other "
                      "card its “Win” effect applies, otherwise its “Else” effect.").format(
            style=h(style_name(u.style)), other=h(style_name(BEATS[u.style])))
        extra = (f'<p class="muted">{h(words.clan_name(u.clan))} · {h(words.rank(u.rank))} · {h(copies)}{kind_part}</p>'
                 f'<p>{numbers}</p><p>{as_battle}</p>'
                 f'{"<ul class=ability-list>" + abilities + "</ul>" if abilities else ""}{sig}')
    from crystalclans.balancenotes import balanced_from

    from .card_data import field_label, origin_in_words, value_in_words

    ability_names = [a.name for a in words.unit(card_id).abilities] if card_id not in words.crystal_by_id else []
    rows = []
    designed = balanced = 0
    for path, p in prov.items():
        val = p["value"] if "value" in p else _effect_at(app, card_id, path)
        if path == "keywords" and isinstance(val, list):
            val = [words.keyword(k) for k in val]
        designed += p.get("tag") == "design"
        balanced += p.get("tag") == "design" and balanced_from(p) is not None
        lang = ' lang="en"' if path.endswith("name.en") else ' lang="de"' if path.endswith("name.de") else ""
        rows.append(f'<tr><th scope="row">{h(field_label(path, ability_names))}</th><td{lang}>{h(value_in_words(val))}</td>'
                    f'<td>{h(origin_in_words(p))}</td></tr>')
    summary = (_("Every value is printed in a source.") if not designed else
               ngettext("{n} of {total} values is our design: no known source prints it.",
                        "{n} of {total} values are our design: no known source prints them.",
                        designed).format(n=designed, total=len(rows)))
    if balanced:
        summary += " " + ngettext("{n} of them was adjusted for balance.", "{n} of them were adjusted for balance.",
                                  balanced).format(n=balanced)
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="cd-title">
  <div class="overlay-box details" data-card-details="{h(card_id)}">
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close details"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="cd-title">{h(title)}</h2>
    <div class="details-body"><div class="details-card">{face}</div>
    <div class="details-info">{extra}
    <details class="about-data" data-card-data><summary>{h(_("About this card's data"))}</summary>
      <p class="muted">{h(_("About half of the printed cards are known from no source, so this game completes the set by design."))}
      {h(summary)}</p>
      <table class="prov"><thead><tr><th scope="col">{h(_("On the card"))}</th><th scope="col">{h(_("Value"))}</th>
      <th scope="col">{h(_("Where it comes from"))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>
    </details></div></div>
  </div>
</div>"""


def _effect_at(app, card_id: str, path: str) -> str:
    """The rendered effect a provenance path like 'battle.left[0]' or 'abilities[1].effects[0]' points at."""
    import re as _re

    words = app.words
    try:
        if card_id in words.crystal_by_id:
            obj = words.crystal_by_id[card_id]
            m = _re.fullmatch(r"effects\[(\d+)\]", path)
            return words.effect_text(obj.effects[int(m.group(1))]) if m else ""
        u = words.unit(card_id)
        m = _re.fullmatch(r"battle\.(left|right)\[(\d+)\]", path)
        if m:
            return words.effect_text(getattr(u, m.group(1))[int(m.group(2))])
        m = _re.fullmatch(r"abilities\[(\d+)\]\.effects\[(\d+)\]", path)
        if m:
            return words.effect_text(u.abilities[int(m.group(1))].effects[int(m.group(2))])
    except (IndexError, KeyError, AttributeError, TypeError):
        pass
    return ""


def discard_modal(app, p: int, view: dict | None = None) -> str:
    pl = (view or app.view)["players"][p]
    words = app.words
    cards = "".join(
        f'<button type="button" class="card-btn" data-details="{h(c["id"])}" aria-label="{h(words.unit(c["id"]).name)}: {h(_("details"))}">'
        f'{card_face(words, c["id"], extra_cls="small")}</button>' for c in reversed(pl["discard"]))
    removed = ""
    if pl["removed"]:
        removed = (f"<h3>{h(_('Removed from the game'))}</h3><div class='mini-list'>"
                   + "".join(mini_card(words, c["id"]) for c in pl["removed"]) + "</div>")
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="dp-title">
  <div class="overlay-box discard-view">
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close the discard pile"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="dp-title">{h(_("{name}'s discard pile").format(name=app.names[p]))} <span class="muted">({h(_("{n}, newest first").format(n=len(pl['discard'])))})</span></h2>
    <div class="discard-cards">{cards or f'<p class="muted">{h(_("Empty."))}</p>'}</div>{removed}
  </div>
</div>"""
