"""The table on the laptop and desktop screens most people have: at 1280x800, 1366x768, 1440x900 and
1920x1080, in both themes, through a whole game, nothing of the player's own side, the opponent's side, the
crystals or the prompt is covered or outside the window, no hand card is cut off nor any of its numbers, and every unit of every
squad on the board is whole in its zone and the window, clipped by no scroll box (bounding boxes and what the
browser hit-tests at each one's points)."""
from __future__ import annotations

import random

from .ui import assert_no_page_errors, dismiss_overlays, open_app, play_random_clicks, screenshot, start_game

SIZES = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1440x900": (1440, 900), "1920x1080": (1920, 1080)}

# each group: a name and the elements that must be whole and uncovered in the window
CHECK_JS = """() => {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const zones = [...document.querySelectorAll('.board .zone')];
  const groups = {
    "opponent's bar": [...document.querySelectorAll('.player-bar.top')],
    "own bar": [...document.querySelectorAll('.player-bar.bottom')],
    "opponent's row": zones.slice(0, 3), "middle row": zones.slice(3, 6), "own row": zones.slice(6, 9),
    "crystals": [...document.querySelectorAll('.panel.crystals h2, .panel.crystals .crystal-btn')],
    "prompt": [...document.querySelectorAll('.action-bar .prompt, .action-bar.waiting')],
    "options": [...document.querySelectorAll('.action-bar .actions > button')],
    "hand cards": [...document.querySelectorAll('.hand .hand-slot')],
  };
  const out = [];
  for (const [name, els] of Object.entries(groups)) {
    if (!els.length && !["hand cards", "prompt", "options"].includes(name)) out.push(name + ": missing");
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) { out.push(name + ": no size"); continue; }
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) {
        out.push(`${name}: outside the window (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}x${vh})`);
        continue;
      }
      const pts = [[.5, .5], [.08, .12], [.92, .12], [.08, .88], [.92, .88]];
      for (const [fx, fy] of pts) {
        const x = r.left + fx * r.width, y = r.top + fy * r.height;
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && !hit.contains(el)) {
          const who = hit.closest('[class]');
          out.push(`${name}: covered at (${Math.round(x)},${Math.round(y)}) by ${who ? who.className.split(' ')[0] : hit.tagName}`);
          break;
        }
      }
    }
  }
  // every unit of every squad on the board: whole inside its zone's box, the window and every box that clips it
  // (a zone that scrolls on its own shows no scrollbar in many browsers), and not covered
  for (const el of document.querySelectorAll('.board .unit')) {
    const zone = el.closest('.zone');
    const name = `unit ${(el.querySelector('.u-name') || el).textContent.trim()} in ${zone ? zone.getAttribute('aria-label') : '?'}`;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) { out.push(name + ": no size"); continue; }
    const outside = (b, top, left, bottom, right) =>
      r.top < top - 0.5 || r.left < left - 0.5 || r.bottom > bottom + 0.5 || r.right > right + 0.5;
    if (outside(r, 0, 0, vh, vw)) { out.push(`${name}: outside the window (${Math.round(r.top)} to ${Math.round(r.bottom)} of ${vh})`); continue; }
    const zr = zone.getBoundingClientRect();
    if (outside(r, zr.top, zr.left, zr.bottom, zr.right)) {
      out.push(`${name}: outside its zone (${Math.round(r.top)} to ${Math.round(r.bottom)}, zone ${Math.round(zr.top)} to ${Math.round(zr.bottom)})`);
      continue;
    }
    let clip = null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect(), top = ar.top + a.clientTop, left = ar.left + a.clientLeft;
      if (outside(r, top, left, top + a.clientHeight, left + a.clientWidth)) { clip = a; break; }
    }
    if (clip) { out.push(`${name}: clipped by ${clip.className.split(' ')[0] || clip.tagName} (${Math.round(r.top)} to ${Math.round(r.bottom)})`); continue; }
    const nm = el.querySelector('.u-name');  // a name wraps: it never runs under the unit's numbers
    if (nm && nm.scrollWidth > nm.clientWidth + 1) { out.push(`${name}: its name runs past its box (${nm.scrollWidth} px in ${nm.clientWidth})`); continue; }
    for (const [fx, fy] of [[.5, .5], [.1, .5], [.9, .5]]) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      if (hit && !el.contains(hit)) { const who = hit.closest('[class]'); out.push(`${name}: covered by ${who ? who.className.split(' ')[0] : hit.tagName}`); break; }
    }
  }
  for (const card of document.querySelectorAll('.hand .hand-slot .card-btn .card')) {  // a hand card's numbers show whole
    const cr = card.getBoundingClientRect();
    let right = -Infinity;
    for (const v of card.querySelectorAll('.stats .stat-v')) {
      const r = v.getBoundingClientRect(), chip = v.closest('.stat').getBoundingClientRect();
      const name = `hand card ${card.querySelector('.card-name').textContent.trim()}`;
      if (r.width < 2 || r.left < Math.max(cr.left, chip.left) - 0.5 || r.right > Math.min(cr.right, chip.right) + 0.5
          || r.bottom > cr.bottom + 0.5)
        out.push(`${name}: a number cut off (${Math.round(r.left)} to ${Math.round(r.right)} in its chip's ${Math.round(chip.left)} to ${Math.round(chip.right)}, its card's ${Math.round(cr.left)} to ${Math.round(cr.right)})`);
      else if (chip.left < right - 0.5) out.push(`${name}: its numbers overlap`);
      right = chip.right;
    }
  }
  for (const slot of document.querySelectorAll('.hand .hand-slot')) {  // the summon strip never covers its card
    const card = slot.querySelector('.card'), act = slot.querySelector('.card-act');
    if (card && act && act.getBoundingClientRect().top < card.getBoundingClientRect().bottom - 1)
      out.push("hand cards: a summon strip covers its card");
  }
  return out;
}"""


# Only a Horde grows a squad past three units; one of HORDE units or more may not fit a laptop's window beside
# the options and the hand: then the page scrolls (nothing hides inside a box), and the test counts what is
# below the window there apart from the problems, by name
HORDE = 10
BIGGEST_SQUAD_JS = """() => Math.max(0, ...[...document.querySelectorAll('.board .stack')]
  .map(s => s.querySelectorAll(':scope > .unit').length))"""


def check_sizes(page, where: str, shots: dict, keep: bool = False, units: list | None = None,
                horde: list | None = None) -> list[str]:
    """The table at every size and theme: its problems; with a squad of HORDE units or more on the board, what is
    only outside the window goes to `horde` instead."""
    problems = []
    units = units if units is not None else [0]
    units[0] += page.evaluate("() => document.querySelectorAll('.board .unit').length")
    biggest = page.evaluate(BIGGEST_SQUAD_JS)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for theme in ("dark", "light"):
            page.evaluate("t => { document.documentElement.dataset.theme = t; window.scrollTo(0, 0); }", theme)
            found = page.evaluate(CHECK_JS)
            if keep:
                screenshot(page, f"layout_{size}_{theme}")
            if found and biggest >= HORDE and horde is not None:
                below = [p for p in found if "outside the window" in p]
                horde += [f"{where}, {size} {theme}, a squad of {biggest}: {p}" for p in below]
                found = [p for p in found if p not in below]
            if found:
                problems += [f"{where}, {size} {theme}: {p}" for p in found]
                if (size, theme) not in shots:
                    shots[(size, theme)] = screenshot(page, f"layout_problem_{size}_{theme}")
    page.set_viewport_size({"width": 1280, "height": 800})
    return problems


# the deal: with the clicks of random.Random(14) its whole game against the easy computer is about 190 clicks and
# crowds the board (13 units at a checked point); deal 12 took 308 clicks for a board of fewer units
DEAL = 5


def test_nothing_of_the_table_is_covered_at_laptop_and_desktop_sizes(new_context, app_url, say):
    import time

    t0 = time.perf_counter()
    page = new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()  # boxes at rest
    open_app(page, app_url + f"?seed={DEAL}&pace=0")
    start_game(page, clans=("blood", "stone"), first_player=0, seats=("human", "easy"))
    boot_s = time.perf_counter() - t0
    problems: list[str] = []
    shots: dict = {}
    checked, units, horde, horde_points, kept, check_s = [0], [0], [], set(), [False], [0.0]

    def on_step(p, step, pick) -> None:
        if step % 12 == 0 and pick["kind"] == "action":
            t = time.perf_counter()
            before, crowded = len(horde), p.evaluate("() => document.querySelectorAll('.board .unit').length") >= 12
            keep = crowded and not kept[0]  # the table's screenshots at each size: the first crowded point
            kept[0] = kept[0] or keep
            problems.extend(check_sizes(p, f"click {step}", shots, keep=keep, units=units, horde=horde))
            if len(horde) > before:
                horde_points.add(step)
            checked[0] += 1
            check_s[0] += time.perf_counter() - t

    stats = play_random_clicks(page, random.Random(14), 600, on_step=on_step, log=lambda s: None)
    dismiss_overlays(page)
    screenshot(page, "layout_game_over_1280x800")
    say(f"layout: ready in {boot_s:.1f} s; {checked[0]} points of a whole game ({stats['steps']} clicks, "
        f"{stats['seconds'] - check_s[0]:.0f} s of play) x 4 sizes x 2 themes ({check_s[0]:.0f} s of checks); "
        f"{units[0]} units on the board at those points, each checked at every size and theme; {len(problems)} problems"
        f"; a squad of {HORDE}+ units (a Horde's) made the page scroll at {len(horde_points)} points: "
        f"{len(horde)} parts below the window there" + "".join(f"\n  {p}" for p in horde[:12]))
    assert not problems, "\n".join(problems[:20]) + (f"\n... ({len(problems)} in all)" if len(problems) > 20 else "")
    assert stats["game_over"] and checked[0] >= 5
    assert kept[0], f"no checked point had a crowded board (12 units or more): choose another DEAL than {DEAL}"
    assert_no_page_errors(page)


def test_a_full_hand_shows_every_card_s_numbers_at_every_size(new_context, app_url, say):
    """Regression: with six cards in hand (the second player's first turn) on a 1280x800 laptop the hand cards
    narrowed to 106 px and their numbers slid under the next chip and off the card: a player saw ATK DEF ACT
    and no values. At every size and theme each hand card's three numbers show whole, side by side."""
    page = new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    open_app(page, app_url + "?seed=7&pace=0")
    start_game(page, clans=("blood", "skull"), first_player=1, seats=("human", "easy"))
    page.wait_for_function("() => document.querySelectorAll('.hand .hand-slot').length >= 6", timeout=30_000)
    dismiss_overlays(page)
    shots: dict = {}
    problems = check_sizes(page, "a hand of six", shots)
    page.mouse.move(1270, 300)  # no card's hover view over the table in the screenshot
    screenshot(page, "layout_hand_of_six_1280x800")
    widths = page.evaluate("() => [...document.querySelectorAll('.hand .hand-slot .card-btn .card')]"
                           ".map(c => Math.round(c.getBoundingClientRect().width))")
    say(f"a hand of {len(widths)} at 1280x800: cards {min(widths)}-{max(widths)} px wide; {len(problems)} problems")
    assert not problems, "\n".join(problems[:20])
    assert_no_page_errors(page)


def test_a_crystals_details_leave_room_for_where_its_values_come_from(page, app_url):
    """Regression (issue: for a crystal the card-details panel squeezed 'About this card's data' into a
    column a word wide: the crystal's face took the whole row)."""
    open_app(page, app_url + "?seed=3")
    start_game(page, clans=("blood", "stone"), first_player=0)
    dismiss_overlays(page)
    page.locator(".crystal-btn[data-details]").first.click()
    page.locator("[data-card-details]").wait_for()
    widths = page.evaluate("""() => ({card: document.querySelector('#modal .details-card').getBoundingClientRect().width,
      info: document.querySelector('#modal .details-info').getBoundingClientRect().width})""")
    assert widths["info"] >= 300 and widths["card"] <= 320, widths
    screenshot(page, "crystal_details")
    assert_no_page_errors(page)


TUTORIAL_JS = """() => {
  const vh = document.documentElement.clientHeight, vw = document.documentElement.clientWidth;
  const parts = {"coach": document.querySelector('.coach'), "own bar": document.querySelector('.player-bar.bottom'),
                 "prompt": document.querySelector('.action-bar .prompt'),
                 "taught move": document.querySelector('.action-bar [data-action]')};
  const out = [];
  for (const [name, el] of Object.entries(parts)) {
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > vh + 0.5 || r.left < -0.5 || r.right > vw + 0.5)
      out.push(`${name} outside the window (${Math.round(r.top)} to ${Math.round(r.bottom)} of ${vh})`);
  }
  return out;
}"""


def test_the_guided_game_keeps_its_coach_own_side_and_move_in_view(new_context, app_url, say):
    """Issue 24, item 5: the guided game pointed at a pile the player could not see. At each laptop and desktop
    size, at every step the player takes, the coach, the player's own bar (its draw pile), the prompt and the
    one move taught are in the window as it is shown (scrolled to where the app leaves it)."""
    from .ui import TUTORIAL_STEP_JS as STEP_JS

    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_app(page, app_url + "?pace=0")
    page.locator(".start [data-cmd=tutorial]").click()
    page.locator("[data-tutorial-step]").wait_for()
    problems, steps = [], 0
    for _ in range(80):
        if page.locator("[data-tutorial-done]").count():
            break
        dismiss_overlays(page)
        step = page.evaluate(STEP_JS)
        if not page.locator(".action-bar [data-action]").count():
            page.wait_for_function(f"() => ({STEP_JS})() !== {step} || !!document.querySelector('[data-continue]')"
                                   " || !!document.querySelector('[data-tutorial-done]')", timeout=15_000)
            continue
        steps += 1
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            found = page.evaluate(TUTORIAL_JS)
            if found:
                problems += [f"step {step}, {size}: {p}" for p in found]
                screenshot(page, f"layout_tutorial_problem_{size}")
            elif size == "1366x768":
                screenshot(page, f"layout_tutorial_step_{steps:02d}_1366x768")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.locator(".action-bar [data-action]").first.click()
        page.wait_for_function(f"() => ({STEP_JS})() !== {step} || !!document.querySelector('[data-continue]')",
                               timeout=15_000)
    say(f"guided game: {steps} steps x {len(SIZES)} sizes; {len(problems)} problems" +
        ("".join(f"\n  {p}" for p in problems[:30])))
    assert steps >= 9
    assert not problems, "\n".join(problems)
    assert_no_page_errors(page)
