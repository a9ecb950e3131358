// The table's sounds, our own: short tones synthesized with WebAudio when played (no sample files).
// - The switch in the top bar (#sound-switch) mutes and unmutes; the choice is kept (crystalclans.sound:
//   "on" or "off"). Without a choice: on, except under prefers-reduced-motion and in automated browsers
//   (navigator.webdriver: the tests are quiet unless they ask).
// - Nothing plays before the player's first click or key (browsers forbid it anyway).
// - window.crystalclans_sounds_started counts what started, by kind (the tests read it).
(function () {
  var KEY = "crystalclans.sound";
  var picked = null;  // this visit's choice, for browsers that refuse localStorage
  var ctx = null, touched = false;
  var started = window.crystalclans_sounds_started = {n: 0, kinds: []};
  // [frequency Hz, start s, length s] per note
  var TUNES = {
    turn: [[660, 0, 0.09], [880, 0.1, 0.16]],
    move: [[520, 0, 0.05]],
    summon: [[440, 0, 0.06], [554, 0.06, 0.06], [659, 0.12, 0.1]],
    battle: [[196, 0, 0.09], [147, 0.09, 0.18]],
    score: [[784, 0, 0.08], [988, 0.08, 0.08], [1319, 0.16, 0.18]],
    won: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.34]],
    lost: [[392, 0, 0.16], [330, 0.16, 0.16], [262, 0.32, 0.38]]
  };

  // drawn, not emoji: not every system has an emoji font (headless Linux shows an empty box)
  var SPEAKER = '<svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" '
    + 'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">'
    + '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
  var SPEAKER_ON = SPEAKER + '<path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"/></svg>';
  var SPEAKER_OFF = SPEAKER + '<path d="M16.5 9.5l5 5M21.5 9.5l-5 5"/></svg>';
  function chosen() {
    if (picked) return picked;
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function on() {
    var c = chosen();
    if (c) return c === "on";
    if (navigator.webdriver) return false;
    return !(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  function words() {
    var b = document.getElementById("sound-switch");
    if (!b) return;
    var loud = on();
    b.innerHTML = loud ? SPEAKER_ON : SPEAKER_OFF;
    b.setAttribute("aria-pressed", loud ? "false" : "true");  // pressed: muted
    var label = window.crystalclans_t ? crystalclans_t(loud ? "sound_off" : "sound_on") : "";
    if (label) { b.setAttribute("aria-label", label); b.title = label; }
  }
  function set(loud) {
    picked = loud ? "on" : "off";
    try { localStorage.setItem(KEY, picked); } catch (e) { /* kept for this visit only */ }
    if (!loud && ctx) { try { ctx.suspend(); } catch (e) { /* closed */ } }
    words();
  }
  function play(kind) {
    var tune = TUNES[kind];
    if (!tune || !touched || !on()) return false;
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return false;
    try {
      ctx = ctx || new AC();
      if (ctx.state === "suspended") ctx.resume();
      var t0 = ctx.currentTime + 0.02;
      tune.forEach(function (n) {
        var osc = ctx.createOscillator(), gain = ctx.createGain(), at = t0 + n[1], end = at + n[2];
        osc.type = kind === "move" || kind === "battle" ? "triangle" : "sine";
        osc.frequency.value = n[0];
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.16, at + 0.012);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        osc.connect(gain);
        gain.connect(ctx.destination);
        osc.start(at);
        osc.stop(end + 0.02);
      });
    } catch (e) {
      return false;
    }
    started.n += 1;
    started.kinds.push(kind);
    return true;
  }
  function touch() { touched = true; }
  document.addEventListener("pointerdown", touch, true);
  document.addEventListener("keydown", touch, true);
  document.addEventListener("click", function (e) {
    touched = true;
    if (e.target.closest && e.target.closest("#sound-switch")) set(!on());
  });
  document.addEventListener("DOMContentLoaded", words);
  window.crystalclans_sound = {play: play, on: on, set: set, words: words};
  words();
})();
