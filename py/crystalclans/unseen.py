"""The moves of a seat this game cannot see (a one-sided game, privacy.py), applied as her page sends them.

`apply_unseen(g, action)` takes her move in its wire form (privacy.wire_text) and applies it to a copy
first, so a move that cannot be made leaves the game as it was and raises IllegalAction:
* a move this game can check as it is (a count, a zone, a public card, or a '?' pick that stays hidden for
  good: a mulligan's return, a look at her own draw pile) is applied as the options allow;
* a move naming a card of her hidden hand (a summon, a pick, a battle card, a replenish's discard, a free
  summon) first turns one placeholder of her hand into that card, if her deck still has a copy unaccounted
  for, and is then applied as the options, computed again, allow;
* a reveal (reveals.py) fills the placeholders it shows; a card it shows where this game knows the card
  must be that card, and every card it adds must be one her deck still has unaccounted for;
* a selection she made and cancelled ('summon ?', 'pick ?' ... 'cancel'; after 'replenish': 'discard ?' ...
  'cancel') changes nothing but the log: UnseenPicksFrame asks what her own frame asked, so the two games'
  logs, hidden entries and decisions stay aligned.
Afterwards no placeholder may stand anywhere public (a discard pile, a squad, a revealed battle card).

This game can refuse only what is impossible given what it knows. Everything it accepted is checked again
at the end, when the audit (audit.py) replays the whole game with both private seeds.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gamecore.frames import Frame

from .actions import Action, Decision, IllegalAction, action_text, normalize, read_token
from .hand import CANCEL, DONE, ReplenishFrame
from .privacy import UNKNOWN_ID, is_redacted, wire_text
from .reveals import HAND, PILE, RevealFrame

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

#: (decision kind, move kind) where a '?' move is the whole truth the other seat gets: its card stays hidden
#: for good and lands in a hidden place (her hand or her draw pile).
HIDDEN_FOR_GOOD = {("mulligan", "return"), ("scry_take", "take"), ("scry_order", "first"),
                   ("scry_order", "bottom")}
PICK_PROMPTS = {"summon": ("pick", "Summon: pick more units (up to 3) or done"),
                "replenish": ("discard", "Replenish: choose cards to discard, then done")}


def apply_unseen(g: "Game", action: Any) -> None:
    """Apply the unseen seat's move `action` (its text or an Action) to g, or raise IllegalAction and leave
    g as it was."""
    if isinstance(action, Action):
        text = action_text(action)
    else:
        text = action if isinstance(action, str) else None
    if text is None:
        raise IllegalAction(f"{action!r:.60} is not a move (a move is its text, or an Action)")
    text = normalize(text)
    trial = g.clone()
    try:
        _take(trial, text)
    except IllegalAction:
        raise
    except (KeyError, ValueError, IndexError, StopIteration, TypeError, AttributeError) as e:  # names nothing there
        raise IllegalAction(f"'{text[:60]}' cannot be applied here ({type(e).__name__}: {e})") from None
    public = placeholders_in_public(trial)
    if public:
        raise IllegalAction(f"'{text[:60]}' would make a card public without showing it ({public[0]})")
    g.become(trial)


def _take(g: "Game", text: str) -> None:
    d = g.decision
    assert d is not None
    kind, _, rest = text.partition(" ")
    args = rest.split()
    top = g.stack[-1]
    if d.kind == "reveal":
        if is_redacted(text):
            raise IllegalAction("a reveal names the cards it shows")
        fill_reveal(g, top, args)
        recompute(g)
        apply_option(g, text)
        return
    if isinstance(top, UnseenPicksFrame):
        apply_option(g, text)
        return
    if is_redacted(text):
        if d.kind == "action" and kind == "summon" and rest == UNKNOWN_ID:
            _start_picks(g, d.player, "summon", text)
        elif d.kind == "replenish" and kind == "discard" and rest == UNKNOWN_ID and isinstance(top, ReplenishFrame) \
                and not top.free and not top.chosen:
            _start_picks(g, d.player, "replenish", text)
        elif (d.kind, kind) in HIDDEN_FOR_GOOD:
            apply_option(g, text)
        else:
            raise IllegalAction(f"'{text[:60]}' hides a card where the rules show it")
        return
    try:
        apply_option(g, text)
        return
    except IllegalAction:
        if not materialize(g, d.player, args):
            raise
    recompute(g)
    apply_option(g, text)


def apply_option(g: "Game", action: Any) -> None:
    """Game.apply's own path (the option matched, logged, chosen, the game advanced), for a move this game
    can check."""
    d = g.decision
    chosen = g._match(d.options, action)
    frame = g.stack[-1]
    g.log.append(str(chosen))
    if d.secret:
        g.revealed()
    frame.choose(g, chosen)
    g._advance()


def recompute(g: "Game") -> None:
    """Ask the pending question again (its frame's options), after placeholders became cards."""
    g.decision = None
    g._legal = None
    g._advance()


def unaccounted(g: "Game", p: int) -> Counter:
    """The cards of p's deck this game cannot place: what her placeholders may be."""
    deck = Counter(k * 2 + p for k in g.cs.deck(g.setup["clans"][p]))
    unk = g.secrecy.unknown[p]
    deck.subtract(c for c in g.all_cards(p) if c != unk)
    return +deck


def unknown_cards(g: "Game", p: int) -> list[str]:
    """The unit ids p's placeholders may be (one entry per copy), or [] where the game sees p."""
    if g.secrecy is None or g.secrecy.sees(p):
        return []
    return sorted(g.U[c >> 1].id for c in unaccounted(g, p).elements())


def materialize(g: "Game", p: int, args: list[str]) -> bool:
    """Turn a placeholder of p's hand into the card her move names; False if the move names none that could
    come from her hidden hand. Raises IllegalAction if her deck has no copy of it left unaccounted for."""
    unk = g.secrecy.unknown[p]
    hand = g.hands[p]
    if unk not in hand or "from" in args:  # "... from discard": a public card
        return False
    for a in args:
        uid, owner, pos = read_token(a)
        if pos is not None or uid not in g.cs.unit_index:
            continue
        code = g.cs.unit_index[uid] * 2 + (p if owner is None else owner)
        if code & 1 != p:
            return False
        if unaccounted(g, p)[code] <= 0:
            raise IllegalAction(f"seat {p} cannot hold {uid}: every copy of it is accounted for")
        hand[hand.index(unk)] = code
        return True
    return False


def fill_reveal(g: "Game", frame: Frame, args: list[str]) -> None:
    """Fill the placeholders a reveal shows (see the module docstring); raises IllegalAction if it cannot be
    true."""
    assert isinstance(frame, RevealFrame)
    p = frame.p
    try:
        codes = [g.code_of(t, p) for t in args]
    except KeyError:
        raise IllegalAction(f"the reveal names an unknown card: {' '.join(args)[:80]}") from None
    if any(c & 1 != p for c in codes):
        raise IllegalAction("a reveal shows only the revealing player's own cards")
    unk = g.secrecy.unknown[p]
    pool = unaccounted(g, p)
    if frame.what == HAND:
        hand = g.hands[p]
        if len(codes) != len(hand):
            raise IllegalAction(f"her hand holds {len(hand)} cards, the reveal shows {len(codes)}")
        known = Counter(c for c in hand if c != unk)
        given = Counter(codes)
        if known - given:
            raise IllegalAction("the reveal leaves out a card her hand is known to hold")
        new = given - known
        _check_pool(g, p, new, pool)
        g.hands[p] = [c for c in hand if c != unk] + sorted(new.elements())
        return
    if frame.what == PILE:
        pile = g.draws[p]
        slots = [(pile, len(pile) - 1 - k) for k in range(min(frame.n, len(pile)))]
    else:
        slots = [(g.battle.cards, p)] if g.battle is not None and g.battle.cards[p] >= 0 else []
    if len(codes) != len(slots):
        raise IllegalAction(f"the reveal should show {len(slots)} cards, not {len(codes)}")
    new = Counter()
    for (seq, i), c in zip(slots, codes):
        if seq[i] == unk:
            new[c] += 1
        elif seq[i] != c:
            raise IllegalAction(f"the reveal shows {g.unit_id(c)} where this game knows {g.unit_id(seq[i])}")
    _check_pool(g, p, new, pool)
    for (seq, i), c in zip(slots, codes):
        seq[i] = c


def _check_pool(g: "Game", p: int, new: Counter, pool: Counter) -> None:
    over = new - pool
    if over:
        raise IllegalAction(f"seat {p} cannot hold {g.unit_id(next(iter(over)))}: every copy of it is accounted for")


def _start_picks(g: "Game", p: int, kind: str, text: str) -> None:
    g.log.append(text)
    if kind == "summon":
        g.stack.pop()  # the action choice (TurnFrame), as a summon's own frame replaces it
        if g.events is not None:
            g.note("action", p, "summon")
    g.mark_secret(1 - p, "selection")
    g.stack.append(UnseenPicksFrame(p, kind, 1))
    g._advance()


class UnseenPicksFrame(Frame):
    """A summon or a replenish of the unseen seat p whose picks stay hidden for good: it was cancelled, so it
    changes nothing. Asks what SummonFrame or ReplenishFrame asked her: another '?' pick, done (a summon that
    could go elsewhere than home then asks its zone, where it was cancelled) or cancel."""

    __slots__ = ("p", "kind", "picks", "stage")

    def __init__(self, p: int, kind: str, picks: int, stage: int = 0) -> None:
        self.p, self.kind, self.picks, self.stage = p, kind, picks, stage

    def run(self, g: "Game") -> Decision:
        if self.stage == 1:
            return Decision("summon_zone", self.p, "Summon: choose the zone the units go to", [CANCEL], {},
                            private=True)
        verb, prompt = PICK_PROMPTS[self.kind]
        more = self.kind != "summon" or self.picks < g.cs.summon_max
        opts = ([DONE] if self.kind == "summon" else []) + ([Action(verb, (UNKNOWN_ID,))] if more else []) + [CANCEL]
        return Decision(self.kind, self.p, prompt, opts, {}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            self.stage = 1
            return
        if a.kind != "cancel":
            self.picks += 1
            g.mark_secret(1 - self.p, "selection")
            return
        g.stack.pop()
        if self.kind == "replenish":
            g.stack.pop()  # the replenish's own frame: nothing was paid or discarded
        g.release_secrets("selection", keep_hidden=True)
        if g.events is not None:
            g.note("cancelled", self.p)


def placeholders_in_public(g: "Game") -> list[str]:
    """Where a placeholder stands in a public place (none in a sound one-sided game)."""
    unk = set(g.secrecy.unknown)
    out = []
    for p in (0, 1):
        if unk.intersection(g.discards[p]):
            out.append(f"seat {p}'s discard pile")
        if unk.intersection(g.removed[p]):
            out.append(f"seat {p}'s cards out of the game")
        for z, sq in enumerate(g.squads[p]):
            if unk.intersection(sq):
                out.append(f"seat {p}'s squad in {g.zone_id(z)}")
    b = g.battle
    if b is not None and b.revealed and unk.intersection(b.cards + b.played):
        out.append("a revealed battle card")
    return out


def known_by(full: "Game", p: int) -> "Game":
    """The game seat p's page holds: full's setup with only p's private seed, and full's moves as p received
    them (her own as they are, the other's in their wire form), up to the first entry she cannot have yet
    (the other's selection still open, or her secret pick before its reveal)."""
    seeds = full.setup.get("private_seeds")
    if seeds is None or None in seeds:
        raise ValueError("known_by needs a full game with both private seeds")
    setup = dict(full.setup, private_seeds=[s if x == p else None for x, s in enumerate(seeds)])
    g = type(full).from_setup(setup, card_set=full.cs)
    ref = type(full).from_setup(full.setup, card_set=full.cs)
    for i, text in enumerate(full.log):
        if ref.decision.player == p:
            g.apply(text)
        else:
            s = full.secret_log.get(i)
            if s is not None and s[0] == p and s[1] != "never":
                break
            g.apply(wire_text(full, i, p))
        ref.apply(text)
    return g
