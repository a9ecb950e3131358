"""Tash-Kalar's part of the start screen: the mode and each player's deck. No engine import: the start screen
shows before any engine loads (the lists are app/settings.py's, checked against the engine's by a test)."""
from __future__ import annotations

from html import escape

from ..i18n import N_, _
from ..settings import TK_DECKS, TK_FORMS, TK_MODES

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


ABOUT = N_("Tash-Kalar: summon beings by arranging your pieces in their patterns. A friend far away can play the "
           "Duel or the High Form with you (Play a friend online).")


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
