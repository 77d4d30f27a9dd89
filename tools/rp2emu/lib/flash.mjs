// The Pico's 2 MB flash: a UF2 (or a raw .bin) laid into it, and the two boot ROM
// routines the firmware writes it through (flash_range_erase, flash_range_program)
// carried out on the emulated flash. rp2040js runs the ROM but has no flash chip
// behind the SSI to program, so each routine's first instruction is made a BKPT with
// a number of ours; the break handler does the routine's work and returns to its
// caller. littlefs (the Pico's filesystem) then works, and mpremote cp writes files.
// Done at once by default; with a clock (pico.mjs --flash-timing) each routine also
// takes a real chip's time (flashNanos), with the core's interrupts masked throughout,
// as MicroPython's rp2_flash.c masks them around the routine (save_and_disable_interrupts
// in begin_critical_flash_section): the clock's alarms (timers, the host's presses) come
// and go meanwhile, GPIO edges latch, and nothing is served until the firmware unmasks.
export const FLASH_BYTES = 16 * 1024 * 1024; // the emulator's XIP window; a Pico has 2 MB
export const FS_BASE = 0xa0000; // RPI_PICO: the filesystem is the last 1408 KB of 2 MB
export const FS_BYTES = 1408 * 1024;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157];
const XIP_BASE = 0x10000000;
const BKPT_ERASE = 0xe1, BKPT_PROGRAM = 0xe2;
// A Pico's W25Q16JV, typical: a 4 KB sector erase 45 ms (up to 400), a 256-byte page
// program 0.8 ms (up to 3). The ROM erases and programs whole sectors and pages.
export const SECTOR_BYTES = 4096, PAGE_BYTES = 256;
export const ERASE_NS = 45e6, PROGRAM_NS = 0.8e6;

export function flashImage(firmware) {
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  const b = Buffer.from(firmware);
  if (b.length >= 512 && b.readUInt32LE(0) === UF2_MAGIC[0]) {
    let blocks = 0;
    for (let off = 0; off + 512 <= b.length; off += 512) {
      if (b.readUInt32LE(off) !== UF2_MAGIC[0] || b.readUInt32LE(off + 4) !== UF2_MAGIC[1]) continue;
      const addr = b.readUInt32LE(off + 12), size = b.readUInt32LE(off + 16);
      if (addr < XIP_BASE || addr + size > XIP_BASE + FLASH_BYTES || size > 476) throw new Error(`UF2 block at ${off}: address 0x${addr.toString(16)}`);
      flash.set(b.subarray(off + 32, off + 32 + size), addr - XIP_BASE);
      blocks++;
    }
    if (!blocks) throw new Error('UF2: no block');
  } else flash.set(b.subarray(0, FLASH_BYTES), 0);
  return flash;
}

// The boot ROM with its two flash-writing routines trapped (found through the ROM's
// function table, by their two-letter codes, as the SDK finds them).
export function trappedRom(bootrom) {
  const rom = new Uint32Array(bootrom);
  const b = new Uint8Array(rom.buffer);
  const u16 = (a) => b[a] | (b[a + 1] << 8);
  const found = {};
  for (let p = u16(0x14); u16(p) !== 0; p += 4) found[String.fromCharCode(b[p], b[p + 1])] = u16(p + 2) & ~1;
  if (found.RE === undefined || found.RP === undefined) throw new Error('boot ROM: no flash routines');
  const bkpt = (addr, n) => { b[addr] = n; b[addr + 1] = 0xbe; };
  bkpt(found.RE, BKPT_ERASE);
  bkpt(found.RP, BKPT_PROGRAM);
  return rom;
}

// How long a routine takes on a Pico: `n` bytes erased (whole sectors) or programmed
// (whole pages), in nanoseconds.
export function flashNanos(code, n) {
  if (code === BKPT_ERASE) return Math.ceil(n / SECTOR_BYTES) * ERASE_NS;
  if (code === BKPT_PROGRAM) return Math.ceil(n / PAGE_BYTES) * PROGRAM_NS;
  return 0;
}

// mcu.onBreak for the traps; other breaks go to `other(code)`. counts: {erase, program},
// and flashNs (the time spent in them) when timed. clock: the simulator's clock to spend
// each routine's time on (--flash-timing), or null: at once, as before.
export function flashWrites(mcu, counts, other, clock = null) {
  return (code) => {
    const r = mcu.core.registers;
    let n;
    if (code === BKPT_ERASE) { // flash_range_erase(offset, count, block_size, block_cmd)
      const at = r[0] >>> 0;
      n = r[1] >>> 0;
      mcu.flash.fill(0xff, at, at + n);
      counts.erase++;
    } else if (code === BKPT_PROGRAM) { // flash_range_program(offset, data, count): bits only clear
      const at = r[0] >>> 0, src = r[1] >>> 0;
      n = r[2] >>> 0;
      for (let i = 0; i < n; i++) mcu.flash[at + i] &= mcu.readUint8(src + i);
      counts.program++;
    } else return other(code);
    if (clock) spendMasked(mcu.core, clock, flashNanos(code, n), counts);
    mcu.core.PC = r[14] & ~1; // back to the caller (LR)
  };
}

// The core stays in the routine for `ns`: the clock goes on (its alarms fire: timers
// expire, the host's presses come and go, GPIO edges latch in IO_BANK0), PRIMASK set so
// that no interrupt could be taken even by a firmware that forgot to mask; the core's
// own PRIMASK comes back as it was (set, under rp2_flash.c), and the interrupts left
// pending are served when the firmware unmasks, as on the chip.
export function spendMasked(core, clock, ns, counts) {
  const pm = core.PM;
  core.PM = true;
  try {
    clock.tick(ns);
  } finally {
    core.PM = pm;
  }
  counts.flashNs = (counts.flashNs ?? 0) + ns;
}
