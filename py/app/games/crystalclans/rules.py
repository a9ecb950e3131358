"""Crystal Clans' rules reference, in our own words: everything in the rulebook and the glossary's
clarifications, then entries made from the card set itself (clan signatures, unit types, abilities, crystals),
so every keyword and ability on a card has an entry to link to. Numbers come from the card set (track length,
hand size, costs) so the reference cannot drift from the engine. And the rules in short, on the start screen.

Entries are app.rules_ref.Entry (id, title, HTML paragraphs); render.rules_modal lays them out with a search
box. No engine import: the start screen shows the short rules before the engine loads.
"""
from __future__ import annotations

import re

from ...i18n import N_, _
from ...rules_ref import Entry
from ...text import h


def slug(text: str) -> str:
    text = text.lower().translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def ability_entry_id(name: str) -> str:
    return "ability-" + slug(name)


def keyword_entry_id(keyword: str) -> str:
    return "type-" + slug(keyword)


def signature_entry_id(clan: str) -> str:
    return "signature-" + slug(clan)


# (id, title, text): catalog messages; the text's {fields} are the card set's numbers (card_numbers)
RULES: tuple[tuple[str, str, str], ...] = (
    ("goal", N_("Goal of the game"),
     N_("<p>Two players, each with a clan deck of {deck_size} cards, spend time (initiative) to summon units, "
     "move squads across a board of nine zones and fight for its three crystal zones. Holding two of those "
     "lets you score crystal cards; the first player with <b>{win} crystals</b> wins at once.</p>")),
    ("setup", N_("Setting up"),
     N_("<p>Each player shuffles her clan deck as her draw pile and draws {opening_hand} cards. Chance decides "
     "who begins; the other player draws {second_player_extra} more card. The initiative token starts on "
     "0. The {crystal_count} crystal cards are shuffled into the crystal deck and its top {face_up} are "
     "laid face up: the crystal row.</p>"
     "<p><b>Mulligan</b> (optional, chosen on the start screen): after the opening draw and before the first "
     "player is chosen, each player may once shuffle any cards from her hand back into her draw pile and draw "
     "back up to {opening_hand}.</p>")),
    ("initiative", N_("Initiative and turns"),
     N_("<p>Every action has a cost in initiative. Paying it moves the token that many spaces toward your "
     "opponent on a track running from {track} on one side to {track} on the other. After each action, if "
     "the token is still on your side or on a neutral space (−{n} to +{n}), you must act again; once it "
     "has passed the neutral spaces onto your opponent's side, her turn begins. A turn is therefore one or more "
     "actions, and an expensive action gives your opponent a long turn.</p>"
     "<p>An action whose cost would push the token past the end of the track cannot be taken. Any other "
     "effect that would push it past the end (gaining or paying initiative through a card) stops it on the "
     "last space. Gaining initiative moves the token toward you.</p>")),
    ("board", N_("The board and its zones"),
     N_("<p>Nine zones in three rows. Each player's home zone is the middle of the row nearest her; the middle row "
     "holds the three crystal zones; the rest are fields. Zones that share a border are adjacent (no "
     "diagonals). Each player has at most one squad in a zone, and both players' squads may share a zone.</p>"
     "<p>You <b>control</b> a zone when you have a squad in it and your opponent does not.</p>")),
    ("cards", N_("The cards"),
     N_("<p>Each clan card has two halves. The unit half counts while the card is on the board: name, unit type, "
     "summon cost, attack, defense, activation cost and abilities. The battle half counts only while the card "
     "is played as a battle card: its battle style and two battle effects (left, “Win”, and right, “Else”). "
     "A unit on the board ignores its battle half, and a battle card ignores its unit half.</p>"
     "<p>Every deck has 3 heroes (one copy each) and commons (several copies). Each unit belongs to its clan "
     "and has a unit type (such as Flying or Knight) that other cards may refer to, wherever the unit is.</p>"
     "<p>The <b>owner</b> of a card is the player whose deck it started in; the <b>controller</b> of a unit is "
     "the player who may activate its squad. They differ only through card effects; a discarded card always "
     "goes to its owner's discard pile, and a unit keeps its clan's signature ability whoever controls it.</p>")),
    ("summon", N_("Summon"),
     N_("<p>Choose up to {summon_max} units from your hand and pay the sum of their summon costs. They are "
     "placed together in your home zone (some abilities place them elsewhere, but one summon always goes to a "
     "single zone) and join your squad there if you have one.</p>")),
    ("squads", N_("Squads"),
     N_("<p>The units you control in a zone form one squad, stacked in an order you choose; even a single unit is "
     "a squad. The uncovered card is the <b>top unit</b>, the last one the <b>bottom unit</b>. The top unit "
     "usually takes damage first, and only the top unit's <b>battlefield abilities</b> are active.</p>"
     "<p>A squad holds at most {limit} units (Horde aside). When units join a squad (a summon, a move, an "
     "effect) its controller may reorder it, and if it now has more than {limit} she discards units of her "
     "choice from it down to {limit}. Units discarded this way are not destroyed.</p>"
     "<p>You may <b>reorder</b> a squad when it is activated, when units join it and when two of your squads "
     "combine.</p>")),
    ("activate", N_("Activate"),
     N_("<p>Choose one of your squads and pay its activation cost: the highest activation cost among its units. "
     "Then, in this order and each optional:</p><ol><li><b>Reorder</b> the squad.</li>"
     "<li><b>Move</b> some or all of its units into one adjacent zone (units left behind stay where they are and "
     "are no longer the activated squad). A squad may not move out of a zone that holds an enemy squad. "
     "Moving into your own squad combines the two.</li>"
     "<li><b>Battle</b> the enemy squad in the zone your squad is in.</li></ol>"
     "<p>A squad may be activated again and again while the turn lasts. Being <b>placed</b> by a card is not a "
     "move, so it is not stopped by enemy squads.</p>")),
    ("battle", N_("Battle, step by step"),
     N_("<ol><li><b>Battle cards.</b> Each player picks a card from her hand in secret; both are revealed together. "
     "A player with an empty hand plays the top card of her draw pile. Until the battle ends a played card is "
     "neither in the hand nor discarded.</li>"
     "<li><b>Styles.</b> Bold beats Guarded, Guarded beats Tricky, Tricky beats Bold. A card whose style beats "
     "the other card's triggers its left (“Win”) effect; in every other case (including the same style) it "
     "triggers its right (“Else”) effect.</li>"
     "<li><b>Damage.</b> Both squads deal damage at once. A squad's attack is the sum of its units' attack plus "
     "every attack bonus from battle cards and abilities; defense bonuses from the other side are subtracted "
     "from it first. Damage goes to the top unit of the enemy squad, then the next one down: a unit whose "
     "defense is reached is destroyed, and damage left over that cannot destroy the next unit is lost. All "
     "units destroyed by battle damage are destroyed together and go to their owners' discard piles. If one "
     "squad is gone from the zone before this step, no damage is dealt.</li>"
     "<li><b>Discard.</b> Both battle cards go to their owners' discard piles, except that a player whose "
     "triggered effect shows the keep mark may take her card into her hand instead, even one that came from "
     "her draw pile.</li></ol>"
     "<p>A unit's own defense is never raised by a defense bonus: the bonus lowers the attacking squad's "
     "total instead. After a battle a zone may hold both squads, one or none.</p>")),
    ("score", N_("Score"),
     N_("<p>Only while you control at least two of the three crystal zones. Choose one crystal of the face-up "
     "row, pay its cost, collect it face up and resolve what it does when gained; then the row is refilled "
     "from the crystal deck. A crystal turned face down by an effect still counts toward the {win}, but its "
     "text no longer applies.</p>")),
    ("replenish", N_("Replenish"),
     N_("<p>Pay {replenish_cost}. Discard any cards you like from your hand, then draw until you hold "
     "{hand}. With {hand} or more left after discarding, you draw nothing. There is no hand limit.</p>")),
    ("invade", N_("Invade"),
     N_("<p>Only while you control your opponent's home zone. Pay {invade_cost}; your opponent discards "
     "from the top of her draw pile as many cards as your invading squad's attack. If she must reshuffle "
     "during the invasion, it ends after the reshuffle.</p>")),
    ("reshuffle", N_("Reshuffling and the free crystal"),
     N_("<p>Whenever a player must draw or discard from an empty draw pile, she must reshuffle: she at once "
     "shuffles her discard pile into a new draw pile. When the current action is over, her opponent scores a crystal for free: no "
     "initiative and no need to control two crystal zones.</p>")),
    ("winning", N_("Winning"),
     N_("<p>A player who has {win} or more crystals wins immediately, even in the middle of an action.</p>")),
    ("terms", N_("More terms"),
     N_("<ul><li><b>Destroyed and discarded.</b> A destroyed unit is discarded; a discarded unit is destroyed only "
     "when battle damage or an effect that says “destroy” removed it.</li>"
     "<li><b>Removed from the game.</b> The card leaves play for the rest of the game: no pile, no hand, no "
     "board.</li>"
     "<li><b>Returned to hand.</b> The controller takes the card into her hand, whether or not it was ever "
     "there.</li>"
     "<li><b>Free action.</b> An action taken without paying initiative.</li>"
     "<li><b>Entering a zone.</b> A unit enters a zone when it moves there or is placed there (a summon "
     "places).</li>"
     "<li><b>Friendly and enemy.</b> Friendly: controlled by the same player as the card that says so; enemy: "
     "controlled by the opponent. An enemy squad's zone is any zone holding an enemy squad.</li>"
     "<li><b>At the same time.</b> When several effects or choices arise together, the active player orders "
     "them.</li><li><b>Cards over rules.</b> Where a card contradicts these rules, the card wins.</li></ul>")),
    ("card-notes", N_("Notes on particular cards"),
     N_("<ul><li><b>Cartographers</b>: with fewer cards in the draw pile than Inform looks at, look at those there "
     "are; no reshuffle.</li>"
     "<li><b>Citadel Knights</b>: Tactical used against an empty draw pile makes that player reshuffle.</li>"
     "<li><b>Spirit Guide</b>: its left effect against an empty draw pile makes that player reshuffle.</li>"
     "<li><b>Titan Knights</b>: In Step also lowers the squad's activation cost as the opponent's effects "
     "see it (Blue Oracles, for one).</li>"
     "<li><b>Tridents</b>: copies summoned by Clone go to the home zone unless another ability, such as "
     "Shapeshifters' Shift, says otherwise.</li></ul>")),
)


def card_numbers(cs) -> dict:
    """The rules' numbers as the card set `cs` has them (the texts' {fields})."""
    deck = cs.deck(next(iter(cs.clans)))
    heroes = sum(1 for k in deck if cs.units[k].rank == "hero")
    return {"n": cs.neutral, "track": cs.track, "win": cs.crystals_to_win, "limit": cs.squad_limit,
            "hand": cs.hand_size, "deck_size": cs.deck_size, "face_up": cs.face_up, "invade_cost": cs.invade_cost,
            "opening_hand": cs.opening_hand, "replenish_cost": cs.replenish_cost,
            "second_player_extra": cs.second_player_extra, "summon_max": cs.summon_max,
            "crystal_count": len(cs.crystals), "heroes": heroes, "commons": len(deck) - heroes}


def numbers_from_doc(doc: dict) -> dict:
    """card_numbers read straight from a card-set document, for the start screen before the engine is
    imported (tests/unit/test_table_numbers.py checks that both agree)."""
    def v(x):
        return x["value"] if isinstance(x, dict) and "value" in x and "tag" in x else x

    ini, rules = doc["initiative"], doc["rules"]
    clan = doc["clans"][0]
    copies = [(v(u.get("rank")), int(v(u.get("copies", 1)))) for u in clan["units"]]
    heroes = sum(n for rank, n in copies if rank == "hero")
    neutral = v(ini["neutral_spaces"])
    return {"n": max(abs(int(v(x))) for x in neutral), "track": int(v(ini["spaces_per_side"])),
            "win": int(v(rules["crystals_to_win"])), "limit": int(v(rules["squad_limit"])),
            "hand": int(v(rules["replenish_hand_size"])), "deck_size": int(v(rules["deck_size"])),
            "face_up": int(v(rules["face_up_crystals"])), "invade_cost": int(v(ini["fixed_costs"]["invade"])),
            "opening_hand": int(v(rules["opening_hand"])), "replenish_cost": int(v(ini["fixed_costs"]["replenish"])),
            "second_player_extra": int(v(rules["second_player_extra_cards"])),
            "summon_max": int(v(rules["summon_max_units"])), "crystal_count": len(doc["crystals"]),
            "heroes": heroes, "commons": sum(n for _, n in copies) - heroes}


GROUPS = (N_("Rules"), N_("Clan signatures"), N_("Unit types"), N_("Abilities"), N_("Crystals"))


def entries(cs, words) -> list[Entry]:
    """The whole reference, in the current language: the rules, then the clan signatures, unit types,
    abilities and crystals (their names and texts from the card data, `words`). `group` is the English key
    of the section (render translates it)."""
    numbers = card_numbers(cs)
    out = [Entry(i, _(t), _(b).format(**numbers), "Rules") for i, t, b in RULES]
    for clan in cs.clans:
        name, text = words.signature_rules.get(clan, ("", ""))
        if name:
            clan_name = words.clan_name(clan)
            out.append(Entry(signature_entry_id(clan), _("{name} ({clan} signature)").format(name=name, clan=clan_name),
                             f"<p>{h(text)}</p><p class='muted'>" +
                             h(_("A {clan} unit has it only if its card names it.").format(clan=clan_name)) + "</p>",
                             "Clan signatures"))
    for key, label in sorted(words.keywords.items(), key=lambda kv: kv[1]):
        units = sorted({u.name for u in words.units if key in u.keywords})
        if units:
            out.append(Entry(keyword_entry_id(key), label, "<p>" + h(_(
                "A unit type; cards may refer to it. Units of this type: {units}.").format(units=", ".join(units))) + "</p>",
                "Unit types"))
    seen: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    battlefield: dict[str, bool] = {}
    for u in words.units:
        for a in u.abilities:
            seen.setdefault(a.name, []).append(u.name)
            texts.setdefault(a.name, a.text.split(": ", 1)[-1] if a.text else "")
            battlefield[a.name] = battlefield.get(a.name, False) or a.battlefield
    for name in sorted(seen):
        where = _("A battlefield ability, on: {units}.") if battlefield[name] else _("An ability, on: {units}.")
        out.append(Entry(ability_entry_id(name), name,
                         f"<p>{h(texts[name])}</p><p class='muted'>" +
                         h(where.format(units=", ".join(sorted(set(seen[name]))))) + "</p>", "Abilities"))
    for c in sorted(words.crystal_by_id.values(), key=lambda c: c.name):
        text = getattr(c, "text", "") or "; ".join(words.effect_text(e) for e in c.effects)
        out.append(Entry("crystal-" + slug(c.id.split(".")[-1]), c.name,
                         "<p>" + h(_("Cost {n}.").format(n=c.cost)) + f" {h(text)}</p>", "Crystals"))
    return out


def rules_short(numbers: dict) -> str:
    """The one-screen summary on the start screen (the full reference is rules_ref.py), with the card set's
    numbers (rules_ref.card_numbers)."""
    return "".join([
        f"<h3>{h(_('Goal'))}</h3>",
        "<p>" + _("Be the first to collect <b>{win} crystals</b>. Each player has a {deck}-card clan deck ({heroes} heroes, "
          "{commons} commons).").format(win=numbers["win"], deck=numbers["heroes"] + numbers["commons"], heroes=numbers["heroes"],
                     commons=numbers["commons"])
        + "</p>",
        f"<h3>{h(_('Initiative'))}</h3>",
        "<p>" + _("Everything costs initiative. The token sits on a track from −{track} to +{track}; paying moves it toward your "
                  "opponent. You keep acting while the token is on your side or in the neutral middle (−{n}..+{n}); once "
                  "you pay it past the neutral spaces onto your opponent's side, the turn passes to her. Spend big and "
                  "you hand her a long turn.").format(track=numbers["track"], n=numbers["n"]) + "</p>",
        f"<h3>{h(_('The five actions'))}</h3>",
        "<ul><li>" + "</li><li>".join([
            _("<b>Summon</b>: pay the summon costs of up to {max} units from your hand; they form (or join) your squad "
              "in your home zone.").format(max=numbers["summon_max"]),
            _("<b>Activate</b> a squad: pay its highest activation value; you may reorder it, move it one zone (some "
              "abilities fly farther), and battle an enemy squad in the zone it ends in."),
            _("<b>Score</b>: if you control two of the three crystal zones (middle row), pay a crystal's cost to take it."),
            _("<b>Replenish</b> ({cost}): discard any cards, then draw back up to {hand}.").format(
                cost=numbers["replenish_cost"], hand=numbers["hand"]),
            _("<b>Invade</b> ({cost}): if you control your opponent's home zone, she discards cards from her draw pile equal "
              "to your squad's attack.").format(cost=numbers["invade_cost"]),
        ]) + "</li></ul>",
        f"<h3>{h(_('Squads'))}</h3>",
        "<p>" + _("A squad holds up to {limit} units (Horde squads more), listed top unit first. The top unit leads: its "
                  "battlefield abilities count. A squad may not leave a zone held by an enemy squad.").format(
                      limit=numbers["limit"]) + "</p>",
        f"<h3>{h(_('Battle'))}</h3>",
        "<p>" + _("Both players secretly choose a battle card from hand and reveal. Styles: <b>Bold beats Guarded, "
                  "Guarded beats Tricky, Tricky beats Bold</b>. If your style beats your opponent's, your card's left "
                  "(“Win”) effect triggers, otherwise its right (“Else”) effect. Then each squad deals its total attack "
                  "as damage, destroying units from the top whose defense is covered. Battle cards are discarded unless "
                  "kept.") + "</p>",
        f"<h3>{h(_('Draw pile'))}</h3>",
        "<p>" + _("When you must draw from an empty pile, shuffle your discard pile into a new one: your opponent then "
                  "scores a crystal of her choice for free.") + "</p>",
        '<p class="muted">' + _("This is a reconstructed set: card values marked <i>design</i> in the card details are "
                                 "our guesses.") + "</p>",
    ])
