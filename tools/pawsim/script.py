# Headless mode of the simulator: a file of timed events in, PNG screens and a text log
# out. Time is virtual and moves in 10 ms steps, so a script plays the same every run
# and takes no wall-clock time. Tests use it to play through the menus.
#
# One event per line: `<t_ms> <action> [args]`, `#` starts a comment.
#   up | down | ok | back      menu button, released 80 ms later
#   p1 .. p8                   player button, released 80 ms later
#   p1+p3+p5                   buttons pressed in the same instant (a tie), released
#                              together 80 ms later; any buttons: ok+back
#   hold p3 | let p3           press or release a button and keep it so (hold back:
#                              held for 800 ms, BACK undoes); hold p1+p3 also
#   turn 3 | turn -2           the rotary encoder's knob, clicks clockwise (negative:
#                              the other way); clockwise is DOWN
#   push                       the encoder's push button (OK), released 80 ms later
#   add 1 2 | remove 2 1       put dogs on (take them off) stage 1 or 2
#   rest 1 4.0 | rest 1 0      a finger resting on stage 1 with 4 g (0: lifted)
#   tip | level                the tilt switch
#   snap NAME [SCREEN]         save the screen as NAME.png in the out folder (and stop
#                              with an error unless the app shows the screen SCREEN)
#   unplug display | plug display | unplug cells
#   goto LABEL                 the cursor of the list on screen to the row LABEL ("goto
#                              Check hardware"), by UP or DOWN presses (the fewer), one
#                              every GOTO_MS. Written as one press: each press after the
#                              first puts every later event GOTO_MS later, so a script
#                              never counts rows (a new game shifts none of it)
#   end                        stop at this time (else 200 ms after the last event)
import pins

from pawsim.png import write_panel_png

STEP_MS = 10
SENSOR_MS = 12
PRESS_MS = 80
GOTO_MS = 100  # a goto's presses, one every 100 ms: pressed 80 ms, released 20 ms
MENU = {"up": 0, "down": 1, "ok": 2, "back": 3}


def button_gpios(spec):
    """The GPIOs of "ok", "p3", "push" or of several joined by "+" ("p1+p3")."""
    gpios = []
    for name in spec.split("+"):
        if name in MENU:
            gpios.append(pins.MENU[MENU[name]])
        elif name == "push":
            gpios.append(pins.ENCODER[2])
        elif name[:1] == "p" and name[1:].isdigit() and 1 <= int(name[1:]) <= 8:
            gpios.append(pins.PLAYERS[int(name[1:]) - 1])
        else:
            raise ValueError("no button " + name)
    return gpios


def is_buttons(action):
    return action in MENU or action == "push" or "+" in action or (
        action[:1] == "p" and action[1:].isdigit())


def parse(text):
    """The events of a whole script's text, as a list."""
    return list(parse_lines(text.split("\n")))


def parse_lines(lines):
    """Events from lines (a file: read as played, so a long script costs no RAM)."""
    n = 0
    for line in lines:
        n += 1
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        try:
            t = int(parts[0])
        except ValueError:
            raise ValueError("line %d: a time in ms comes first" % n)
        if len(parts) < 2:
            raise ValueError("line %d: no action" % n)
        yield (t, parts[1], parts[2:])


class Player:
    """Plays a parsed script against a device; collects the log."""

    def __init__(self, world, hw, device_factory, out_dir, sink=None):
        self.world = world
        self.hw = hw
        self.out_dir = out_dir
        self.clock = world.clock
        self.t = 0
        self.releases = []  # [(t_ms, gpios)]: buttons to let go then
        self.later = 0  # ms every event comes after its script's time (goto's presses)
        self.log = []
        self.sink = sink  # takes each log line instead of self.log (the headless CLI)
        self.shots = []
        self.dev = device_factory(hw, self.clock.ms())
        self._screen = None
        self._hz = 0
        self._next_sensor = 0
        self._observe()

    def say(self, what):
        line = "%6d %s" % (self.t, what)
        if self.sink is None:
            self.log.append(line)
        else:
            self.sink(line)

    def _observe(self):
        app = self.dev.app
        name = app.screen_name()
        if name != self._screen:
            self._screen = name
            self.say("screen " + name)
        bz = self.hw.buzzer
        hz = bz.hz if bz is not None else 0
        if hz != self._hz:
            if hz:
                self.say("sound %d Hz" % hz)
            self._hz = hz

    def run_until(self, t_end):
        while self.t < t_end:
            self.t = min(self.t + STEP_MS, t_end)
            self.clock.advance_to(self.t)
            self._release_due()
            if self.t >= self._next_sensor:
                self.dev.poll_sensors(self.clock.ms())
                self._next_sensor = self.t + SENSOR_MS
            self.dev.cycle(self.clock.ms(), self.clock.us())
            self._observe()

    def _release_due(self):
        keep = []
        for item in self.releases:
            if item[0] <= self.t:
                self.world.together(item[1], False)
            else:
                keep.append(item)
        self.releases = keep

    def play(self, events):
        for t, action, args in events:
            t += self.later
            if t < self.t:
                raise ValueError("events must be in time order (%d after %d)" % (t, self.t))
            self.run_until(t)
            self.apply(action, args)
            self.dev.cycle(self.clock.ms(), self.clock.us())
            self._observe()
            if action == "end":
                return self.log
        self.run_until(self.t + 200)  # let the last key's release and sound finish
        return self.log

    def apply(self, action, args):
        w = self.world
        if is_buttons(action):
            gpios = button_gpios(action)
            w.together(gpios, True)
            self.releases.append((self.t + PRESS_MS, gpios))
        elif action in ("hold", "let"):
            w.together(button_gpios(args[0]), action == "hold")
        elif action == "turn":
            w.turn(int(args[0]))
        elif action in ("add", "remove"):
            stage = w.stages[int(args[0]) - 1]
            n = int(args[1]) if len(args) > 1 else 1
            stage.dogs = max(0, stage.dogs + (n if action == "add" else -n))
        elif action == "rest":
            w.stages[int(args[0]) - 1].extra = float(args[1])
        elif action in ("tip", "level"):
            w.tip(action == "tip")
        elif action == "snap":
            shown = self.dev.app.screen_name()
            if len(args) > 1 and args[1] != shown:
                raise ValueError("snap %s: the screen is %s, not %s" % (args[0], shown, args[1]))
            self.snap(args[0])
        elif action == "unplug" and args == ["display"]:
            w.i2c.devices.clear()
        elif action == "plug" and args == ["display"]:
            w.i2c.devices[w.panel.addr] = w.panel
        elif action == "unplug" and args == ["cells"]:
            for s in w.stages:
                s.plugged = False
                s.chip.unplug()
        elif action == "goto":
            self.goto(" ".join(args))
            return
        elif action == "end":
            pass
        else:
            raise ValueError("unknown action: " + action)
        self.say(" ".join([action] + args))

    def goto(self, label):
        """The list on screen's cursor to the row `label`, by real presses."""
        app = self.dev.app
        screen = app.nav.top
        if not hasattr(screen, "rows") or not hasattr(screen, "sel"):
            raise ValueError("goto %s: the screen %s is not a list" % (label, app.screen_name()))
        labels = [r[0] if isinstance(r, tuple) else r for r in screen.rows(app)]
        if label not in labels:
            raise ValueError("goto %s: %s has no such row (%s)" % (
                label, app.screen_name(), ", ".join(str(x) for x in labels)))
        n = len(labels)
        down = (labels.index(label) - screen.sel) % n
        key, presses = ("down", down) if down <= n - down else ("up", n - down)
        self.say("goto " + label)
        for i in range(presses):
            if i:  # the first press is the goto's own line
                self.run_until(self.t + GOTO_MS)
                self.later += GOTO_MS
            self.apply(key, [])
            self.dev.cycle(self.clock.ms(), self.clock.us())
            self._observe()
        if screen.sel != labels.index(label):
            raise ValueError("goto %s: the cursor stopped at row %d" % (label, screen.sel))

    def snap(self, name):
        path = self.out_dir + "/" + name + ".png"
        write_panel_png(path, self.world.panel.ram)
        self.shots.append(path)
