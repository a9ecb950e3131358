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
//   p2p.watch(secret); p2p.onoffer(code => ...)  // a saved game's page waits in its room for a new invitation
//   p2p.inviteLink(code) -> this page's URL with the code as its #fragment (never sent to any host)
//   await p2p.qr(text) -> an SVG QR code (vendored qrcode-generator, loaded on first use)
//   p2p.invited() -> the code in this page's #fragment, if it was opened from an invitation link
//   p2p.canScan(); await p2p.scan(videoElement) -> the text of the first Crystal Clans QR code the camera sees
//   ("" after p2p.stopScan())
//
// With relays (web/js/relay.js, imported on first use) the reply needs no hand: the invitation ends in
// ".<secret>", and the guest's page sends its reply sealed through the relays of the room that secret
// names; the host's page accepts the first reply for its invitation and tells any later page the seat is
// taken. Extra states for the page: "listening" (host: a relay carries replies), "relaying" (guest: the reply
// is on its way), "norelay" (no relay answered: the codes go by hand), "met" (host: a reply came through a
// relay), "taken" (guest: the host linked someone else).
//
// Python sees only text messages (see py/app/net/); this module never reads them.

const GATHER_TIMEOUT_MS = 5000;
const PREFIX = "CC1";
let pc = null;
let channel = null;
let onMessage = null;
let onState = null;
let onOffer = null;
let linkedAt = 0;
let unsent = [];  // what the page said while its end of the channel was still connecting: sent on open
let room = null;  // the relays' room of the invitation in hand (relay.js), or null
let hosting = false;  // this page made the invitation in hand
const RELAY_WAIT_MS = 6000;  // no relay answered in this time: the codes go by hand
const RESEND_MS = 1500;  // a guest says its reply again until the channel opens (relays keep nothing)
const me = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

function setState(s) {
  document.body.dataset.linked = s === "open" ? "true" : "false";
  if (onState) onState(s);
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

function wire(ch) {
  channel = ch;
  ch.onopen = () => {
    linkedAt = performance.now();
    const waiting = unsent;
    unsent = [];
    for (const text of waiting) ch.send(text);
    if (!hosting) leaveRoom();  // linked: a guest needs the relays no more (a host's stays, to tell later pages the seat is taken)
    setState("open");
  };
  ch.onclose = () => setState("closed");
  ch.onmessage = (e) => { if (onMessage && typeof e.data === "string") onMessage(e.data); };
  if (ch.readyState === "open") ch.onopen();  // already open when handed over: no open event will come
}

function fresh(iceServers) {
  close();
  // [{urls, username?, credential?}] from the settings (STUN/TURN for links across the internet); none by default
  const servers = [...(iceServers || [])].map((s) => (typeof s === "string" ? { urls: s } : s));
  pc = new RTCPeerConnection({ iceServers: servers });
  pc.onconnectionstatechange = () => {
    if (pc && (pc.connectionState === "failed" || pc.connectionState === "disconnected")) setState("closed");
  };
  return pc;
}

async function host(iceServers, tag, secret) {
  const conn = fresh(iceServers);
  hosting = true;
  wire(conn.createDataChannel("crystalclans", { ordered: true }));
  await conn.setLocalDescription(await conn.createOffer());
  await gathered(conn);
  setState("inviting");
  const code = await encode(conn.localDescription, tag);
  const { newSecret } = await import("./relay.js");
  const room = /^[A-Za-z0-9_-]{16,64}$/.test(secret || "") ? secret : newSecret();  // a saved game's room: met again there
  listen(code, room, !!tag).catch(() => setState("norelay"));
  return code + "." + room;
}

// What an invitation is for: the id of the saved game it goes on with, or "" for a new game.
async function inspect(code) {
  return (await decode(code)).g || "";
}

async function join(code, iceServers) {
  const offer = expand(await decode(code), "offer");
  const conn = fresh(iceServers);
  hosting = false;
  conn.ondatachannel = (e) => wire(e.channel);
  await conn.setRemoteDescription(offer);
  await conn.setLocalDescription(await conn.createAnswer());
  await gathered(conn);
  setState("answering");
  const reply = await encode(conn.localDescription);
  const secret = split(code)[1];
  if (secret) answer(code, secret, reply).catch(() => setState("norelay"));
  return reply;
}

async function accept(code) {
  if (!pc) throw new Error("no invitation is open on this page");
  await pc.setRemoteDescription(expand(await decode(code), "answer"));
}

function send(text) {
  if (channel && channel.readyState === "connecting") {
    unsent.push(String(text));
    return true;
  }
  if (!channel || channel.readyState !== "open") return false;
  channel.send(String(text));
  return true;
}

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

// The host's page listens in the room for the first reply to this invitation.
async function listen(code, secret, announce) {
  const inv = await invitationId(code);
  const conn = pc;
  let guest = "";
  let r = null;
  const idle = () => room === r && !guest && !conn.remoteDescription;
  r = await enter(secret, (m) => {
    if (m.k !== "answer" || m.i !== inv || typeof m.f !== "string" || typeof m.b !== "string" || pc !== conn) return;
    if (!guest && !conn.remoteDescription) {  // (a reply pasted by hand came first: that one links)
      guest = m.f;
      setState("met");
      accept(m.b).catch(() => setState("closed"));
    } else if (guest && m.f !== guest) {
      r.publish({ k: "taken", i: inv, t: m.f });
    }
  }, () => { if (idle()) setState("listening"); }, () => pc === conn);
  if (r === "none") return setState("norelay");
  if (!r) return;
  if (idle() && r.reached()) setState("listening");
  setTimeout(() => { if (idle()) setState(r.reached() ? "listening" : "norelay"); }, RELAY_WAIT_MS);
  // an invitation to go on with a saved game is also said in its room, where the other page waits (watch)
  const announceAgain = () => {
    if (!idle()) return;
    r.publish({ k: "offer", i: inv, b: code });
    setTimeout(announceAgain, RESEND_MS);
  };
  if (announce) announceAgain();
}

// A page holding a saved online game waits in its room for the other page's invitation, and hands it to
// the page (onoffer) to join; until it hosts, joins or closes.
async function watch(secret) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret || "")) return;
  close();  // (the page calls this with no link of its own in hand)
  let r = null;
  r = await enter(secret, async (m) => {
    if (m.k !== "offer" || typeof m.b !== "string" || room !== r || pc) return;
    if (m.i !== await invitationId(m.b)) return;
    leaveRoom();
    if (onOffer) onOffer(m.b + "." + secret);
  }, () => {}, () => !pc);
}

// The guest's page sends its reply through the room until the channel opens, the host says the seat is
// taken, or no relay answers.
async function answer(code, secret, reply) {
  const inv = await invitationId(code);
  const conn = pc;
  let r = null;
  const waiting = () => room === r && pc === conn && !(channel && channel.readyState === "open");
  r = await enter(secret, (m) => {
    if (m.k === "taken" && m.i === inv && m.t === me && waiting()) {
      leaveRoom();
      close();
      setState("taken");
    }
  }, () => { if (waiting()) setState("relaying"); }, () => pc === conn);
  if (r === "none") return setState("norelay");
  if (!r) return;
  if (r.reached()) setState("relaying");
  const started = performance.now();
  const say = () => {
    if (!waiting()) return;
    if (!r.reached() && performance.now() - started > RELAY_WAIT_MS) return setState("norelay");
    r.publish({ k: "answer", i: inv, f: me, b: reply });
    setTimeout(say, RESEND_MS);
  };
  say();
}

function close() {
  leaveRoom();
  try { if (channel) channel.close(); } catch (e) { /* already closed */ }
  try { if (pc) pc.close(); } catch (e) { /* already closed */ }
  channel = null;
  pc = null;
  unsent = [];
}

function inviteLink(code) {
  // the page's own ?relay=… travels with the link, so the guest meets the host where the host listens
  const relays = new URLSearchParams(location.search).getAll("relay").map((r) => r.trim().replace(/^(nostr|mqtt) /, "$1+"));
  const query = relays.length ? "?" + relays.map((r) => "relay=" + encodeURIComponent(r)).join("&") : "";
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
  host, join, accept, send, close, inviteLink, invited, qr, inspect, canScan, scan, stopScan,
  onmessage: (cb) => { onMessage = cb; },
  onstate: (cb) => { onState = cb; },
  onoffer: (cb) => { onOffer = cb; },
  relayCounts: async () => (await import("./relay.js")).received(),
  watch,
  state: () => (channel ? channel.readyState : "none"),
  linkedAt: () => linkedAt,
};
