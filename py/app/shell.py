"""The page's shell hears how the game stands after every render (web/js/shell.js): whose decision it is and
whether a person at this screen must take it, how far the game went and how it ended. From that alone the
shell tells a player whose tab is hidden that it is their turn, and plays the table's sounds. Nothing private
crosses: no card, no hand, only whose turn it is and the game's title."""
from __future__ import annotations

from . import games
from .seats import local_seats, offers


def turn_state(app) -> tuple[bool, int, str, int, str] | None:
    """(mine, who, title, moves, outcome) of the game on the table, None when none is (start screen, replay).

    mine: a person at this screen must decide now (online: what the session offers this page); who: the
    deciding seat (-1 for none); moves: the length of the game's log; outcome: "" while it goes on, "won" or
    "lost" when one person plays here, "over" otherwise."""
    g = app.game
    if g is None or app.screen == "start" or app.replay is not None:
        return None
    decider = g.decision.player if g.decision is not None else None
    if app.session is not None:
        mine = bool(app.session.offered())
    else:
        mine = offers(app.seats, decider)
    outcome = ""
    if app.finished:
        here = [app.session.me] if app.session is not None else local_seats(app.seats)
        winner = app.winner()
        if len(here) == 1 and winner is not None:
            outcome = "won" if winner == here[0] else "lost"
        else:
            outcome = "over"
        mine = False
    return mine, -1 if decider is None else int(decider), games.of(g).title, len(g.log), outcome


def tell(app) -> None:
    """Pass turn_state to the page's crystalclans_shell_turn, if the page has it (not in unit tests)."""
    hook = getattr(app.window, "crystalclans_shell_turn", None)
    state = turn_state(app)
    if hook is None or state is None or not callable(hook):
        return
    try:
        hook(*state)
    except Exception:  # the shell is a nicety: it never stops the game
        pass
