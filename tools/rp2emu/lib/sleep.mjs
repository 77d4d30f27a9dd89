// A core asleep (WFI or WFE) in the run loop: the emulated time goes on to the clock's
// next alarm, which fires then. rp2040js's nanosToNextAlarm is 0 both when no alarm is
// set and when one is due now; the second is not the first: an alarm due now fires now
// (a firmware timer armed for the moment it sleeps, or `after 0 press ...` on the control
// port), or the core would sleep for ever with an alarm in hand.
// Returns the nanoseconds slept, or null when nothing on the chip can wake the core:
// only the host can (a byte on the serial port, a button).
export function sleepStep(clock, core) {
  if (!clock.nextAlarm && !core.interruptsUpdated) return null;
  const n = clock.nanosToNextAlarm;
  clock.tick(n);
  return n;
}
