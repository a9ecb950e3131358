"""The Game: Tash-Kalar's state, the decision loop, the public API, and the small primitives every rule
uses (putting, lifting, destroying, moving, upgrading and converting pieces; drawing cards).

State layout (plain ints and lists, so clone() is cheap and the state hash is stable):
* `cells[s]` for each of the 81 grid squares (board.py): -1 empty, else `colour * 4 + rank` (rank 0 common,
  1 heroic, 2 legendary); `bits[colour][rank]` is the same as 81-bit sets, kept in step by put()/lift();
  a colour's supply is what is not in the arena (`two_sided` pieces for common/heroic, 3 legendary);
* `hands[p]`, `draws[p]` (TOP AT THE END), `discards[p]` hold card codes (content.CARDS); the legend and
  flare decks and their discards are shared; `playing` is the card whose effect is under way (-1: none);
* High Form: `tasks_deck` (top at the end), `tasks_up` (the 3 current tasks), `task_next`, `claimed[p]`;
  Duel: `points[p]`; both: `killed[colour]` = enemy pieces of that colour the active player destroyed this
  turn, by rank, and `summons` = (square, rank) of each being summoned this turn;
* `stack` holds the frames still to run (frames.py), `decision` the question asked now, `fx` the effect
  context while an effect resolves (effects/context.py).
Players are seats 0..n-1 and `colour[p]` is the colour of seat p's pieces: its seat in the Duel, the High Form
and the Melee; in the Team game partners (seats 0+2 and 1+3, opposite each other) share one colour, `p % 2`.
`mode` is the game as chosen ("duel", "high_form", "melee", "team"); `form` is how it scores ("duel",
"high_form", "melee"; a Team game is played in the Duel or the High Form form). More state of those modes:
* Melee: `mpoints[p][c]` = p's points in the enemy colour c; `improvised[p]` = the enemy colours (a bit
  each) p has already used for an improvised summon;
* Team: `control` = the partner who has taken over the active player's turn (-1: nobody); `sideways` = how
  many cards lie sideways at the bottom of each deck (6 in the Team game, else 0).
"""
from __future__ import annotations

from typing import Any

from gamecore.lifecycle import Lifecycle
from gamecore.rng import Rng
from gamecore.untrusted import describe

from .actions import MAX_ACTION_CHARS, Action, Decision, IllegalAction, action_text, normalize
from .board import NAME, SIZE
from .content import CARDS_T, DECKS, LEGENDARY_PIECES, TWO_SIDED
from .saves import SaveError

MODES = ("duel", "high_form", "melee", "team")
HANDOVER = Action("handover")
SEAT_DIGITS = {str(p): p for p in range(4)}  # the seat of a `resign <seat>` log entry


class Game(Lifecycle):
    __slots__ = (
        "setup", "mode", "form", "n", "decks", "colour", "two_sided", "cells", "bits",
        "hands", "draws", "discards", "legend_deck", "legend_discard", "flare_deck", "flare_discard", "playing",
        "tasks_deck", "tasks_up", "task_next", "claimed", "points", "killed", "summons",
        "mpoints", "improvised", "control", "sideways", "undo_floor",
        "active", "first_player", "turn", "actions_left", "discarded", "extra_draw", "extra_turns", "in_extra",
        "borrow", "end_triggered", "final_left", "over", "winners", "resigned",
        "rng", "stack", "decision", "fx", "log", "hidden", "events",
        "frozen", "malus", "removed", "gateway", "summon_colour", "pending", "stasis", "warped", "double_kills",
        "void",
    )
    ENGINE = "tashkalar"  # (gamecore.lifecycle: its saves, view and story modules)
    IllegalAction = IllegalAction  # (gamecore.lifecycle: the errors its shared methods raise)
    SaveError = SaveError

    def __init__(self) -> None:
        self.setup: dict = {}
        self.mode = "duel"
        self.form = "duel"
        self.n = 2
        self.decks: tuple[str, ...] = ()
        self.colour: list[int] = [0, 1]
        self.two_sided = TWO_SIDED
        self.cells: list[int] = [-1] * SIZE
        self.bits: list[list[int]] = [[0, 0, 0], [0, 0, 0]]
        self.hands: list[list[int]] = [[], []]
        self.draws: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.legend_deck: list[int] = []
        self.legend_discard: list[int] = []
        self.flare_deck: list[int] = []
        self.flare_discard: list[int] = []
        self.playing = -1
        self.tasks_deck: list[int] = []
        self.tasks_up: list[int] = []
        self.task_next = -1
        self.claimed: list[list[int]] = [[], []]
        self.points: list[int] = [0, 0]
        self.killed: list[list[int]] = [[0, 0, 0], [0, 0, 0]]
        self.summons: list[tuple[int, int]] = []
        self.mpoints: list[list[int]] = []
        self.improvised: list[int] = []
        self.control = -1
        self.sideways = 0
        self.active = 0
        self.first_player = 0
        self.turn = 0
        self.actions_left = 0
        self.discarded = False
        self.extra_draw = [0, 0]  # beings, legends drawn beyond the refill at this turn's end
        self.extra_turns = 0
        self.in_extra = False
        self.borrow = 0  # War Summoner: the next summon this turn may use one enemy piece
        self.end_triggered = False
        self.final_left = -1
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.resigned = -1
        self.rng = Rng(0)
        self.stack: list = []
        self.decision: Decision | None = None
        self.fx = None
        self.log: list[str] = []
        self.undo_floor = 0  # an undo may not go back before this many moves (a draw or a task turned up since)
        self.hidden: dict[int, int] = {}  # log index -> the only seat that may see that entry ("bottom <card>")
        self.events: list[tuple] | None = []
        self.frozen: list[int] = [-1, -1]  # Everfrost: per seat, the card whose frozen effect is in play (-1: none)
        self.malus: list[int] = [0, 0]  # per seat, actions fewer on its next turn (Everfrost Sentinel)
        self.removed: list[list[int]] = [[0, 0], [0, 0]]  # per colour, pieces out of the game: two-sided, legendary
        self.gateway: list[int] = [-1, -1]  # Nethervoid: per seat, the square of its Gateway piece (-1: none)
        self.summon_colour = -1  # Possessed Summoner: the colour whose pieces form the next pattern this turn
        self.pending: list[int] = [-1, -1]  # Etherweave: per seat, the pending being (a hand card whose warp was played)
        self.stasis: list[int] = [-1, -1]  # per seat, the piece (colour * 4 + rank) held on its Merchant of Time card
        self.warped: list[int] = []  # cards whose warp effect the active player played this turn (Eternal Emperor)
        self.double_kills = 0  # Gate of Oblivion's warp: extra count of each enemy piece destroyed this turn
        self.void = 0  # Void Summoner: empty squares the next summoning this turn may count as own common pieces

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, mode: str = "duel", players: int = 2, decks: tuple[str, ...] = ("northern", "highland"),
            seed: int = 0, first_player: int | None = None, form: str | None = None) -> "Game":
        from .setup import new_game

        return new_game(cls(), mode, players, decks, seed, first_player, form)

    @classmethod
    def from_position(cls, pos: dict) -> "Game":
        from .position import build_position

        return build_position(cls(), pos)

    @classmethod
    def from_setup(cls, setup: dict) -> "Game":
        """A new game at the start `setup` describes (a deal or a position): where `log` replays from. A
        malformed setup (not a game's `setup`, a bad option, a bad position) raises SaveError saying why."""
        from .setup import setup_error

        problem = setup_error(setup)
        if problem is not None:
            raise SaveError(f"The game's setup is invalid: {problem}")
        try:
            if "position" in setup:
                return cls.from_position(setup["position"])
            return cls.new(mode=setup["mode"], players=setup["players"], decks=tuple(setup["decks"]),
                           seed=setup["seed"], first_player=setup.get("first_player"), form=setup.get("form"))
        except ValueError as e:  # PositionError, or a bad option of new_game
            raise SaveError(f"The game's setup is invalid: {e}") from None

    def play(self, move: str) -> None:
        """One entry of a log played where it stands: a `resign <seat>` entry as that seat's resignation,
        anything else as apply(move)."""
        if isinstance(move, str) and move.startswith("resign "):
            seat = move[7:]
            if seat not in SEAT_DIGITS:  # ASCII only: "²".isdigit() is True, int("²") fails
                raise IllegalAction(f"no player {describe(seat, 10)}")
            self.resign(SEAT_DIGITS[seat])
        else:
            self.apply(move)

    _replay = play  # (gamecore.lifecycle: how from_log, at and replay play a logged move)

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        from .scoring import scores

        return scores(self)

    def apply(self, action: "Action | str") -> None:
        """Apply a legal action (or its text). Illegal or malformed: IllegalAction, and nothing changes.
        `resign` (not among the legal actions, so bots and random play never pick it by chance) ends the game
        for the deciding player; `game.resign(p)` lets any player resign at any time."""
        d = self.decision
        if d is None:
            raise IllegalAction("the game is over" if self.over else "nothing to decide")
        if isinstance(action, str):
            if len(action) > MAX_ACTION_CHARS:  # refused before any work
                raise IllegalAction(f"an action's text is at most {MAX_ACTION_CHARS} characters (got "
                                    f"{len(action):,})")
            if normalize(action) == "resign":  # the notation itself (spaces around it as for any notation)
                self.resign(d.player)
                return
        chosen = self._match(d.options, action)
        self.log.append(str(chosen))
        if chosen is HANDOVER:
            self._hand_over(d)
            return
        self.stack[-1].choose(self, chosen)
        self._advance()

    def _hand_over(self, d: Decision) -> None:
        """Team: the active player hands her turn to her partner, with her legend cards; the partner finishes
        the effect under way, then may only put common pieces with the actions left."""
        p = self.active
        q = (p + 2) % self.n
        self.control = q
        hand = self.hands[p]
        legends = [c for c in hand if CARDS_T[c].kind == "legend"]
        if legends:
            self.hands[p] = [c for c in hand if CARDS_T[c].kind != "legend"]
            self.hands[q].extend(legends)
        if self.events is not None:
            self.note("handover", p, q, len(legends))
        self._advance()  # the question is asked again, of the partner and with her limits (legends moved)

    def resign(self, player: int) -> None:
        """`player` gives up (allowed at any time in a game of two sides: two players, or two teams); the other
        side wins. Nobody can resign in a Melee."""
        if self.over:
            raise IllegalAction("the game is over")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.n:
            raise IllegalAction(f"no player {describe(player, 20)} in this game")
        if self.mode == "melee":
            raise IllegalAction("nobody can resign in a Melee")
        self.log.append(f"resign {player}")
        self.resigned = player
        if self.events is not None:
            self.note("resign", player)
        me = self.colour[player]
        self.finish(tuple(q for q in range(self.n) if self.colour[q] != me))

    def _match(self, options: list[Action], action: Any) -> Action:
        for a in options:
            if a is action:
                return a
        text = action if isinstance(action, str) else action_text(action)
        if text is None:
            raise IllegalAction(self._illegal_message(describe(action)) + " (an action is one of legal_actions() "
                                "or its text)")
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"an action's text is at most {MAX_ACTION_CHARS} characters (got {len(text):,})")
        t = normalize(text)
        kind = t.split(" ", 1)[0]
        for a in options:
            if a.kind == kind and str(a) == t:  # the kind first: building every option's text costs (replays)
                return a
        raise IllegalAction(self._illegal_message(f"'{t}'"))

    def clone(self, story: bool = True) -> "Game":
        """A deep copy (`story=False`: the copy records no story facts, as a bot's thinking copies)."""
        g = Game.__new__(Game)
        g.setup = self.setup
        g.mode = self.mode
        g.form = self.form
        g.n = self.n
        g.decks = self.decks
        g.colour = self.colour
        g.two_sided = self.two_sided
        g.cells = self.cells[:]
        g.bits = [b[:] for b in self.bits]
        g.hands = [h[:] for h in self.hands]
        g.draws = [d[:] for d in self.draws]
        g.discards = [d[:] for d in self.discards]
        g.legend_deck = self.legend_deck[:]
        g.legend_discard = self.legend_discard[:]
        g.flare_deck = self.flare_deck[:]
        g.flare_discard = self.flare_discard[:]
        g.playing = self.playing
        g.tasks_deck = self.tasks_deck[:]
        g.tasks_up = self.tasks_up[:]
        g.task_next = self.task_next
        g.claimed = [c[:] for c in self.claimed]
        g.points = self.points[:]
        g.killed = [k[:] for k in self.killed]
        g.summons = self.summons[:]
        g.mpoints = [m[:] for m in self.mpoints]
        g.improvised = self.improvised[:]
        g.control = self.control
        g.sideways = self.sideways
        g.active = self.active
        g.first_player = self.first_player
        g.turn = self.turn
        g.actions_left = self.actions_left
        g.discarded = self.discarded
        g.extra_draw = self.extra_draw[:]
        g.extra_turns = self.extra_turns
        g.in_extra = self.in_extra
        g.borrow = self.borrow
        g.end_triggered = self.end_triggered
        g.final_left = self.final_left
        g.over = self.over
        g.winners = self.winners
        g.resigned = self.resigned
        g.rng = Rng(self.rng.state)
        g.stack = [f.copy() for f in self.stack]
        g.decision = self.decision  # never changed once built
        g.fx = None if self.fx is None else self.fx.copy()
        g.log = self.log[:]
        g.undo_floor = self.undo_floor
        g.hidden = dict(self.hidden)
        ev = self.events
        g.events = ev[:] if ev is not None and story else None
        g.frozen = self.frozen[:]
        g.malus = self.malus[:]
        g.removed = [r[:] for r in self.removed]
        g.gateway = self.gateway[:]
        g.summon_colour = self.summon_colour
        g.pending = self.pending[:]
        g.stasis = self.stasis[:]
        g.warped = self.warped[:]
        g.double_kills = self.double_kills
        g.void = self.void
        return g

    def state_key(self) -> tuple:
        """The whole state as plain data (everything but the log and the story)."""
        d = self.decision
        return (
            self.mode, self.form, self.n, self.decks, tuple(self.colour), self.two_sided, tuple(self.cells),
            tuple(map(tuple, self.hands)), tuple(map(tuple, self.draws)), tuple(map(tuple, self.discards)),
            tuple(self.legend_deck), tuple(self.legend_discard), tuple(self.flare_deck), tuple(self.flare_discard),
            self.playing, tuple(self.tasks_deck), tuple(self.tasks_up), self.task_next,
            tuple(map(tuple, self.claimed)), tuple(self.points), tuple(map(tuple, self.killed)),
            tuple(self.summons), tuple(map(tuple, self.mpoints)), tuple(self.improvised), self.control,
            self.sideways, self.active, self.first_player, self.turn, self.actions_left, self.discarded,
            tuple(self.extra_draw), self.extra_turns, self.in_extra, self.borrow, self.end_triggered,
            self.final_left, self.over, self.winners, self.resigned, self.rng.state,
            tuple(f.key() for f in self.stack), None if self.fx is None else self.fx.key(),
            None if d is None else (d.kind, d.player, tuple(str(a) for a in d.options)),
            tuple(self.frozen), tuple(self.malus), tuple(map(tuple, self.removed)), tuple(self.gateway),
            self.summon_colour, tuple(self.pending), tuple(self.stasis), tuple(self.warped), self.double_kills,
            self.void,
        )

    # ------------------------------------------------------------------ the loop
    def _advance(self) -> None:
        stack = self.stack
        while not self.over and stack:
            d = stack[-1].run(self)
            if d is not None:
                if self.mode == "team" and d.player == self.active:
                    d = self._team_decision(d)
                self.decision = d
                return
        self.decision = None
        stack.clear()

    def _team_decision(self, d: Decision) -> Decision:
        """Team: the partner in control answers the active player's questions (not the task at the turn's
        end); before an action or during an effect, the active player may hand control to her partner."""
        if self.control >= 0:
            if d.kind == "task":
                return d
            return Decision(d.kind, self.control, d.prompt, d.options, d._info)
        if (d.kind == "action" and self.actions_left > 0) or (self.fx is not None and d.kind != "point"
                                                              and not self._names_hand(d)):
            return Decision(d.kind, d.player, d.prompt, d.options + [HANDOVER], d._info)
        return d

    def _names_hand(self, d: Decision) -> bool:
        """Whether a question names cards of the asker's hand: the partner may not answer it (hands stay
        private between partners), so control is not handed over there (our ruling)."""
        ids = {CARDS_T[c].id for c in self.hands[d.player]}
        return any(a.args and a.args[0] in ids for a in d.options)

    def finish(self, winners: tuple[int, ...]) -> None:
        self.over = True
        self.winners = winners
        self.decision = None
        self.stack.clear()
        self.fx = None
        if self.events is not None:
            self.note("game_over", list(winners))

    def note(self, *fact: Any) -> None:
        """Record a public fact for the story (story.py); callers check `self.events is not None` first."""
        self.events.append((len(self.log) - 1, *fact))

    # ------------------------------------------------------------------ pieces
    def put(self, s: int, colour: int, rank: int) -> None:
        self.cells[s] = colour * 4 + rank
        self.bits[colour][rank] |= 1 << s

    def lift(self, s: int) -> int:
        """Take the piece off square s (back to its colour's supply); returns what stood there."""
        cell = self.cells[s]
        self.cells[s] = -1
        self.bits[cell >> 2][cell & 3] &= ~(1 << s)
        if s in self.gateway:  # a Gateway piece that leaves its square stops being the Gateway (move re-sets it)
            self.gateway[self.gateway.index(s)] = -1
        return cell

    def two_left(self, colour: int) -> int:
        """Two-sided (common/heroic) pieces of a colour in its supply."""
        b = self.bits[colour]
        return self.two_sided - self.removed[colour][0] - (b[0] | b[1]).bit_count()

    def legends_left(self, colour: int) -> int:
        return LEGENDARY_PIECES - self.removed[colour][1] - self.bits[colour][2].bit_count()

    def in_supply(self, colour: int, rank: int) -> bool:
        return (self.legends_left(colour) if rank == 2 else self.two_left(colour)) > 0

    def own_mask(self, colour: int) -> int:
        b = self.bits[colour]
        return b[0] | b[1] | b[2]

    def occupied(self) -> int:
        m = 0
        for b in self.bits:
            m |= b[0] | b[1] | b[2]
        return m

    def count(self, colour: int, upgraded: bool = False) -> int:
        b = self.bits[colour]
        return ((b[1] | b[2]) if upgraded else (b[0] | b[1] | b[2])).bit_count()

    def destroy(self, s: int, by: int = -1, counts: bool = True) -> int:
        """Destroy the piece on s; an enemy piece destroyed by the active player's doing counts for her
        (Duel points, High Form tasks) unless `counts` is False (Titan). Returns the cell that stood there."""
        cell = self.lift(s)
        c, r = cell >> 2, cell & 3
        if counts and by >= 0 and c != self.colour[by]:
            self.killed[c][r] += 1 + self.double_kills  # Gate of Oblivion's warp: it counts for more
        fx = self.fx
        if fx is not None:
            fx.gone(s)
        if self.events is not None:
            self.note("destroy", NAME[s], c, r)
        return cell

    def move(self, a: int, b: int, by: int) -> None:
        """The piece on a moves (or leaps) to b, destroying what stood on b."""
        if self.cells[b] >= 0:
            self.destroy(b, by)
        gw = self.gateway.index(a) if a in self.gateway else -1
        cell = self.lift(a)
        self.put(b, cell >> 2, cell & 3)
        if gw >= 0:  # the Gateway moves with its piece
            self.gateway[gw] = b
        fx = self.fx
        if fx is not None:
            fx.moved(a, b)
        if self.events is not None:
            self.note("move", NAME[a], NAME[b])

    def place(self, s: int, colour: int, rank: int) -> None:
        """A piece from the supply goes onto the (empty) square s."""
        self.put(s, colour, rank)
        if self.events is not None:
            self.note("place", NAME[s], colour, rank)

    def can_upgrade(self, s: int) -> bool:
        cell = self.cells[s]
        return cell >= 0 and ((cell & 3) == 0 or ((cell & 3) == 1 and self.legends_left(cell >> 2) > 0))

    def can_downgrade(self, s: int) -> bool:
        cell = self.cells[s]
        return cell >= 0 and ((cell & 3) == 1 or ((cell & 3) == 2 and self.two_left(cell >> 2) > 0))

    def set_rank(self, s: int, rank: int) -> None:
        gw = self.gateway.index(s) if s in self.gateway else -1
        cell = self.lift(s)
        self.put(s, cell >> 2, rank)
        if gw >= 0 and rank < 2:  # the Gateway stays, unless its piece became legendary
            self.gateway[gw] = s
        if self.events is not None:
            self.note("rank", NAME[s], cell & 3, rank)

    def upgrade(self, s: int) -> bool:
        if not self.can_upgrade(s):
            return False
        self.set_rank(s, (self.cells[s] & 3) + 1)
        return True

    def downgrade(self, s: int) -> bool:
        if not self.can_downgrade(s):
            return False
        self.set_rank(s, (self.cells[s] & 3) - 1)
        return True

    def can_convert(self, s: int, colour: int, rank: int = -1) -> bool:
        cell = self.cells[s]
        return cell >= 0 and cell >> 2 != colour and self.in_supply(colour, cell & 3 if rank < 0 else rank)

    def convert(self, s: int, colour: int, by: int, rank: int = -1) -> bool:
        """Replace the piece on s by one of `colour` (same rank unless given) from the supply; an enemy piece
        converted counts as destroyed by `by`."""
        if not self.can_convert(s, colour, rank):
            return False
        cell = self.lift(s)
        c, r = cell >> 2, cell & 3
        if by >= 0 and c != self.colour[by]:
            self.killed[c][r] += 1
        self.put(s, colour, r if rank < 0 else rank)
        if self.events is not None:
            self.note("convert", NAME[s], c, r, colour, r if rank < 0 else rank)
        return True

    def gain_actions(self, n: int) -> None:
        """An effect's "gain an action": more actions this turn (not part of the effect)."""
        self.actions_left += n
        if self.events is not None:
            self.note("gain_actions", self.active, n)

    # ------------------------------------------------------------------ cards
    def draw_being(self, p: int) -> bool:
        """Draw from p's own deck (never reshuffled); drawing its last card triggers the game's end (in the
        Team game its last upright card: only the `sideways` ones are left)."""
        draws = self.draws[p]
        if not draws:
            return False
        self.hands[p].append(draws.pop())
        self.revealed()
        if len(draws) <= self.sideways:
            self.trigger_end("deck", p)
        return True

    def draw_shared(self, p: int, deck: list[int], discard: list[int]) -> bool:
        """Draw from the legend or flare deck, reshuffling its discard pile when it is empty."""
        if not deck:
            if not discard:
                return False
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
            if self.events is not None:
                self.note("reshuffle", "legend" if CARDS_T[deck[0]].kind == "legend" else "flare")
        self.hands[p].append(deck.pop())
        self.revealed()
        return True

    def revealed(self) -> None:
        """The move being applied showed someone a card or drew on chance: no undo may take it back."""
        self.undo_floor = len(self.log)

    def discard_card(self, code: int) -> None:
        """A played or discarded card goes to its discard pile: a being to its owner's (the active player),
        a legend or flare to the shared one."""
        kind = CARDS_T[code].kind
        if kind == "legend":
            self.legend_discard.append(code)
        elif kind == "flare":
            self.flare_discard.append(code)
        else:
            self.discards[self.active].append(code)

    def hand_count(self, p: int, kind: str) -> int:
        return sum(1 for c in self.hands[p] if CARDS_T[c].kind == kind)

    def trigger_end(self, why: str, p: int) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            self.final_left = -2  # set to the number of final turns when this turn ends
            if self.events is not None:
                self.note("end_triggered", why, p)

    def deck_school(self, p: int) -> str:
        return DECKS[self.decks[p]].school

    def __repr__(self) -> str:
        return (f"<tashkalar.Game {self.mode} turn={self.turn} active={self.active} over={self.over} "
                f"decision={self.decision!r}>")
