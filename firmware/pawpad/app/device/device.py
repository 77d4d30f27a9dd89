# The device: the hardware on one side, the app on the other, and the app's `box`
# (shell/box.py). cycle() is one cycle of the loop: read the buttons, feed the app, play
# sound, redraw what changed; poll_sensors() one look at the stages. The asyncio loop
# (loop.py) and the simulator's scripted mode both drive it, with the time. Each job
# is a part of its own: keys, sound, lights, panel, sensors, the STOP.
from micropython import const

from pawpad.app.device.keys import MENU_KEYS, Keys
from pawpad.app.device.lights import Lights
from pawpad.app.device.panel import Panel
from pawpad.app.device.sensors import Sensors
from pawpad.app.device.sound import Sound
from pawpad.app.device.stop import Stop
from pawpad.app.menus.boot import Boot
from pawpad.app.menus.main import MainMenu
from pawpad.app.shell.app import App
from pawpad.app.shell.box import Box
from pawpad.store import power_on
from pawpad.store.files import Storage
from pawpad.ticks import add, diff
from pawpad.ui.screen import ERROR

IDLE_MS = const(1000)  # the longest sleep: dimming and retries are checked this often


class Device(Box):
    def __init__(self, hw, now_ms):
        self.hw = hw
        self.rules_file = hw.rules_file
        notices = list(hw.problems)
        try:
            self.store = Storage(hw.data_dir)
            settings, messages = self.store.load_settings()
        except OSError as e:
            from pawpad.core.settings import defaults

            self.store = None
            settings, messages = defaults(), ["Flash not usable (%s):" % e, "nothing is saved."]
        notices += messages
        # a clock never set: this power-on's id, for dating its games (store/power_on.py)
        self.power = power_on.begin(self.store) if self.clock() is None else None
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
        self.now = now_ms
        self.last_input = now_ms
        self.on_ack = None  # told how many records are on flash (the simulator's log)
        self.keys = Keys()
        self.sounds = Sound(hw.buzzer, now_ms)
        self.lights = Lights(hw.pixels)
        self.panel = Panel(hw, self._panel_lost)
        self.sensors = Sensors(hw)
        self._on_player = self._player  # bound once: the loop's cycles allocate nothing
        self.player_keys = 0 if hw.players is None else hw.players.count
        self._on_menu = self._menu
        self._inputs = tuple(b for b in (hw.players, hw.menu, hw.encoder) if b is not None)
        self._stepped = False  # a menu key this cycle moved within its screen
        self.stop = Stop(hw, self.panel)
        # What the STOP calls goes straight to the part that does it (a call less on
        # its path, about 15 us a call on a Pico): Box declares them all the same.
        self.sound = self.sounds.play
        self.disarm_stop = self.stop.disarm
        self.send_prepared = self.stop.send
        self.draw_prepared = self.stop.draw
        self.apply_settings(settings)
        info = {"board": hw.name, "reset": hw.reset_cause, "free": hw.free_ram()}
        self.app = App(self, settings, MainMenu, Boot(now_ms), notices, info, now_ms,
                       self.store)
        if notices and hw.buzzer is not None:
            self.sound(ERROR)

    # --- the app's box (shell/box.py) ---
    def light(self, seat, rgb):
        self.lights.set(seat, rgb)

    def light_later(self, seat, rgb, ms):
        self.lights.set_later(add(self.now, ms), seat, rgb)

    def save_settings(self, values):
        if self.store is None:
            return Box.save_settings(self, values)
        return self.store.save_settings(values)

    def apply_settings(self, s):
        hw = self.hw
        if hw.buzzer is not None:
            hw.buzzer.enabled = s["sound"]
            hw.buzzer.volume = s["volume"]
        self.panel.apply(s)
        for b in (hw.players, hw.menu, hw.encoder):
            if b is not None:
                b.set_debounce(s["debounce_ms"])
        self.sensors.apply(s)
        self.settings = s

    def clock(self):
        """The time now as "YYYY-MM-DD HH:MM:SS", or None when it is not known: a Pico
        keeps no time without power and starts at 2021-01-01, until mpremote sets its
        clock (make flash, report, roster and export do, and keep it with a soft
        reset: a hard one starts the clock again from 2021)."""
        try:
            import time

            t = time.localtime()
        except (ImportError, AttributeError, OSError):
            return None
        from pawpad.store.log.schema import stamp

        return stamp(t)

    def power_on(self):
        # asked when clock() said None: the clock was never set this power-on
        if self.power is None:
            return None
        import time

        return self.power, max(0, int(time.time()) - power_on.CLOCK_START)

    def status(self):
        tilt = self.sensors.tilt
        tilt = "missing" if tilt is None else ("tipped" if tilt else "level")
        stuck = self.hw.players.stuck_list() if self.hw.players else []
        return {"stages": self.sensors.stages(), "tilt": tilt,
                "stuck": ",".join(str(i + 1) for i in stuck)}

    def check_fast_panel(self):
        said = self.panel.check_fast(self.settings["fast_panel"])
        self.app.dirty = True
        return said

    @property
    def raw(self):
        return self.sensors.raw

    def stages_pending_since(self):
        return self.sensors.pending_since()

    def stages_still(self, stage):
        return self.sensors.still(stage)

    def stages_told(self, stage, cards):
        self.sensors.told(stage, cards)

    def stages_expect(self, stage, cards):
        self.sensors.expect(stage, cards)

    def stages_pair_ready(self):
        return self.sensors.pair_ready()

    def stages_hands_off(self, stage):
        return self.sensors.hands_off(stage)

    def record(self, on):
        if not on:
            self.sensors.record_stop()
            return None
        return self.sensors.record(self.store)

    def recording(self):
        return self.sensors.recording()

    def arm_stop(self, hz, seats):
        self.stop.arm(hz, seats)

    def prepare_frames(self, draw_base, draws, loose=0):
        return self.stop.prepare(draw_base, draws, loose)

    # --- the loop ---
    def cycle(self, now_ms, now_us):
        """One cycle of the loop; returns how many ms it may sleep before the next."""
        hw, app, keys = self.hw, self.app, self.keys
        self.now = self.sounds.now = now_ms
        app.now_us = now_us
        # The buttons' events go to bound handlers, not through lists: a live round's
        # cycles allocate nothing, so no collection can land in a STOP.
        if hw.players is not None:
            hw.players.each(now_us, self._on_player)
        if hw.menu is not None:
            hw.menu.each(now_us, self._on_menu)
        if hw.encoder is not None:  # its clicks are UP/DOWN, its push OK
            hw.encoder.each(now_us, self._on_menu)
        if self._stepped:
            # A step within a screen (a menu's bar moved): its frame goes first, and the
            # tick, the lights and the buzzer after it (0.4 ms of the step on a Pico).
            # A new screen waits for its first tick, as it always has.
            self._stepped = False
            if app.nav.dirty:
                self.render(now_ms)
        # What follows runs at every cycle, a STOP's too: each part is asked only when
        # it has something to do (a call costs about 15 us on a Pico).
        if keys.repeating is not None:
            k = keys.repeat(now_ms)
            if k is not None:
                self.last_input = now_ms
                app.key(k, now_ms, True)
        if keys.back_down is not None:
            k = keys.held(now_ms)
            if k is not None:
                app.key(k, now_ms)
        app.tick(now_ms)
        lights = self.lights
        if lights.due:
            lights.run_due(now_ms)
        wait = IDLE_MS
        bz = hw.buzzer
        if bz is not None:
            w = bz.update(now_ms)  # the melody carried on
            if w is None and self.sounds.queued is not None:
                w = self.sounds.play_queued()
            if w is not None:
                wait = min(wait, w)
        if not app.live():
            # Never dimmed while a round is live or a stopwatch runs: there a press
            # must act, not only wake the screen.
            self.panel.idle(diff(now_ms, self.last_input), self.settings["dim_after_s"] * 1000)
        if hw.display is None:
            w = self.panel.retry(now_ms, app)
            if w is not None:
                wait = min(wait, w)
        if app.nav.dirty:
            self.render(now_ms)
        self._flush_when_quiet()  # after the screen: a player sees first, flash waits
        if lights.dirty:
            lights.show()
        tick = app.next_tick()
        if tick:
            wait = min(wait, tick)
        for b in self._inputs:
            if b.pending():
                wait = min(wait, b.debounce_ms)
        if lights.due:
            wait = lights.wait(now_ms, wait)
        if keys.repeating is not None or keys.back_down is not None:
            wait = keys.wait(now_ms, wait)
        return wait

    def news(self):
        """Has a button's interrupt taken something the loop has not seen? (The flag's
        question, asked without waiting on it.)"""
        for b in self._inputs:
            if b.news():
                return True
        return False

    def render(self, now_ms):
        self.panel.show(self.app)

    def poll_sensors(self, now_ms):
        """One look at the stages (their own task, 80 times a second at most); returns
        ms until it wants polling again."""
        self.now = self.sounds.now = now_ms
        return self.sensors.poll(self.app, now_ms, self.settings["card_decigrams"])

    def _player(self, seat, pressed, t):
        if pressed:
            now_ms = self.now
            self._woken(now_ms)
            self.app.player(seat, t, now_ms)

    def _menu(self, i, pressed, _t):
        now_ms = self.now
        app = self.app
        woke = pressed and self._woken(now_ms)
        ends = pressed and app.nav.top.ends_on_press  # the splash: the press ends it, no more
        k = self.keys.edge(i, pressed, woke or ends, now_ms)
        if ends:
            k = MENU_KEYS[i]
        if k is not None:
            top = app.nav.top
            app.key(k, now_ms)
            self._stepped = app.nav.top is top

    def _woken(self, now_ms):
        """Any input restores a dimmed or dark screen; returns True if it was so."""
        self.last_input = now_ms
        return self.panel.wake(self.settings["brightness"])

    def _panel_lost(self):
        self.sound(ERROR)

    def _flush_when_quiet(self):
        """Queued game records go to flash now, unless a STOP is armed or the load cells
        are being read: then they wait for the next quiet step."""
        s = self.app.session
        if s is None or not (s.pending or s.later) or self.app.busy():
            return
        was_saving = s.saving
        if s.flush() and self.on_ack is not None:
            self.on_ack(s.acked)
        if was_saving and not s.saving:
            self.app.notify(s.problem + ": this game is no longer saved; play goes on.")
