// The I2C targets on the emulated board, reached two ways, as on a Pico:
// - through the RP2040's I2C block (machine.I2C's transfers): every part of a
//   transfer takes the time it takes on the wire at the clock the firmware set (the
//   block's SCL high and low counts, in clk_sys cycles): the START and the STOP a bit
//   each, the address and each byte nine (eight and the acknowledge). The block's
//   FIFO fills while the bus is busy, and the firmware waits on it as on a Pico;
// - bit by bit on the pads (machine.SoftI2C, and the zero-length write machine.I2C's
//   scan() makes): this side answers each SCL edge, so the time is the firmware's own.
// A target is { start(read) -> ack, write(byte) -> ack, read() -> byte, stop() }.

export function attachTimedBus(bus, targets, clock, clkHz, stats) {
  const bitNs = () => ((bus.sclHighPeriod + bus.sclLowPeriod) || 1) * 1e9 / clkHz();
  let target = null;
  const later = (bits, done) => clock.createAlarm(done).schedule(bits * bitNs());
  bus.onStart = (repeated) => later(1, () => bus.completeStart(repeated));
  bus.onConnect = (addr, mode) => {
    target = targets.get(addr) ?? null;
    const ack = !!target && target.start(mode === 1);
    stats.transfers++;
    later(9, () => bus.completeConnect(ack));
  };
  bus.onWriteByte = (v) => {
    const ack = !!target && target.write(v);
    stats.bytes++;
    later(9, () => bus.completeWrite(ack));
  };
  bus.onReadByte = () => {
    const v = target ? target.read() : 0xff;
    stats.bytes++;
    later(9, () => bus.completeRead(v));
  };
  bus.onStop = () => {
    if (target) target.stop();
    target = null;
    later(1, () => bus.completeStop());
  };
}

// A bit-level target on two pads. pads: { level(pin), pullDown(pin, low) }: the bus's
// pull-ups hold both lines high unless someone pulls one down.
export class BitBus {
  constructor(targets, pads, sda, scl) {
    Object.assign(this, { targets, pads, sda, scl });
    this.state = 'idle';
    this.lastScl = true; this.lastSda = true;
    this.bits = 0; this.byte = 0; this.target = null; this.read = false; this.out = 0;
  }

  release() { this.pads.pullDown(this.sda, false); }
  send(bit) { this.pads.pullDown(this.sda, !bit); }

  // either line changed
  edge() {
    const scl = this.pads.level(this.scl), sda = this.pads.level(this.sda);
    const ours = this.pads.pulledDown(this.sda);
    if (scl && this.lastScl && sda !== this.lastSda && !ours) { // START or STOP
      if (!sda) { this.state = 'addr'; this.bits = 0; this.byte = 0; }
      else { if (this.target) this.target.stop(); this.target = null; this.state = 'idle'; }
    } else if (scl && !this.lastScl) { // rising: the controller's bit is read
      if (this.state === 'addr' || this.state === 'write') { this.byte = ((this.byte << 1) | (sda ? 1 : 0)) & 0xff; this.bits++; }
      else if (this.state === 'nack?') this.state = sda ? 'idle' : 'more';
    } else if (!scl && this.lastScl) { // falling: our turn to drive
      this.fall();
    }
    this.lastScl = scl; this.lastSda = this.pads.level(this.sda);
  }

  fall() {
    const s = this.state;
    if ((s === 'addr' || s === 'write') && this.bits === 8) {
      let ack;
      if (s === 'addr') {
        this.target = this.targets.get(this.byte >> 1) ?? null;
        this.read = !!(this.byte & 1);
        ack = !!this.target && this.target.start(this.read);
      } else ack = this.target.write(this.byte);
      if (ack) { this.send(0); this.state = 'acked'; } else { this.release(); this.state = 'idle'; }
    } else if (s === 'acked') {
      this.release();
      this.bits = 0; this.byte = 0;
      if (this.read) this.nextOut(); else this.state = 'write';
    } else if (s === 'reading') {
      this.bits++;
      if (this.bits < 8) this.send((this.out << this.bits) & 0x80);
      else { this.release(); this.state = 'nack?'; }
    } else if (s === 'more') this.nextOut();
  }

  nextOut() {
    this.out = this.target.read(); this.bits = 0; this.state = 'reading';
    this.send(this.out & 0x80);
  }
}
