"""Tash-Kalar's part of the start screen: the mode and each player's deck, and the settings they keep
(app/settings.py calls `defaults`, `clean`, `read`, `players`: tk_mode, tk_players, tk_form, tk_decks; the
start screen `seat_choice`, `option_fields`, `online_note`, `learn`: see app.games). No engine import: the
start screen shows before any engine loads (the lists are checked against the engine's by
tests/unit/test_game_modules.py)."""
from __future__ import annotations

from html import escape

from ...i18n import N_, _

TITLE = "Tash-Kalar"  # the game switch's button and the page's heading while it is played (a name: not translated)
HAS_BOTS = True  # a seat may be the computer
RANDOM_FIRST = N_("Random")  # "who goes first" left to chance
MODES = ("duel", "high_form", "melee", "team")
ONLINE_MODES = MODES  # the Duel and the High Form link two browsers, a Melee three or four, a Team game four
FORMS = ("high_form", "duel")  # what a Team game plays as
DECKS = ("northern", "southern", "highland", "sylvan", "everfrost", "nethervoid", "etherweave")
TK_MODES, TK_ONLINE_MODES, TK_FORMS, TK_DECKS = MODES, ONLINE_MODES, FORMS, DECKS  # (the names used below)
MAX_SEATS = 4
FIELDS = ("tk-mode", "tk-players", "tk-form", "tk-deck-0", "tk-deck-1", "tk-deck-2", "tk-deck-3")
REDRAW = ("tk-mode", "tk-players")  # the seats and the mode's words follow these choices


def players(s: dict) -> int:
    """How many play the Tash-Kalar game these settings describe."""
    mode = s.get("tk_mode")
    return 4 if mode == "team" else (s.get("tk_players", 3) if mode == "melee" else 2)


def defaults() -> dict:
    """A Duel of Northern v Highland (a Melee would be of 3, a Team game as the High Form)."""
    return {"tk_mode": MODES[0], "tk_players": 3, "tk_form": FORMS[0], "tk_decks": [DECKS[0], DECKS[2], DECKS[3], DECKS[1]]}


def clean(raw: dict, out: dict) -> None:
    """Stored settings' Tash-Kalar fields into `out`, each that is not right left at its default."""
    if raw.get("tk_mode") in MODES:
        out["tk_mode"] = raw["tk_mode"]
    if raw.get("tk_players") in (3, 4):
        out["tk_players"] = raw["tk_players"]
    if raw.get("tk_form") in FORMS:
        out["tk_form"] = raw["tk_form"]
    decks = raw.get("tk_decks")
    if (isinstance(decks, list) and len(decks) == MAX_SEATS and all(d in DECKS for d in decks)
            and len(set(decks)) == len(decks)):
        out["tk_decks"] = list(decks)


def read(val, checked, out: dict) -> None:
    """The start screen's Tash-Kalar fields (val(id): a field's value, None when not shown) into `out`."""
    if val("tk-mode") is not None:
        out["tk_mode"] = val("tk-mode")
        decks = list(out.get("tk_decks") or DECKS)
        shown = {i: val(f"tk-deck-{i}") for i in range(MAX_SEATS) if val(f"tk-deck-{i}") is not None}
        for i, d in shown.items():
            decks[i] = d
        for i in range(MAX_SEATS):  # a seat the mode does not show keeps a deck no shown seat took
            if i not in shown and decks[i] in decks[:i] + [shown[j] for j in shown]:
                decks[i] = next(d for d in DECKS if d not in decks[:i] and d not in shown.values())
        out["tk_decks"] = decks
    if val("tk-players") is not None:
        out["tk_players"] = 4 if val("tk-players") == "4" else 3
    if val("tk-form") is not None:
        out["tk_form"] = val("tk-form") if val("tk-form") in FORMS else FORMS[0]

MODE_TEXT = {
    "duel": (N_("Duel"), N_("Points for enemy pieces destroyed and legends summoned; the first to 18 ends the game.")),
    "high_form": (N_("High Form"), N_("Tasks to claim and legends in the arena score; 9 points end the game.")),
    "melee": (N_("Melee"), N_("3 or 4 players, each for herself: you score in each enemy colour and your lowest "
                              "colour is your score; 12 points (10 with four players) end the game.")),
    "team": (N_("Team"), N_("2 against 2, partners sitting opposite (players 1 and 3 against 2 and 4): each has her "
                            "own deck, a team shares one colour and two legends, and may hand its turn to the "
                            "partner.")),
}
FORM_TEXT = {"high_form": N_("as the High Form"), "duel": N_("as the Duel")}
DECK_TEXT = {"northern": N_("Northern Imperial"), "southern": N_("Southern Imperial"), "highland": N_("Highland"),
             "sylvan": N_("Sylvan"), "everfrost": N_("Everfrost"), "nethervoid": N_("Nethervoid"),
             "etherweave": N_("Etherweave")}


def h(s) -> str:
    return escape(str(s), quote=True)


def deck_select(i: int, chosen: str) -> str:
    opts = "".join(f'<option value="{d}"{" selected" if d == chosen else ""}>{h(_(DECK_TEXT[d]))}</option>'
                   for d in TK_DECKS)
    return (f'<label class="field"><span>{h(_("Deck"))}</span><select id="tk-deck-{i}" '
            f'aria-label="{h(_("Deck of player {n}").format(n=i + 1))}">{opts}</select></label>')


def mode_select(chosen: str) -> str:
    opts = "".join(f'<option value="{m}"{" selected" if m == chosen else ""}>{h(_(MODE_TEXT[m][0]))}</option>'
                   for m in TK_MODES)
    return (f'<label class="field"><span>{h(_("Mode"))}</span><select id="tk-mode" aria-label="{h(_("Mode"))}">'
            f'{opts}</select></label><p class="muted" id="tk-mode-desc">{h(_(MODE_TEXT[chosen][1]))}</p>')


ABOUT = N_("Tash-Kalar: summon beings by arranging your pieces in their patterns. Friends far away can play every "
           "mode with you, each on her own device (Play a friend online).")


def notes() -> str:
    return f'<p class="muted">{h(_(ABOUT))}</p>'


def mode_fields(s: dict) -> str:
    """The mode, and with it how many play (a Melee) or what a Team game plays as."""
    mode = s.get("tk_mode", "duel")
    out = mode_select(mode if mode in MODE_TEXT else "duel")
    if mode == "melee":
        n = s.get("tk_players", 3)
        opts = "".join(f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>' for k in (3, 4))
        out += (f'<label class="field"><span>{h(_("Players"))}</span><select id="tk-players" '
                f'aria-label="{h(_("How many play"))}">{opts}</select></label>')
    if mode == "team":
        form = s.get("tk_form", "high_form")
        opts = "".join(f'<option value="{f}"{" selected" if f == form else ""}>{h(_(FORM_TEXT[f]))}</option>'
                       for f in TK_FORMS)
        out += (f'<label class="field"><span>{h(_("Played"))}</span><select id="tk-form" '
                f'aria-label="{h(_("What the Team game plays as"))}">{opts}</select></label>')
    return out


def seat_choice(app, i: int) -> str:
    """Player i's deck."""
    decks = app.settings.get("tk_decks") or list(TK_DECKS)
    return deck_select(i, decks[i])


def option_fields(app, first: str) -> str:
    """The mode (and how many play, or what a Team game plays as), who goes first (`first`), a word on the game."""
    return mode_fields(app.settings) + first + notes()


def field_note(field_id: str, value: str, words) -> "tuple[str, str, str] | None":
    """No field of this game's start screen has a note that follows its choice."""
    return None


def online_note(s: dict) -> "str | None":
    """Why these settings cannot be played online (a catalog message), None when they can: every mode can, a
    browser a player (a Melee or a Team game around the host's page: app/net/party.py)."""
    return None


def learn() -> tuple[str, str]:
    """The "Learn by playing" panel's title and text (catalog messages)."""
    from .tutorial import LEARN

    return LEARN


SHORT = ("goal", "turn", "summon")  # the reference's entries the start screen shows as the rules in short


def rules_short(app) -> str:
    """The rules in short: the reference's entries on the goal, a turn and summoning."""
    from ...rules_ref import short_of
    from .rules import entries

    return short_of(entries(), SHORT)
