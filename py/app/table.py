"""The table's frame, the same in every game: the notices above it (storage, the link), the game-over panel
with its statistics and the rematch, replay and new-game buttons, the guided game's coach, the waiting bar,
undo, the pass screen and a result held up until dismissed, and the replay viewer's frames. A game draws only
its board and panels (its spec's `board`), from a `TableContext`: the view, the names and what the shell
decided this screen shows, never the App.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from . import games
from .i18n import _, ngettext
from .render import (answer_clock, coach, h, hand_over_screen, link_alerts, rematch_controls, storage_notice, undo_button,
                     waiting_bar)
from .seats import local_seats

__all__ = ["Ending", "TableContext", "context", "game_over", "replay_board", "table_screen"]


@dataclass(frozen=True)
class TableContext:
    """What a game's table is drawn from (the spec's `board`, `ending`, `statistics`, `hand_over`, `recap`,
    `result_dialog`). The HTML fields are the shell's own widgets, which the game places in its layout."""

    game: Any                        # the engine's game (read only)
    view: dict                       # game.view() of the player this screen is for
    names: list                      # the players' names
    words: Any                       # the default game's words (app.words)
    story: Callable[[], list]        # the story so far
    interactive: bool = False        # this screen offers the decision to its viewer
    over: bool = False               # the game is over (by the rules, a resignation or an agreement)
    overlay: bool = False            # a pass screen or a result is over the table: it shows no hand
    public: bool = False             # a screen every player at it may watch: no hand either
    pick: Any = None                 # the table's own pick before a move (App.table_pick) while it is current
    fx: Any = None                   # what the table animates (the spec's `effects`), or None
    undo: str = ""                   # the Undo button, for the game's choice panel
    waiting: str = ""                # the waiting bar, where the choice would be when the screen offers none
    coach: str = ""                  # the guided game's coach
    clock: str = ""                  # online: the answer clock of a question every page answers alike
    replaying: bool = False          # one frame of the replay viewer (read only)


@dataclass(frozen=True)
class Ending:
    """A game over by its rules, as its game words it (the spec's `ending`)."""

    title: str                       # who won
    how: str = ""                    # one line on how (HTML)
    cls: str = ""                    # classes for the panel (a winner's colour)
    crown: bool = False              # the winner's crown above the title


def context(app) -> TableContext:
    """The live table's context: what this screen offers, hides and shows around the board."""
    g = app.game
    spec = games.of(g)
    over = app.finished
    overlay = app.overlay_pending()
    interactive = app.offers_decision()
    pick = app.table_pick
    tutorial = app.tutorial
    ctx = TableContext(
        game=g, view=app.view, names=app.names, words=app.words, story=app.story, interactive=interactive,
        over=over, overlay=overlay, public=app.public_screen,
        pick=pick if pick and pick[2] == len(g.log) else None, fx=app.fx,
        coach=coach(app) if tutorial is not None else "")
    if interactive:
        return replace(ctx, undo=undo_button(app), clock=answer_clock(app))
    if over or overlay or (tutorial is not None and tutorial.finished(g)):
        return ctx
    return replace(ctx, waiting=waiting_bar(app, app.view, spec.recap(ctx)))


def table_screen(app) -> str:
    """The whole table of the game being played: the frame around the game's board."""
    spec = games.of(app.game)
    ctx = context(app)
    result = app.pending_result
    alerts = link_alerts(app)
    parts = [storage_notice(app.storage)]
    if not result:  # an open result says the alerts itself, or they would sit under it
        parts.append(alerts)
        if ctx.over:
            parts.append(game_over(app, ctx))
    parts.append(spec.board(ctx))
    if result:
        parts.append(spec.result_dialog(ctx, result, alerts))
    elif app.pending_pass is not None and not ctx.over:
        why, recap, cls = spec.hand_over(ctx, app.pending_pass)
        parts.append(hand_over_screen(app.names, app.pending_pass, why, recap, cls, local_seats(app.seats)))
    return "".join(parts)


def game_over(app, ctx: TableContext) -> str:
    """The end of every game: who won and how (the game's words, or the link's: a resignation, an agreement),
    the game's statistics, and the rematch, replay and new-game buttons."""
    session = app.session
    moves = len(ctx.game.log)
    attrs, crown = "", False
    if session is not None and session.agreed_end:
        cls, attrs = "", " data-ended-by-agreement"
        title = _("The game ended by agreement")
        how = h(ngettext("The players agreed to end the game after {n} move, without a winner.",
                         "The players agreed to end the game after {n} moves, without a winner.", moves).format(n=moves))
    elif session is not None and session.resigned is not None:
        w = app.winner()
        cls = ""
        title = _("{name} wins!").format(name=ctx.names[w]) if w is not None else _("Game over")
        how = h(ngettext("{name} resigned after {n} move.", "{name} resigned after {n} moves.", moves).format(
            name=ctx.names[session.resigned], n=moves))
    else:
        ending = games.of(ctx.game).ending(ctx)
        title, how, cls, crown = ending.title, ending.how, ending.cls, ending.crown
    crown_html = '<div class="go-crown" aria-hidden="true">◆◆◆◆</div>' if crown else ""
    return (f'<section class="game-over{" " + cls if cls else ""}" data-game-over{attrs} role="alert" '
            f'aria-labelledby="go-title">{crown_html}<h2 id="go-title">{h(title)}</h2>'
            + (f'<p>{how}</p>' if how else "") + games.of(ctx.game).statistics(ctx)
            + f'<div class="go-buttons">{rematch_controls(app)}'
            f'<button type="button" class="big" data-cmd="replay" data-replay-open '
            f'title="{h(_("Watch the game again, turn by turn"))}">{h(_("Replay"))}</button>'
            f'<button type="button" class="big" data-cmd="menu" title="{h(_("Back to the start screen for a new game"))}">'
            f'{h(_("New game"))}</button></div></section>')


def replay_board(app, view: dict, frame: Any) -> str:
    """One frame of the replay viewer: the game's board as its viewer saw it then, offering nothing."""
    ctx = TableContext(game=frame, view=view, names=app.names, words=app.words, story=frame.story,
                       replaying=True)
    return games.of(frame).board(ctx)
