#!/usr/bin/env node
// The emulated Pawpad: a Raspberry Pi Pico running the genuine MicroPython rp2 firmware
// in rp2040js, wired as boards/pico/pins.py wires the box. Built by `make emulator`
// (build.sh); `make flash` and `make bench-device` reach it as they reach a Pico.
//
//   node pico.mjs [--firmware F.uf2] [--serial tcp:PORT|stdio] [--control PORT]
//       [--stages TRACE.csv] [--sps 10|80] [--noise GRAMS] [--per-gram COUNTS]
//       [--no-cells] [--i2c-dev 0x68,...] [--fs-image IMG] [--save-fs IMG]
//       [--exec CODE | --run FILE.py] [--max-speed 1] [--timeout S] [--quiet]
//       [--flash-timing] (flash erases and programs take a Pico's time, masked)
//
// On the board:
// - the panel: an SSD1306 at the pins' OLED_ADDR, its RAM and every write logged;
// - the I2C block's transfers take their bus time at the clock the firmware set;
// - two HX711s on LOAD_CELLS (DOUT, SCK), each stage's load from --stages (a CSV
//   `t_ms,stage1,stage2[,tilt]` in grams, as the hardware check records) or from the
//   control port, at --sps conversions a second with --noise grams of noise;
// - the tilt switch on TILT (to ground when tipped): the trace's fourth column, or `tilt`;
// - buttons are pins the control port pulls to ground (`press`), as a button does.
//
// Control port: one command a line, one JSON line back; `help` lists them.
import fs from 'fs';
import net from 'net';
import path from 'path';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { flashImage, trappedRom, flashWrites, FS_BASE, FS_BYTES } from './lib/flash.mjs';
import { Pads, boardPins } from './lib/pads.mjs';
import { attachTimedBus, BitBus } from './lib/i2c.mjs';
import { SSD1306, Registers } from './lib/ssd1306.mjs';
import { HX711, Trace } from './lib/hx711.mjs';
import { sleepStep } from './lib/sleep.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '../..');
const BUILT = path.join(ROOT, 'build', 'rp2emu');

// ------------------------------------------------------------------ options
function options(argv) {
  const flags = new Set(['quiet', 'help', 'no-cells', 'flash-timing']);
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`not an option: ${a}`);
    const k = a.slice(2);
    o[k] = flags.has(k) ? true : argv[++i];
    if (o[k] === undefined) throw new Error(`${a} wants a value`);
  }
  return o;
}
const opt = options(process.argv.slice(2));
if (opt.help) {
  process.stdout.write(fs.readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(1, 22).join('\n') + '\n');
  process.exit(0);
}
const log = (...a) => { if (!opt.quiet) process.stderr.write('[pico] ' + a.join(' ') + '\n'); };
const pins = boardPins(fs.readFileSync(opt.pins ?? path.join(ROOT, 'boards/pico/pins.py'), 'utf8'));
const firmware = opt.firmware ?? path.join(BUILT, 'firmware.uf2');
const { bootromB1 } = await import(opt.bootrom ?? path.join(BUILT, 'bootrom.mjs'));
const rom = trappedRom(bootromB1);
let flash = flashImage(fs.readFileSync(firmware));
if (opt['fs-image']) flash.set(fs.readFileSync(opt['fs-image']).subarray(0, FS_BYTES), FS_BASE);

// What lasts across a reset (machine.reset(), the watchdog): the flash, the host's
// hold on pins (a finger stays on a button), the stages' loads, the counters.
const held = new Map();
const load = [0, 0];
let tilted = false;
let trace = opt.stages ? fs.readFileSync(opt.stages, 'utf8') : null;
const totals = { resets: 0, erase: 0, program: 0, instructions: 0, transfers: 0, bytes: 0 };
const wall0 = Date.now();
let emuBefore = 0; // emulated ns of the boards before the last reset

// ------------------------------------------------------------------ the board
class Board {
  constructor(flashBytes) {
    this.sim = new Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    const clock = this.clock = this.sim.clock;
    mcu.loadBootrom(rom);
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.flash.set(flashBytes);
    mcu.onBreak = flashWrites(mcu, totals, (code) => { log(`BKPT 0x${code.toString(16)}: stopped`); finish(3); },
      opt['flash-timing'] ? clock : null);
    mcu.findPeripheral(0x40058000).onWatchdogTrigger = () => { this.resetDue = true; };
    this.pads = new Pads(mcu, clock);
    this.pads.host = held;
    this.resetDue = false;

    // the panel and any other I2C targets, on the block and on the pads
    const targets = new Map();
    this.panel = new SSD1306(clock);
    targets.set(pins.OLED_ADDR ?? 0x3c, this.panel);
    for (const a of (opt['i2c-dev'] ?? '').split(',').filter(Boolean)) targets.set(Number(a), new Registers());
    const clk = () => mcu.clkSys || 125e6;
    attachTimedBus(mcu.i2c[pins.I2C_ID ?? 0], targets, clock, clk, totals);
    const sda = pins.I2C_SDA ?? 4, scl = pins.I2C_SCL ?? 5;
    this.pads.board.set(sda, true); this.pads.board.set(scl, true); // the bus's pull-ups
    const bits = new BitBus(targets, this.pads, sda, scl);
    this.pads.on(sda, () => bits.edge()); this.pads.on(scl, () => bits.edge());

    // the load cells and the tilt switch
    this.cells = [];
    if (!opt['no-cells']) {
      const source = this.loadSource();
      (pins.LOAD_CELLS ?? []).forEach(([dout, sck], i) => {
        const cell = new HX711(clock, (v) => this.pads.drive(dout, v), (t) => source(t, i), {
          sps: Number(opt.sps ?? 10), noise: Number(opt.noise ?? 0),
          perGram: Number(opt['per-gram'] ?? 420), offset: 83000 + 9000 * i, seed: 7 + i });
        this.pads.on(sck, (v) => cell.sckEdge(v));
        this.cells.push(cell);
      });
    }
    if (pins.TILT !== undefined) this.tiltTo(tilted);

    this.usb();
    for (const n of held.keys()) this.pads.update(mcu.gpio[n]);
    mcu.core.PC = 0x10000000;
  }

  // the stages' loads: the trace while it lasts (its tilt column drives the switch),
  // else what the control port set
  loadSource() {
    const tr = trace ? new Trace(trace, this.clock.nanos) : null;
    if (tr) log(`stages: ${tr.rows.length} rows over ${(tr.endNs - tr.startNs) / 1e6} ms`);
    this.trace = tr;
    return (t, i) => {
      const row = tr && tr.at(t);
      if (row) {
        if (row[2] !== null && row[2] !== tilted) this.tiltTo(row[2]);
        return row[1][i];
      }
      return load[i];
    };
  }

  tiltTo(v) {
    tilted = v;
    this.pads.drive(pins.TILT, v ? false : null); // closed: the pin to ground
  }

  usb() {
    const cdc = this.cdc = new USBCDC(this.mcu.usbCtrl);
    this.connected = false;
    this.waitingRead = null;
    cdc.onDeviceConnected = () => {
      this.connected = true;
      log(`USB serial up at ${(this.clock.nanos / 1e6).toFixed(1)} emulated ms`);
      serial.connected();
    };
    cdc.onSerialData = (b) => serial.fromDevice(Buffer.from(b));
    // A host NAKs an OUT transfer until it has something to send; rp2040js would answer
    // at once with nothing, and MicroPython would spin on the empty packets. So a read
    // with nothing to give waits for the host's next bytes.
    const usb = this.mcu.usbCtrl, read = usb.onEndpointRead;
    usb.onEndpointRead = (ep, size) => {
      if (ep === cdc.outEndpoint && cdc.txFIFO.empty) { this.waitingRead = () => read(ep, size); return; }
      read(ep, size);
    };
  }

  // the host's bytes into the USB FIFO as room allows
  pump(queue) {
    if (!this.connected) return;
    const f = this.cdc.txFIFO;
    while (queue.has() && !f.full) f.push(queue.take());
    if (this.waitingRead && !f.empty) { const r = this.waitingRead; this.waitingRead = null; r(); }
  }

  get nanos() { return this.clock.nanos; }
}

// ------------------------------------------------------------------ the host's serial end
class Bytes { // a queue that a flash of a hundred files goes through a byte at a time
  constructor() { this.b = []; this.i = 0; }
  has() { return this.i < this.b.length; }
  take() {
    const v = this.b[this.i++];
    if (this.i > 65536) { this.b = this.b.slice(this.i); this.i = 0; }
    return v;
  }
  put(bytes) { for (const v of bytes) this.b.push(v); }
}
const serial = {
  queue: new Bytes(), sinks: new Set(), onUp: [],
  toDevice(bytes) { this.queue.put(bytes); },
  fromDevice(b) { for (const s of this.sinks) s(b); },
  connected() { for (const f of this.onUp) f(); },
};

// ------------------------------------------------------------------ running
let board = new Board(flash);
let stopped = false;
const speed = opt['max-speed'] ? Number(opt['max-speed']) : 0; // emulated s a wall s at most
const emuMs = () => (emuBefore + board.nanos) / 1e6;

function reset() {
  totals.resets++;
  emuBefore += board.nanos;
  const kept = new Uint8Array(board.mcu.flash);
  log(`reset #${totals.resets} (flash kept)`);
  board = new Board(kept);
}

function run() {
  if (stopped) return;
  if (board.resetDue) reset();
  const { clock, mcu } = board, core = mcu.core;
  board.pump(serial.queue);
  if (speed && emuMs() > (Date.now() - wall0) * speed) { setTimeout(run, 1); return; }
  const cycleNs = 1e9 / (mcu.clkSys || 125e6);
  for (let i = 0; i < 200000 && !board.resetDue; i++) {
    if (core.waiting) {
      const n = sleepStep(clock, core);
      if (n === null) { setTimeout(run, 1); return; } // only the host can wake it
      i += n / cycleNs;
    } else {
      clock.tick(core.executeInstruction() * cycleNs);
      totals.instructions++;
    }
    if ((i & 0x3fff) === 0) board.pump(serial.queue);
  }
  setImmediate(run);
}

function finish(code) {
  if (stopped) return;
  stopped = true;
  if (opt['save-fs']) fs.writeFileSync(opt['save-fs'], board.mcu.flash.subarray(FS_BASE, FS_BASE + FS_BYTES));
  process.stdout.write('', () => process.exit(code));
}
process.on('SIGINT', () => finish(130));
process.on('SIGTERM', () => finish(143));
if (opt.timeout) setTimeout(() => { log('timed out'); finish(2); }, Number(opt.timeout) * 1000).unref();

// ------------------------------------------------------------------ control commands
const triggers = []; // [text, command]: run the command when the device prints the text
let heard = '';
serial.sinks.add((b) => {
  if (!triggers.length) return;
  heard = (heard + b.toString('latin1')).slice(-4096);
  for (const t of triggers.filter((x) => heard.includes(x[0]))) {
    triggers.splice(triggers.indexOf(t), 1);
    heard = '';
    command(t[1]);
  }
});

const schedule = (ns, f) => board.clock.createAlarm(f).schedule(Math.max(0, ns));
const HELP = {
  'press PIN [MS=50]': 'the pin to ground for MS emulated ms, then let go (a button)',
  'set PIN 0|1|z': 'hold the pin low, high, or let it go',
  'get PIN': 'the pin: function, direction, level, pulls',
  'edges PIN': 'its level changes, emulated ms',
  'pwm PIN': 'the PWM slice driving it: frequency and duty set, and measured at the pin',
  'at MS CMD / after MS CMD': 'run CMD at an emulated time, or that long from now',
  'on TEXT CMD': 'run CMD when the device next prints TEXT',
  'load STAGE GRAMS': 'what lies on stage 1 or 2 (after a trace, or with none)',
  'tilt 0|1': 'the tilt switch open or closed',
  'stages FILE': 'play a trace from now (t_ms,stage1,stage2[,tilt])',
  'cells': 'each HX711: rate, gain, conversions, reads, power-downs, the load now',
  'oled': 'the panel: on, contrast, writes, bytes, its RAM as hex',
  'oled-log': 'the panel writes since the last call: start, end (emulated ms), bytes',
  'picture': 'the panel as 64 lines of # and .',
  'frames': 'the panel RAM (hex) after each data write that changed it, since the last call; emulated ms since the last reset',
  'stats': 'emulated and wall time, instructions, resets, flash writes, bus bytes',
  'reset': 'a reset (machine.reset()): the flash stays', 'quit': 'end the emulator',
};

function pwmInfo(n) {
  const slice = (n >> 1) & 7, b = n & 1, ch = board.mcu.pwm.channels[slice];
  const int = (ch.div >> 4) & 0xff, div = (int || 256) + (ch.div & 0xf) / 16;
  const top = ch.top & 0xffff, level = b ? (ch.cc >>> 16) & 0xffff : ch.cc & 0xffff;
  const hz = (board.mcu.clkSys || 125e6) / div / ((top + 1) * (ch.csr & 2 ? 2 : 1));
  const e = board.pads.edges[n], rises = [];
  for (let i = 1; i < e.length; i++) if (e[i][1] && !e[i - 1][1]) rises.push(i);
  let measured = null;
  if (rises.length >= 2) {
    const i1 = rises[rises.length - 2], i2 = rises[rises.length - 1], period = e[i2][0] - e[i1][0];
    measured = { freq_hz: 1e9 / period, duty: (e[i1 + 1][0] - e[i1][0]) / period };
  }
  return { pin: n, slice, channel: b ? 'B' : 'A', enabled: !!(ch.csr & 1), top, level, div,
    freq_hz: hz, duty: Math.min(1, level / (top + 1)), measured };
}

function command(line) {
  const [cmd, ...a] = line.trim().split(/\s+/);
  const n = Number(a[0]);
  const pads = board.pads;
  switch (cmd) {
    case 'press': {
      const ms = Number(a[1] ?? 50);
      pads.drive(n, false);
      schedule(ms * 1e6, () => board.pads.drive(n, null));
      return { ok: true, pin: n, ms, t_emu_ms: board.nanos / 1e6 };
    }
    case 'set': pads.drive(n, a[1] === 'z' ? null : a[1] === '1'); return pads.info(n);
    case 'release': pads.drive(n, null); return pads.info(n);
    case 'get': return pads.info(n);
    case 'pins': return board.mcu.gpio.map((p) => pads.info(p.index));
    case 'edges': return pads.edges[n].map(([t, v]) => ({ t_ms: t / 1e6, v: v ? 1 : 0 }));
    case 'pwm': return pwmInfo(n);
    case 'at': case 'after': {
      const when = cmd === 'at' ? n * 1e6 : board.nanos + n * 1e6, sub = a.slice(1).join(' ');
      schedule(when - board.nanos, () => command(sub));
      return { ok: true, scheduled: sub, at_emu_ms: when / 1e6 };
    }
    case 'on': triggers.push([a[0], a.slice(1).join(' ')]); return { ok: true };
    case 'load': {
      if (!(n === 1 || n === 2) || !Number.isFinite(Number(a[1]))) return { error: 'load 1|2 GRAMS' };
      load[n - 1] = Number(a[1]);
      return { stage: n, grams: load[n - 1] };
    }
    case 'tilt': board.tiltTo(a[0] === '1'); return { tilted };
    case 'stages': {
      trace = fs.readFileSync(a[0], 'utf8');
      const src = board.loadSource();
      board.cells.forEach((c, i) => { c.grams = (t) => src(t, i); });
      return { ok: true, rows: board.trace.rows.length, ends_emu_ms: board.trace.endNs / 1e6 };
    }
    case 'cells': return board.cells.map((c, i) => ({ stage: i + 1, sps: c.sps, channel: c.channel, gain: c.gain,
      down: c.down, grams: c.grams(board.nanos), ...c.stats }));
    case 'oled': {
      const p = board.panel;
      return { on: p.on, contrast: p.contrast, invert: p.invert, writes: p.writes, bytes: p.bytes,
        ram: Buffer.from(p.ram).toString('hex') };
    }
    case 'oled-log': return board.panel.log.splice(0);
    case 'picture': return board.panel.picture();
    case 'frames': {
      const p = board.panel, out = p.frames.splice(0);
      const dropped = p.framesDropped; p.framesDropped = 0;
      // times since this board's reset; since_ms: the emulated ms before it (all boards)
      return { resets: totals.resets, since_ms: emuBefore / 1e6, emu_ms: board.nanos / 1e6, dropped,
        frames: out.map((f) => ({ t_ms: f.t_ms, end_ms: f.end_ms, ram: Buffer.from(f.ram).toString('hex') })) };
    }
    case 'stats': return { emu_ms: emuMs(), wall_ms: Date.now() - wall0, ...totals,
      pc: '0x' + (board.mcu.core.PC >>> 0).toString(16) };
    case 'reset': board.resetDue = true; return { ok: true };
    case 'quit': setImmediate(() => finish(0)); return { ok: true };
    case 'help': return HELP;
    default: return { error: `no command '${cmd}'`, help: Object.keys(HELP) };
  }
}

if (opt.control) {
  net.createServer((sock) => {
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString();
      for (let i; (i = buf.indexOf('\n')) >= 0;) {
        const line = buf.slice(0, i); buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        let r; try { r = command(line); } catch (e) { r = { error: String(e) }; }
        sock.write(JSON.stringify(r) + '\n');
      }
    });
    sock.on('error', () => {});
  }).listen(Number(opt.control), '127.0.0.1', () => log(`control on 127.0.0.1:${opt.control}`));
}

// ------------------------------------------------------------------ the serial front end
if (opt.exec || opt.run) { // one script through the raw REPL; exit 0, 1 (it raised) or 2 (timed out)
  const code = opt.run ? fs.readFileSync(opt.run, 'latin1') : opt.exec;
  let phase = 'boot', text = '', err = '';
  serial.onUp.push(() => serial.toDevice(Buffer.from('\r\x03\x03\x01', 'latin1')));
  serial.sinks.add((b) => {
    text += b.toString('latin1');
    if (phase === 'boot' && text.includes('raw REPL; CTRL-B to exit\r\n>')) {
      phase = 'sent'; text = ''; serial.toDevice(Buffer.from(code + '\x04', 'latin1'));
    } else if (phase === 'sent' && text.startsWith('OK')) { phase = 'out'; text = text.slice(2); }
    if (phase === 'out') {
      const k = text.indexOf('\x04');
      if (k < 0) { process.stdout.write(Buffer.from(text, 'latin1')); text = ''; return; }
      process.stdout.write(Buffer.from(text.slice(0, k), 'latin1'));
      phase = 'err'; text = text.slice(k + 1);
    }
    if (phase === 'err') {
      const k = text.indexOf('\x04');
      if (k < 0) return;
      err = text.slice(0, k);
      if (err) process.stderr.write(err);
      finish(err ? 1 : 0);
    }
  });
} else if ((opt.serial ?? 'stdio') === 'stdio') {
  serial.sinks.add((b) => process.stdout.write(b));
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  process.stdin.on('data', (d) => { if (process.stdin.isTTY && d[0] === 0x18) finish(0); else serial.toDevice(d); });
} else if (opt.serial.startsWith('tcp:')) { // mpremote connect socket://127.0.0.1:PORT
  let host = null;
  serial.sinks.add((b) => { if (host) host.write(b); });
  net.createServer((sock) => {
    if (host) host.destroy();
    host = sock; sock.setNoDelay(true);
    sock.on('data', (d) => serial.toDevice(d));
    sock.on('close', () => { if (host === sock) host = null; });
    sock.on('error', () => {});
  }).listen(Number(opt.serial.slice(4)), '127.0.0.1', () => log(`serial on 127.0.0.1:${opt.serial.slice(4)}`));
}

log(`${path.basename(firmware)}; panel 0x${(pins.OLED_ADDR ?? 0x3c).toString(16)}, cells ${opt['no-cells'] ? 'none' : JSON.stringify(pins.LOAD_CELLS)} at ${opt.sps ?? 10} SPS, tilt GP${pins.TILT}`);
run();
