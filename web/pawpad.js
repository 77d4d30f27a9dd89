// Pawpad in a web page: MicroPython's WebAssembly port runs firmware/main.py with the
// simulated board of web/py/webboard.py. This file is the page around it: the panel on
// a canvas (drawn from the panel model's display RAM, the bytes the driver sent), the
// buttons (pointer, touch and keys), the buzzer through Web Audio, the player lights,
// and the box's flash kept in localStorage (so a reload is a power cut).
// `?script` opens the page in script mode: no box runs, and window.pawpad.play(text)
// plays a key script on virtual time and returns its frames (the browser test's).
import { loadMicroPython } from "./micropython.mjs";

const DATA = "/data"; // the box's flash folder (webboard.DATA)
const STORE = "pawpad:"; // localStorage keys: STORE + the file's path
const LIB = "/lib"; // where the firmware's modules go (on MicroPython's sys.path)
const MENU_KEYS = { ArrowUp: "up", ArrowDown: "down", Enter: "ok", ArrowRight: "ok",
  Backspace: "back", ArrowLeft: "back" };
const STAGE_KEYS = { a: [0, 1], z: [0, -1], s: [1, 1], x: [1, -1] };
const UNDO_MS = 1000; // "u": BACK held this long (the box undoes after 800 ms)
const ON = [200, 230, 255]; // a lit OLED pixel, as tools/pawsim/png.py draws it
const OFF = [8, 10, 14];
const W = 128, PAGES = 8;
const RING = 64; // how many recent writes, keys, tones and frames are kept for the figures

const scriptMode = new URLSearchParams(location.search).has("script");
const $ = (id) => document.getElementById(id);

// What tests and the benchmark read: times in ms on performance.now()'s clock (the
// latest RING of each: the driver's first write of a frame, key events, tone changes as
// [t, hz]). With pawpad.record set, each frame drawn is kept as [t, the canvas in hex].
const pawpad = window.pawpad = {
  times: {}, writes: [], keys: [], tones: [], log: [], canvasFrames: [], drawn: [],
  flashErrors: 0, record: false,
};
let mp = null; // the MicroPython instance
let box = null; // the webmain module, once the box runs

function keep(list, item) {
  list.push(item);
  if (list.length > RING) list.splice(0, list.length - RING);
}

function say(line, isError) {
  keep(pawpad.log, line);
  const pre = $("console");
  if (pre) {
    pre.textContent = (pre.textContent + line + "\n").slice(-8000);
    if (isError) pre.parentElement.open = true; // a traceback is shown, not hidden
  }
  (isError ? console.error : console.log)(line);
}

// --- the panel ---
const panel = { addr: 0, on: 0, contrast: 255, inverted: 0, pending: false };
const canvas = $("panel");
const ctx = canvas.getContext("2d", { willReadFrequently: true }); // tests read it back
const image = ctx.createImageData(W, PAGES * 8);

function draw() {
  panel.pending = false;
  const px = image.data;
  const get = mp._module.getValue;
  // Contrast dims the lit pixels, as on the OLED; off, nothing is lit.
  const k = panel.on ? 0.35 + 0.65 * panel.contrast / 255 : 0;
  const lit = ON.map((c, i) => Math.round(OFF[i] + (c - OFF[i]) * k));
  for (let page = 0; page < PAGES; page++) {
    for (let x = 0; x < W; x++) {
      const b = panel.addr ? get(panel.addr + page * W + x, "i8") & 0xff : 0;
      for (let bit = 0; bit < 8; bit++) {
        const on = panel.on && (((b >> bit) & 1) ^ panel.inverted);
        const c = on ? lit : OFF;
        const i = ((page * 8 + bit) * W + x) * 4;
        px[i] = c[0]; px[i + 1] = c[1]; px[i + 2] = c[2]; px[i + 3] = 255;
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  const now = performance.now();
  if (pawpad.record) keep(pawpad.drawn, [now, canvasHex()]);
  if (pawpad.times.firstFrame === undefined) pawpad.times.firstFrame = now;
  if (box) showStatus(now);
}

// The canvas read back as the panel's RAM (1024 bytes, page by page, bit 0 on top), hex.
function canvasHex() {
  const px = ctx.getImageData(0, 0, W, PAGES * 8).data;
  const threshold = (ON[0] * 0.35 + OFF[0]) / 2;
  let hex = "";
  for (let page = 0; page < PAGES; page++) {
    for (let x = 0; x < W; x++) {
      let b = 0;
      for (let bit = 0; bit < 8; bit++) {
        if (px[((page * 8 + bit) * W + x) * 4] > threshold) b |= 1 << bit;
      }
      hex += b.toString(16).padStart(2, "0");
    }
  }
  return hex;
}
pawpad.canvasHex = canvasHex;

// --- the buzzer: a square wave at the PWM's frequency, silent at duty 0 ---
let audio = null, osc = null, gain = null;
const tone = { hz: 0, duty: 0 };

function startAudio() { // browsers allow sound only after a gesture
  if (audio) {
    if (audio.state === "suspended") audio.resume();
    return;
  }
  try {
    audio = new AudioContext();
    osc = audio.createOscillator();
    osc.type = "square";
    gain = audio.createGain();
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    applyTone();
  } catch (e) {
    audio = null;
    say("no Web Audio: " + e, true);
  }
}

function applyTone() {
  if (!audio) return;
  const t = audio.currentTime;
  if (tone.hz && tone.duty) {
    osc.frequency.setValueAtTime(tone.hz, t);
    gain.gain.setTargetAtTime(0.02 + 0.08 * Math.min(1, tone.duty / 32768), t, 0.002);
  } else {
    gain.gain.setTargetAtTime(0, t, 0.002);
  }
}

function sound(hz, duty) {
  const was = tone.duty ? tone.hz : 0;
  tone.hz = hz; tone.duty = duty;
  const now = duty ? hz : 0;
  if (now !== was) {
    keep(pawpad.tones, [performance.now(), now]);
    $("hz").textContent = now ? now + " Hz" : "\u2014";
    $("buzzer").classList.toggle("on", !!now);
  }
  applyTone();
}

// --- the player lights: the GRB bytes sent to the strip, shown at full brightness ---
function showLights(hex) {
  const dots = $("lights").children;
  for (let i = 0; i < dots.length && 6 * i + 6 <= hex.length; i++) {
    const g = parseInt(hex.substr(6 * i, 2), 16), r = parseInt(hex.substr(6 * i + 2, 2), 16);
    const b = parseInt(hex.substr(6 * i + 4, 2), 16);
    const m = Math.max(r, g, b);
    dots[i].style.background = m ? `rgb(${[r, g, b].map((v) => Math.round(v * 255 / m))})` : "";
    dots[i].style.boxShadow = m ? `0 0 10px ${dots[i].style.background}` : "";
  }
}

// The calls the Python side makes (registered as the module `pawpage`).
const page = {
  panel(addr, on, contrast, inverted) {
    Object.assign(panel, { addr, on, contrast, inverted });
    if (!panel.pending) { // drawn once the loop's turn is over, before the browser paints
      keep(pawpad.writes, performance.now());
      panel.pending = true;
      queueMicrotask(draw);
    }
  },
  tone: sound,
  lights: showLights,
  frame(line) { // script mode: each new frame is drawn at once and read back
    draw();
    pawpad.canvasFrames.push(canvasHex());
  },
  keep(path) { // a file of the flash written: into the browser (0, or an errno)
    return keepFile(mp.FS, path);
  },
};

// --- what the box says about itself: screen, seats and their colours, stages, tilt ---
let lastStatus = "";

function showStatus(now) {
  let s;
  try {
    s = box.status();
  } catch (e) {
    return;
  }
  if (s === lastStatus) return;
  lastStatus = s;
  const [screen, players, colours, dogs, tipped, people] = s.split("|");
  const seated = (people || "").split(",");
  pawpad.screen = screen;
  if (screen === "menu" && pawpad.times.menu === undefined) pawpad.times.menu = now;
  const buttons = $("players").children;
  colours.split(",").forEach((c, i) => {
    if (!c || !buttons[i]) return;
    const [name, rgb] = c.split(":");
    buttons[i].style.background = "#" + rgb;
    buttons[i].querySelector("small").textContent = seated[i] || name; // who sits there
    buttons[i].classList.toggle("out", i >= +players);
  });
  dogs.split(",").forEach((n, i) => { $("dogs" + i).textContent = n; });
  $("tilt").textContent = tipped === "1" ? "Tilt: TIPPED" : "Tilt: level";
  showNames(); // the box's own screens may have changed them
}

// --- the names of the people who play, typed here (the box checks and keeps them) ---
let shownNames = null;

function showNames(said) {
  if (said !== undefined) $("names-said").textContent = said;
  const names = box ? box.names() : "";
  if (names === shownNames) return;
  shownNames = names;
  const list = $("roster");
  list.textContent = "";
  for (const name of names ? names.split("\n") : []) {
    const li = document.createElement("li");
    li.textContent = name;
    const x = document.createElement("button");
    x.type = "button";
    x.textContent = "\u00d7";
    x.title = "Take " + name + " off the box";
    x.setAttribute("aria-label", x.title);
    x.addEventListener("click", () => {
      const why = box.remove_name(name);
      showNames(why || name + " is off the box");
    });
    li.append(x);
    list.append(li);
  }
}

function addName(e) {
  e.preventDefault();
  if (!box) return;
  const input = $("name");
  const name = input.value.trim();
  const why = box.add_name(name);
  if (!why) input.value = "";
  showNames(why || name + " is on the box");
}

// --- hands on the box ---
function press(kind, which, down, el) {
  if (!box) return;
  try {
    if (kind === "player") box.player(which, down);
    else box.menu(which, down);
  } catch (e) {
    say(String(e), true);
  }
  const target = el || document.querySelector(kind === "player"
    ? `.player[data-seat="${which}"]` : `.key[data-menu="${which}"]`);
  if (target) target.classList.toggle("down-now", down);
}

function stage(i, n) {
  if (box) box.dogs(i, n);
  lastStatus = "";
  showStatus(performance.now());
}

let tipped = false;
function tilt() {
  tipped = !tipped;
  if (box) box.tilt(tipped);
  lastStatus = "";
  showStatus(performance.now());
}

const held = new Set(); // keys down, let go if the page loses focus

function keyDown(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLInputElement) return; // typing a name presses no button
  const k = e.key;
  let act = null;
  if (k >= "1" && k <= "8") act = ["player", +k - 1];
  else if (k in MENU_KEYS) act = ["menu", MENU_KEYS[k]];
  if (act) {
    e.preventDefault();
    startAudio();
    if (e.repeat || held.has(k)) return; // a key held down is one press
    held.add(k);
    keep(pawpad.keys, e.timeStamp);
    press(act[0], act[1], true);
    return;
  }
  if (e.repeat) return;
  if (k === "u") {
    startAudio();
    press("menu", "back", true);
    setTimeout(() => press("menu", "back", false), UNDO_MS);
  } else if (k in STAGE_KEYS) stage(...STAGE_KEYS[k]);
  else if (k === "t") tilt();
}

function keyUp(e) {
  const k = e.key;
  if (!held.delete(k)) return;
  e.preventDefault();
  if (k >= "1" && k <= "8") press("player", +k - 1, false);
  else if (k in MENU_KEYS) press("menu", MENU_KEYS[k], false);
}

function letGoAll() {
  for (const k of held) keyUp({ key: k, preventDefault() {} });
}

// A pointer (mouse, finger, pen) holds an on-screen button down until it is lifted.
function holdable(el, kind, which) {
  let id = null;
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    startAudio();
    id = e.pointerId;
    el.setPointerCapture(id);
    keep(pawpad.keys, e.timeStamp);
    press(kind, which, true, el);
  });
  const up = (e) => {
    if (id === null || e.pointerId !== id) return;
    id = null;
    press(kind, which, false, el);
  };
  for (const t of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(t, up);
  el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold
}

// The largest whole scale (at most 4) that fits the window: crisp, even pixels.
function fitPanel() {
  const k = Math.max(1, Math.min(4, Math.floor((document.documentElement.clientWidth - 80) / W)));
  canvas.style.width = W * k + "px";
  canvas.style.height = PAGES * 8 * k + "px";
}

function buildControls() {
  fitPanel();
  addEventListener("resize", fitPanel);
  const players = $("players");
  for (let seat = 0; seat < 8; seat++) {
    const b = document.createElement("button");
    b.className = "player";
    b.dataset.seat = seat;
    b.title = `Seat ${seat + 1} (key ${seat + 1})`;
    b.innerHTML = `${seat + 1}<small></small>`;
    players.append(b);
    holdable(b, "player", seat);
  }
  for (const k of document.querySelectorAll(".key")) holdable(k, "menu", k.dataset.menu);
  const lights = $("lights");
  for (let i = 0; i < 8; i++) {
    const d = document.createElement("span");
    d.className = "dot";
    lights.append(d);
  }
  for (const b of document.querySelectorAll("[data-stage]")) {
    b.addEventListener("click", () => stage(+b.dataset.stage, +b.dataset.n));
  }
  $("tilt").addEventListener("click", tilt);
  $("names-form").addEventListener("submit", addName);
  $("powercut").addEventListener("click", () => location.reload());
  $("erase").addEventListener("click", () => {
    if (!confirm("Forget everything the box saved in this browser?")) return;
    forgetFlash();
    location.reload();
  });
  addEventListener("keydown", keyDown);
  addEventListener("keyup", keyUp);
  addEventListener("blur", letGoAll);
}

// --- the flash: the data folder mirrored in localStorage as the box writes it ---
function toText(bytes) { // bytes as one char each (localStorage keeps strings)
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  }
  return s;
}

function toBytes(text) {
  const b = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) b[i] = text.charCodeAt(i);
  return b;
}

// A key of the flash is STORE + DATA + "/" + a plain file name: what the box names its
// files (settings.json, game.log, history.log.bad1, stages-2.csv, x.tmp). Anything
// else in the browser's storage (a path with a folder, "..", an empty or odd name) was
// never written by the box: it is skipped, never made a path of the filesystem (where
// "../lib/webmain.py" would be code run before the shipped module).
const FLASH = STORE + DATA + "/";
const NAME_MAX = 64; // littlefs allows 255; the box's longest is under 20
const PLAIN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const ENOSPC = 28, EIO = 5, EINVAL = 22; // errno, as the firmware's OSError carries it

function plainName(name) {
  return name.length > 0 && name.length <= NAME_MAX && PLAIN.test(name) && !name.includes("..");
}

function warn(line) {
  keep(pawpad.log, line);
  const pre = $("console");
  if (pre) pre.textContent = (pre.textContent + line + "\n").slice(-8000);
  console.warn(line);
}

function flashKeys() {
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(FLASH)) keys.push(k);
  }
  return keys;
}

function forgetFlash() {
  for (const k of flashKeys()) localStorage.removeItem(k);
}

// The box's files back from the browser into DATA. Whatever the storage holds, the box
// starts: a key that is not a plain file name, or that cannot be written, is skipped.
function restoreFlash(FS) {
  FS.mkdirTree(DATA);
  let keys;
  try {
    keys = flashKeys();
  } catch (e) { // storage switched off in this browser: the box starts with an empty flash
    warn("flash: the browser's storage cannot be read (" + e + "): nothing restored");
    return;
  }
  for (const k of keys) {
    const name = k.slice(FLASH.length);
    if (!plainName(name)) {
      warn("flash: skipped " + JSON.stringify(k) + ": not a plain file name in " + DATA);
      continue;
    }
    try {
      const text = localStorage.getItem(k);
      if (text !== null) FS.writeFile(DATA + "/" + name, toBytes(text));
    } catch (e) {
      warn("flash: skipped " + JSON.stringify(k) + " (" + e + ")");
    }
  }
}

function isFull(e) { // a full localStorage, as each browser says it
  return e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    e.code === 22 || e.code === 1014);
}

// A file of DATA into the browser: 0, or the errno the firmware's write fails with (a
// full storage is a full flash: ENOSPC). The storage keeps the file's last kept bytes.
function keepFile(FS, p) {
  if (typeof p !== "string" || !p.startsWith(DATA + "/") || !plainName(p.slice(DATA.length + 1))) {
    pawpad.flashErrors++;
    say("flash: " + p + " not kept in the browser (not a plain file name in " + DATA + ")", true);
    return EINVAL;
  }
  let bytes;
  try {
    bytes = FS.readFile(p);
  } catch (e) {
    return 0; // gone (renamed or removed while open): those are mirrored as they happen
  }
  try {
    localStorage.setItem(STORE + p, toText(bytes));
    return 0;
  } catch (e) {
    pawpad.flashErrors++;
    say("flash: " + p + " not kept in the browser (" + e + ")", true);
    return isFull(e) ? ENOSPC : EIO;
  }
}

// The box's write discipline (a temporary file renamed over the old, a log line flushed)
// holds in the browser too: a file written is kept by the firmware's own flush() and
// close() (web/py/webflash.py calls page.keep, and a refusal is its OSError); every
// rename and removal under DATA is mirrored here at once, and a rename the storage
// refuses fails as the firmware's os.rename().
function watchFlash(FS) {
  const under = (p) => typeof p === "string" && p.startsWith(DATA + "/");
  const forget = (p) => {
    try {
      localStorage.removeItem(STORE + p);
    } catch (e) {
      say("flash: " + p + " not removed from the browser (" + e + ")", true);
    }
  };
  const { rename, unlink } = FS;
  FS.rename = function (from, to) {
    const r = rename.call(FS, from, to);
    if (under(from)) forget(from); // first: the space it took is free for `to`
    if (under(to)) {
      const err = keepFile(FS, to);
      if (err) throw new FS.ErrnoError(err);
    }
    return r;
  };
  FS.unlink = function (p) {
    const r = unlink.call(FS, p);
    if (under(p)) forget(p);
    return r;
  };
}

// --- the firmware's modules: python.pack is a JSON index line, then the files' bytes ---
async function fetchPack() {
  const r = await fetch("python.pack");
  if (!r.ok) throw new Error("python.pack: " + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

function unpack(FS, pack) {
  const nl = pack.indexOf(10);
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(0, nl)));
  let at = nl + 1;
  for (const [path, size] of index.files) {
    const full = LIB + "/" + path;
    FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    FS.writeFile(full, pack.subarray(at, at + size));
    at += size;
  }
}

async function boot() {
  buildControls();
  const [python, pack] = await Promise.all([
    loadMicroPython({ stdout: (l) => say(l), stderr: (l) => say(l, true) }),
    fetchPack(),
  ]);
  mp = python;
  pawpad.times.runtime = performance.now();
  unpack(mp.FS, pack);
  mp.registerJsModule("pawpage", page);
  $("loading").remove();
  if (scriptMode) {
    let plays = 0;
    pawpad.play = (text) => {
      pawpad.canvasFrames = [];
      const frames = mp.pyimport("webscript").play_in_page(text, "/script-" + ++plays);
      return { frames: frames.split("\n"), canvas: pawpad.canvasFrames };
    };
  } else {
    restoreFlash(mp.FS);
    watchFlash(mp.FS);
    box = mp.pyimport("webmain");
    pawpad.said = () => box.said(); // a notice's or a toast's words, as text
    box.start(); // main.py: schedules the box on asyncio, which runs it from the page's loop
  }
  pawpad.times.started = performance.now();
}

pawpad.ready = boot().then(() => true, (e) => {
  say("Pawpad did not start: " + e, true);
  pawpad.failed = String(e);
  if ($("loading")) $("loading").textContent = "Pawpad did not start: see the console";
  return false;
});
