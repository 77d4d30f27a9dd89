// The SSD1306 panel as an I2C target: its 128x64 display RAM as the controller's
// commands address it (horizontal, vertical and page addressing; 0x21/0x22 windows;
// 0xB0-0xB7 and the column nibbles of page addressing), on/off, contrast, invert; and
// a log of every write with its emulated start and end, so that a benchmark reads when
// the panel's last byte arrived; and the frames: the RAM after each data write that
// changed it, with its time (what the panel showed, and when).
const ARGS = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1,
  0xd9: 1, 0xda: 1, 0xdb: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2 };

export class SSD1306 {
  constructor(clock) {
    this.clock = clock;
    this.ram = new Uint8Array(1024);
    this.mode = 2; // page addressing after reset
    this.col = 0; this.page = 0;
    this.c0 = 0; this.c1 = 127; this.p0 = 0; this.p1 = 7;
    this.on = false; this.contrast = 0x7f; this.invert = false;
    this.cmd = []; // a command waiting for its arguments
    this.log = []; this.writes = 0; this.bytes = 0;
    this.frames = []; this.shown = new Uint8Array(1024); this.framesDropped = 0;
    this.tx = null;
  }

  // --- the I2C target's side of a transfer ---
  // After a control byte with Co=1 one byte follows, then another control byte; after
  // Co=0 the rest of the transfer is commands or data as its D/C bit says (datasheet
  // 8.1.5.2): a window's commands and its data can go in one transfer.
  start(read) { this.tx = read ? null : { t0: this.clock.nanos, n: 1, control: true, dc: false, one: false, data: false }; return true; }
  write(b) {
    const tx = this.tx;
    if (!tx) return true;
    tx.n++;
    if (tx.control) {
      tx.control = false; tx.one = (b & 0x80) !== 0; tx.dc = (b & 0x40) !== 0;
      if (tx.dc) tx.data = true;
      return true;
    }
    if (tx.dc) this.data(b); else this.command(b);
    if (tx.one) tx.control = true;
    return true;
  }
  read() { return 0x43; } // the status byte: display on, nothing else here
  stop() {
    const tx = this.tx;
    if (!tx || tx.n < 2) { this.tx = null; return; }
    this.writes++; this.bytes += tx.n;
    this.log.push({ t_ms: tx.t0 / 1e6, end_ms: this.clock.nanos / 1e6, n: tx.n, data: tx.data });
    if (this.log.length > 4096) this.log.shift();
    if (tx.data && this.changed()) {
      this.frames.push({ t_ms: tx.t0 / 1e6, end_ms: this.clock.nanos / 1e6, ram: new Uint8Array(this.ram) });
      if (this.frames.length > 2048) { this.frames.shift(); this.framesDropped++; }
    }
    this.tx = null;
  }

  // has the RAM changed since the last frame kept? (then it is the one kept now)
  changed() {
    const r = this.ram, s = this.shown;
    for (let i = 0; i < 1024; i++) if (r[i] !== s[i]) { s.set(r); return true; }
    return false;
  }

  command(c) {
    const p = this.cmd;
    if (p.length) {
      p.push(c);
      if (p.length - 1 < ARGS[p[0]]) return;
      const [op, a, b] = p;
      this.cmd = [];
      if (op === 0x20) this.mode = a & 3;
      else if (op === 0x21) { this.c0 = a & 127; this.c1 = b & 127; this.col = this.c0; }
      else if (op === 0x22) { this.p0 = a & 7; this.p1 = b & 7; this.page = this.p0; }
      else if (op === 0x81) this.contrast = a;
      return;
    }
    if (ARGS[c]) { this.cmd = [c]; return; }
    if (c === 0xae) this.on = false;
    else if (c === 0xaf) this.on = true;
    else if (c === 0xa6) this.invert = false;
    else if (c === 0xa7) this.invert = true;
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7;
    else if (c < 0x10) this.col = (this.col & 0xf0) | c;
    else if (c < 0x20) this.col = (this.col & 0x0f) | ((c & 0x0f) << 4);
  }

  data(v) {
    this.ram[this.page * 128 + this.col] = v;
    if (this.mode === 2) { this.col = (this.col + 1) & 127; return; } // page: no wrap to the next page
    if (this.mode === 1) { // vertical
      if (this.page >= this.p1) { this.page = this.p0; this.col = this.col >= this.c1 ? this.c0 : this.col + 1; }
      else this.page++;
      return;
    }
    if (this.col >= this.c1) { this.col = this.c0; this.page = this.page >= this.p1 ? this.p0 : this.page + 1; }
    else this.col++;
  }

  // the panel as text lines for a look: '#' lit, '.' dark (rows of pixels)
  picture() {
    const rows = [];
    for (let y = 0; y < 64; y++) {
      let r = '';
      for (let x = 0; x < 128; x++) r += (this.ram[(y >> 3) * 128 + x] >> (y & 7)) & 1 ? '#' : '.';
      rows.push(r);
    }
    return rows;
  }
}

// A target that acknowledges and keeps 256 registers (the first byte written sets the
// register pointer), for any address given with --i2c-dev.
export class Registers {
  constructor() { this.regs = new Uint8Array(256); this.ptr = 0; this.first = true; }
  start(read) { if (!read) this.first = true; return true; }
  write(b) {
    if (this.first) { this.ptr = b; this.first = false; } else { this.regs[this.ptr] = b; this.ptr = (this.ptr + 1) & 0xff; }
    return true;
  }
  read() { const v = this.regs[this.ptr]; this.ptr = (this.ptr + 1) & 0xff; return v; }
  stop() {}
}
