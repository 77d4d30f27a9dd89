# Runs ON the device (a Pico, or the emulated Pico of tools/rp2emu) as the module
# bench_long_run: `make bench-long` (tools/bench/bench_long_device.py) compiles it with
# mpy-cross for the Pico, copies it to the root of the flash with pawsim/heap.mpy (the
# heap probe, tools/pawsim/heap.py) and calls main(cfg, base) from an exec. It boots the
# real app on the device's own board (main.py's own steps), presses its buttons, plays
# the host's changes of the game, opens the score sheet, the history and the
# statistics, and looks at the heap after every step (pawsim.heap.look); it prints its
# figures as RESULT lines, which the host reads. count_history() and clear() are the
# host's other execs on the device's /data (a session of their own: a fresh heap).
import asyncio
import gc
import io
import json
import sys
import time
from array import array

from machine import mem32

from pawsim.heap import look as heap_look

ticks_us = time.ticks_us
tdiff = time.ticks_diff
FORCE = array("i", [-1])  # buttons whose bit is 0 here read as pressed
MENU = ("up", "down", "ok", "back")
FIG = {"low_free": None, "low_free_at": None, "low_block": None, "low_block_at": None,
       "looks": 0, "errors": [], "notices": [], "order": [], "steps": {}, "ms": {}}
CUR = ["start"]


def levels():
    return mem32[0xD0000004] & FORCE[0]  # SIO GPIO_IN, as board.read_levels


class Failed(Exception):
    pass


def menu_row(label):
    """The main menu's row that `label` names, from the menu's own list."""
    from pawpad.app.registry import labels

    return labels().index(label)


def game_row(game_id):
    from pawpad.app import registry

    return menu_row(registry.title(game_id))


def look(where):
    heap_look(FIG, where)


class Bus:
    """Between the SSD1306 driver and machine.I2C: counts the bytes sent."""

    def __init__(self, i2c):
        self.i2c = i2c
        self.bytes = 0

    def scan(self):
        return self.i2c.scan()

    def writeto(self, addr, buf, stop=True):
        self.bytes += len(buf) + 1
        return self.i2c.writeto(addr, buf, stop)

    def writevto(self, addr, vec, stop=True):
        n = 1
        for v in vec:
            n += len(v)
        self.bytes += n
        return self.i2c.writevto(addr, vec, stop)


class Box:
    """The real app on the device's board, booted as main.py boots it (its own
    functions, in its order: the board, the boot count, the app's modules, main.run
    with its loops under asyncio), with a board whose buttons the benchmark presses and
    whose watchdog stays off."""

    def __init__(self, data_dir, cause):
        # main.py from the flash first, compiled as at a power-on
        import main as boot  # noqa: I001

        import board
        import pins

        self.pins = pins
        hw = board.build(False, levels)  # no watchdog: the host stopped main.py's
        hw.data_dir = data_dir
        hw.reset_cause = cause  # (after make flash's reset the chip says "watchdog")
        self.hw = hw
        disp = hw.display
        if disp is None:
            raise Failed("no display answers on the I2C bus")
        self.bus_hz = pins.I2C_FREQ
        nops = bytearray(b"\x00" + b"\xe3" * 64)  # 0xE3: the SSD1306's no-operation
        t = ticks_us()
        disp.i2c.writeto(disp.addr, nops)
        self.bus_free = tdiff(ticks_us(), t) < 66 * 9 * 1000000 // self.bus_hz // 3
        nops = None
        self.spy = Bus(disp.i2c)
        disp.i2c = self.spy
        store = boot.open_store(hw)
        boot.begin(hw, store)
        from pawpad.app.device import loop as runner
        from pawpad.app.shell import resume as offer

        # The resume timed where the app calls it (the boot's offer, app/shell/resume.py,
        # when the boot's own sliced reading found nothing), and the Device that
        # runner.run makes kept, its frames noted.
        resume = offer.resume
        self.resumes = []

        def timed(store):
            t0 = ticks_us()
            r = resume(store)
            self.resumes.append((t0, ticks_us()))
            return r

        offer.resume = timed
        device = runner.Device
        self.dev = None

        def made(hw, now_ms):
            dev = device(hw, now_ms)
            self._render = dev.render
            dev.render = self.render
            self.dev = dev
            return dev

        runner.Device = made
        self.frames = []  # (screen, end us, bytes), the last few
        self.crash = None
        self.t_boot = ticks_us()
        self.tasks = [asyncio.create_task(self.guard(boot.run(runner, hw, store)))]

    async def guard(self, coro):
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception as e:  # the app's own loop died: what the box would die of
            self.crash = e
            fail(CUR[0] + " (in the app's loop)", e)

    def stop(self):
        for t in self.tasks:
            t.cancel()

    def render(self, now_ms):
        b0 = self.spy.bytes
        self._render(now_ms)
        self.frames.append((self.dev.app.screen_name(), ticks_us(), self.spy.bytes - b0))
        if len(self.frames) > 24:
            del self.frames[:12]

    def bus_us(self, n):
        return n * 9 * 1000000 // self.bus_hz if self.bus_free else 0

    def frame_after(self, t0, name=None):
        """ms from t0 to the first frame (of screen `name`) on the panel after it, the
        bytes' bus time added where the bus takes none; None when there is none."""
        for scr, end, n in self.frames:
            if tdiff(end, t0) > 0 and (name is None or scr == name):
                return (tdiff(end, t0) + self.bus_us(n)) / 1000
        return None

    @property
    def app(self):
        return self.dev.app

    def top(self):
        return self.dev.app.top.name

    def alive(self):
        if self.crash is not None:
            raise Failed("the app's loop stopped on %r" % self.crash)

    async def settle(self, ms=30):
        """Lets the loop run until the screen is drawn and the records are on flash."""
        await asyncio.sleep_ms(ms)
        for _ in range(400):
            self.alive()
            app = self.dev.app
            s = app.session
            hw = self.hw
            if (not app.dirty and not hw.menu.pending() and not hw.players.pending()
                    and (s is None or not s.pending or not s.saving or app.busy())):
                return
            self.hw.flag.set()
            await asyncio.sleep_ms(10)
        raise Failed("the loop did not settle on " + self.top())

    async def until(self, cond, what, ms=15000):
        t0 = time.ticks_ms()
        while not cond():
            self.alive()
            if tdiff(time.ticks_ms(), t0) > ms:
                raise Failed("no %s after %d ms: the screen is %s" % (what, ms, self.top()))
            await asyncio.sleep_ms(20)
        await self.settle()

    async def key(self, name, hold=60):
        """A press of a menu key or a player's button (p1...), released after `hold`
        ms; returns the time of the press."""
        pins, hw = self.pins, self.hw
        if name in MENU:
            btns, gpio = hw.menu, pins.MENU[MENU.index(name)]
        else:
            btns, gpio = hw.players, pins.PLAYERS[int(name[1:]) - 1]
        if self.dev.dimmed:  # the first press only wakes a dimmed screen
            FIG["woken"] = FIG.get("woken", 0) + 1
            await self.key(name, hold)
        t0 = ticks_us()
        FORCE[0] &= ~(1 << gpio)
        btns.irq(None)
        await asyncio.sleep_ms(hold)
        FORCE[0] |= 1 << gpio
        btns.irq(None)
        await self.settle(btns.debounce_ms + 20)
        return t0

    async def notices(self):
        for _ in range(6):
            if self.top() != "notice":
                return
            FIG["notices"].append([CUR[0]] + list(self.app.top.lines))
            await self.key("ok")

    async def to_menu(self):
        for _ in range(16):
            top = self.top()
            if top == "menu":
                return
            if top == "notice":
                await self.notices()
            elif self.app.session is not None and self.app.top is self.app.nav.stack[1]:
                raise Failed("a game is open: " + top)
            else:
                await self.key("back")
        raise Failed("not at the menu: " + self.top())

    async def menu_row(self, row):
        await self.to_menu()
        menu = self.app.top
        for _ in range(12):
            if menu.sel == row:
                break
            await self.key("down" if menu.sel < row else "up")
        return await self.key("ok")

    async def to_game(self):
        """The game's own screen (or its results) on top."""
        for _ in range(12):
            app = self.app
            if app.session is None:
                raise Failed("no game open: " + self.top())
            if app.top is app.nav.stack[1] or self.top() == "results":
                return
            if self.top() == "notice":
                await self.notices()
            else:
                await self.key("back")
        raise Failed("not back at the game: " + self.top())

    async def game_menu(self, label):
        """The game menu's row starting with `label`, chosen with the keys. The menu is
        opened with BACK where the game's screen opens it so (a board, a judging);
        elsewhere (an entry screen, the results) it is put up as BACK would."""
        from pawpad.app.shell.game_menu import GameMenu
        from pawpad.app.shell.scoreboard import GameScreen, Scoreboard

        await self.to_game()
        app = self.app
        base = app.nav.stack[1]
        if app.top is base and isinstance(base, (Scoreboard, GameScreen)):
            await self.key("back")
            FIG.setdefault("menu_by", []).append("BACK")
        else:
            app.nav.push(GameMenu(app.game))
            await self.settle()
            FIG.setdefault("menu_by", []).append("put up over " + app.nav.stack[-2].name)
        gm = app.top
        if gm.name != "game-menu":
            raise Failed("BACK showed " + gm.name)
        i = [n for n in range(len(gm.items)) if gm.items[n].startswith(label)][0]
        for _ in range(len(gm.items)):
            if gm.sel == i:
                break
            await self.key("down")
        return await self.key("ok")


BOX = [None]


def fail(name, e):
    buf = io.StringIO()
    sys.print_exception(e, buf)
    FIG["errors"].append({"step": name, "error": repr(e), "trace": buf.getvalue()})
    print("FAILED at step %r: %r" % (name, e))
    print(buf.getvalue())


async def step(name, fn, *args):
    CUR[0] = name
    t0 = ticks_us()
    try:
        await fn(*args)
    except Exception as e:  # MemoryError among them
        fail(name, e)
    FIG["ms"][name] = tdiff(ticks_us(), t0) // 1000
    look(name)
    s = FIG["steps"][name]
    print("  step %-24s free %6d B, largest block %6d B, %6d ms" % (name, s[0], s[1],
                                                                     FIG["ms"][name]))


# --- the steps ---
async def boot(cfg):
    box = Box(cfg["data"], cfg.get("cause", "power on"))
    BOX[0] = box
    for _ in range(100):
        if box.dev is not None:
            break
        box.alive()
        await asyncio.sleep_ms(10)
    else:
        raise Failed("main.run made no Device")
    await box.settle()


async def resume():
    box = BOX[0]
    await box.until(lambda: box.top() in ("resume", "notice"), "offer of the saved game")
    await box.notices()
    if box.top() != "resume":
        raise Failed("the boot showed " + box.top() + ", not the saved game")
    offer = box.app.top
    if offer.session is None:
        raise Failed("the offer has no game: " + " / ".join(offer.messages))
    if box.resumes:
        t0, t1 = box.resumes[-1]
        FIG["resume_ms"] = tdiff(t1, t0) / 1000
        FIG["offer_ms"] = box.frame_after(t0, "resume")
    FIG["boot_to_offer_ms"] = box.frame_after(box.t_boot, "resume")
    t = await box.key("ok")
    await box.notices()
    if box.app.session is None:
        raise Failed("OK on the offer opened no game: " + box.top())
    FIG["ok_to_game_ms"] = box.frame_after(t)
    FIG["resumed_events"] = len(box.app.session.timeline.events)
    FIG["game_id"] = box.app.session.game_id()


async def play_on(path, every=1):
    """The host's changes, one JSON line each, read one at a time from flash."""
    box = BOX[0]
    pos = 0
    n = 0
    while True:
        with open(path) as f:
            f.seek(pos)
            line = f.readline()
            pos = f.tell()
        if not line.strip():
            break
        a = json.loads(line)
        line = None
        game = box.app.game
        if game is None:
            raise Failed("no game open for change %d: %s" % (n + 1, box.top()))
        if a[0] == "e":
            ok = game.offer(a[1])
        elif a[0] == "undo":
            ok = game.undo()
        else:
            ok = game.redo()
        if not ok:
            raise Failed("change %d refused: %s (%s)" % (n + 1, a, box.app.toast_text))
        a = None
        box.dev.last_input = box.dev.now  # a change comes from a key on the box
        box.hw.flag.set()
        await box.settle()
        n += 1
        if n % every == 0:
            look(CUR[0])
    FIG["played"] = n
    FIG["events"] = len(box.app.session.timeline.events)


async def score_sheet():
    box = BOX[0]
    await box.game_menu("Score sheet")
    if box.top() != "score-sheet":
        raise Failed("Score sheet showed " + box.top())
    sheet = box.app.top
    FIG["sheet_rows"] = len(sheet.sheet)
    FIG["sheet_too_long"] = sheet.too_long
    for k in ("up", "up", "up", "down"):
        await box.key(k)
    look(CUR[0])
    await box.key("back")


async def end_game():
    """OK on the results when the game is over, else the game menu's End game; the
    history and the statistics are written. A notice then is a failure."""
    box = BOX[0]
    await box.to_game()
    FIG["new_id"] = box.app.session.game_id()
    if box.top() == "results":
        t = await box.key("ok")
        FIG["ended_by"] = "OK on its results"
    else:
        await box.game_menu("End game")
        if box.top() != "end-game":
            raise Failed("End game showed " + box.top())
        t = await box.key("ok")
        FIG["ended_by"] = "End game"
    FIG["end_ms"] = box.frame_after(t)
    if box.app.session is not None:
        raise Failed("the game did not end: " + box.top())
    if box.top() == "notice":
        lines = list(box.app.top.lines)
        await box.notices()
        raise Failed("the end said: " + " / ".join(lines))


async def to_menu():
    box = BOX[0]
    await box.until(lambda: box.top() in ("menu", "notice"), "main menu")
    await box.to_menu()


async def history(key, open_row=3):
    box = BOX[0]
    t = await box.menu_row(menu_row("History"))
    h = box.app.top
    if h.name != "history":
        raise Failed("the History row showed " + h.name)
    FIG[key + "_open_ms"] = box.frame_after(t)
    n = len(h.rows(box.app))
    FIG[key + "_rows"] = n
    FIG[key + "_records"] = h.count
    for i in range(n):  # down through every game, to the first again
        await box.key("down")
        if i % 10 == 9:
            look(CUR[0])
    for _ in range(open_row):
        await box.key("down")
    t = await box.key("ok")
    if box.top() != "notice":
        raise Failed("OK on a game showed " + box.top())
    FIG[key + "_game_ms"] = box.frame_after(t)
    look(CUR[0])
    await box.key("down")
    await box.key("back")
    await box.key("back")


async def statistics():
    box = BOX[0]
    await box.menu_row(menu_row("Statistics"))
    if box.top() != "statistics":
        raise Failed("the Statistics row showed " + box.top())
    n = len(box.app.top.lines(box.app))
    FIG["statistics_lines"] = n
    for _ in range(n):
        await box.key("down")
    await box.key("back")


async def new_game(title):
    box = BOX[0]
    await box.menu_row(game_row(title))
    if box.top() == "setup":
        await box.key("ok")  # Start game, with the house rules as they are
    if box.top() == "who-starts":
        await box.key("ok")  # the first seat starts
    await box.notices()
    if box.app.session is None:
        raise Failed("no game began: " + box.top())


async def run(cfg):
    look("start")
    await step("boot", boot, cfg)
    if BOX[0] is None:
        return
    box = BOX[0]
    if cfg["part"] == "game":
        await step("resume", resume)
        await step("play on", play_on, cfg["actions"])
        await step("score sheet", score_sheet)
        await step("end", end_game)
    else:
        await step("at the menu", to_menu)
        await step("history, %d games" % cfg["games"], history, "history_before")
        await step("statistics", statistics)
        await step("new game", new_game, cfg["title"])
        await step("play on", play_on, cfg["actions"])
        await step("end onto the history", end_game)
        await step("history after", history, "history_after", 0)
    box.stop()


def main(cfg, base=None):
    gc.collect()
    FIG["own"] = gc.mem_alloc() - base if base is not None else None
    FIG["free_at_start"] = gc.mem_free()
    try:
        asyncio.run(run(cfg))
    except Exception as e:
        fail(CUR[0] + " (the benchmark)", e)
    finally:
        asyncio.new_event_loop()
    box = BOX[0]
    FIG["bus_free"] = box.bus_free if box is not None else None
    BOX[0] = box = None  # the app's objects go: the figures are printed in its room
    gc.collect()
    for k in FIG:  # a line a figure: no one long string in a heap that may be in bits
        if k == "errors":
            for e in FIG[k]:
                print("RESULT+ errors", json.dumps(e))
        else:
            print("RESULT", k, json.dumps(FIG[k]))
    print("RESULT end 1")


# --- the host's other execs (each in a session of its own) ---
def clear(actions, players):
    """An empty /data but a settings.json of `players`, and the actions file gone."""
    import os

    try:
        os.mkdir("/data")
    except OSError:
        pass
    for n in os.listdir("/data"):
        os.remove("/data/" + n)
    try:
        os.remove(actions)
    except OSError:
        pass
    with open("/data/settings.json", "w") as f:
        f.write('{"players": %d}' % players)
    print("cleared")


def count_history():
    """Prints the records in /data/history.log and the last one's id."""
    n = 0
    last = ""
    try:
        with open("/data/history.log") as f:
            for line in f:
                if line.strip():
                    n += 1
                    last = line
    except OSError:
        pass
    i = last.find('"id": "')
    print("HISTORY", n, last[i + 7:last.find('"', i + 7)] if i >= 0 else "-")
