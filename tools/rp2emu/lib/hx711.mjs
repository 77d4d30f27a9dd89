// An HX711 load-cell amplifier as the firmware meets it on two pins: DOUT (driven
// here) and PD_SCK (driven by the chip under test). Plain logic on a clock of
// nanoseconds, so it is tested without an emulated CPU (test/hx711.test.mjs).
//
// What the datasheet says and this does:
// - a conversion every 1/SPS s (10 or 80 SPS, the RATE pin); when one is ready DOUT
//   goes low and stays low until it is read;
// - the 24 bits go out MSB first, each on a rising edge of PD_SCK; the 25th rising
//   edge pulls DOUT high again, and the pulses counted up to the 27th choose the next
//   conversion's input and gain (25: A/128, 26: B/32, 27: A/64);
// - PD_SCK high for more than 60 us powers the chip down (DOUT high, no conversions);
//   back low, it resets to A/128 and its first data come after the settling time
//   (400 ms at 10 SPS, 50 ms at 80 SPS);
// - the digital filter: a conversion is the mean of the load over its own period, so
//   a step shows half-done in the conversion it lands in;
// - noise in grams a sample (white, Gaussian) and the counts of a 24-bit converter,
//   clamped at its rails.
export const PULSES_GAIN = { 25: ['A', 128], 26: ['B', 32], 27: ['A', 64] };
const POWER_DOWN_NS = 60e3;

export class Rng {
  // xorshift32, seeded: the same noise every run of one trace
  constructor(seed) { this.s = (seed >>> 0) || 0x9e3779b9; }
  next() { let s = this.s; s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; this.s = s >>> 0; return this.s; }
  uniform() { return (this.next() + 1) / 4294967297; }
  gauss() { return Math.sqrt(-2 * Math.log(this.uniform())) * Math.cos(2 * Math.PI * this.uniform()); }
}

export class HX711 {
  // clock: { nanos, createAlarm(cb) -> { schedule(ns), cancel() } } (rp2040js's
  // SimulationClock); setDout(level): drives the DOUT pin; grams(tNs): the load now.
  constructor(clock, setDout, grams, opts = {}) {
    this.clock = clock;
    this.setDout = setDout;
    this.grams = grams;
    this.sps = opts.sps ?? 10;
    this.perGram = opts.perGram ?? 420; // counts a gram at gain 128 (a 5 kg cell, 1 mV/V)
    this.offset = opts.offset ?? 83000; // counts of the empty stage: never zero on a real cell
    this.noise = opts.noise ?? 0; // grams, one sigma
    this.rng = new Rng(opts.seed ?? 1);
    this.gain = 128;
    this.channel = 'A';
    this.value = 0; // the conversion waiting to be read
    this.ready = false;
    this.bit = 0; // rising edges of PD_SCK in this read
    this.sck = false;
    this.riseAt = 0;
    this.down = false;
    this.stats = { conversions: 0, reads: 0, powerDowns: 0, missed: 0 };
    this.convert = clock.createAlarm(() => this.conversion());
    this.sleep = clock.createAlarm(() => this.powerDown());
    this.powerUp();
  }

  get periodNs() { return 1e9 / this.sps; }

  powerUp() {
    this.down = false;
    this.gain = 128; this.channel = 'A';
    this.ready = false; this.bit = 0;
    this.setDout(true);
    this.convert.schedule(4 * this.periodNs); // settling: four conversions
  }

  powerDown() {
    this.down = true;
    this.stats.powerDowns++;
    this.convert.cancel();
    this.ready = false;
    this.setDout(true);
  }

  counts(tNs) {
    // the mean of the load over the conversion's period, at four points of it
    let g = 0;
    for (let k = 0; k < 4; k++) g += this.grams(tNs - (k + 0.5) * this.periodNs / 4);
    g = g / 4 + this.noise * this.rng.gauss();
    const scale = this.channel === 'B' ? 32 / 128 : this.gain / 128;
    const v = Math.round(this.offset + g * this.perGram * scale);
    return Math.max(-0x800000, Math.min(0x7fffff, v));
  }

  conversion() {
    this.convert.schedule(this.periodNs);
    this.stats.conversions++;
    if (this.bit >= 25 || (this.bit > 0 && this.clock.nanos - this.riseAt > this.periodNs)) {
      this.bit = 0; // the last read is over (its gain pulses counted), or was left half done
      this.ready = false;
    }
    if (this.bit > 0) return; // being read: this one is lost, the read goes on
    if (this.ready) this.stats.missed++; // the last one was never read
    this.value = this.counts(this.clock.nanos) & 0xffffff; // two's complement, 24 bits
    this.ready = true;
    this.setDout(false);
  }

  // PD_SCK changed level (the chip under test drove it)
  sckEdge(level) {
    if (level === this.sck) return;
    this.sck = level;
    if (level) {
      this.riseAt = this.clock.nanos;
      this.sleep.schedule(POWER_DOWN_NS);
      if (this.down || (!this.ready && this.bit === 0)) return;
      this.bit++;
      if (this.bit <= 24) this.setDout(!!((this.value >>> (24 - this.bit)) & 1));
      else this.setDout(true); // the 25th edge ends the data
      if (this.bit === 24) this.stats.reads++;
      const g = PULSES_GAIN[this.bit]; // the 25th-27th edges choose the next conversion
      if (g) { this.channel = g[0]; this.gain = g[1]; }
      if (this.bit === 25) this.ready = false;
    } else {
      this.sleep.cancel();
      if (this.down) this.powerUp();
    }
  }
}

// The load on each stage over time, from a trace `t_ms,stage1,stage2[,tilt]` (grams;
// an empty field keeps that column's last value, as in the hardware check's recordings,
// which have one stage a line). Times count from `startNs`; after the last line the
// last values hold.
export class Trace {
  constructor(text, startNs = 0) {
    this.startNs = startNs;
    this.rows = []; // [t_ns, [stage1, stage2], tilt or null]
    const last = [0, 0];
    let tilt = null;
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || /^[a-z_]/i.test(line)) continue; // header, comments
      const f = line.split(',');
      const t = Number(f[0]);
      if (!Number.isFinite(t)) throw new Error(`trace: not a time: ${line}`);
      for (let i = 0; i < 2; i++) {
        if (f[i + 1] !== undefined && f[i + 1] !== '') {
          const g = Number(f[i + 1]);
          if (!Number.isFinite(g)) throw new Error(`trace: not grams: ${line}`);
          last[i] = g;
        }
      }
      if (f[3] !== undefined && f[3] !== '') tilt = f[3].trim() === '1';
      this.rows.push([t * 1e6, last.slice(), tilt]);
    }
    this.i = 0;
  }

  at(tNs) {
    // the row in force at tNs (rows are in time order; lookups mostly move forward)
    const t = tNs - this.startNs;
    const rows = this.rows;
    if (!rows.length || t < rows[0][0]) return null;
    let i = Math.min(this.i, rows.length - 1);
    if (rows[i][0] > t) i = 0;
    while (i + 1 < rows.length && rows[i + 1][0] <= t) i++;
    this.i = i;
    return rows[i];
  }

  get endNs() { return this.rows.length ? this.startNs + this.rows[this.rows.length - 1][0] : this.startNs; }
}
