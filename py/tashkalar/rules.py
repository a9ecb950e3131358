"""The turn: its action choice, the three actions (place a common piece, summon, discard), lighting flares
between actions, and the end of the turn (a High Form task, the Duel's points, the refill, the end trigger,
the final round, the next player).

Melee: the first player's right-hand neighbour puts the start pieces beside the three start marks; the action
choice also offers improvised summons (`improvise <card> <colour>`, once per enemy colour and game) and flares
name the opponent compared with (`light <flare> <seat>`); the turn's end scores per enemy colour and asks
where the point for single common pieces of 2 or 3 colours goes. Team: after `handover` the partner answers
the turn's questions; with the actions left she may only put common pieces (no summon, discard or flare),
and the active player ends the turn (her task, her refill).

Rulings: a turn's actions must be used (there is always an empty square for a common piece, so a player is
never stuck); flares may be lit before or after any action, also after the last one, until `end`. After the
last action the player is asked "light a flare, or end your turn" whenever public facts say she might do
something: she holds a flare (how many she holds is public) and the arena lets some flare be lit, her
frozen effect is in play, or she plays Etherweave and might hold a warp card. Whether she is asked never
depends on which cards she holds (her options do, and only she sees them). Our rulings for a game that
always ends: the end is triggered at the end of turn TURN_LIMIT (as when a deck runs out: every player has
one more turn), and a game still going after turn MAX_TURNS ends there; and `cancel` (a convenience, not a
rule of the game) is offered at most MAX_CANCELS times a turn. Summoning lives in summon.py, effects in
effects/, scoring and tasks in scoring.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DONE, END, SKIP, Action, Decision
from .board import BY_NAME, DUEL_START, MELEE_START, NAME, ON, squares_of
from .content import BY_ID, CARDS_T, TASK_BY_ID, TASKS
from .effects.etherweave import WarpFrame
from .effects.everfrost import ThawFrame
from .effects.expansion import free_options
from .flares import LightFrame, light_options, lightable, some_flare_lightable
from .frames import Frame
from .scoring import (ColourPointFrame, check_points_trigger, claim, claimable, end_of_turn_scoring, melee_kills,
                      winners)
from .summon import MAX_CANCELS, SummonFrame, improvisable, summonable

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

# The turn limit: no game is endless (placing common pieces forever is legal by the rulebook alone). Real
# games end by turn 40-80, random ones (uniform over the legal actions) by turn ~220 at most; players are
# warned by the end trigger, and the hard stop covers the final round (4 turns at most) and extra turns.
TURN_LIMIT = 200
MAX_TURNS = TURN_LIMIT + 30
# The longest log a game can have, estimated from the rules (saves.py sets its limits above it, and
# tests/tashkalar/test_robustness.py shows the longest legal game fits):
#   a turn has 2 actions (1 on turn 1) plus the actions effects gain (each from a card played); it logs
#   each action (1 entry), the summon's placement and an optional `take` (2), the effect's questions (a
#   card's script asks at most ~6), flares lit (1 + ~6 each), warps and thaws (1 + ~6 each), the cards put
#   under the deck after a discard (one each, a hand holds ~8), a handover, `end`, a task and the Melee's
#   colour points (~4). Seeded random games that prefer summons and flares log at most ~20 entries a turn
#   (bench.py's worst_turn); ENTRIES_PER_TURN doubles that. Cancels add 2 entries each (`summon <card>`,
#   `cancel`), MAX_CANCELS a turn. The Duel's and the Melee's start pieces log 1-3 entries.
ENTRIES_PER_TURN = 40
LOG_BOUND = 3 + MAX_TURNS * (ENTRIES_PER_TURN + 2 * MAX_CANCELS)

PLACE = {s: Action("place", (NAME[s],)) for s in ON}
PLACE_AT = [PLACE.get(s) for s in range(max(ON) + 1)]  # by square, for the hot list of empty squares
ON_LIST = list(ON)
TAKE = {s: Action("take", (NAME[s],)) for s in ON}


def begin_turn(g: "Game", p: int, extra: bool = False) -> None:
    g.active = p
    g.control = -1
    g.turn += 1
    g.in_extra = extra
    g.actions_left = 1 if g.turn == 1 else 2
    if g.malus[p] and not extra:  # Everfrost Sentinel: fewer actions on this turn
        g.actions_left, g.malus[p] = max(0, g.actions_left - g.malus[p]), 0
    g.summon_colour, g.warped, g.double_kills, g.void = -1, [], 0, 0  # the expansion's effects for one turn
    g.discarded = False
    g.killed = [[0, 0, 0] for _ in g.killed]
    g.summons = []
    g.extra_draw = [0, 0]
    g.borrow = 0
    if g.events is not None:
        g.note("turn", g.turn, p)
    g.stack.append(TurnFrame(p))


# ---------------------------------------------------------------------- setup: the Duel's start squares
class StartSquaresFrame(Frame):
    """Duel: the player to the right of the first player puts one common piece of each colour on the two
    start squares; she chooses the square of her own."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision:
        return Decision("start_squares", self.p, "Choose the start square of your own common piece (the "
                        "opponent's goes on the other)", [Action("own", (NAME[s],)) for s in DUEL_START])

    def choose(self, g: "Game", a: Action) -> None:
        mine = BY_NAME[a.args[0]]
        other = next(s for s in DUEL_START if s != mine)
        me = g.colour[self.p]
        g.place(mine, me, 0)
        g.place(other, next(c for c in g.colour if c != me), 0)
        g.stack.pop()


class MeleeStartFrame(Frame):
    """Melee: the player to the right of the first player puts 3 common pieces of different colours, one
    beside each start mark (on either square of its pair), mark after mark: with 3 players one of each
    colour, with 4 one of each but the colour of the player who takes the second turn."""

    __slots__ = ("p", "step")

    def __init__(self, p: int, step: int) -> None:
        self.p, self.step = p, step

    def colours_left(self, g: "Game") -> list[int]:
        second = g.colour[(g.first_player + 1) % g.n]
        used = {g.cells[s] >> 2 for pair in MELEE_START for s in pair if g.cells[s] >= 0}
        return [c for c in range(g.n) if c not in used and (g.n == 3 or c != second)]

    def run(self, g: "Game") -> "Decision | None":
        if self.step >= len(MELEE_START):
            g.stack.pop()
            return None
        pair = MELEE_START[self.step]
        opts = [Action("start", (NAME[s], c)) for c in self.colours_left(g) for s in pair]
        return Decision("start_squares", self.p, f"Start mark {self.step + 1} of 3: put a common piece of a colour "
                        "not yet placed on one of its two squares", opts, {"mark": [NAME[s] for s in pair]})

    def choose(self, g: "Game", a: Action) -> None:
        g.place(BY_NAME[a.args[0]], int(a.args[1]), 0)
        self.step += 1


# ---------------------------------------------------------------------- the action choice
class TurnFrame(Frame):
    """The active player's action choice, asked again after each action; `cancels` counts the summons
    cancelled this turn (SummonFrame offers `cancel` while it is below MAX_CANCELS)."""

    __slots__ = ("p", "cancels")

    def __init__(self, p: int, cancels: int = 0) -> None:
        self.p = p
        self.cancels = cancels

    def key(self) -> tuple:
        # without a cancel this turn the key is the one this frame had before it counted them, so the
        # state hashes recorded in older saves still match
        return ("TurnFrame", self.p) if not self.cancels else ("TurnFrame", self.p, self.cancels)

    def run(self, g: "Game") -> "Decision | None":
        p = self.p
        if g.control >= 0:  # Team: the partner may only put common pieces, and lights nothing
            if g.actions_left <= 0:
                g.stack.pop()
                g.stack.append(EndTurnFrame(p, 0))
                return None
            cells = g.cells
            return Decision("action", p, f"Your partner's turn: put a common piece ({g.actions_left} left)",
                            [PLACE_AT[s] for s in ON_LIST if cells[s] < 0], {"actions_left": g.actions_left, "for": p})
        melee = g.form == "melee"
        flares = light_options(g, p) if melee else [Action("light", (CARDS_T[c].id,)) for c in lightable(g, p)]
        # Everfrost's frozen and Etherweave's warp effects (free, like flares); a cheap test first (hot path)
        thaw = free_options(g, p) if g.frozen[p] >= 0 or g.decks[p] == "etherweave" else []
        if g.actions_left <= 0:
            if not may_act_freely(g, p):  # public facts only: the others see whether she is asked
                g.stack.pop()
                g.stack.append(EndTurnFrame(p, 0))
                return None
            return Decision("action", p, "Light a flare, or end your turn", flares + thaw + [END],
                            {"actions_left": 0})
        cells = g.cells
        opts = [PLACE_AT[s] for s in ON_LIST if cells[s] < 0]
        opts += [Action("summon", (CARDS_T[c].id,)) for c in summonable(g, p)]
        if melee and not g.borrow and g.summon_colour < 0:  # (no improvising on top of a borrowing card)
            opts += [Action("improvise", (CARDS_T[c].id, colour)) for c, colour in improvisable(g, p)]
        if not g.discarded:
            school = g.deck_school(p)
            pending = g.pending[p]  # the pending being cannot be discarded
            opts += [Action("discard", (CARDS_T[c].id,)) for c in sorted(set(g.hands[p]))
                     if CARDS_T[c].school == school and c != pending]
        opts += flares
        opts += thaw
        return Decision("action", p, f"Choose an action ({g.actions_left} left)", opts,
                        {"actions_left": g.actions_left})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        kind = a.kind
        if kind == "place":
            s = BY_NAME[a.args[0]]
            g.actions_left -= 1
            if g.two_left(g.colour[p]) > 0:
                g.place(s, g.colour[p], 0)
            else:
                g.stack.append(TakeForPlaceFrame(p, s))
        elif kind == "summon":
            g.stack.append(SummonFrame(p, BY_ID[a.args[0]], len(g.log) - 1))
        elif kind == "improvise":
            g.stack.append(SummonFrame(p, BY_ID[a.args[0]], len(g.log) - 1, int(a.args[1])))
        elif kind == "discard":
            code = BY_ID[a.args[0]]
            g.hands[p].remove(code)
            g.discards[p].append(code)
            g.discarded = True
            g.actions_left -= 1
            if g.events is not None:
                g.note("discard", p, CARDS_T[code].id)
            g.stack.append(ReturnCardsFrame(p, 0))
        elif kind == "light":
            g.stack.append(LightFrame(p, BY_ID[a.args[0]], 0, int(a.args[1]) if len(a.args) > 1 else -1))
        elif kind == "thaw":
            g.stack.append(ThawFrame(p))
        elif kind == "warp":
            g.stack.append(WarpFrame(p, BY_ID[a.args[0]]))
        elif kind == "end":
            g.stack.pop()
            g.stack.append(EndTurnFrame(p, 0))


def may_act_freely(g: "Game", p: int) -> bool:
    """Whether, by public facts alone, p might still light a flare, thaw or warp after her last action: she
    holds a flare (the count is public) and the arena lets some flare be lit; her frozen effect is in play; or
    she plays Etherweave, holds a being and may warp (after the first round, no pending being). Every option
    she really has is among these cases, so she is asked whenever she has one, and also when she has none
    (then `end` is her only option), so the question tells the others nothing of her hand. (A position may
    give another school's seat a warp card: her warp is offered before her last action, not after it.)"""
    if g.frozen[p] >= 0:
        return True
    hand = g.hands[p]
    kinds = [CARDS_T[c].kind for c in hand]
    if "flare" in kinds and some_flare_lightable(g, p):
        return True
    return g.decks[p] == "etherweave" and g.pending[p] < 0 and g.turn > g.n and "being" in kinds


class TakeForPlaceFrame(Frame):
    """Too few pieces: with no common piece left in the supply, one of the player's common or heroic pieces
    leaves the arena and is put as a common piece on the chosen empty square."""

    __slots__ = ("p", "target")

    def __init__(self, p: int, target: int) -> None:
        self.p, self.target = p, target

    def run(self, g: "Game") -> "Decision | None":
        b = g.bits[g.colour[self.p]]
        opts = [TAKE[s] for s in squares_of(b[0] | b[1])]
        return Decision("take", self.p, f"No common piece is left in your supply: choose a piece of yours to "
                        f"move to {NAME[self.target]} as a common piece", opts, {"target": NAME[self.target]})

    def choose(self, g: "Game", a: Action) -> None:
        s = BY_NAME[a.args[0]]
        g.lift(s)
        if g.fx is not None:
            g.fx.gone(s)
        if g.events is not None:
            g.note("lift", NAME[s])
        g.place(self.target, g.colour[self.p], 0)
        g.stack.pop()


class ReturnCardsFrame(Frame):
    """After discarding a being: put any number of hand cards under their decks, one at a time, then done."""

    __slots__ = ("p", "n")

    def __init__(self, p: int, n: int) -> None:
        self.p, self.n = p, n

    def run(self, g: "Game") -> Decision:
        opts = [DONE] + [Action("bottom", (CARDS_T[c].id,)) for c in sorted(set(g.hands[self.p]))
                         if c != g.pending[self.p]]  # not the pending being
        return Decision("return_cards", self.p, "Put cards from your hand under their decks, one at a time, "
                        "then done", opts, {"returned": self.n})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        if a.kind == "done":
            g.stack.pop()
            return
        code = BY_ID[a.args[0]]
        g.hands[p].remove(code)
        kind = CARDS_T[code].kind
        pile = g.legend_deck if kind == "legend" else g.flare_deck if kind == "flare" else g.draws[p]
        pile.insert(0, code)
        self.n += 1
        g.hidden[len(g.log) - 1] = p  # which card went under a deck is the player's secret
        if g.events is not None:
            g.note("bottom", p, kind)


# ---------------------------------------------------------------------- the end of a turn
class EndTurnFrame(Frame):
    """Step 0: the High Form's task (optional, one of those met). Step 1: the Melee's points for destroyed
    pieces (a choice for single commons of 2 or 3 colours). Step 2: the rest, without choices."""

    __slots__ = ("p", "step")

    def __init__(self, p: int, step: int) -> None:
        self.p, self.step = p, step

    def run(self, g: "Game") -> "Decision | None":
        p = self.p
        g.control = -1  # Team: the turn is the active player's again
        if self.step == 0:
            self.step = 1
            if g.form == "high_form":
                tasks = claimable(g, p)
                if tasks:
                    opts = [Action("claim", (TASKS[t].id,)) for t in tasks] + [SKIP]
                    return Decision("task", p, "Claim a task you have met (one), or skip", opts)
        if self.step == 1:
            self.step = 2
            if g.form == "melee":
                singles = melee_kills(g, p)
                if len(singles) >= 2:
                    g.stack.append(ColourPointFrame(p, tuple(singles), "commons"))
                    return None
        g.stack.pop()
        finish_turn(g, p)
        return None

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "claim":
            claim(g, self.p, TASK_BY_ID[a.args[0]])


def refill(g: "Game", p: int, legends: bool = True) -> None:
    """Draw up to 3 beings, 2 legends and 1 flare, then the extra cards effects promised."""
    if g.mode == "team":
        team_refill(g, p, legends)
        return
    drawn = [0, 0, 0]
    while g.hand_count(p, "being") < 3 and g.draw_being(p):
        drawn[0] += 1
    while g.hand_count(p, "legend") < 2 and g.draw_shared(p, g.legend_deck, g.legend_discard):
        drawn[1] += 1
    while g.hand_count(p, "flare") < 1 and g.draw_shared(p, g.flare_deck, g.flare_discard):
        drawn[2] += 1
    for _ in range(g.extra_draw[0]):
        drawn[0] += g.draw_being(p)
    for _ in range(g.extra_draw[1]):
        drawn[1] += g.draw_shared(p, g.legend_deck, g.legend_discard)
    if g.events is not None and any(drawn):
        g.note("draw", p, *drawn)


def team_refill(g: "Game", p: int, legends: bool) -> None:
    """Team: p draws beings up to 3 and a flare, but no legends: she gives hers to her partner, who draws
    legends up to 2, and the extra legends an effect promised. In the opening deal the partner who moves
    earlier draws the team's 2 legends (`legends`), the other none."""
    q = (p + 2) % g.n
    drawn = [0, 0, 0]
    while g.hand_count(p, "being") < 3 and g.draw_being(p):
        drawn[0] += 1
    if g.turn == 0:  # the opening deal
        while legends and g.hand_count(p, "legend") < 2 and g.draw_shared(p, g.legend_deck, g.legend_discard):
            drawn[1] += 1
    else:
        hand = g.hands[p]
        given = [c for c in hand if CARDS_T[c].kind == "legend"]
        if given:
            g.hands[p] = [c for c in hand if CARDS_T[c].kind != "legend"]
            g.hands[q].extend(given)
            if g.events is not None:
                g.note("give_legends", p, q, len(given))
    while g.hand_count(p, "flare") < 1 and g.draw_shared(p, g.flare_deck, g.flare_discard):
        drawn[2] += 1
    for _ in range(g.extra_draw[0]):
        drawn[0] += g.draw_being(p)
    partner = 0
    if g.turn > 0:
        while g.hand_count(q, "legend") < 2 and g.draw_shared(q, g.legend_deck, g.legend_discard):
            partner += 1
        for _ in range(g.extra_draw[1]):
            partner += g.draw_shared(q, g.legend_deck, g.legend_discard)
    if g.events is not None:
        if any(drawn):
            g.note("draw", p, *drawn)
        if partner:
            g.note("draw", q, 0, partner, 0)


def finish_turn(g: "Game", p: int) -> None:
    end_of_turn_scoring(g, p)
    refill(g, p)
    check_points_trigger(g)
    if g.turn >= TURN_LIMIT:  # our ruling: a game always ends (see TURN_LIMIT)
        g.trigger_end("turns", p)
    if g.end_triggered:
        if g.final_left == -2:
            g.final_left = g.n  # triggered this turn: every player has one more full turn
        elif not g.in_extra:
            g.final_left -= 1
    if g.turn >= MAX_TURNS:  # the hard stop, also for extra turns
        g.finish(winners(g))
        return
    if g.extra_turns > 0:
        g.extra_turns -= 1
        begin_turn(g, p, extra=True)
        return
    if g.end_triggered and g.final_left == 0:
        g.finish(winners(g))
        return
    begin_turn(g, (p + 1) % g.n)


__all__ = ["MAX_CANCELS", "MAX_TURNS", "TURN_LIMIT", "begin_turn", "may_act_freely", "TurnFrame", "EndTurnFrame", "StartSquaresFrame", "MeleeStartFrame"]
