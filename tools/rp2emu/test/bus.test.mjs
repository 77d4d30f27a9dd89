// The panel model and the I2C timing, without a CPU: the firmware meets both on the
// emulated chip (make bench-device measures its frames there).
import test from 'node:test';
import assert from 'node:assert/strict';
import { Simulator } from 'rp2040js';
import { SSD1306, Registers } from '../lib/ssd1306.mjs';
import { attachTimedBus } from '../lib/i2c.mjs';
import { flashImage } from '../lib/flash.mjs';

test('horizontal addressing in a window, as the firmware sends a changed run', () => {
  const clock = new Simulator().clock;
  const p = new SSD1306(clock);
  const send = (bytes) => { p.start(false); for (const b of bytes) p.write(b); p.stop(); };
  send([0x00, 0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3]);
  send([0x40, 1, 2, 3, 4, 5, 6, 7]);
  // columns 10-12 of pages 2 and 3, then the window wraps to its start: 7 over the 1
  assert.deepEqual([...p.ram.subarray(2 * 128 + 10, 2 * 128 + 13)], [7, 2, 3]);
  assert.deepEqual([...p.ram.subarray(3 * 128 + 10, 3 * 128 + 13)], [4, 5, 6]);
  assert.equal(p.ram[2 * 128 + 13], 0); // outside the window: untouched
  assert.equal(p.log.length, 2);
  assert.equal(p.log[1].n, 9); // on the wire: the address, the control byte, seven
  assert.equal(p.writes, 2);
});

test('a window and its data in one transfer: commands after Co=1 control bytes, then 0x40', () => {
  const p = new SSD1306(new Simulator().clock);
  const send = (bytes) => { p.start(false); for (const b of bytes) p.write(b); p.stop(); };
  send([0x00, 0x20, 0x00]); // horizontal addressing
  send([0x80, 0x21, 0x80, 20, 0x80, 23, 0x80, 0x22, 0x80, 6, 0x80, 6, 0x40, 9, 8, 7, 6]);
  assert.deepEqual([...p.ram.subarray(6 * 128 + 20, 6 * 128 + 24)], [9, 8, 7, 6]);
  assert.equal(p.ram[6 * 128 + 24], 0);
  assert.equal(p.log[1].data, true); // a data write: the panel's frames count it
  send([0x80, 0xae]); // one command after Co=1: the display off
  assert.equal(p.on, false);
});

test('page addressing: B0-B7 and the column nibbles; the column does not leave its page', () => {
  const p = new SSD1306(new Simulator().clock);
  const send = (bytes) => { p.start(false); for (const b of bytes) p.write(b); p.stop(); };
  send([0x00, 0x20, 0x02, 0xb5, 0x0e, 0x17]); // page 5, column 0x7e
  send([0x40, 9, 8, 7]);
  assert.equal(p.ram[5 * 128 + 126], 9);
  assert.equal(p.ram[5 * 128 + 127], 8);
  assert.equal(p.ram[5 * 128 + 0], 7);
  send([0x00, 0xaf, 0x81, 0x20]);
  assert.equal(p.on, true);
  assert.equal(p.contrast, 0x20);
});

test('frames: the RAM after each data write that changed it, none for commands or the same bytes', () => {
  const p = new SSD1306(new Simulator().clock);
  const send = (bytes) => { p.start(false); for (const b of bytes) p.write(b); p.stop(); };
  send([0x00, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]);
  send([0x40, 0xff, 0x81]);
  send([0x00, 0x21, 0, 127, 0x22, 0, 7]);
  send([0x40, 0xff, 0x81]); // the same picture again
  send([0x40, 0x01]);
  assert.equal(p.frames.length, 2);
  assert.deepEqual([...p.frames[0].ram.subarray(0, 3)], [0xff, 0x81, 0]);
  assert.deepEqual([...p.frames[1].ram.subarray(0, 3)], [0xff, 0x81, 0x01]);
  assert.ok(p.frames[1].end_ms >= p.frames[1].t_ms);
});

function fakeBus(hcnt, lcnt) {
  const done = [];
  const bus = { sclHighPeriod: hcnt, sclLowPeriod: lcnt };
  for (const k of ['completeStart', 'completeConnect', 'completeWrite', 'completeRead', 'completeStop'])
    bus[k] = (v) => done.push([k, v]);
  return { bus, done };
}

test('each part of a transfer takes its bits at the clock set', () => {
  const sim = new Simulator(), clock = sim.clock;
  const { bus, done } = fakeBus(125, 187); // 312 cycles at 125 MHz: 2.496 us a bit (~400 kHz)
  const panel = new Registers();
  const stats = { transfers: 0, bytes: 0 };
  attachTimedBus(bus, new Map([[0x3c, panel]]), clock, () => 125e6, stats);
  const bit = 312 / 125e6 * 1e9;
  bus.onConnect(0x3c, 0);
  clock.tick(9 * bit - 1);
  assert.equal(done.length, 0);
  clock.tick(2);
  assert.deepEqual(done.pop(), ['completeConnect', true]);
  bus.onWriteByte(0x40);
  clock.tick(9 * bit + 1);
  assert.deepEqual(done.pop(), ['completeWrite', true]);
  bus.onConnect(0x3d, 0); // nobody there: no acknowledge, after its nine bits all the same
  clock.tick(9 * bit + 1);
  assert.deepEqual(done.pop(), ['completeConnect', false]);
  assert.equal(stats.bytes, 1);
});

test('a UF2 lands at its addresses; a block outside the flash is refused', () => {
  const block = (addr, data) => {
    const b = Buffer.alloc(512);
    b.writeUInt32LE(0x0a324655, 0); b.writeUInt32LE(0x9e5d5157, 4);
    b.writeUInt32LE(addr, 12); b.writeUInt32LE(data.length, 16);
    Buffer.from(data).copy(b, 32); b.writeUInt32LE(0x0ab16f30, 508);
    return b;
  };
  const f = flashImage(Buffer.concat([block(0x10000100, [1, 2, 3]), block(0x10001000, [4])]));
  assert.deepEqual([...f.subarray(0x100, 0x104)], [1, 2, 3, 0xff]);
  assert.equal(f[0x1000], 4);
  assert.throws(() => flashImage(block(0x20000000, [1])), /UF2 block/);
});
