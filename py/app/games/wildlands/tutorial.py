"""Wildlands' guided first game: one turn of the Guild of Mages on the Dungeon and the start of the Gnomads' turn,
from a prepared position (Game.from_position). The player reveals a figure (the compulsory reveal), moves with a
card, picks up a shard paying three cards, shoots an enemy who defends with a card (the defence table), ends the
turn, and interrupts the other side's move with a special card to strike back. The other side's answers (every
"interrupt?" window, the defence) are scripted and told in whole sentences. The machinery is app/tutorial.py's
(ScriptedTutorial): each of the player's steps offers its one move (the board lights only its space), says
what to do and why; the end hands over to a real game of the same factions against the easy computer.

No engine import at the top: the start screen reads LEARN before any engine loads.
"""
from __future__ import annotations

from ...i18n import N_, _
from ...tutorial import THEM, YOU, ScriptedTutorial, Step

FACTIONS = ["guild", "gnomads"]  # the player's (seat 0, purple circles) and the other side's (green squares)
BOARD = "dungeon"

POSITION = {
    "board": BOARD, "factions": FACTIONS, "active": YOU, "turn": 1, "seed": 29, "must_reveal": True,
    "characters": {"lunk": 12, "owl_sage": "hidden 18", "hedge_witch": "hidden 36", "pyromancer": "hidden 42",
                   "archivist": "hidden 7",
                   "tak": 4, "elsie": 2, "automate": 33, "wagon_smith": 40, "scout": 26},
    "shards": [[11, 29, 35], [5, 38, 14]],
    "hands": [["c23", "c24", "c12", "c13", "c5", "c2", "s"], ["c23", "c19", "c8", "c9", "c20"]],
    "draws": [["c3", "c4", "c6", "c7", "c8", "c9"], ["c1", "c2", "c3", "c4", "c5", "c6"]],
}
SHOOTER, TARGET, ELSEWHERE = "owl_sage", "scout", "automate"  # the shot, and an enemy the shooter cannot see

LEARN = (N_("New to Wildlands?"),
         N_("A guided first game plays a turn with you: revealing a figure, moving, picking up a shard, an attack "
            "the other side defends, and an interrupt, one step at a time (about 3 minutes)."))

STEPS: tuple[Step, ...] = (
    Step(YOU, "reveal owl_sage", N_(
        "Welcome to Wildlands! You lead the Guild of Mages (purple circles); {them} leads the Gnomads (green "
        "squares). The first to 5 points wins: a point for each of your shards you pick up and for each enemy "
        "you knock out. Your figures still waiting on their cards are drawn dashed where they will appear, and "
        "only you can see that. While any figure of yours waits, each turn begins by revealing at least one: "
        "reveal the {shooter} (on space 18).")),
    Step(YOU, "move c23 lunk 11", N_(
        "The {shooter} stands on the board now; a reveal is free and no one may interrupt it. Everything else "
        "is done with the cards in your hand: a card shows symbols of some of your characters, and each symbol "
        "moves that character one space. {lunk} stands next to your purple shard on space 11: play card 23, "
        "which shows his symbol, to move him there.")),
    Step(THEM, "pass", N_(
        "After every action the other players are asked, one by one, whether they interrupt; {them} passes.")),
    Step(YOU, "pickup lunk", N_(
        "{lunk} stands on one of your own shards. Picking it up costs three cards that all show the symbol of "
        "the character who picks it up. Pick up the shard.")),
    Step(YOU, "pay c24", N_("Pay the three cards one at a time: first card 24…")),
    Step(YOU, "pay c12", N_("…then card 12…")),
    Step(YOU, "pay c13", N_("…and card 13, the third card with {lunk}'s symbol.")),
    Step(THEM, "pass", N_("Your first point! {them} is asked again and passes.")),
    Step(YOU, "ranged c5 owl_sage scout", N_(
        "Now an attack. Next to a symbol a card may show an action: card 5 shows a ranged attack (➶) for the "
        "{shooter}. A ranged attack needs a line of sight: walls block it, and so does a cover space crossed "
        "completely on the way. Point at a figure on the board to see the line from the {shooter} and, for "
        "one she cannot hit (like the {elsewhere} on 33), why. Shoot the {scout} on space 26.")),
    Step(THEM, "defend c19", N_(
        "The owner of every character attacked may defend with a card, and is asked at every attack whatever "
        "the hand holds. The defence table: a melee attack is stopped by a melee card, a ranged attack by "
        "cover (only on a cover space) or a shield, an area attack by a shield. The {scout} stands on a cover "
        "space, and {them} plays a card with the {scout}'s cover action…")),
    Step(THEM, "pass", N_("…so the shot does no damage; then {them} passes in the window.")),
    Step(YOU, "end", N_(
        "The cover saved the {scout}. You may go on as long as your cards allow, but that is enough for a first "
        "turn: end it. You keep your cards and draw three.")),
    Step(THEM, "pass", N_("{them} could interrupt even the end of your turn, but passes…")),
    Step(THEM, "move c23 tak 11", N_("…and it is {them}'s turn: {tak} walks onto {lunk}'s space, 11…")),
    Step(YOU, "interrupt", N_(
        "…and now you are asked whether to interrupt. A special card (★) in your hand lets you: you play it, "
        "act as on your own turn in the middle of {them}'s, and then play returns to {them}. Interrupt!")),
    Step(YOU, "melee c2 lunk gnomads", N_(
        "You are interrupting. {tak} came within reach: a melee attack (⚔) hits a character on the attacker's "
        "own space. Card 2 shows one for {lunk}: strike {tak}.")),
    Step(THEM, "pass", N_("{them} holds no melee card for {tak} and does not defend…")),
    Step(THEM, "pass", N_("…{tak} takes 1 damage (the red badge), and {them} passes in the window.")),
    Step(YOU, "end", N_(
        "Your interrupt may go on with more cards, or end: end it, and play returns to {them}'s turn.")),
)

DONE = N_("Well done: that is how Wildlands is played. You revealed a figure, moved, picked up a shard (1 point), "
          "shot across the board and saw the defence table at work, and interrupted {them}'s turn to strike. "
          "This practice table ends here: play a real game against the computer (easy, your Guild against the "
          "Gnomads on the Dungeon), or go to the start screen to choose the board, the factions and the players.")


class Tutorial(ScriptedTutorial):
    """Wildlands' guided game: a Guild turn on the Dungeon against scripted Gnomads."""

    steps = STEPS
    done = DONE

    def __init__(self) -> None:
        import wildlands as wl

        self.game = wl.Game.from_position(POSITION)

    @staticmethod
    def opponent() -> str:
        return _("Gnome")

    @staticmethod
    def real_game() -> tuple[str, dict]:
        """The game its end hands over to: the same board and factions, the player first."""
        return "wildlands", {"board": BOARD, "factions": list(FACTIONS), "first": 0}

    def fields(self, g, names, words) -> dict:
        from .table import char_name

        def short(cid: str) -> str:  # "Lunk, the librarian": Lunk
            return char_name(cid).split(",")[0]

        return {"them": names[THEM], "shooter": short(SHOOTER), "scout": short(TARGET),
                "elsewhere": short(ELSEWHERE), "lunk": short("lunk"), "tak": short("tak")}
