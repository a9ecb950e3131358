"""Every shell feature in the browser, for every registered game (app.games.REGISTRY: a game added there is
in every test here, its name in each test's id, test_x[wildlands]):

* a new game from the start screen (the game switch, names, seats), dealt as the engine deals it;
* Export, and Import back on an emptied profile: the file named after its game, the same state hash, the same
  players' names;
* undo of a move, back to the state before it;
* the end of a game (the last moves of a recorded game, from a save near its end): the winner, the statistics,
  the replay from the deal to the end;
* the pass-the-device screen whenever a person's hidden information would show at one shared screen (every
  such decision is made behind one naming her), and never against the computer;
* resume after a reload (the autosave's Continue): the same game, the same names;
* the German page: no English-only word on any screen of a game to its end (tests/words.py);
* the guided game (tutorial) played to its end, one move offered at a time, handing over to a real game.

One browser context and one page for the whole module (`shared_page`): each test starts from an emptied
localStorage and a reload (`ui.reset_page`, ~1.5 s) instead of a new context (a cold Pyodide boot each).
The games' engines run under CPython here too: they build the saves the tests import (a recorded game near its
end, a position with a move to undo) and read the page's autosave to know what is on the table.
Screenshots: every_<test>_<game>.png."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from app import games
from app.settings import default_settings
from app.tutorial import YOU
from crystalclans.rng import Rng, seed_state
from tests.words import foreign_in

from . import ui
from .conftest import CONTEXT_TIMEOUT_MS, NO_PUBLIC_HELP, VIEWPORT
from .ui import (RECORD_SCREENS_JS, assert_no_page_errors, autosaved_game, click_move, dismiss_overlays,
                 export_save_file, foreign_on_screens, is_visible, load_save_text, play_guided_game,
                 play_random_clicks, reset_page, screenshot, start_guided_game, start_new_game, state_hash,
                 wait_game_over, wait_hash)

GAMES = list(games.REGISTRY)
SEED = 7  # ?seed=: every new game of the page is dealt from it
QUERY = f"?seed={SEED}&pace=0"
NAMES = ["Ximena", "Yusuf"]  # (no word of either language: found on a page, they are the names)
TAIL = 8  # the end of a game: its last TAIL moves are played in the browser
PLAIN = ("summon", "place", "move")  # the moves a player takes back most often: tried first
# what a game does not pass today, test by test: strict expected failures (the day one is fixed, its entry goes)
GAPS: dict[str, dict[str, str]] = {}  # a check -> {game: why it fails today}: a strict expected failure
NON_NULL = "(h) => typeof h === 'string' && h.length > 0 && !h.startsWith('error')"


# ------------------------------------------------------------------------------ one page for the module
@pytest.fixture(scope="module")
def shared_page(browser, app_url):
    ctx = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    ctx.set_default_timeout(CONTEXT_TIMEOUT_MS)
    ctx.add_init_script(NO_PUBLIC_HELP)  # no page of the tests reaches for public relays or STUN servers
    page = ctx.new_page()
    ui.watch_console(page)
    yield page
    ui.CONSOLE.pop(page, None)
    ctx.close()


@pytest.fixture
def page(shared_page, app_url, request):
    """The module's page, as on a first visit (emptied localStorage, reloaded at QUERY); on a failure its
    screenshot in screenshots/failures/ and its console errors in the output."""
    reset_page(shared_page, app_url + QUERY)
    yield shared_page
    if any(getattr(getattr(request.node, f"e2e_rep_{w}", None), "failed", False) for w in ("setup", "call")):
        try:
            print(f"[e2e] failure screenshot: {ui.screenshot(shared_page, request.node.name, ui.FAILURE_SHOTS)}")
        except ui.PwError as exc:
            print(f"[e2e] no failure screenshot: {exc}")
        print(f"[e2e] console of {shared_page.url}:\n{ui.console_tail(shared_page, 60)}")


# ------------------------------------------------------------------------------ the engines, under CPython
def options(name: str) -> dict:
    """The options the start screen gives game `name` as it first shows (its defaults)."""
    settings = dict(default_settings(), game=name)
    return games.get(name).options_from_settings(settings)


@lru_cache(maxsize=None)
def recorded_game(name: str):
    """A whole game of `name` (its start screen's options) played by a seeded random player, won by one player."""
    spec = games.get(name)
    for seed in range(1, 40):
        g = spec.new_game(options(name), seed)
        r = Rng(seed_state(seed, 11))
        while not g.is_over and len(g.log) < 20_000:
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
        if g.is_over and spec.winner(g) is not None:
            return g
    raise AssertionError(f"no {name} game of 40 had one winner")


def near_the_end(name: str, names=NAMES) -> tuple[str, list[str], object]:
    """(the save of recorded_game TAIL moves before its end, those moves, the game at its end)."""
    g = recorded_game(name)
    start = g.at(len(g.log) - TAIL)
    return games.get(name).save_text(start, list(names)), [str(m) for m in g.log[len(g.log) - TAIL:]], g


@lru_cache(maxsize=None)
def undo_case(name: str) -> tuple[str, str, str, tuple]:
    """A hotseat game of `name` some moves in where the person deciding has a move she may take back (a summon,
    a piece placed or a figure moved where the game has one): after it (and the passes of a question asked
    aloud of the others, which show nothing), she decides again in the same turn, and nothing since showed
    anything hidden or drew on chance (the engine's undo_floor). Returns (its save, its state hash, the move,
    the passes)."""
    spec = games.get(name)
    for plain in (True, False):
        g = spec.new_game(options(name), SEED)
        r = Rng(seed_state(SEED, 12))
        while not g.is_over:
            d, at = g.decision, len(g.log)
            for move in sorted({str(a) for a in d.options} - {"cancel"}) if at >= 10 else ():
                if plain and move.split()[0] not in PLAIN:
                    continue
                h = g.clone()
                h.apply(move)
                ok, passes = h.undo_floor <= at, []
                while (ok and h.decision is not None and spec.asked_aloud(h, h.decision)
                       and "pass" in {str(a) for a in h.decision.options}):
                    h.apply("pass")
                    passes.append("pass")
                    ok = h.undo_floor <= at
                if ok and not h.is_over and h.decision.player == d.player and h.turn == g.turn:
                    return spec.save_text(g, NAMES), g.state_hash(), move, tuple(passes)
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    raise AssertionError(f"no move to undo in a {name} game")


def each_game(gaps: str = "") -> list:
    """The registry's games as the parameters of a test, those of GAPS[gaps] marked as strict expected failures."""
    known = GAPS.get(gaps, {})
    return [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=known[n])) if n in known else n for n in GAMES]


def shown_text(page) -> str:
    return page.locator("#app").inner_text()


def assert_names_shown(page, names=NAMES) -> None:
    dismiss_overlays(page)
    text = shown_text(page)
    missing = [n for n in names if n not in text]
    assert not missing, f"the table does not show the players' names {missing}"


# ------------------------------------------------------------------------------ the tests
@pytest.mark.parametrize("name", each_game())
def test_a_new_game_starts_from_the_start_screen(page, name, say):
    spec = games.get(name)
    assert state_hash(page) is None, "a first visit should show the start screen, not a game"
    assert not is_visible(page, "[data-continue-game]"), "a first visit has nothing to continue"
    got = start_new_game(page, name, names=NAMES, seats=("human", "human"))
    dealt = spec.new_game(options(name), SEED)
    assert got == dealt.state_hash(), "the game started is not the one the engine deals from the start screen's options"
    assert page.evaluate("() => document.body.dataset.screen") == "game"
    assert page.locator("h1.title").inner_text() == spec.title and page.title() == spec.title
    private = spec.needs_own_hand(dealt, dealt.decision)  # two people at one screen: her hand behind a pass screen
    assert is_visible(page, "[data-turn-screen]") == private, \
        f"the first decision ({dealt.decision.kind}) {'needs' if private else 'needs no'} pass screen"
    assert_names_shown(page)
    screenshot(page, f"every_new_game_{name}")
    say(f"{name}: a new game from the start screen, dealt as the engine deals seed {SEED}")
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game())
def test_export_and_import_back_to_the_same_game(page, name, tmp_path, say):
    spec = games.get(name)
    start_new_game(page, name, names=NAMES, seats=("human", "human"))
    play_random_clicks(page, random.Random(2), 12, until_game_over=False, log_every=0)
    dismiss_overlays(page)
    before = wait_hash(page, NON_NULL)
    file_name, path = export_save_file(page, tmp_path)
    assert file_name == games.export_file_name(name) == f"{name}-save.json", file_name
    text = path.read_text()
    doc = spec.check_save_text(text)
    assert str(doc.get("format", "")).startswith(f"{name}-save/"), doc.get("format")
    assert games.for_save(doc).Game.from_json(doc).state_hash() == before, "the file holds another game"
    assert spec.save_names(doc) == NAMES, f"the file dropped the players' names: {spec.save_names(doc)}"
    reset_page(page, page.url)  # an empty profile: no autosave to fall back on
    assert state_hash(page) is None
    load_save_text(page, text, file_name)
    if is_visible(page, "#error"):
        ui.fail_with_screenshot(page, "import_error", f"the import failed: {page.locator('#error').inner_text()!r}")
    assert wait_hash(page, "(h, want) => h === want", arg=before, what="the imported game") == before
    assert_names_shown(page)
    screenshot(page, f"every_imported_{name}")
    say(f"{name}: exported as {file_name}, imported back on an empty profile: same hash, names {NAMES}")
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game())
def test_undo_takes_a_move_back(page, name, say):
    text, before, move, passes = undo_case(name)
    load_save_text(page, text)
    wait_hash(page, "(h, want) => h === want", arg=before, what="the game to undo in")
    dismiss_overlays(page)
    assert page.locator('[data-cmd="undo"]').count() == 0, "a game just loaded has nothing to undo"
    click_move(page, move)
    for answer in passes:  # the others' question asked aloud: passed where the device is
        click_move(page, answer)
    dismiss_overlays(page)
    undo = page.locator('[data-cmd="undo"]')
    if not undo.count() or not undo.first.is_visible():
        ui.fail_with_screenshot(page, "no_undo", f"no Undo after {move!r}{' and ' + ', '.join(passes) if passes else ''}")
    screenshot(page, f"every_undo_{name}")
    undo.first.click()
    assert wait_hash(page, "(h, b) => h === b", arg=before, what="the state before the move undone") == before
    say(f"{name}: {move!r}{' (then ' + ', '.join(passes) + ')' if passes else ''} undone, back to the same hash")
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game())
def test_the_end_of_a_game_its_statistics_and_its_replay(page, name, say):
    spec = games.get(name)
    text, moves, end = near_the_end(name)
    load_save_text(page, text)
    wait_hash(page, NON_NULL)
    clicks = sum(click_move(page, m) for m in moves)
    wait_game_over(page)
    assert state_hash(page) == end.state_hash(), "the game did not end as it was recorded"
    over = page.locator("[data-game-over]").first
    winner = NAMES[spec.winner(end)]
    assert winner in over.locator("h2").inner_text(), f"the end does not name {winner}: {over.inner_text()!r}"
    stats = over.locator("[data-stats]")
    assert stats.is_visible() and stats.locator("tr").count() >= 2, "no statistics at the end"
    screenshot(page, f"every_game_over_{name}")
    # the replay, from the deal, turn by turn, to the end
    page.click("[data-game-over] [data-replay-open]")
    bar = page.locator("[data-replay]")
    bar.wait_for(state="visible")
    steps = int(bar.get_attribute("data-replay-steps"))
    assert bar.get_attribute("data-replay-step") == "0" and steps >= 3, steps
    assert bar.get_attribute("data-replay-hash") == end.at(0).state_hash(), "the replay does not start at the deal"
    page.click("[data-replay-next]")
    page.wait_for_selector('[data-replay][data-replay-step="1"]')
    screenshot(page, f"every_replay_{name}")
    page.locator(f'[data-cmd="replay-go"][data-step="{steps - 1}"]').first.click()
    page.wait_for_selector(f'[data-replay][data-replay-step="{steps - 1}"]')
    assert bar.get_attribute("data-replay-hash") == end.state_hash(), "the replay does not end on the game's end"
    page.click('[data-cmd="replay-close"]')
    page.locator("[data-game-over]").first.wait_for(state="visible")
    say(f"{name}: the last {len(moves)} moves in {clicks} clicks, {winner} won, statistics, a replay of {steps} turns")
    assert_no_page_errors(page)


class SharedScreen:
    """Before each click of people at one screen: the pass screen names who decides now, and no decision that
    shows its player's hidden information (the game's needs_own_hand) is offered to anyone but the person
    the device was last handed to."""

    def __init__(self, name: str):
        self.spec = games.get(name)
        self.holder = None  # who took the device at the last pass screen
        self.passes: list[int] = []
        self.checked = 0

    def __call__(self, page, step, pick):
        g = autosaved_game(page)
        d = g.decision
        if d is None:
            return
        if is_visible(page, "[data-turn-screen]"):
            title = page.locator("[data-turn-screen] #pass-title").inner_text()
            assert NAMES[d.player] in title, f"the pass screen {title!r} does not name {NAMES[d.player]}, who decides"
            if pick["kind"] == "continue":
                self.holder = d.player
                self.passes.append(d.player)
        elif pick["kind"] == "action" and self.spec.needs_own_hand(g, d):
            self.checked += 1
            assert self.holder == d.player, (
                f"{NAMES[d.player]}'s decision ({d.kind}), which shows her hidden information, is on the table "
                f"without a pass screen: the device was last handed to "
                f"{'nobody' if self.holder is None else NAMES[self.holder]}")


@pytest.mark.parametrize("name", each_game())
def test_the_pass_screen_hides_each_persons_hand_and_never_shows_for_the_computer(page, name, app_url, say):
    watch = SharedScreen(name)
    start_new_game(page, name, names=NAMES, seats=("human", "human"))
    clicks = 0
    while clicks < 200 and not (len(set(watch.passes)) == 2 and len(watch.passes) >= 3):
        stats = play_random_clicks(page, random.Random(clicks), 10, until_game_over=False, on_step=watch, log_every=0)
        clicks += stats["steps"]
        assert not stats["game_over"]
        if clicks == 10:
            screenshot(page, f"every_shared_screen_{name}")
    assert len(set(watch.passes)) == 2 and len(watch.passes) >= 3, \
        f"{clicks} clicks handed the device over only to {[NAMES[p] for p in watch.passes]}"
    assert watch.checked, "no decision with hidden information was checked"
    # one person against the computer: no pass screen, ever
    reset_page(page, app_url + QUERY)
    page.evaluate("""() => { window.__e2ePassScreens = 0;
      new MutationObserver(() => { if (document.querySelector('[data-turn-screen]')) window.__e2ePassScreens++; })
        .observe(document.body, {subtree: true, childList: true}); }""")
    start_new_game(page, name, names=NAMES, seats=("human", "easy"))
    more = 0
    while more < 80:
        more += play_random_clicks(page, random.Random(50 + more), 10, until_game_over=False, log_every=0,
                                   stuck_ms=60_000)["steps"]
        g = autosaved_game(page)
        by_computer = sum(1 for i in range(len(g.log)) if g.at(i).decision.player == 1)
        if by_computer >= 3:
            break
    assert by_computer >= 3, f"the computer made {by_computer} moves in {more} clicks"
    screenshot(page, f"every_vs_computer_{name}")
    assert page.evaluate("() => window.__e2ePassScreens") == 0, "a pass screen showed in a game against the computer"
    say(f"{name}: {clicks} clicks at one screen, the device handed over {len(watch.passes)} times, "
        f"{watch.checked} private decisions each behind its player's pass screen; against the computer "
        f"{by_computer} computer moves in {more} clicks, no pass screen")
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game())
def test_a_reload_resumes_the_game_with_continue(page, name, say):
    start_new_game(page, name, names=NAMES, seats=("human", "human"))
    play_random_clicks(page, random.Random(3), 10, until_game_over=False, log_every=0)
    dismiss_overlays(page)
    before = wait_hash(page, NON_NULL)
    page.reload()
    ui.wait_ready(page)
    assert state_hash(page) is None, "after a reload the start screen comes first"
    panel = page.locator(".continue")
    assert all(n in panel.inner_text() for n in NAMES), f"the Continue panel: {panel.inner_text()!r}"
    page.click("[data-continue-game]")
    assert wait_hash(page, "(h, want) => h === want", arg=before, what="the game continued") == before
    assert page.locator("h1.title").inner_text() == games.get(name).title
    assert_names_shown(page)
    say(f"{name}: reloaded, Continue: the same game and names")
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game("german"))
def test_the_german_page_shows_no_english_word(page, name, app_url, say):
    reset_page(page, app_url + QUERY, storage={ui.LANGUAGE_KEY: "de"})
    assert page.evaluate("() => document.documentElement.lang") == "de"
    page.evaluate(RECORD_SCREENS_JS)
    start_new_game(page, name, seats=("human", "human"))
    play_random_clicks(page, random.Random(4), 25, until_game_over=False, log_every=0)
    text, moves, end = near_the_end(name, names=("Ada", "Bob"))
    load_save_text(page, text)
    wait_hash(page, NON_NULL)
    for m in moves:
        click_move(page, m)
    wait_game_over(page)
    screenshot(page, f"every_german_game_over_{name}")
    page.click("[data-game-over] [data-replay-open]")
    page.locator("[data-replay]").wait_for(state="visible")
    page.click("[data-replay-next]")
    page.wait_for_selector('[data-replay][data-replay-step="1"]')
    page.wait_for_timeout(100)  # the screen recorder's last look
    found = foreign_on_screens(page, "de")
    say(f"{name} in German: {found['screens']} distinct screens, English-only words: {found['foreign'] or 'none'}")
    assert found["screens"] >= 20, found["screens"]
    assert not found["foreign"], f"English words on the German page: {found['foreign']}"
    assert_no_page_errors(page)


@pytest.mark.parametrize("name", each_game())
def test_the_guided_game_is_played_to_its_end(page, name, say):
    script = games.get(name).tutorial().steps
    moves = [s.move for s in script if s.who == YOU]
    start_guided_game(page, name)
    first_mine = next(i for i, s in enumerate(script) if s.who == YOU)  # (the other side may begin: pace 0)
    assert 0 <= page.evaluate(ui.TUTORIAL_STEP_JS) <= first_mine
    page.locator("[data-tutorial-leave]").click()  # a way out at every step
    page.locator(".start .learn [data-cmd=tutorial]").wait_for()
    assert page.locator("[data-tutorial-step]").count() == 0
    page.locator(".start .learn [data-cmd=tutorial]").click()
    page.locator("[data-tutorial-step]").wait_for()
    screenshot(page, f"every_guided_first_step_{name}")
    played = play_guided_game(page, moves, stays_ms=600)
    assert played["taught"] == len(moves)
    assert page.locator("[data-thinking]").count() == 0, "the scripted side seems to think on after the end"
    assert page.evaluate(f"() => localStorage.getItem('{ui.AUTOSAVE_KEY}')") is None, \
        "the guided game replaced the autosaved game"
    german = set().union(*(foreign_in(t, "en") for t in played["texts"]))
    assert not german, f"German words in the English coach: {german}"
    screenshot(page, f"every_guided_done_{name}")
    page.locator("[data-tutorial-done] [data-cmd=tutorial-real-game]").click()
    page.wait_for_function("() => !document.querySelector('[data-tutorial-step]')")
    wait_hash(page, NON_NULL, what="the real game after the guided one")
    assert page.locator("h1.title").inner_text() == games.get(name).title
    assert autosaved_game(page) is not None, "the real game after the guided one is not autosaved"
    say(f"{name}: the guided game, {len(moves)} steps, one move offered at each, then a real game")
    assert_no_page_errors(page)
