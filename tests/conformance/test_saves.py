"""Saves: to_json() and from_json() round-trip (as text, bytes and a parsed dict) to the same state, log and
views at every sampled point of every deal, and the save names its game (the registry finds its module); a bad
save (not a save at all, cut short, another format or game, too large, nested too deep, edited) raises the
game module's SaveError with words a player can act on; the largest legal saves the game's own tools build
fit MAX_SAVE_CHARS and load to their state, and no legal game can outgrow its save. (How fast the worst save
loads is the benchmarks' to say: bench/, python -m tashkalar.bench, python -m wildlands.bench.)"""
from __future__ import annotations

import json
from functools import lru_cache

import pytest

from app import games

from ..conftest import DEEP
from .kit import a_new_game, entry, module, nested, played, seats, spread


def test_a_save_round_trips_at_every_sampled_point(deal):
    name, label = deal
    m = module(name)
    for i, g in enumerate(spread(played(name, label).samples, 10)):
        text = g.to_json()
        doc = json.loads(text)
        assert doc["format"].split("/", 1)[0] == f"{name}-save", doc["format"]
        assert games.for_save(doc) is m and m.check_save_text(text) == doc
        for source in (text, text.encode("utf-8"), doc) if i % 4 == 0 else (text,):
            again = m.Game.from_json(source)
            assert again.state_hash() == g.state_hash() and again.log == g.log
        assert again.to_json() == text  # saved again, the same file
        assert again.undo_floor == g.undo_floor and again.is_over == g.is_over
        for p in seats(g):
            assert again.view(p) == g.view(p), f"view({p}) differs after a reload"


def test_a_reloaded_game_tells_the_same_story(deal):
    name, label = deal
    g = played(name, label).final
    assert module(name).Game.from_json(g.to_json()).story() == g.story()


def test_a_save_keeps_the_players_names(game):
    """Regression (issue 51): Tash-Kalar's and Wildlands' saves dropped the players' names, so an exported game
    came back as "Player 1" and "Player 2". Every game's save keeps one name a seat (cut to 24 characters),
    reads back to the same game and names, and refuses names that do not fit its seats."""
    m = module(game)
    g = m.Game.from_json(_save(game)[0])
    names = ["Ada Lovelace of the Long Name Clan", "Bo", "Cy", "Di"][:g.n]
    text = g.to_json(names=names)
    doc = json.loads(text)
    assert m.save_names(doc) == [names[0][:24]] + names[1:]
    again = m.Game.from_json(text)
    assert again.state_hash() == g.state_hash() and again.to_json(names=m.save_names(doc)) == text
    assert m.save_text(g, names) == text  # what the shell's Export and autosave write
    with pytest.raises(ValueError):
        g.to_json(names=names[:-1])
    key = "players" if "players" in doc else "names"
    for edited in ({**doc, key: doc[key][:-1]}, {**doc, key: doc[key] + doc[key][-1:]},
                   {**doc, key: [7] + doc[key][1:]}):
        with pytest.raises(m.SaveError, match="damaged"):
            m.Game.from_json(json.dumps(edited))
    plain = json.loads(g.to_json())
    with pytest.raises(m.SaveError, match="damaged"):  # names in the format that keeps none
        m.Game.from_json(json.dumps({**plain, key: doc[key]}))
    assert m.save_names(plain) is None


def test_a_save_of_another_game_is_refused(game):
    m = module(game)
    for other in games.GAMES:
        if other == game:
            continue
        theirs = a_new_game(other).to_json()
        with pytest.raises(m.SaveError, match="Unsupported save format"):
            m.Game.from_json(theirs)


def _save(game: str):
    """A mid-game save of the game's first deal, as text and as a dict."""
    samples = played(game, entry(game).deals[0].label).samples
    text = samples[len(samples) // 2].to_json()
    return text, json.loads(text)


NOT_A_SAVE = ["", " ", "{", "}", "[]", "{}", "null", "true", "42", '"save"', "1e999", "NaN", "-Infinity",
              '{"format": 1e999}', "[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000, b"", b"\xff\xfe",
              b"\x00" * 10, "\ud800", 42, 1.5, None, True, [], ["format"], object()]


def test_what_is_no_save_at_all_is_refused(game):
    m = module(game)
    for junk in NOT_A_SAVE:
        with pytest.raises(m.SaveError):
            m.Game.from_json(junk)


def test_a_save_cut_short_is_refused(game):
    m = module(game)
    text, _ = _save(game)
    for k in range(0, len(text) - 1, max(1, len(text) // 23)):
        with pytest.raises(m.SaveError):
            m.Game.from_json(text[:k])
    with pytest.raises(m.SaveError):
        m.Game.from_json(text[:-1])


def test_a_save_too_large_is_refused_before_it_is_read(game):
    m = module(game)
    text, doc = _save(game)
    big = text + " " * (m.MAX_SAVE_CHARS + 1 - len(text))
    for source in (big, big.encode("utf-8"), text[:-1] + "," + '"x":' + json.dumps("y" * m.MAX_SAVE_CHARS) + "}"):
        with pytest.raises(m.SaveError):
            m.check_save_text(source)
        with pytest.raises(m.SaveError):
            m.Game.from_json(source)
    with pytest.raises(m.SaveError):  # a parsed save with more moves than a save may hold
        m.Game.from_json(dict(doc, log=doc["log"] * (1 + 100_000 // max(1, len(doc["log"])))))


def test_a_save_nested_too_deep_is_refused(game):
    m = module(game)
    text, doc = _save(game)
    for key in [*doc, "position", "extra"]:
        for depth in (40, 600):
            bad = dict(doc)
            bad[key] = nested(depth)
            with pytest.raises(m.SaveError):
                m.Game.from_json(json.dumps(bad))
            with pytest.raises(m.SaveError):
                m.Game.from_json(bad)
    bad = {k: v for k, v in doc.items() if k != "setup"}
    base = entry(game).base_position
    for inner in [nested(600), {"x": nested(600)}] + [dict(base, **{k: nested(d)}) for k in base for d in (600, DEEP)]:
        with pytest.raises(m.SaveError):
            m.Game.from_json(dict(bad, position=inner))


@pytest.mark.contract("dict_save_depth")
def test_a_parsed_save_nested_past_any_recursion_limit_is_refused(game):
    """A save given as a dict (as the shell and a peer hand it on) with a value nested far deeper than any
    text could be (the text's depth is checked before it is parsed)."""
    m = module(game)
    _, doc = _save(game)
    for key in [*doc, "position", "extra"]:
        with pytest.raises(m.SaveError):
            m.Game.from_json(dict(doc, **{key: nested(DEEP)}))


def _edits(doc: dict, illegal: str) -> list:
    other_format = next(a_new_game(o).to_json() for o in games.GAMES if not doc["format"].startswith(o + "-"))
    log = doc["log"]
    return [
        ("not valid JSON", "not json {"),
        ("no 'format'", {k: v for k, v in doc.items() if k != "format"}),
        ("damaged", {"format": doc["format"]}),
        ("Unsupported save format", dict(doc, format="other/9")),
        ("Unsupported save format", dict(doc, format=json.loads(other_format)["format"])),
        ("Unsupported save format", dict(doc, format=doc["format"].split("/")[0] + "/999")),
        ("Unsupported save format", dict(doc, format=5)),
        ("Unsupported save format", dict(doc, format=None)),
        ("damaged", dict(doc, extra=1)),
        ("damaged", dict(doc, log=5)),
        ("damaged", dict(doc, log="".join(log))),
        ("damaged", dict(doc, log=[5])),
        ("damaged", dict(doc, log=[["done"]])),
        ("damaged", dict(doc, state_hash="x")),
        ("damaged", dict(doc, state_hash=5)),
        ("exactly one of", {k: v for k, v in doc.items() if k != "setup"}),
        ("exactly one of", dict(doc, setup=None)),
        ("exactly one of", dict(doc, position={})),
        ("not legal at that point", dict(doc, log=log[:3] + [illegal] + log[3:])),
        ("not legal at that point", dict(doc, log=[illegal] + log)),
        ("not legal at that point", dict(doc, log=log + ["x" * 60])),
        ("do not lead", dict(doc, state_hash="f" * 64)),
        ("do not lead", dict(doc, log=log[:-1])),
        ("", dict(doc, log=log[1:])),  # refused: a move out of its place, or the state not the one recorded
        ("", dict(doc, log=log + log[-1:])),
    ]


def test_an_edited_save_is_refused_with_a_reason(game):
    m = module(game)
    text, doc = _save(game)
    for words, bad in _edits(doc, "definitely not a move"):
        with pytest.raises(m.SaveError, match=words or None):
            m.Game.from_json(bad if isinstance(bad, str) else json.dumps(bad))
        with pytest.raises(m.SaveError):  # (a dict's size and depth are checked first, in words of their own)
            m.Game.from_json(bad)
    assert m.Game.from_json(json.dumps(doc)).to_json() == text  # the save itself is fine


def test_a_save_with_a_broken_setup_is_refused(game):
    m = module(game)
    _, doc = _save(game)
    for key in doc["setup"]:
        for junk in (nested(40), nested(600), 1.5, 1.0, "x" * 30, {"a": 1}, [[]], -(1 << 70)):
            bad = dict(doc, setup=dict(doc["setup"], **{key: junk}))
            with pytest.raises(m.SaveError):
                m.Game.from_json(bad)
    for junk in (5, None, [], "x", nested(600), dict(doc["setup"], bogus=1)):
        with pytest.raises(m.SaveError):
            m.Game.from_json(dict(doc, setup=junk))


@lru_cache(maxsize=None)
def _largest(game: str) -> list:
    worst = entry(game).worst_games()
    if not worst:  # the game's tools build none: the longest of the suite's own playouts stands in
        worst = [max((played(game, d.label).final for d in entry(game).deals if d.position is None),
                     key=lambda g: len(g.to_json()))]
    return worst


def test_the_largest_legal_saves_fit_their_limit_and_load(game):
    m = module(game)
    for g in _largest(game):
        assert g.is_over
        text = g.to_json()
        assert len(text) <= m.MAX_SAVE_CHARS, (len(text), m.MAX_SAVE_CHARS)
        m.check_save_text(text)
        again = m.Game.from_json(text)
        assert again.state_hash() == g.state_hash() and again.log == g.log


@pytest.mark.contract("save_bound")
def test_no_legal_game_outgrows_its_save(game):
    """The longest log a legal game can have (the entry's log_bound, from the game's rules) of moves as long as
    the worst game's longest would still fit MAX_SAVE_CHARS, and the worst games stay within the bound."""
    m, bound = module(game), entry(game).log_bound
    assert bound is not None, "no bound on a legal game's moves is known"
    for g in _largest(game):
        assert len(g.log) <= bound
        longest = max(len(json.dumps(move)) + 1 for move in g.log)
        assert len(g.to_json()) + (bound - len(g.log)) * longest <= m.MAX_SAVE_CHARS
