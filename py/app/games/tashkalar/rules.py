"""Tash-Kalar's rules reference, in our own words: the game from the quick rules (the arena, a turn, placing,
summoning, legends, flares, effects, drawing up), its modes (the High Form, the Duel, the Melee, the Team game,
the end and its tie-breaks), every keyword the quick rules define, and the expansion schools' extra rules as the
engine implements them (py/tashkalar/effects/{everfrost,nethervoid,etherweave}.py).

Entries are app.rules_ref.Entry, laid out by render.rules_modal like Crystal Clans'. The texts' {fields} are
the engine's numbers (`numbers()`), so the reference cannot drift from the rules the engine plays.
"""
from __future__ import annotations

from types import SimpleNamespace

from ...i18n import N_, _
from ...rules_ref import Entry

# What the engine deals and allows without naming a constant (rules.refill, rules.begin_turn); a test checks
# them against a dealt game.
HAND = {"beings": 3, "legends": 2, "flares": 1}
ACTIONS = 2

GROUPS = (N_("Rules"), N_("Modes"), N_("Keywords"), N_("Expansion schools"))

# (id, title, text, group): catalog messages; the text's {fields} are numbers()
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("goal", N_("Goal of the game"),
     N_("<p>Each player leads a school of summoners: a deck of beings, every card with a pattern and an effect. "
        "You put pieces into the arena, and once your pieces form a being's pattern you may summon it: a "
        "stronger piece arrives and its effect happens.</p>"
        "<p>What scores depends on the mode. In the <b>High Form</b> you claim tasks and keep legends in the "
        "arena ({high_form} points trigger the end); in the <b>Duel</b> you destroy enemy pieces ({duel} "
        "points); the <b>Melee</b> is for 3 or 4 players, and the <b>Team</b> game pits two pairs against each "
        "other.</p>"), "Rules"),
    ("arena", N_("The arena and the pieces"),
     N_("<p>The arena has {squares} squares, its corners cut away. A piece has one of three ranks, from low to "
        "high: <b>common</b>, <b>heroic</b>, <b>legendary</b>. Each colour owns {two_sided} two-sided pieces "
        "(a common face and a heroic face) and {legendary} legendary pieces; heroic and legendary pieces are "
        "called upgraded. Pieces not in the arena are in their colour's supply.</p>"
        "<p>The High Form's tasks look at the red and green squares and at the nine central ones. The Duel "
        "begins with one common piece of each colour on the two start squares, the Melee with pieces beside "
        "its start marks, both put by the player to the right of the first player. In the Duel one two-sided "
        "piece per colour counts the score, and in the Melee each opponent's colour gives one to your score "
        "track, so fewer are in play there.</p>"), "Rules"),
    ("setup", N_("The hand"),
     N_("<p>Each player shuffles her own deck and draws {beings} beings from it. The legends ({legend_cards} "
        "cards) and the flares ({flare_cards} cards) are shared decks: each player also takes {legends} legends "
        "and {flares} flare. Players hold their hands hidden, partners too.</p>"), "Rules"),
    ("turn", N_("A turn and its actions"),
     N_("<p>Turns go clockwise. A turn has {actions} actions; only the first player's very first turn has "
        "one. Choose them in any order:</p>"
        "<ul><li><b>Place</b> a common piece of yours.</li>"
        "<li><b>Summon</b> a being or a legend.</li>"
        "<li><b>Discard</b> a being of your school from your hand; afterwards you may slide cards from your hand, "
        "as many as you like, under their decks. Only once a turn.</li></ul>"
        "<p>Placing and summoning may each fill both actions. A flare is lit between actions, before the first "
        "or after the last, and costs none. Your turn ends with drawing up.</p>"), "Rules"),
    ("place", N_("Placing a common piece"),
     N_("<p>One of your common pieces goes onto an empty square of your choice. With no common piece left in "
        "your supply, pick up a common or heroic piece of yours from the arena and set it, common face up, on "
        "an empty square.</p>"), "Rules"),
    ("summon", N_("Summoning a being"),
     N_("<p>A summon costs one action.</p><ol>"
        "<li>Play the card from your hand.</li>"
        "<li>Point out the card's <b>pattern</b> among your pieces in the arena. The pattern may be turned and "
        "mirrored: {orientations} orientations in all.</li>"
        "<li>Every piece of the pattern must be your own and of the rank drawn on the card or higher: a heroic "
        "piece may stand in for a common one. The squares the pattern leaves blank may hold anything.</li>"
        "<li>Your new piece, of the being's rank, goes onto the being's square (outlined on the card). That "
        "square may be empty unless the card wants your piece there. A piece on it of the same or a lower rank, "
        "whoever owns it, is destroyed; a piece of a higher rank there rules the summon out.</li>"
        "<li>The being's effect happens, then the card goes to your discard pile.</li></ol>"), "Rules"),
    ("too-few", N_("Summoning with too few pieces"),
     N_("<p>Only when every piece of yours of the rank needed is already in the arena do these rules apply. If "
        "the summon would destroy a piece of yours, part of the pattern or not, that piece itself becomes the "
        "being (turned or exchanged to the being's rank). If not, you lift a piece of yours that is not part of "
        "the pattern off the arena and use it as the being. When neither is possible, the being cannot be "
        "summoned.</p>"), "Rules"),
    ("legends", N_("Legends"),
     N_("<p>Legends come from the shared deck of {legend_cards} cards, and you keep {legends} of them in your "
        "hand. One is summoned like any being and puts one of your {legendary} legendary pieces into the "
        "arena; with none left in your supply the rules for too few pieces decide.</p>"
        "<p>Summoning a legend scores in the Duel and the Melee; turning a heroic piece into a legendary one by "
        "an upgrade is no summon. In the High Form each legendary piece of yours in the arena is worth a "
        "point.</p>"), "Rules"),
    ("flares", N_("Flares"),
     N_("<p>A flare has two halves, top and bottom, each a condition with its effect. On your turn, between "
        "actions (also before the first and after the last) you may light one whose condition you meet; it is "
        "not an action.</p><ul>"
        "<li>The <b>top</b> condition counts upgraded pieces: your opponent must have at least the number shown "
        "more of them in the arena than you.</li>"
        "<li>The <b>bottom</b> condition counts all pieces the same way.</li></ul>"
        "<p>You carry out the effect of each half whose condition you meet; with both met the top one comes "
        "first, the bottom one after it. Then discard the flare. In the Duel each flare you light gives your "
        "opponent a point; in the Melee you name the opponent you compare with, and she gains a point in your "
        "colour. In the Team game the two teams' pieces are compared.</p>"), "Rules"),
    ("effects", N_("Carrying out an effect"),
     N_("<p>During a card's effect nothing else can happen: no action, no flare. Every part that is not "
        "optional must be done, and a part that cannot be done in full is done as far as it can be. The "
        "keywords below say what the effects' words mean.</p>"), "Rules"),
    ("draw", N_("Drawing up at the end of a turn"),
     N_("<p>To end your turn you fill your hand again: beings from your deck until you have {beings}, legends "
        "until {legends}, flares until {flares}. A shared deck that runs empty is shuffled anew from its "
        "discard pile; your own deck is not, so near the end you may hold fewer beings.</p>"), "Rules"),
    ("high-form", N_("The High Form and its tasks"),
     N_("<p>Three tasks lie open as the current ones, with the next task shown on top of the task deck. The "
        "game starts with simple tasks only, not all three of one category. When your turn ends you may claim "
        "one current task whose condition your pieces fulfil; the next task fills its place and a new one is "
        "turned up. Whenever three of the four tasks in view would share a category, the next one goes under "
        "the deck until another category shows.</p>"
        "<p>Your points: those of your claimed tasks plus one for each of your legendary pieces in the arena, "
        "however it got there. Once someone has {high_form} points or more at the end of a turn (after claiming), "
        "the end is triggered; what happens within a turn does not count.</p>"), "Modes"),
    ("duel", N_("The Duel's scoring"),
     N_("<p>Set the enemy pieces you destroy during your turn apart. At its end they are worth points: two "
        "for a legendary piece, one for a heroic piece and one for every pair of common pieces; a common piece "
        "without a partner scores nothing, and neither do your own pieces. Summoning a legend gives a point at "
        "once. A flare you light gives your opponent a point. Whoever reaches {duel} points triggers the "
        "end.</p>"), "Modes"),
    ("melee", N_("The Melee"),
     N_("<p>Three or four players, each her own colour, no tasks. You keep points apart in every enemy colour: "
        "pieces of that colour you destroy score there as in the Duel, and so does a flare its player lights "
        "against you. A summoned legend gives a point in a colour you pick, and single common pieces destroyed "
        "in two or three colours one point in one of them. Your score is your weakest colour; ties look at the "
        "second weakest, then the last. Reaching {melee3} points in a colour ({melee4} with four players) "
        "triggers the end. Nobody may resign.</p>"
        "<p><b>Improvising</b>: once a game for each enemy colour you may summon with one piece of that colour "
        "in the arena as though it were yours of the same rank. Only one such piece per summon; during the "
        "effect it is still an enemy piece.</p>"), "Modes"),
    ("team", N_("The Team game and the hand-over"),
     N_("<p>Two against two, partners sitting opposite, played as the High Form or as the Duel. Everyone has "
        "her own deck, while a team shares one colour of pieces, its points and {legends} legends, held by the "
        "partner who moves next. The lowest {sideways} cards of each deck lie sideways: cards slid under a "
        "deck go sideways too, and upright ones are turned so that {sideways} stay sideways. Drawing your last "
        "upright card triggers the end (sideways cards may still be drawn).</p>"
        "<p><b>Hand-over</b>: before an action, or before or in the middle of an effect, you may give your "
        "partner control of your turn together with your legends. She finishes the effect under way and spends "
        "your remaining actions placing common pieces only: no summon, no discard, no flare. Then your turn "
        "ends as usual, and you no longer light flares. At the end of your turn your legends go to your "
        "partner, who draws up to {legends}.</p>"), "Modes"),
    ("end", N_("The end of the game and tie-breaks"),
     N_("<p>The end is triggered when a player draws the last card of her deck, or by the mode's score: "
        "{high_form} in the High Form, {duel} in the Duel, {melee3} in a colour in the Melee ({melee4} with "
        "four). Once the turn that triggered it is over, every player has one last full turn, the one who "
        "triggered it included, and the game is over.</p>"
        "<p>The most points win. Between equal scores the player with more upgraded pieces in the arena wins, "
        "then the one with more pieces in the arena; after that they win together. With two sides a player or "
        "a team may resign at any moment, and the other side wins.</p>"), "Modes"),
    ("gain-action", N_("Gain an action"),
     N_("<p>This turn you have one action more. It is not part of the effect: you take it later, like your "
        "other actions.</p>"), "Keywords"),
    ("extra-card", N_("An extra card at the end of the turn"),
     N_("<p>First you draw up as always, then the extra card comes on top. In later turns you draw only what "
        "your hand lacks and never have to discard a surplus. In the Team game your partner draws extra "
        "legends.</p>"), "Keywords"),
    ("upgraded", N_("Upgraded piece"),
     N_("<p>A heroic or a legendary piece.</p>"), "Keywords"),
    ("enemy", N_("Enemy piece"),
     N_("<p>A piece of an opponent's colour.</p>"), "Keywords"),
    ("piece", N_("Piece"),
     N_("<p>An effect that says “piece” and not whose means yours and the enemy's alike.</p>"), "Keywords"),
    ("marked", N_("Marked square"),
     N_("<p>A coloured square in a card's pattern. It counts only when the text speaks of marked squares; "
        "otherwise the colour just shows what the effect does.</p>"), "Keywords"),
    ("adjacent", N_("Adjacent"),
     N_("<p>The up to eight squares around a square: beside it, above, below and diagonally. When the text "
        "names no square, it means the square of the being just summoned.</p>"), "Keywords"),
    ("distance", N_("Distance"),
     N_("<p>How many moves it takes at the fewest to get from one square to another; adjacent squares are 1 "
        "apart.</p>"), "Keywords"),
    ("movement", N_("Movement"),
     N_("<p>A move takes a piece to an adjacent square. Moving onto an occupied square destroys the piece "
        "standing there.</p>"), "Keywords"),
    ("standard-move", N_("Standard move"),
     N_("<p>A move onto an empty square or onto a piece of a lower rank.</p>"), "Keywords"),
    ("combat-move", N_("Combat move"),
     N_("<p>A move onto an empty square or onto a piece of the same or a lower rank.</p>"), "Keywords"),
    ("leap", N_("Standard leap"),
     N_("<p>Like a standard move, but the piece jumps: it is not tied to adjacent squares and, unless the "
        "effect limits it, may land anywhere in the arena.</p>"), "Keywords"),
    ("combat-leap", N_("Combat leap"),
     N_("<p>Like a combat move, but the piece jumps: it is not tied to adjacent squares and, unless the effect "
        "limits it, may land anywhere in the arena, destroying a piece of the same or a lower rank there.</p>"),
     "Keywords"),
    ("put", N_("Put a piece"),
     N_("<p>As in placing a common piece. If the supply holds no piece of the colour and rank wanted, none is "
        "put.</p>"), "Keywords"),
    ("upgrade", N_("Upgrade"),
     N_("<p>A common piece is turned to its heroic face. A heroic piece is exchanged for a legendary piece of "
        "its colour from the supply; with none there it cannot be upgraded. A legendary piece is never "
        "upgraded.</p>"), "Keywords"),
    ("downgrade", N_("Downgrade"),
     N_("<p>A heroic piece is turned to its common face. A legendary piece is exchanged for a heroic piece of "
        "its colour from the supply; with none there it cannot be downgraded. A common piece is never "
        "downgraded.</p>"), "Keywords"),
    ("destroy", N_("Destroy"),
     N_("<p>A destroyed piece leaves the arena for its colour's supply, as does any piece taken off the arena. "
        "Counting the enemy pieces you destroyed this turn takes in those of your summons, moves, leaps and "
        "effects, and the pieces you converted; an upgrade or a downgrade never counts.</p>"), "Keywords"),
    ("convert", N_("Convert a piece"),
     N_("<p>A piece is exchanged for one of another colour from the supply, of the same rank unless the "
        "effect names a rank.</p>"), "Keywords"),
    ("up-to", N_("Up to"),
     N_("<p>“Up to” a number allows any number from zero to it.</p>"), "Keywords"),
    ("optional", N_("Optional"),
     N_("<p>Parts worded as what you “may” do are optional; you may leave them out. Every other part must be "
        "done.</p>"), "Keywords"),
    ("as-much", N_("As much as possible"),
     N_("<p>When an effect cannot be carried out completely, you do whatever of it you can.</p>"), "Keywords"),
    ("title", N_("The card's title"),
     N_("<p>When an effect names its own card, it means the piece the summon has just put into the arena.</p>"),
     "Keywords"),
    ("everfrost", N_("Everfrost: frozen effects and thawing"),
     N_("<p>A being with a frozen text does not go to the discard pile after its effect: its frozen effect "
        "stays in play, open beside its owner. Only one frozen effect per player is in play; with a second, "
        "she keeps one of the two and discards the other.</p>"
        "<p>On her own turn, between actions or after the last one, she may <b>thaw</b> it: the frozen effect "
        "happens, then the card is discarded. Thawing is not an action.</p>"), "Expansion schools"),
    ("nethervoid", N_("Nethervoid: the Gateway"),
     N_("<p>A Nethervoid player has at most one <b>Gateway</b>, one of her common or heroic pieces. A "
        "Nethervoid being she summons becomes the Gateway when she has none, or when hers is common and the "
        "new being heroic; some effects choose another piece. The Gateway moves along with its piece and ends "
        "when the piece leaves the arena or turns legendary. Effects that use the Gateway do nothing of that "
        "while there is none.</p>"), "Expansion schools"),
    ("etherweave", N_("Etherweave: warp effects and the pending being"),
     N_("<p>A card with a warp text may be <b>warped</b> from the hand on its owner's turn, between actions or "
        "after the last: the warp effect happens at once, costs no action, and the card stays in the hand as "
        "her <b>pending being</b>. Not in the game's first round, and not while she already has one pending.</p>"
        "<p>A pending being can be neither discarded by the action nor slid under a deck; it stops pending when "
        "it is summoned or an effect discards it or takes it back into the hand. At the end, and for the High "
        "Form's {high_form} points, a pending being costs {penalty} points.</p>"), "Expansion schools"),
)


def numbers() -> dict:
    """The reference's numbers from the engine (its data and constants)."""
    from tashkalar.board import ON
    from tashkalar.content import FLARES, LEGENDARY_PIECES, LEGENDS, TWO_SIDED
    from tashkalar.patterns import TRANSFORMS
    from tashkalar.scoring import DUEL_TARGET, HIGH_FORM_TARGET, melee_target
    from tashkalar.setup import TEAM_SIDEWAYS

    return {"squares": len(ON), "two_sided": TWO_SIDED, "legendary": LEGENDARY_PIECES, "orientations": len(TRANSFORMS),
            "legend_cards": len(LEGENDS), "flare_cards": len(FLARES), "high_form": HIGH_FORM_TARGET,
            "duel": DUEL_TARGET, "melee3": melee_target(SimpleNamespace(n=3)), "melee4": melee_target(SimpleNamespace(n=4)),
            "sideways": TEAM_SIDEWAYS, "actions": ACTIONS, "penalty": PENDING_PENALTY, **HAND}


PENDING_PENALTY = 2  # scoring.scores: a pending being costs 2 points (the causality penalty)


def entries() -> list[Entry]:
    """The whole reference in the current language; `group` is the English key (render translates it)."""
    n = numbers()
    return [Entry(i, _(t), _(b).format(**n), g) for i, t, b, g in RULES]
