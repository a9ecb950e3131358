"""Tash-Kalar's part of the start screen: the mode and each player's deck. No engine import: the start screen
shows before any engine loads (the lists are app/settings.py's, checked against the engine's by a test)."""
from __future__ import annotations

from html import escape

from ..i18n import N_, _
from ..settings import TK_DECKS, TK_MODES

MODE_TEXT = {
    "duel": (N_("Duel"), N_("Points for enemy pieces destroyed and legends summoned; the first to 18 ends the game.")),
    "high_form": (N_("High Form"), N_("Tasks to claim and legends in the arena score; 9 points end the game.")),
}
DECK_TEXT = {"northern": N_("Northern Imperial"), "southern": N_("Southern Imperial"), "highland": N_("Highland"),
             "sylvan": N_("Sylvan")}


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


ABOUT = N_("Tash-Kalar: two players summon beings by arranging pieces in their patterns. Melee (3-4 players), the "
           "Team game and online play come next.")


def notes() -> str:
    return f'<p class="muted">{h(_(ABOUT))}</p>'
