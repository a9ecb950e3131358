"""The table reaches each engine through its game module (app.games): every registered module has the whole
shape the shell uses, and a game, a save and the computer's worker find their module."""
from __future__ import annotations

import json

import pytest

import crystalclans as cc
from app import bot_service, games


@pytest.mark.parametrize("name", list(games.REGISTRY))
def test_every_game_has_a_whole_spec_that_agrees_with_its_module(name):
    """Issue 51: the shell holds each game's spec (app.games.spec.GameSpec) and calls it, probing nothing: every
    member is there (optional ones with the spec's defaults), and each member the module defines is the spec's."""
    import dataclasses
    import importlib

    spec = games.get(name)
    assert isinstance(spec, games.GameSpec) and spec.name == name and games.get(name) is spec
    module = importlib.import_module(games.REGISTRY[name])
    for f in dataclasses.fields(spec):
        value = getattr(spec, f.name)
        if hasattr(module, f.name):
            assert value is getattr(module, f.name), f"{name}: its SPEC's {f.name} is not the module's"
        assert value is not None or f.default is None, (name, f.name)
    assert set(spec.seats) <= {2, 3, 4} and 2 in spec.seats
    assert spec.MAX_SAVE_CHARS <= games.MAX_SAVE_FILE  # an import refuses a larger file before reading it


def test_the_shell_never_probes_a_game_for_a_member():
    """The shell calls its games' specs: no getattr(games.get(...) / games.of(...), ...) outside py/app/games."""
    import re
    from pathlib import Path

    app = Path(__file__).resolve().parents[2] / "py" / "app"
    probes = [f"{p.relative_to(app)}:{i}" for p in app.rglob("*.py") if "games" not in p.relative_to(app).parts
              for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"(getattr|hasattr)\(games\.(get|of|for_save)\(", line)]
    assert probes == []


def test_a_game_and_its_save_find_their_module():
    module = games.get("crystalclans")
    g = module.new_game({"clans": ("blood", "water"), "first": "1", "mulligan": False}, seed=5)
    assert g.first_player == 1 and g.setup["clans"] == ["blood", "water"]
    assert games.of(g) is module
    doc = json.loads(g.to_json(names=["Ann", "Bo"]))
    assert games.for_save(doc) is module
    assert module.save_names(doc) == ["Ann", "Bo"]
    # a file of no game we know goes to the default game, whose loader names the problem
    assert games.for_save({"format": "chess-save/1"}) is games.get(games.DEFAULT)
    assert games.for_save({}) is games.get(games.DEFAULT)
    with pytest.raises(KeyError):
        games.get("chess")


def test_the_workers_request_names_the_game_and_gets_a_legal_move():
    g = cc.new_game(("blood", "water"), seed=3)
    req = json.loads(bot_service.request(g, g.decision.player, "greedy"))
    assert req["game"] == "crystalclans"
    reply = json.loads(bot_service.handle(json.dumps(req)))
    assert reply.get("action") in [str(a) for a in g.legal_actions()], reply
    # a request without a game name (a worker of the last version's page) is Crystal Clans
    del req["game"]
    assert json.loads(bot_service.handle(json.dumps(req))).get("action") == reply["action"]


def test_a_tashkalar_game_and_its_save_find_their_module():
    module = games.get("tashkalar")
    g = module.new_game({"mode": "high_form", "decks": ["northern", "sylvan"], "first": "0"}, seed=9)
    assert (g.mode, g.n, g.first_player) == ("high_form", 2, 0)
    assert games.of(g) is module
    doc = module.check_save_text(g.to_json())
    assert games.for_save(doc) is module
    assert games.for_save(doc).Game.from_json(doc).state_hash() == g.state_hash()
    assert module.default_names(None, g) == ["Player 1", "Player 2"]
    with pytest.raises(module.SaveError):
        module.check_save_text(b"\xff\xfe not text")


def test_tashkalar_asks_for_a_hand_over_only_where_the_hand_shows():
    import tashkalar as tk
    from crystalclans.rng import Rng

    module = games.get("tashkalar")
    g = tk.new_game(seed=4, first_player=0)
    r = Rng(4)
    seen = {}
    for _ in range(600):
        if g.is_over:
            break
        d = g.decision
        seen.setdefault(d.kind, module.needs_own_hand(g, d))
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
    assert seen["action"] and seen["start_squares"] is False
    assert all(not v for k, v in seen.items() if k in ("move", "mover", "pick", "take"))


def test_the_start_screens_tashkalar_lists_are_the_engines_and_a_switch_keeps_the_other_games_choices():
    import tashkalar as tk
    from app.games.tashkalar.start import DECKS as TK_DECKS, FORMS as TK_FORMS, MODES as TK_MODES
    from app.games.tashkalar.start import players as tk_players
    from app.settings import clean_settings, read_settings
    from tashkalar.setup import check_options

    assert set(TK_DECKS) <= set(tk.PLAYABLE_DECKS)
    for mode in TK_MODES:  # raises for a mode, a player count or a form the engine does not play
        for players in ((3, 4) if mode == "melee" else (tk_players({"tk_mode": mode}),)):
            for form in (TK_FORMS if mode == "team" else (None,)):
                check_options(mode, players, TK_DECKS[:players], 0, None, form)
    before = clean_settings({"clans": ["meteor", "water"], "game": "crystalclans"})

    class Doc:  # the start screen showing Tash-Kalar's form: no clan fields
        values = {"name-0": "Ann", "name-1": "Bo", "seat-0": "human", "seat-1": "human", "first-player": "1",
                  "tk-mode": "high_form", "tk-deck-0": "sylvan", "tk-deck-1": "southern"}

        def getElementById(self, i):
            return type("El", (), {"value": self.values[i], "checked": False})() if i in self.values else None

    s = read_settings(Doc(), dict(before, game="tashkalar"))
    assert s["game"] == "tashkalar" and s["tk_mode"] == "high_form" and s["tk_decks"][:2] == ["sylvan", "southern"]
    assert len(set(s["tk_decks"])) == 4  # the seats not shown keep decks of their own
    assert s["clans"] == ["meteor", "water"]  # Crystal Clans' choice kept while its fields are not shown
    assert clean_settings(s) == s
    assert clean_settings(dict(s, game="chess", tk_decks=["sylvan", "sylvan"]))["game"] == "crystalclans"


START_SHAPE = ("TITLE", "HAS_BOTS", "RANDOM_FIRST", "FIELDS", "REDRAW", "players", "defaults", "clean", "read",
               "seat_choice", "option_fields", "online_note", "learn", "rules_short")


@pytest.mark.parametrize("name", list(games.START))
def test_every_start_module_has_the_start_screens_shape(name):
    part = games.start(name)
    missing = [n for n in START_SHAPE if not hasattr(part, n)]
    assert not missing, f"{name}'s start module lacks {missing}"
    title, text = part.learn()
    assert title and text and part.TITLE


def test_each_start_screen_shows_its_own_games_rules_in_short():
    """Tash-Kalar's and Wildlands' start screens once showed Crystal Clans' rules in short (crystals, initiative)."""
    from types import SimpleNamespace

    app = SimpleNamespace(words=games.start_words("en"))
    texts = {name: games.start(name).rules_short(app) for name in games.START}
    assert "initiative" in texts["crystalclans"].lower()
    assert "pattern" in texts["tashkalar"] and "initiative" not in texts["tashkalar"].lower()
    assert "shard" in texts["wildlands"] and "initiative" not in texts["wildlands"].lower()
    assert len(set(texts.values())) == 3


def shell_imports_of_games(source: str) -> list[str]:
    """The modules an app module's imports name that belong to a game: an engine package, or a module under
    app.games other than the package itself (and its jsontext)."""
    import ast

    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for n in names:
            parts = n.split(".")
            if parts[0] in ("crystalclans", "tashkalar", "wildlands", "selfplay"):
                out.append(n)
            elif "games" in parts and parts[parts.index("games") + 1:] not in ([], ["jsontext"]):
                out.append(n)
    return out


def test_the_shell_imports_no_game_package():
    """py/app outside py/app/games reaches the games only through app.games (issue 26: a third game is an engine
    package, its module and its data, and nothing else changes)."""
    from pathlib import Path

    app_dir = Path(games.__file__).resolve().parents[1]
    found = [f"{path.relative_to(app_dir)}: {n}"
             for path in sorted(p for p in app_dir.rglob("*.py") if "games" not in p.relative_to(app_dir).parts)
             for n in shell_imports_of_games(path.read_text(encoding="utf-8"))]
    assert not found, found
    assert shell_imports_of_games("import crystalclans as cc\nfrom .games import tashkalar_start as t\n"
                                  "from ..games import jsontext\nfrom . import games\n") == [
        "crystalclans", "games.tashkalar_start"]


#: game words the shell may say: the product's name (Crystal Clans Web's heading) and the peer protocol's field
#: that names a game's content hash (its wire name since protocol 2; renaming it needs a new protocol version)
SHELL_MAY_SAY = ("APP_TITLE", "card_set")
GAME_WORDS = (r"\b(clans?|battles?|battle_card|mind reading|mulligan|initiative|squads?|summons?|legends?|flares?|"
              r"high form|melee|shards?|factions?|interrupts?|defen[cs]es?|defend|tash-?kalar|tashkalar|wildlands|"
              r"foresight|predictions?|crystals?|card ?set|cs)\b")


def game_words_in_code(source: str) -> list[int]:
    """The lines of Python source whose code (names and strings, not comments or docstrings) says a game's word
    (GAME_WORDS), but for SHELL_MAY_SAY."""
    import io
    import re
    import tokenize

    words = re.compile(GAME_WORDS, re.I)
    toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    allowed = {t.start[0] for t in toks if t.type == tokenize.NAME and t.string in SHELL_MAY_SAY}
    lines = set()
    for i, t in enumerate(toks):
        docstring = t.type == tokenize.STRING and (i == 0 or toks[i - 1].type in (
            tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE, tokenize.NL, tokenize.ENCODING))
        if t.type in (tokenize.NAME, tokenize.STRING) and not docstring and words.search(t.string.replace("_", " ")):
            lines.add(t.start[0])
    return sorted(lines - allowed)


def test_the_shell_names_no_game():
    """Issue 51: what a game is, says, or holds lives in py/app/games; the shell around it (py/app but for that
    folder) names no game, in code (a comment may explain by example)."""
    from pathlib import Path

    app = Path(__file__).resolve().parents[2] / "py" / "app"
    found = [f"{p.relative_to(app)}:{n}" for p in sorted(app.rglob("*.py")) if "games" not in p.relative_to(app).parts
             for n in game_words_in_code(p.read_text(encoding="utf-8"))]
    assert found == []
    assert game_words_in_code('x = self.cs.clans\n"""A battle."""\n# a battle\ny = "flare"\n') == [1, 4]


def test_each_game_lives_in_a_folder_of_its_own():
    """Issue 51: py/app/games holds the registry and the spec, and one folder per registered game, whose spec is
    its game.py and whose start screen's part is its start.py (which imports no engine)."""
    from pathlib import Path

    root = Path(games.__file__).resolve().parent
    assert sorted(p.name for p in root.glob("*.py")) == ["__init__.py", "spec.py"]
    assert sorted(p.name for p in root.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(games.GAMES)
    for name in games.GAMES:
        assert games.REGISTRY[name] == f"app.games.{name}.game" and games.START[name] == f"app.games.{name}.start"
        engines = [n for n in shell_imports_of_games((root / name / "start.py").read_text(encoding="utf-8"))
                   if n.split(".")[0] in games.GAMES]
        assert engines == [], f"{name}/start.py imports an engine: {engines}"


def test_every_start_module_answers_for_its_fields_notes():
    """The start screen asks each game's start module for a field's note (no probing for the member): a field
    that is none of its own has none; Crystal Clans' clan fields have their clan's description."""
    for name in games.GAMES:
        assert games.start(name).field_note("no-such-field", "x", None) is None
    note = games.field_note("clan-0", "blood", games.start_words("en"))
    assert note is not None and note[0] and note[1]
