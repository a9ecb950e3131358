"""Wildlands' rules reference, in our own words, as the engine plays them (py/wildlands: rules W1-W63 and the
rulings in its package docstring). Entries are app.rules_ref.Entry, laid out by render.rules_modal like the
other games'; `group` is the English key (render translates it)."""
from __future__ import annotations

from ...i18n import N_, _
from ...rules_ref import Entry

# (id, title, text, group): catalog messages
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("goal", N_("Goal of the game"),
     N_("<p>Two to four factions of five characters each. You score 1 point for each of your own crystal shards a "
        "character of yours picks up and 1 point for each enemy character you knock out. The first player to reach "
        "<b>5 points</b> wins at once, even in another player's turn.</p><p>When a player has lost every "
        "character, the game ends: the best score among the players who still have characters wins. On a tie "
        "for it, play goes on until one of them leads alone.</p>"), "Rules"),
    ("board", N_("The board: spaces, walls, cover, high ground"),
     N_("<p>Two boards of 42 numbered spaces: the Dungeon and the Ruins. Two spaces are next to each other only "
        "where a thin line separates them; everywhere else a wall stands between them.</p><p>A space with a "
        "dark number circle gives <b>cover</b>. On the Ruins some spaces lie higher: an arrow points uphill, and "
        "going up across it is a climb. The gate of the Ruins joins spaces 25 and 30 on one level.</p>"), "Rules"),
    ("setup", N_("Setting up"),
     N_("<p>Each player receives 10 of the 42 map cards and secretly keeps 5 of them: the start spaces of her five "
        "characters, who wait on their cards. The other 5 go to the player on the right, who puts her own shards "
        "on those spaces. Everyone draws 7 action cards. The player whose shard lies on the lowest number "
        "begins.</p>"), "Rules"),
    ("turn", N_("Your turn"),
     N_("<p>At the start of your turn, if any of your characters still waits on her card, you must reveal at least "
        "one: its figure appears on its start space. You may reveal more at any time in your turn; revealing is not an "
        "action and cannot be interrupted.</p><p>Then play as many action cards as you like, one after the "
        "other; each card is used for one of its options. When you declare the end of your turn you draw 3 cards, "
        "but never above 7 in hand. A card is discarded after its use; when you draw your deck's last card, your "
        "discards are shuffled into a new one.</p>"), "Rules"),
    ("move", N_("Moving, climbing, picking up"),
     N_("<p>A card that shows a character's symbol moves that character one space. Going uphill (across an "
        "arrow, in its direction) takes two such cards. A character standing on one of your shards picks it up "
        "with three cards played together, all showing her symbol (or all showing the same knocked-out character "
        "of yours; movement jokers may stand in for any of them): 1 point. A card no character can use right now "
        "may be discarded instead (it counts as an action).</p>"), "Rules"),
    ("actions", N_("Card actions"),
     N_("<p>A flag beside a character's symbol is an action she may take <i>instead</i> of moving; a flag without "
        "a symbol is a joker any of your characters may use. Red flags are melee attacks: <b>melee</b> (1 damage) "
        "and <b>heavy melee</b> (2) hit an enemy on the attacker's own space. Blue flags are ranged attacks: "
        "<b>ranged</b> (1 damage, any distance) and <b>heavy ranged</b> (2 damage, at most 2 spaces away) need a "
        "line of sight. The <b>area attack</b> hits every character on the attacker's space or one next to it, "
        "your own included.</p><p>Yellow flags move: a <b>manoeuvre</b> moves the character and one other of "
        "yours standing with her or next to her, one space each; <b>fly</b> moves her up to 2 spaces, uphill "
        "without a second card.</p>"), "Rules"),
    ("defence", N_("Defending"),
     N_("<p>When a character of yours is attacked you may answer with a card that gives her that defence: "
        "<b>take cover</b> against a ranged or heavy ranged attack when she stands in cover, <b>shield</b> against "
        "those and the area attack, <b>melee</b> against melee and heavy melee. A defence stops all the attack's "
        "damage to her; attack and defence count as one action.</p>"
        "<p>At one screen the table asks the attacked player at every attack, whether or not she holds such a "
        "card, so nobody learns what is in her hand.</p>"), "Rules"),
    ("los", N_("Line of sight"),
     N_("<p>A ranged attack needs a straight line from the attacker's space to the target's that crosses no wall "
        "and no space with cover completely (entering it on one side and leaving on another). Within one space "
        "there is always sight. On the Ruins nobody below can shoot at a higher space; from high ground a "
        "character may shoot at high spaces in sight, and at low ones if the line passes no other high space; "
        "between two low spaces a high one in the way blocks.</p>"), "Rules"),
    ("special", N_("Special cards and interrupts"),
     N_("<p>Special cards belong to no character. The <b>movement joker</b> moves any of your characters one "
        "space; <b>draw two</b> draws two cards (never above 7); <b>interrupt</b> lets you act in another player's "
        "turn, right after one of her actions or after she declared its end: you play cards as if it were your "
        "turn until you stop, and play returns to her.</p><p>An interrupter can be interrupted in turn. A reveal, "
        "the playing of an interrupt card and a defence cannot be interrupted. When several want to interrupt, "
        "the next player clockwise from the one who acted goes first.</p><p>At one screen every player is asked "
        "after every action; passing is one click, and the question is the same for everyone, so it shows nobody's "
        "cards.</p>"), "Rules"),
    ("damage", N_("Damage and knockouts"),
     N_("<p>Damage stays on a character. When it reaches her health she is knocked out: her figure leaves the "
        "board, and the opponent who dealt the last damage takes it for 1 point (your own area attack scores for "
        "nobody). Her cards stay in the deck: her symbol and flags can no longer be used, except three of her "
        "cards together for a pickup.</p>"), "Rules"),
)

rules_search_hint = N_("Search the rules (e.g. line of sight, interrupt)")


def entries() -> list[Entry]:
    """The whole reference in the current language."""
    return [Entry(i, _(t), _(b), g) for i, t, b, g in RULES]
