"""The Game: state, the decision loop, and the small card/initiative primitives every rule uses.

State layout (all plain lists of ints so clone() is cheap):
* a card is an int code `kind * 2 + owner`; copies of a unit owned by the same player are the same code;
* `draws[p]` is the draw pile with its TOP AT THE END; `hands[p]`, `discards[p]`, `removed[p]` are lists;
* `squads[p][z]` is player p's squad in zone z, top unit first (empty list = no squad);
* `pos` is the initiative token: + toward player 0 (seat A), - toward player 1; rel(p) is it from p's side;
* `stack` holds the frames still to run (see frames.py); `decision` the question asked now.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable

from gamecore.lifecycle import Lifecycle
from gamecore.rng import Rng, seed_state
from gamecore.untrusted import data_problem, describe

from .abilities import kind_info
from .actions import MAX_ACTION_CHARS, Action, Decision, IllegalAction, action_text, card_token, normalize
from .cardset import CardSet, base_set
from .costs import option_cost
from .effects import passive_total
from .position import build_position
from .privacy import Secrecy, extended_kinds, extended_units, private_state, public_key, redacted_moves, wire_text
from .reveals import MillFrame
from .rules import FreeScoreFrame, MulliganFrame, SetupFrame, TurnFrame
from .saves import SaveError, game_to_json, load_save
from .story import statistics, tell
from .unseen import apply_unseen, known_by, unknown_cards
from .view import build_view

NO_CARD = -1


SETUP_KEYS = frozenset({"clans", "seed", "first_player", "mulligan", "private_seeds"})  # a dealt game's setup
MAX_SETUP_SEED = 1 << 63  # a setup's seed, as a save holds it (saves.py)


class Game(Lifecycle):
    __slots__ = (
        "cs", "U", "K", "setup", "pos", "active", "first_player", "hands", "draws", "discards", "removed",
        "squads", "crystal_deck", "crystal_row", "collected", "crystals_removed", "rng", "stack",
        "decision", "winner", "log", "secret_log", "open_secrets", "owed", "battle", "last_battle", "card_total",
        "turn", "_legal", "events", "undo_floor", "secrecy",
    )
    IllegalAction = IllegalAction  # (gamecore.lifecycle: the errors its shared methods raise)
    SaveError = SaveError
    n = 2  # the players (every engine's name for how many play)

    # ------------------------------------------------------------------ construction
    def __init__(self, card_set: CardSet | None = None) -> None:
        cs = card_set or base_set()
        self.cs = cs
        self.U = cs.units
        self.K = kind_info(cs)
        self.setup: dict = {}
        self.pos = cs.start
        self.active = 0
        self.first_player = 0
        self.hands: list[list[int]] = [[], []]
        self.draws: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.removed: list[list[int]] = [[], []]
        nz = len(cs.board.zone_ids)
        self.squads: list[list[list[int]]] = [[[] for _ in range(nz)] for _ in range(2)]
        self.crystal_deck: list[int] = []  # top at the end
        self.crystal_row: list[int] = []
        self.collected: list[list[list]] = [[], []]  # [[crystal index, facedown], ...]
        self.crystals_removed: list[int] = []
        self.rng = Rng(0)
        self.stack: list = []
        self.decision: Decision | None = None
        self.winner: int | None = None
        self.log: list[str] = []
        self.secret_log: dict[int, tuple] = {}  # log index -> (player who must not see it, until: "reveal"|"never")
        self.open_secrets: list[int] = []  # log indexes in secret_log not hidden for good yet
        self.owed: list[int] = []  # players owed a free score after the current action (reshuffles)
        self.battle = None
        self.last_battle: dict | None = None
        self.card_total = [0, 0]
        self.turn = 1
        self._legal: list[Action] | None = None
        # the story's raw facts (story.py), public only; None: not recorded (the bots' own copies)
        self.events: list[tuple] | None = []
        # the shortest log an undo may return to: the moves from there on revealed nothing hidden to anyone,
        # drew on no chance and made no secret choice (see revealed())
        self.undo_floor = 0
        # private chance (privacy.py): None in a game without private seeds
        self.secrecy: Secrecy | None = None

    @classmethod
    def new(
        cls,
        clans: tuple[str, str] = ("blood", "skull"),
        seed: int = 0,
        first_player: int | None = None,
        mulligan: bool = False,
        card_set: CardSet | None = None,
        private_seeds: "tuple[int | None, int | None] | list | None" = None,
    ) -> "Game":
        g = cls(card_set)
        cs = g.cs
        if not isinstance(clans, (list, tuple)) or len(clans) != 2:
            raise ValueError(f"clans: a game needs exactly two clans, not {describe(clans, 30)}")
        clans = tuple(clans)
        for c in clans:
            if not isinstance(c, str) or c not in cs.clans:
                raise ValueError(f"unknown clan {describe(c, 30)}; choose from {', '.join(cs.clans)}")
        if first_player is not None and (type(first_player) is not int or first_player not in (0, 1)):
            raise ValueError(f"first_player must be 0, 1 or None (random), not {describe(first_player, 20)}")
        if type(seed) is not int or not -MAX_SETUP_SEED <= seed < MAX_SETUP_SEED:
            raise ValueError(f"seed: a whole number from -2**63 to 2**63 - 1, not {describe(seed, 20)}")
        if not isinstance(mulligan, bool):
            raise ValueError(f"mulligan: true or false, not {describe(mulligan, 20)}")
        g.setup = {
            "clans": list(clans), "seed": int(seed), "first_player": first_player, "mulligan": bool(mulligan),
        }
        g.rng = Rng(seed_state(int(seed)))
        if private_seeds is None:
            for p in (0, 1):
                deck = [k * 2 + p for k in cs.deck(clans[p])]
                g.rng.shuffle(deck)
                g.draws[p] = deck
                g.card_total[p] = len(deck)
        else:  # each deck from its owner's stream; the joint seed deals only the crystals and the first player
            seeds = _private_seeds(private_seeds)
            g.setup["private_seeds"] = seeds
            uk = len(cs.units)
            streams = [None if s is None else Rng(private_state(p, int(seed), s)) for p, s in enumerate(seeds)]
            g.secrecy = Secrecy(streams, (uk * 2, uk * 2 + 1))
            if None in seeds:
                g.U = extended_units(cs)
                g.K = extended_kinds(g.K)
            for p in (0, 1):
                g.draws[p] = g.secrecy.shuffle(p, [k * 2 + p for k in cs.deck(clans[p])])
                g.card_total[p] = len(g.draws[p])
        g.crystal_deck = list(range(len(cs.crystals)))
        g.rng.shuffle(g.crystal_deck)
        g.refill_row()
        for p in (0, 1):
            for _ in range(cs.opening_hand):
                g.draw_card(p)
        g.stack.append(SetupFrame(first_player))
        if mulligan:
            g.stack.append(MulliganFrame(1, []))
            g.stack.append(MulliganFrame(0, []))
        g._advance()
        return g

    @classmethod
    def from_position(cls, pos: dict, card_set: CardSet | None = None) -> "Game":
        return build_position(cls(card_set), pos)

    @classmethod
    def from_setup(cls, setup: dict, card_set: CardSet | None = None) -> "Game":
        """A new game at the start described by a game's `setup` (the deal's clans, seed, first player and
        mulligan, or the position it was set up from): where `game.log` replays from. A setup that is not
        one (from outside: Game.from_log) raises SaveError saying why."""
        problem = data_problem(setup, 8, 20_000, 200)
        if problem is None and not isinstance(setup, dict):
            problem = f"it is a mapping of the game's options, not {describe(setup, 30)}"
        if problem is None:
            keys = set(setup)
            unknown = sorted(keys - SETUP_KEYS) if "position" not in setup else sorted(keys - {"position"})
            if unknown:
                problem = f"unknown option {describe(unknown[0], 30)} (a setup has {', '.join(sorted(SETUP_KEYS))})"
            elif "position" not in setup and not {"clans", "seed"} <= keys:
                problem = "it names no clans or no seed"
        if problem is not None:
            raise SaveError(f"The game's setup is invalid: {problem}.", "damaged", detail=problem)
        try:
            if "position" in setup:
                return cls.from_position(setup["position"], card_set=card_set)
            return cls.new(clans=setup["clans"], seed=setup["seed"], first_player=setup.get("first_player"),
                           mulligan=setup.get("mulligan", False), card_set=card_set,
                           private_seeds=setup.get("private_seeds"))
        except ValueError as e:  # a PositionError or a bad option
            raise SaveError(f"The game's setup is invalid: {e}", "damaged", detail=str(e)) from None

    def _context(self) -> dict:
        return {"card_set": self.cs}  # (gamecore.lifecycle: this game's own card set for from_log, at, replay)

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> None:
        d = self.decision
        if d is None:
            raise IllegalAction("the game is over" if self.winner is not None else "nothing to decide")
        if self.secrecy is not None and self.secrecy.streams[d.player] is None:
            apply_unseen(self, action)  # a move of the seat this game cannot see, as her page sent it
            return
        chosen = self._match(d.options, action)
        frame = self.stack[-1]
        self.log.append(str(chosen))
        if d.secret:
            self.revealed()  # a secret choice is committed: taking it back would let a player choose again
        frame.choose(self, chosen)
        self._advance()

    def _match(self, options: list[Action], action: Any) -> Action:
        """The legal option `action` names: the option itself (identity, the fast path) or, by its text
        notation, a string or an Action built elsewhere. Only the engine's own option is ever applied and
        logged, so nothing that merely looks like an action (a float argument, a missing kind) slips in."""
        for a in options:
            if a is action:
                return a
        text = action if isinstance(action, str) else action_text(action) if isinstance(action, Action) else None
        if text is None:
            raise IllegalAction(self._illegal_message(describe(action)) + " (an action is one of legal_actions() "
                                "or its text; an Action has a text kind and text or whole-number arguments)")
        return self._parse(text)

    def _parse(self, text: str) -> Action:
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"an action's text is at most {MAX_ACTION_CHARS} characters "
                                f"(got {len(text)})")
        t = normalize(text)
        for a in self.decision.options:  # type: ignore[union-attr]
            if str(a) == t:
                return a
        raise IllegalAction(self._illegal_message(f"'{t}'"))

    def clone(self, story: bool = True) -> "Game":
        """A deep copy; `story=False` leaves out the story's facts, and the copy records none (a bot's
        thinking copies, which must stay cheap)."""
        g = Game.__new__(Game)
        g.cs = self.cs
        g.U = self.U
        g.K = self.K
        g.setup = self.setup
        g.pos = self.pos
        g.active = self.active
        g.first_player = self.first_player
        g.hands = [self.hands[0][:], self.hands[1][:]]
        g.draws = [self.draws[0][:], self.draws[1][:]]
        g.discards = [self.discards[0][:], self.discards[1][:]]
        g.removed = [self.removed[0][:], self.removed[1][:]]
        g.squads = [[s[:] for s in self.squads[0]], [s[:] for s in self.squads[1]]]
        g.crystal_deck = self.crystal_deck[:]
        g.crystal_row = self.crystal_row[:]
        g.collected = [[c[:] for c in self.collected[0]], [c[:] for c in self.collected[1]]]
        g.crystals_removed = self.crystals_removed[:]
        g.rng = Rng(self.rng.state)
        g.stack = [f.copy() for f in self.stack]
        g.decision = self.decision  # immutable once built
        g.winner = self.winner
        g.log = self.log[:]
        g.secret_log = dict(self.secret_log)
        g.open_secrets = self.open_secrets[:]
        g.owed = self.owed[:]
        g.battle = None if self.battle is None else self.battle.copy()
        g.last_battle = self.last_battle
        g.card_total = self.card_total
        g.turn = self.turn
        g._legal = None
        ev = self.events
        g.events = ev[:] if ev is not None and story else None
        g.undo_floor = self.undo_floor
        g.secrecy = None if self.secrecy is None else self.secrecy.copy()
        return g

    def become(self, other: "Game") -> None:
        """Take over every part of `other` (a copy a move was tried on)."""
        for name in Game.__slots__:
            setattr(self, name, getattr(other, name))

    def state_hash(self) -> str:
        return hashlib.sha256(repr(self._state_key()).encode("utf-8")).hexdigest()

    def _state_key(self) -> tuple:
        key = self._plain_key()
        return key if self.secrecy is None else key + (self.secrecy.key(),)

    def _plain_key(self) -> tuple:
        return (
            self.cs.hash, self.pos, self.active, self.first_player, self.turn, self.winner,
            tuple(sorted(h) for h in self.hands), tuple(tuple(d) for d in self.draws),
            tuple(sorted(d) for d in self.discards), tuple(sorted(r) for r in self.removed),
            tuple(tuple(tuple(s) for s in side) for side in self.squads),
            tuple(self.crystal_deck), tuple(self.crystal_row),
            tuple(tuple(tuple(c) for c in side) for side in self.collected), tuple(sorted(self.crystals_removed)),
            self.rng.state, tuple(f.key() for f in self.stack), tuple(self.owed),
            None if self.battle is None else self.battle.key(),
            None if self.decision is None else (self.decision.kind, self.decision.player,
                                                tuple(str(a) for a in self.decision.options)),
        )

    def view(self, player: int) -> dict[str, Any]:
        return build_view(self, player)

    # ------------------------------------------------------------------ private chance (privacy.py)
    def sees(self, p: int) -> bool:
        """Whether this game knows seat p's hidden cards (her hand, her draw pile): always, but in a game made
        with a private seed of None for her (the game her opponent's page holds)."""
        return self.secrecy is None or self.secrecy.sees(p)

    def public_hash(self) -> str:
        """A stable digest of what both players know (privacy.public_key): the same in the full game and in
        each player's one-sided game after the same moves; two pages compare it to find a desync."""
        return hashlib.sha256(repr(public_key(self)).encode("utf-8")).hexdigest()

    def reveal_request(self) -> dict | None:
        """What the engine waits for when a rule needs cards only one page knows: {"seat", "what" ("hand",
        "draw_pile", "battle_card"), "n"}, or None. The seat's own game answers with its only legal action."""
        d = self.decision
        if d is None or d.kind != "reveal":
            return None
        return {"seat": d.player, "what": d.info["what"], "n": d.info["n"]}

    def wire_text(self, i: int, to: int) -> str | None:
        """Log entry i as seat `to` may receive it (privacy.wire_text): as it is, redacted where it stays
        hidden from her for good, or None while its selection is still open."""
        return wire_text(self, i, to)

    def redacted_moves(self, to: int) -> dict[int, str]:
        """The true text of each entry seat `to` received as '?' (index -> text): what this game's player
        opens at the end for the audit (audit.Opening)."""
        return redacted_moves(self, to)

    def known_by(self, p: int) -> "Game":
        """The one-sided game seat p's page holds after this full game's moves (unseen.known_by)."""
        return known_by(self, p)

    def unknown_cards(self, p: int) -> list[str]:
        """The unit ids seat p's placeholders may be, one per copy ([] where this game sees her)."""
        return unknown_cards(self, p)

    def to_json(self, names: "list[str] | tuple[str, str] | None" = None) -> str:
        """The save (format /1; with the players' names, format /2, which loads as everywhere else)."""
        return game_to_json(self, names)

    @classmethod
    def from_json(cls, text: str | bytes | dict, card_set: CardSet | None = None) -> "Game":
        return load_save(text, card_set or base_set(), cls.from_setup)

    # ------------------------------------------------------------------ the loop
    def _advance(self) -> None:
        stack = self.stack
        while self.winner is None:
            if not stack:
                self._end_of_action()
                continue
            d = stack[-1].run(self)
            if d is not None:
                self.decision = d
                return
        self.decision = None
        stack.clear()

    def _end_of_action(self) -> None:
        if self.owed:
            a = self.active
            # Simultaneous free scores: the active player orders them; hers first.
            order = sorted(self.owed, key=lambda q: q != a)
            self.owed = []
            for q in reversed(order):
                self.stack.append(FreeScoreFrame(q))
            return
        if self.rel(self.active) < -self.cs.neutral:
            self.active = 1 - self.active
            self.turn += 1
            if self.events is not None:
                self.note("turn", self.turn, self.active)
        self.stack.append(TurnFrame(self.active))

    def note(self, *fact: Any) -> None:
        """Record a public fact for the story (story.py), tagged with the log index of the move that caused
        it. Callers check `self.events is not None` first, so the bots' copies pay nothing."""
        self.events.append((len(self.log) - 1, *fact))

    def option_cost(self, action: Action | str) -> int:
        """The initiative the legal option `action` will charge (costs.py); 0 for options that cost none."""
        d = self.decision
        if d is None:
            raise IllegalAction("nothing to decide")
        return option_cost(self, self._match(d.options, action))

    def story(self) -> list[dict]:
        """The game told as turns and actions, from public facts only (see story.py)."""
        return tell(self)

    def statistics(self) -> list[dict[str, int]]:
        """Per player: crystals and how they came, battles won/lost/even, units lost and destroyed,
        initiative spent, cards drawn, actions (see story.statistics)."""
        return statistics(self)

    def revealed(self) -> None:
        """The move being applied showed someone something hidden, or drew on chance: no undo may take it
        back (the player would know what it showed, or could draw again)."""
        self.undo_floor = len(self.log)

    # ------------------------------------------------------------------ hidden log entries
    def mark_secret(self, hidden_from: int, until: str) -> None:
        """Hide the last log entry from a player until `release_secrets(until)` (e.g. a battle-card pick)."""
        i = len(self.log) - 1
        self.secret_log[i] = (hidden_from, until)
        if until != "never":
            self.open_secrets.append(i)

    def release_secrets(self, until: str, keep_hidden: bool = False) -> None:
        """Entries tagged `until` become public, or (keep_hidden) stay hidden for good (a cancelled pick).
        Only the entries still open are looked at (`open_secrets`), not the whole hidden log."""
        log = self.secret_log
        still = []
        for i in self.open_secrets:
            q, tag = log[i]
            if tag != until:
                still.append(i)
            elif keep_hidden:
                log[i] = (q, "never")
            else:
                del log[i]
        self.open_secrets = still

    # ------------------------------------------------------------------ initiative
    def rel(self, p: int) -> int:
        return self.pos if p == 0 else -self.pos

    def can_pay(self, p: int, n: int) -> bool:
        return self.rel(p) - n >= -self.cs.track

    def pay(self, p: int, n: int) -> None:
        """Pay initiative (the token moves toward the opponent); effects stop at the last space."""
        t = self.cs.track
        self.pos = max(-t, self.pos - n) if p == 0 else min(t, self.pos + n)
        if self.events is not None and n:
            self.note("pay", p, n)

    def gain(self, p: int, n: int) -> None:
        t = self.cs.track
        self.pos = min(t, self.pos + n) if p == 0 else max(-t, self.pos - n)
        if self.events is not None and n:
            self.note("gain", p, n)

    # ------------------------------------------------------------------ cards
    def refill_row(self) -> None:
        while len(self.crystal_row) < self.cs.face_up and self.crystal_deck:
            self.crystal_row.append(self.crystal_deck.pop())
            self.revealed()

    def reshuffle(self, p: int) -> bool:
        """Player p's draw pile is empty and a card is needed: shuffle her discard pile into a new one.

        The opponent is owed a free score after the current action. With an empty discard pile nothing
        happens (no reshuffle, no free score)."""
        if not self.discards[p]:
            return False
        pile = self.discards[p]
        self.discards[p] = []
        if self.secrecy is None:
            self.rng.shuffle(pile)
        else:
            pile = self.secrecy.shuffle(p, pile)  # her own stream; placeholders where the game cannot see her
        self.revealed()
        self.draws[p] = pile
        self.owed.append(1 - p)
        if self.events is not None:
            self.note("reshuffle", p)
        return True

    def shuffle_draws(self, p: int) -> None:
        """Shuffle p's draw pile (a mulligan), by her own stream in a private-chance game."""
        if self.secrecy is None:
            self.rng.shuffle(self.draws[p])
        else:
            self.draws[p] = self.secrecy.shuffle(p, self.draws[p])

    def take_top(self, p: int) -> int:
        """Take the top card of p's draw pile (reshuffling first if it is empty); NO_CARD if none exist."""
        if not self.draws[p]:
            self.reshuffle(p)
            if not self.draws[p]:
                return NO_CARD
        self.revealed()
        return self.draws[p].pop()

    def draw_card(self, p: int) -> bool:
        c = self.take_top(p)
        if c == NO_CARD:
            return False
        self.hands[p].append(c)
        if self.events is not None:
            self.note("draw", p)
        return True

    def mill(self, p: int, n: int, now: bool = False) -> int:
        """Discard up to n cards from the top of p's draw pile; a reshuffle ends it. Returns cards discarded.
        In a private-chance game (unless `now`) the mill waits for p to reveal those cards (reveals.MillFrame)
        and returns 0."""
        if self.secrecy is not None and not now:
            self.stack.append(MillFrame(p, n))
            return 0
        done = 0
        for _ in range(n):
            if not self.draws[p]:
                self.reshuffle(p)
                break
            self.discards[p].append(self.draws[p].pop())
            self.revealed()
            done += 1
        if self.events is not None and done:
            self.note("mill", p, [self.U[c >> 1].id for c in self.discards[p][-done:]])
        return done

    def discard(self, code: int, source: str = "") -> None:
        """A card goes to its OWNER's discard pile; `source` ("hand", "squad", "draw pile", "board") puts it
        in the story (a destroyed unit's discard is told as its destruction)."""
        self.discards[code & 1].append(code)
        if source and self.events is not None:
            self.note("discard", code & 1, self.U[code >> 1].id, source)

    def remove_from_game(self, code: int) -> None:
        self.removed[code & 1].append(code)
        if self.events is not None:
            self.note("removed", code & 1, self.U[code >> 1].id)

    # ------------------------------------------------------------------ squads
    def squad_limit(self, p: int, z: int) -> int:
        sq = self.squads[p][z]
        if sq and self.K[sq[0] >> 1].horde:
            return 1 << 30
        return self.cs.squad_limit

    def controls(self, p: int, z: int) -> bool:
        return bool(self.squads[p][z]) and not self.squads[1 - p][z]

    def activation_cost(self, p: int, z: int) -> int:
        """The highest activation cost in the squad, less its switched-on activation_reduction (floor 0)."""
        U = self.U
        K = self.K
        sq = self.squads[p][z]
        cost = 0
        reduced = False
        for c in sq:
            k = c >> 1
            a = U[k].activation
            if a > cost:
                cost = a
            if K[k].act_mod:
                reduced = True
        if reduced:
            return max(0, cost - passive_total(self, sq, z, "activation_reduction"))
        return cost

    def unit_activation(self, p: int, z: int, i: int) -> int:
        """A unit's current activation cost: its own, less its squad's reductions (glossary: Titan Knights)."""
        sq = self.squads[p][z]
        n = self.U[sq[i] >> 1].activation
        if any(self.K[c >> 1].act_mod for c in sq):
            n -= passive_total(self, sq, z, "activation_reduction")
        return max(0, n)

    def crystal_count(self, p: int) -> int:
        return len(self.collected[p])

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (every engine's name): (the winner,), else ()."""
        return () if self.winner is None else (self.winner,)

    @property
    def scores(self) -> list[int]:
        """Each seat's crystals (every engine's name for what counts towards the win)."""
        return [len(self.collected[0]), len(self.collected[1])]

    # ------------------------------------------------------------------ names (for prompts and views)
    def unit_id(self, code: int) -> str:
        return self.U[code >> 1].id

    def token(self, code: int, context_player: int) -> str:
        return card_token(self.U[code >> 1].id, code & 1, context_player)

    def zone_id(self, z: int) -> str:
        return self.cs.board.zone_ids[z]

    def code_of(self, token: str, context_player: int) -> int:
        """Card code for a token like 'blood.condor' or 'blood.condor@1' (raises KeyError)."""
        uid, _, owner = token.partition("@")
        try:
            kind = self.cs.unit_index[uid]
        except KeyError:
            if uid != "?" or self.secrecy is None or len(self.U) == len(self.cs.units):
                raise
            kind = len(self.cs.units)  # a placeholder (privacy.py)
        return kind * 2 + (int(owner) if owner else context_player)

    def hand_kinds(self, p: int) -> list[int]:
        """Distinct card codes in p's hand, in a stable order."""
        return sorted(set(self.hands[p]))

    def all_cards(self, p: int) -> Iterable[int]:
        """Every card owned by p wherever it is (for invariants)."""
        for pile in (self.hands[0], self.hands[1], self.draws[p], self.discards[p], self.removed[p]):
            for c in pile:
                if c & 1 == p:
                    yield c
        for side in self.squads:
            for sq in side:
                for c in sq:
                    if c & 1 == p:
                        yield c
        if self.battle is not None:
            for c in self.battle.cards:
                if c >= 0 and c & 1 == p:
                    yield c

    def __repr__(self) -> str:
        return f"<Game turn={self.turn} active={self.active} pos={self.pos} winner={self.winner} decision={self.decision!r}>"

    def summary(self) -> str:
        """A compact human-readable dump (debugging, bug reports)."""
        lines = [repr(self)]
        for p in (0, 1):
            lines.append(
                f"P{p}: hand={[self.unit_id(c) for c in self.hands[p]]} draw={len(self.draws[p])} "
                f"discard={len(self.discards[p])} crystals={[self.cs.crystals[c[0]].id for c in self.collected[p]]}"
            )
        for z, zid in enumerate(self.cs.board.zone_ids):
            a, b = self.squads[0][z], self.squads[1][z]
            if a or b:
                lines.append(f"  {zid}: P0={[self.unit_id(c) for c in a]} P1={[self.unit_id(c) for c in b]}")
        return "\n".join(lines)


def dumps_compact(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


MAX_PRIVATE_SEED = 1 << 63


def _private_seeds(seeds: Any) -> list:
    """[a, b]: each seat's private seed (a whole number, 0 <= s < 2**63), or None for a seat whose cards this
    game cannot see; at least one must be given."""
    if not isinstance(seeds, (list, tuple)) or len(seeds) != 2:
        raise ValueError("private_seeds: two seeds, one for each seat (None for a seat this game cannot see)")
    for s in seeds:
        if s is not None and (isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < MAX_PRIVATE_SEED):
            raise ValueError(f"private_seeds: {s!r:.40} is not a whole number from 0 to 2**63 - 1")
    if seeds[0] is None and seeds[1] is None:
        raise ValueError("private_seeds: a game must see at least one seat")
    return list(seeds)
