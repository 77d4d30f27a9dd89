// The HX711 model against its datasheet, on rp2040js's clock without a CPU: the
// firmware's driver is tried against it on the emulated chip (make bench-device).
import test from 'node:test';
import assert from 'node:assert/strict';
import { Simulator } from 'rp2040js';
import { HX711, Trace } from '../lib/hx711.mjs';

const MS = 1e6, US = 1e3;

function rig(grams, opts = {}) {
  const clock = new Simulator().clock;
  const pin = { dout: true, changes: 0 };
  const cell = new HX711(clock, (v) => { pin.dout = v; pin.changes++; }, grams,
    { sps: 10, perGram: 400, offset: 1000, ...opts });
  const at = (ns) => clock.tick(ns - clock.nanos);
  const pulse = (highNs = 1 * US, lowNs = 1 * US) => {
    cell.sckEdge(true); clock.tick(highNs); const bit = pin.dout ? 1 : 0;
    cell.sckEdge(false); clock.tick(lowNs); return bit;
  };
  const read = (extra = 1) => { // the driver's read: 24 bits MSB first, then the gain pulses
    let v = 0;
    for (let i = 0; i < 24; i++) v = (v << 1) | pulse();
    for (let i = 0; i < extra; i++) pulse();
    return v & 0x800000 ? v - 0x1000000 : v;
  };
  return { clock, pin, cell, at, pulse, read };
}

test('nothing to read until it has settled, then DOUT low', () => {
  const r = rig(() => 0);
  r.at(399 * MS);
  assert.equal(r.pin.dout, true);
  r.at(401 * MS);
  assert.equal(r.pin.dout, false);
});

test('24 bits MSB first give the load in counts; the 25th pulse lifts DOUT', () => {
  const r = rig(() => 2.5);
  r.at(401 * MS);
  assert.equal(r.read(0), 1000 + 1000);
  assert.equal(r.pin.dout, false); // bit 24's level (2000 is even)
  r.pulse();
  assert.equal(r.pin.dout, true);
  r.at(499 * MS);
  assert.equal(r.pin.dout, true); // the next one is 100 ms after the last
  r.at(501 * MS);
  assert.equal(r.pin.dout, false);
});

test('negative loads come out in two\'s complement', () => {
  const r = rig(() => -10);
  r.at(401 * MS);
  assert.equal(r.read(), 1000 - 4000);
});

test('SCK high past 60 us powers it down; back low it settles again', () => {
  const r = rig(() => 1);
  r.at(401 * MS);
  r.cell.sckEdge(true);
  r.clock.tick(59 * US);
  assert.equal(r.cell.down, false);
  r.clock.tick(2 * US);
  assert.equal(r.cell.down, true);
  assert.equal(r.pin.dout, true);
  r.at(600 * MS);
  assert.equal(r.pin.dout, true); // no conversions while down
  r.cell.sckEdge(false);
  assert.equal(r.cell.stats.powerDowns, 1);
  r.at(600 * MS + 399 * MS);
  assert.equal(r.pin.dout, true);
  r.at(600 * MS + 401 * MS);
  assert.equal(r.pin.dout, false);
  assert.equal(r.read(), 1000 + 400);
});

test('26 pulses choose channel B at gain 32 for the next conversion, 27 A at 64', () => {
  const r = rig(() => 4);
  r.at(401 * MS);
  r.read(2);
  assert.deepEqual([r.cell.channel, r.cell.gain], ['B', 32]);
  r.at(501 * MS);
  assert.equal(r.read(3), 1000 + 400); // B: a quarter of A/128's counts
  r.at(601 * MS);
  assert.equal(r.read(1), 1000 + 800); // A/64: half
  r.at(701 * MS);
  assert.equal(r.read(1), 1000 + 1600);
});

test('a conversion is the mean over its period: a step shows half done', () => {
  const r = rig((t) => (t >= 350 * MS ? 8 : 0));
  r.at(401 * MS);
  assert.equal(r.read(), 1000 + 1600); // 8 g for half of 300-400 ms
  r.at(501 * MS);
  assert.equal(r.read(), 1000 + 3200);
});

test('a conversion left unread is counted missed and the newest is read', () => {
  let g = 1;
  const r = rig(() => g);
  r.at(401 * MS);
  g = 3;
  r.at(501 * MS);
  assert.equal(r.cell.stats.missed, 1);
  assert.equal(r.read(), 1000 + 1200);
});

test('noise: its sigma, in grams, on a still load', () => {
  const r = rig(() => 0, { noise: 0.25, perGram: 1000, offset: 0 });
  const xs = [];
  for (let k = 0; k < 400; k++) { r.at((401 + 100 * k) * MS); xs.push(r.read() / 1000); }
  const mean = xs.reduce((a, b) => a + b) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  assert.ok(Math.abs(mean) < 0.05, `mean ${mean}`);
  assert.ok(sd > 0.2 && sd < 0.3, `sigma ${sd}`);
});

test('a trace: empty fields keep their last value, the fourth column is the tilt', () => {
  const t = new Trace('t_ms,stage1,stage2\n0,1.5,\n100,,2.0,1\n250,3.0,,0\n', 5 * MS);
  assert.equal(t.at(4 * MS), null);
  assert.deepEqual(t.at(5 * MS).slice(1), [[1.5, 0], null]);
  assert.deepEqual(t.at(150 * MS).slice(1), [[1.5, 2.0], true]);
  assert.deepEqual(t.at(9000 * MS).slice(1), [[3.0, 2.0], false]);
  assert.deepEqual(t.at(150 * MS).slice(1), [[1.5, 2.0], true]); // back in time too
  assert.throws(() => new Trace('0,x,1\n'), /not grams/);
});
