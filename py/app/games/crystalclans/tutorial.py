"""Crystal Clans' guided first game: a prepared position (Game.from_position) and a script of moves that
teaches, by doing, initiative and the turn passing, summoning, activating and moving, a battle with styles,
scoring a crystal and reshuffling. Each of the player's steps names the one move the table offers (the others
stay off), says what to do and why, and the next step's text says what happened. The other side's moves are
scripted too and played at a readable pace, so the lesson is the same every time.

Pure Python (no browser imports): the unit tests play the script through under CPython. The machinery is
app/tutorial.py's ScriptedTutorial. No engine import at the top: the start screen reads LEARN before any
engine loads.
"""
from __future__ import annotations

from ...i18n import N_, _
from ...tutorial import THEM, YOU, ScriptedTutorial, Step

LEARN = (N_("New to Crystal Clans?"), N_("A guided first game teaches the turn, summoning, moving, a battle, scoring "
                                         "and reshuffling, one step at a time (about 5 minutes)."))


POSITION = {
    "clans": ["flower", "stone"], "active": YOU, "token": 0, "seed": 7,
    "hands": [["flower.dandelion_knights"] * 3,
              ["stone.siege_towers", "stone.workers", "stone.stone_golem", "stone.ballista"]],
    "draw": [[], ["stone.sentinels"] * 3 + ["stone.lithomancers"] * 3],
    "discard": [["flower.rosepetal_dancers", "flower.menders", "flower.spirit_guide", "flower.pollen_fairies",
                 "flower.bumble_cavalry", "flower.dandelion_knights"], []],
    "squads": {"a_home": [["flower.dandelion_knights", "flower.dandelion_knights"], []],
               "c_west": [["flower.dandelion_knights"], []],
               "c_center": [[], ["stone.workers"]]},
    "crystal_row": ["crystal.sorens_bounty", "crystal.ember_crown", "crystal.tidestone"],
}


CARDS = {"knights": "flower.dandelion_knights", "golem": "stone.stone_golem", "workers": "stone.workers",
         "towers": "stone.siege_towers", "bounty": "crystal.sorens_bounty"}  # named in the texts, in the player's language


def numbers(g) -> dict:
    """The numbers the texts explain, from the game itself: the summon's costs, the battle's squads (view's
    board) and its result (view's last_battle: each side's units' attack, card bonus, enemy defense, damage)."""
    cs = g.cs
    knights, workers, towers = (cs.unit(CARDS[k]) for k in ("knights", "workers", "towers"))
    v = g.view(YOU)
    zone = v["board"]["c_center"]
    mine, theirs = zone["numbers"]
    count = len(zone["squads"][YOU]) or 3
    out = {"towers_cost": towers.summon, "workers_cost": workers.summon, "paid": towers.summon + workers.summon,
           "count": count, "attack": mine["attack"] if mine else count * knights.attack,
           "their_attack": theirs["attack"] if theirs else workers.attack, "their_defense": workers.defense,
           "top_defense": knights.defense}
    lb = v.get("last_battle") or {}
    arith = lb.get("arith") or [None, None]
    if arith[YOU] and arith[THEM]:
        a = arith[YOU]
        out.update(units=a["units"], bonus=a["card"], minus=a["enemy_defense"], damage=a["damage"],
                   their_damage=arith[THEM]["damage"])
    else:  # before the battle (the texts that use these come after it)
        out.update(units=out["attack"], bonus=0, minus=0, damage=0, their_damage=0)
    return out


STEPS: tuple[Step, ...] = (
    Step(YOU, "summon flower.dandelion_knights", N_(
        "Welcome! You play the Flower Clan (bottom), {them} plays the Stone Clan. The first to hold 4 crystals "
        "wins. Everything you do costs initiative: paying moves the token on the track toward your opponent, and "
        "once it passes the neutral middle her turn begins. Start by summoning: press “Summon {knights}” (it "
        "costs 2).")),
    Step(YOU, "done", N_(
        "One summon takes up to 3 units from your hand, paid together. One is enough now: press “Summon 1 unit”. "
        "Watch the token: 2 is more than the neutral middle allows, so the turn will pass to {them}.")),
    Step(THEM, "summon stone.siege_towers", N_(
        "The token passed the middle: it is {them}'s turn. {them} summons {towers}.")),
    Step(THEM, "pick stone.workers", N_("{them} adds {workers}: one summon takes up to 3 units.")),
    Step(THEM, "done", N_("{them} pays for both at once, {towers_cost} + {workers_cost} = {paid} initiative.")),
    Step(THEM, "keep", N_(
        "{them} keeps {towers} on top: the top unit takes damage first, and only its battlefield abilities "
        "count.")),
    Step(YOU, "activate a_home", N_(
        "The token is on your side again: your turn, and you may spend 3 before it passes. Now "
        "activate your squad at home (it costs its highest activation value, 1): an activated squad may move "
        "one zone and then battle there.")),
    Step(YOU, "move c_center", N_(
        "Move into the central crystal zone, where {them}'s {workers} stand. Crystal zones are the middle row: "
        "hold two of them and you may score crystals.")),
    Step(YOU, "battle", N_(
        "Battle {them}'s {workers}: both squads deal damage at once, your {count} {knights} attack with {attack}, "
        "the {workers} with {their_attack}. Damage destroys the top unit when it reaches the unit's defense ({workers} "
        "{their_defense}, yours {top_defense}). First each side plays a battle card from her hand.")),
    Step(YOU, "play flower.dandelion_knights", N_(
        "Both players now choose a battle card in secret. Styles decide which effect counts: Bold beats "
        "Guarded, Guarded beats Tricky, Tricky beats Bold. Your {knights} is Bold: if it beats "
        "{them}'s card, its left “Win” effect (+4 attack) applies. Play it.")),
    Step(THEM, "play stone.stone_golem", N_("{them} chooses a battle card in secret too.")),
    Step(THEM, "keep", N_(
        "The cards are revealed; the keep mark on {golem} lets {them} take it back into her hand.")),
    Step(YOU, "score crystal.sorens_bounty", N_(
        "{golem} is Guarded, which your Bold card beats: your +{bonus} attack counts, and its “Else” effect "
        "(+{minus} defense) takes {minus} off. {units} + {bonus} − {minus} = {damage} damage beats the {workers}' "
        "defense of {their_defense}: they are destroyed. Their {their_damage} damage is below your top unit's "
        "defense of {top_defense}: you lost no unit. With two crystal zones you may score: take {bounty} (cost 3)."
        )),
    Step(YOU, "done", N_(
        "Your first crystal! Its free replenish: discard any cards, then draw up to 5. Keep your card: press "
        "“Discard nothing and draw”.")),
    Step(YOU, "draw 4", N_(
        "Look at your draw pile: it is empty. Drawing from an empty pile reshuffles your discard pile into a new "
        "draw pile, and then your opponent scores a crystal for free. It cannot be helped now: draw 4 cards.")),
    Step(THEM, "score crystal.ember_crown", N_(
        "You reshuffled, so {them} scores a crystal for free: keep an eye on your draw pile.")),
)


DONE = N_("Well done: that is the whole game. You played a turn and passed it, summoned, activated and moved a "
          "squad, won a battle by its style, scored a crystal and saw what a reshuffle costs. Now you hold 1 of "
          "4 crystals and {them} holds 1. This practice table ends here: play a real game against the computer "
          "(easy, your Flower Clan against the Stone Clan), or go to the start screen to choose clans and "
          "players. The rules are always one click away.")


class Tutorial(ScriptedTutorial):
    """Crystal Clans' guided game: the Flower Clan against a scripted Stone Clan."""

    steps = STEPS
    done = DONE

    def __init__(self) -> None:
        import crystalclans as cc

        self.game = cc.Game.from_position(POSITION)

    @staticmethod
    def opponent() -> str:
        return _("Stone")

    @staticmethod
    def real_game() -> tuple[str, dict]:
        """The game its end hands over to (a game module's name, new_game's options): the same clans."""
        return "crystalclans", {"clans": ["flower", "stone"], "first": "0", "mulligan": False}

    def fields(self, g, names, words) -> dict:
        return {"them": names[THEM], **{k: words.unit_name(v) for k, v in CARDS.items()}, **numbers(g)}
