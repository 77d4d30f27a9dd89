// The run loop's sleeping core (lib/sleep.mjs) on rp2040js's clock, without a CPU.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Simulator } from 'rp2040js';
import { sleepStep } from '../lib/sleep.mjs';

const asleep = () => ({ waiting: true, interruptsUpdated: false });

test('an alarm due now fires now: a core asleep with it in hand is not left for ever', () => {
  const clock = new Simulator().clock;
  clock.tick(1234);
  let fired = 0;
  clock.createAlarm(() => { fired++; }).schedule(0);
  assert.equal(clock.nanosToNextAlarm, 0); // what looked like "no alarm at all"
  assert.equal(sleepStep(clock, asleep()), 0);
  assert.equal(fired, 1);
  assert.equal(clock.nanos, 1234);
});

test('asleep until the next alarm, which fires then', () => {
  const clock = new Simulator().clock;
  const fired = [];
  clock.createAlarm(() => fired.push(clock.nanos)).schedule(5e6);
  clock.createAlarm(() => fired.push(clock.nanos)).schedule(9e6);
  assert.equal(sleepStep(clock, asleep()), 5e6);
  assert.deepEqual(fired, [5e6]);
  assert.equal(sleepStep(clock, asleep()), 4e6);
  assert.deepEqual(fired, [5e6, 9e6]);
});

test('nothing on the chip to wake it: only the host can', () => {
  const clock = new Simulator().clock;
  assert.equal(sleepStep(clock, asleep()), null);
  assert.equal(clock.nanos, 0);
  const woken = { waiting: true, interruptsUpdated: true };
  assert.equal(sleepStep(clock, woken), 0); // an interrupt came: the loop goes on
});
