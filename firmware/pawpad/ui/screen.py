# What every screen is: it draws itself from what it holds and the app's state, and
# answers keys, player presses, stage events and the clock. Screens never edit the
# screen stack: they ask the navigator (app.nav), and a game's screens ask the game in
# progress (app.game), which shows the screen the game's state calls for.

UP = "up"
DOWN = "down"
OK = "ok"
BACK = "back"
UNDO = "undo"  # BACK held down

# Sounds, as (hz, ms) notes. The race's own (Pick-a-Dog's countdown 880 Hz, GO 1760,
# STOP 2093, a false start 220: pick_a_dog/common.py) are pitches no other sound
# plays, so a timer's warning just before GO is never taken for GO.
CLICK = ((2400, 8),)
PRESS = ((1397, 60),)
BOOT = ((988, 70), (0, 30), (1319, 140))
ERROR = ((330, 150), (0, 60), (330, 300))
DONE = ((1047, 80), (1319, 80), (1568, 160))
WARN = ((1175, 40), (0, 50), (1175, 40))  # a timer's seconds running out: a double chirp
TIME_UP = ((1480, 200), (1109, 200), (740, 450))  # and out: falling, slower


class Screen:
    name = "screen"
    # True while flash must not be written: a STOP armed, the load cells being read.
    busy = False
    # ms between ticks while this screen is up, or None: no clock needed.
    tick_ms = None
    # True while the stages are to be weighed (Circus Puppy, the hardware check).
    sensing = False
    # True while a press must act at once even on a dimmed screen (a live round, a
    # stopwatch): the screen never dims under it.
    live = False
    # For a game's base screen: the phase of the state it was made for (app/shell/nav.py).
    phase = None
    # True while a problem is to be kept for later, not shown over this screen (boot).
    holds_notices = False
    # A change to make on the frame as it stands, or None: when this screen drew the
    # frame last, the app calls patch(c, patched) instead of drawing it whole (a menu
    # step then sends the panel only the rows that changed).
    patched = None
    # The player buttons that are keys where this screen is a keypad of values (every
    # one fitted: App.keypad_keys), not only the buttons of the seats in the game; 0:
    # none (True: every button fitted, as the splash takes any press).
    keypad = 0
    # True where any press only ends this screen (the splash at power-on): a menu key
    # is handed to it as it goes down, BACK too, and the rest of the press is eaten (no
    # repeat, no BACK held or let go), so the press does nothing on the next screen.
    ends_on_press = False

    def patch(self, c, patched):
        pass

    def draw(self, c, app):
        pass

    def key(self, app, k):
        if k in (BACK, UNDO):
            app.nav.pop()

    def player(self, app, seat, t_us):
        pass

    def stage(self, app, event):
        pass

    def tick(self, app, now_ms):
        pass

    def again(self, app):
        """For a game's base screen: the game changed under it and it is still the
        screen the state calls for (a correction, an undo or a redo that left the game
        at this step, a repair). What it holds of the step is fitted to the state as it
        is now: what still fits stays, and is kept again (the log moved on, and the
        entries kept for the place it left went with it); what does not is reset, and
        the table told."""
