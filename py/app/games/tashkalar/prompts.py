"""The Tash-Kalar engine's questions in the player's language.

The engine asks in plain English (`decision.prompt`); the table shows that prompt in English and words it
again in any other language: the prompts with values in them by their shape (PATTERNS), the fixed ones
through the catalog (FIXED), names of cards and squares kept. A prompt the table does not know (a new one
in the engine) falls back to its decision kind's words (KINDS), so no English shows in another language;
tests/unit/test_tashkalar_words.py plays games in every mode and school and fails on any such prompt.
"""
from __future__ import annotations

import re

from ...i18n import N_, _, language

HOW = {"combat move": N_("it makes a combat move"), "standard move": N_("it makes a standard move"),
       "combat leap": N_("it makes a combat leap"), "standard leap": N_("it makes a standard leap")}
HOW_TO = {"combat move": N_("Choose a piece to make a combat move"),
          "standard move": N_("Choose a piece to make a standard move"),
          "combat leap": N_("Choose a piece to make a combat leap"),
          "standard leap": N_("Choose a piece to make a standard leap")}
PATTERNS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^Choose an action \((?P<n>\d+) left\)$"), N_("Choose an action ({n} left)")),
    (re.compile(r"^Your partner's turn: put a common piece \((?P<n>\d+) left\)$"),
     N_("Your partner's turn: put a common piece ({n} left)")),
    (re.compile(r"^Choose where to summon (?P<card>.+): the being's square and the pattern's orientation \(or cancel\)$"),
     N_("Choose where to summon {card}: the being's square and the pattern's orientation (or cancel)")),
    (re.compile(r"^No common piece is left in your supply: choose a piece of yours to move to (?P<square>[a-i]\d) as a "
                r"common piece$"),
     N_("No common piece is left in your supply: choose a piece of yours to move to {square} as a common piece")),
    (re.compile(r"^Your supply has no piece for (?P<card>.+): choose one of your pieces \(not of the pattern\) to "
                r"become it$"),
     N_("Your supply has no piece for {card}: choose one of your pieces (not of the pattern) to become it")),
    (re.compile(r"^Choose where the piece on (?P<square>[a-i]\d) goes: (?P<how>it makes a (?:combat|standard) "
                r"(?:move|leap))$"), N_("Choose where the piece on {square} goes: {how}")),
    (re.compile(r"^Start mark (?P<i>\d+) of (?P<n>\d+): put a common piece of a colour not yet placed on one of its "
                r"two squares$"),
     N_("Start mark {i} of {n}: put a common piece of a colour not yet placed on one of its two squares")),
]
FIXED = (
    N_("Light a flare, or end your turn"),
    N_("Put cards from your hand under their decks, one at a time, then done"),
    N_("Claim a task you have met (one), or skip"),
    N_("Choose the start square of your own common piece (the opponent's goes on the other)"),
    N_("Choose the enemy colour of your point for single common pieces destroyed"),
    N_("Choose the enemy colour of your point for a legend summoned"),
    N_("Choose the enemy colour this effect acts on"),
    N_("Choose the card in your discard pile whose warp effect happens now"),
    N_("Choose the colourless square where the held piece lands"),
    N_("Discard one card from your hand (or skip)"),
    N_("Choose an empty colourless square for a common piece of yours"),
    N_("Choose where your new piece makes its combat move"),
    N_("Choose the first piece to make a combat move"),
    N_("Choose where it goes (the second piece then moves the opposite way)"),
    N_("Choose the second piece: it makes a combat move the opposite way"),
    N_("Choose an empty colourless square: the common pieces next to it move onto it"),
    N_("Choose the next common piece to move onto the square"),
    N_("Choose a piece on the marked side to mirror (one heroic, or up to two common pieces), or done"),
    N_("Choose a card of your discard pile whose frozen effect goes into play, or skip"),
    N_("Discard your flare (or skip)"),
    N_("You may have one frozen effect in play: choose the one to keep"),
    N_("Choose an empty square next to the Gateway for a common piece of yours"),
    N_("Choose a card of your discard pile to put on top of your deck (you draw one card more at the end of the "
       "turn), or skip"),
    N_("Choose a marked direction to fire along"),
    N_("Choose a marked direction to move along"),
    N_("Choose the direction the piece slides in"),
    N_("Choose a common piece next to the Frost Imp to slide"),
    N_("Choose a common piece of this enemy colour to upgrade"),
    N_("Choose a common piece of yours to destroy"),
    N_("Choose a common piece of yours to upgrade"),
    N_("Choose a piece of yours to trade squares"),
    N_("Choose a piece on a colourless square to hold on the Merchant"),
    N_("Choose a square to convert"),
    N_("Choose a square to destroy"),
    N_("Choose a square to put a common piece on"),
    N_("Choose a square to put an enemy common piece on"),
    N_("Choose a square to upgrade"),
    N_("Choose an empty square for your common piece"),
    N_("Choose an empty square next to an enemy piece"),
    N_("Choose an enemy common piece to upgrade"),
    N_("Choose one of your pieces"),
    N_("Choose the enemy piece it trades squares with"),
    N_("Choose the piece of yours that becomes the Gateway"),
    # the choices of the cards' effects (their options: CHOICES)
    N_("Which enemy pieces move: its commons (3 at most) or its heroes (2 at most)?"),
    N_("Downgrade the Gryphon Rider to put a common piece next to it?"),
    N_("Your other pieces make either one combat move or up to two standard moves"),
    N_("Choose: the Unicorn may make a combat move, or you gain an action"),
    N_("Destroy every enemy non-legendary piece adjacent, or every enemy common piece within distance 2"),
    N_("Downgrade up to 3 connected upgraded pieces, or destroy up to 4 connected common pieces"),
    N_("Choose the rank of the piece you put down (or skip)"),
    N_("Put a common piece of yours on an empty square, or convert an enemy common piece"),
    N_("A common piece of yours makes a standard move, or you upgrade one"),
    N_("Put a common piece of yours on an empty square, or upgrade one"),
    N_("Your non-legendary pieces make one combat move or up to two standard moves (or skip)"),
    N_("Downgrade the Everfrost Sentinel so that every other player has one action fewer next turn?"),
    N_("Go one square further to destroy the legendary piece there (the Glacier Giant is destroyed too)?"),
    N_("Upgrade a common piece of yours or put a new one: it becomes the Gateway"),
    N_("Return your pending being to your hand, or move the Warpmaster"),
    N_("Do the Eternal Emperor's warp effect now?"),
    N_("Put a common piece of yours on an empty square, move a common piece of yours (combat move) or an upgraded "
       "one (standard move)"),
    N_("Discard your pending being?"),
    N_("Copy a warp effect from your discard pile, or move the Ziggurat Sentinel"),
    N_("Destroy a legendary piece next to the Iris, or upgrade the Iris"),
    N_("One of your non-legendary pieces makes one combat move or up to two standard moves"),
)
_FIXED = frozenset(FIXED)
KINDS = {"action": N_("Choose an action"), "choose": N_("Choose one"), "colour": N_("Choose a colour"),
         "direction": N_("Choose a direction"), "move": N_("Choose where the piece goes"),
         "mover": N_("Choose a piece to move"), "pick": N_("Choose a square"),
         "placement": N_("Choose where to summon the being"), "point": N_("Choose the colour of your point"),
         "return_cards": N_("Put cards under their decks, then done"), "start_squares": N_("Choose a start square"),
         "take": N_("Choose one of your pieces"), "task": N_("Claim a task, or skip")}
# the options of a card's choice ("choose combat"), by their key
CHOICES = {"action": N_("Gain an action"), "adjacent": N_("The adjacent pieces"), "combat": N_("Combat move"),
           "common": N_("A common piece"), "commons": N_("Common pieces"), "convert": N_("Convert"),
           "copy": N_("Copy a warp effect"), "crush": N_("Go on and destroy"), "destroy": N_("Destroy"),
           "discard": N_("Discard"), "downgrade": N_("Downgrade"), "heroes": N_("Heroic pieces"),
           "heroic": N_("A heroic piece"), "keep": N_("Keep"), "legendary": N_("A legendary piece"),
           "move": N_("Move"), "near": N_("The pieces within distance 2"), "place": N_("Put a piece"),
           "return": N_("Back to the hand"), "skip": N_("Skip"), "standard": N_("Standard moves"),
           "stop": N_("Stop"), "upgrade": N_("Upgrade"), "upgraded": N_("An upgraded piece"),
           "warp": N_("Do the warp effect")}
_LEFT = re.compile(r"^(?P<text>.+) \((?P<n>\d+) left\)$")
_SUFFIXES = ((" (or done)", N_("{prompt} (or done)")), (", or done", N_("{prompt}, or done")))


def _english_card(name: str) -> str:
    """A card's name in the player's language, from its English name in a prompt."""
    from tashkalar.content import CARDS_T

    from .cards import card_name

    return next((card_name(c.id) for c in CARDS_T if c.name == name), name)


def word(prompt: str, kind: str = "") -> "str | None":
    """The prompt in the player's language, or None when the table does not know it."""
    for pattern, message in PATTERNS:
        m = pattern.match(prompt)
        if m:
            values = m.groupdict()
            if "card" in values:
                values["card"] = _english_card(values["card"])
            if "how" in values:
                values["how"] = _(HOW[values["how"].removeprefix("it makes a ")])
            return _(message).format(**values)
    if prompt in _FIXED:
        return _(prompt)
    for suffix, message in _SUFFIXES:
        if prompt.endswith(suffix):
            inner = word(prompt[: -len(suffix)], kind)
            return _(message).format(prompt=inner) if inner is not None else None
    m = _LEFT.match(prompt)
    if m:
        inner = word(m["text"], kind)
        return _("{prompt} ({n} left)").format(prompt=inner, n=m["n"]) if inner is not None else None
    how = prompt.removeprefix("Choose a piece to make a ")
    if how in HOW_TO:
        return _(HOW_TO[how])
    return None


def prompt_words(decision: dict) -> str:
    """What the table asks: the engine's prompt in English, its words in any other language (the kind's
    words where the table does not know the prompt)."""
    prompt = str(decision.get("prompt") or "")
    if language() == "en":
        return prompt
    said = word(prompt, decision.get("kind", ""))
    return said if said is not None else _(KINDS.get(decision.get("kind", ""), N_("Choose")))


def choice_words(key: str) -> str:
    """The words of a card's choice option ("choose combat" -> "Combat move")."""
    return _(CHOICES[key]) if key in CHOICES else key
