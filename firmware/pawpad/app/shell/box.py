# The box as the app sees it, its one way to the hardware: `app.box`. The device
# (app/device/device.py) is one; a box with nothing behind it (the screen gallery,
# tests) is this class as it is: every call does nothing and says there is nothing. A
# screen uses no other member.


class Box:
    raw = ()  # the last raw reading of each load cell (the calibration shows them)
    player_keys = 0  # the player buttons fitted (a keypad may use them all)
    rules_file = None  # the path of the rules file (store/rules_book.py), None: none

    # --- sound and lights ---
    def sound(self, notes, urgent=False):
        """Plays `notes` ((hz, ms) pairs): a melody plays whole, urgent (the STOP) at
        once."""

    def light(self, seat, rgb):
        """The seat's button light, in (r, g, b)."""

    def light_later(self, seat, rgb, ms):
        """The same, `ms` from now."""

    # --- settings ---
    def save_settings(self, values):
        """Writes the box's settings; None, or why they were not saved."""
        return "Flash not usable: not saved"

    def apply_settings(self, values):
        """Sets the hardware as the settings say (sound, brightness, debounce...)."""

    # --- what the box knows of itself ---
    def status(self):
        """{"stages": [each stage's weight, "-" or "missing"], "tilt": "level",
        "tipped" or "missing", "stuck": the seats whose button was held at start}."""
        return {"stages": [], "tilt": "missing", "stuck": ""}

    def clock(self):
        """The time now as "YYYY-MM-DD HH:MM:SS" (schema.STAMP), or None when the
        clock was never set."""
        return None

    def power_on(self):
        """(the power-on's id, seconds since power-on), asked when clock() is None
        (store/power_on.py); None when no id could be kept."""
        return None

    def check_fast_panel(self):
        """Does the panel take 1 MHz? "ok ..." , "no answer" or "-" (cannot tell)."""
        return "-"

    # --- the stages ---
    def stages_pending_since(self):
        """When a change on the stages began that has not settled, or None."""
        return None

    def stages_still(self, stage):
        """Does the stage hold still now (weighed, its load cell answering, nothing
        moving on it)? The calibration waits for it."""
        return False

    def stages_told(self, stage, cards):
        """The players' answer to a stage's "unsure": `cards` dogs on (negative: off)."""
        return None

    def stages_expect(self, stage, cards):
        """What the turn makes likely: `cards` dogs put on at once on `stage` (None:
        either), taken without asking; 0: nothing expected."""
        return None

    def stages_pair_ready(self):
        """The stage holding still now at exactly what stages_expect said (Double
        Dog's pair, not yet taken), or None."""
        return None

    def stages_hands_off(self, stage):
        """The players' hands are off the stages (the active player's Done): what
        `stage` holds as expected is taken now. Its events, as the screen's stage()
        gets them ([] when there is nothing to take)."""
        return []

    def record(self, on):
        """Starts (on) or stops recording the stages' samples; None, or why not."""
        return "Nothing to record"

    def recording(self):
        """Samples recorded so far, or None when not recording."""
        return None

    # --- the STOP, made fast ---
    def arm_stop(self, hz, seats):
        """Until disarmed, the first press of one of `seats` starts the tone of hz in
        the button interrupt itself."""

    def disarm_stop(self):
        pass

    def prepare_frames(self, draw_base, draws, loose=0):
        """{key: writes ready to send} for the frames draws[key] would draw over the
        frame draw_base draws ({} without a display); `loose`: pages (a bit each) the
        panel may change meanwhile, which they never write."""
        return {}

    def send_prepared(self, prep):
        """Puts prepared writes on the bus at once; True when they went out."""
        return False

    def draw_prepared(self, prep, c):
        """Draws on canvas c the frame `prep` makes; False, drawing nothing, when there
        is no such frame."""
        return False
