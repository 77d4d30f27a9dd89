// The boot ROM's flash routines as lib/flash.mjs carries them out: at once by default,
// in a Pico's time with the interrupts masked under --flash-timing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Simulator } from 'rp2040js';
import { flashWrites, flashNanos, ERASE_NS, PROGRAM_NS } from '../lib/flash.mjs';

const ERASE = 0xe1, PROGRAM = 0xe2;
const LR = 0x10000101; // the caller, Thumb bit set
const SRAM = 0x20000000;
const EDGE_LOW = 1 << 2, EDGE_HIGH = 1 << 3; // IO_BANK0 INTR bits of a pin

function chip() {
  const sim = new Simulator();
  const mcu = sim.rp2040;
  const counts = { erase: 0, program: 0 };
  const others = [];
  return { mcu, clock: sim.clock, counts, others, other: (code) => others.push(code) };
}

function call(mcu, onBreak, code, ...args) {
  const r = mcu.core.registers;
  args.forEach((v, i) => { r[i] = v; });
  r[14] = LR;
  onBreak(code);
}

test("a Pico's times: 45 ms a 4 KB sector erased, 0.8 ms a 256-byte page programmed", () => {
  assert.equal(flashNanos(ERASE, 4096), 45e6);
  assert.equal(flashNanos(ERASE, 3 * 4096), 3 * ERASE_NS);
  assert.equal(flashNanos(PROGRAM, 256), 0.8e6);
  assert.equal(flashNanos(PROGRAM, 4096), 16 * PROGRAM_NS);
  assert.equal(flashNanos(PROGRAM, 300), 2 * PROGRAM_NS); // whole pages
});

test('by default the routines take no emulated time (figures stay comparable)', () => {
  const { mcu, clock, counts, other } = chip();
  const onBreak = flashWrites(mcu, counts, other);
  mcu.flash.fill(0, 0xa0000, 0xa1000);
  call(mcu, onBreak, ERASE, 0xa0000, 4096, 4096, 0x20);
  assert.ok(mcu.flash.subarray(0xa0000, 0xa1000).every((b) => b === 0xff));
  assert.equal(clock.nanos, 0);
  assert.equal(counts.erase, 1);
  assert.equal(counts.flashNs, undefined);
  assert.equal(mcu.core.PC, LR & ~1);
});

test('timed: an erase takes its 45 ms, a tap inside it latches both edges, masked', () => {
  const { mcu, clock, counts, other } = chip();
  const onBreak = flashWrites(mcu, counts, other, clock);
  const pin = mcu.gpio[6];
  pin.padValue |= 0x40 | 0x8; // PADS_BANK0 IE and PUE, as Pin(6, Pin.IN, Pin.PULL_UP) sets
  pin.setInputValue(true); // the pull-up holds it high
  pin.irqStatus = 0; // nothing latched yet
  const masked = [];
  const at = (ms, level) => clock.createAlarm(() => {
    pin.setInputValue(level);
    masked.push(mcu.core.PM);
  }).schedule(ms * 1e6);
  at(10, false); // pressed 10 ms into the erase
  at(20, true); // let go 10 ms later: both inside
  mcu.core.PM = false; // even a firmware that did not mask: the model masks
  call(mcu, onBreak, ERASE, 0xa0000, 4096, 4096, 0x20);
  assert.equal(clock.nanos, 45e6);
  assert.deepEqual(masked, [true, true]); // no interrupt could be taken meanwhile
  assert.equal(pin.irqStatus & (EDGE_LOW | EDGE_HIGH), EDGE_LOW | EDGE_HIGH);
  assert.equal(mcu.core.PM, false); // PRIMASK as the firmware had it
  assert.equal(counts.flashNs, 45e6);
  assert.equal(mcu.core.PC, LR & ~1);
});

test('timed: a program takes 0.8 ms a page and only clears bits', () => {
  const { mcu, clock, counts, other } = chip();
  const onBreak = flashWrites(mcu, counts, other, clock);
  for (let i = 0; i < 512; i++) mcu.writeUint8(SRAM + i, i & 0xf0);
  mcu.flash.fill(0x3c, 0xa0000, 0xa0200);
  mcu.core.PM = true; // rp2_flash.c's begin_critical_flash_section
  call(mcu, onBreak, PROGRAM, 0xa0000, SRAM, 512);
  assert.equal(clock.nanos, 2 * 0.8e6);
  assert.equal(mcu.flash[0xa0000 + 0x35], 0x3c & 0x30);
  assert.equal(mcu.core.PM, true);
  assert.equal(counts.program, 1);
  assert.equal(counts.flashNs, 1.6e6);
});

test('another break is not a flash routine and takes no time', () => {
  const { mcu, clock, counts, others, other } = chip();
  const onBreak = flashWrites(mcu, counts, other, clock);
  onBreak(0x42);
  assert.deepEqual(others, [0x42]);
  assert.equal(clock.nanos, 0);
});
