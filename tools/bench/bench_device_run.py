# Runs ON the device (a Pico, or the emulated one of rp2emu/): `make bench-device`
# sends it with `mpremote run` after flashing, with bench_device.json beside main.py
# (the scripts and replay events the host made). Every figure is time.ticks_us() on the
# device. The firmware is the flashed one; the board is boards/pico/board.py, built
# without its watchdog kept from being fed. A "press" is the button's pin pulled to
# ground as the button would pull it: the pin's output (set low) is enabled, the pad
# reads low, and the chip's own GPIO interrupt runs the handler; a release disables
# the output again and the pull-up lifts the pin (never driven high: a held button
# cannot fight it).
# Where the I2C bus takes no time (the emulator), the bytes' bus time (9 bits a byte at
# the bus clock) is added to every panel time, and the output says so.
import gc
import time
from array import array

from machine import mem32

from pawsim.heap import probe  # copied beside it by bench_device.py (device_code)

T_START = time.ticks_us()
gc.collect()
# What this script's own code holds of the heap: BASE_ALLOC is measured by the host's
# exec just before it runs (nothing loaded then). Added back in the heap figures.
OWN = gc.mem_alloc() - globals().get("BASE_ALLOC", gc.mem_alloc())
# Set by the host in an exec before this file runs (a fresh soft-reset heap each):
# "ui" (boot, menu step, first screens), "game:NAME" (a scripted whole game: heap,
# screens, and for pick_a_dog the STOPs), "history" (History opened and a game ended on a
# 300-game history), "replay".
PHASE = globals().get("PHASE", "ui")
ticks_us = time.ticks_us
tdiff = time.ticks_diff
REPLAY = ("top_dogs", "pick_a_dog", "top_dog", "circus_puppy")
OPTS = {}  # from bench_device.json: "arm" (buzzer from the interrupt), "prepare" (STOP frames)
out = print


def say(*a):
    out(*a)


# --- a button's pin pulled low: SIO's output-enable set and cleared (RP2040, RP2350) ---
_OUT_CLR = 0xD0000018
_OE_SET = 0xD0000024
_OE_CLR = 0xD0000028


# --- spies: the panel's bus (the buzzer is read at its pin: PinEdge) ---
class BusSpy:
    """Stands between the SSD1306 driver and machine.I2C: counts bytes (address byte
    included) and notes when each write ended."""

    def __init__(self, i2c):
        self.i2c = i2c
        self.bytes = 0
        self.writes = 0
        self.first_us = None  # start of the first write since mark()
        self.last_us = 0  # end of the last write
        self.mark_bytes = 0
        self.ends = array("i", [0] * 128)  # since mark(): each write's end
        self.cum = array("i", [0] * 128)  # and the bytes sent since mark() by then
        self.n = 0

    def mark(self):
        self.first_us = None
        self.mark_bytes = self.bytes
        self.n = 0

    def _log(self, t):
        if self.n < 128:
            self.ends[self.n] = t
            self.cum[self.n] = self.bytes - self.mark_bytes
            self.n += 1

    def panel_at(self, t0, end_us):
        """ms from t0 to the end of the last write that ended by end_us, plus the bus
        time of every byte sent since mark() until then where the bus takes none."""
        j = -1
        for i in range(self.n):
            if tdiff(self.ends[i], end_us) <= 0:
                j = i
        if j < 0:
            return tdiff(end_us, t0) / 1000, 0
        return (tdiff(self.ends[j], t0) + bus_us(self.cum[j])) / 1000, self.cum[j]

    def scan(self):
        return self.i2c.scan()

    def writeto(self, addr, buf, stop=True):
        t = ticks_us()
        if self.first_us is None:
            self.first_us = t
        r = self.i2c.writeto(addr, buf, stop)
        self.last_us = ticks_us()
        self.bytes += len(buf) + 1
        self.writes += 1
        self._log(self.last_us)
        return r

    def writevto(self, addr, vec, stop=True):
        t = ticks_us()
        if self.first_us is None:
            self.first_us = t
        r = self.i2c.writevto(addr, vec, stop)
        self.last_us = ticks_us()
        n = 1
        for v in vec:
            n += len(v)
        self.bytes += n
        self.writes += 1
        self._log(self.last_us)
        return r


# The buzzer's pin: on the RP2040 its PWM slice drives it high at each wrap of the
# slice's counter while the duty in effect is above 0 (the duty written waits for the
# wrap). The counter says how long ago the period began: the pin's rising edge, read
# from the chip itself just after the press's handler returned (polling the pin after
# it would miss a short high phase). IO_BANK0 GPIOn_STATUS bit 9 (OUTTOPAD) is the level
# on the pin, to confirm it sounds.
def pin_high(status):
    return mem32[status] & 0x200


class PinEdge:
    def __init__(self, gpio):
        import machine

        from pawpad.drivers.rp2_pwm import Slice

        self.slice = Slice(mem32, gpio, machine.freq())  # the buzzer's own registers
        self.status = 0x40014000 + 8 * gpio
        self.sys_mhz = machine.freq() // 1000000

    def after(self, t0):
        """us from t0 (the press) to the buzzer pin's first rise after it, or None if it
        does not sound within 3 ms. Read at once after the press's handler returned: a
        period (0.48 ms at 2093 Hz) is longer than the handler takes."""
        s = self.slice
        ctr = mem32[s.ctr]
        now = ticks_us()
        div16 = mem32[s.div] & 0xFFF  # 8.4 fixed point: 16ths of a cycle a count
        unit = 16 * self.sys_mhz  # 16ths of a cycle per us
        wrap = time.ticks_add(now, -(ctr * div16 // unit))  # this period's start
        if tdiff(wrap, t0) < 0:  # the period began before the press: the duty waits
            wrap = time.ticks_add(wrap, (mem32[s.top] + 1) * div16 // unit)
        while tdiff(ticks_us(), t0) < 3000:  # does it sound?
            if pin_high(self.status):
                return tdiff(wrap, t0)
        return None


BUS_HZ = 400000
BUS_FREE = False  # True: the bus takes no time here (emulator): add the bytes' time


def bus_us(nbytes):
    return nbytes * 9 * 1000000 // BUS_HZ if BUS_FREE else 0


def probe_bus(i2c, addr):
    """Does a 65-byte write take its bus time? (A real bus: about 1.5 ms at 400 kHz.)"""
    global BUS_FREE
    nops = bytearray(b"\x00" + b"\xe3" * 64)  # 0xE3: the SSD1306's no-operation
    t = ticks_us()
    i2c.writeto(addr, nops)
    took = tdiff(ticks_us(), t)
    need = 66 * 9 * 1000000 // BUS_HZ
    BUS_FREE = took < need // 3
    return took, need


# --- the device under test ---
class Rig:
    def __init__(self, data):
        import board
        import pins

        global BUS_HZ
        BUS_HZ = OPTS.get("i2c_hz") or pins.I2C_FREQ
        t0 = ticks_us()
        from pawpad.loader import Packed

        with Packed():  # as main.py loads the boot's code
            from pawpad.app.device import loop as runner
            from pawpad.app.device.device import Device

            t1 = ticks_us()
            hw = board.build(False, i2c_freq=BUS_HZ)  # the watchdog: stopped by the host
        self.runner = runner
        buttons = pins.PLAYERS + pins.MENU
        mem32[_OUT_CLR] = sum(1 << g for g in buttons)  # what their outputs drive: low
        hw.data_dir = data
        self.hw = hw
        disp = hw.display
        if disp is None:
            raise SystemExit("bench: no display answers on the I2C bus")
        took, need = probe_bus(disp.i2c, disp.addr)
        self.spy = BusSpy(disp.i2c)
        disp.i2c = self.spy
        self.buzzer_pin = PinEdge(pins.BUZZER)
        self.edge_us = None  # the buzzer pin's first high after the last player press
        t2 = ticks_us()
        dev = Device(hw, runner.ticks_ms())
        self.dev = dev
        self.frames = []  # (screen, draw us, show us, bytes, end us)
        self.on_frame = None
        dev.render = self.render
        self.steps = array("i", [0] * 64)  # when the loop's last 64 turns began
        self.nsteps = 0
        self._cycle = dev.cycle
        dev.cycle = self.cycle
        self._send_prepared = dev.send_prepared
        dev.send_prepared = self.send_prepared
        self.prep_us = None  # when the last prepared frame went out
        self.tick_us = 0  # when the app's last tick began
        self.prep_tick = 0  # and the one that sent the last prepared frame
        self._tick = dev.app.tick
        dev.app.tick = self.tick
        t3 = ticks_us()
        dev.cycle(runner.ticks_ms(), runner.ticks_us())
        t4 = ticks_us()
        if PHASE != "ui":
            return
        say("bus: a 66-byte write took %d us, %d us at %d kHz: %s" % (
            took, need, BUS_HZ // 1000,
            "the bus takes no time here (emulator): each panel time below ADDS the "
            "bytes' bus time (9 bits a byte at %d kHz)" % (BUS_HZ // 1000) if BUS_FREE
            else "real bus time, measured"))
        say("boot: script start -> board+app imported %.1f ms (app imports %.1f ms), "
            "Device() %.1f ms, first frame on the panel %.1f ms after script start "
            "(+ %.1f ms bus)" % (tdiff(t1, T_START) / 1000, tdiff(t1, t0) / 1000,
                                 tdiff(t3, t2) / 1000, tdiff(t4, T_START) / 1000,
                                 bus_us(self.spy.bytes) / 1000))

    def cycle(self, now_ms, now_us):
        self.steps[self.nsteps & 63] = ticks_us()
        self.nsteps += 1
        return self._cycle(now_ms, now_us)

    def tick(self, now_ms):
        self.tick_us = ticks_us()
        return self._tick(now_ms)

    def send_prepared(self, prep):
        began = self.tick_us  # the tick that sends it
        sent = self._send_prepared(prep)
        if sent:
            self.prep_us = ticks_us()
            self.prep_tick = began
        return sent

    def step_after(self, t0):
        """ms from t0 to the first loop cycle that began after it, or None."""
        best = None
        for i in range(min(64, self.nsteps)):
            d = tdiff(self.steps[i], t0)
            if d >= 0 and (best is None or d < best):
                best = d
        return None if best is None else best / 1000

    def render(self, now_ms):
        dev = self.dev
        t0 = ticks_us()
        dev.app.draw(dev.panel.canvas)
        t1 = ticks_us()
        b0 = self.spy.bytes
        disp = self.hw.display
        if disp is not None:
            dev.panel.call(disp.show)
        t2 = ticks_us()
        rec = (dev.app.screen_name(), tdiff(t1, t0), tdiff(t2, t1), self.spy.bytes - b0, t2,
               getattr(dev.app.top, "details", False))
        self.frames.append(rec)
        if len(self.frames) > 64:
            self.frames = []  # (callers hold indexes only across one key)
        if self.on_frame is not None:
            self.on_frame(rec)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


class Script:
    """Plays `t action` lines (tools/pawsim/script.py's menu and player keys) in real
    time on the device, with the app's own asyncio loop running."""

    MENU = ("up", "down", "ok", "back")  # pins.MENU's order

    def __init__(self, rig):
        self.rig = rig
        self.heap_min = None
        self.block_min = None  # the smallest "largest free block" seen
        self.keys = 0
        self.press_hook = None  # called with (action, t_us) after each press
        self.last_press = 0
        self.released = time.ticks_add(time.ticks_ms(), -self.OPEN_MS)

    def key(self, action):
        """The GPIO of an action's button, or None."""
        import pins

        if action in self.MENU:
            return pins.MENU[self.MENU.index(action)]
        if action[0] == "p":
            return pins.PLAYERS[int(action[1:]) - 1]
        return None

    # The least time a finger is off a button between two presses, as a hand taps at
    # 10 a second at its fastest. Without it a press due while the box was busy went in
    # the instant the one before it was let go, and the button's debounce (20 ms) rightly
    # took the two for one press with a bouncing contact: the bench lost keys no table
    # could lose.
    OPEN_MS = 50

    async def play(self, text, heap=True):
        """Each event `gap` ms after the one before it really went in (a slow step
        delays the rest, as a player waits for the screen), and at least OPEN_MS after
        the last release; released 60 ms later."""
        import asyncio

        events = []
        for line in text.split("\n"):
            parts = line.split()
            if len(parts) >= 2:
                events.append((int(parts[0]), parts[1]))
        prev_t = events[0][0] if events else 0
        prev = time.ticks_ms()
        for t, action in events:
            if action == "end":
                break
            due = time.ticks_add(prev, t - prev_t)
            wait = max(tdiff(due, time.ticks_ms()),
                       self.OPEN_MS - tdiff(time.ticks_ms(), self.released))
            if wait > 0:
                await asyncio.sleep_ms(wait)
            prev, prev_t = time.ticks_ms(), t
            gpio = self.key(action)
            if gpio is None:
                continue
            bit = 1 << gpio
            if action[0] == "p":
                self.rig.spy.mark()
            t0 = ticks_us()
            mem32[_OE_SET] = bit  # pressed: the interrupt has run before the next line
            if action[0] == "p":
                self.rig.edge_us = self.rig.buzzer_pin.after(t0)
            self.last_press = t0
            if self.press_hook is not None:
                self.press_hook(action, t0)
            await asyncio.sleep_ms(60)
            mem32[_OE_CLR] = bit  # let go: the pull-up lifts the pin
            self.released = time.ticks_ms()
            if heap:
                gc.collect()
                f = gc.mem_free()
                if self.heap_min is None or f < self.heap_min:
                    self.heap_min = f
                self.keys += 1
                if self.keys % 5 == 0:
                    b = probe()[1]
                    if self.block_min is None or b < self.block_min:
                        self.block_min = b
        await asyncio.sleep_ms(300)


def panel_ms(rig, t0, end_us, nbytes):
    """ms from t0 to end_us, the bus time of nbytes added where the bus takes none."""
    return (tdiff(end_us, t0) + bus_us(nbytes)) / 1000


async def main():
    import asyncio
    import json

    with open("bench_device.json") as f:
        cfg = json.load(f)
    OPTS.update(cfg.get("opts", {}))
    data = "/bench_data"
    try:
        import os

        try:
            os.mkdir(data)
        except OSError:
            pass
        for n in os.listdir(data):
            os.remove(data + "/" + n)
        if PHASE == "history":  # a box with 300 games behind it (bench_long_data.py)
            for src, dst in (("/bench_history.log", "/history.log"),
                             ("/bench_stats.json", "/stats.json")):
                _copy(src, data + dst)
        with open(data + "/settings.json", "w") as f:  # the app clocks the bus by it
            hz = OPTS.get("i2c_hz", 0)  # 0: the Panel bus setting as the box ships
            f.write('{"players": %d%s}' % (cfg["players"], "" if not hz else
                    ', "fast_panel": %s' % ("true" if hz >= 1000000 else "false")))
    except OSError as e:
        say("bench: data folder:", e)
    rig = Rig(data)
    hw, dev = rig.hw, rig.dev
    task = asyncio.create_task(rig.runner.input_loop(
        dev, hw.flag, rig.runner.ticks_ms, rig.runner.ticks_us, hw))
    sc = Script(rig)
    if PHASE == "history":
        # The history came without its index (a box from a firmware before it): the
        # boot makes it, with its bar, before the menu.
        t0 = time.ticks_ms()
        while dev.app.screen_name() == "boot" and tdiff(time.ticks_ms(), t0) < 120000:
            await asyncio.sleep_ms(20)
        say("boot onto a 300-game history without its index: the boot screen over %d ms "
            "after the app started (the index made meanwhile; the splash is 1500 ms)"
            % tdiff(time.ticks_ms(), t0))
    # boot screen -> menu: OK skips the boot screen
    await asyncio.sleep_ms(200)
    if dev.app.screen_name() == "boot":
        await sc.play("0 ok\n", heap=False)
    assert dev.app.screen_name() == "menu", dev.app.screen_name()
    free, block = probe()
    say("heap free at the menu: %d B, largest free block %.1f KB" % (free, block / 1024))

    if PHASE == "replay":
        task.cancel()
        del rig, dev, task
        replays()
        return
    if PHASE.startswith("sheet:"):
        await sheet_figures(rig, PHASE[6:])
        task.cancel()
        return
    if PHASE == "ui":
        await ui_figures(rig, sc)
        task.cancel()
        return
    if PHASE == "history":
        await history_figures(rig, sc, cfg)
        task.cancel()
        return
    await game_figures(rig, sc, cfg, PHASE[5:])
    task.cancel()


def loops_on_the_chip(dev):
    """The display's loops in machine code (frozen viper) against their plain twins,
    on this chip: the menu as drawn against the menu drawn in plain Python, and the
    windows a frame goes in (plan, stage) on changed frames. Frozen code lies as
    mpy-tool put it (a constant can read wrong there: test_viper_constants.py), which
    no unix-port test sees. Returns what differs, or "" when nothing."""
    from pawpad.drivers import _fast, _plain
    from pawpad.ui import canvas

    app = dev.app
    fast = canvas.Canvas()
    app._drawn = (None, None)  # a whole frame
    app.draw(fast)
    kept, canvas._fast = canvas._fast, None
    try:
        plain = canvas.Canvas()
        app._drawn = (None, None)
        app.draw(plain)
    finally:
        canvas._fast = kept
    app._drawn = (None, None)
    app.nav.dirty = True
    bad = []
    if fast.buf != plain.buf:
        bad.append("the menu: %d bytes differ" % sum(
            1 for i in range(len(fast.buf)) if fast.buf[i] != plain.buf[i]))
    # boxes set and cleared (a list's rows drawn again as the menu wraps), and text
    # beyond ASCII, over the menu's frame, each way
    a, b = canvas.Canvas(bytearray(fast.buf)), canvas.Canvas(bytearray(fast.buf))
    for trial in range(12):
        x, y, w, h = trial * 11 - 6, trial * 5 - 3, 7 + trial * 9, 3 + trial * 4
        for c in (a, b):
            kept, canvas._fast = canvas._fast, (canvas._fast if c is a else None)
            try:
                c.fill_rect(x, y, w, h, trial & 1)
                c.text("d\u00e9j\u00e0 %d" % trial, x + 3, y + 2)
            finally:
                canvas._fast = kept
    if a.buf != b.buf:
        bad.append("fill_rect and text: %d bytes differ" % sum(
            1 for i in range(len(a.buf)) if a.buf[i] != b.buf[i]))
    seed = 12345
    for trial in range(30):
        a = bytearray(fast.buf)
        b = bytearray(a)
        for _ in range(1 + trial * 7):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            b[seed % 1024] ^= 1 + (seed >> 16) % 255
        got, want = bytearray(64), bytearray(64)
        n = _fast.plan(a, b, True, got, 40)
        if n != _plain.plan(a, b, True, want, 40) or got != want:
            bad.append("plan, trial %d" % trial)
            continue
        for i in range(0, 4 * n, 4):
            tx1, tx2 = bytearray(1040), bytearray(1040)
            s1, s2 = bytearray(b), bytearray(b)
            if _fast.stage(tx1, a, s1, got, i) != _plain.stage(tx2, a, s2, got, i) or \
                    tx1 != tx2 or s1 != s2:
                bad.append("stage, trial %d" % trial)
    return "; ".join(bad)


async def ui_figures(rig, sc):
    dev = rig.dev
    # --- a menu step ---
    # Every step of the main menu, down and round and back up: the steps that scroll
    # the list (every row drawn again) and the two that wrap are the worst ones.
    steps = []
    rows = dev.app.nav.top.row_count(dev.app)
    ways = []  # each step drawn as a patch of the frame ("p") or whole ("w"): a whole
    #            drawing makes App._drawn anew, a patch leaves it (looked at after)
    for k in ("down",) * rows + ("up",) * rows:
        rig.spy.mark()
        n0 = len(rig.frames)
        drawn = dev.app._drawn
        await sc.play("0 %s\n" % k, heap=False)
        ways.append("p" if dev.app._drawn is drawn else "w")
        t0 = sc.last_press
        rec = rig.frames[n0] if len(rig.frames) > n0 else None
        if rec is not None:
            began = tdiff(time.ticks_add(rec[4], -rec[2] - rec[1]), t0) / 1000
            steps.append((panel_ms(rig, t0, rec[4], rec[3]), rec[1], rec[2], rec[3],
                          rig.step_after(t0), began))
    say("menu steps drawn (p: a patch of the frame, w: the whole frame): " + "".join(ways))
    bad = loops_on_the_chip(dev)
    say("display loops on the chip (frozen viper against plain Python): "
        + ("the same" if not bad else "DIFFER: " + bad))
    say("menu steps, in order (ms): " + " ".join("%.1f" % st[0] for st in steps))
    say("  each: the press to the loop's cycle / to the drawing / drawn / sent (ms): "
        + " ".join("%s/%.1f/%.1f/%.1f" % ("-" if st[4] is None else "%.1f" % st[4],
                                          st[5], st[1] / 1000, st[2] / 1000)
                   for st in steps))
    steps.sort()
    m, w = steps[len(steps) // 2], steps[-1]
    say("menu step (UP/DOWN) -> last byte on the panel: median %.1f ms, max %.1f ms "
        "(render %.1f ms, flush %.1f ms, %d bytes; the slowest: render %.1f ms, flush "
        "%.1f ms, %d bytes)  goal <= 15 ms"
        % (m[0], w[0], m[1] / 1000, m[2] / 1000, m[3], w[1] / 1000, w[2] / 1000, w[3]))

    # --- each game's first screen after OK, imports included ---
    from pawpad import games
    from pawpad.app.menus.main import PickVariant

    firsts = []
    for i, gid in enumerate(games.IDS):
        got = await _ok_on_row(rig, sc, i, PickVariant(gid) if gid == "pick_a_dog" else None)
        if got is None:
            say("  %s: no frame" % gid)
            continue
        ms, rec = got
        firsts.append(ms)
        say("first screen of %-12s after OK: %6.1f ms (screen %s, render %.1f ms, flush "
            "%.1f ms, %d bytes)  goal <= 120 ms" % (gid, ms, rec[0], rec[1] / 1000,
                                                     rec[2] / 1000, rec[3]))


async def _ok_on_row(rig, sc, row, over=None):
    """OK on the main menu's row `row` (with the screen `over` pushed over the menu
    first, if any), no game open: (ms from the press to the last byte of the first
    frame after it on the panel, that frame), or None when none came."""
    import asyncio

    dev = rig.dev
    _no_game(dev)
    dev.app.nav.top.sel = row
    if over is not None:
        dev.app.nav.push(over)
    dev.app.dirty = True
    await asyncio.sleep_ms(150)
    n0 = len(rig.frames)
    await sc.play("0 ok\n", heap=False)
    t0 = sc.last_press
    if len(rig.frames) <= n0:
        return None
    rec = rig.frames[n0]
    return panel_ms(rig, t0, rec[4], rec[3]), rec


def _copy(src, dst):
    """A file copied a kilobyte at a time (the history is hundreds of KB)."""
    buf = bytearray(1024)
    with open(src, "rb") as a, open(dst, "wb") as b:
        while True:
            n = a.readinto(buf)
            if not n:
                break
            b.write(memoryview(buf)[:n])


async def history_figures(rig, sc, cfg):
    """History opened from the menu, and a game's end, on a 300-game history (the
    budgets: 500 ms and 1 s, the last byte on the panel)."""
    import asyncio

    dev = rig.dev
    app = dev.app
    labels = [label for label, _ in app.nav.top.rows(app)]
    opens = []
    for _ in range(3):
        got = await _ok_on_row(rig, sc, labels.index("History"))
        if got is None:
            say("History: no frame")
            return
        opens.append(got[0])
        rec = got[1]
        say("History opened (OK -> last byte on the panel): %.1f ms (screen %s, render "
            "%.1f ms, flush %.1f ms, %d bytes)" % (opens[-1], rec[0], rec[1] / 1000,
                                                   rec[2] / 1000, rec[3]))
        await sc.play("0 back\n", heap=False)
    say("History opened, a 300-game history: median %.1f ms, max %.1f ms  goal <= 500 ms"
        % (median(opens), max(opens)))
    # A whole scripted game of Top Dogs, ended onto that history: the OK over its
    # results (the game goes into the history and the statistics then, and its log
    # goes) to the main menu's last byte on the panel.
    presses = []
    ended = []
    on_results = []  # the press that ends the game: OK while the results are shown

    def on_press(action, t):
        presses.append(t)
        if action == "ok" and app.screen_name() == "results" and not on_results:
            on_results.append(t)
    sc.press_hook = on_press

    def on_frame(rec):
        if on_results and rec[0] == "menu" and not ended:
            ended.append(rec)
    rig.on_frame = on_frame
    _no_game(dev)
    app.nav.top.sel = 0  # the script counts its rows from the first
    app.dirty = True
    await asyncio.sleep_ms(150)
    await sc.play(cfg["history_game"], heap=False)
    s = app.session
    say("the game played: on %s after %d presses (%s)" % (
        app.screen_name(), len(presses), "no game" if s is None else
        "round %s, %d events, settings %s" % (s.state.get("round"), len(s.events()),
                                              s.state.get("settings"))))
    t0 = time.ticks_ms()
    while not ended and tdiff(time.ticks_ms(), t0) < 60000:
        await asyncio.sleep_ms(50)
    rig.on_frame = None
    sc.press_hook = None
    if not ended:
        say("a game's end onto a 300-game history: no menu after OK on the results within "
            "60 s (the screen: %s, %d presses, OK on the results: %s)"
            % (app.screen_name(), len(presses), "yes" if on_results else "no"))
        return
    rec = ended[0]
    say("a game's end onto a 300-game history (OK on its results -> the menu's last byte "
        "on the panel; the history, the statistics and the log's removal between): "
        "%.1f ms  goal <= 1000 ms" % panel_ms(rig, on_results[0], rec[4], rec[3]))


def _drawn(rec, t0):
    """How a STOP frame came: its render time and when the drawing began, ms after t0
    (rec: screen, draw us, show us, bytes, end us, details shown); None: no frame was
    drawn for it, it went out as made before GO."""
    if rec is None:
        return "made before GO"
    began = tdiff(time.ticks_add(rec[4], -rec[2] - rec[1]), t0)
    return "render %.1f ms from %.1f ms" % (rec[1] / 1000, began / 1000)


def _no_game(dev):
    """The main menu, no game open and none on flash (a game left on flash would be
    offered again before a new one)."""
    from pawpad.store.session import LOG

    if dev.store is not None:
        dev.store.remove(LOG)
    dev.app.close_game()


async def game_figures(rig, sc, cfg, game):
    import asyncio


    dev, hw = rig.dev, rig.hw
    # --- the STOP, inside a whole scripted Pick-a-Dog game; heap during each game ---
    stops = []

    def stop_hook(action, t0):
        if action[0] != "p" or dev.app.screen_name() != "pad-live":
            return
        stops.append([t0, None])

    sc.press_hook = stop_hook
    frames_seen = {}
    all_frames = []

    def on_frame(rec):
        all_frames.append(rec)
        if len(all_frames) > 200:
            del all_frames[:100]
        s = frames_seen.get(rec[0])
        if s is None:
            frames_seen[rec[0]] = [rec[1], rec[2], rec[3], 1]
        else:
            s[0] = max(s[0], rec[1])
            s[1] = max(s[1], rec[2])
            s[2] = max(s[2], rec[3])
            s[3] += 1

    rig.on_frame = on_frame
    stop_rows = []
    orig_hook = stop_hook

    def hook(action, t0):
        orig_hook(action, t0)
        if stops and stops[-1][1] is None:
            stops[-1][1] = (rig.spy.bytes, len(all_frames))

    sc.press_hook = hook

    async def collect_stop():
        # runs after each p-press during a live round: waits for the STOP frames
        t0, (b0, f0) = stops[-1]
        await asyncio.sleep_ms(150)
        # The caller's name: the frame made before GO (sent from the loop's cycle), or
        # else the first STOP frame drawn; the whole STOP screen: the first with details.
        name = whole = None
        for rec in all_frames[f0:]:
            if rec[0] == "pad-stopped" and name is None:
                name = rec
            if rec[0] == "pad-stopped" and whole is None and rec[5]:
                whole = rec
        prep = rig.prep_us
        if prep is not None and tdiff(prep, t0) >= 0:
            nm = rig.spy.panel_at(t0, prep)
            name = None  # no frame drawn for it
        else:
            nm = rig.spy.panel_at(t0, name[4]) if name else (None, 0)
        wh = rig.spy.panel_at(t0, whole[4]) if whole else (None, 0)
        loop = rig.step_after(t0)
        if loop is not None and rig.prep_us is not None:
            loop = "%.1f ms, its tick %.1f ms" % (loop, tdiff(rig.prep_tick, t0) / 1000)
        elif loop is not None:
            loop = "%.1f ms" % loop
        first = rig.spy.first_us
        stop_rows.append((
            rig.edge_us,
            tdiff(first, t0) if first is not None else None,
            nm[0], wh[0], nm[1], wh[1],
            _drawn(name, t0), _drawn(whole, t0), loop))

    heaps = []
    for gname, text in cfg["games"]:
        if gname != game:
            continue
        sc.heap_min = sc.block_min = None
        app = dev.app
        _no_game(dev)
        app.dirty = True
        await asyncio.sleep_ms(150)
        if gname == "pick_a_dog":
            lines = text.split("\n")
            # one STOP collected after each player press
            chunks = []
            cur = []
            for line in lines:
                cur.append(line)
                parts = line.split()
                if len(parts) == 2 and parts[1][0] == "p":
                    chunks.append("\n".join(cur))
                    cur = []
            chunks.append("\n".join(cur))
            for ch in chunks:
                await sc.play(ch + "\n")
                if stops and stops[-1][1] is not None and len(stop_rows) < len(stops):
                    await collect_stop()
        else:
            await sc.play(text)
        if hw.watchdog is not None:
            hw.watchdog.feed()
        heaps.append((gname, sc.heap_min, dev.app.screen_name(), sc.block_min))
    sc.press_hook = None
    for i, r in enumerate(stop_rows):
        say("STOP %d: press -> buzzer pin %s us; -> the loop's cycle %s; -> first panel write "
            "%s ms; -> caller's name on the panel %s ms (%d bytes, %s); -> whole STOP "
            "screen %s ms (%d bytes, %s)" % (
                i + 1, r[0], r[8] or "-",
                "%.1f" % (r[1] / 1000) if r[1] is not None else "-",
                "%.1f" % r[2] if r[2] is not None else "-", r[4], r[6],
                "%.1f" % r[3] if r[3] is not None else "-", r[5], r[7]))
    rows = [r for r in stop_rows if r[2] is not None]
    if rows:
        silent = [r for r in rows if r[0] is None]
        pin = [r[0] for r in rows if r[0] is not None]
        say("STOP press -> buzzer pin sounding:         median %.3f ms, max %.3f ms%s  goal "
            "<= 0.1 ms" % (median(pin) / 1000, max(pin or [0]) / 1000,
                          ", %d SILENT within 3 ms" % len(silent) if silent else ""))
        say("STOP press -> first byte to the panel:     median %.1f ms" % (
            median([r[1] for r in rows if r[1] is not None]) / 1000))
        say("STOP press -> caller's name on the panel:  median %.1f ms, max %.1f ms  goal "
            "<= 8 ms" % (median([r[2] for r in rows]), max(r[2] for r in rows)))
        say("STOP press -> whole STOP screen on panel:  median %.1f ms, max %.1f ms  goal "
            "<= 25 ms" % (median([r[3] for r in rows if r[3]]),
                          max(r[3] for r in rows if r[3])))
    for gname, h, screen, block in heaps:
        say("heap free during a scripted whole %-10s game: min %d B (%.0f KB) + %d B the "
            "benchmark's code holds = %.0f KB, ends on %s  goal >= 140 KB"
            % (gname, h or 0, (h or 0) / 1024, OWN, ((h or 0) + OWN) / 1024, screen))
        say("largest free block during that game: min %.1f KB  goal >= 16 KB"
            % ((block or 0) / 1024))
    say("screens: render (max ms), flush (max ms, bus %s), bytes (max), frames:" % (
        "added" if BUS_FREE else "measured"))
    for name in sorted(frames_seen):
        s = frames_seen[name]
        say("  %-18s render %6.1f  flush %6.1f (+%5.1f bus)  %5d B  x%d" % (
            name, s[0] / 1000, s[1] / 1000, bus_us(s[2]) / 1000, s[2], s[3]))


async def sheet_figures(rig, gname):
    """The score sheet of a 400-event game of the title: the game played
    through the app's own game on /bench_data (its log and the sheet kept as it goes),
    then the sheet opened as the game menu opens it, to the last byte on the panel, a
    page turned, and the heap's largest free block after."""
    import json

    from pawpad import loader
    from pawpad.app.shell.game import Game
    from pawpad.app.shell.sheet_screen import ScoreSheet
    from pawpad.store.records.sheet import SHEET
    from pawpad.store.session import LOG, Session

    dev, hw = rig.dev, rig.hw
    _no_game(dev)
    dev.store.remove(SHEET)
    # The events come a line at a time, as a table keys them: the benchmark holds
    # no copy of the game that the box would not hold.
    with open("bench_sheet_%s.json" % gname) as f:
        players, settings = json.loads(f.readline())
        gc.collect()
        s = Session.new(dev.store, gname, players, settings)
        game = Game(dev.app, s)
        i = 0
        for line in f:
            why = s.offer(json.loads(line), 0)
            if why is not None:
                say("sheet %s: event %d refused: %s" % (gname, i, why))
                break
            i += 1
            loader.collect_while_idle()  # as the loop does between a table's keys, waiting
            if i % 8 == 0:
                s.flush()
                if hw.watchdog is not None:
                    hw.watchdog.feed()
    s.flush()
    n = len(s.timeline.events)
    gc.collect()
    rig.spy.mark()
    t0 = ticks_us()
    sheet = ScoreSheet(game)
    dev.app.nav.push(sheet)
    rig.render(dev.now)
    rec = rig.frames[-1]
    opened = panel_ms(rig, t0, rec[4], rec[3])
    rig.spy.mark()
    t1 = ticks_us()
    sheet.key(dev.app, "up")
    rig.render(dev.now)
    rec = rig.frames[-1]
    turned = panel_ms(rig, t1, rec[4], rec[3])
    block = probe()[1]  # the probe's own trials collected after it, not the sheet's
    say("score sheet of a %d-event %s game (%d rows): open -> last byte on the panel "
        "%.1f ms, a page turned %.1f ms; largest free block after %.1f KB, heap free "
        "%d B  goals <= 1000 ms, >= 16 KB" % (n, gname, len(sheet.sheet), opened,
                                               turned, block / 1024, gc.mem_free()))
    dev.app.nav.pop()
    del sheet, game, s
    dev.app.session = None
    dev.store.remove(LOG)
    dev.store.remove(SHEET)


def replays():
    # --- replaying 300 events (a resume after a power cut does this) ---
    # The events come a line at a time, as a resume reads them from the log: the
    # benchmark holds no list of the game that the box would not hold. The time is the
    # engine's (apply), the lines' parsing left out.
    import json

    for gname in REPLAY:
        mod = __import__("pawpad.games." + gname, None, None, [gname])
        gc.collect()
        spent = n = 0
        with open("bench_replay_%s.json" % gname) as f:
            players, settings = json.loads(f.readline())
            state = mod.start(players, settings)
            for line in f:
                e = json.loads(line)
                t0 = ticks_us()
                state = mod.apply(state, e)
                spent += tdiff(ticks_us(), t0)
                n += 1
        del state
        say("replay %-13s %d events: %.1f ms" % (gname, n, spent / 1000))
    gc.collect()
    say("heap free at the end: %d B" % gc.mem_free())


def run():
    import asyncio

    try:
        asyncio.run(main())
    finally:
        asyncio.new_event_loop()


run()
