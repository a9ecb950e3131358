"""Every unit card's name, in English and German, fits the hand's card head at phone, laptop and desktop
sizes, breaking only between words or at a syllable (soft hyphens from py/app/locale/hyphens.json: headless
Chromium, like any browser without a hyphenation dictionary, broke too-long words anywhere, as "Marauder|s"
and "Häuptling|e"), and never clipped."""
from __future__ import annotations

import crystalclans as cc
import pytest
from app import i18n
from app.games.crystalclans.cards import card_face
from app.games.crystalclans.text import Words

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800},
         "desktop": {"width": 1440, "height": 1000}}
# A word that does not fit its line even at a soft hyphen overflows its box here instead of being broken
# anywhere, so the check sees it; and the name must stay inside the card head (not clipped).
NO_BREAK = ".card-name { overflow-wrap: normal !important; }"
PROBLEMS = """() => [...document.querySelectorAll('.card-name')].flatMap(el => {
  const name = el.textContent.replace(/\\u00ad/g, ''), card = el.closest('.card').getBoundingClientRect(),
        next = el.parentElement.nextElementSibling.getBoundingClientRect(), box = el.getBoundingClientRect(), bad = [];
  if (el.scrollWidth > el.clientWidth + 1) bad.push(name + ' (a word does not fit)');
  if (box.top < card.top || box.bottom > next.top + 1) bad.push(name + ' (clipped or over the type line)');
  return bad;
})"""
LINES = """() => Math.max(...[...document.querySelectorAll('.card-name')].map(el =>
  Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))))"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_name_fits_the_hand_without_a_word_cut_in_two(new_context, app_url, lang, say):
    cs = cc.base_set()
    i18n.use(lang)
    try:
        words = Words(cs, lang)
        faces = "".join(f'<div class="hand-slot"><div class="card-btn">{card_face(words, u.id)}</div>'
                        '<button type="button" class="info-btn">i</button></div>' for u in cs.units)
    finally:
        i18n.use("en")
    html = (f'<!doctype html><html lang="{lang}" data-theme="dark"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="{app_url}web/css/app.css"><style>{NO_BREAK}</style></head>'
            f'<body><main id="app"><div class="dock"><div class="hand"><div class="hand-cards" style="flex-wrap: wrap">'
            f'{faces}</div></div></div></main></body></html>')
    cut, lines = {}, {}
    for size, viewport in SIZES.items():
        page = new_context(viewport=viewport).new_page()
        page.set_content(html, wait_until="load")
        assert page.locator(".card-name").count() == len(cs.units)
        cut[size], lines[size] = page.evaluate(PROBLEMS), page.evaluate(LINES)
        page.close()
    assert not any(cut.values()), f"card names that do not fit the hand's card head ({lang}): {cut}"
    say(f"{lang}: all {len(cs.units)} card names break only between words or syllables; at most "
        + ", ".join(f"{n} lines ({size})" for size, n in lines.items()))


BOARD_PROBLEMS = """() => [...document.querySelectorAll('.board .unit')].flatMap(row => {
  const el = row.querySelector('.u-name'), name = el.textContent.replace(/\\u00ad/g, ''), bad = [];
  if (el.scrollWidth > el.clientWidth + 1) bad.push(name + ' (a word does not fit its row)');
  for (const tag of row.querySelectorAll(':scope > .u-pos, :scope > .kw'))
    if (tag.scrollWidth > tag.clientWidth + 1) bad.push(`${name} (its ${tag.className} "${tag.textContent}" runs out of its box)`);
  const parts = [...row.querySelectorAll(':scope > .u-pos, :scope > .u-name, :scope > .kw, :scope > .u-stats')]
    .map(e => [e.className, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
  for (let i = 1; i < parts.length; i++)
    for (let j = 0; j < i; j++) {
      const [a, ra] = parts[j], [b, rb] = parts[i];
      if (Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 0.5 &&
          Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 0.5) bad.push(`${name} (its ${a} and ${b} overlap)`);
    }
  return bad;
})"""


def board_with_every_unit(lang: str) -> list[str]:
    """The table's HTML (app/table.py: table_screen) for three positions that put every unit of the six clans
    alone in a zone (its unit types show beside its name there), in `lang`."""
    from app.table import table_screen
    from tests.unit.test_i18n import fake_app

    cs = cc.base_set()
    zones = list(cs.board.zone_ids)
    screens = []
    i18n.use(lang)
    try:
        words = Words(cs, lang)
        for clans in (("blood", "flower"), ("meteor", "skull"), ("stone", "water")):
            units = [[u.id for u in cs.units if u.clan == c] for c in clans]
            g = cc.Game.from_position({"clans": list(clans), "squads": {
                z: [[units[0][i]] if i < len(units[0]) else [], [units[1][i]] if i < len(units[1]) else []]
                for i, z in enumerate(zones)}})
            assert all(len(u) <= len(zones) for u in units)
            screens.append(table_screen(fake_app(g, 0, words)))
    finally:
        i18n.use("en")
    return screens


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_unit_name_fits_its_row_on_the_board_without_a_word_cut_in_two(new_context, app_url, lang, say):
    """Regression: a squad's row on the board broke names anywhere ("Ahnenritte|r" beside its unit type at
    1280x800). They now carry the hand's soft hyphens and break only there; with breaking anywhere switched
    off, no name runs past its row at phone, laptop or desktop size."""
    from .ui import open_app, screenshot, start_game

    screens = board_with_every_unit(lang)
    page = new_context(locale="de-DE" if lang == "de" else "en-US").new_page()
    open_app(page, app_url + "?seed=4&pace=0")
    start_game(page, clans=("blood", "stone"), first_player=0, seats=("human", "easy"))
    page.add_style_tag(content=".u-name { overflow-wrap: normal !important; }")
    found, rows = {}, 0
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for n, html in enumerate(screens):
            page.evaluate("h => { document.getElementById('app').innerHTML = h; }", html)
            rows += page.locator(".board .unit").count()
            found[(size, n)] = page.evaluate(BOARD_PROBLEMS)
            if size == "laptop" and n == 1:
                screenshot(page, f"board_names_{lang}_laptop")
    assert rows == len(SIZES) * len(cc.base_set().units)
    assert not any(found.values()), {k: v for k, v in found.items() if v}
    say(f"{lang}: every unit's name fits its row on the board at {', '.join(SIZES)} ({rows} rows)")
