"""HTML strings for every screen, built from game.view(p) and the app state (one innerHTML write each).

Every element that applies an action carries data-action="<notation>" (exactly str(action)); the app
offers only what legal_actions() returns: each legal action is a button in the action bar (complete,
accessible list) and, where natural, also a clickable card/zone/crystal on the table.
"""
from __future__ import annotations

from crystalclans.actions import read_token
from crystalclans.cardset import BEATS

from . import games
from .cards import card_face, crystal_face, mini_card, style_icon
from .log import FROM_DRAW, NO_CARD_LEFT, SENT_HOME, STAYED_HOME, arithmetic, log_panel, recap, squads_sent_home
from .seats import LEVEL_NAMES
from .games.tashkalar_start import DECKS as TK_DECKS, ONLINE_MODES as TK_ONLINE_MODES
from .settings import seat_codes, seat_names
from .shell import notify_offer
from .settings import players as seat_count
from .i18n import N_, _, ngettext, pgettext
from .text import h, style_name

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


def cost_of(view, notation: str) -> dict | None:
    """{"cost", "ends_turn"} of an option that costs initiative (the engine's view.decision.costs)."""
    return ((view.get("decision") or {}).get("costs") or {}).get(notation)


def cost_attrs(view, notation: str) -> str:
    c = cost_of(view, notation)
    return f' data-cost="{c["cost"]}"{" data-ends-turn" if c["ends_turn"] else ""}' if c else ""


def cost_badge(view, notation: str) -> str:
    c = cost_of(view, notation)
    if not c:
        return ""
    ends = f' <span class="ends-turn" aria-hidden="true">{h(_("ends turn"))}</span>' if c["ends_turn"] else ""
    # the word, not a bare number in a circle: "Draw ③" read as "draw three"
    return (f' <span class="cost-badge" title="{h(_("initiative this costs"))}" aria-hidden="true">'
            f'{h(_("cost {n}").format(n=c["cost"]))}</span>{ends}'
            f'<span class="sr-only">{h(cost_words(view, notation))}</span>')


def cost_words(view, notation: str) -> str:
    c = cost_of(view, notation)
    if not c:
        return ""
    return _(", costs {n} initiative").format(n=c["cost"]) + (_(", ends your turn") if c["ends_turn"] else "")


def _btn(label: str, *, action: str | None = None, cls: str = "", attrs: str = "") -> str:
    a = f' data-action="{h(action)}"' if action is not None else ""
    return f'<button type="button" class="{cls}"{a} {attrs}>{label}</button>'


# ------------------------------------------------------------------------------ start screen
FRIEND_SEAT = N_("Your friend plays this seat online and gives her own name when she joins.")


def start_screen(app) -> str:
    words = app.words
    clans = list(app.cs.clans)
    s = app.settings

    def clan_select(i):
        opts = "".join(f'<option value="{h(c)}"{" selected" if c == s["clans"][i] else ""}>{h(words.clan_name(c))}</option>'
                       for c in clans)
        return (f'<label class="field"><span>{h(_("Clan"))}</span><select id="clan-{i}" '
                f'aria-label="{h(_("Clan of player {n}").format(n=i + 1))}">{opts}</select></label>'
                f'<p class="clan-desc clan-{h(s["clans"][i])}" id="clan-desc-{i}">{h(words.themes.get(s["clans"][i], ""))}</p>')

    game = s.get("game", "crystalclans")
    n = seat_count(s)
    seats = seat_codes(s, n)
    names = seat_names(s, n)

    if game == "wildlands":  # its module's part of the screen (app/games/wildlands_start.py)
        from .games import wildlands_start as wls

    def seat_select(i):
        opts = [("human", _("A person at this screen"))] + [(k, _(v)) for k, v in LEVEL_NAMES.items()]
        if game == "wildlands" and not wls.HAS_BOTS:
            opts = opts[:1]
        o = "".join(f'<option value="{v}"{" selected" if v == seats[i] else ""}>{h(t)}</option>' for v, t in opts)
        return (f'<label class="field"><span>{h(_("Played by"))}</span><select id="seat-{i}" data-seat="{i}" '
                f'aria-label="{h(_("Who plays player {n}").format(n=i + 1))}">{o}</select></label>')

    if game == "tashkalar":
        from .games import tashkalar_start as tks

        decks = s.get("tk_decks") or list(TK_DECKS)

        def choice(i):
            return tks.deck_select(i, decks[i])
    elif game == "wildlands":
        def choice(i):
            return wls.faction_select(i, s)
    else:
        choice = clan_select
    link = getattr(app, "link", None)
    hosting = link is not None and link.role == "host" and link.resume is None

    def who_and_name(i):
        if hosting and i != link.me:  # the friend plays this seat under the name she gives herself
            return f'<p class="muted friend-seat" data-friend-seat>{h(_(FRIEND_SEAT))}</p>'
        return (f'{seat_select(i)}<label class="field"><span>{h(_("Name"))}</span><input id="name-{i}" type="text" '
                f'maxlength="24" value="{h(names[i])}" aria-label="{h(_("Name of player {n}").format(n=i + 1))}" '
                'autocomplete="off"></label>')

    players = "".join(
        f'<fieldset class="seat seat-{i}"><legend>{h(_("Player {n}").format(n=i + 1))}</legend>{who_and_name(i)}'
        f'{choice(i)}</fieldset>'
        for i in range(n))
    switch = "".join(
        f'<button type="button" data-game="{g}" aria-pressed="{"true" if g == game else "false"}"'
        f'{" class=primary" if g == game else ""}>{h(title)}</button>'
        for g, title in (("crystalclans", "Crystal Clans"), ("tashkalar", "Tash-Kalar"), ("wildlands", "Wildlands")))
    switch = f'<div class="game-switch" role="group" aria-label="{h(_("Which game"))}">{switch}</div>'
    fp = s["first"]
    # Wildlands' rulebook seats the owner of the lowest shard (W16), a matter of the deal: its "random"
    random_first = _("By the rules: the lowest shard starts") if game == "wildlands" else _("Random")
    first = (f'<label class="field"><span>{h(_("Who goes first"))}</span><select id="first-player" '
             f'aria-label="{h(_("Who goes first"))}">'
             f'<option value="random"{" selected" if fp == "random" else ""}>{h(random_first)}</option>'
             + "".join(f'<option value="{i}"{" selected" if fp == str(i) else ""}>{h(_("Player {n}").format(n=i + 1))}</option>'
                       for i in range(n)) + '</select></label>')
    mull = (f'<label class="check"><input type="checkbox" id="mulligan"{" checked" if s["mulligan"] else ""}> '
            f'{h(_("Mulligan (each player may shuffle back cards from the opening hand once)"))}</label>')

    options = (tks.mode_fields(s) + first + tks.notes() if game == "tashkalar" else
               wls.fields(s) + first + wls.notes() if game == "wildlands" else first + mull)
    cont = ""
    if app.autosave_meta is not None:
        m = app.autosave_meta
        cont = (f'<section class="panel continue"><h2>{h(_("Continue"))}</h2><p>{h(m.get("summary") or _("Your last game"))}</p>'
                f'<button type="button" class="primary big" data-continue-game>{h(_("Continue game"))}</button></section>')
    slots = app.storage.slots()
    if slots:
        rows = "".join(
            f'<li><span class="slot-name">{h(name)}</span><span class="muted slot-info">{h(info.get("summary", ""))}</span>'
            f'<button type="button" data-cmd="load-slot" data-slot="{h(name)}">{h(_("Load"))}'
            f'<span class="sr-only"> {h(name)}</span></button>'
            f'<button type="button" class="ghost" data-cmd="delete-slot" data-slot="{h(name)}">{h(_("Delete"))}'
            f'<span class="sr-only"> {h(name)}</span></button></li>'
            for name, info in slots)
        slot_html = f'<ul class="slots">{rows}</ul>'
    else:
        slot_html = f'<p class="muted">{h(_("No saved games yet. In a game, open the menu to save to a named slot."))}</p>'
    busy = f'<p class="busy" role="status">{h(app.busy)}</p>' if app.busy else ""
    busy += storage_notice(app.storage)
    online = online_panel(app)
    learn_title, learn_text = (_("New to Crystal Clans?"), _("A guided first game teaches the turn, summoning, moving, a battle, scoring and reshuffling, one step at a time (about 5 minutes)."))
    if game == "tashkalar":  # "Learn by playing" starts the guided game of the game chosen (controller.start_tutorial)
        from .games.tashkalar_tutorial import LEARN

        learn_title, learn_text = (_(m) for m in LEARN)
    elif game == "wildlands":
        from .games.wildlands_tutorial import LEARN as WL_LEARN

        learn_title, learn_text = (_(m) for m in WL_LEARN)
    learn = (f'<section class="panel learn" aria-labelledby="learn-title"><h2 id="learn-title">{h(learn_title)}</h2>'
             f'<p class="muted">{h(learn_text)}</p>'
             f'<button type="button" class="primary" data-cmd="tutorial">{h(_("Learn by playing"))}</button></section>')
    if getattr(app, "resume_offer", None) is not None and getattr(app, "link", None) is None:
        # "Continue" on an online game leads here: going on needs the link again, so that comes first
        side = online + learn
    else:
        side = cont + learn + online
    if link is not None and link.role == "guest" and link.resume is None:
        # joining a friend's game: the new-game form (clans, first player) is the host's to fill, not this page's
        return f"""
<div class="start joining">
  <div class="side-col">
    {busy}{online}{learn}
  </div>
</div>"""
    return f"""
<div class="start">
  <section class="panel newgame" aria-labelledby="ng-title">
    <h2 id="ng-title">{h(_("New game"))}</h2>
    <p class="muted">{h(_("Play against the computer, or two people at one screen: then hands stay private, and the game asks you to pass the device whenever the other player must decide."))}</p>
    {switch}
    <div class="seats">{players}</div>
    <div class="options">{options}</div>
    <button type="button" class="primary big" data-new-game>{h(_("Start game"))}</button>
  </section>
  <div class="side-col">
    {busy}{side}
    <section class="panel"><h2>{h(_("Saved games"))}</h2>{slot_html}
      <label class="field file"><span>{h(_("Import a save file"))}</span>
      <input type="file" data-import accept=".json,application/json" aria-label="{h(_("Import a save file"))}"></label>
    </section>
    <section class="panel rules"><details><summary><h2>{h(_("The rules in short"))}</h2></summary>{rules_short(app.numbers)}
      <button type="button" data-cmd="rules">{h(_("The complete rules reference"))}</button></details></section>
  </div>
</div>"""


# ------------------------------------------------------------------------------ action targets
class Targets:
    """Which legal action each table element applies (hand cards, squad units, zones, crystals): an option
    with a single argument, read from the engine's parts of each option (view's decision.parts)."""

    def __init__(self, view, zones, crystals):
        self.hand: dict[tuple, str] = {}  # (unit id, owner) -> action
        self.unit: dict[tuple, str] = {}  # (ctrl, zone, position index) -> action
        self.zone: dict[str, str] = {}
        self.crystal: dict[str, str] = {}
        d = view.get("decision") or {}
        me = view["you"]
        info = d.get("info") or {}
        zone = info.get("zone")
        ctrl = info.get("controller", me)
        hand_cards = {(c["id"], c["owner"]) for c in view["players"][me].get("hand", [])}
        squads = view["board"]
        for notation, part in zip(view.get("legal_actions", []), d.get("parts") or []):
            roles = part.keys() - {"kind", "owner"}
            if len(roles) != 1 and roles != {"card", "position"}:
                continue
            if "position" in part and zone in squads:
                self.unit.setdefault((ctrl, zone, part["position"]), notation)
            elif "card" in roles and part["kind"] == "place" and zone in squads:
                sq = squads[zone]["squads"][ctrl]
                for i in range(int(info.get("position", 0)), len(sq)):
                    if (sq[i]["id"], sq[i]["owner"]) == (part["card"], part["owner"]):
                        self.unit.setdefault((ctrl, zone, i), notation)
            elif "card" in roles and (part["card"], part["owner"]) in hand_cards:
                self.hand.setdefault((part["card"], part["owner"]), notation)
            elif part.get("zone") in zones:
                self.zone.setdefault(part["zone"], notation)
            elif part.get("crystal") in crystals:
                self.crystal.setdefault(part["crystal"], notation)


# ------------------------------------------------------------------------------ the table
RESYNC = N_("Resync from the host's game")
RELAY_HOST = N_("Your friend only needs to open the link: your pages meet through public relays, which pass on sealed "
                "messages they cannot read. Nothing comes back to paste.")
NO_RELAY_HOST = N_("No relay could be reached, so link by hand: send the link or the code, then paste the reply code "
                   "your friend sends back.")
RELAY_GUEST = N_("Linking through a relay… nothing to send back.")
NO_RELAY_GUEST = N_("No relay could be reached, so link by hand:")


TK_ONLINE_NOTE = N_("Online, Tash-Kalar is played as a Duel or the High Form: choose one of them above to invite a "
                    "friend.")


WL_ONLINE_NOTE = N_("Online, Wildlands is played by two: the link joins two pages. Choose 2 players above to invite "
                    "a friend; three or four play at one screen.")


def online_panel(app) -> str:
    """Play a friend online: invite (host) or join, the codes to pass by hand, and where the link stands."""
    link = getattr(app, "link", None)
    head = (f'<section class="panel online" aria-labelledby="online-title"><h2 id="online-title">'
            f'{h(_("Play a friend online"))}</h2>')
    saved = getattr(app, "resume_offer", None)
    if link is None and saved is not None:
        other = saved.names[1 - saved.seat]
        return (head + '<p data-resume-offer>' + _("<b>Your game with {name} is saved here</b> (turn {turn}, {moves} "
                "moves). Re-link to go on where you both were: one of you invites, the other joins with that "
                "invitation.").format(name=h(other), turn=saved.game.turn, moves=len(saved.game.log)) + '</p>'
                f'<div class="row"><button type="button" class="primary" data-p2p-host data-autofocus>'
                f'{h(_("Invite {name} again").format(name=other))}</button> '
                f'<button type="button" data-p2p-join>{h(_("Join with a code"))}</button></div>'
                f'<button type="button" class="ghost" data-cmd="resume-here">{h(_("Play it on at this screen instead"))}'
                '</button></section>')
    if link is None:
        s = app.settings
        offline = s.get("game") == "tashkalar" and s.get("tk_mode") not in TK_ONLINE_MODES
        invite = f'<p class="notice" data-online-modes>{h(_(TK_ONLINE_NOTE))}</p>' if offline else ""
        if s.get("game") == "wildlands":  # the link joins two pages: three or four play at one screen
            from .games import wildlands_start as wls

            offline = wls.players(s) != 2
            invite = f'<p class="notice" data-online-modes>{h(_(WL_ONLINE_NOTE))}</p>' if offline else ""
        return (head + '<p class="muted">' + h(_("Two devices, no account and no server: invite a friend with a link, a "
                "code or a QR code (you play Player 1 with the game and choices made here; your friend names "
                "herself), or join with the invitation a friend sent you (you play Player 2 under the name you give).")) + '</p>' + invite +
                f'<div class="row"><button type="button" class="primary" data-p2p-host{" disabled" if offline else ""}>'
                f'{h(_("Invite a friend"))}</button> '
                f'<button type="button" data-p2p-join>{h(_("Join with a code"))}</button></div>'
                f'<p class="muted small connection-link">{h(_("Playing across the internet?"))} '
                f'<button type="button" class="linkish" data-open-settings="connection">{h(_("Connection settings"))}'
                '</button></p></section>')
    code_box = (f'<textarea class="link-code" data-link-code readonly rows="2" aria-label="{h(_("Link code"))}">'
                f'{h(link.code)}</textarea>'
                f'<button type="button" class="ghost" data-cmd="copy-code">{h(_("Copy the code"))}</button>'
                if link.code else "")
    paste = ('<label class="field"><span>{label}</span><textarea class="link-input" data-link-input rows="3" '
             'aria-label="{label}">{value}</textarea></label><button type="button" class="primary" data-link-submit>{button}</button>')
    if link.scanning:
        paste += (f'<div class="scan" data-scanning><video data-scan-video playsinline muted aria-label="{h(_("Camera"))}">'
                  f'</video><button type="button" class="ghost" data-cmd="scan-stop">{h(_("Stop the camera"))}</button></div>')
    elif link.can_scan:
        paste += f' <button type="button" data-cmd="scan">{h(_("Scan a QR code"))}</button>'

    stage = link.stage
    if stage == "creating":
        body = f'<p class="busy" role="status">{h(_("Creating an invitation…"))}</p>'
    elif stage == "inviting":
        share = ""
        if link.url:
            share = (f'<p>{h(_("Send your friend this link (or let her scan the QR code with her phone):"))}</p>'
                     f'<div class="row"><input type="text" class="link-url" data-link-url data-invite-link readonly value="{h(link.url)}" '
                     f'aria-label="{h(_("Invitation link"))}"><button type="button" class="primary" data-cmd="copy-link">'
                     f'{h(_("Copy the link"))}</button></div>')
        if link.qr:
            share += f'<div class="link-qr" data-link-qr>{link.qr}</div>'
        by_hand = (f'<p class="muted">{h(_("or send the code itself ({n} characters):").format(n=len(link.code)))}</p>'
                   + code_box + paste.format(label=h(_("Then paste the reply code your friend sends back")),
                                             button=h(_("Connect")), value=""))
        share += notify_offer(app)
        if link.relay == "listening":
            body = (share + f'<p class="notice" role="status" data-relay-note>{h(_(RELAY_HOST))}</p>'
                    f'<details class="by-hand"><summary>{h(_("Link by hand instead"))}</summary>{by_hand}</details>')
        else:
            body = share + (f'<p class="notice warn" role="status" data-relay-note>{h(_(NO_RELAY_HOST))}</p>'
                            if link.relay == "norelay" else "") + by_hand
    elif stage == "pasting":
        name = (f'<label class="field"><span>{h(_("Your name"))}</span><input id="name-1" type="text" maxlength="24" '
                f'value="{h(link.my_name)}" autocomplete="off"></label>')
        if link.invited:
            body = ('<p>' + _("<b>You are invited to a game.</b> Your friend chose the game, its setup and who goes "
                              "first; you see them on the table once you are linked. Choose your name, then join: your pages "
                              "link by themselves (only if no relay can be reached do you get a reply code to send back).") + '</p>' + name +
                    notify_offer(app) + paste.format(label=h(_("The invitation")), button=h(_("Join")), value=h(link.invited)))
        else:
            body = name + notify_offer(app) + paste.format(label=h(_("Paste the invitation link or code your friend sent")),
                                       button=h(_("Join")), value="")
    elif stage == "answering" and link.relay == "taken":
        body = ""
    elif stage == "answering":
        by_hand = ('<p>' + h(_("Send this reply code back to your friend (or let her scan it); the game starts when she "
                               "pastes or scans it.")) + '</p>' + (f'<div class="link-qr" data-link-qr>{link.qr}</div>' if link.qr else "") + code_box)
        if link.relay == "relaying":
            body = (f'<p class="busy" role="status" data-relay-note>{h(_(RELAY_GUEST))}</p>'
                    f'<details class="by-hand"><summary>{h(_("Not linked after a while? Link by hand"))}</summary>{by_hand}</details>')
        else:
            body = (f'<p class="notice warn" role="status" data-relay-note>{h(_(NO_RELAY_GUEST))}</p>'
                    if link.relay == "norelay" else "") + by_hand
    elif stage == "connecting":
        body = f'<p class="busy" role="status">{h(_("Connecting…"))}</p>'
    elif link.resumer is not None and link.resumer.out_of_step:
        body = (f'<p class="notice warn" role="alert" data-out-of-step>{h(link.resumer.out_of_step)}</p>' +
                ('' if link.role == "host" else
                 f'<button type="button" class="primary" data-cmd="resync">{h(_(RESYNC))}</button>'))
    elif link.resume is not None:
        body = f'<p class="busy" role="status">{h(_("Linked. Finding the last move you both hold…"))}</p>'
    else:
        body = f'<p class="busy" role="status">{h(_("Linked. Agreeing on a fair deal…"))}</p>'
    problem = f'<p class="notice warn" role="status">{h(link.problem)}</p>' if link.problem else ""
    head = head.replace('<section class="panel online"', f'<section class="panel online" data-relay="{h(link.relay)}"', 1)
    return head + problem + body + f'<button type="button" class="ghost" data-cmd="link-cancel">{h(_("Cancel"))}</button></section>'


def storage_notice(storage) -> str:
    """Why saving is off (site data blocked, storage full) and which stored saves were damaged: shown on
    every screen until it is no longer true, so a failure is never silent."""
    out = ""
    if storage.problem:
        kind = "blocked" if storage.ls is None else "full"
        out += f'<p class="notice warn" role="status" data-storage-problem="{kind}">{h(_(storage.problem))}</p>'
    if storage.damaged:
        n = len(storage.damaged)
        names = ", ".join(f"“{x}”" for x in storage.damaged[:3]) + (" …" if n > 3 else "")
        said = ngettext("{n} saved game in this browser is damaged and cannot be loaded ({names}).",
                        "{n} saved games in this browser are damaged and cannot be loaded ({names}).", n)
        out += (f'<p class="notice warn" role="status" data-damaged-slots="{n}">{h(said.format(n=n, names=names))} '
                f'<button type="button" class="ghost" data-cmd="drop-damaged">{h(_("Remove damaged saves"))}</button></p>')
    return out


def game_screen(app) -> str:
    g = app.game
    view = app.view
    words = app.words
    me = view["you"]
    opp = 1 - me
    overlay = app.overlay_pending()
    interactive = app.offers_decision()
    targets = Targets(view, app.cs.board.zone_ids, words.crystal_by_id) if interactive else None
    parts = [storage_notice(app.storage)]
    alerts = link_alerts(app)
    if not app.pending_battle:  # an open battle result says them itself, or they would sit under it
        parts.append(alerts)
    over = app.finished
    if over and not app.pending_battle:
        parts.append(game_over_panel(app))
    parts.append('<div class="table">')
    parts.append('<div class="main-col">')
    if getattr(app, "tutorial", None) is not None:
        parts.append(coach(app))
    parts.append(player_bar(app, view, opp, top=True))
    parts.append(initiative_track(app, view))
    parts.append(board(app, view, targets))
    parts.append(player_bar(app, view, me, top=False))
    parts.append('<div class="dock">')  # prompt and hand: kept in view at the bottom on desktops and tablets
    if interactive:
        parts.append(action_bar(app, view))
    elif not over and not overlay and not (getattr(app, "tutorial", None) is not None and app.tutorial.finished(g)):
        parts.append(waiting_bar(app, view))
    parts.append(hand(app, view, targets, hidden=bool(overlay) or getattr(app, "public_screen", False)))
    parts.append('</div></div><aside class="side-col">')
    parts.append(battle_panel(app, view))
    parts.append(crystal_row(app, view, targets))
    parts.append(log_panel(app, view))
    parts.append('</aside></div>')
    if app.pending_battle:
        parts.append(battle_result(app, alerts))
    elif app.pending_pass is not None and not over:
        parts.append(pass_screen(app))
    return "".join(parts)


def link_alerts(app) -> str:
    """What an online game's link asks of the player now: re-link after a drop, resync after a desync."""
    out = ""
    session = getattr(app, "session", None)
    if session is None or app.finished:
        return out
    link = getattr(app, "link", None)
    if link is not None and link.problem:
        out += (f'<p class="notice warn" role="alert" data-link-lost>{h(link.problem)} '
                f'<button type="button" class="primary" data-cmd="relink">{h(_("Re-link"))}</button></p>')
    if session.desync:
        button = (f'<button type="button" class="primary" data-cmd="resync-session">{h(_(RESYNC))}'
                  '</button>' if not session.host else
                  f'<span class="muted">{h(_("Waiting for the other player to resync…"))}</span>')
        out += f'<p class="notice warn" role="alert" data-desync>{h(session.desync)} {button}</p>'
    return out


def coach(app) -> str:
    """The guided first game's voice: what to do now and why (the table offers only that move), or what the
    other side is doing; always a way out."""
    t = app.tutorial
    g = app.game
    done = t.finished(g)
    n, total = t.lesson_number(g)
    head = _("Guided first game: done") if done else _("Guided first game · step {n} of {total}").format(n=n, total=total)
    buttons = (f'<button type="button" class="primary" data-cmd="tutorial-real-game" data-autofocus>'
               f'{h(_("Play a real game against the computer"))}</button> '
               f'<button type="button" data-cmd="menu">{h(_("To the start screen"))}</button> '
               f'<button type="button" class="ghost" data-cmd="tutorial">{h(_("Play the guided game again"))}</button>'
               if done else
               f'<button type="button" class="ghost" data-cmd="menu" data-tutorial-leave>{h(_("Leave the guided game"))}</button>')
    return (f'<section class="coach" data-tutorial-step="{t.step_index(g)}"{" data-tutorial-done" if done else ""} '
            f'aria-live="polite" aria-labelledby="coach-title"><h2 id="coach-title">{h(head)}</h2>'
            f'<p>{h(t.text(g, app.names, app.words))}</p><div class="row">{buttons}</div></section>')


def turn_status(app) -> str:
    v = app.view
    names = app.names
    if app.finished:
        w = app.winner()
        return h(_("Game over: {name} wins").format(name=names[w])) if w is not None else h(_("Game over"))
    d = v.get("decision") or {}
    who = d.get("player", v["active"])
    return (h(_("Turn {n}").format(n=v["turn"])) + " · " +
            _("<b>{name}</b>'s turn").format(name=h(names[v["active"]])) +
            (" · " + h(_("{name} decides").format(name=names[who])) if who != v["active"] else ""))


def player_bar(app, view, p, top: bool) -> str:
    pl = view["players"][p]
    names = app.names
    words = app.words
    clan = pl["clan"]
    active = view["active"] == p and view.get("winner") is None  # no one is to move once the game is over
    crystals = "".join(
        (f'<button type="button" class="gem-chip" data-details="{h(c["id"])}">'
         f'<span aria-hidden="true">◆</span> {h(words.crystal_names[c["id"]])}</button>') if not c["facedown"]
        else f'<span class="gem-chip facedown">◆ {h(_("face down"))}</span>'
        for c in pl["crystals"])
    need = app.cs.crystals_to_win
    fx = getattr(app, "fx", None)
    glow = " fx-gain" if fx and p in fx.crystal else ""
    gems = "".join(f'<span class="pip{" on" if i < pl["crystal_count"] else ""}{glow if i == pl["crystal_count"] - 1 else ""}" '
                   'aria-hidden="true">◆</span>' for i in range(need))
    crystals_said = _("{n} of {need} crystals").format(n=pl["crystal_count"], need=need)
    browse = _("Browse the discard pile of {name}").format(name=names[p])
    return f"""
<section class="player-bar clan-{h(clan)}{' active' if active else ''}{' top' if top else ' bottom'}" aria-label="{h(names[p])}">
  <div class="pb-name"><span class="clan-dot" aria-hidden="true"></span><b>{h(names[p])}</b>
    <span class="muted">{h(words.clan_name(clan))}</span>{f' <span class="turn-badge">{h(_("turn"))}</span>' if active else ''}</div>
  <div class="pb-gems" title="{h(crystals_said)}">{gems}<span class="sr-only">{h(crystals_said)}</span></div>
  <div class="pb-counts">
    <span class="count" title="{h(_("Cards in hand"))}"><span class="ck">{h(_("Hand"))}</span> {pl['hand_count']}</span>
    <span class="count" title="{h(_("Draw pile"))}"><span class="ck">{h(pgettext("pile", "Draw"))}</span> {pl['draw_count']}</span>
    <button type="button" class="count discard-btn" data-cmd="discard" data-player="{p}"
      title="{h(browse)}"><span class="ck">{h(pgettext("pile", "Discard"))}</span> {len(pl['discard'])}<span class="sr-only">: {h(browse)}</span></button>
  </div>
  <div class="pb-crystals">{crystals}</div>
</section>"""


def initiative_track(app, view) -> str:
    ini = view["initiative"]
    track, neutral, token = ini["track"], ini["neutral"], ini["token"]
    me = view["you"]
    names = app.names
    act = view["active"]
    # Left end = the viewer's opponent, right end = the viewer (her initiative is high when the token is near her).
    rel_me = token if me == 0 else -token
    cells = []
    for r in range(-track, track + 1):
        cls = "cell"
        if abs(r) <= neutral:
            cls += " neutral"
        if r == rel_me:
            cls += " token"
        num = ""
        if r % 5 == 0:
            cls += " tick"
            num = f'<i aria-hidden="true">{abs(r)}</i>'
        cells.append(f'<span class="{cls}">{num}</span>')
    rel_act = token if act == 0 else -token
    left = rel_act + track
    before_pass = max(0, rel_act + neutral)  # paying more than this hands the turn over
    other = h(names[1 - act])  # (escaped once: the sentences below go into the page as they are)
    plain = (_("up to {n} keeps the turn, more hands it to {name}").format(n=before_pass, name=other) if before_pass
             else _("any cost hands the turn to {name}").format(name=other))
    can = _("<b>{name}</b> can spend <b>{n}</b> initiative:").format(name=h(names[act]), n=left)
    where = _("Token at {pos} from {name}'s side; neutral −{n}..+{n}").format(pos=f"{rel_me:+d}", name=names[me], n=neutral)
    return f"""
<section class="initiative" aria-label="{h(_("Initiative track"))}">
  <div class="ini-labels"><span>◀ {h(names[1 - me])}</span>
    <span class="ini-left" data-ini-plain>{can}
      <span class="muted">{plain}</span></span>
    <span>{h(names[me])} ▶</span></div>
  <div class="ini-track" role="img" aria-label="{h(where)}">{''.join(cells)}</div>
</section>"""


def board(app, view, targets) -> str:
    cs = app.cs
    me = view["you"]
    grid = cs.board.grid
    rows = 3
    cols = 3
    out = [f'<section class="board" aria-label="{h(_("Board"))}">']
    for zid in cs.board.zone_ids:
        r, c = grid[zid]["row"], grid[zid]["col"]
        if me == 1:
            r, c = rows - 1 - r, cols - 1 - c
        out.append(zone_html(app, view, zid, r, c, targets))
    out.append(stat_legend())
    out.append("</section>")
    return "".join(out)


def stat_legend(where: str = "board") -> str:
    """What the squads' coloured numbers mean. Under the board; on a laptop or desktop beside the hand's title
    instead (CSS shows one of the two), where it costs the board no row of its own."""
    return (f'<p class="stat-legend in-{where}" aria-hidden="true"><span class="atk">{h(_("A"))}</span> {h(_("attack"))} '
            f'<span class="def">{h(_("D"))}</span> {h(_("defense"))} <span class="act">{h(_("C"))}</span> '
            f'{h(_("activation cost"))}</p>')


def zone_html(app, view, zid, r, c, targets) -> str:
    z = view["board"][zid]
    me = view["you"]
    words = app.words
    kind = z["kind"]
    name = words.zone_name(zid, app.names)
    act = targets.zone.get(zid) if targets else None
    cls = f"zone kind-{kind}"
    if kind == "home":
        owner = 0 if zid == "a_home" else 1
        cls += f" home-{'mine' if owner == me else 'theirs'}"
    btn = ""
    if act:
        cls += " targetable"
        label = words.action_label(act, app.names)
        btn = _btn(h(label) + cost_badge(view, act), action=act, cls="zone-act", attrs=cost_attrs(view, act))
    b = view.get("battle")
    if b and b["zone"] == zid:
        cls += " battling"
    fx = getattr(app, "fx", None)
    marks = ""
    if fx:
        if zid in fx.clash:
            cls += " fx-clash"
        marks = "".join(f'<span class="fx-destroyed" aria-hidden="true">✕ {h(words.unit(u).name)}</span>'
                        for z, u in fx.destroyed if z == zid)
    sq_theirs = squad_html(app, view, zid, 1 - me, targets)
    sq_mine = squad_html(app, view, zid, me, targets)
    return (f'<div class="{cls}" style="grid-row:{r + 1};grid-column:{c + 1}" aria-label="{h(name)}" role="group">'
            f'<div class="zone-name">{"◆ " if kind == "crystal" else ""}{h(name)}</div>'
            f'<div class="squad theirs">{sq_theirs}</div>{btn}<div class="squad mine">{sq_mine}</div>{marks}</div>')


def squad_html(app, view, zid, p, targets) -> str:
    sq = view["board"][zid]["squads"][p]
    if not sq:
        return ""
    words = app.words
    U = words.unit
    numbers = view["board"][zid]["numbers"][p]
    atk, dfn, act = numbers["attack"], numbers["defense"], numbers["activation"]
    shield = f'<span class="shield">+{numbers["shield"]}</span>' if numbers["shield"] else ""
    clan = view["players"][p]["clan"]
    fx = getattr(app, "fx", None)
    units = []
    for i, c in enumerate(sq):
        u = U(c["id"])
        action = targets.unit.get((p, zid, i)) if targets else None
        top = i == 0
        kw = "".join(f'<span class="kw">{h(words.keyword(k))}</span>' for k in sorted(u.keywords))
        pos_txt = _("top unit") if top else _("position {n}").format(n=i + 1)
        inner = (f'<span class="u-pos" aria-hidden="true">{h(_("TOP")) if top else i + 1}</span>'
                 f'<span class="u-name">{h(u.name)}</span><span class="sr-only">, {h(pos_txt)},</span>{kw}'
                 f'<span class="u-stats"><span class="atk" title="{h(_("attack"))}"><span class="sr-only">{h(_("attack"))} </span>{u.attack}</span>'
                 f'<span class="def" title="{h(_("defense"))}"><span class="sr-only">, {h(_("defense"))} </span>{u.defense}</span>'
                 f'<span class="act" title="{h(_("activation"))}"><span class="sr-only">, {h(_("activation"))} </span>{numbers["unit_activation"][i]}</span></span>')
        ucls = f'unit clan-{h(u.clan)}{" top" if top else ""}{" owner-swap" if c["owner"] != p else ""}'
        if fx and (zid, p, u.id) in fx.arrive:
            ucls += " fx-arrive"
        if action:
            label = words.action_label(action, app.names)
            units.append(f'<button type="button" class="{ucls} targetable" data-action="{h(action)}">'
                         f'<span class="sr-only">{h(label)}: </span>{inner}</button>')
        else:
            units.append(f'<button type="button" class="{ucls}" data-details="{h(u.id)}">{inner}'
                         f'<span class="sr-only"> ({h(_("details"))})</span></button>')
    owner = "mine" if p == view["you"] else "theirs"
    moved = " fx-moved" if fx and (zid, p) in fx.moved else ""
    return (f'<div class="stack clan-{h(clan)} {owner}{moved}" data-squad="{h(zid)} {p}"><div class="stack-sum" title="{h(_("squad attack / defense / activation cost"))}">'
            f'<span class="who">{h(app.names[p])}</span><span class="u-stats"><span class="atk">{atk}</span><span class="def">{dfn}{shield}</span><span class="act">{act}</span></span></div>{"".join(units)}</div>')


REVEALED_LABELS = {"hand": N_("Your opponent's hand"), "seen": N_("Top of your opponent's draw pile (top first)")}


def revealed_cards(app, info: dict) -> str:
    """Cards a decision shows its player (an opponent's hand, the top of a pile): any info entry that is a
    list of card tokens, so a decision kind the engine adds later shows its cards without new UI code."""
    words = app.words
    rows = []
    for key, value in info.items():
        if key in ("picked", "chosen") or not isinstance(value, list) or not value:
            continue
        ids = [read_token(t)[0] for t in value if isinstance(t, str)]
        if len(ids) != len(value) or not all(i in words.cs.unit_index for i in ids):
            continue
        label = _(REVEALED_LABELS[key]) if key in REVEALED_LABELS else key.replace("_", " ").capitalize()
        cards = "".join(
            f'<button type="button" class="reveal-card" data-details="{h(i)}" aria-label="{h(words.unit(i).name)}: {h(_("details"))}">'
            f'{mini_card(words, i)}</button>' for i in ids)
        rows.append(f'<div class="revealed" role="group" aria-label="{h(label)}"><span class="revealed-k">{h(label)}</span>'
                    f'<div class="revealed-cards">{cards}</div></div>')
    return "".join(rows)


def waiting_bar(app, view, since: "str | None" = None) -> str:
    """What this screen shows while another seat decides: the computer thinking, or a remote player.
    `since`: what the others did since this player's last turn (default: Crystal Clans' recap)."""
    d = view.get("decision") or {}
    p = d.get("player", view["active"])
    seat = app.seats[p]
    session = getattr(app, "session", None)
    if session is not None and session.desync:
        return (f'<section class="action-bar waiting" aria-label="{h(_("Stopped"))}" data-stopped>'
                f'<p>{h(_("Play is stopped until the two games are resynchronised."))}</p></section>')
    if seat.computer:
        status = app.computer.status()
        failure = status[8:] if status.startswith("failed") else app.computer_failure
        if failure:
            return (f'<section class="action-bar waiting" aria-label="{h(_("Computer player unavailable"))}" data-bot-failed>'
                    f'<p>{h(_("The computer player cannot run in this browser ({why}).").format(why=failure))}</p>'
                    f'<button type="button" class="primary" data-cmd="seats-human">'
                    f'{h(_("Play on with two people at this screen"))}</button></section>')
        what = _("is getting ready…") if status == "starting" and app.thinking is not None else _("is thinking…")
        return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-thinking="{p}" aria-busy="true">'
                f'<p><span class="spinner" aria-hidden="true"></span><b>{h(app.names[p])}</b> '
                f'<span class="muted">({h(_("guided game") if getattr(app, "tutorial", None) else seat.label())})</span> '
                f'{h(what)}</p>{recap(app, view) if since is None else since}</section>')
    if session is not None and getattr(app, "answer_held", False) and p == getattr(session, "me", None):
        return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-answer-held>'
                f'<p>{h(_(ANSWER_HELD))}</p></section>')
    asked = ""
    if session is not None and d.get("kind") in ANSWER_CLOCK_KINDS:
        asked = f'<p class="muted" data-answer-wait>{h(_(ANSWER_WAIT))}</p>'
    return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-waiting="{p}">'
            f'<p>{_("Waiting for <b>{name}</b>…").format(name=h(app.names[p]))}</p>{asked}</section>')


ANSWER_CLOCK_KINDS = ("interrupt", "defend")  # the questions a game asks at every action or attack (asked_aloud)
ANSWER_HELD = N_("You pass. The pass is sent when the time to answer is up, so the other page cannot tell from its "
                 "timing what you hold.")
ANSWER_WAIT = N_("Each page answers these questions after the same short wait, whatever its player holds.")
ANSWER_CLOCK = N_("{n} s to answer, then this page passes for you. It always waits that long (an early pass too), so "
                  "the timing tells the other page nothing.")


def answer_clock(app) -> str:
    """Online, a question this page answers by itself when its clock runs out (controller.answer_seconds):
    the game's table shows it beside the question."""
    secs = app.answer_seconds() if hasattr(app, "answer_seconds") else None
    if secs is None or getattr(app, "answer_held", False) or not app.offers_decision():
        return ""
    return (f'<p class="notice" role="status" data-answer-clock="{secs:g}">'
            f'{h(_(ANSWER_CLOCK).format(n=f"{secs:g}"))}</p>')


def action_bar(app, view) -> str:
    d = view.get("decision")
    if not d:
        return ""
    names = app.names
    words = app.words
    info = d.get("info") or {}
    extra = []
    for key in ("picked", "chosen"):
        if info.get(key):
            extra.append((_("Picked: {cards}") if key == "picked" else _("Chosen: {cards}")).format(
                cards=", ".join(words.pretty_arg(t, names) for t in info[key])))
    if "cost" in info:
        extra.append(_("cost so far {n}").format(n=info["cost"]))
    if info.get("leave"):
        zone_sq = view["board"].get(info.get("zone"), {}).get("squads", [[], []])[d["player"]]
        staying = [words.unit_name(zone_sq[i - 1]["id"]) for i in info["leave"] if 0 < i <= len(zone_sq)]
        extra.append(_("staying behind: {cards}").format(cards=", ".join(staying)))
    btns = []
    picked = len(info.get("picked") or [])
    chosen = len(info.get("chosen") or [])
    options = list(zip(view["legal_actions"], d.get("parts") or []))
    reorder = d["kind"] == "reorder"
    if reorder:  # keeping the order is the usual answer: first, the primary button, focused (Enter keeps it)
        options.sort(key=lambda o: o[1]["kind"] != "keep")
    for a, part in options:
        kind = part["kind"]
        cls = "act-btn"
        attrs = cost_attrs(view, a)
        if kind == "done" and d["kind"] not in ("battle", "action"):
            cls += " primary"
        elif kind in ("cancel",):
            cls += " ghost"
        label = words.action_label(a, names)
        if reorder and kind == "keep":
            cls += " primary"
            attrs += " data-autofocus data-keep-order"
            label = _("Keep this order")
        if kind == "done" and d["kind"] == "summon":
            label = ngettext("Summon {n} unit", "Summon {n} units", picked).format(n=picked)
        elif kind == "done" and d["kind"] == "replenish":
            label = (ngettext("Discard {n} card and draw", "Discard {n} cards and draw", chosen).format(n=chosen)
                     if chosen else _("Discard nothing and draw"))
        elif kind == "done" and d["kind"] == "battle":
            label = _("No battle")
        btns.append(_btn(h(label) + cost_badge(view, a), action=a, cls=cls, attrs=attrs))
    undo = undo_button(app)
    return f"""
<section class="action-bar" aria-label="{h(_("Your options"))}">
  <div class="prompt"><span class="who">{h(names[d['player']])}:</span> {h(words.prompt(d, names))}
    {'<span class="muted"> · ' + h(' · '.join(extra)) + '</span>' if extra else ''}{undo}</div>
  {decision_crystal(words, d)}{revealed_cards(app, info)}<div class="actions">{''.join(btns)}</div>
  {recap(app, view)}
</section>"""


def decision_crystal(words, d: dict) -> str:
    """The crystal whose effect asks this choice (the engine names it: decision.crystal), whole, beside the
    prompt: a scored crystal's own words say what the choice is for."""
    cid = d.get("crystal")
    if cid not in words.crystal_by_id:
        return ""
    c = words.crystal_by_id[cid]
    return (f'<p class="decision-crystal" data-decision-crystal="{h(cid)}"><span class="gem" aria-hidden="true">◆</span> '
            f'<b class="crystal-name">{h(c.name)}</b>: <span class="crystal-text">{h(c.text)}</span></p>')


def hand(app, view, targets, hidden: bool) -> str:
    me = view["you"]
    pl = view["players"][me]
    names = app.names
    words = app.words
    if hidden or "hand" not in pl:
        return (f'<section class="hand hidden-hand" aria-label="{h(_("Hand"))}"><p class="muted">'
                + h(ngettext("{name}'s hand is hidden ({n} card).", "{name}'s hand is hidden ({n} cards).",
                             pl["hand_count"]).format(name=names[me], n=pl["hand_count"])) + '</p></section>')
    d = view.get("decision") or {}
    info = d.get("info") or {}
    marked = list(info.get("picked", [])) + list(info.get("chosen", []))
    cards = []
    for c in pl["hand"]:
        tok = c["id"] if c["owner"] == me else f'{c["id"]}@{c["owner"]}'
        action = targets.hand.get((c["id"], c["owner"])) if targets else None
        sel = ""
        if tok in marked:
            marked.remove(tok)
            sel = " selected"
        face = card_face(words, c["id"], extra_cls=sel)
        u = words.unit(c["id"])
        # the whole card, shown above the hand while hovered or focused; never in the pointer's way
        full = f'<div class="card-full" aria-hidden="true">{card_face(words, c["id"], extra_cls="large")}</div>'

        details = _("Details of {card}").format(card=u.name)
        info_btn = (f'<button type="button" class="info-btn" data-details="{h(c["id"])}" title="{h(details)}">'
                    f'<span aria-hidden="true">i</span><span class="sr-only">{h(details)}</span></button>')
        if action:
            label = words.action_label(action, names)
            cards.append(f'<div class="hand-slot"><button type="button" class="card-btn targetable" data-action="{h(action)}"'
                         f'{cost_attrs(view, action)}><span class="sr-only">{h(label + cost_words(view, action))}: </span>{face}'
                         f'<span class="card-act">{h(label)}{cost_badge(view, action)}</span></button>{info_btn}{full}</div>')
        else:
            cards.append(f'<div class="hand-slot"><div class="card-btn">{face}</div>{info_btn}{full}</div>')
    title = h(_("{name}'s hand").format(name=names[me]))
    empty = f'<p class="muted">{h(_("No cards in hand."))}</p>'
    return (f'<section class="hand" aria-label="{title}"><h2 class="hand-title">{title} '
            f'<span class="muted">({len(pl["hand"])})</span></h2>{stat_legend("hand") if cards else ""}'
            f'<div class="hand-cards">{"".join(cards) or empty}</div></section>')


def crystal_row(app, view, targets) -> str:
    words = app.words
    items = []
    for c in view["crystal_row"]:
        action = targets.crystal.get(c["id"]) if targets else None
        face = crystal_face(words, c["id"], extra_cls="targetable" if action else "")
        if action:
            label = words.action_label(action, app.names)
            items.append(f'<button type="button" class="crystal-btn" data-action="{h(action)}"{cost_attrs(view, action)}>'
                         f'<span class="sr-only">{h(label + cost_words(view, action))}: </span>{face}</button>')
        else:
            items.append(f'<button type="button" class="crystal-btn" data-details="{h(c["id"])}">{face}'
                         f'<span class="sr-only"> ({h(_("details"))})</span></button>')
    note = _("{n} in the deck · first to {win} wins · score needs 2 crystal zones").format(
        n=view["crystal_deck_count"], win=app.cs.crystals_to_win)
    return (f'<section class="panel crystals" aria-label="{h(_("Crystal row"))}"><h2>{h(_("Crystals"))} <span class="muted">'
            f'({h(note)})</span></h2>'
            f'<div class="crystal-list">{"".join(items)}</div></section>')


def battle_panel(app, view) -> str:
    b = view.get("battle")
    if not b:
        return ""
    words = app.words
    names = app.names
    sides = []
    for p in (0, 1):
        c = b["cards"][p]
        if c is None:
            body = f'<p class="muted">{h(_("no card"))}</p>'
        elif "id" in c:
            body = card_face(words, c["id"], side=b["sides"][p] or None, extra_cls="small")
        else:
            body = (f'<div class="card-back" aria-label="{h(_("hidden card"))}">'
                    f'{h(_("chosen") if c.get("chosen") else _("choosing…"))}</div>')
        who = h(names[p]) + (" " + h(_("(attacker)")) if b["attacker"] == p else "")
        sides.append(f'<div class="bp-side"><div class="bp-name">{who}</div>{body}</div>')
    where = _("Battle in {zone}").format(zone=words.zone_name(b["zone"], names))
    return (f'<section class="panel battle-now" aria-label="{h(_("Battle in progress"))}"><h2>{h(where)}</h2>'
            f'<div class="bp-sides">{"".join(sides)}</div></section>')


# ------------------------------------------------------------------------------ overlays
def hand_over_screen(names: list[str], p: int, why: "str | None" = None, recap_html: "str | None" = None,
                     box_class: str = "") -> str:
    """Every game's pass-the-device screen: who takes the device, who looks away, the button that shows her
    hand; a game may add why she is asked (`why`, a sentence) and what happened since her turn (`recap_html`)."""
    others = ", ".join(n for i, n in enumerate(names) if i != p)
    reason = f"\n    <p>{h(why)}</p>" if why is not None else ""
    recap_part = f"\n    {recap_html}" if recap_html is not None else ""
    return f"""
<div class="overlay opaque under-top" data-turn-screen role="dialog" aria-labelledby="pass-title">
  <div class="overlay-box pass{" " + box_class if box_class else ""}">
    <div class="pass-icon" aria-hidden="true">⇄</div>
    <h2 id="pass-title">{h(_("Pass the device to {name}").format(name=names[p]))}</h2>{reason}
    <p class="muted">{h(_("{other}, please look away: {name}'s hand will be shown.").format(other=others, name=names[p]))}</p>{recap_part}
    <button type="button" class="primary big" data-continue data-autofocus>{h(_("I'm {name}, show my hand").format(name=names[p]))}</button>
  </div>
</div>"""


def pass_screen(app) -> str:
    p = app.pending_pass
    d = app.game.decision
    why = _("It is your turn.") if d and d.kind == "action" else (
        app.words.prompt(app.view.get("decision") or {}, app.names) if d else "")
    if d and d.kind == "battle_card":
        why = _("Choose your battle card in secret.")
    return hand_over_screen(app.names, p, why, recap(app, app.view, p), f"clan-{h(app.view['players'][p]['clan'])}")


def battle_result(app, alerts: str = "") -> str:
    lb = app.pending_battle
    words = app.words
    names = app.names
    cols = []
    for p in (0, 1):
        cid = lb["cards"][p]
        side = lb["sides"][p] or None
        card = card_face(words, cid, side=side) if cid else f'<p class="muted">{h(_("No battle card"))}</p>'
        u = words.unit(cid) if cid else None
        why = ""
        if u and side:
            other = lb["cards"][1 - p]
            ostyle = words.unit(other).style if other else None
            them = style_name(ostyle) if ostyle else _("nothing")
            if side == "left":
                why = _("{style} beats {other}: left (“Win”) effect").format(style=style_name(u.style), other=them)
            else:
                why = _("{style} does not beat {other}: right (“Else”) effect").format(style=style_name(u.style), other=them)
        flags = []
        if lb.get("from_draw", (False, False))[p]:
            flags.append(_(FROM_DRAW if cid else NO_CARD_LEFT))
        for crystal in lb.get("crystals", ([], []))[p]:
            flags.append(_("Used {crystal}").format(crystal=words.unit_name(crystal)))
        if lb["kept"][p]:
            flags.append(_("card kept in hand"))
        if lb["joined"][p]:
            flags.append(_("card joined the squad"))
        cols.append(f"""
<div class="br-side">
  <h3>{h(names[p])}{f' <span class="muted">{h(_("(attacker)"))}</span>' if lb['attacker'] == p else ''}</h3>
  {card}
  <p class="br-why">{style_icon(u.style) if u else ''} {h(why)}</p>
  <p class="br-dmg">{h(_("Damage dealt:"))} <b>{lb['attack'][p]}</b></p>
  {f'<p class="br-arith" data-battle-arith>{h(arithmetic(lb["arith"][p], words))}</p>' if (lb.get("arith") or [None, None])[p] else ''}
  {''.join(f'<p class="muted">{h(f)}</p>' for f in flags)}
</div>""")
    lost = lb.get("lost")
    if lost is not None:
        destroyed = "; ".join(_("{name} lost {units}").format(name=names[p], units=", ".join(
            words.unit_name(x) for x in lost[p])) for p in (0, 1) if lost[p]) or _("none")
    else:
        destroyed = ", ".join(words.unit_name(x) for x in lb["destroyed"]) or _("none")
    notes = [_(SENT_HOME if moved else STAYED_HOME).format(crystal=words.unit_name(crystal), name=names[q])
             for q, crystal, moved in squads_sent_home(lb, words)]
    if lb.get("ended_early"):
        notes.append(_("The battle ended before damage."))
    if lb.get("damage_skipped"):
        notes.append(_("No damage was dealt (a squad had left the battle)."))
    return f"""
<div class="overlay under-top" data-battle-result role="dialog" aria-labelledby="br-title">
  <div class="overlay-box battle-result">
    {alerts}
    <h2 id="br-title">{h(_("Battle in {zone}").format(zone=words.zone_name(lb['zone'], names)))}</h2>
    <div class="br-sides">{''.join(cols)}</div>
    <p class="br-destroyed">{h(_("Destroyed:"))} <b>{h(destroyed)}</b></p>
    {''.join(f'<p class="muted">{h(n)}</p>' for n in notes)}
    <button type="button" class="primary big" data-continue data-autofocus>{h(_("Continue"))}</button>
  </div>
</div>"""


def undo_button(app) -> str:
    """Undo, where the table allows one (App.can_undo: the engine's undo_floor, the seats)."""
    if not app.can_undo():
        return ""
    return (f'<button type="button" class="ghost undo" data-cmd="undo" title="{h(_("Undo your last action"))}">'
            f'↶ {h(_("Undo"))}</button>')


def rematch_controls(app) -> str:
    """At a game's end: a rematch here at once, or online asked of the other player, who must accept."""
    session = app.session
    if session is None:
        return (f'<button type="button" class="primary big" data-cmd="rematch" data-autofocus '
                f'title="{h(_("Rematch with the same players and setup"))}">{h(_("Rematch"))}</button>')
    if session.me in session.rematch:
        return (f'<p class="busy" role="status" data-rematch-asked>'
                f'{h(_("Waiting for {name} to accept the rematch…").format(name=app.names[session.them]))}</p>')
    asked = (f'<p role="status" data-rematch-offered>{h(_("{name} asks for a rematch.").format(name=app.names[session.them]))}</p>'
             if session.them in session.rematch else "")
    return (asked + f'<button type="button" class="primary big" data-cmd="rematch" data-autofocus '
            f'title="{h(_("Ask for a rematch with the same setup"))}">{h(_("Rematch"))}</button>')


def game_over_panel(app) -> str:
    g = app.game
    w = app.winner()
    session = app.session
    turns, moves = app.view["turn"], len(g.log)
    moves_said = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    if session is not None and session.resigned is not None:
        how = h(ngettext("{name} resigned after {turns} turn ({moves}).", "{name} resigned after {turns} turns ({moves}).",
                         turns).format(name=app.names[session.resigned], turns=turns, moves=moves_said))
    else:
        n = app.view["players"][w]["crystal_count"]
        how = h(ngettext("{name} collected {crystals} after {turns} turn ({moves}).",
                         "{name} collected {crystals} after {turns} turns ({moves}).", turns).format(
            name=app.names[w], crystals=ngettext("{n} crystal", "{n} crystals", n).format(n=n), turns=turns,
            moves=moves_said))
    rematch = rematch_controls(app)
    return f"""
<section class="game-over clan-{h(app.view['players'][w]['clan'])}" data-game-over role="alert" aria-labelledby="go-title">
  <div class="go-crown" aria-hidden="true">◆◆◆◆</div>
  <h2 id="go-title">{h(_("{name} wins!").format(name=app.names[w]))}</h2>
  <p>{how}</p>
  {statistics_table(app)}
  <div class="go-buttons">
    {rematch}
    <button type="button" class="big" data-cmd="replay" data-replay-open title="{h(_("Watch the game again, turn by turn"))}">{h(_("Replay"))}</button>
    <button type="button" class="big" data-cmd="menu" title="{h(_("Back to the start screen for a new game"))}">{h(_("New game"))}</button>
  </div>
</section>"""


STAT_ROWS = (
    (N_("Crystals"), lambda s: f'{s["crystals"]}'
     + (f' <span class="muted">({crystal_ways(s)})</span>' if s["crystals"] else "")),
    (N_("Battles won · lost · even"), lambda s: f'{s["battles_won"]} · {s["battles_lost"]} · {s["battles_even"]}'),
    (N_("Enemy units destroyed"), lambda s: str(s["units_destroyed"])),
    (N_("Own units lost"), lambda s: str(s["units_lost"])),
    (N_("Initiative spent"), lambda s: str(s["initiative_spent"])),
    (N_("Cards drawn"), lambda s: str(s["cards_drawn"])),
    (N_("Actions taken"), lambda s: str(s["actions"])),
)


def crystal_ways(s: dict) -> str:
    ways = [(s["crystals_scored"], N_("{n} scored")), (s["crystals_free"], N_("{n} free")),
            (s["crystals_other"], N_("{n} by a card")), (s.get("crystals_removed", 0), N_("{n} removed"))]
    return ", ".join(_(w).format(n=n) for n, w in ways if n)


def stats_table(names: list[str], rows: "list[tuple[str, list[str]]]") -> str:
    """A game's statistics at its end, every game's: a column per player, a row per (label, cells); the cells
    are HTML already (numbers, or a note in a muted span)."""
    head = "".join(f'<th scope="col">{h(n)}</th>' for n in names)
    body = "".join(f'<tr><th scope="row">{h(label)}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
                   for label, cells in rows)
    return (f'<table class="go-stats" data-stats><caption class="sr-only">{h(_("Statistics of the game"))}</caption>'
            f'<thead><tr><th scope="col"></th>{head}</tr></thead><tbody>{body}</tbody></table>')


def statistics_table(app) -> str:
    """The game's statistics per player (engine: game.statistics()); a battle is won when the other side
    lost more units."""
    stats = app.game.statistics()
    rows = [(_(label), [cell(stats[0]), cell(stats[1])]) for label, cell in STAT_ROWS]
    return (stats_table(app.names[:2], rows)
            + f'<p class="muted small">{h(_("A battle is won when the other side lost more units in it."))}</p>')


VIEW_OF = N_("{name}'s view")


def replay_screen(app) -> str:
    """The replay viewer: the table of one frame (read-only), its controls and the log up to it."""
    r = app.replay
    view = r.view()
    names = app.names
    last = len(r.frames) - 1
    other = names[r.next_side()]
    side = (f'<button type="button" data-cmd="replay-side" title="{h(_("Show the table as {name} sees it").format(name=other))}">'
            f'{h(_(VIEW_OF).format(name=other))}</button>' if len(r.sides) > 1 else "")
    bar = f"""
<section class="replay-bar" data-replay data-replay-step="{r.index}" data-replay-steps="{last + 1}" data-replay-turn="{r.frame.turn}"
  data-replay-hash="{h(r.frame.state_hash())}" aria-label="{h(_("Replay"))}">
  <p class="replay-where" aria-live="polite"><b>{h(r.label(names))}</b>
    <span class="muted">· {h(_("{i} of {n}").format(i=r.index + 1, n=last + 1))} · {h(_(VIEW_OF).format(name=names[r.viewer]))}</span></p>
  <div class="replay-controls">
    <button type="button" data-cmd="replay-go" data-step="0" title="{h(_("To the deal"))}"{' disabled' if r.index == 0 else ''}>« {h(_("Deal"))}</button>
    <button type="button" data-cmd="replay-go" data-step="{r.index - 1}" title="{h(_("Previous turn"))}"{' disabled' if r.index == 0 else ''}>◀ {h(_("Turn"))}</button>
    <button type="button" class="primary" data-cmd="replay-go" data-step="{r.index + 1}" data-replay-next title="{h(_("Next turn"))}"{' disabled' if r.at_end else ''}>{h(_("Turn"))} ▶</button>
    <button type="button" data-cmd="replay-go" data-step="{last}" title="{h(_("To the end"))}"{' disabled' if r.at_end else ''}>{h(_("End"))} »</button>
    {side}
    <button type="button" class="ghost" data-cmd="replay-close" title="{h(_("Close the replay"))}">{h(_("Close"))}</button>
  </div>
</section>"""
    return bar + games.of(r.frame).replay_table(app, view, r.frame)


def resign_modal(app) -> str:
    other = app.names[app.session.them] if app.session is not None else _("the other player")
    return f"""
<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="resign-title" data-resign-dialog>
  <div class="overlay-box">
    <h2 id="resign-title">{h(_("Resign this game?"))}</h2>
    <p>{h(_("{name} wins, on both screens. This cannot be undone.").format(name=other))}</p>
    <div class="go-buttons">
      <button type="button" class="primary" data-cmd="resign-confirm">{h(_("Resign"))}</button>
      <button type="button" data-cmd="close-modal" data-autofocus>{h(_("Play on"))}</button>
    </div>
  </div>
</div>"""


# ------------------------------------------------------------------------------ modal views
def card_details(app, card_id: str) -> str:
    words = app.words
    cs = app.cs
    try:
        prov = cs.provenance(card_id)
    except KeyError:
        return ""
    if card_id in words.crystal_by_id:
        face = crystal_face(words, card_id)
        title = words.crystal_names[card_id]
        extra = ""
    else:
        u = words.unit(card_id)
        face = card_face(words, card_id, extra_cls="large")
        title = u.name
        sig = ""
        sn, rules = words.signature_rules.get(u.clan, ("", ""))
        if u.has_signature and all(a.name != sn for a in u.abilities):  # not already listed as an ability
            sig = f'<p><b>{h(sn)}</b> ({h(_("clan signature"))}): {h(rules)}</p>'
        from .rules_ref import ability_entry_id, keyword_entry_id

        def rules_link(entry: str, text: str) -> str:
            return (f'<button type="button" class="rules-link" data-cmd="rules" data-rules-at="{h(entry)}" '
                    f'title="{h(_("In the rules reference"))}">{h(text)}</button>')

        kinds = ", ".join(rules_link(keyword_entry_id(k), words.keyword(k)) for k in sorted(u.keywords))
        where = {True: _("battlefield ability: active while this unit is the top unit of a squad on the battlefield"),
                 False: _("active at all times")}
        abilities = "".join(
            f'<li>{rules_link(ability_entry_id(a.name), a.name)} <span class="muted">({h(where[a.battlefield])})</span>'
            f'{": " + h(a.text.split(": ", 1)[-1]) if a.text else ""}</li>' for a in u.abilities)
        copies = ngettext("{n} copy in the deck", "{n} copies in the deck", u.copies).format(n=u.copies)
        kind_part = " · " + h(_("unit type")) + " " + kinds if kinds else ""
        numbers = _("Summon cost <b>{summon}</b> · attack <b>{attack}</b> · defense <b>{defense}</b> · activation "
                    "<b>{activation}</b>.").format(summon=u.summon, attack=u.attack, defense=u.defense,
                                                   activation=u.activation)
        as_battle = _("As a battle card its style is <b>{style}</b>, which beats {other}: when it beats the other "
                      "card its “Win” effect applies, otherwise its “Else” effect.").format(
            style=h(style_name(u.style)), other=h(style_name(BEATS[u.style])))
        extra = (f'<p class="muted">{h(words.clan_name(u.clan))} · {h(words.rank(u.rank))} · {h(copies)}{kind_part}</p>'
                 f'<p>{numbers}</p><p>{as_battle}</p>'
                 f'{"<ul class=ability-list>" + abilities + "</ul>" if abilities else ""}{sig}')
    from .card_data import field_label, origin_in_words, value_in_words

    ability_names = [a.name for a in words.unit(card_id).abilities] if card_id not in words.crystal_by_id else []
    rows = []
    designed = 0
    for path, p in prov.items():
        val = p["value"] if "value" in p else _effect_at(app, card_id, path)
        if path == "keywords" and isinstance(val, list):
            val = [words.keyword(k) for k in val]
        designed += p.get("tag") == "design"
        lang = ' lang="en"' if path.endswith("name.en") else ' lang="de"' if path.endswith("name.de") else ""
        rows.append(f'<tr><th scope="row">{h(field_label(path, ability_names))}</th><td{lang}>{h(value_in_words(val))}</td>'
                    f'<td>{h(origin_in_words(p))}</td></tr>')
    summary = (_("Every value is printed in a source.") if not designed else
               _("{n} of {total} values are our design: no known source prints them.").format(n=designed, total=len(rows)))
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="cd-title">
  <div class="overlay-box details" data-card-details="{h(card_id)}">
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close details"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="cd-title">{h(title)}</h2>
    <div class="details-body"><div class="details-card">{face}</div>
    <div class="details-info">{extra}
    <details class="about-data" data-card-data><summary>{h(_("About this card's data"))}</summary>
      <p class="muted">{h(_("About half of the printed cards are known from no source, so this game completes the set by design."))}
      {h(summary)}</p>
      <table class="prov"><thead><tr><th scope="col">{h(_("On the card"))}</th><th scope="col">{h(_("Value"))}</th>
      <th scope="col">{h(_("Where it comes from"))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>
    </details></div></div>
  </div>
</div>"""


def discard_modal(app, p: int, view: dict | None = None) -> str:
    pl = (view or app.view)["players"][p]
    words = app.words
    cards = "".join(
        f'<button type="button" class="card-btn" data-details="{h(c["id"])}" aria-label="{h(words.unit(c["id"]).name)}: {h(_("details"))}">'
        f'{card_face(words, c["id"], extra_cls="small")}</button>' for c in reversed(pl["discard"]))
    removed = ""
    if pl["removed"]:
        removed = (f"<h3>{h(_('Removed from the game'))}</h3><div class='mini-list'>"
                   + "".join(mini_card(words, c["id"]) for c in pl["removed"]) + "</div>")
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="dp-title">
  <div class="overlay-box discard-view">
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close the discard pile"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="dp-title">{h(_("{name}'s discard pile").format(name=app.names[p]))} <span class="muted">({h(_("{n}, newest first").format(n=len(pl['discard'])))})</span></h2>
    <div class="discard-cards">{cards or f'<p class="muted">{h(_("Empty."))}</p>'}</div>{removed}
  </div>
</div>"""


def rules_button() -> str:
    return (f'<button type="button" class="ghost" data-cmd="rules" title="{h(_("Show the rules reference"))}">'
            f'<span aria-hidden="true">?</span> <span class="lbl">{h(_("Rules"))}</span></button>')


def language_button() -> str:
    """Switches between English and German (the game goes on; the choice is remembered)."""
    from .i18n import LANGUAGES, language

    other = "de" if language() == "en" else "en"
    return (f'<button type="button" class="ghost lang-btn" data-cmd="language" data-lang="{other}" lang="{other}" '
            f'title="{h(LANGUAGES[other])}">{other.upper()}<span class="sr-only"> {h(LANGUAGES[other])}</span></button>')


def menu_html(app) -> str:
    """Top-bar controls: the rules on every screen; in a game also its status, export, import and the menu."""
    if app.game is None or app.screen == "start":
        return rules_button() + language_button()
    resign = (f'<button type="button" data-cmd="resign" title="{h(_("Resign this online game"))}">{h(_("Resign"))}</button>'
              if app.session is not None and not app.finished else '')
    replay = (f'<button type="button" data-cmd="replay" title="{h(_("Watch the game so far again, turn by turn"))}">'
              f'{h(_("Replay"))}</button>')
    return f"""
<span class="status">{turn_status(app)}</span>
{rules_button()}{language_button()}
<button type="button" class="ghost" data-export title="{h(_("Export the game to a file (crystalclans-save.json)"))}"><span aria-hidden="true">⬇</span> <span class="lbl">{h(_("Export"))}</span></button>
<label class="file-btn" title="{h(_("Import a save file (replaces the current game only if the file is valid)"))}"><span aria-hidden="true">⬆</span> <span class="lbl">{h(_("Import"))}</span>
  <input type="file" data-import accept=".json,application/json" aria-label="{h(_("Import a save file"))}"></label>
<details class="menu"><summary><span aria-hidden="true">☰</span> <span class="lbl">{h(_("Menu"))}</span></summary>
  <div class="menu-box">
    <label class="field"><span>{h(_("Save as"))}</span><input id="slot-name" type="text" maxlength="40" value="{h(app.default_slot_name())}" aria-label="{h(_("Name of the save slot"))}"></label>
    <button type="button" data-cmd="save-slot" title="{h(_("Save the game to the named slot"))}">{h(_("Save"))}</button>
    {replay}{resign}
    <button type="button" class="ghost" data-cmd="menu" title="{h(_("Back to the start screen (the game stays autosaved)"))}">{h(_("Main menu"))}</button>
  </div>
</details>"""


def confirm_modal(what: str, summary: str) -> str:
    """Before a new game or an import replaces the unfinished autosaved game."""
    go = _("Import the file") if what == "import" else _("Start the new game")
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title" data-confirm-dialog>
  <div class="overlay-box confirm-box">
    <h2 id="confirm-title">{h(_("Replace your unfinished game?"))}</h2>
    <p>{h(summary)}</p>
    <p class="muted">{h(_("This browser keeps one game to continue. To keep this one too, press “Keep my game”, then open it with Continue and save it to a named slot from the game menu, or export it."))}</p>
    <div class="go-buttons">
      <button type="button" class="primary" data-cmd="confirm" data-confirm>{h(go)}</button>
      <button type="button" data-cmd="close-modal" data-autofocus>{h(_("Keep my game"))}</button>
    </div>
  </div>
</div>"""


def rules_game(app):
    """The game module whose rules the reference shows: the game on the table, else the start screen's choice."""
    from . import games

    g = getattr(app, "game", None)
    if g is not None and getattr(app, "screen", "game") != "start":
        return games.of(g)
    name = str((getattr(app, "settings", None) or {}).get("game") or games.DEFAULT)
    return games.get(name if name in games.REGISTRY else games.DEFAULT)


def rules_modal(app, at: str | None = None) -> str:
    """The complete rules reference of the game (its module's rules_entries), searchable; `at` opens it at one
    entry."""
    module = rules_game(app)
    items = module.rules_entries(app)
    groups: dict[str, list] = {}
    for e in items:
        groups.setdefault(e.group, []).append(e)
    toc = "".join(f'<li><a href="#rules-{h(g[0].id)}">{h(_(name))}</a></li>' for name, g in groups.items())
    body = "".join(
        f'<h3 class="rules-group">{h(_(name))}</h3>' + "".join(
            f'<section class="rules-entry{" focused" if e.id == at else ""}" id="rules-{h(e.id)}" data-rules-entry '
            f'tabindex="-1"><h4>{h(e.title)}</h4>{e.body}</section>' for e in g)
        for name, g in groups.items())
    return f"""
<div class="overlay modal" role="dialog" aria-modal="true" aria-labelledby="rules-title">
  <div class="overlay-box rules-box" data-rules>
    <button type="button" class="close" data-cmd="close-modal" aria-label="{h(_("Close the rules"))}"><span aria-hidden="true">✕</span></button>
    <h2 id="rules-title">{h(_("Rules reference"))}</h2>
    <input type="search" class="rules-search" data-rules-search placeholder="{h(_(module.rules_search_hint))}"
      aria-label="{h(_("Search the rules"))}" autocomplete="off" data-one="{h(_("{n} entry matches “{q}”"))}"
      data-many="{h(_("{n} entries match “{q}”"))}" data-all="{h(_("{n} entries"))}"
      data-near="{h(_("Nothing matches. The closest entries:"))}">
    <p class="muted small" data-rules-count aria-live="polite">{h(ngettext("{n} entry", "{n} entries", len(items)).format(n=len(items)))}</p>
    <p class="small" data-rules-near hidden></p>
    <nav aria-label="{h(_("Rules sections"))}"><ul class="rules-toc">{toc}</ul></nav>
    <div class="rules-entries">{body}</div>
  </div>
</div>"""


def _effect_at(app, card_id: str, path: str) -> str:
    """The rendered effect a provenance path like 'battle.left[0]' or 'abilities[1].effects[0]' points at."""
    import re as _re

    words = app.words
    try:
        if card_id in words.crystal_by_id:
            obj = words.crystal_by_id[card_id]
            m = _re.fullmatch(r"effects\[(\d+)\]", path)
            return words.effect_text(obj.effects[int(m.group(1))]) if m else ""
        u = words.unit(card_id)
        m = _re.fullmatch(r"battle\.(left|right)\[(\d+)\]", path)
        if m:
            return words.effect_text(getattr(u, m.group(1))[int(m.group(2))])
        m = _re.fullmatch(r"abilities\[(\d+)\]\.effects\[(\d+)\]", path)
        if m:
            return words.effect_text(u.abilities[int(m.group(1))].effects[int(m.group(2))])
    except (IndexError, KeyError, AttributeError, TypeError):
        pass
    return ""
