// Meeting through public relays, so that a link is all a guest needs (an ES module; p2p.js imports it on first
// use, so a first visit does not download it).
//
// Both pages know a secret from the invitation link's #fragment (never sent to any server). From it they
// derive a room (the topic both listen on) and a key. Every message is sealed with that key (AES-GCM, the
// room as associated data), so a relay sees only random-looking text on a random topic: it cannot read an
// offer or an answer, and it cannot forge, alter or redirect one; what it replays or reorders is only what
// the pages already said, and p2p.js takes an answer once, for the invitation it belongs to.
//
// Two kinds of relay, several of each, all at once (the first message to arrive wins, duplicates are dropped):
//   Nostr relays (NIP-01 over WebSocket; ephemeral events signed with a throwaway key, @noble/secp256k1)
//   MQTT brokers (MQTT 3.1.1 over WebSocket; QoS 0 publish/subscribe, the few packets written here)
//
//   const r = await open(secret, relays, onMessage, onReached)  // relays: ["nostr+wss://…", "mqtt+wss://…"]
//   r.publish(object)   // sealed and sent through every relay that is open
//   r.reached()         // how many relays have answered (a Nostr relay's first reply, a broker's CONNACK)
//   r.close()
//   relays()  // this page's relays: ?relay=… (one or more) or the public defaults

const KIND = 21313;  // an ephemeral Nostr event kind (20000-29999: relays pass it on and keep nothing)
const SALT = new TextEncoder().encode("crystalclans-web relay v1");
const PUBLIC = [
  "nostr+wss://relay.damus.io", "nostr+wss://nos.lol", "nostr+wss://relay.primal.net",
  "mqtt+wss://broker.emqx.io:8084/mqtt", "mqtt+wss://broker.hivemq.com:8884/mqtt",
];
const te = new TextEncoder();
const counts = { opened: 0, dropped: 0, repeated: 0 };  // sealed messages taken, refused (not ours), seen again
const td = new TextDecoder();

function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(String(text).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function hex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function newSecret() {
  return b64url(crypto.getRandomValues(new Uint8Array(16)));
}

export async function derive(secret) {
  const base = await crypto.subtle.importKey("raw", te.encode(secret), "HKDF", false, ["deriveKey", "deriveBits"]);
  const room = hex(await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: SALT, info: te.encode("room") }, base, 128));
  const key = await crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: SALT, info: te.encode("seal") }, base,
    { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return { room, key };
}

export async function seal(key, room, obj) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: te.encode(room) }, key,
    te.encode(JSON.stringify(obj)));
  const out = new Uint8Array(12 + data.byteLength);
  out.set(iv);
  out.set(new Uint8Array(data), 12);
  return b64url(out);
}

export async function unseal(key, room, text) {
  try {
    const bytes = unb64url(text);
    if (bytes.length < 29 || bytes.length > 16384) return null;
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: te.encode(room) }, key, bytes.slice(12));
    const obj = JSON.parse(td.decode(plain));
    return obj && typeof obj === "object" && !Array.isArray(obj) ? obj : null;
  } catch (e) {
    return null;  // not sealed with this room's key: a stranger's, or altered on the way
  }
}

// ---------------------------------------------------------------------------------------------- Nostr
let noble = null;

async function nostrKeys() {
  noble = noble || await import("../vendor/noble-secp256k1/index.js");
  const sk = noble.utils.randomSecretKey ? noble.utils.randomSecretKey() : noble.utils.randomPrivateKey();
  return { sk, pk: hex(noble.schnorr.getPublicKey(sk)) };
}

async function nostrEvent(keys, room, content) {
  const ev = { pubkey: keys.pk, created_at: Math.floor(Date.now() / 1000), kind: KIND, tags: [["x", room]], content };
  const id = new Uint8Array(await crypto.subtle.digest("SHA-256",
    te.encode(JSON.stringify([0, ev.pubkey, ev.created_at, ev.kind, ev.tags, ev.content]))));
  ev.id = hex(id);
  ev.sig = hex(await noble.schnorr.signAsync(id, keys.sk));
  return ev;
}

function nostr(url, room, keys, onText, onReady) {
  const ws = new WebSocket(url);
  const sub = "cc" + room.slice(0, 8);
  let waiting = [];  // events made before the socket opened: sent on open
  ws.onopen = () => {
    ws.send(JSON.stringify(["REQ", sub, { kinds: [KIND], "#x": [room], since: Math.floor(Date.now() / 1000) - 60 }]));
    waiting.forEach((ev) => ws.send(ev));
    waiting = [];
  };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch (err) { return; }
    if (!Array.isArray(m)) return;
    if (m[0] === "EOSE" || m[0] === "OK" || m[0] === "NOTICE") onReady();
    if (m[0] === "EVENT" && m[1] === sub && m[2] && typeof m[2].content === "string") {
      onReady();
      onText(m[2].content);
    }
  };
  return {
    async send(text) {
      if (ws.readyState > 1) return;
      const ev = JSON.stringify(["EVENT", await nostrEvent(keys, room, text)]);
      if (ws.readyState === 1) ws.send(ev);
      else waiting.push(ev);
    },
    close() { try { ws.close(); } catch (e) { /* closed */ } },
  };
}

// ----------------------------------------------------------------------------------------------- MQTT
function mqttString(s) {
  const b = te.encode(s);
  return [b.length >> 8, b.length & 255, ...b];
}

function mqttPacket(type, body) {
  const len = [];
  let n = body.length;
  do {
    let d = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) d |= 128;
    len.push(d);
  } while (n > 0);
  return new Uint8Array([type, ...len, ...body]);
}

function mqtt(url, room, onText, onReady) {
  const ws = new WebSocket(url, ["mqtt"]);
  ws.binaryType = "arraybuffer";
  const topic = "crystalclans/" + room;
  let buf = new Uint8Array(0);
  let ping = null;
  let connected = false;
  let waiting = [];  // publishes made before the broker's CONNACK: sent after it
  ws.onopen = () => {
    const id = "cc" + hex(crypto.getRandomValues(new Uint8Array(8)));
    ws.send(mqttPacket(0x10, [...mqttString("MQTT"), 4, 0x02, 0, 60, ...mqttString(id)]));
    ws.send(mqttPacket(0x82, [0, 1, ...mqttString(topic), 0]));
    ping = setInterval(() => { if (ws.readyState === 1) ws.send(new Uint8Array([0xc0, 0])); }, 30000);
  };
  ws.onclose = () => clearInterval(ping);
  ws.onmessage = (e) => {
    const more = new Uint8Array(e.data);
    const joined = new Uint8Array(buf.length + more.length);
    joined.set(buf);
    joined.set(more, buf.length);
    buf = joined;
    for (;;) {  // as many whole packets as the buffer holds
      let len = 0, mul = 1, i = 1;
      for (; i < buf.length && i < 5; i++) {
        len += (buf[i] & 127) * mul;
        mul *= 128;
        if (!(buf[i] & 128)) break;
      }
      if (i >= buf.length || buf.length < i + 1 + len) return;
      const type = buf[0] >> 4;
      const body = buf.slice(i + 1, i + 1 + len);
      buf = buf.slice(i + 1 + len);
      if (type === 2) {  // CONNACK
        connected = true;
        waiting.forEach((p) => ws.send(p));
        waiting = [];
        onReady();
      }
      if (type === 3) {  // PUBLISH, QoS 0: topic, payload
        const tl = (body[0] << 8) | body[1];
        if (td.decode(body.slice(2, 2 + tl)) === topic) onText(td.decode(body.slice(2 + tl)));
      }
    }
  };
  return {
    async send(text) {
      if (ws.readyState > 1) return;
      const packet = mqttPacket(0x30, [...mqttString(topic), ...te.encode(text)]);
      if (connected && ws.readyState === 1) ws.send(packet);
      else waiting.push(packet);
    },
    close() { clearInterval(ping); try { ws.close(); } catch (e) { /* closed */ } },
  };
}

// What this page's rooms received: for tests and the curious (window.crystalclans_p2p.relayCounts()).
export function received() {
  return { ...counts };
}

// Load the signer and make its tables before a page needs them (a guest opening an invitation link).
export async function warm() {
  if (relays().some((r) => r.startsWith("nostr+"))) await nostrKeys();
}

// ------------------------------------------------------------------------------------------- the room
export async function open(secret, relays, onMessage, onReached = () => {}) {
  const { room, key } = await derive(secret);
  const seen = new Set();
  let reached = 0;
  const conns = [];
  const onText = async (text) => {
    if (typeof text !== "string" || text.length > 20000) return;
    if (seen.has(text)) {  // the same sealed text from several relays, or replayed: once
      counts.repeated += 1;
      return;
    }
    seen.add(text);
    const obj = await unseal(key, room, text);
    counts[obj ? "opened" : "dropped"] += 1;
    if (obj) onMessage(obj);
  };
  const keys = relays.some((r) => r.startsWith("nostr+")) ? await nostrKeys() : null;
  for (const r of relays) {
    let said = false;
    const ready = () => {
      if (said) return;
      said = true;
      reached += 1;
      if (reached === 1) onReached();
    };
    try {
      const url = r.replace(/^(nostr|mqtt)\+/, "");
      conns.push(r.startsWith("mqtt+") ? mqtt(url, room, onText, ready) : nostr(url, room, keys, onText, ready));
    } catch (e) { /* a relay URL the browser refuses: the others still work */ }
  }
  return {
    room,
    async publish(obj) {
      const text = await seal(key, room, obj);
      seen.add(text);  // our own message, echoed back by a relay, is not news
      await Promise.all(conns.map((c) => c.send(text).catch(() => {})));
    },
    reached: () => reached,
    close() { conns.forEach((c) => c.close()); },
  };
}

// This page's relays: ?relay=<url> (repeatable; "mqtt+ws://…" for a broker, "nostr+ws://…" or a plain
// ws(s):// URL for a Nostr relay), "?relay=none" for none, else the public ones unless the player turned
// them off.
export function relays() {
  const asked = new URLSearchParams(location.search).getAll("relay")
    .map((r) => r.trim().replace(/^(nostr|mqtt) /, "$1+"))  // a "+" typed into the address bar reads as a space
    .filter((r) => /^((nostr|mqtt)\+)?wss?:\/\/\S+$/.test(r) || r === "none");
  if (asked.includes("none")) return [];
  if (asked.length) return asked.map((r) => (/^(nostr|mqtt)\+/.test(r) ? r : "nostr+" + r));
  try {  // the player may have turned public relays off (the start screen's "Playing across the internet?")
    if (JSON.parse(localStorage.getItem("crystalclans.public_help") || "{}").relays === false) return [];
  } catch (e) { /* no storage, or not ours: the default */ }
  return PUBLIC.slice();
}

