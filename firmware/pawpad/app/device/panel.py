# The OLED panel: frames out, dimmed and then off when nobody plays (an OLED left lit
# wears), woken by any input, and a panel that stops answering is done without and
# tried again. The hardware check's 1 MHz test is here too.
from micropython import const

from pawpad.ticks import add, diff
from pawpad.ui.canvas import Canvas

DIM_CONTRAST = const(8)
DARK_FACTOR = const(10)  # off after this many times the dimming's wait
RETRY_MS = const(2000)


class Panel:
    def __init__(self, hw, lost):
        self.hw = hw  # hw.display is the panel, or None while it does not answer
        self._lost = lost  # called when the panel stops answering (the error tone)
        self.canvas = Canvas(hw.display.buffer if hw.display else None)
        self.dimmed = False
        self.dark = False  # switched off after a long idle
        self._retry = None  # when to try a silent panel again
        self._fast = None  # the bus clock set last (the settings' first apply sets it)
        # The panel stopped answering at 1 MHz: 400 kHz until the next power-on, whatever
        # the setting says (a module that cannot keep up still shows every frame).
        self.slow_only = False

    def call(self, fn, arg=None):
        """fn(arg)'s result (fn()'s without one); None when the display stopped
        answering. One argument, not *args: the STOP's frame goes out with no tuple
        made."""
        try:
            return fn() if arg is None else fn(arg)
        except OSError:
            self._gone()

    def send_prepared(self, prep):
        """The display's send_prepared(prep), called on it (a bound method taken as a
        value would be an object made on the STOP's path); None when it stopped
        answering."""
        try:
            return self.hw.display.send_prepared(prep)
        except OSError:
            self._gone()

    def _gone(self):
        hw = self.hw
        if self._fast and hw.set_bus_fast is not None:
            # Silent at 1 MHz: most likely a module that does not keep up (the SSD1306
            # is rated for 400 kHz). The bus goes back to 400 kHz and the next frame
            # goes whole; a panel silent at 400 kHz too is then a loose cable.
            print("pawpad: display silent at 1 MHz; the bus goes on at 400 kHz")
            self.slow_only = True
            self._fast = False
            hw.set_bus_fast(False)
            if hw.display is not None:
                hw.display.invalidate()
            return
        # The cable came loose: keep going without a screen, try again later.
        print("pawpad: display stopped answering")
        self.hw.display = None
        self._retry = None
        self._lost()

    def apply(self, settings):
        """The brightness and the bus clock the settings say."""
        hw = self.hw
        if hw.display is not None and not self.dimmed:
            self.call(hw.display.contrast, settings["brightness"])
        fast = settings["fast_panel"] and not self.slow_only
        if hw.set_bus_fast is not None and fast != self._fast:
            hw.set_bus_fast(fast)
            self._fast = fast

    def show(self, app):
        """The app's screen, drawn and sent."""
        app.draw(self.canvas)
        if self._send(self.hw.display):
            self._send(self.hw.display)  # again at 400 kHz: 1 MHz went unanswered

    def _send(self, disp):
        """Sends the frame; True when it should go again (the bus fell back to 400 kHz)."""
        if disp is None:
            return False
        try:  # called on it: a bound method taken as a value would be an object
            disp.show()  # made at every frame, a live round's clock among them
            return False
        except OSError:
            fast = self._fast
            self._gone()
            return bool(fast) and self.hw.display is not None

    def wake(self, brightness):
        """Any input restores a dimmed or dark panel; True if it was so."""
        if not self.dimmed:
            return False
        disp = self.hw.display
        if disp is not None:
            if self.dark:
                self.call(disp.power, True)
            self.call(disp.contrast, brightness)
        self.dimmed = self.dark = False
        return True

    def idle(self, idle_ms, dim_ms):
        """Dims after dim_ms without input, and goes off after DARK_FACTOR times that."""
        disp = self.hw.display
        if disp is None or self.dark:
            return
        if not self.dimmed and idle_ms >= dim_ms:
            self.dimmed = True
            self.call(disp.contrast, DIM_CONTRAST)
        if idle_ms >= dim_ms * DARK_FACTOR:
            self.dark = True
            self.call(disp.power, False)

    def retry(self, now_ms, app):
        """A silent panel tried again every RETRY_MS; ms until the next try, or None
        while the panel answers (or the board cannot make it again)."""
        hw = self.hw
        if hw.display is not None or hw.reinit_display is None:
            return None
        if self._retry is None or diff(now_ms, self._retry) >= 0:
            self._retry = add(now_ms, RETRY_MS)
            disp = hw.reinit_display()
            if disp is not None:
                hw.display = disp
                self.canvas = Canvas(disp.buffer)
                app.dirty = True
                print("pawpad: display back")
        return RETRY_MS

    def check_fast(self, fast_setting):
        """Sends the whole frame at 1 MHz, timed where there is a clock, then puts
        the bus back on the setting's clock. Returns what the check shows: "ok" and
        the frame's time (about 9 ms on a real bus), "no answer" (the panel stopped
        acknowledging: it does not take 1 MHz), or "-" (no display, or a board that
        cannot change the clock). An unreadable picture after it also says no."""
        hw = self.hw
        disp = hw.display
        if disp is None or hw.set_bus_fast is None:
            return "-"
        try:
            from time import ticks_us  # MicroPython
        except ImportError:
            ticks_us = None  # CPython, in tests: acknowledged or not, untimed
        hw.set_bus_fast(True)
        took = None
        try:
            t0 = ticks_us() if ticks_us else 0
            disp.resend()
            if ticks_us:
                took = diff(ticks_us(), t0)
            said = "ok" if took is None else "ok %d.%dms" % (took // 1000, took % 1000 // 100)
        except OSError:
            said = "no answer"
        self.slow_only = said == "no answer"  # else the setting decides again
        fast = fast_setting and not self.slow_only
        hw.set_bus_fast(fast)
        self._fast = fast
        disp.invalidate()  # the next frame goes whole, at the setting's clock
        return said
