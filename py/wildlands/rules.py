"""The rules as frames (frames.py): the setup, the turn, the interrupt window, payments, attacks with their
defences, the manoeuvre; and the legal options of each decision.

Out-of-turn play and the privacy requirement (issue 29): no question's existence depends on a hand.
* After every completed action (an attack together with its defences, a climb or pickup with all its cards,
  a whole manoeuvre) a Window asks EVERY other player still in the game, one by one in W55's order
  (clockwise from the player who acted, AM8), "interrupt?"; `pass` is always an option, `interrupt` only
  for a player holding a special card, but only the asked player sees the options. The first to interrupt
  plays; the rest of that window is not asked (W52: an interrupt card cannot be interrupted), and the next
  window opens only after the interrupter's first action (W55). Declaring the end of a turn opens the same
  window (W54); an interrupt there lets the active player act again afterwards (W24).
* At EVERY attack on a character its owner is asked to defend (`pass` always; `defend <card>` for each
  card that can, W39), also when no card could; an area attack asks for each character hit.
* A reveal opens no window (W19), nor does playing an interrupt card (W52).
So the sequence of (decision kind, player) that others see is a function of public facts and of the
choices made, never of a hand. `game.prompts[p]` counts the out-of-turn questions p answered.

Cards chosen but not yet played stay secret: the `pay <card>` moves of a climb or pickup are in the
others' log as "pay (hidden)" (game.hidden) until the last card is paid and all of them go to the discard
pile; a cancelled payment's cards go back to the hand unseen, so its moves stay hidden for good.

Every game ends (our rulings, beyond the rulebook, so that a save always has a bound; see saves.py):
* CANCELS_PER_TURN: `cancel` (a convenience, not a rule) is offered at most that many times in one turn;
  after that a climb or pickup once begun is paid;
* MAX_MOVES: a game that reaches that many moves ends at once (move_limit): the players still in with the
  most points win, together if tied (W62's spirit). Random play ends far sooner (bench.py prints it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ALONE, CANCEL, END, INTERRUPT, PASS, STAY, Action, Decision
from .content import FIRST_SPECIAL, HAND_LIMIT, SPECIAL
from .frames import Frame

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

NC = 5
ATTACKS = {"melee": 1, "heavy_melee": 2, "ranged": 1, "heavy_ranged": 2, "area": 1}  # damage (W31-W36, AM1)
CANCELS_PER_TURN = 3
MAX_MOVES = 12_000
DEFENCES = {"melee": ("melee",), "heavy_melee": ("melee",), "ranged": ("cover", "shield"),
            "heavy_ranged": ("cover", "shield"), "area": ("shield",)}  # W39


def card_name(g: "Game", p: int, k: int) -> str:
    return SPECIAL if k >= FIRST_SPECIAL else g.fd[p].cards[k].id


def card_code(g: "Game", p: int, name: str, exclude: "list[int] | tuple" = ()) -> int:
    """The hand card `name` names (`s`: a special card of the hand not in `exclude`)."""
    if name == SPECIAL:
        for k in g.hands[p]:
            if k >= FIRST_SPECIAL and k not in exclude:
                return k
        raise AssertionError("no special card")
    return g.fd[p].by_id[name]


def char_code(g: "Game", cid: str) -> int:
    return g.ids.index(cid)


def occupants(g: "Game") -> list[list[int]]:
    at: list[list[int]] = [[] for _ in range(43)]
    for c, s in enumerate(g.pos):
        if s > 0:
            at[s].append(c)
    return at


# ---------------------------------------------------------------------------------------------- options
def _flag_options(g: "Game", p: int, name: str, code: int, kind: str, at: list, out: list) -> None:
    """The options of card action `kind` (W31-W41) performed by character `code` with card `name`."""
    s = g.pos[code]
    cid = g.ids[code]
    if kind == "melee" or kind == "heavy_melee":  # W31, W33: a faction on the attacker's space
        seats = sorted({c // NC for c in at[s] if c // NC != p})
        for q in seats:
            out.append(Action(kind, (name, cid, g.factions[q])))
    elif kind == "ranged" or kind == "heavy_ranged":  # W34, W35: an enemy in LOS (heavy: at most 1 crossed)
        los = g.bd.los[s]
        lo, hi = p * NC, p * NC + NC
        for c, t in enumerate(g.pos):
            if t > 0 and not lo <= c < hi:
                x = los.get(t)
                if x is not None and (kind == "ranged" or x <= 1):
                    out.append(Action(kind, (name, cid, g.ids[c])))
    elif kind == "area":  # W36: own or an adjacent space, with anybody on it
        for t in (s, *sorted(g.bd.near[s])):
            if at[t]:
                out.append(Action("area", (name, cid, t)))
    elif kind == "fly":  # W41, AM3: one or two steps, climbing ignored
        near = g.bd.near
        dest = set(near[s])
        for t in near[s]:
            dest |= near[t]
        dest.discard(s)
        for t in sorted(dest):
            out.append(Action("fly", (name, cid, t)))
    elif kind == "manoeuvre":  # W40
        out.append(Action("manoeuvre", (name, cid)))
    # cover and shield are defences only (W37, W38)


def turn_options(g: "Game", p: int) -> list[Action]:
    fd = g.fd[p]
    base = p * NC
    pos = g.pos
    out: list[Action] = []
    for i in range(NC):
        if pos[base + i] == 0:
            out.append(Action("reveal", (fd.ids[i],)))  # W18
    if g.must_reveal and p == g.active:  # W17, AM13: a reveal before anything else
        return out
    onboard = [i for i in range(NC) if pos[base + i] > 0]  # W21
    steps = g.bd.steps
    at = occupants(g)
    hand = g.hands[p]
    specials = 0
    for k in sorted(hand):
        card = fd.cards[k]
        if card.special:  # W48: movement joker (W49) or draw two (W50); the interrupt is a window's answer
            specials += 1
            if specials > 1:
                continue
            for i in onboard:
                for t, climb in steps[pos[base + i]]:
                    if not climb:
                        out.append(Action("move", (SPECIAL, fd.ids[i], t)))
            if len(hand) <= HAND_LIMIT:
                out.append(Action("draw", (SPECIAL,)))
            continue
        name = card.id
        joker = card.joker
        for i in onboard:
            code = base + i
            if card.shows >> i & 1:
                for t, climb in steps[pos[code]]:  # W25: one step; uphill is a climb (W26)
                    if not climb:
                        out.append(Action("move", (name, fd.ids[i], t)))
                f = card.flag[i]
                if f:  # W28
                    _flag_options(g, p, name, code, f, at, out)
            if joker and joker != card.flag[i]:  # W29: any revealed character
                _flag_options(g, p, name, code, joker, at, out)
    for i in onboard:
        code = base + i
        ups = [t for t, climb in steps[pos[code]] if climb]
        if ups and _count(g, p, i) >= 2:  # W26: two cards with the symbol, or movement jokers
            for t in ups:
                out.append(Action("climb", (fd.ids[i], t)))
        if pos[code] in g.shards[p] and _pickup_ok(g, p, code, []):  # W27
            out.append(Action("pickup", (fd.ids[i],)))
    # AM15 (our ruling; the rulebook has no word on it): a card with no use now may be discarded as an
    # action, so a full hand of cards of defeated characters cannot stall a game forever (W23 draws up to 7)
    used = {a.args[0] for a in out if a.kind != "reveal" and a.kind != "climb" and a.kind != "pickup"}
    for k in sorted(hand):
        name = card_name(g, p, k)
        if name not in used:
            used.add(name)
            out.append(Action("discard", (name,)))
    out.append(END)
    return out


def _count(g: "Game", p: int, i: int, exclude: "list[int] | tuple" = ()) -> int:
    cards = g.fd[p].cards
    return sum(1 for k in g.hands[p] if k not in exclude and (k >= FIRST_SPECIAL or cards[k].shows >> i & 1))


def _payers(g: "Game", p: int, code: int, what: str) -> list[int]:
    """The characters whose symbol may pay: the mover for a climb; for a pickup also each defeated own
    character (W27 b, W59), never mixed."""
    i = code - p * NC
    if what == "climb":
        return [i]
    return [i] + [j for j in range(NC) if g.pos[p * NC + j] == -1]


def _fits(g: "Game", p: int, code: int, what: str, need: int, chosen: list[int]) -> bool:
    cards = g.fd[p].cards
    for y in _payers(g, p, code, what):
        if all(k >= FIRST_SPECIAL or cards[k].shows >> y & 1 for k in chosen) and \
                _count(g, p, y, chosen) >= need - len(chosen):
            return True
    return False


def _pickup_ok(g: "Game", p: int, code: int, chosen: list[int]) -> bool:
    return _fits(g, p, code, "pickup", 3, chosen)


def defence_options(g: "Game", victim: int, kind: str) -> list[Action]:
    """W32, W37-W39, AM6: cards of the victim's owner with a fitting defence for the victim or as a joker;
    take cover only on a cover space."""
    o = victim // NC
    i = victim - o * NC
    ok = DEFENCES[kind]
    if "cover" in ok and not g.bd.cover[g.pos[victim]]:
        ok = tuple(x for x in ok if x != "cover")
    cards = g.fd[o].cards
    out = [PASS]
    for k in sorted(g.hands[o]):
        if k >= FIRST_SPECIAL:
            continue
        c = cards[k]
        if c.flag[i] in ok or c.joker in ok:
            out.append(Action("defend", (c.id,)))
    return out


def clockwise(g: "Game", after: int) -> list[int]:
    """The other players still in the game, clockwise from `after` (W55, AM8)."""
    return [q for q in ((after + d) % g.n for d in range(1, g.n)) if g.alive(q)]


# ---------------------------------------------------------------------------------------------- frames
class Setup(Frame):
    """W13-W16: each player in turn gives each character a map card (hidden from the others); then the
    rest goes to the right, shards are placed, 7 cards drawn, and the lowest shard's owner starts."""

    __slots__ = ("seat", "i")

    def __init__(self) -> None:
        self.seat = 0
        self.i = 0

    def run(self, g: "Game") -> "Decision | None":
        if self.seat < g.n:
            p, base = self.seat, self.seat * NC
            used = g.start[base:base + NC]
            cid = g.fd[p].ids[self.i]
            opts = [Action("start", (cid, s)) for s in g.dealt[p] if s not in used]
            return Decision("start", p, f"Choose the start space of {g.fd[p].names[self.i]}", opts,
                            {"character": cid}, secret=True)  # W13: revealed only once all are chosen
        n = g.n
        for p in range(n):  # W14: p's shards go where p's right-hand neighbour's unused cards say (p+1 passes to p)
            q = (p + 1) % n
            used = g.start[q * NC:q * NC + NC]
            g.shards[p] = sorted(s for s in g.dealt[q] if s not in used)
        g.dealt = [[] for _ in range(n)]
        for p in range(n):
            g.draw(p, HAND_LIMIT)  # W15
        first = g.setup.get("first_player")  # the players' choice, else W16: the lowest shard's owner
        if first is None:
            low = min(s for p in range(n) for s in g.shards[p])
            first = next(p for p in range(n) if low in g.shards[p])
        g.first_player = first
        g.stack.pop()
        g.stack.append(Turn())
        begin_turn(g, first)
        return None

    def choose(self, g: "Game", a: Action) -> None:
        g.hidden[len(g.log) - 1] = self.seat
        g.revealed()  # a secret choice: taking it back would let its player choose again
        g.start[self.seat * NC + self.i] = a.args[1]
        self.i += 1
        if self.i == NC:
            self.seat += 1
            self.i = 0


def move_limit(g: "Game") -> None:
    """MAX_MOVES reached: the game ends; the players still in with the most points win (tied: all of them)."""
    sc = g.scores
    left = [p for p in range(g.n) if g.alive(p)] or list(range(g.n))
    top = max(sc[p] for p in left)
    g.finish(tuple(p for p in left if sc[p] == top))


def begin_turn(g: "Game", p: int) -> None:
    g.turn += 1
    g.cancels = 0
    g.active = g.actor = p
    b = p * NC
    g.must_reveal = any(x == 0 for x in g.pos[b:b + NC])  # W17
    if g.events is not None:
        g.note("turn", g.turn, p)


def end_turn(g: "Game") -> None:
    """W23: draw 3 (never above 7), the marker goes to the left; a player out of the game is skipped (AM9)."""
    p = g.active
    if g.alive(p):
        g.draw(p, 3)
    q = (p + 1) % g.n
    while not g.alive(q):
        q = (q + 1) % g.n
    begin_turn(g, q)


class Turn(Frame):
    """The acting player's choices: the active player's turn, or an interrupter's actions (W51)."""

    __slots__ = ()

    def run(self, g: "Game") -> "Decision | None":
        if not g.alive(g.actor):  # AM9: a player who lost the last character (in a tie) stops acting
            if g.actor != g.active:
                g.actor = g.active  # W53: the interrupt is over
            else:
                end_turn(g)
            return None
        p = g.actor
        opts = turn_options(g, p)
        if g.must_reveal and p == g.active:
            return Decision("reveal", p, "Reveal at least one character first", opts)
        return Decision("play", p, "Play a card, reveal a character, or end" if p == g.active else
                        "Interrupting: play cards, reveal, or end the interrupt", opts,
                        {"interrupting": p != g.active})

    def choose(self, g: "Game", a: Action) -> None:
        p = g.actor
        kind, args = a.kind, a.args
        if kind == "reveal":  # W18, W19: no window after a reveal
            g.reveal(char_code(g, args[0]))
            if p == g.active:
                g.must_reveal = False
            return
        if kind == "end":
            if p == g.active:
                g.stack.append(Window(p, True, g))  # W54
            else:  # W53: the chain ends, play returns to the active player
                if g.events is not None:
                    g.note("interrupt_end", p)
                g.actor = g.active
            return
        if kind == "climb":
            g.stack.append(Pay(p, "climb", char_code(g, args[0]), args[1], 2))
            return
        if kind == "pickup":
            g.stack.append(Pay(p, "pickup", char_code(g, args[0]), 0, 3))
            return
        k = card_code(g, p, args[0])
        g.play_card(p, k)
        if kind == "discard":  # AM15
            if g.events is not None:
                g.note("discard", p, args[0])
            g.stack.append(Window(p, False, g))
            return
        if kind == "draw":  # W50
            if g.events is not None:
                g.note("special", p, "draw")
            g.draw(p, 2)
            g.stack.append(Window(p, False, g))
            return
        code = char_code(g, args[1])
        if kind == "move":  # W25, W49
            g.move_to(code, args[2])
            g.stack.append(Window(p, False, g))
        elif kind == "fly":  # W41
            g.move_to(code, args[2], "fly")
            g.stack.append(Window(p, False, g))
        elif kind == "manoeuvre":  # W40
            g.stack.append(Manoeuvre(p, code))
        elif kind in ("melee", "heavy_melee"):  # W31, W33, AM7
            q = g.factions.index(args[2])
            s = g.pos[code]
            there = [c for c in range(q * NC, q * NC + NC) if g.pos[c] == s]
            if g.events is not None:
                g.note("attack", p, kind, g.ids[code], s)
            if len(there) > 1:
                g.stack.append(Victim(p, kind, q, s))
            else:
                g.stack.append(Attack(p, kind, there))
        elif kind in ("ranged", "heavy_ranged"):  # W34, W35
            if g.events is not None:
                g.note("attack", p, kind, g.ids[code], g.pos[char_code(g, args[2])])
            g.stack.append(Attack(p, kind, [char_code(g, args[2])]))
        elif kind == "area":  # W36: everybody there, own characters too, clockwise from the attacker
            t = args[2]
            if g.events is not None:
                g.note("attack", p, kind, g.ids[code], t)
            hit = sorted((c for c, s in enumerate(g.pos) if s == t), key=lambda c: ((c // NC - p) % g.n, c))
            g.stack.append(Attack(p, kind, hit))
        else:  # pragma: no cover
            raise AssertionError(kind)


class Window(Frame):
    """The interrupt window (W51-W56): every other player still in, clockwise from the one who acted."""

    __slots__ = ("by", "end", "seats", "i")

    def __init__(self, by: int, end: bool, g: "Game") -> None:
        self.by = by
        self.end = end
        self.seats = clockwise(g, by)
        self.i = 0

    def run(self, g: "Game") -> "Decision | None":
        if self.i < len(self.seats):
            q = self.seats[self.i]
            opts = [PASS, INTERRUPT] if g.special_in_hand(q) >= 0 else [PASS]
            return Decision("interrupt", q, "Interrupt now?", opts, {"after": self.by, "end_of_turn": self.end})
        g.stack.pop()
        if self.end:
            end_turn(g)
        return None

    def choose(self, g: "Game", a: Action) -> None:
        q = self.seats[self.i]
        g.prompts[q] += 1
        if a.kind == "pass":
            self.i += 1
            return
        g.play_card(q, g.special_in_hand(q))  # W51; W52: this card opens no window
        g.revealed()  # the special card is shown
        if g.events is not None:
            g.note("interrupt", q, self.by)
        g.stack.pop()
        g.actor = q if q != g.active else g.active  # W53: the newest interrupter acts; the chain's end returns


class Pay(Frame):
    """The cards of a climb (2, W26) or a pickup (3, W27), one at a time; `cancel` until the last
    (at most CANCELS_PER_TURN times a turn)."""

    __slots__ = ("p", "what", "code", "to", "need", "paid")

    def __init__(self, p: int, what: str, code: int, to: int, need: int) -> None:
        self.p, self.what, self.code, self.to, self.need = p, what, code, to, need
        self.paid: list[int] = []

    def run(self, g: "Game") -> "Decision | None":
        p = self.p
        opts: list[Action] = []
        special = False
        for k in sorted(g.hands[p]):
            if k in self.paid:
                continue
            if k >= FIRST_SPECIAL:
                if special:
                    continue
                special = True
            if _fits(g, p, self.code, self.what, self.need, self.paid + [k]):
                opts.append(Action("pay", (card_name(g, p, k),)))
        if g.cancels < CANCELS_PER_TURN:
            opts.append(CANCEL)
        return Decision("pay", p, f"Choose card {len(self.paid) + 1} of {self.need} for the {self.what}", opts,
                        {"character": g.ids[self.code], "to": self.to})

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        if a.kind == "cancel":  # the cards paid so far go back to the hand unseen: their moves stay hidden
            g.cancels += 1
            g.stack.pop()
            return
        self.paid.append(card_code(g, p, a.args[0], self.paid))
        last = len(g.log) - 1
        if len(self.paid) < self.need:
            g.hidden[last] = p  # still in the hand, and the payment may yet be cancelled
            return
        for i in range(last - self.need + 1, last):  # the payment's moves, one after the other in the log
            g.hidden.pop(i, None)
        for k in self.paid:
            g.play_card(p, k)
        g.stack.pop()
        if self.what == "climb":
            g.move_to(self.code, self.to, "climb")
        else:
            g.pick_up(p, self.code)
            g.settle()
            if g.over:
                return
        g.stack.append(Window(p, False, g))


class Victim(Frame):
    """W31, AM7: the owner of the faction hit in melee picks which of its characters there takes it."""

    __slots__ = ("by", "kind", "q", "space")

    def __init__(self, by: int, kind: str, q: int, space: int) -> None:
        self.by, self.kind, self.q, self.space = by, kind, q, space

    def run(self, g: "Game") -> "Decision | None":
        q = self.q
        opts = [Action("victim", (g.ids[c],)) for c in range(q * NC, q * NC + NC) if g.pos[c] == self.space]
        return Decision("victim", q, f"Which of your characters takes the {self.kind.replace('_', ' ')}?", opts)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        g.stack.append(Attack(self.by, self.kind, [char_code(g, a.args[0])]))


class Attack(Frame):
    """An attack's damage after a defence decision for each character hit (W39: attack and defences are one
    action; the window opens after them). The owner is asked at every attack, whatever the hand."""

    __slots__ = ("by", "kind", "victims", "i", "saved")

    def __init__(self, by: int, kind: str, victims: list[int]) -> None:
        self.by, self.kind, self.victims = by, kind, victims
        self.i = 0
        self.saved: list[int] = []

    def run(self, g: "Game") -> "Decision | None":
        if self.i < len(self.victims):
            v = self.victims[self.i]
            return Decision("defend", v // NC, f"Defend {g.ids[v]} against the {self.kind.replace('_', ' ')}?",
                            defence_options(g, v, self.kind), {"character": g.ids[v], "attack": self.kind,
                                                               "by": self.by})
        g.stack.pop()
        amount = ATTACKS[self.kind]
        for v in self.victims:
            if v not in self.saved:
                g.damage(v, amount, self.by)
        g.settle()
        if not g.over:
            g.stack.append(Window(self.by, False, g))
        return None

    def choose(self, g: "Game", a: Action) -> None:
        v = self.victims[self.i]
        o = v // NC
        g.prompts[o] += 1
        if a.kind == "defend":
            g.revealed()  # a card of another player's hand is shown
            g.play_card(o, card_code(g, o, a.args[0]))
            self.saved.append(v)
            if g.events is not None:
                g.note("defend", o, g.ids[v], a.args[0])
        self.i += 1


class Manoeuvre(Frame):
    """W40, AM4: the flag's character and at most one other own character on the same or an adjacent space
    (checked now, before either moves) each step once; an uphill step costs one more card for that mover (a
    card with its symbol, a special card, or a manoeuvre card)."""

    __slots__ = ("p", "primary", "partner", "phase")

    def __init__(self, p: int, primary: int) -> None:
        self.p, self.primary = p, primary
        self.partner = -1
        self.phase = 0

    def run(self, g: "Game") -> "Decision | None":
        p = self.p
        if self.phase == 0:
            s = g.pos[self.primary]
            near = g.bd.near[s]
            opts = [Action("with", (g.ids[c],)) for c in range(p * NC, p * NC + NC)
                    if c != self.primary and g.pos[c] > 0 and (g.pos[c] == s or g.pos[c] in near)]
            if not opts:
                self.phase = 1
            else:
                return Decision("manoeuvre", p, "Manoeuvre with which other character?", opts + [ALONE])
        mover = self.primary if self.phase == 1 else self.partner
        if mover < 0 or self.phase > 2:
            g.stack.pop()
            g.stack.append(Window(p, False, g))
            return None
        opts = [STAY]
        extra = self._extra(g, mover)
        cid = g.ids[mover]
        for t, climb in g.bd.steps[g.pos[mover]]:
            if not climb:
                opts.append(Action("step", (cid, t)))
            else:
                for name in extra:
                    opts.append(Action("step", (cid, t, name)))
        return Decision("manoeuvre", p, f"Where does {cid} step?", opts, {"character": cid})

    def _extra(self, g: "Game", mover: int) -> list[str]:
        p = self.p
        i = mover - p * NC
        cards = g.fd[p].cards
        out: list[str] = []
        special = False
        for k in sorted(g.hands[p]):
            if k >= FIRST_SPECIAL:
                if not special:
                    out.append(SPECIAL)
                    special = True
                continue
            c = cards[k]
            if c.shows >> i & 1 or c.joker == "manoeuvre" or any(
                    f == "manoeuvre" and g.pos[p * NC + j] > 0 for j, f in enumerate(c.flag)):
                out.append(c.id)
        return out

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "with":
            self.partner = char_code(g, a.args[0])
            self.phase = 1
            return
        if a.kind == "alone":
            self.phase = 1
            return
        if a.kind == "step":
            mover = char_code(g, a.args[0])
            if len(a.args) == 3:
                g.play_card(self.p, card_code(g, self.p, a.args[2]))
            g.move_to(mover, a.args[1], "manoeuvre")
        self.phase += 1
        if self.phase == 2 and self.partner < 0:
            self.phase = 3
