// Trystero's Nostr strategy, bundled for bench/trystero_link.py only (never served by the app).
import { joinRoom } from "trystero/nostr";

// Join `room` through the relay at `relayUrl` alone (no STUN/TURN, as our links in the tests); resolves with the
// ms from the call until a peer has joined and answered one message.
window.trysteroLink = (relayUrl, room) => new Promise((resolve, reject) => {
  const start = performance.now();
  const r = joinRoom({ appId: "crystalclans-bench", relayConfig: { urls: [relayUrl] }, rtcConfig: { iceServers: [] },
    turnConfig: [] }, room);
  window.trysteroRoom = r;
  const ping = r.makeAction("ping");
  ping.onMessage = (data, { peerId }) => {
    if (data === "ping") ping.send("pong", { target: peerId });
    else resolve(performance.now() - start);
  };
  r.onPeerJoin = (peerId) => { ping.send("ping", { target: peerId }); };
  setTimeout(() => reject(new Error("no peer in 30 s")), 30000);
});
