"""The frame of every game's log (its panel, a turn's heading, the game-over line) and a story's facts grouped
by their move. Each game tells its own story in sentences inside it (app/games/*_story.py).

Pure Python (no js imports): unit-tested under CPython.
"""
from __future__ import annotations

from .i18n import _
from .text import h


def moves_of(turn: dict) -> list[list[dict]]:
    """A turn's facts grouped by the move (the answer in the game's record) that caused them, in order (for a
    story whose facts name their move)."""
    out: list[list[dict]] = []
    for e in turn["events"]:
        if out and out[-1][0]["move"] == e["move"]:
            out[-1].append(e)
        else:
            out.append([e])
    return out


def game_over_sentence(winners: list[str]) -> str:
    """The story's last line: who won (names as HTML), or that the game is over."""
    return "<b>" + (_("The game is over: {names} won.").format(names=" & ".join(winners)) if winners
                    else _("The game is over.")) + "</b>"


def turn_entry(turn: int, name: str, items: str, cls: str = "", mark: str = "", heading: "str | None" = None) -> str:
    """One turn of a log: its heading ("Turn 3 · Ada", or `heading`) and its items (HTML <li>s)."""
    said = h(heading) if heading is not None else f'{h(_("Turn {n}").format(n=turn))} · {h(name)}'
    return (f'<li class="log-turn {cls}"><h3 data-log-turn="{turn}">{mark}{said}</h3>'
            f'<ol class="log-actions">{items or "<li class=muted>…</li>"}</ol></li>')


def log_section(turns: list[str], cls: str = "", scrolls: bool = False) -> str:
    """The log's panel around its turns (newest first), for every game's table. `scrolls`: its list scrolls
    and may hold nothing focusable (a story with no details to open), so it is a tab stop itself and the
    keyboard can scroll it."""
    body = "".join(turns) or f'<li class="muted">{h(_("Nothing has happened yet."))}</li>'
    stop = f' tabindex="0" aria-label="{h(_("Game log"))}"' if scrolls else ""
    return (f'<section class="panel log{" " + cls if cls else ""}" aria-label="{h(_("Game log"))}" data-log><h2>{h(_("Log"))} '
            f'<span class="muted">({h(_("newest turn first"))})</span></h2><ol class="log-turns"{stop}>{body}</ol></section>')
