"""No German label is cut (issue 24, item 13: "Bildschir"): in a German browser, at the laptop, desktop and
phone sizes, on the start screen, the game table, the rules and a card's details, every visible element with
text of its own shows all of it: nothing wider than its box unless the box scrolls by design, and no line
of text clipped by a box that hides its overflow (the way test_card_names measures card heads)."""
from __future__ import annotations

from .ui import assert_no_page_errors, dismiss_overlays, open_app, screenshot, start_game

SIZES = [(1280, 800), (1366, 768), (1440, 900), (1920, 1080), (390, 844)]

# (A select's drop-down arrow takes about 20 px in Chromium; 24 keeps a little air.)
# Elements with text of their own (a non-empty text node child) that are visible, and cut: wider than their
# box (scrollWidth) while their overflow hides it, ending in an ellipsis, taller than a box that hides its
# overflow, or running past the side of an ancestor that clips (overflow hidden/clip): a word broken by
# clipping. Boxes that scroll by design (auto/scroll) are fine.
CUT_JS = """() => {
  const hides = v => v === 'hidden' || v === 'clip';
  const scrolls = v => v === 'auto' || v === 'scroll';
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('')
      .replace(/\\u00ad/g, '').trim();
    if (!own) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('[hidden],[aria-hidden=true]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (el.matches('.sr-only, .visually-hidden') || (r.width <= 1 && r.height <= 1)) continue;
    const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + own.slice(0, 40) + '"';
    if (!scrolls(cs.overflowX) && cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      bad.push(name + ' (wider than its box: ' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    else if (cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      bad.push(name + ' (ellipsis)');
    else if (hides(cs.overflowY) && el.scrollHeight > el.clientHeight + 1)
      bad.push(name + ' (taller than its box: ' + el.scrollHeight + ' > ' + el.clientHeight + ')');
    else {
      // the text's own rectangle against every clipping ancestor up to a scrolling one
      // (its own text nodes only: a child element, as a screen reader's words, may sit elsewhere)
      const rects = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).flatMap(n => {
        const range = document.createRange();
        range.selectNode(n);
        return [...range.getClientRects()];
      });
      if (!rects.length) continue;
      const t = {left: Math.min(...rects.map(q => q.left)), right: Math.max(...rects.map(q => q.right)),
                 top: Math.min(...rects.map(q => q.top)), bottom: Math.max(...rects.map(q => q.bottom))};
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (scrolls(ps.overflowX) || scrolls(ps.overflowY)) break;
        if (!hides(ps.overflowX)) continue;
        const b = p.getBoundingClientRect();
        // a line that starts inside the box and runs past its side (a box that hides whole lines below it,
        // as a card in the hand shows only its head, is a design, not a cut word)
        if (t.top < b.bottom && t.bottom > b.top && t.right > b.left && t.left < b.right &&
            (t.left < b.left - 1 || t.right > b.right + 1)) {
          bad.push(name + ' (clipped by ' + p.tagName.toLowerCase() + '.' + String(p.className) + ')');
          break;
        }
      }
    }
  }
  // a select shows its chosen option's text in its own box, which clips it with no overflow to measure:
  // every option's text (any may be chosen) must fit beside the padding and the drop-down arrow
  const ctx = document.createElement('canvas').getContext('2d');
  for (const sel of document.querySelectorAll('select')) {
    const r = sel.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(sel).visibility === 'hidden') continue;
    const cs = getComputedStyle(sel);
    ctx.font = cs.font;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - ARROW_PX;
    for (const o of sel.options) {
      const w = Math.ceil(ctx.measureText(o.text).width);
      if (w > room) bad.push('select#' + sel.id + ' option "' + o.text + '" (' + w + ' px in ' + Math.floor(room) + ')');
    }
  }
  return bad;
}""".replace("ARROW_PX", "24")


def _check(page, where: str, size: str, found: dict) -> None:
    cut = page.evaluate(CUT_JS)
    if cut:
        found[f"{where} {size}"] = cut
        screenshot(page, f"de_cut_{where}_{size}")


def test_no_german_label_is_cut_at_laptop_desktop_and_phone_sizes(new_context, app_url, say):
    page = new_context(locale="de-DE").new_page()
    open_app(page, app_url + "?seed=24")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    found: dict = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        _check(page, "start", f"{w}x{h}", found)
    start_game(page, clans=("blood", "flower"), first_player=0)
    dismiss_overlays(page)
    for w, h in SIZES:
        size = f"{w}x{h}"
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        _check(page, "table", size, found)
        page.locator(".hand [data-details], .unit[data-details]").first.click()
        page.locator("[data-card-details]").wait_for()
        _check(page, "card", size, found)
        page.click("[data-cmd=close-modal]")
        page.locator("#topnav [data-cmd=rules]").click()
        page.locator("[data-rules]").wait_for()
        _check(page, "rules", size, found)
        page.click("[data-cmd=close-modal]")
    assert not found, "German text cut: " + "; ".join(f"{k}: {v}" for k, v in found.items())
    say(f"German start screen, table, card details and rules at {len(SIZES)} sizes: no text cut")
    assert_no_page_errors(page)


def test_german_zones_read_after_a_preposition_piles_are_nouns_and_spelling_is_germanys(new_context, app_url, say):
    """Issue 24, item 13: zone names that need declining after a preposition ("in Westliches Kristallgebiet"),
    pile labels that read as verbs (ZIEHEN, ABWERFEN) and the Swiss "Gefäss" are gone from the German table."""
    from app.games.crystalclans.text import GERMAN_ZONE_NAMES

    page = new_context(locale="de-DE").new_page()
    open_app(page, app_url + "?seed=24")
    start_game(page, clans=("blood", "flower"), names=("Ada", "Bo"), first_player=0)
    dismiss_overlays(page)
    zones = page.eval_on_selector_all(".board .zone-name", "els => els.map(e => e.textContent.replace('◆', '').trim())")
    allowed = set(GERMAN_ZONE_NAMES.values()) | {"Heimat Ada", "Heimat Bo"}
    assert len(zones) == 9 and set(zones) <= allowed, zones
    piles = page.eval_on_selector_all(".player-bar .pb-counts .ck", "els => els.map(e => e.textContent.trim())")
    assert set(piles) == {"Hand", "Stapel", "Ablage"}, piles
    labels = " ".join(page.eval_on_selector_all("[data-action]", "els => els.map(e => e.textContent)"))
    assert not any(w in labels for w in ("Westliches", "Östliches", "Zentrales", "Heimat von", "Westfeld")), labels
    page.locator("#topnav [data-cmd=rules]").click()
    rules = page.locator("[data-rules]").inner_text()
    assert "Gefäß" in rules and "Gefäss" not in rules
    page.click("[data-cmd=close-modal]")
    say(f"German zones {sorted(set(zones))}; piles {piles[:3]}; the rules spell Gefäß")
    assert_no_page_errors(page)
