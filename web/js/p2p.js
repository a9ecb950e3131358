// Linking two browsers with WebRTC and no server of ours: window.crystalclans_p2p.
//
// Non-trickle: ICE gathering completes first, so one message each way is enough. The host's offer is the
// invitation, the guest's answer the reply. Only what the SDP needs travels (ICE ufrag/pwd, the DTLS
// fingerprint, the setup role, the candidates), deflated and base64url-encoded into a short code; the full
// SDP is rebuilt on the other side.
//
//   const code = await p2p.host(iceServers, tag)  // the invitation (a link's #fragment, a code, a QR code);
//                                                 // tag: the id of a saved game to go on with, else none
//   await p2p.inspect(code) -> that tag, or ""
//   const reply = await p2p.join(code, iceServers)
//   await p2p.accept(reply)                      // on the host: the channel opens on both pages
//   p2p.send(text); p2p.onmessage(text => ...); p2p.onstate(state => ...); p2p.state(); p2p.close()
//   p2p.watch(secret, knock); p2p.onoffer(code => ...)  // a saved game's page waits in its room for a new
//                                                 // invitation (knock: its game's id, with three or four
//                                                 // players: it asks the host's page for one)
//   p2p.inviteLink(code, game) -> this page's URL with the code as its #fragment (never sent to any host) and
//     ?game=<the game's name>
//   await p2p.qr(text) -> an SVG QR code (vendored qrcode-generator, loaded on first use)
//   p2p.invited() -> the code in this page's #fragment, if it was opened from an invitation link
//   p2p.canScan(); await p2p.scan(videoElement) -> the text of the first Crystal Clans QR code the camera sees
//   ("" after p2p.stopScan())
//
// With relays (web/js/relay.js, imported on first use) the reply needs no hand: the invitation ends in
// ".<secret>", and the guest's page sends its reply sealed through the relays of the room that secret
// names; the host's page accepts the first reply for its invitation and tells any later page the seat is
// taken; a guest it took whose handshake never finishes gets a fresh offer there. Extra states for the page:
// "listening" (host: a relay carries replies), "relaying" (guest: the reply is on its way), "norelay" (no
// relay answered: the codes go by hand), "met" (host: a reply came through a relay), "taken" (guest: the
// host linked someone else).
//
// Three or four players (py/app/net/party.py): the host's page keeps one peer connection a guest, numbered 1,
// 2, 3, … (`peer`; a guest's page numbers its one link to the host 0): p2p.host(iceServers, tag, secret,
// guests) takes up to `guests` pages at once. Every guest opens the same link; the first answers its offer,
// and each later page, whose answer to that offer comes too late, gets a fresh offer of its own through the
// room ("seat"), which it answers in turn. A page beyond `guests` is told the game has its players
// ("taken", with their number). Messages and states name their peer: onmessage(text, peer),
// onstate(state, peer, players); p2p.sendTo(peer, text), p2p.drop(peer); p2p.send(text) goes to every
// peer. During the game the host's page stays in the room: a guest's page that comes back knocks there
// (watch) and gets a fresh offer carrying the game's id (p2p.setTag).
//
// Python sees only text messages (see py/app/net/); this module never reads them.

const GATHER_TIMEOUT_MS = 5000;
const PREFIX = "CC1";
// peer number -> {pc, channel, unsent}: a guest's page has one (0, the host's page), the host's one a guest;
// `unsent`: what the page said while that channel was still connecting, sent on open
const peers = new Map();
let pc = null;  // the newest peer connection (a guest's page: its one)
let onMessage = null;
let onState = null;
let onOffer = null;
let linkedAt = 0;
let room = null;  // the relays' room of the invitation in hand (relay.js), or null
let hosting = false;  // this page made the invitation in hand
let ice = [];  // the host's STUN/TURN servers, for the offers it makes to later guests
let gameTag = "";  // the host's game id in its offers (a saved game's, or the game under way: setTag)
let wanted = 1;  // how many guests' pages the host takes
let nextPeer = 1;
let reoffered = 0;  // how often this page offered a guest anew for a stuck handshake (listen)
const RELAY_WAIT_MS = 6000;  // no relay answered in this time: the codes go by hand
const RESEND_MS = 1500;  // a guest says its reply again until the channel opens (relays keep nothing)
// the host's offer of a page's own waits this long for its answer (a test may shorten it: ?offerkept=ms)
const OFFER_KEPT_MS = Math.min(30000, Math.max(1000, +new URLSearchParams(location.search).get("offerkept") || 30000));
const STUCK_MS = 5000;  // a guest reached (ICE) this long with no channel: its handshake is stuck (listen)
const REOFFERS = 3;  // how often the host offers one guest's page anew for a stuck handshake
// the invitations this page has answered: a relay may pass on an old one again (a Nostr relay sends what it
// holds of the last minute to a page entering the room), and the page that made it may be gone (reloaded)
const spent = new Set();
const me = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

const isOpen = (p) => !!(p && p.channel && p.channel.readyState === "open");
// (diagnose) the ports of a description's candidates, and the candidate pair ICE chose
const candidatePorts = (d) => ((d || {}).sdp || "").split("\n").filter((l) => l.startsWith("a=candidate"))
  .map((l) => l.split(" ")[5]);
async function pairInUse(conn) {
  try {
    const stats = await conn.getStats();
    for (const s of stats.values()) {
      const pair = s.type === "transport" && s.selectedCandidatePairId && stats.get(s.selectedCandidatePairId);
      if (!pair) continue;
      const [l, r] = [stats.get(pair.localCandidateId), stats.get(pair.remoteCandidateId)];
      return { state: pair.state, local: l && `${l.candidateType}:${l.port}`, remote: r && `${r.candidateType}:${r.port}`,
               dtls: s.dtlsState };
    }
  } catch (e) { return String(e); }
  return null;
}

function setState(s, n = 0, players = 0) {
  const others = [...peers].some(([k, p]) => k !== n && isOpen(p));  // the host's other guests, still linked
  document.body.dataset.linked = s === "open" || ((s === "closed" || s === "dropped") && others) ? "true" : "false";
  if (onState) onState(s, n, players);
}

// How the reply travels (the relays) is news only while no link is open: the relay module is imported on first
// use, and on a busy machine the channel can open before it is in; its late "no relay here" must not mark a
// linked page unlinked.
function relayNews(s, n = 0) {
  if (![...peers.values()].some(isOpen)) setState(s, n);
}

function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return await new Response(stream).text();
}

// SDP -> the few fields it needs -> a short code, and back.
function squeeze(sdp) {
  const get = (re) => (sdp.match(re) || [])[1] || "";
  const cands = [...sdp.matchAll(/^a=candidate:(\S+) (\d) (\S+) (\d+) (\S+) (\d+) typ (\S+)/gm)]
    .filter((m) => m[2] === "1")
    .map((m) => [m[5], +m[6], m[7], m[3].toLowerCase()]);
  return {
    u: get(/^a=ice-ufrag:(\S+)/m), p: get(/^a=ice-pwd:(\S+)/m),
    f: get(/^a=fingerprint:sha-256 (\S+)/m).replace(/:/g, ""), s: get(/^a=setup:(\S+)/m), c: cands,
  };
}

function expand(d, type) {
  const fp = d.f.match(/../g).join(":");
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...d.c.map(([ip, port, typ, proto], i) => `a=candidate:${i + 1} 1 ${proto || "udp"} ${2122260223 - i} ${ip} ${port} typ ${typ}` +
      (proto === "tcp" ? " tcptype passive" : "")),
    "a=end-of-candidates", `a=ice-ufrag:${d.u}`, `a=ice-pwd:${d.p}`, `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${d.s}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return { type, sdp: lines.join("\r\n") + "\r\n" };
}

async function encode(desc, tag) {
  const d = squeeze(desc.sdp);
  if (tag) d.g = String(tag);  // the saved game an invitation goes on with (none for a new game)
  return PREFIX + b64url(await deflate(JSON.stringify(d)));
}

// "CC1<code>.<secret>" -> [code, secret]; an invitation without relays has no secret.
function split(code) {
  const text = String(code || "").trim().replace(/^.*#/, "");
  const dot = text.indexOf(".");
  return dot < 0 ? [text, ""] : [text.slice(0, dot), text.slice(dot + 1)];
}

async function invitationId(code) {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(split(code)[0]));
  return Array.from(new Uint8Array(d).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function decode(code) {
  const text = split(code)[0];
  if (!text.startsWith(PREFIX)) throw new Error("this is not a Crystal Clans link code");
  let d;
  try {
    d = JSON.parse(await inflate(unb64url(text.slice(PREFIX.length))));
  } catch (e) {
    throw new Error("this link code is damaged (copy it again, whole)");
  }
  if (!d || typeof d.u !== "string" || typeof d.p !== "string" || !/^[0-9A-Fa-f]{64}$/.test(d.f || "")
      || !Array.isArray(d.c) || d.c.length > 32 || (d.g !== undefined && !/^[0-9a-f]{16}$/.test(d.g))) {
    throw new Error("this link code is damaged");
  }
  return d;
}

function gathered(conn) {
  if (conn.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (conn.iceGatheringState === "complete") resolve(); };
    conn.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_TIMEOUT_MS);
  });
}

function wire(ch, n) {
  const p = peers.get(n);
  if (!p) return;
  p.channel = ch;
  ch.onopen = () => {
    if (p.quiet) return;
    linkedAt = performance.now();
    const waiting = p.unsent;
    p.unsent = [];
    for (const text of waiting) ch.send(text);
    if (!hosting) leaveRoom();  // linked: a guest needs the relays no more (a host's stays, to tell later pages the seat is taken)
    setState("open", n);
  };
  ch.onclose = () => { if (!p.quiet) lost(n); };
  ch.onmessage = (e) => { if (onMessage && typeof e.data === "string" && !p.quiet) onMessage(e.data, n); };
  if (ch.readyState === "open") ch.onopen();  // already open when handed over: no open event will come
}

// A new peer connection numbered n (replacing any of that number).
function connect(n, iceServers) {
  closePeer(n);
  // [{urls, username?, credential?}] from the settings (STUN/TURN for links across the internet); none by default
  const servers = [...(iceServers || [])].map((s) => (typeof s === "string" ? { urls: s } : s));
  const conn = new RTCPeerConnection({ iceServers: servers });
  const p = { pc: conn, channel: null, unsent: [], quiet: false };  // quiet: replaced or dropped, no more news
  peers.set(n, p);
  pc = conn;
  conn.onconnectionstatechange = () => {
    if (!p.quiet && (conn.connectionState === "failed" || conn.connectionState === "disconnected")) {
      lost(n);
    }
  };
  return conn;
}

// A link is lost. The host of three or four closes that guest's connection and frees its place in the room:
// the page may come back (a reload) with a new one.
function lost(n) {
  if (hosting && wanted > 1) {
    closePeer(n);
    if (dropped) dropped(n);
  }
  setState("closed", n);
}

function fresh(iceServers) {
  close(true);
  return connect(0, iceServers);
}

// The host's offer for its guest n: the code it sends (by a link, or through the room).
async function offerFor(n) {
  const conn = connect(n, ice);
  wire(conn.createDataChannel("crystalclans", { ordered: true }), n);
  await conn.setLocalDescription(await conn.createOffer());
  await gathered(conn);
  return await encode(conn.localDescription, gameTag);
}

async function host(iceServers, tag, secret, guests) {
  close(true);  // (a link before this one, lost or given up, is no news of this one)
  hosting = true;
  ice = iceServers || [];
  gameTag = tag || "";
  wanted = Math.max(1, Math.min(3, guests | 0 || 1));
  nextPeer = 2;
  const code = await offerFor(1);
  setState("inviting");
  const { newSecret } = await import("./relay.js");
  const room = /^[A-Za-z0-9_-]{16,64}$/.test(secret || "") ? secret : newSecret();  // a saved game's room: met again there
  listen(code, room, !!tag).catch(() => relayNews("norelay"));
  return code + "." + room;
}

// The host's game under way: offers to pages coming back carry its id.
function setTag(tag) {
  gameTag = /^[0-9a-f]{16}$/.test(tag || "") ? tag : "";
}

// What an invitation is for: the id of the saved game it goes on with, or "" for a new game.
async function inspect(code) {
  return (await decode(code)).g || "";
}

async function join(code, iceServers) {
  const offer = expand(await decode(code), "offer");
  spent.add(await invitationId(code));
  fresh(iceServers);
  hosting = false;
  ice = iceServers || [];
  const reply = await answerOffer(offer);
  setState("answering");
  const secret = split(code)[1];
  if (secret) answer(code, secret, reply).catch(() => relayNews("norelay"));
  return reply;
}

// A guest's answer to an offer (its one peer connection, 0, made anew).
async function answerOffer(offer) {
  const conn = connect(0, ice);
  conn.ondatachannel = (e) => wire(e.channel, 0);
  await conn.setRemoteDescription(offer);
  await conn.setLocalDescription(await conn.createAnswer());
  await gathered(conn);
  return await encode(conn.localDescription);
}

// The host takes a reply for its guest n (by default the newest offer not yet answered: a code by hand).
async function accept(code, n) {
  if (n === undefined) n = [...peers.keys()].reverse().find((k) => !peers.get(k).pc.remoteDescription);
  const p = peers.get(n);
  if (!p) throw new Error("no invitation is open on this page");
  await p.pc.setRemoteDescription(expand(await decode(code), "answer"));
}

function sendOn(p, text) {
  const ch = p && p.channel;
  if (ch && ch.readyState === "connecting") {
    p.unsent.push(String(text));
    return true;
  }
  if (!ch || ch.readyState !== "open") return false;
  ch.send(String(text));
  return true;
}

// To every linked page (a guest's page: the host's).
function send(text) {
  let sent = false;
  for (const p of peers.values()) sent = sendOn(p, text) || sent;
  return sent;
}

function sendTo(n, text) {
  return sendOn(peers.get(n), text);
}

// Close peer n's connection: `quiet` (replaced, dropped) says nothing more of it; else its channel's close is
// news as a lost link would be (p2p.close(): the other page's too).
function closePeer(n, quiet = true) {
  const p = peers.get(n);
  if (!p) return;
  peers.delete(n);
  p.quiet = quiet;
  try { if (p.channel) p.channel.close(); } catch (e) { /* already closed */ }
  try { p.pc.close(); } catch (e) { /* already closed */ }
  if (pc === p.pc) pc = null;
}

// The host's page closes a guest's link (a page beyond the seats, or one that cannot show its seat).
function drop(n) {
  closePeer(n);
  if (dropped) dropped(n);
  setState("dropped", n);
}
let dropped = null;  // the host's room frees the page's place (listen)

function leaveRoom() {
  if (room) room.close();
  room = null;
}

// Enter the relays' room of `secret` (this page's one room: the one before is left). Returns the room, or
// "none" when this page has no relays, or null when the page moved on (`wanted()` no longer holds) meanwhile.
async function enter(secret, onMessage, onReached, wanted) {
  const relay = await import("./relay.js");
  const list = relay.relays();
  if (!list.length) return "none";
  const r = await relay.open(secret, list, onMessage, onReached);
  if (!wanted()) {
    r.close();
    return null;
  }
  leaveRoom();
  room = r;
  return r;
}

// Three or four players and no relay: an offer for the next guest's page, passed by hand like the first
// (no room in it: there is none to meet in); accept() takes its reply, the newest offer not yet answered.
async function offerNext() {
  if (!hosting || wanted < 2) throw new Error("this page invites no more guests");
  return await offerFor(nextPeer++);
}

// The host's page listens in the room for the replies to this invitation: the first answers its offer; each
// later page, while the host takes more guests, gets an offer of its own ("seat"); any other is told the game
// has its players. A page coming back to the game under way knocks ("back") and gets an offer too.
async function listen(code, secret, announce) {
  const inv = await invitationId(code);
  const first = peers.get(1).pc;
  // a guest page's id -> {n, inv, code, first, tries}: its peer, the offer it was given (none: the link's), the
  // id of the offer it joined (its answers name it: the link's, or the one it got knocking) and its re-offers
  const pages = new Map();
  let r = null;
  const live = () => room === r;
  const taken = () => [...pages.values()].filter((x) => peers.has(x.n)).length;
  const idle = () => room === r && pages.size === 0 && !first.remoteDescription;
  dropped = (n) => { for (const [f, x] of pages) if (x.n === n) pages.delete(f); };
  // a page that never answers the offer it was given last (closed meanwhile) gives its place back
  const keep = (f, x) => {
    clearTimeout(x.kept);
    x.kept = setTimeout(() => {
      const p = peers.get(x.n);
      if (pages.get(f) === x && p && !p.pc.remoteDescription) {
        closePeer(x.n);
        pages.delete(f);
      }
    }, OFFER_KEPT_MS);
  };
  const offerTo = async (f, kind) => {  // a fresh offer of its own for page f
    const x = { n: nextPeer++, inv: "", code: "", first: inv, tries: 0, kept: 0 };
    pages.set(f, x);
    x.code = await offerFor(x.n);
    x.inv = await invitationId(x.code);
    if (kind === "offer") x.first = x.inv;
    keep(f, x);
    // a "seat" answers a reply to the link's offer (its id); an "offer" a knock: its own id, as announcements
    if (room === r && pages.get(f) === x) r.publish({ k: kind, i: kind === "offer" ? x.inv : inv, t: f, b: x.code });
  };
  // A guest's page reached this one (ICE) but no channel opens: the handshake is stuck. It happens when a
  // page that holds the link's offer without its secret reached this page first: the browser keeps that
  // page's DTLS hello and starts the handshake with it once an answer comes. A fresh offer through the room
  // (sealed: a page without the secret cannot read it) links the guest anew; its page answers a "seat".
  const unstick = (f, x, reached = 0) => setTimeout(async () => {
    const p = peers.get(x.n);
    if (!live() || pages.get(f) !== x || !p || isOpen(p) || !p.pc.remoteDescription) return;
    if (p.pc.connectionState === "failed" || p.pc.connectionState === "closed") return;  // lost: said so
    const state = p.pc.iceConnectionState;
    reached = state === "connected" || state === "completed" ? reached + 1000 : 0;
    if (reached < STUCK_MS) return unstick(f, x, reached);  // still finding a path, or shaking hands
    if (x.tries >= REOFFERS) return;
    x.tries += 1;
    reoffered += 1;
    // until the new offer is out, no answer is taken for it and the old offer is not said again: the guest's
    // page says its old answer until it has the new offer, and that answer must not meet the new connection
    [x.code, x.inv] = ["", ""];
    // no place is given back while the new offer gathers; a page given an offer of its own (offerTo) then has
    // the new one's time (the first one's would close the new connection before its answer could come)
    clearTimeout(x.kept);
    const code = await offerFor(x.n);  // (replaces peer n's connection, quietly)
    if (!live() || pages.get(f) !== x) return;
    [x.code, x.inv] = [code, await invitationId(code)];
    if (x.kept) keep(f, x);
    r.publish({ k: "seat", i: x.first, t: f, b: x.code });
  }, 1000);
  const take = (f, x, answer) => {  // page f's answer to the offer it was given: link, and watch the handshake
    setState("met", x.n);
    accept(answer, x.n).then(() => unstick(f, x), () => setState("closed", x.n));
  };
  r = await enter(secret, (m) => {
    if (!live() || typeof m.f !== "string") return;
    const x = pages.get(m.f);
    if (x && !peers.has(x.n)) pages.delete(m.f);  // its link was lost: it may come again
    const page = pages.get(m.f);
    if (m.k === "answer" && typeof m.b === "string") {
      if (page) {
        const p = peers.get(page.n);
        if (p && m.i === page.inv && !p.pc.remoteDescription) {
          take(m.f, page, m.b);
        } else if (m.i !== page.inv && page.code) {  // its reply to an older offer again: it missed its own
          // (named by the offer its reply answers: a page that knocked and then took the link's own offer, said
          // in the room meanwhile, answers that one, and takes only a "seat" naming it)
          r.publish({ k: "seat", i: m.i === inv ? inv : page.first, t: m.f, b: page.code });
        }
        return;
      }
      if (m.i !== inv) return;
      const firstTaken = [...pages.values()].some((y) => y.n === 1);
      const byHand = first.remoteDescription && !firstTaken;
      if (!first.remoteDescription && !firstTaken && peers.get(1)) {  // (a reply pasted by hand came first: that one links)
        const page1 = { n: 1, inv, code: "", first: inv, tries: 0 };
        pages.set(m.f, page1);
        take(m.f, page1, m.b);
      } else if (wanted > 1 && taken() < wanted) {
        offerTo(m.f, "seat").catch(() => {});
      } else if (byHand && wanted === 1) {
        // linked by hand: its guest's page may still be saying its reply here, and no one else is told
      } else {
        r.publish(wanted > 1 ? { k: "taken", i: inv, t: m.f, n: wanted + 1 } : { k: "taken", i: inv, t: m.f });
      }
    } else if (m.k === "back" && wanted > 1 && gameTag && m.g === gameTag) {
      const p = page && peers.get(page.n);
      if (p && page.code && !p.pc.remoteDescription) {  // it missed the offer it was given: again
        r.publish({ k: "offer", i: page.inv, t: m.f, b: page.code });
      } else if (!page && taken() < wanted) {
        offerTo(m.f, "offer").catch(() => {});
      }
    }
  }, () => { if (idle()) setState("listening"); }, () => peers.get(1) !== undefined && peers.get(1).pc === first);
  if (r === "none") return relayNews("norelay");
  if (!r) return;
  if (idle() && r.reached()) setState("listening");
  setTimeout(() => { if (idle()) setState(r.reached() ? "listening" : "norelay"); }, RELAY_WAIT_MS);
  // an invitation to go on with a saved game is also said in its room, where the other pages wait (watch)
  const announceAgain = () => {
    if (room !== r || !(idle() || (wanted > 1 && taken() < wanted))) return;
    r.publish({ k: "offer", i: inv, b: code });
    setTimeout(announceAgain, RESEND_MS);
  };
  if (announce) announceAgain();
}

// A page holding a saved online game waits in its room for the other page's invitation, and hands it to
// the page (onoffer) to join; until it hosts, joins or closes.
async function watch(secret, knock) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret || "")) return;
  close(true);  // (the page calls this with no link of its own in hand)
  let r = null;
  r = await enter(secret, async (m) => {
    if (m.k !== "offer" || typeof m.b !== "string" || room !== r || pc || (m.t !== undefined && m.t !== me)) return;
    if (m.i !== await invitationId(m.b) || spent.has(m.i)) return;
    leaveRoom();
    if (onOffer) onOffer(m.b + "." + secret);
  }, () => { if (room === r && !pc) setState("listening"); }, () => !pc);
  // the page says whether a relay carries its wait ("listening"), or none answered ("norelay")
  if (r === "none") return setState("norelay");
  if (!r) return;
  if (r.reached()) setState("listening");
  setTimeout(() => { if (room === r && !pc && !r.reached()) setState("norelay"); }, RELAY_WAIT_MS);
  // three or four players: the host's page may be in the room with the game under way; ask it for an offer
  const again = () => {
    if (!r || r === "none" || room !== r || pc) return;
    r.publish({ k: "back", f: me, g: knock });
    setTimeout(again, RESEND_MS);
  };
  if (/^[0-9a-f]{16}$/.test(knock || "")) again();
}

// The guest's page sends its reply through the room until the channel opens, the host says the seat is
// taken, or no relay answers. With three or four players the host may answer with an offer of this page's
// own ("seat"): the page answers that one instead.
async function answer(code, secret, reply) {
  let inv = await invitationId(code);
  const first = inv;
  let said = reply;
  let seat = "";  // the offer of this page's own, once the host gave one
  let r = null;
  const open = () => isOpen(peers.get(0));
  const waiting = () => room === r && pc !== null && !open();
  r = await enter(secret, async (m) => {
    if (m.k === "taken" && m.i === first && m.t === me && waiting()) {
      leaveRoom();
      close();
      setState("taken", 0, typeof m.n === "number" ? m.n : 2);
    } else if (m.t === me && typeof m.b === "string" && m.b !== seat && waiting()
               && ((m.k === "seat" && m.i === first) || (m.k === "offer" && !spent.has(m.i)))) {
      // an offer of this page's own: for a seat (its reply came too late for the link's offer), or made for its
      // knock (three or four players: the page it joined may be gone, its offer passed on again by a relay)
      seat = m.b;  // (at once: the same offer said twice is answered once)
      const id = await invitationId(m.b);
      if (m.k === "offer" && id !== m.i) return;
      spent.add(id);
      const offer = expand(await decode(m.b), "offer");
      said = await answerOffer(offer);
      inv = id;  // (only now: a resend meanwhile says the old answer, for the old offer)
      if (waiting()) r.publish({ k: "answer", i: inv, f: me, b: said });  // at once, not at the next resend
    }
  }, () => { if (waiting()) setState("relaying"); }, () => pc !== null);
  if (r === "none") return relayNews("norelay");
  if (!r) return;
  if (r.reached() && waiting()) setState("relaying");
  const started = performance.now();
  const say = () => {
    if (!waiting()) return;
    if (!r.reached() && performance.now() - started > RELAY_WAIT_MS) return setState("norelay");
    r.publish({ k: "answer", i: inv, f: me, b: said });
    setTimeout(say, RESEND_MS);
  };
  say();
}

// quiet: this page's own news of the links closed is not wanted (it moves on to a new link)
function close(quiet = false) {
  leaveRoom();
  for (const n of [...peers.keys()]) closePeer(n, quiet);
  pc = null;
  dropped = null;
}

function inviteLink(code, game) {
  // the page's own ?relay=… travels with the link, so the guest meets the host where the host listens; ?game=…
  // names the game, so the page that opens it speaks of that game before the host's first message comes
  const relays = new URLSearchParams(location.search).getAll("relay").map((r) => r.trim().replace(/^(nostr|mqtt) /, "$1+"));
  const params = relays.map((r) => "relay=" + encodeURIComponent(r));
  if (game) params.unshift("game=" + encodeURIComponent(String(game)));
  const query = params.length ? "?" + params.join("&") : "";
  return location.origin + location.pathname + query + "#" + code;
}

function invited() {
  const h = decodeURIComponent(location.hash.slice(1));
  if (!h.startsWith(PREFIX)) return "";
  history.replaceState(null, "", location.pathname + location.search);  // a reload does not join again
  if (split(h)[1]) import("./relay.js").then((m) => m.warm()).catch(() => {});  // ready before Join is pressed
  return h;
}

async function qr(text) {
  const { qrcode } = await import("../vendor/qrcode/qrcode.mjs");
  const q = qrcode(0, "L");  // the smallest version that holds the text
  q.addData(String(text));
  q.make();
  return q.createSvgTag({ cellSize: 4, margin: 16, scalable: true, title: "Invitation QR code" });
}

// Scanning a code with the camera, where the browser has one and BarcodeDetector (pasting always works).
let scanning = false;

function canScan() {
  return "BarcodeDetector" in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

async function scan(video) {
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  scanning = true;
  try {
    video.srcObject = stream;
    await video.play();
    while (scanning) {
      const found = (await detector.detect(video)).map((c) => String(c.rawValue)).find((t) => t.includes(PREFIX));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
    return "";
  } finally {
    scanning = false;
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
  }
}

function stopScan() {
  scanning = false;
}

window.crystalclans_p2p = {
  host, join, accept, offerNext, send, sendTo, drop, setTag, close, inviteLink, invited, qr, inspect, canScan, scan, stopScan,
  onmessage: (cb) => { onMessage = cb; },
  onstate: (cb) => { onState = cb; },
  onoffer: (cb) => { onOffer = cb; },
  relayCounts: async () => (await import("./relay.js")).received(),
  watch,
  state: () => { const p = peers.get(0) || peers.get(1); return p && p.channel ? p.channel.readyState : "none"; },
  // For a report when a link does not come about: each connection's states and how many ICE candidates
  // each side's description carried (no addresses).
  // each peer's states, candidate counts and the ICE pair in use (candidate types and ports, no addresses)
  diagnose: () => Promise.all([...peers.entries()].map(async ([n, p]) => ({
    n, connection: p.pc.connectionState, ice: p.pc.iceConnectionState, gathering: p.pc.iceGatheringState,
    signaling: p.pc.signalingState, channel: p.channel ? p.channel.readyState : "none", quiet: p.quiet,
    local: candidatePorts(p.pc.localDescription), remote: candidatePorts(p.pc.remoteDescription),
    pair: await pairInUse(p.pc),
  }))),
  linkedAt: () => linkedAt,
  reoffered: () => reoffered,
};
