"""The page's shell hears how the game stands after every render (web/js/shell.js): whose decision it is and
whether a person at this screen must take it, how far the game went and how it ended. From that alone the
shell tells a player whose tab is hidden that it is their turn, and plays the table's sounds. Nothing private
crosses: no card, no hand, only whose turn it is and the game's title."""
from __future__ import annotations

from . import games
from .seats import local_seats, offers


def cue(fx) -> str:
    """The sound for what the table animates in this render (each game's effects object, read by its public
    fields): "score" (a crystal gained, a shard picked up), "battle" (a clash, a piece destroyed or hit),
    "summon" (units summoned, a piece placed), else ""."""
    classes: set = set()
    for name in ("squares", "spaces"):  # Tash-Kalar's arena, Wildlands' board: classes per square or space
        for v in (getattr(fx, name, None) or {}).values():
            classes |= set(v)
    if getattr(fx, "crystal", None) or "fx-shard" in classes:
        return "score"
    if (getattr(fx, "clash", None) or getattr(fx, "destroyed", None) or getattr(fx, "gone", None)
            or classes & {"fx-destroyed", "fx-hit", "fx-gone"}):
        return "battle"
    if getattr(fx, "arrive", None) or "fx-place" in classes:
        return "summon"
    return ""


def turn_state(app) -> tuple[bool, int, str, int, str, str] | None:
    """(mine, who, title, moves, outcome, cue) of the game on the table, None when none is (start screen, replay).

    mine: a person at this screen must decide now (online: what the session offers this page); who: the
    deciding seat (-1 for none); moves: the length of the game's log; outcome: "" while it goes on, "won" or
    "lost" when one person plays here, "over" otherwise; cue: cue() of what the table animates now."""
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
    return (mine, -1 if decider is None else int(decider), games.of(g).title, len(g.log), outcome,
            cue(getattr(app, "fx", None)))


def tell(app) -> None:
    """Pass turn_state to the page's crystalclans_shell_turn, if the page has it (not in unit tests)."""
    hook = getattr(app.window, "crystalclans_shell_turn", None)
    if hook is None or not callable(hook):
        return
    try:
        state = turn_state(app)
        if state is not None:
            hook(*state)
    except Exception:  # the shell is a nicety: it never stops the game
        pass
