"""Crystal Clans' table (py/app/games/crystalclans/table.py, its words and cards) under CPython: every legal
action is offered as a data-action control, and cards a decision reveals to its player are shown to her
only."""
from __future__ import annotations

import html
import random
import re
from types import SimpleNamespace

import crystalclans as cc
import pytest
from app import render
from app.games.crystalclans import cards as cc_cards
from app.games.crystalclans import table as cc_table
from app.games.crystalclans.rules import card_numbers
from app.seats import Seat
from app.storage import Storage
from app.table import context, table_screen
from app.games.crystalclans.text import Words
from crystalclans.simulate import random_game

from .fake_dom import app_state, session_state

WORDS = Words(cc.base_set())
NAMES = ["Ada", "Bo"]


def fake_app(game: cc.Game, viewer: int) -> SimpleNamespace:
    return app_state(game=game, view=game.view(viewer), words=WORDS, names=NAMES, cs=game.cs,
                           numbers=card_numbers(game.cs),
                           can_undo=lambda: False, overlay_pending=lambda: False, pending_result=None,
                           offers_decision=lambda: game.decision is not None and game.decision.player == viewer,
                           seats=(Seat(), Seat()), thinking=None,
                           pending_pass=None, modal=None, storage=Storage(None), session=None,
                           finished=game.is_over, winner=lambda: game.winner, story=game.story)


def offered(html: str) -> list[str]:
    return [m.replace("&quot;", '"').replace("&#x27;", "'") for m in re.findall(r'data-action="([^"]*)"', html)]


def test_the_action_bar_offers_exactly_the_legal_actions_at_every_step():
    g = cc.new_game(("flower", "water"), seed=4)
    rng = cc.rng.Rng(cc.rng.seed_state(4, 1))
    kinds = set()
    costs = 0
    for _ in range(400):
        if g.decision is None:
            break
        app = fake_app(g, g.decision.player)
        bar = cc_table.action_bar(context(app), app.view)
        assert offered(bar) == [str(a) for a in g.legal_actions()]
        table = table_screen(app)
        assert set(offered(table)) == {str(a) for a in g.legal_actions()}, g.decision.kind
        for tag in re.findall(r'<[a-z]+ [^>]*data-action="[^"]*"[^>]*>', table):
            notation = offered(tag)[0]
            cost = re.search(r'data-cost="(\d+)"', tag)
            assert (int(cost.group(1)) if cost else 0) == g.option_cost(notation), (notation, tag)
            costs += bool(cost)
        kinds.add(g.decision.kind)
        opts = g.legal_actions()
        g.apply(opts[rng.below(len(opts))])
    assert {"action", "summon"} <= kinds and costs > 100


def test_a_looked_at_hand_is_shown_to_the_looker_only():
    pos = {"clans": ["flower", "water"], "active": 0,
           "hands": [["flower.mother"], ["water.tridents", "water.cartographers"]]}
    g = cc.Game.from_position(pos)
    from crystalclans.effects import LookFrame

    g.stack.append(LookFrame(0))
    g._advance()
    assert g.decision.kind == "look"
    mine = cc_table.action_bar(context(fake_app(g, 0)), g.view(0))
    assert "Your opponent&#x27;s hand" in mine or "Your opponent's hand" in mine
    assert mine.count('class="reveal-card"') == 2 and "Tridents" in mine and "Cartographers" in mine
    theirs = table_screen(fake_app(g, 1))
    assert "reveal-card" not in theirs


def test_the_log_tells_turns_actions_costs_and_battles_in_words():
    from app.games.crystalclans.story import log_panel

    g = random_game(("blood", "skull"), 11)
    html = log_panel(fake_app(g, 0), g.view(0))
    assert html.count("data-log-turn=") == g.turn
    text = re.sub(r"<[^>]+>", " ", html)
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b|\b[abc]_[a-z]+\b", text), "an id shown instead of a name"
    assert "Battle in" in text and "damage:" in text and " lost " in text
    battle = [e for t in g.story() for a in t["actions"] for e in a["events"] if e["kind"] == "battle"
              and e["arith"][0] is not None][0]
    name = WORDS.unit(battle["cards"][0]).name
    assert name in text
    for t in g.story():
        for a in t["actions"]:
            if a["cost"]:
                assert f"−{a['cost']}" in html


def test_the_log_told_again_from_its_kept_turns_is_the_log_told_afresh():
    """A click tells only the newest turn anew (crystalclans/story.py: told_turn keeps the others); what it keeps
    must follow the players' names, the language and an undone action."""
    from app import i18n
    from app.games.crystalclans import story as story

    g = random_game(("blood", "skull"), 11)
    app = fake_app(g, 0)

    def afresh() -> str:
        story._told_turns.clear()
        return story.log_panel(app, g.view(0))

    first = afresh()
    assert story.log_panel(app, g.view(0)) == first and story._told_turns
    app.names = ["Ida", "Olaf"]
    renamed = story.log_panel(app, g.view(0))
    assert renamed == afresh() and "Ida" in renamed and "Ada" not in renamed
    try:
        i18n.use("de")
        app.words = Words(cc.base_set(), "de")
        german = story.log_panel(app, g.view(0))
        assert german == afresh() and "Zug" in german and german != renamed
    finally:
        i18n.use("en")
        app.words = WORDS
    # an action undone (the app goes back to an earlier point of the log) and another taken in its place
    n = len(g.log) // 2
    taken = g.at(n + 1)
    app = fake_app(taken, 0)
    told = story.log_panel(app, taken.view(0))
    for action in g.at(n).legal_actions():
        instead = g.at(n)
        instead.apply(action)
        if instead.story() != taken.story():
            break
    else:
        raise AssertionError("every other action tells the same story")
    app = fake_app(instead, 0)
    assert story.log_panel(app, instead.view(0)) == afresh() != told


def test_the_initiative_track_says_what_the_active_player_may_spend():
    g = cc.Game.from_position({"clans": ["blood", "skull"], "active": 1, "token": -3})
    html = cc_table.initiative_track(fake_app(g, 1), g.view(1))
    text = re.sub(r"<[^>]+>", "", html)
    # token 3 spaces toward Bo: 20 + 3 until the last space, 1 + 3 while the turn stays hers
    assert "Bo can spend 23 initiative" in " ".join(text.split())
    assert "up to 4 keeps the turn, more hands it to Ada" in " ".join(text.split())


def test_a_seed_in_the_page_url_fixes_the_deal():
    from app.controller import url_seed

    assert url_seed("?seed=42") == 42 and url_seed("?x=1&seed=7") == 7
    assert url_seed("") is None and url_seed("?seed=abc") is None and url_seed("?seeds=3") is None


def test_the_battle_result_shows_how_the_damage_was_made_and_whose_units_died():
    from app.games.crystalclans.story import arithmetic

    seed = 11
    g = cc.new_game(("blood", "skull"), seed=seed)
    rng = cc.rng.Rng(cc.rng.seed_state(seed, 2))
    while not (g.last_battle and g.last_battle["arith"][0] and all(g.last_battle["lost"])):
        if g.is_over:
            seed += 1
            g = cc.new_game(("blood", "skull"), seed=seed)
        o = g.legal_actions()
        g.apply(o[rng.below(len(o))])
    lb = g.last_battle
    app = fake_app(g, 0)
    app.pending_result = lb
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cc_table.battle_result(app, app.pending_result))).split())
    for p in (0, 1):
        ar = lb["arith"][p]
        assert f"Damage dealt: {ar['damage']}" in text
        assert " ".join(arithmetic(ar, WORDS).split()) in text
        assert f"{NAMES[p]} lost " + WORDS.unit(lb["lost"][p][0]).name in text
    assert arithmetic({"units": 6, "card": 3, "abilities": 1, "sleep": -2, "doubled": True, "total": 16,
                       "enemy_defense": 2, "damage": 14}) == \
        "units' attack 6 + card 3 + abilities 1 − Sleep 2 = 8, doubled to 16 − defense 2 = 14"


def battles_of(seeds, clans=("meteor", "stone")):
    """(game right after a battle, its last_battle) over seeded random games."""
    for seed in seeds:
        g = cc.new_game(clans, seed=seed)
        rng = cc.rng.Rng(cc.rng.seed_state(seed, 4))
        seen = None
        while not g.is_over and len(g.log) < 3000:
            o = g.legal_actions()
            g.apply(o[rng.below(len(o))])
            if g.last_battle is not seen and g.last_battle is not None:
                seen = g.last_battle
                yield g, seen


def test_the_battle_box_names_every_term_with_its_source_and_they_add_up():
    """Regression (issue: a Warhorn's +4 showed with no word why): every boost of a battle, a battle card's,
    a crystal's, an ability's, a supporter's, appears with its source, and the terms add up to the damage."""
    from app.games.crystalclans.story import arithmetic, term_words

    crystal_terms = 0
    for g, lb in battles_of(range(40)):
        for p in (0, 1):
            ar = lb["arith"][p]
            if not ar:
                continue
            assert sum(t["n"] for t in ar["terms"]) == ar["card"] + ar["abilities"]
            assert sum(t["n"] for t in ar["enemy_terms"]) == ar["enemy_defense"]
            made = ar["units"] + ar["card"] + ar["abilities"] + ar["sleep"]
            assert ar["damage"] == max(0, (2 * made if ar["doubled"] else made) - ar["enemy_defense"])
            for t in ar["terms"] + ar["enemy_terms"]:
                if t["source"] == "crystal":
                    crystal_terms += 1
                    app = fake_app(g, 0)
                    app.pending_result = lb
                    box = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cc_table.battle_result(app, app.pending_result))).split())
                    said = term_words(t, WORDS)
                    assert said.startswith(WORDS.unit_name(t["id"]) + " (crystal)") and said in box
                    assert " ".join(arithmetic(ar, WORDS).split()) in box
    assert crystal_terms > 0


def test_a_battle_card_played_from_the_draw_pile_says_the_hand_was_empty():
    pos = {"clans": ["blood", "stone"], "active": 0, "hands": [[], ["stone.ballista"]],
           "draw": [["blood.condor"], []],
           "squads": {"c_center": [["blood.marauders"], ["stone.ballista"]]}}
    g = cc.Game.from_position(pos)
    rng = cc.rng.Rng(cc.rng.seed_state(1))
    g.apply("activate c_center")
    while g.last_battle is None:
        o = g.legal_actions()
        g.apply(next((a for a in o if a.kind in ("stay", "battle", "done")), o[rng.below(len(o))]))
    assert g.last_battle["from_draw"] == [True, False]
    app = fake_app(g, 1)
    app.pending_result = g.last_battle
    box = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cc_table.battle_result(app, app.pending_result))).split())
    assert "No card in hand: the top card of the draw pile was played." in box


def test_card_details_name_sources_in_words_for_every_card():
    from app import render
    from app.games.crystalclans.card_data import sources_in_words

    app = fake_app(cc.new_game(("blood", "skull"), seed=1), 0)
    ids = list(app.words.cs.unit_index) + [c.id for c in app.words.cs.crystals]
    singular = 0
    for cid in ids:
        html = cc_cards.card_details(app, cid)
        assert "About this card&#x27;s data" in html or "About this card's data" in html, cid
        for internal in ("seed:", ".txt", "REPORT", "http", "web:", "src=", "conf:"):
            assert internal not in html, (cid, internal)
        counted = re.search(r"(\d+) of \d+ values (is|are) our design", html)
        if counted:  # one value "is", more "are" (the summary was always plural)
            assert (counted[1] == "1") == (counted[2] == "is"), (cid, counted[0])
            singular += counted[1] == "1"
    assert singular, "no card with a single design value: the singular is not checked"
    assert sources_in_words("seed:001_x.txt glossary and web:https://www.plaidhatgames.com/news/809/") == [
        "the English rulebook", "a publisher's preview (Plaid Hat Games)"]


def test_the_card_details_say_every_value_the_balance_pass_adjusted_crystals_too():
    """Issue 27: each value a balance pass changed (a unit's or a crystal's) is marked in its card's details
    with the value it had, and nothing else is."""
    from collections import Counter

    from crystalclans.balancenotes import adjusted_values
    from crystalclans.cardset import BASE_SET_FILE

    app = fake_app(cc.new_game(("blood", "skull"), seed=1), 0)
    adjusted = adjusted_values(BASE_SET_FILE)
    assert any(a.unit.startswith("crystal.") for a in adjusted)
    per_card = Counter(a.unit for a in adjusted)
    for cid in list(app.words.cs.unit_index) + [c.id for c in app.words.cs.crystals]:
        text = html.unescape(cc_cards.card_details(app, cid))
        assert text.count("Our design, adjusted for balance (it was ") == per_card[cid], cid
        for a in adjusted:
            if a.unit == cid:
                assert f"adjusted for balance (it was {a.was})" in text, (cid, a.field)


def test_the_table_animates_what_just_happened_once():
    from app.fx import EffectsFeed
    from app.games.crystalclans.table import effects_of

    g = cc.new_game(("blood", "skull"), seed=2)
    feed = EffectsFeed()
    assert not effects_of(feed.new_facts(g))  # a new game: nothing from its past
    rng = random.Random(3)
    seen = {"arrive": 0, "moved": 0, "clash": 0, "destroyed": 0, "crystal": 0}
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        fx = effects_of(feed.new_facts(g))
        for k in seen:
            seen[k] += bool(getattr(fx, k))
        if fx.arrive:
            app = fake_app(g, 0)
            app.fx = fx
            html_text = table_screen(app)
            assert "fx-arrive" in html_text
        assert not effects_of(feed.new_facts(g)), "the same facts animated twice"
    assert all(seen.values()), seen
    assert effects_of([(0, "destroyed", 1, 1, "skull.x", "c_east")]).destroyed == [("c_east", "skull.x")]


def test_the_rules_reference_is_complete_and_every_card_term_links_to_an_entry():
    from app.games.crystalclans.rules import entries

    app = fake_app(cc.new_game(("blood", "skull"), seed=1), 0)
    items = entries(app.words.cs, app.words)
    ids = [e.id for e in items]
    assert len(ids) == len(set(ids))
    for topic in ("goal", "setup", "initiative", "board", "summon", "squads", "activate", "battle", "score",
                  "replenish", "invade", "reshuffle", "winning", "terms", "card-notes"):
        assert topic in ids, topic
    assert sum(e.group == "Crystals" for e in items) == len(app.words.cs.crystals)
    assert sum(e.group == "Clan signatures" for e in items) == len(app.words.cs.clans)
    modal = render.rules_modal(app, "battle")
    assert 'class="rules-entry focused" id="rules-battle"' in modal and "data-rules-search" in modal
    for u in app.words.cs.units:  # every keyword and ability named on a card opens an existing entry
        for at in re.findall(r'data-rules-at="([^"]+)"', cc_cards.card_details(app, u.id)):
            assert at in ids, (u.id, at)


def test_a_lost_link_is_said_inside_an_open_battle_result_so_re_link_can_be_clicked():
    """Regression (CI, stop 19): the link dropped while a battle result was open; the page's Re-link notice sat
    under the dialog and could not be clicked. With a dialog open the notice goes inside it, once."""
    seed = 11
    g = cc.new_game(("blood", "skull"), seed=seed)
    rng = cc.rng.Rng(cc.rng.seed_state(seed, 2))
    while not g.last_battle:
        o = g.legal_actions()
        g.apply(o[rng.below(len(o))])
    app = fake_app(g, 0)
    app.session = session_state()
    app.link = SimpleNamespace(problem="The link to the other player is lost.", party=None)
    page = table_screen(app)
    assert page.count('data-cmd="relink"') == 1 and "data-battle-result" not in page
    app.pending_result = g.last_battle
    app.overlay_pending = lambda: True
    page = table_screen(app)
    assert page.count('data-cmd="relink"') == 1
    dialog = page[page.index("data-battle-result"):]
    assert 'data-cmd="relink"' in dialog and "data-link-lost" in dialog
    app.session.desync = "The games differ."
    app.session.host = False
    dialog = table_screen(app)
    assert 'data-cmd="resync-session"' in dialog[dialog.index("data-battle-result"):]


def test_once_the_game_is_over_no_player_is_marked_to_move():
    """Regression (seen in the screenshot of a finished game): the winner's bar still wore the TURN badge."""
    g = cc.new_game(("blood", "skull"), seed=2)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    for viewer in (0, 1):
        app = fake_app(g, viewer)
        bars = cc_table.player_bar(app, app.view, 0, True) + cc_table.player_bar(app, app.view, 1, False)
        assert "turn-badge" not in bars and " active" not in bars
    live = fake_app(cc.new_game(("blood", "skull"), seed=2), 0)
    assert "turn-badge" in cc_table.player_bar(live, live.view, live.view["active"], True)


def test_a_choice_a_scored_crystal_asks_names_the_crystal_and_shows_its_text():
    """Issue 24, item 6: after scoring The Wind's Wish the prompt said only "Return up to 2 cards from your
    discard pile to the top of your draw pile"; the engine now names the crystal whose effect asks
    (view's decision.crystal) and the action bar shows its text beside the prompt."""
    g = cc.Game.from_position({
        "clans": ["blood", "skull"], "active": 0, "token": 5,
        "crystal_row": ["crystal.winds_wish", "crystal.dusk_mirror", "crystal.mygards_shield"],
        "crystal_deck": ["crystal.fox_tail"], "discard": [["blood.marauders", "blood.trappers"], []],
        "squads": {"c_west": [["blood.marauders"], []], "c_center": [["blood.trappers"], []]}})
    assert "crystal" not in g.view(0)["decision"]
    g.apply("score crystal.winds_wish")
    view = g.view(0)
    assert view["decision"]["kind"] == "recover" and view["decision"]["crystal"] == "crystal.winds_wish"
    assert g.view(1)["decision"]["crystal"] == "crystal.winds_wish"  # public: the other side sees it too
    app = fake_app(g, 0)
    bar = html.unescape(cc_table.action_bar(context(app), view))
    assert 'data-decision-crystal="crystal.winds_wish"' in bar
    assert WORDS.crystal_by_id["crystal.winds_wish"].text in bar
    g.apply("done")
    assert "crystal" not in (g.view(0)["decision"] or {})


def test_a_battle_veylas_veil_ends_says_so_in_its_box():
    """Issue 24, item 1: "Veyla's Veil removes the battle card: the box says 'No battle card · Damage 0'".
    The box names the crystal used and says the battle ended before damage."""
    g = cc.Game.from_position({"clans": ["blood", "skull"], "active": 0,
                               "hands": [["blood.aarock_riders"], ["skull.ancestral_warriors"]],
                               "squads": {"c_center": [["blood.trappers"], ["skull.ancestral_knights"]]},
                               "crystals": [[{"id": "crystal.veylas_veil", "facedown": False}], []]})
    g.apply("activate c_center")
    g.apply("battle")
    g.apply("remove crystal.veylas_veil")
    app = fake_app(g, 1)
    app.pending_result = g.last_battle
    box = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cc_table.battle_result(app, app.pending_result))).split())
    assert "Used Veyla's Veil" in box and "The battle ended before damage." in box, box
    # and what the Veil did: Skull's squad (player 1's) went from the Central crystal back to its home
    names = fake_app(g, 1).names
    assert f"Veyla's Veil sent {names[1]}'s squad back to its home zone." in box, box
    assert g.view(0)["board"]["b_home"]["squads"][1] and not g.view(0)["board"]["c_center"]["squads"][1]


def test_a_veil_used_where_the_enemy_squad_is_home_already_says_it_did_not_move_it():
    """Issue 24, item 1 (finding F1): the Veil removed in a battle in the enemy's own home zone (Ada attacks Bo
    at home) sends nothing anywhere; the battle ends all the same (its text), and the box says both rather than
    leaving the player to wonder."""
    g = cc.Game.from_position({"clans": ["blood", "skull"], "active": 0,
                               "hands": [["blood.aarock_riders"], ["skull.ancestral_warriors"]],
                               "squads": {"b_home": [["blood.trappers"], ["skull.ancestral_knights"]]},
                               "crystals": [[{"id": "crystal.veylas_veil", "facedown": False}], []]})
    g.apply("activate b_home")
    g.apply("battle")
    while g.battle is not None:
        opts = [str(a) for a in g.legal_actions()]
        g.apply(next((o for o in opts if o == "remove crystal.veylas_veil"), opts[0]))
    app = fake_app(g, 0)
    app.pending_result = g.last_battle
    assert g.last_battle["crystals"] == [["crystal.veylas_veil"], []] and g.last_battle["ended_early"]
    box = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cc_table.battle_result(app, app.pending_result))).split())
    assert f"{app.names[1]}'s squad was in its home zone already: Veyla's Veil did not move it." in box, box
    assert "The battle ended before damage." in box, box


@pytest.mark.parametrize("lang,word", [("en", "cost"), ("de", "Kosten")])
def test_every_card_face_says_its_summon_cost_in_words(lang, word):
    """Issue 24, item 3b: a card's summon cost was a bare number in a circle while every badge said "cost N";
    every card face (hand, details, piles, battle box: all card_face) now says "cost N" / "Kosten N",
    and a screen reader hears "summon cost N"."""
    from app import i18n
    from app.games.crystalclans.cards import card_face

    cs = cc.base_set()
    i18n.use(lang)
    try:
        words = Words(cs, lang)
        for u in cs.units:
            face = card_face(words, u.id)
            assert f'<span aria-hidden="true">{word} {u.summon}</span>' in face, (u.id, face[:300])
            assert f'data-summon-cost="{u.summon}"' in face
    finally:
        i18n.use("en")
