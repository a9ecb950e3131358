"""The Game: Wildlands' state, the decision loop, the public API, and the primitives every rule uses
(reveal, move, damage and defeat, pickups, drawing with the reshuffle, the end checks).

State (plain ints and lists, so clone() is cheap and the state hash is stable). Seats 0..n-1 sit clockwise;
the marker passes to the left, i.e. to seat p+1 (W16, W23); map cards are passed to the right, seat p-1 (W14).
A character's code is `seat * 5 + index` (index in its faction's data order):
* `pos[code]`: 0 unrevealed (on its card), -1 defeated, else its space 1..42; `start[code]` the map card
  under an unrevealed figure (0: none yet / revealed); `dmg[code]` its damage;
* `dealt[p]`: p's map cards during the setup; `shards[p]` the spaces of p's shards still on the board,
  `collected[p]` how many p picked up, `taken[p]` the codes of enemy figures p scored (W58, W60);
* `hands[p]`, `draws[p]` (TOP AT THE END), `discards[p]`: card indexes 0..29 of p's deck (26..29 special);
* `active` holds the marker, `actor` is who plays now (the active player, or the interrupter, W51, W53);
  `must_reveal` while the compulsory reveal (W17) is owed; `tie` once an elimination left a tie (W62);
* `stack` the frames still to run (rules.py), `decision` the question asked now, `prompts` how many
  out-of-turn questions (interrupt windows and defences) were asked, per seat;
* `undo_floor`: an undo may not go back before this many moves (see revealed());
* `cancels`: how many payments were cancelled in this turn (rules.CANCELS_PER_TURN);
* `hidden`: log index -> the only seat that may read that move (a start choice, a card of a payment not yet
  complete); the others read "<kind> (hidden)" (view.visible_log).

Every game ends: at rules.MAX_MOVES moves at the latest (rules.move_limit), so every save has a bound.
"""
from __future__ import annotations

from typing import Any

from gamecore.lifecycle import Lifecycle
from gamecore.rng import Rng

from .actions import (MAX_ACTION_CHARS, Action, Decision, IllegalAction, action_text, describe, normalize)
from .content import (BOARDS, FACTIONS, FIRST_SPECIAL, HAND_LIMIT, POINTS_TO_WIN, BoardDef)
from .rules import MAX_MOVES, move_limit
from .saves import SaveError

NC = 5  # characters per faction (W1)
SETUP_KEYS = ("board", "factions", "seed", "first_player")


class Game(Lifecycle):
    __slots__ = (
        "setup", "board", "bd", "n", "factions", "fd", "ids", "health", "pos", "start", "dmg", "dealt",
        "shards", "collected", "taken", "hands", "draws", "discards", "active", "actor", "first_player", "turn",
        "must_reveal", "tie", "over", "winners", "rng", "stack", "decision", "log", "hidden", "events", "prompts",
        "undo_floor", "cancels",
    )
    ENGINE = "wildlands"  # (gamecore.lifecycle: its saves, view and story modules)
    IllegalAction = IllegalAction  # (gamecore.lifecycle: the errors its shared methods raise)
    SaveError = SaveError

    def __init__(self) -> None:
        self.setup: dict = {}
        self.board = "dungeon"
        self.bd: BoardDef = BOARDS["dungeon"]
        self.n = 2
        self.factions: tuple[str, ...] = ()
        self.fd: tuple = ()
        self.ids: tuple[str, ...] = ()       # per code: the character's id
        self.health: tuple[int, ...] = ()    # per code
        self.pos: list[int] = []
        self.start: list[int] = []
        self.dmg: list[int] = []
        self.dealt: list[list[int]] = []
        self.shards: list[list[int]] = []
        self.collected: list[int] = []
        self.taken: list[list[int]] = []
        self.hands: list[list[int]] = []
        self.draws: list[list[int]] = []
        self.discards: list[list[int]] = []
        self.active = 0
        self.actor = 0
        self.first_player = 0
        self.turn = 0
        self.must_reveal = False
        self.tie = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.rng = Rng(0)
        self.stack: list = []
        self.decision: Decision | None = None
        self.log: list[str] = []
        self.hidden: dict[int, int] = {}  # log index -> the only seat that may see that entry
        self.events: list[tuple] | None = []
        self.prompts: list[int] = []
        self.undo_floor = 0
        self.cancels = 0

    def _init_seats(self, board: str, factions: tuple[str, ...]) -> None:
        if not isinstance(board, str) or board not in BOARDS:
            raise ValueError(f"unknown board {describe(board, 30)}; choose one of {sorted(BOARDS)}")
        if not isinstance(factions, tuple) or not 2 <= len(factions) <= 4:
            raise ValueError("2 to 4 factions, one per player (W2)")
        for f in factions:
            if not isinstance(f, str) or f not in FACTIONS:
                raise ValueError(f"unknown faction {describe(f, 30)}; choose from {sorted(FACTIONS)}")
        if len(set(factions)) != len(factions):
            raise ValueError("each player takes a different faction (W1)")
        self.board, self.bd = board, BOARDS[board]
        self.n = n = len(factions)
        self.factions = factions
        self.fd = tuple(FACTIONS[f] for f in factions)
        self.ids = tuple(cid for f in self.fd for cid in f.ids)
        self.health = tuple(h for f in self.fd for h in f.health)
        self.pos, self.start, self.dmg = [0] * (NC * n), [0] * (NC * n), [0] * (NC * n)
        self.dealt = [[] for _ in range(n)]
        self.shards = [[] for _ in range(n)]
        self.collected = [0] * n
        self.taken = [[] for _ in range(n)]
        self.hands = [[] for _ in range(n)]
        self.draws = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.prompts = [0] * n

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, board: str = "dungeon", factions: "tuple[str, ...]" = ("guild", "gnomads"), seed: int = 0,
            first_player: "int | None" = None) -> "Game":
        """first_player: the seat that takes the first turn; None: the owner of the lowest shard (W16)."""
        from .setup import new_game

        return new_game(cls(), board, tuple(factions) if isinstance(factions, list) else factions, seed,
                        first_player)

    @classmethod
    def from_position(cls, pos: dict) -> "Game":
        from .position import build_position

        return build_position(cls(), pos)

    @classmethod
    def from_setup(cls, setup: dict) -> "Game":
        """The game a setup starts (`game.setup`: board, factions, seed, first_player; or {"position": ...}).
        A malformed setup raises SaveError saying what is wrong (a setup is what a save holds)."""
        from .position import PositionError

        if not isinstance(setup, dict):
            raise SaveError(f"A game's setup is a mapping, not {describe(setup, 30)}.")
        if "position" in setup:
            if len(setup) != 1:
                raise SaveError("The setup is invalid: a position's setup holds the position and nothing else.")
            try:
                return cls.from_position(setup["position"])
            except PositionError as e:
                raise SaveError(f"The setup's position is invalid: {e}") from None
        unknown = [k for k in setup if k not in SETUP_KEYS]
        missing = [k for k in SETUP_KEYS[:3] if k not in setup]
        if unknown or missing:
            what = f"unknown field {describe(unknown[0], 30)}" if unknown else f"no {missing[0]}"
            raise SaveError(f"The setup is invalid: {what} (a setup holds {', '.join(SETUP_KEYS)}).")
        factions = setup["factions"]
        if not isinstance(factions, (list, tuple)):
            raise SaveError("The setup is invalid: factions is a list of 2 to 4 faction ids.")
        try:  # a save made before the first_player option has none: None
            return cls.new(board=setup["board"], factions=tuple(factions), seed=setup["seed"],
                           first_player=setup.get("first_player"))
        except ValueError as e:
            raise SaveError(f"The setup is invalid: {e}") from None

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return [self.collected[p] + len(self.taken[p]) for p in range(self.n)]

    def apply(self, action: "Action | str") -> None:
        """Apply a legal action (or its text). Illegal or malformed: IllegalAction, and nothing changes."""
        d = self.decision
        if d is None:
            raise IllegalAction("the game is over" if self.over else "nothing to decide")
        chosen = self._match(d.options, action)
        self.log.append(str(chosen))
        self.stack[-1].choose(self, chosen)
        self._advance()
        if len(self.log) >= MAX_MOVES and not self.over:
            move_limit(self)

    def _match(self, options: list[Action], action: Any) -> Action:
        """The option `action` is or names. Bounded in time whatever `action` is: a text is looked up by its
        parsed form (one comparison of tuples per option) and confirmed by its notation."""
        for a in options:
            if a is action:
                return a
        if isinstance(action, str):
            if len(action) > MAX_ACTION_CHARS:
                raise IllegalAction(f"an action's text is at most {MAX_ACTION_CHARS} characters (got "
                                    f"{len(action):,})")
            text: "str | None" = str.__str__(action)
        else:
            text = action_text(action)
        if text is None:
            raise IllegalAction(self._illegal_message(describe(action)) + " (an action is one of legal_actions() "
                                "or its text)")
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"an action's text is at most {MAX_ACTION_CHARS} characters (got {len(text)})")
        t = normalize(text).lower()
        words = t.split(" ")
        key = Action(words[0], tuple(int(w) if w.isascii() and w.isdecimal() else w for w in words[1:]))
        try:
            a = options[options.index(key)]
        except ValueError:
            a = None
        if a is not None and str(a) == t:
            return a
        for a in options:  # a text the parsed form misses (never for the engine's own notation)
            if str(a) == t:
                return a
        raise IllegalAction(self._illegal_message(repr(t)))

    def clone(self, story: bool = True) -> "Game":
        g = Game.__new__(Game)
        g.setup = self.setup
        g.board, g.bd, g.n, g.factions, g.fd, g.ids, g.health = (self.board, self.bd, self.n, self.factions,
                                                                  self.fd, self.ids, self.health)
        g.pos = self.pos[:]
        g.start = self.start[:]
        g.dmg = self.dmg[:]
        g.dealt = [x[:] for x in self.dealt]
        g.shards = [x[:] for x in self.shards]
        g.collected = self.collected[:]
        g.taken = [x[:] for x in self.taken]
        g.hands = [x[:] for x in self.hands]
        g.draws = [x[:] for x in self.draws]
        g.discards = [x[:] for x in self.discards]
        g.active, g.actor, g.first_player, g.turn = self.active, self.actor, self.first_player, self.turn
        g.must_reveal, g.tie, g.over, g.winners = self.must_reveal, self.tie, self.over, self.winners
        g.rng = Rng(self.rng.state)
        g.stack = [f.copy() for f in self.stack]
        g.decision = self.decision  # never changed once built
        g.log = self.log[:]
        g.hidden = dict(self.hidden)
        ev = self.events
        g.events = ev[:] if ev is not None and story else None
        g.prompts = self.prompts[:]
        g.undo_floor = self.undo_floor
        g.cancels = self.cancels
        return g

    def state_key(self) -> tuple:
        d = self.decision
        return (
            self.board, self.n, self.factions, tuple(self.pos), tuple(self.start), tuple(self.dmg),
            tuple(map(tuple, self.dealt)), tuple(map(tuple, self.shards)), tuple(self.collected),
            tuple(map(tuple, self.taken)), tuple(map(tuple, self.hands)), tuple(map(tuple, self.draws)),
            tuple(map(tuple, self.discards)), self.active, self.actor, self.first_player, self.turn,
            self.must_reveal, self.tie, self.over, self.winners, self.rng.state,
            tuple(f.key() for f in self.stack),
            None if d is None else (d.kind, d.player, tuple(str(a) for a in d.options)),
        ) + ((("cancels", self.cancels),) if self.cancels else ())  # absent at 0: the hashes of older saves hold

    # ------------------------------------------------------------------ the loop
    def _advance(self) -> None:
        stack = self.stack
        while not self.over and stack:
            d = stack[-1].run(self)
            if d is not None:
                self.decision = d
                return
        self.decision = None
        stack.clear()

    def finish(self, winners: tuple[int, ...]) -> None:
        self.over = True
        self.winners = winners
        self.decision = None
        self.stack.clear()
        if self.events is not None:
            self.note("game_over", list(winners))

    def note(self, *fact: Any) -> None:
        """Record a public fact for the story (story.py); callers check `self.events is not None` first."""
        self.events.append((len(self.log) - 1, *fact))

    # ------------------------------------------------------------------ characters
    def owner(self, code: int) -> int:
        return code // NC

    def alive(self, p: int) -> bool:
        """p still has a character not defeated (W62: a player who lost all characters is out)."""
        b = p * NC
        return any(x != -1 for x in self.pos[b:b + NC])

    def revealed(self) -> None:
        """The move being applied showed someone something hidden (a card drawn, a map card turned up, a card
        played out of turn) or committed a secret choice (a start space), or drew on chance (a reshuffle):
        no undo may take it back. A `pass` (to an interrupt window or a defence) is not one: everyone is
        asked at every window whatever they hold, so a pass shows nothing."""
        self.undo_floor = len(self.log)

    def reveal(self, code: int) -> None:
        """W18: the figure goes onto its map card's space; the map card leaves the game."""
        self.revealed()
        s = self.start[code]
        self.pos[code] = s
        self.start[code] = 0
        if self.events is not None:
            self.note("reveal", self.ids[code], s)

    def move_to(self, code: int, to: int, how: str = "move") -> None:
        if self.events is not None:
            self.note(how, self.ids[code], self.pos[code], to)
        self.pos[code] = to

    def damage(self, code: int, amount: int, by: int) -> None:
        """W57, W58: damage; at health the figure is defeated, and scores for `by` if an enemy caused it."""
        if self.pos[code] <= 0:
            return
        self.dmg[code] += amount
        if self.events is not None:
            self.note("damage", self.ids[code], amount)
        if self.dmg[code] >= self.health[code]:
            self.pos[code] = -1
            self.dmg[code] = 0
            scorer = by if by != code // NC else -1
            if scorer >= 0:
                self.taken[scorer].append(code)
            if self.events is not None:
                self.note("defeat", self.ids[code], scorer)

    def pick_up(self, p: int, code: int) -> None:
        """W27: p's shard on the character's space goes in front of p, 1 VP."""
        s = self.pos[code]
        self.shards[p].remove(s)
        self.collected[p] += 1
        if self.events is not None:
            self.note("pickup", p, self.ids[code], s)

    def settle(self) -> None:
        """The end checks after anything that scores or defeats: W61 (5 VP wins at once), W62/AM9 (a player
        who lost all characters: the one player alone in the lead among those still in wins; a tie at the
        top continues, checked again after every action; the last player left wins)."""
        sc = self.scores
        for p in range(self.n):
            if sc[p] >= POINTS_TO_WIN:
                self.finish((p,))
                return
        left = [p for p in range(self.n) if self.alive(p)]
        if len(left) == self.n:
            return
        if len(left) <= 1:
            if left:
                self.finish(tuple(left))
            else:  # every character of every player gone at once (area attacks): the top scorers
                top = max(sc)
                self.finish(tuple(p for p in range(self.n) if sc[p] == top))
            return
        top = max(sc[p] for p in left)
        leaders = [p for p in left if sc[p] == top]
        if len(leaders) == 1:
            self.finish((leaders[0],))
        else:
            self.tie = True

    # ------------------------------------------------------------------ cards
    def draw(self, p: int, k: int) -> int:
        """Draw up to k cards, never above the hand limit (W23, W50); drawing the last card of the deck
        shuffles the discard pile into a new deck at once (W22). Returns how many were drawn."""
        got = 0
        hand, deck = self.hands[p], self.draws[p]
        while got < k and len(hand) < HAND_LIMIT and deck:
            hand.append(deck.pop())
            got += 1
            if not deck and self.discards[p]:
                deck.extend(self.discards[p])
                self.discards[p].clear()
                self.rng.shuffle(deck)
                if self.events is not None:
                    self.note("reshuffle", p)
        if got:
            self.revealed()
            if self.events is not None:
                self.note("draw", p, got)
        return got

    def play_card(self, p: int, card: int) -> None:
        """A card leaves p's hand for p's discard pile (W22)."""
        self.hands[p].remove(card)
        self.discards[p].append(card)

    def special_in_hand(self, p: int) -> int:
        for c in self.hands[p]:
            if c >= FIRST_SPECIAL:
                return c
        return -1

    def __repr__(self) -> str:
        return (f"<wildlands.Game {self.board} n={self.n} turn={self.turn} active={self.active} over={self.over} "
                f"decision={self.decision!r}>")
