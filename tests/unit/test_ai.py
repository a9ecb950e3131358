"""The computer players (crystalclans.ai): determinizations look the same to the player and really
redeal what she cannot see; bots choose legal actions, are reproducible from their seed and never peek
(the same choice whatever the hidden cards are, at every decision kind); the tournament's arithmetic."""
from __future__ import annotations

import json
import time
from collections import Counter

import pytest

import crystalclans as cc
from crystalclans.ai import BOT_NAMES, determinize, make_bot
from crystalclans.ai.tournament import elo, play, wilson
from crystalclans.invariants import check
from crystalclans.rng import Rng, seed_state

from ..conftest import sample_states
from ..conformance.games import CRYSTALCLANS_REVEALS as REVEALS
from ..conformance.games import crystalclans_scramble as scramble_hidden_from
from .test_hidden_info import battle_states, part2_states


def all_kind_states(every: int = 4):
    yield from sample_states(games=12, every=every, seed=900, mulligan_every=2)
    yield from battle_states()
    yield from part2_states()


#: small budgets for quick tests, one per search
SMALL = {"twoply": {"samples": 2, "replies": 4}, "easy": {"samples": 1, "horizon": 1},
         "normal": {"samples": 1, "horizon": 1}, "hard": {"samples": 1, "horizon": 1}}


def view_text(g, p) -> str:
    return json.dumps(g.view(p), sort_keys=True)


def test_a_determinization_looks_the_same_to_the_player_and_plays_on_soundly():
    rng = Rng(seed_state(1))
    kinds = set()
    for n, (g, _) in enumerate(all_kind_states()):
        if g.decision is None:
            continue
        p = g.decision.player
        d = determinize(g, p, rng)
        assert view_text(d, p) == view_text(g, p), f"determinize changed what player {p} sees at {g.decision!r}"
        kinds.add(g.decision.kind)
        if n % 6 == 0:  # and it is a sound game: random play to the end keeps every invariant
            bot = Rng(seed_state(n))
            for _ in range(300):
                if d.decision is None:
                    break
                opts = d.legal_actions()
                d.apply(opts[bot.below(len(opts))])
            if d.card_total[0]:
                check(d)
    assert len(kinds) >= 20, kinds


def test_a_card_revealed_first_from_the_draw_pile_stays_as_seen():
    """Regression: the opponent reveals her battle card first (Mind Reading) and, her hand empty, plays the top
    card of her draw pile. Everyone sees it, so a determinization must keep it (it was redealt as a card of her
    draw pile). Found when a balance pass's values led a sampled game there."""
    rng = Rng(seed_state(3))
    tried = 0
    for g, _ in all_kind_states():
        d0 = g.decision
        if d0 is None or d0.kind != "battle_card":
            continue
        p, q = d0.player, 1 - d0.player
        if g.battle.cards[q] >= 0 or not g.draws[q]:
            continue
        g = g.clone(story=False)
        b = g.battle
        b.first = q
        b.cards[q] = g.draws[q].pop()  # as battle.py plays a card from an empty hand's draw pile
        b.from_draw[q] = True
        g._legal = None
        assert g.view(p)["battle"]["cards"][q]["id"] == g.U[b.cards[q] >> 1].id  # shown at once
        for _ in range(8):
            assert view_text(determinize(g, p, rng), p) == view_text(g, p)
        tried += 1
    assert tried >= 3


def test_the_redeal_covers_the_possibilities():
    g = cc.new_game(("blood", "skull"), seed=11, first_player=0)
    g.apply("replenish")
    p, q = g.decision.player, 1 - g.decision.player
    true_hand = sorted(g.hands[q])
    seen_in_hand = Counter()
    kept_top = same_hand = 0
    rng = Rng(seed_state(2))
    for _ in range(300):
        d = determinize(g, p, rng)
        seen_in_hand.update(set(d.hands[q]))
        same_hand += sorted(d.hands[q]) == true_hand
        kept_top += d.draws[p][-1] == g.draws[p][-1]
        assert sorted(d.hands[q] + d.draws[q]) == sorted(g.hands[q] + g.draws[q])  # same cards, redealt
    hidden_kinds = set(g.hands[q] + g.draws[q])
    assert set(seen_in_hand) == hidden_kinds  # every hidden card shows up in the opponent's hand sometimes
    assert same_hand < 10 and kept_top < 150  # nothing stays where it really is


def test_bots_choose_legal_actions_and_are_reproducible():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")
    for name in BOT_NAMES:
        budget = SMALL.get(name.split("-")[0], {})
        runs = []
        for _ in range(2):
            g = cc.new_game(("meteor", "water"), seed=4)
            bots = [make_bot(name, seed=9, **budget), make_bot(name, seed=10, **budget)]
            for _ in range(60):
                if g.decision is None:
                    break
                a = bots[g.decision.player].choose(g)
                assert a in g.legal_actions()
                g.apply(a)
            runs.append(list(g.log))
        assert runs[0] == runs[1], f"{name} is not reproducible from its seed"


def test_the_time_limit_cuts_a_big_budget_short_but_keeps_one_whole_sample():
    g = cc.new_game(("stone", "water"), seed=3)
    while g.decision.kind != "action" or len(g.decision.options) < 4:
        g.apply(make_bot("random", seed=1).choose(g))
    capped = make_bot("hard", seed=2, samples=10_000, limit=0.3)
    t = time.thread_time()
    assert capped.choose(g) in g.legal_actions()
    # the search's own CPU time, which a busy machine does not stretch (the limit counts the clock's seconds,
    # so on a busy machine the search stops having used less CPU, never more)
    took = time.thread_time() - t
    assert 1 <= capped.last_samples < 10_000 and took < 0.3 + 1.0, (capped.last_samples, took)
    tiny = make_bot("hard", seed=2, limit=0.0)  # the limit never leaves a decision without a sample
    assert tiny.choose(g) in g.legal_actions() and tiny.last_samples == 1


def test_bots_never_peek_at_every_decision_kind():
    """Scramble everything the deciding player cannot see (the opponent's hand, the piles, the crystal
    deck, the PRNG, an unrevealed battle card or prediction): the same seed gives the same choice."""
    kinds = set()
    for n, (g, _) in enumerate(all_kind_states(every=9)):
        d = g.decision
        if d is None or len(d.options) < 2 or d.kind in REVEALS or any(
                type(f).__name__ in ("ScryFrame", "ScryOpponentFrame") for f in g.stack):
            continue  # (during a scry the test's scramble would move the cards being looked at)
        p = d.player
        other = scramble_hidden_from(g, p, n + 1)
        if view_text(other, p) != view_text(g, p):  # (a scry shows the top of the pile: not a scramble then)
            continue
        bots = [("greedy", {"samples": 1}), ("twoply", {"samples": 2, "replies": 5}), ("greedy-fit", {"samples": 1})]
        if n % 3 == 0:  # the playouts' bots (a few actions of greedy moves each option) on every third state
            bots.append(("easy", {"samples": 1, "horizon": 1}))
        for name, budget in bots:
            a = make_bot(name, seed=n, **budget).choose(g)
            b = make_bot(name, seed=n, **budget).choose(other)
            assert str(a) == str(b), f"{name} at {d.kind}: {a} with the true hidden cards, {b} with others"
        kinds.add(d.kind)
    assert len(kinds) >= 18, kinds


def test_a_game_between_bots_ends_and_the_statistics_are_right():
    out = play(("greedy", "random"), ("stone", "flower"), 3)
    assert out["winner"] in (0, 1) and out["moves"] > 20
    lo, hi = wilson(40, 50)
    assert 0.66 < lo < 0.8 < hi < 0.9
    assert elo(0.5) == 0 and round(elo(0.75)) == 191 and elo(1.0) > 1000


def test_a_recorded_tournament_continues_where_it_stopped(tmp_path):
    from crystalclans.ai.tournament import run_jobs, schedule, tournament

    record = tmp_path / "games.jsonl"
    jobs = schedule("random", "greedy", 3, seed=4)
    first = run_jobs(jobs[:4], 1, record)
    assert len(record.read_text().splitlines()) == 4
    with record.open("a") as fh:
        fh.write('{"bots": ["random", "gre')  # a run stopped mid-line
    again = run_jobs(jobs, 1, record)  # only the two missing games are played
    lines = record.read_text().splitlines()
    assert len(lines) == 7 and again[:4] == first  # 4 games, the cut line, 2 games
    assert [o["seed"] for o in again] == [j[2] for j in jobs]
    part = tournament(["random", "greedy"], 8, seed=4, workers=1, record=record, play_missing=False)[0]
    assert part.games == 6  # of 8 scheduled, 6 recorded so far; none played
    r = tournament(["random", "greedy"], 6, seed=4, workers=1, record=record)[0]
    assert r.games == 6 and len(record.read_text().splitlines()) == 7  # nothing played again
    # a game recorded with another preset of a bot does not count for the bots as they are now
    from crystalclans.ai import PRESETS

    old = [json.loads(x) for x in record.read_text().splitlines() if x.startswith('{"bots"') and x.endswith("}")]
    stale = tmp_path / "stale.jsonl"
    stale.write_text("".join(json.dumps({**o, "budgets": [{"samples": 1}, None]}) + "\n" for o in old))
    assert PRESETS.get("random") is None
    none = tournament(["random", "greedy"], 6, seed=4, workers=1, record=stale, play_missing=False)[0]
    assert none.games == 0 and "none played yet" in none.line() and "%" not in none.line()
    # read for another named code, its lines count with the presets that code had (its hash holds them)
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps({**o, "budgets": [{"samples": 1}, None], "code": "0123456789ab"}) + "\n"
                             for o in old))
    then = tournament(["random", "greedy"], 6, seed=4, workers=1, record=other, play_missing=False,
                      code="0123456789ab")[0]
    assert then.games == 6


def test_a_balance_run_goes_round_the_pairings_and_reports_what_it_has_so_far(tmp_path):
    from crystalclans.ai.tournament import balance, balance_markdown, run_jobs
    from crystalclans.simulate import pairings

    record = tmp_path / "balance.jsonl"
    planned = [(("random", "random"), c, 9 + i) for i in range(2) for c in pairings()]
    run_jobs(planned[:25], 1, record)  # a run stopped after 25 of 42 games
    part = balance("random", 2, seed=9, workers=1, record=record, play_missing=False)
    assert part["games"] == 25 and part["planned"] == 42
    assert sorted(n for _, n in part["pairs"].values())[:2] == [1, 1] and len(part["pairs"]) == 21
    text = balance_markdown(part, "cmd", 0)
    assert "a run in progress: 25 of the 42 planned" in text
    whole = balance("random", 2, seed=9, workers=1, record=record)
    assert whole["games"] == 42 and all(n == 2 for _, n in whole["pairs"].values())
    assert "in progress" not in balance_markdown(whole, "cmd", 0)
    assert len(record.read_text().splitlines()) == 42  # the 25 were not played again


def test_the_balance_report_shows_before_and_after_and_the_values_adjusted_for_balance(tmp_path, capsys):
    """Issue 27: docs/BALANCE.md shows the report before and after, with intervals and code, and lists the
    changed values with their reasons; generating it again keeps the part written by hand."""
    from crystalclans.ai.tournament import balance, balance_markdown, recorded_balance, run_jobs
    from crystalclans.balancenotes import adjusted_values, balance_note
    from crystalclans.cardset import BASE_SET_FILE
    from crystalclans.cli import main
    from crystalclans.simulate import pairings
    from selfplay.cli import KEEP

    before = tmp_path / "before.jsonl"
    run_jobs([(("random", "random"), c, 9) for c in pairings()], 1, before)
    # an older run's lines, played by a hard bot with other presets: read for that code they count
    before.write_text("".join(json.dumps({**json.loads(x), "code": "older", "budgets": [{"samples": 72}] * 2}) + "\n"
                              for x in before.read_text().splitlines()))
    b = recorded_balance(before, "older")
    assert b["games"] == 21 and b["players"] == "random (samples 72)" and b["code"] == "older"
    after = balance("random", 1, seed=10, workers=1)
    card_set = json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))
    adjusted = adjusted_values(card_set)  # (none before the balance pass is merged, and then some)
    # a Stone value of our design that no pass has adjusted yet, adjusted here
    unit, field = next((u, f) for c in card_set["clans"] if c["id"] == "stone" for u in c["units"]
                       for f in ("attack", "defense", "summon") if u[f]["tag"] == "design" and
                       not any(a.unit == u["id"] and a.field == f for a in adjusted))
    was = unit[field]["value"]
    unit[field] = {**unit[field], "value": was + 1, "note": balance_note(str(was), "Stone 28% -> 45% (hard)")}
    assert [(a.unit, a.field, a.was, a.now) for a in adjusted_values(card_set) if a not in adjusted] == \
        [(unit["id"], field, str(was), was + 1)]
    text = balance_markdown(after, "cmd", 0, before=b, card_set=card_set)
    stone_b, stone_a = b["clans"]["stone"], after["clans"]["stone"]
    row = next(x for x in text.splitlines() if x.startswith("| stone |") and "points" in x)
    assert f"{stone_b[0] / stone_b[1]:.1%} [" in row and f"{stone_a[0] / stone_a[1]:.1%} [" in row, row
    n = len(adjusted) + 1
    assert f"The card set holds {n} value{'s' * (n != 1)} adjusted for balance" in text
    assert f"{unit['name']['en']['value']} {field} {was} → {was + 1}" in text and "Stone 28% -> 45% (hard)" in text
    assert "| the first player |" in text and "code `older`" in text

    # the command: --before adds the table; the hand-written part of --out stays
    out = tmp_path / "BALANCE.md"
    out.write_text(f"# an old report\n\n{KEEP}\n\n## How we balance\n\nBy hand.\n")
    assert main(["balance", "--bot", "random", "--games", "1", "--seed", "10", "--workers", "1", "--out", str(out),
                 "--before", str(before), "--before-code", "older"]) == 0
    capsys.readouterr()
    got = out.read_text()
    assert got.startswith("# Balance report") and "## Before and after" in got and "an old report" not in got
    assert got.endswith(f"{KEEP}\n\n## How we balance\n\nBy hand.\n")
    assert main(["balance", "--bot", "random", "--games", "1", "--out", str(out), "--before", "nowhere.jsonl"]) == 2
    assert out.read_text() == got and "nowhere.jsonl" in capsys.readouterr().err


def test_every_recorded_game_names_its_code_and_a_report_counts_only_today_s(tmp_path):
    """Issue: a record spanned engine and bot changes without saying so. Each game carries the code that
    played it; a continued run plays today's games where the record holds another code's, and the report
    says how many it left out."""
    from crystalclans.ai.tournament import ANY, run_jobs, schedule, tournament
    from crystalclans.codeversion import OLDER, code_version

    today = code_version()
    record = tmp_path / "games.jsonl"
    jobs = schedule("random", "greedy", 3, seed=2)
    run_jobs(jobs[:4], 1, record)
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["code"] for x in lines] == [today] * 4
    # the same four games as an older code recorded them (and one with no code at all, as records used to be)
    older = [dict(x, code="0123456789ab") for x in lines[:3]] + [{k: v for k, v in lines[3].items() if k != "code"}]
    stale = tmp_path / "stale.jsonl"
    stale.write_text("".join(json.dumps(x) + "\n" for x in older))
    seen = tournament(["random", "greedy"], 6, seed=2, workers=1, record=stale, play_missing=False)[0]
    assert seen.games == 0 and seen.older == 4 and "4 recorded games of other code not counted" in seen.line()
    both = run_jobs(jobs, 1, stale)  # continued: today's code plays all six, the older lines stay in the file
    assert len(both) == 6 and both.older == 4 and all(x["code"] == today for x in both)
    kept = [json.loads(x) for x in stale.read_text().splitlines()]
    assert len(kept) == 10 and sum(x.get("code", OLDER) != today for x in kept) == 4
    assert len(run_jobs(jobs, 1, stale, code="0123456789ab")) == 3  # an old code's games, none played
    assert len(run_jobs(jobs, 1, stale, code=OLDER)) == 1
    assert len(run_jobs(jobs, 1, stale, code=ANY)) == 6


def test_the_code_version_follows_the_source_and_what_the_card_set_plays(tmp_path):
    import shutil

    import crystalclans as cc
    from crystalclans.codeversion import PACKAGE, code_version, source_digest

    copy = tmp_path / "crystalclans"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert code_version(root=copy) == code_version()
    crlf = copy / "rules.py"
    crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))  # a checkout with other line endings
    source_digest.cache_clear()
    assert code_version(root=copy) == code_version()
    (copy / "ai" / "bots.py").write_text((copy / "ai" / "bots.py").read_text() + "\n# changed\n")
    source_digest.cache_clear()
    assert code_version(root=copy) != code_version()
    raw = json.loads(json.dumps(cc.base_set().raw))
    unit = raw["clans"][0]["units"][0]
    unit["attack"]["note"] = "a reason reworded"  # provenance only: the games stay the same
    unit["name"]["en"]["src"] = "another source"
    assert cc.load_card_set(raw).hash != cc.base_set().hash and code_version(cc.load_card_set(raw)) == code_version()
    raw["rules"]["opening_hand"]["value"] = 4 if isinstance(raw["rules"]["opening_hand"], dict) else 4
    assert code_version(cc.load_card_set(raw)) != code_version()


def test_every_line_of_the_shipped_records_names_its_code():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "docs" / "tournament"
    files = sorted(folder.glob("*.jsonl"))
    assert files
    for f in files:
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines()):
            assert isinstance(json.loads(line).get("code"), str), f"{f.name} line {i + 1} has no code"


@pytest.mark.parametrize("name", ["greedy", "easy"])
def test_a_bot_refuses_a_seat_whose_cards_a_one_sided_game_does_not_hold(name):
    """Online without trust each page holds a one-sided game. A bot asked there for the other seat's decision
    would determinize a world whose '?' options name no card of that hand and crash deep in a summon (an e2e
    helper did so); it refuses at once with a message instead, and still decides for the page's own seat."""
    full = cc.new_game(("blood", "skull"), seed=3, private_seeds=(11, 12))
    sides = [cc.new_game(("blood", "skull"), seed=3, private_seeds=(11, None)),
             cc.new_game(("blood", "skull"), seed=3, private_seeds=(None, 12))]
    bot = make_bot(name, seed=1)
    me = full.decision.player
    mine, other = sides[me], sides[1 - me]
    assert str(bot.choose(mine)) in {str(a) for a in mine.legal_actions()}
    with pytest.raises(ValueError, match="a bot decides only for a seat whose cards its game holds"):
        bot.choose(other)


def test_the_levels_are_playouts_with_a_growing_budget():
    from crystalclans.ai import PRESETS
    from crystalclans.ai.bots import RolloutBot

    bots = [make_bot(level) for level in ("easy", "normal", "hard")]
    assert all(isinstance(b, RolloutBot) for b in bots)
    assert bots[0].samples < bots[1].samples < bots[2].samples
    assert bots[0].horizon <= bots[1].horizon <= bots[2].horizon
    assert list(PRESETS) == ["easy", "normal", "hard"]  # the table's levels, in order


def test_a_playout_lets_both_players_choose_until_its_horizon(monkeypatch):
    """The playout plays greedy moves for whoever decides, and stops at the choice of an action after
    `actions` of them were made (or at the game's end)."""
    from crystalclans.ai import bots
    from crystalclans.ai.evaluate import evaluate

    g = cc.new_game(("stone", "water"), seed=3)
    while g.decision.kind != "action":
        g.apply(g.legal_actions()[0])
    made = []
    real = bots.greedy_step
    monkeypatch.setattr(bots, "greedy_step", lambda g, *a: (made.append((g.decision.kind, g.decision.player)),
                                                             real(g, *a)))
    d = g.clone(story=False)
    bots.playout(d, Rng(seed_state(4)), evaluate, actions=3)
    actions = [m for m in made if m[0] == "action"]
    assert len(actions) == 3 and d.decision is not None and d.decision.kind == "action"
    assert {p for _, p in made} == {0, 1}  # both players moved in it


def test_a_secret_pick_in_a_playout_is_made_blind():
    """Inside a playout the other side's battle card lies in plain sight (a determinization), so a pick that
    was scored would answer it: the playout picks a battle card at random, without scoring."""
    from crystalclans.ai.bots import greedy_step

    for g, _ in battle_states():
        if g.decision.kind == "battle_card" and len(g.decision.options) > 1:
            break
    else:
        raise AssertionError("no battle card pick among the battle states")

    def never(*_):
        raise AssertionError("a secret pick was scored")

    picks = set()
    for s in range(12):
        d = g.clone(story=False)
        greedy_step(d, Rng(seed_state(s)), never)
        picks.add(d.log[-1])
    assert len(picks) > 1  # at random, not always the same card


def test_a_ladder_plays_its_steps_in_turn_and_sums_elo_along_them(tmp_path, monkeypatch):
    from crystalclans.ai.tournament import PairResult, ladder_markdown, ladder_pairs, schedule, tournament

    bots = ["random", "greedy", "easy", "normal", "hard"]
    assert ladder_pairs(bots) == [("random", "greedy"), ("greedy", "easy"), ("easy", "normal"), ("normal", "hard"),
                                  ("greedy", "normal"), ("greedy", "hard")]
    assert ladder_pairs(["a", "b"]) == [("a", "b")]
    # the pairs are taken in turn: a run stopped after four games has played two of each pair
    from crystalclans.ai import tournament as t
    jobs = []
    real = t.run_jobs
    monkeypatch.setattr(t, "run_jobs", lambda every, *a, **k: (jobs.extend(every), real(every[:4], *a, **k))[1])
    tournament(["random", "greedy"], 4, seed=2, workers=1, record=tmp_path / "ladder.jsonl",
               pairs=[("random", "greedy"), ("random", "random")])
    assert [j[0] for j in jobs[:4]] == [("random", "greedy"), ("greedy", "random"), ("random", "random"),
                                        ("random", "random")]
    assert jobs[:2] == schedule("random", "greedy", 2, 2)[:2] and len(jobs) == 8
    steps = [PairResult("greedy", "easy", games=100, a_wins=25.0), PairResult("easy", "normal", games=100, a_wins=50.0)]
    text = ladder_markdown(["random", "greedy", "easy", "normal"], steps, "cmd", "abc")
    assert "Elo over greedy along the steps: greedy +0, easy +191, normal +191." in text
    assert "| greedy v easy | 100 | 75.0% | 65.7% – 82.5% | +191 [+113, +269] |" in text and "`abc`" in text
    assert "played by" not in text  # one interpreter: nothing to say
    steps[0].python = {"CPython": 60, "PyPy": 40}
    steps[1].python = {"PyPy": 100}
    text = ladder_markdown(["random", "greedy", "easy", "normal"], steps, "cmd", "abc")
    assert "games played by CPython 60, PyPy 140" in text
