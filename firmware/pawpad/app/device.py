# The device: hardware on one side, the app shell on the other. step() is one turn of
# the loop: read the buttons, feed the app, play sound, redraw what changed. The
# asyncio runner and the simulator's scripted mode both drive it, with the time.
from pawpad.app.screen import CLICK, ERROR, PRESS
from pawpad.app.shell import App
from pawpad.app.storage import Storage
from pawpad.core.stagesense import StageSense
from pawpad.drivers.hx711 import SensorError
from pawpad.ticks import add, diff
from pawpad.ui.canvas import Canvas

MENU_KEYS = ("up", "down", "ok", "back")
_DOWN = 1
_BACK = 3
REPEAT_FIRST_MS = 400  # UP or DOWN held this long starts repeating...
REPEAT_FASTEST_MS = 40  # ... a quarter faster each time, down to this
HOLD_MS = 800  # BACK held this long is UNDO
IDLE_MS = 1000  # the longest sleep: dimming and retries are checked this often
DIM_CONTRAST = 8
DARK_FACTOR = 10
SENSOR_RETRY_MS = 5000
SENSOR_MS = 12  # the HX711 at 80 Hz has a sample every 12.5 ms
IDLE_SENSOR_MS = 250  # how often to look whether a screen wants the stages
DISPLAY_RETRY_MS = 2000


class Device:
    def __init__(self, hw, now_ms):
        self.hw = hw
        notices = list(hw.problems)
        try:
            self.store = Storage(hw.data_dir)
            settings, messages = self.store.load_settings()
        except OSError as e:
            from pawpad.core.settings import defaults

            self.store = None
            settings, messages = defaults(), ["Flash not usable (%s):" % e, "nothing is saved."]
        notices += messages
        if hw.reset_cause == "watchdog":
            notices.append("Pawpad hung and was restarted by its watchdog.")
        elif hw.reset_cause == "crash":
            notices.append("Pawpad stopped on an error and was restarted.")
        if hw.players is not None and hw.players.stuck:
            seats = ", ".join(str(i + 1) for i in hw.players.stuck_list())
            notices.append("Button held at start:")
            notices.append("seat " + seats + " ignored until")
            notices.append("it is let go.")
        for line in notices:
            print("pawpad:", line)
        self._whole = False  # the buzzer plays a melody that is not to be cut
        self._queued = None  # the sound that waits for it
        self.canvas = Canvas(hw.display.buffer if hw.display else None)
        self.now = now_ms
        self.last_input = now_ms
        self._back_down = None  # when BACK went down, while it is held
        self._repeat = None  # [key, next repeat due, interval] while UP/DOWN is held
        self._swallow = None  # the button whose press only woke the screen
        self.on_ack = None  # told how many records are on flash (the simulator's log)
        self.dimmed = False
        self.dark = False  # the display switched off after a long idle
        self._later = []  # [(due_ms, seat, rgb)] lights to change later
        self._lights_dirty = False
        self._display_retry = None
        n = len(hw.scales)
        self.sense = None  # both stages and the tilt, made when a screen starts weighing
        self._recorder = None  # (Recorder, file, name) while the hardware check records
        self.grams = [None] * n
        self.raw = [None] * n  # the last raw reading of each load cell (calibration)
        self._scale_retry = [None] * n  # when to try a silent load cell again
        self._tared = [False] * n
        self._scale_missing = [False] * n  # told already: not again at each retry
        self._scale_seen = [False] * n  # answered since power-on (else: none fitted)
        self._sensing = None  # None at first: the load cells' state is not known yet
        self._restart = True
        self.tilt = None if hw.tilt is None else hw.tilt.tipped
        self._bus_fast = None  # the panel's clock is set by the first apply_settings
        self.apply_settings(settings)
        info = {"board": hw.name, "reset": hw.reset_cause, "free": hw.free_ram()}
        self.app = App(self, settings, notices, info, now_ms, self.store)
        if notices and hw.buzzer is not None:
            self.sound(ERROR)

    # --- what the app may ask of the hardware ("out") ---
    def sound(self, notes, urgent=False):
        """Plays `notes`. A melody always plays whole (a STOP's tone is never cut by
        an error tone or a key's click): what comes while one plays waits for its end;
        a click then is dropped. An urgent sound (the STOP) plays at once."""
        bz = self.hw.buzzer
        if bz is None:
            return
        if bz.playing and self._whole and not urgent:
            if notes not in (CLICK, PRESS):
                self._queued = notes
            return
        bz.play(notes, self.now)
        self._whole = notes not in (CLICK, PRESS)

    def light(self, seat, rgb):
        px = self.hw.pixels
        if px is not None and seat < px.count:
            px.set(seat, rgb)
            self._lights_dirty = True

    def light_later(self, seat, rgb, ms):
        self._later.append((add(self.now, ms), seat, rgb))

    def save_settings(self, values):
        if self.store is None:
            return "Flash not usable: not saved"
        return self.store.save_settings(values)

    def apply_settings(self, s):
        hw = self.hw
        if hw.buzzer is not None:
            hw.buzzer.enabled = s["sound"]
            hw.buzzer.volume = s["volume"]
        if hw.display is not None and not self.dimmed:
            self._display_call(hw.display.contrast, s["brightness"])
        if hw.set_bus_fast is not None and s["fast_panel"] != self._bus_fast:
            hw.set_bus_fast(s["fast_panel"])
            self._bus_fast = s["fast_panel"]
        for b in (hw.players, hw.menu, hw.encoder):
            if b is not None:
                b.set_debounce(s["debounce_ms"])
        for scale in hw.scales:
            if scale is not None:
                scale.per_gram = s["counts_per_gram"]
        self._restart = True  # the next weighing starts afresh, with the card weight
        self.settings = s

    def date(self):
        """Today as YYYY-MM-DD, or None when the clock was never set (a Pico keeps
        no time without power: mpremote sets it when it connects)."""
        try:
            import time

            y, m, d = time.localtime()[:3]
        except (ImportError, AttributeError, OSError):
            return None
        return "%04d-%02d-%02d" % (y, m, d) if y >= 2025 else None

    def status(self):
        stages = []
        for i, g in enumerate(self.grams):
            if self.hw.scales[i] is None or self._scale_missing[i]:
                stages.append("missing")
            else:
                stages.append("-" if g is None else "%dg" % int(g))
        tilt = "missing" if self.tilt is None else ("tipped" if self.tilt else "level")
        stuck = self.hw.players.stuck_list() if self.hw.players else []
        return {"stages": stages, "tilt": tilt,
                "stuck": ",".join(str(i + 1) for i in stuck)}

    # --- the loop ---
    def step(self, now_ms, now_us):
        """One turn of the loop; returns how many ms it may sleep before the next."""
        hw, app = self.hw, self.app
        self.now = now_ms
        app.now_us = now_us
        if hw.players is not None:
            for seat, pressed, t in hw.players.poll(now_us):
                if pressed:
                    self._woken(now_ms)
                    app.player(seat, t, now_ms)
        for keys in (hw.menu, hw.encoder):  # the encoder's clicks are UP/DOWN, its push OK
            if keys is not None:
                for i, pressed, _t in keys.poll(now_us):
                    self._menu_key(i, pressed, now_ms)
        rep = self._repeat
        if rep is not None and diff(now_ms, rep[1]) >= 0:
            rep[2] = max(REPEAT_FASTEST_MS, rep[2] * 3 // 4)
            rep[1] = add(now_ms, rep[2])
            self.last_input = now_ms
            app.key(MENU_KEYS[rep[0]], now_ms, True)
        if self._back_down is not None and diff(now_ms, self._back_down) >= HOLD_MS:
            self._back_down = None
            app.key("undo", now_ms)
        app.tick(now_ms)
        self._run_later(now_ms)
        wait = IDLE_MS
        if hw.buzzer is not None:
            w = hw.buzzer.update(now_ms)
            if w is None and self._queued is not None:
                notes, self._queued = self._queued, None
                self.sound(notes)
                w = hw.buzzer.update(now_ms)
            if w is not None:
                wait = min(wait, w)
        self._dim(now_ms)
        if hw.display is None and hw.reinit_display is not None:
            self._retry_display(now_ms)
            wait = min(wait, DISPLAY_RETRY_MS)
        if app.dirty:
            self.render(now_ms)
        self._flush_when_quiet()  # after the screen: a player sees first, flash waits
        if self._lights_dirty and hw.pixels is not None:
            hw.pixels.show()
            self._lights_dirty = False
        tick = app.next_tick()
        if tick:
            wait = min(wait, tick)
        for b in (hw.players, hw.menu, hw.encoder):
            if b is not None and b.pending():
                wait = min(wait, b.debounce_ms)
        for due, _, _ in self._later:
            wait = min(wait, max(0, diff(due, now_ms)))
        if self._back_down is not None:
            wait = min(wait, max(1, HOLD_MS - diff(now_ms, self._back_down)))
        if self._repeat is not None:
            wait = min(wait, max(1, diff(self._repeat[1], now_ms)))
        return wait

    def _flush_when_quiet(self):
        """Queued game records go to flash now, unless a STOP is armed or the load cells
        are being read: then they wait for the next quiet step."""
        s = self.app.session
        if s is None or not s.pending or self.app.busy():
            return
        was_saving = s.saving
        if s.flush() and self.on_ack is not None:
            self.on_ack(s.acked)
        if was_saving and not s.saving:
            self.app.notify(s.problem + ": this game is no longer saved; play goes on.")

    def _menu_key(self, i, pressed, now_ms):
        """UP, DOWN and OK act when pressed. BACK acts when let go, or as UNDO once held
        for HOLD_MS. A press that wakes a dimmed screen does nothing else."""
        if pressed:
            if self._woken(now_ms):
                self._swallow = i
            elif i == _BACK:
                self._back_down = now_ms
            else:
                self.app.key(MENU_KEYS[i], now_ms)
                if i <= _DOWN:  # held, UP and DOWN repeat, faster and faster
                    self._repeat = [i, add(now_ms, REPEAT_FIRST_MS), REPEAT_FIRST_MS]
            return
        if self._repeat is not None and self._repeat[0] == i:
            self._repeat = None
        if self._swallow == i:
            self._swallow = None
        elif i == _BACK and self._back_down is not None:
            self._back_down = None
            self.app.key("back", now_ms)

    def _woken(self, now_ms):
        """Any input restores a dimmed or dark screen; returns True if it was so."""
        self.last_input = now_ms
        if not self.dimmed:
            return False
        disp = self.hw.display
        if disp is not None:
            if self.dark:
                self._display_call(disp.power, True)
            self._display_call(disp.contrast, self.settings["brightness"])
        self.dimmed = self.dark = False
        return True

    def _dim(self, now_ms):
        """After dim_after_s without input the screen dims; after DARK_FACTOR times
        that it goes off (an OLED left lit wears). Never while a round is live or a
        stopwatch runs: there a press must act, not only wake the screen."""
        disp = self.hw.display
        if disp is None or self.dark or self.app.live():
            return
        idle = diff(now_ms, self.last_input)
        dim_ms = self.settings["dim_after_s"] * 1000
        if not self.dimmed and idle >= dim_ms:
            self.dimmed = True
            self._display_call(disp.contrast, DIM_CONTRAST)
        if idle >= dim_ms * DARK_FACTOR:
            self.dark = True
            self._display_call(disp.power, False)

    def _run_later(self, now_ms):
        keep = []
        for item in self._later:
            if diff(now_ms, item[0]) >= 0:
                self.light(item[1], item[2])
            else:
                keep.append(item)
        self._later = keep

    def render(self, now_ms):
        self.app.draw(self.canvas)
        disp = self.hw.display
        if disp is not None:
            self._display_call(disp.show)

    def _display_call(self, fn, *args):
        """fn(*args)'s result; None when the display stopped answering."""
        try:
            return fn(*args)
        except OSError:
            # The cable came loose: keep going without a screen, try again later.
            print("pawpad: display stopped answering")
            self.hw.display = None
            self._display_retry = None
            self.sound(ERROR)

    def _retry_display(self, now_ms):
        if self.hw.reinit_display is None:
            return
        if self._display_retry is not None and diff(now_ms, self._display_retry) < 0:
            return
        self._display_retry = add(now_ms, DISPLAY_RETRY_MS)
        disp = self.hw.reinit_display()
        if disp is not None:
            self.hw.display = disp
            self.canvas = Canvas(disp.buffer)
            self.app.dirty = True
            print("pawpad: display back")

    # --- stage sensors (polled by their own task, 80 times a second at most) ---
    def sensing(self):
        """Does the screen want the stages weighed? (Only Circus Puppy and the hardware
        check do: a box without stages is never bothered about missing load cells.)"""
        return self.app.top.sensing

    def poll_sensors(self, now_ms):
        """Returns ms until it wants polling again."""
        hw = self.hw
        self.now = now_ms
        if not self.sensing():
            self._record_stop()  # the hardware check was left
            if self._sensing is not False:
                # Nobody weighs: the HX711s sleep (about 1.5 mA each saved).
                for scale in hw.scales:
                    if scale is not None:
                        scale.power_down()
                self._sensing = False
            return IDLE_SENSOR_MS
        if not self._sensing or self._restart:
            # The stages may have changed while nobody watched: start from what they
            # weigh now, not from what they weighed then.
            if not self._sensing:
                for scale in hw.scales:
                    if scale is not None:
                        scale.power_up(now_ms)
            self._sensing = True
            self._restart = False
            self._tared = [False] * len(hw.scales)
            card = self.settings["card_decigrams"] / 10
            self.sense = StageSense(card, len(hw.scales))
        for i, scale in enumerate(hw.scales):
            if scale is None:
                continue
            retry = self._scale_retry[i]
            if retry is not None:
                if diff(now_ms, retry) < 0:
                    continue
                self._scale_retry[i] = None
                scale.power_up(now_ms)
            try:
                raw = scale.poll(now_ms)
            except SensorError as e:
                self._scale_retry[i] = add(now_ms, SENSOR_RETRY_MS)
                self.grams[i] = None
                # Said once, and only of a load cell that answered before (a cable
                # come loose): a box without load cells is never interrupted about
                # them; the hardware check shows them missing.
                if not self._scale_missing[i] and self._scale_seen[i]:
                    print("pawpad:", e)
                    if self.app.session is not None:
                        self.app.toast(str(e))  # in a game: say it, do not stop it
                    else:
                        self.app.notify(str(e) + "; retrying.")
                self._scale_missing[i] = True
                continue
            if raw is None:
                continue
            self._scale_missing[i] = False  # it answers again
            self._scale_seen[i] = True
            if not self._tared[i]:
                scale.offset = raw  # what stands on the stage at start reads as zero
                self._tared[i] = True
            self.raw[i] = raw
            g = scale.grams(raw)
            self.grams[i] = g
            if self._recorder is not None:
                self._recorder[0].add(now_ms, i, g)
            for ev in self.sense.feed(i, now_ms, g):
                self.app.stage(ev, now_ms)
        if hw.tilt is not None:
            tipped = hw.tilt.poll(now_ms)
            if tipped is not None:
                self.tilt = tipped
                for ev in self.sense.tilt(now_ms, tipped):
                    self.app.stage(ev, now_ms)
        for ev in self.sense.poll(now_ms):  # a tip no stage explained, in time
            self.app.stage(ev, now_ms)
        rec = self._recorder
        if rec is not None and rec[0].due():
            try:
                rec[0].flush(rec[1].write)  # between two samples: the HX711 waits
            except OSError:
                self._record_stop()
        return SENSOR_MS

    # --- the STOP, made fast: the tone from the interrupt, the frames ready to send ---
    def arm_stop(self, hz, seats):
        """Until disarmed, the first press of one of `seats` starts the tone of hz in
        the button interrupt itself."""
        hw = self.hw
        if hw.buzzer is not None and hw.players is not None:
            hw.buzzer.arm(hz)
            hw.players.arm(hw.buzzer.fire, seats)

    def disarm_stop(self):
        hw = self.hw
        if hw.buzzer is not None:
            hw.buzzer.disarm()
        if hw.players is not None:
            hw.players.disarm()

    def prepare_frames(self, draw_base, draws):
        """{key: writes ready to send} for the frames draws[key] would draw over the
        frame draw_base draws ({} without a display)."""
        disp = self.hw.display
        if disp is None:
            return {}
        from pawpad.ui.prepared import prepare_frames

        return prepare_frames(disp, draw_base, draws)

    def send_prepared(self, prep):
        """Puts prepared writes on the bus at once (nothing if the panel changed);
        returns True when they went out."""
        disp = self.hw.display
        if disp is None or prep is None:
            return False
        sent = self._display_call(disp.send_prepared, prep)
        return sent is not None and sent >= 0

    def draw_prepared(self, prep, c):
        """Draws on canvas c the frame `prep` makes (what the panel shows once it is
        sent); False, drawing nothing, when there is no such frame."""
        if prep is None or prep.base is None:
            return False
        prep.frame_into(c.buf)
        return True

    # --- the hardware check: does the panel keep up at 1 MHz? ---
    def check_fast_panel(self):
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
        hw.set_bus_fast(self.settings["fast_panel"])
        self._bus_fast = self.settings["fast_panel"]
        disp.invalidate()  # the next frame goes whole, at the setting's clock
        self.app.dirty = True
        return said

    # --- "Record" in the hardware check: the stages' samples as CSV on flash ---
    def record(self, on):
        """Starts (on) or stops recording; returns None, or why it cannot."""
        if not on:
            self._record_stop()
            return None
        if self.store is None:
            return "Flash not usable"
        from pawpad.core import stagerec

        n = 1
        while self.store.exists("stages-%d.csv" % n):
            n += 1
        name = "stages-%d.csv" % n
        try:
            f = open(self.store.path(name), "wb")
            f.write(stagerec.HEADER.encode())
        except OSError as e:
            return "Not recorded (%s)" % e
        self._recorder = (stagerec.Recorder(2048, len(self.hw.scales)), f, name)
        return None

    def recording(self):
        """Samples recorded so far, or None when not recording."""
        return None if self._recorder is None else self._recorder[0].count

    def _record_stop(self):
        if self._recorder is None:
            return
        rec, f, name = self._recorder
        self._recorder = None
        try:
            rec.flush(f.write)
            f.close()
        except OSError:
            pass
        print("pawpad: %s: %d samples, %d dropped" % (name, rec.count, rec.dropped))

    def stages_pending_since(self):
        """When a change on the stages began that is not settled yet, or None: the
        5-second rule waits for it (a fall is reported a little after it began)."""
        if self.sense is None or not self._sensing:
            return None
        return self.sense.pending_since()
