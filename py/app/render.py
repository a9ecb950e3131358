"""HTML strings for the screens around every game, built from the app state (one innerHTML write each): the
start screen's frame (each game's part of it comes from its start module, app.games.start), playing a friend
online, the notices, the coach of a guided game, the waiting bar, the pass-the-device screen, undo, rematch,
the statistics' table, the replay viewer's frame, the menus and the dialogs (rules reference, confirm, resign).
Each game's table, card details and own dialogs are its module's (app/games/).
"""
from __future__ import annotations

from . import games
from .seats import LEVEL_NAMES
from .settings import seat_codes, seat_names
from .shell import notify_offer
from .settings import players as seat_count
from .i18n import N_, _, ngettext
from .text import h


# ------------------------------------------------------------------------------ start screen
FRIEND_SEAT = N_("Your friend plays this seat online and gives her own name when she joins.")


def start_screen(app) -> str:
    s = app.settings
    game = s.get("game", games.DEFAULT)
    part = games.start(game if game in games.START else games.DEFAULT)  # the game's own fields and words
    n = seat_count(s)
    seats = seat_codes(s, n)
    names = seat_names(s, n)

    def seat_select(i):
        opts = [("human", _("A person at this screen"))] + [(k, _(v)) for k, v in LEVEL_NAMES.items()]
        if not part.HAS_BOTS:
            opts = opts[:1]
        o = "".join(f'<option value="{v}"{" selected" if v == seats[i] else ""}>{h(t)}</option>' for v, t in opts)
        return (f'<label class="field"><span>{h(_("Played by"))}</span><select id="seat-{i}" data-seat="{i}" '
                f'aria-label="{h(_("Who plays player {n}").format(n=i + 1))}">{o}</select></label>')

    link = app.link
    hosting = link is not None and link.role == "host" and link.resume is None

    def who_and_name(i):
        if hosting and i != link.me:  # the friend plays this seat under the name she gives herself
            return f'<p class="muted friend-seat" data-friend-seat>{h(_(FRIEND_SEAT))}</p>'
        return (f'{seat_select(i)}<label class="field"><span>{h(_("Name"))}</span><input id="name-{i}" type="text" '
                f'maxlength="24" value="{h(names[i])}" aria-label="{h(_("Name of player {n}").format(n=i + 1))}" '
                'autocomplete="off"></label>')

    players = "".join(
        f'<fieldset class="seat seat-{i}"><legend>{h(_("Player {n}").format(n=i + 1))}</legend>{who_and_name(i)}'
        f'{part.seat_choice(app, i)}</fieldset>'
        for i in range(n))
    switch = "".join(
        f'<button type="button" data-game="{g}" aria-pressed="{"true" if g == game else "false"}"'
        f'{" class=primary" if g == game else ""}>{h(games.start(g).TITLE)}</button>'
        for g in games.GAMES)
    switch = f'<div class="game-switch" role="group" aria-label="{h(_("Which game"))}">{switch}</div>'
    fp = s["first"]
    first = (f'<label class="field"><span>{h(_("Who goes first"))}</span><select id="first-player" '
             f'aria-label="{h(_("Who goes first"))}">'
             f'<option value="random"{" selected" if fp == "random" else ""}>{h(_(part.RANDOM_FIRST))}</option>'
             + "".join(f'<option value="{i}"{" selected" if fp == str(i) else ""}>{h(_("Player {n}").format(n=i + 1))}</option>'
                       for i in range(n)) + '</select></label>')
    options = part.option_fields(app, first)
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
    learn_title, learn_text = (_(m) for m in part.learn())  # "Learn by playing" starts this game's guided game
    learn = (f'<section class="panel learn" aria-labelledby="learn-title"><h2 id="learn-title">{h(learn_title)}</h2>'
             f'<p class="muted">{h(learn_text)}</p>'
             f'<button type="button" class="primary" data-cmd="tutorial">{h(_("Learn by playing"))}</button></section>')
    if app.resume_offer is not None and app.link is None:
        # "Continue" on an online game leads here: going on needs the link again, so that comes first
        side = online + learn
    else:
        side = cont + learn + online
    if link is not None and link.role == "guest" and link.resume is None:
        # joining a friend's game: the new-game form (the game, its choices, who goes first) is the host's to fill
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
    <section class="panel rules"><details><summary><h2>{h(_("The rules in short"))}</h2></summary>{part.rules_short(app)}
      <button type="button" data-cmd="rules">{h(_("The complete rules reference"))}</button></details></section>
  </div>
</div>"""



# ------------------------------------------------------------------------------ playing a friend online
RESYNC = N_("Resync from the host's game")
RELAY_HOST = N_("Your friend only needs to open the link: your pages meet through public relays, which pass on sealed "
                "messages they cannot read. Nothing comes back to paste.")
NO_RELAY_HOST = N_("No relay could be reached, so link by hand: send the link or the code, then paste the reply code "
                   "your friend sends back.")
RELAY_GUEST = N_("Linking through a relay… nothing to send back.")
NO_RELAY_GUEST = N_("No relay could be reached, so link by hand:")


PARTY_NOTE = N_("With {n} players, every friend opens the same link and takes the next free seat; the game is "
                "dealt once all {n} are here.")
PARTY_BY_HAND = N_("No relay could be reached, so your friends link by hand, one after the other: send this link or "
                   "code to one friend and paste the reply code she sends back; once she is linked, a new one for the "
                   "next friend appears here.")


def others_said(names: list[str], seats) -> str:
    """The names of some seats, as a list in words."""
    said = [names[i] for i in seats if i < len(names) and names[i]]
    if len(said) < 2:
        return "".join(said)
    return _("{some} and {last}").format(some=", ".join(said[:-1]), last=said[-1])


def roster(names: list[str], me: int) -> str:
    """Three or four players: who has a seat so far, and how many are still awaited."""
    rows = "".join(
        f'<li data-roster-seat="{i}"{" data-free" if not n else ""}>{h(_("Player {n}").format(n=i + 1))}: '
        + (f'<b>{h(n)}</b>' + (f' <span class="muted">({h(_("you"))})</span>' if i == me else "") if n else
           f'<span class="muted">{h(_("waiting…"))}</span>') + '</li>'
        for i, n in enumerate(names))
    missing = sum(1 for n in names if not n)
    wait = (ngettext("Waiting for {n} more player…", "Waiting for {n} more players…", missing).format(n=missing)
            if missing else _("Everyone is here: agreeing on a fair deal…"))
    return f'<ul class="roster" data-roster="{len(names) - missing}">{rows}</ul><p class="busy" role="status">{h(wait)}</p>'


def online_panel(app) -> str:
    """Play a friend online: invite (host) or join, the codes to pass by hand, and where the link stands."""
    link = app.link
    head = (f'<section class="panel online" aria-labelledby="online-title"><h2 id="online-title">'
            f'{h(_("Play a friend online"))}</h2>')
    saved = app.resume_offer
    if link is None and saved is not None and saved.players > 2:  # three or four: the host invites them again
        others = others_said(saved.names, [i for i in range(saved.players) if i != saved.seat])
        facts = _("<b>Your game with {names} is saved here</b> (turn {turn}, {moves} moves).").format(
            names=h(others), turn=saved.game.turn, moves=len(saved.game.log))
        if saved.hosted:
            body = (' ' + h(_("Invite them again: their pages join by themselves where they wait, and the game goes "
                              "on where you all were.")) + '</p><div class="row"><button type="button" '
                    f'class="primary" data-p2p-host data-autofocus>{h(_("Invite them again"))}</button></div>')
        else:
            body = (' ' + h(_("This page waits for the host's page and links again by itself; the game goes on where "
                              "you all were.")) + '</p><p class="busy" role="status" data-waiting-host>'
                    f'{h(_("Waiting for {name}…").format(name=saved.names[0]))}</p><div class="row">'
                    f'<button type="button" data-p2p-join>{h(_("Join with a code"))}</button></div>')
        return (head + '<p data-resume-offer>' + facts + body +
                f'<button type="button" class="ghost" data-cmd="resume-here">{h(_("Play it on at this screen instead"))}'
                '</button></section>')
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
        game = s.get("game")
        why_not = games.start(game).online_note(s) if game in games.START else None  # this setup is not for online
        offline = why_not is not None
        invite = f'<p class="notice" data-online-modes>{h(_(why_not))}</p>' if offline else ""
        n = seat_count(s)
        if n > 2 and not offline:  # three or four: one link for all (net/party.py)
            invite += f'<p class="muted" data-party-note>{h(_(PARTY_NOTE).format(n=n))}</p>'
        return (head + '<p class="muted">' + h(_("Two devices, no account and no server: invite a friend with a link, a "
                "code or a QR code (you play Player 1 with the game and choices made here; your friend names "
                "herself), or join with the invitation a friend sent you (you play Player 2 under the name you give).")) + '</p>' + invite +
                f'<div class="row"><button type="button" class="primary" data-p2p-host{" disabled" if offline else ""}>'
                f'{h(_("Invite a friend") if n <= 2 else _("Invite friends"))}</button> '
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
        party = link.party
        if party is not None:  # three or four: who has a seat so far
            share += roster(party.names, 0)
            if party.problem:
                share += f'<p class="notice warn" role="alert">{h(party.problem)}</p>'
        share += notify_offer(app)
        if link.relay == "listening":
            body = (share + f'<p class="notice" role="status" data-relay-note>{h(_(RELAY_HOST))}</p>'
                    f'<details class="by-hand"><summary>{h(_("Link by hand instead"))}</summary>{by_hand}</details>')
        else:
            said = PARTY_BY_HAND if party is not None else NO_RELAY_HOST
            body = share + (f'<p class="notice warn" role="status" data-relay-note>{h(_(said))}</p>'
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
    elif link.handshake is not None and link.handshake.players > 2 and link.handshake.roster:
        body = (f'<p>{h(_("Linked: you are player {n}.").format(n=link.handshake.seat + 1))}</p>'
                + roster(link.handshake.roster, link.handshake.seat))
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


RELINK_INVITING = N_("Your pages are linking again by themselves: this page invites {names} again. Nothing to send: "
                     "the other page joins by itself once it is back, and the game goes on where you were.")
RELINK_WAITING = N_("Your pages are linking again by themselves: this page waits for {name}'s page to invite it "
                    "again (nothing to do here), and the game goes on where you were.")
RELINK_LINKING = N_("Linking again with {names}…")
RELINK_NO_RELAY = N_("No relay could be reached, so the pages cannot find each other by themselves. Link by hand "
                     "instead, or wait here.")


def relinking_notice(app) -> str:
    """The table of an online game while its pages link again by themselves (App.relink_by_itself): who
    invites, whom it waits for, how far it is, and the ways on by hand."""
    saved = app.resume_offer
    link = app.link
    # (three or four: a guest's page links to the host's alone)
    others = [i for i in range(saved.players) if i != saved.seat] if saved.seat == 0 else [0]
    names = others_said(saved.names, others)
    state = "waiting"
    text = _(RELINK_WAITING).format(name=saved.names[0])
    if saved.seat == 0:
        state, text = "inviting", _(RELINK_INVITING).format(names=names)
    relay = link.relay if link is not None else app.relink_relay
    out = ""
    if link is not None and link.resumer is not None and link.resumer.out_of_step:
        return (f'<p class="notice warn" role="alert" data-relinking="out-of-step" data-out-of-step>'
                f'{h(link.resumer.out_of_step)} ' + ('' if link.role == "host" else
                f'<button type="button" class="primary" data-cmd="resync">{h(_(RESYNC))}</button>') + '</p>')
    if link is not None and (link.stage in ("connecting", "agreeing", "answering") or relay == "met") \
            and relay != "taken":
        state, text = "linking", _(RELINK_LINKING).format(names=names)
    if link is not None and link.problem:
        out += f'<p class="notice warn" role="alert">{h(link.problem)}</p>'
    if relay == "norelay":
        state, text = "norelay", _(RELINK_NO_RELAY)
    spin = '<span class="spinner" aria-hidden="true"></span>' if state != "norelay" else ""
    return (out + f'<section class="notice warn relinking" role="status" '
            f'data-relinking="{state}"><p>{spin}<b>{h(_("Re-linking…"))}</b> {h(text)}</p>'
            f'<div class="row"><button type="button"{" class=primary" if state == "norelay" else ""} '
            f'data-cmd="relink-by-hand">{h(_("Link by hand"))}</button> '
            f'<button type="button" data-cmd="resume-here">{h(_("Play it on at this screen instead"))}'
            '</button></div></section>')


def link_alerts(app) -> str:
    """What an online game's link asks of the player now: re-link after a drop, resync after a desync."""
    out = ""
    session = app.session
    if app.relinking and session is None and app.resume_offer is not None:
        return relinking_notice(app)
    if session is not None and session.players > 2 and session.resigned is not None:
        return (f'<p class="notice" role="status" data-resigned>'
                f'{h(_("{name} resigned: the game is over.").format(name=app.names[session.resigned]))}</p>')
    if session is None or app.finished:
        return out
    link = app.link
    party = link.party if link is not None else None
    if party is not None and party.session is session:  # the host of three or four: guests' pages away (they come back by themselves)
        away = [i for i in range(1, session.players) if i not in party.peer_at]
        if away:
            out += (f'<p class="notice warn" role="status" data-away="{len(away)}">'
                    + h(ngettext("{names}'s page is not linked now; it links again by itself when it comes back.",
                                 "The pages of {names} are not linked now; they link again by themselves when they "
                                 "come back.", len(away)).format(names=others_said(app.names, away))) + '</p>')
        for text in session.stale.values():
            out += f'<p class="notice warn" role="status" data-stale>{h(text)}</p>'
    if link is not None and link.problem:
        out += (f'<p class="notice warn" role="alert" data-link-lost>{h(link.problem)} '
                f'<button type="button" class="primary" data-cmd="relink">{h(_("Re-link"))}</button></p>')
    if session.desync:
        button = (f'<button type="button" class="primary" data-cmd="resync-session">{h(_(RESYNC))}'
                  '</button>' if not session.host else
                  f'<span class="muted">{h(_("Waiting for the other player to resync…"))}</span>')
        out += f'<p class="notice warn" role="alert" data-desync>{h(session.desync)} {button}</p>'
    return out + end_offer_notice(app)


def end_offer_notice(app) -> str:
    """An offer to end the game without a winner: who waits for whom, and the button that agrees."""
    session = app.session
    ending = session.ending
    if not ending:
        return ""
    others = [p for p in range(session.players) if p != session.me]
    if session.me in ending:
        missing = others_said(app.names, [p for p in others if p not in ending])
        return (f'<p class="notice" role="status" data-end-offered>'
                f'{h(_("You offered to end the game without a winner; waiting for {name} to agree (or play on).").format(name=missing))}</p>')
    said = _("{name} offers to end the game without a winner (the audit then checks it).").format(
        name=others_said(app.names, sorted(ending)))
    return (f'<p class="notice" role="status" data-end-offer>{h(said)} '
            f'<button type="button" class="primary" data-cmd="offer-end">{h(_("Agree to end"))}</button> '
            f'<span class="muted">{h(_("or play on"))}</span></p>')


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


def waiting_bar(app, view, since: str = "") -> str:
    """What this screen shows while another seat decides: the computer thinking, or a remote player.
    `since`: what the others did since this player's last turn (HTML, the game's recap; none by default)."""
    d = view.get("decision") or {}
    p = d.get("player", view["active"])
    seat = app.seats[p]
    session = app.session
    if app.relinking and session is None:  # an online game waiting for its link (relinking_notice)
        return (f'<section class="action-bar waiting" aria-label="{h(_("Re-linking…"))}" data-relink-wait>'
                f'<p><span class="spinner" aria-hidden="true"></span>'
                f'{h(_("Play goes on once your pages are linked again."))}</p></section>')
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
        # "Bob, Computer (easy), is thinking…": the level's own brackets nest in no others
        who = (f' <span class="muted">({h(_("guided game"))})</span>' if app.tutorial else
               f', <span class="muted">{h(seat.label())}</span>,')
        return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-thinking="{p}" aria-busy="true">'
                f'<p><span class="spinner" aria-hidden="true"></span><b>{h(app.names[p])}</b>{who} {h(what)}</p>'
                f'{since}</section>')
    if session is not None and app.answer_held and p == session.me:
        return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-answer-held>'
                f'<p>{h(_(ANSWER_HELD))}</p></section>')
    asked = ""
    g = app.game
    if session is not None and g is not None and g.decision is not None and games.of(g).asked_aloud(g, g.decision):
        asked = f'<p class="muted" data-answer-wait>{h(_(ANSWER_WAIT))}</p>'
    return (f'<section class="action-bar waiting" aria-label="{h(_("Waiting"))}" data-waiting="{p}">'
            f'<p>{_("Waiting for <b>{name}</b>…").format(name=h(app.names[p]))}</p>{asked}</section>')


ANSWER_HELD = N_("You pass. The pass is sent when the time to answer is up, so the other page cannot tell from its "
                 "timing what you hold.")
ANSWER_WAIT = N_("Each page answers these questions after the same short wait, whatever its player holds.")
ANSWER_CLOCK = N_("{n} s to answer, then this page passes for you. It always waits that long (an early pass too), so "
                  "the timing tells the other page nothing.")


def answer_clock(app) -> str:
    """Online, a question this page answers by itself when its clock runs out (controller.answer_seconds):
    the game's table shows it beside the question."""
    secs = app.answer_seconds() if hasattr(app, "answer_seconds") else None
    if secs is None or app.answer_held or not app.offers_decision():
        return ""
    return (f'<p class="notice" role="status" data-answer-clock="{secs:g}">'
            f'{h(_(ANSWER_CLOCK).format(n=f"{secs:g}"))}</p>')


# ------------------------------------------------------------------------------ overlays
def hand_over_screen(names: list[str], p: int, why: "str | None" = None, recap_html: "str | None" = None,
                     box_class: str = "", people: "list[int] | None" = None) -> str:
    """Every game's pass-the-device screen: who takes the device, who looks away (`people`: the seats of the
    people at this screen, seats.local_seats; a computer seat looks at nothing), the button that shows her
    hand; a game may add why she is asked (`why`, a sentence) and what happened since her turn (`recap_html`)."""
    here = range(len(names)) if people is None else people
    others = ", ".join(names[i] for i in here if i != p and i < len(names))
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


def undo_button(app) -> str:
    """Undo, where the table allows one (App.can_undo: the engine's undo_floor, the seats)."""
    if not app.can_undo():
        return ""
    return (f'<button type="button" class="ghost undo" data-cmd="undo" title="{h(_("Undo your last action"))}">'
            f'↶ {h(_("Undo"))}</button>')


def audit_note(app) -> str:
    """Crystal Clans of two online without trust (net/trust.py): the end-of-game audit's verdict, or that it
    waits for the other page's secrets."""
    session = app.session
    if session is None or session.private is None:
        return ""
    from .net.trust import verdict_text

    theirs = session.their_audit
    said = ""
    if theirs is not None:  # the other page caught a lie or a forfeit (net/session.py's caught message)
        if theirs.verdict == "forfeit" and theirs.seat == session.me:  # (its own words would say "this page")
            text = _("The other page's audit: this page's secrets did not reach it in time, so it counts the game "
                     "as a forfeit.")
        else:
            text = _("The other page's audit: {verdict}").format(verdict=verdict_text(theirs, session.me, app.names))
        said = f'<p role="status" class="audit {theirs.verdict}" data-audit-theirs="{theirs.verdict}"><b>{h(text)}</b></p>'
    a = session.audit
    if a is None:
        return (f'<p class="busy" role="status" data-audit="waiting">'
                f'{h(_("Checking the game: waiting for the other page to open its secrets…"))}</p>') + said
    return (f'<p role="status" class="audit {a.verdict}" data-audit="{a.verdict}"'
            f'{f" data-audit-seat={chr(34)}{a.seat}{chr(34)}" if a.seat is not None else ""}>'
            f'<b>{h(verdict_text(a, session.me, app.names))}</b></p>') + said


def rematch_controls(app) -> str:
    """At a game's end: a rematch here at once, or online asked of the other player, who must accept."""
    session = app.session
    if session is None:
        return (f'<button type="button" class="primary big" data-cmd="rematch" data-autofocus '
                f'title="{h(_("Rematch with the same players and setup"))}">{h(_("Rematch"))}</button>')
    audit = audit_note(app)
    others = [p for p in range(session.players) if p != session.me]
    if session.me in session.rematch:
        missing = others_said(app.names, [p for p in others if p not in session.rematch])
        return audit + (f'<p class="busy" role="status" data-rematch-asked>'
                        f'{h(_("Waiting for {name} to accept the rematch…").format(name=missing))}</p>')
    asking = [p for p in others if p in session.rematch]
    said = (_("{name} asks for a rematch.") if len(asking) == 1 else _("{names} ask for a rematch.")).format(
        name=others_said(app.names, asking), names=others_said(app.names, asking))
    asked = f'<p role="status" data-rematch-offered>{h(said)}</p>' if asking else ""
    return (audit + asked + f'<button type="button" class="primary big" data-cmd="rematch" data-autofocus '
            f'title="{h(_("Ask for a rematch with the same setup"))}">{h(_("Rematch"))}</button>')


def stats_table(names: list[str], rows: "list[tuple[str, list[str]]]") -> str:
    """A game's statistics at its end, every game's: a column per player, a row per (label, cells); the cells
    are HTML already (numbers, or a note in a muted span)."""
    head = "".join(f'<th scope="col">{h(n)}</th>' for n in names)
    body = "".join(f'<tr><th scope="row">{h(label)}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
                   for label, cells in rows)
    return (f'<table class="go-stats" data-stats><caption class="sr-only">{h(_("Statistics of the game"))}</caption>'
            f'<thead><tr><th scope="col"></th>{head}</tr></thead><tbody>{body}</tbody></table>')


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
    from .table import replay_board

    return bar + replay_board(app, view, r.frame)


# ------------------------------------------------------------------------------ dialogs and menus
def resign_modal(app) -> str:
    other = app.names[app.session.them] if app.session is not None else _("the other player")
    said = _("{name} wins, on both screens. This cannot be undone.").format(name=other)
    if app.session is not None and app.session.players > 2:
        said = _("The game ends on every screen, without a winner. This cannot be undone.")
    return f"""
<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="resign-title" data-resign-dialog>
  <div class="overlay-box">
    <h2 id="resign-title">{h(_("Resign this game?"))}</h2>
    <p>{h(said)}</p>
    <div class="go-buttons">
      <button type="button" class="primary" data-cmd="resign-confirm">{h(_("Resign"))}</button>
      <button type="button" data-cmd="close-modal" data-autofocus>{h(_("Play on"))}</button>
    </div>
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
    if (app.session is not None and app.session.private is not None and not app.finished
            and app.session.me not in app.session.ending):  # (two players without trust: the audit follows)
        tip = _("Offer the other player to end the game here, without a winner")
        resign += f'<button type="button" data-cmd="offer-end" title="{h(tip)}">{h(_("Offer to end"))}</button>'
    replay = (f'<button type="button" data-cmd="replay" title="{h(_("Watch the game so far again, turn by turn"))}">'
              f'{h(_("Replay"))}</button>')
    return f"""
<span class="status">{turn_status(app)}</span>
{rules_button()}{language_button()}
<button type="button" class="ghost" data-export title="{h(_("Export the game to a file ({file})").format(file=games.export_file_name(games.of(app.game).name)))}"><span aria-hidden="true">⬇</span> <span class="lbl">{h(_("Export"))}</span></button>
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

    g = app.game
    if g is not None and app.screen != "start":
        return games.of(g)
    name = str((app.settings or {}).get("game") or games.DEFAULT)
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
