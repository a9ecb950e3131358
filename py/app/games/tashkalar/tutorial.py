"""Tash-Kalar's guided first game: one turn of the High Form from a prepared position (Game.from_position), in
which the player places a common piece, summons a being whose pattern fits only turned a quarter, makes its
effect's choice, lights a flare by the half whose condition is met and claims a task at the turn's end. The
other side's move before it is scripted too. The machinery is app/tutorial.py's (ScriptedTutorial): each of
the player's steps offers its one move (the arena lights only its square), says what to do and why, and the
next step says what happened; the end hands over to a real High Form game against the easy computer.

No engine import at the top: the start screen reads LEARN before any engine loads.
"""
from __future__ import annotations

from ...i18n import N_, _
from ...tutorial import THEM, YOU, ScriptedTutorial, Step

DECKS = ["northern", "highland"]  # the player's (seat 0: blue circles) and the other side's (gold squares)

POSITION = {
    "mode": "high_form", "decks": DECKS, "active": THEM, "turn": 7, "actions_left": 1, "seed": 11,
    "board": {"d5": "0c", "c8": "0c", "g2": "0c", "h7": "0c",
              "e2": "1c", "e3": "1c", "f3": "1c", "g4": "1h", "b5": "1c", "b6": "1c", "c6": "1c", "h5": "1c",
              "g6": "1c", "d7": "1c", "e7": "1c", "f7": "1c"},
    "hands": [["imperial/swordmaster", "imperial/knight", "imperial/herald", "flare/01"],
              ["highland/clan-axeman", "highland/hill-giant", "highland/wolf-rider"]],
    "tasks_up": ["task/red-conquest", "task/destruction", "task/diagonals"],
}
BEING, FLARE, TASK = "imperial/swordmaster", "flare/01", "task/red-conquest"

LEARN = (N_("New to Tash-Kalar?"),
         N_("A guided first game plays one turn of the High Form with you: placing a piece, summoning a being by "
            "its pattern turned, the being's effect, a flare and a task, one step at a time (about 3 minutes)."))

STEPS: tuple[Step, ...] = (
    Step(THEM, "place f6", N_(
        "Welcome to Tash-Kalar! You play the Northern Imperial deck, the blue circles; {them} plays the gold "
        "squares. This is the High Form: you score by claiming tasks, and each legendary piece of yours in the "
        "arena counts 1 point; at 9 points the game's end begins. A turn has 2 actions. {them} is taking the "
        "last action of a turn: a common piece on f6…")),
    Step(YOU, "place f5", N_(
        "…and the turn passes to you, with 2 actions. An action places a common piece on any empty square, "
        "summons a being from your hand, or discards a card. {being}, in your hand, needs pieces of yours on "
        "both sides of its square, and d5 is yours already. Place a common piece on f5: press the lit square "
        "or the button.")),
    Step(YOU, "summon " + BEING, N_(
        "Your pieces on d5 and f5 now stand on both sides of e5. Your second action: summon {being}. A being's "
        "card shows its pattern, the squares where your pieces must stand around the square the being goes "
        "on; open the card in your hand to see it.")),
    Step(YOU, "at e5 1", N_(
        "{being} fits on e5, the only lit square. The card draws its pattern upright: one of your pieces above "
        "the being and one below. Yours stand left and right of e5, so here the pattern fits turned a quarter. "
        "A pattern counts turned to every side and mirrored as well, so the table offers each orientation that "
        "fits (this one is “orientation 2”); point at e5 to see the squares it uses. Summon on e5.")),
    Step(YOU, "pick f6", N_(
        "{being} stands on e5 as a common piece of yours, and its effect happens now: it may destroy one enemy "
        "common piece diagonally next to it, and if it does, it is upgraded to a heroic piece (★). The piece "
        "{them} put on f6 stands diagonally next to it: choose f6.")),
    Step(YOU, "light " + FLARE, N_(
        "Your {being} is heroic now, on a red square. Both actions are used, but a flare may still be lit: "
        "lighting one is not an action, and it may come before or after any action of your turn. A flare has "
        "two halves, each with a condition that compares you with your opponent. The top half (▲) of {flare} "
        "needs {them} to have at least 3 upgraded pieces more than you: {them} has {their_up}, you have "
        "{my_up}, so no. The bottom half (▼) needs at least 6 pieces more in all: {them} has {their_all}, you "
        "have {my_all}, so yes. Only a half whose condition is met takes effect. Light {flare}.")),
    Step(YOU, "pick d2", N_(
        "Its bottom half takes effect: place one of your heroic pieces on any empty square. Choose d2, another "
        "red square: it completes a task.")),
    Step(YOU, "claim " + TASK, N_(
        "That was your turn, and the end of your turn is when the High Form lets you claim one task you have "
        "met. {task} asks: “{condition}” Your heroic pieces on e5 and d2 and your common piece on c8 stand on "
        "red squares. Claim it: it is worth 2 points, and a new task takes its place. Your score is the points "
        "of the tasks you claimed plus 1 for each legendary piece of yours in the arena.")),
)

DONE = N_("Well done: that was a whole turn of Tash-Kalar. You placed a common piece, summoned a being with its "
          "pattern turned, chose its effect, lit a flare by the half whose condition was met and claimed a task: "
          "you have {score} points, and it is {them}'s turn. This practice table ends here: play a real High Form "
          "game against the computer (easy, Northern Imperial against Highland), or go to the start screen to "
          "choose the mode, the decks and the players.")


class Tutorial(ScriptedTutorial):
    """Tash-Kalar's guided game: a High Form turn of the Northern Imperial deck against a scripted Highland."""

    steps = STEPS
    done = DONE

    def __init__(self) -> None:
        import tashkalar as tk

        self.game = tk.Game.from_position(POSITION)

    @staticmethod
    def opponent() -> str:
        return _("Highlander")

    @staticmethod
    def real_game() -> tuple[str, dict]:
        """The game its end hands over to: a High Form game of the same decks, the player first."""
        return "tashkalar", {"mode": "high_form", "decks": list(DECKS), "first": 0}

    def offer(self, view: dict, g) -> dict:
        """Only the taught move: in the buttons and in the arena, whose lit squares come from the decision's
        options (a summon's placements too)."""
        view = super().offer(view, g)
        allowed = self.allowed(g)
        d = view.get("decision")
        if isinstance(d, dict) and "options" in d:
            d = view["decision"] = dict(d, options=[o for o in d["options"] if o in allowed])
            places = (d.get("info") or {}).get("placements")
            if places:
                d["info"] = dict(d["info"], placements={k: v for k, v in places.items() if f"at {k}" in allowed})
        return view

    def fields(self, g, names, words) -> dict:
        from .cards import card_name, task_condition, task_name

        mine, theirs = g.colour[YOU], g.colour[THEM]
        return {"them": names[THEM], "being": card_name(BEING), "flare": card_name(FLARE), "task": task_name(TASK),
                "condition": task_condition(TASK), "my_all": g.count(mine), "their_all": g.count(theirs),
                "my_up": g.count(mine, upgraded=True), "their_up": g.count(theirs, upgraded=True),
                "score": g.scores[YOU]}
