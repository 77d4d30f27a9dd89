// The pads of the board: what level each GPIO reads, given who drives it. In order:
// the host (a control command: a button held, a sensor's output), the chip's own
// output, a pull on the board (the I2C bus's resistors), the chip's pull-up or
// pull-down; else the pin keeps its level. Every change of a pin is logged with its
// emulated time, for `edges`.
export class Pads {
  constructor(mcu, clock, keep = 20000) {
    this.mcu = mcu; this.clock = clock; this.keep = keep;
    this.host = new Map(); // pin -> level the host drives
    this.board = new Map(); // pin -> level a resistor on the board pulls to
    this.hooks = new Map(); // pin -> [fn(level)] on every change of the pin's level
    this.edges = mcu.gpio.map(() => []);
    for (const pin of mcu.gpio) {
      let last = null;
      pin.addListener(() => {
        this.update(pin);
        const v = this.level(pin.index);
        if (v === last) return;
        last = v;
        const e = this.edges[pin.index];
        e.push([clock.nanos, v]);
        if (e.length > keep) e.splice(0, e.length - keep);
        for (const f of this.hooks.get(pin.index) ?? []) f(v);
      });
    }
  }

  on(n, f) { if (!this.hooks.has(n)) this.hooks.set(n, []); this.hooks.get(n).push(f); }

  level(n) {
    const p = this.mcu.gpio[n];
    return p.outputEnable ? !!p.outputValue : !!p.rawInputValue;
  }

  update(p) {
    let v;
    if (this.host.has(p.index)) v = this.host.get(p.index);
    else if (p.outputEnable) v = !!p.outputValue;
    else if (this.board.has(p.index)) v = this.board.get(p.index);
    else if (p.pullupEnabled !== p.pulldownEnabled) v = p.pullupEnabled;
    else return;
    if (v !== p.rawInputValue) p.setInputValue(v);
  }

  drive(n, v) { // v: true, false, or null (let go)
    if (v === null) this.host.delete(n); else this.host.set(n, !!v);
    this.update(this.mcu.gpio[n]);
  }

  // an open-drain line the board pulls up: pulled down by a target, or let go
  pullDown(n, low) { this.drive(n, low ? false : null); }
  pulledDown(n) { return this.host.get(n) === false; }

  info(n) {
    const p = this.mcu.gpio[n];
    return { pin: n, func: p.functionSelect, oe: p.outputEnable, out: p.outputValue ? 1 : 0,
      level: this.level(n) ? 1 : 0, pull_up: p.pullupEnabled, pull_down: p.pulldownEnabled,
      host: this.host.has(n) ? (this.host.get(n) ? 1 : 0) : null };
  }
}

// The pins a board file names (boards/<board>/pins.py), read from its text so the
// emulated wiring cannot drift from the firmware's: `NAME = const(N)` and
// `NAME = ((a, b), (c, d))` / `(a, b, ...)`.
export function boardPins(text) {
  const pins = {};
  for (const m of text.matchAll(/^([A-Z_0-9]+)\s*=\s*(.+?)\s*(#.*)?$/gm)) {
    const v = m[2].replace(/const\((\w+)\)/, '$1');
    if (/^(\d+|0x[0-9a-f]+)$/i.test(v)) pins[m[1]] = Number(v);
    else if (/^[()\d,\s]+$/.test(v)) pins[m[1]] = JSON.parse(v.replace(/\(/g, '[').replace(/\)/g, ']').replace(/,\s*]/g, ']'));
  }
  return pins;
}
