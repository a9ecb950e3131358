"""Every unit card's name, in English and German, fits the hand's card head at phone, laptop and desktop
sizes, breaking only between words or at a syllable (soft hyphens from py/app/locale/hyphens.json: headless
Chromium, like any browser without a hyphenation dictionary, broke too-long words anywhere, as "Marauder|s"
and "Häuptling|e"), and never clipped."""
from __future__ import annotations

import crystalclans as cc
import pytest
from app import i18n
from app.games.crystalclans_cards import card_face
from app.games.crystalclans_text import Words

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
