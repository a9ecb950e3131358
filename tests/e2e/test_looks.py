"""How the table looks, in both themes and at three sizes, and what an accessibility scan says of it (issue 11).

For the dark and the light theme (the system setting; the top-bar switch flips it), at desktop 1440x900,
tablet 820x1180 and phone 390x844, the tests save screenshots of the table, a battle explanation, the log,
the card details and game over: looks_<what>_<size>_<theme>.png. axe-core (vendored by build.py setup for
tests only) scans the start screen, the table, the battle reveal and game over: no serious or critical
violation.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import crystalclans as cc

from .ui import assert_no_page_errors, dismiss_overlays, import_and_confirm, is_visible, open_app, \
    play_random_clicks, screenshot

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / ".cache" / "axe-core" / "axe.min.js"
SIZES = {"desktop": (1440, 900), "tablet": (820, 1180), "phone": (390, 844)}
NAMES = ["Ada", "Bo"]

AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 160))}));
}"""


def random_moves(g: cc.Game, rng: random.Random, stop) -> cc.Game:
    while not g.is_over and not stop(g):
        g.apply(rng.choice(g.legal_actions()))
    return g


def before_a_battle() -> cc.Game:
    """A hotseat game whose next moves are the battle-card picks of a battle (so a few clicks reveal it)."""
    for seed in range(40):
        g = cc.new_game(("blood", "skull"), seed=seed)
        random_moves(g, random.Random(seed), lambda g: g.turn >= 5 and g.decision.kind == "battle_card")
        if not g.is_over:
            return g
    raise AssertionError("no battle within 40 seeded games")


def save_file(tmp_path: Path, name: str, g: cc.Game) -> Path:
    path = tmp_path / name
    path.write_text(g.to_json(names=NAMES))
    return path


def axe_scan(page, where: str) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    return [f"{where}: {v['impact']} {v['id']} ({v['help']}): {'; '.join(v['nodes'])}"
            for v in page.evaluate(AXE_RUN)]


def shoot_sizes(page, what: str, theme: str, prepare=None) -> None:
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        if prepare is not None:
            prepare()
        screenshot(page, f"looks_{what}_{size}_{theme}")
    page.set_viewport_size({"width": 1440, "height": 900})


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_both_themes_at_three_sizes_and_no_serious_accessibility_violations(new_context, app_url, tmp_path,
                                                                              theme, say):
    assert AXE_JS.is_file(), "axe-core is missing: run python build.py setup"
    motion = "reduce" if theme == "light" else "no-preference"  # the light run also asks for reduced motion
    page = new_context(color_scheme=theme, reduced_motion=motion, viewport={"width": 1440, "height": 900}).new_page()
    open_app(page, app_url)
    assert page.evaluate("() => document.documentElement.dataset.theme") == theme, "the system theme is not followed"
    bg = page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--bg')")
    problems = axe_scan(page, "start screen")
    shoot_sizes(page, "start", theme)

    # the table: a game loaded just before a battle; the battle-card picks reveal it
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        str(save_file(tmp_path, "battle.json", before_a_battle()))))
    fx_js = """() => [...document.querySelectorAll('[class*="fx-"]')].map(el =>
        [el.className, getComputedStyle(el).animationName])"""
    moving = []
    for i in range(30):
        moving += page.evaluate(fx_js)  # what the table marks as just happened (and whether it moves)
        if is_visible(page, "[data-battle-result]"):
            break
        play_random_clicks(page, random.Random(i), 1, until_game_over=False, log_every=0)
    assert is_visible(page, "[data-battle-result]"), "no battle revealed within 30 clicks"
    assert page.locator("[data-battle-arith]").count() >= 1
    problems += axe_scan(page, "battle reveal")
    shoot_sizes(page, "battle", theme)
    dismiss_overlays(page)
    # the battle's moves and losses animated on the table, unless the player asked for reduced motion
    assert any("fx-destroyed" in c for c, _ in moving), f"no destroyed unit was marked on the table: {moving}"
    if motion == "reduce":
        assert all(name == "none" for _, name in moving), moving
    else:
        assert any(name.startswith("fx-") for _, name in moving), moving
    problems += axe_scan(page, "table")
    shoot_sizes(page, "table", theme, lambda: page.evaluate("() => window.scrollTo(0, 0)"))
    # the top bar's icons stand apart from their words (a flex label once dropped the space: "⬆Import")
    icon, word = (page.locator(f".file-btn > span >> nth={i}").bounding_box() for i in (0, 1))
    assert word["x"] - (icon["x"] + icon["width"]) >= 3, (icon, word)
    # on a phone the top bar keeps to two rows (icons, then the turn), leaving the board the room
    page.set_viewport_size({"width": 390, "height": 844})
    top = page.evaluate("() => document.querySelector('.topbar').offsetHeight")
    assert top <= 80, f"the phone's top bar is {top} px high"
    page.set_viewport_size({"width": 1440, "height": 900})

    def open_log():
        entry = page.locator("[data-log-battle]").first
        entry.scroll_into_view_if_needed()
        if not entry.evaluate("d => d.open"):
            entry.locator("summary").click()
    shoot_sizes(page, "log", theme, open_log)

    page.locator("[data-details]").first.click()
    page.locator("#modal [data-card-data] summary").click()
    problems += axe_scan(page, "card details")
    shoot_sizes(page, "card_details", theme)
    page.click("#modal [data-cmd=close-modal]")

    # game over: a finished game imported (the unfinished one is replaced after the question)
    finished = random_moves(cc.new_game(("water", "flower"), seed=4), random.Random(4), lambda g: False)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(
        str(save_file(tmp_path, "finished.json", finished))))
    page.locator("[data-game-over]").first.wait_for(state="visible")
    problems += axe_scan(page, "game over")
    shoot_sizes(page, "game_over", theme, lambda: page.evaluate("() => window.scrollTo(0, 0)"))

    # the switch flips the theme and the page follows
    page.click("#theme-switch")
    other = "light" if theme == "dark" else "dark"
    assert page.evaluate("() => document.documentElement.dataset.theme") == other
    assert page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--bg')") != bg
    assert page.evaluate("() => localStorage.getItem('crystalclans.theme')") == other
    assert_no_page_errors(page)
    assert not problems, "axe-core: serious or critical violations:\n" + "\n".join(problems)
    say(f"{theme}: 5 screens x 3 sizes shot; axe-core: no serious or critical violation on 5 screens; "
        f"the switch turned it {other}; motion {motion}: {len(moving)} marks of the battle, animated: "
        f"{sum(n != 'none' for _, n in moving)}")
