"""The page's shell hears how the game stands after every render (web/js/shell.js): whose decision it is and
whether a person at this screen must take it, how far the game went and how it ended. From that alone the
shell tells a player whose tab is hidden that it is their turn, and plays the table's sounds. Nothing private
crosses: no card, no hand, only whose turn it is and the game's title."""
from __future__ import annotations

from . import games
from .i18n import N_, _
from .seats import local_seats, offers
from .text import h


def cue(fx) -> str:
    """The sound for what the table animates in this render (a game's effects object: its `cue()`): "score",
    "battle", "summon", or "" (the shell plays its plain move sound)."""
    return fx.cue() if fx is not None else ""


def turn_state(app) -> tuple[bool, int, str, int, str, str] | None:
    """(mine, who, title, moves, outcome, cue) of the game on the table, None when none is (start screen, replay).

    mine: a person at this screen must decide now (online: what the session offers this page); who: the
    deciding seat (-1 for none); moves: the length of the game's log; outcome: "" while it goes on, "won" or
    "lost" when one person plays here, "over" otherwise; cue: cue() of what the table animates now."""
    g = app.game
    if g is None or app.screen == "start" or app.replay is not None:
        return None
    decider = g.decision.player if g.decision is not None else None
    if app.relinking:  # an online game waiting for its link: nothing can be played yet
        mine = False
    elif app.session is not None:
        mine = bool(app.session.offered())
    else:
        mine = offers(app.seats, decider)
    outcome = ""
    if app.finished:
        here = [app.session.me] if app.session is not None else local_seats(app.seats)
        winner = app.winner()  # a Team game of Tash-Kalar has two winners: game.winners
        won_by = [winner] if winner is not None else [int(w) for w in g.winners]
        if len(here) == 1 and won_by:
            outcome = "won" if here[0] in won_by else "lost"
        else:
            outcome = "over"
        mine = False
    return (mine, -1 if decider is None else int(decider), games.of(g).title, len(g.log), outcome,
            cue(app.fx))


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


NOTIFY_OFFER = N_("Be told when it is your turn while this page is in the background? (The browser asks you to allow "
                  "notifications; they name the game only.)")


def notify_offer(app) -> str:
    """The online panel's offer of turn notifications, when the player starts or joins an online game: once,
    until the player answers (yes or no, kept by web/js/shell.js), and only where the browser can notify and
    has not been told to block this page. The browser's own question comes only from the player's "yes"."""
    n = getattr(app.window, "Notification", None)
    if n is None or app.storage.notify_choice():
        return ""
    try:
        if str(n.permission) == "denied":
            return ""
    except Exception:
        return ""
    return (f'<div class="notify-offer" data-notify-offer role="group" aria-label="{h(_("Turn notifications"))}">'
            f'<p>{h(_(NOTIFY_OFFER))}</p>'
            f'<div class="row"><button type="button" data-notify="yes">{h(_("Notify me"))}</button> '
            f'<button type="button" class="ghost" data-notify="no">{h(_("No, thanks"))}</button></div></div>')
