# The load cells' calibration: a known weight on the low stage.
# Each weighing waits for the stage to hold still before it averages: cards put down
# just before OK are still settling (and a hand may still be on them), and an average
# taken from the press would read them light. The stage's own change detector says
# when it is still (core/stage/detector.py: ChangeDetector.still), so the calibration
# and the games agree on what still means. A stage that never holds still (a noisy or
# unplugged load cell) is given up on after WAIT_MS and said so; nothing is kept
# until "OK: keep it", so the calibration before stays.
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, OK, UNDO, Screen

# Why a weighing gave up, as the panel says it (a line is at most 21 characters).
RESTLESS = ("The stage never held", "still: a noisy load", "cell, or a knock?")
SILENT = ("Load cell 1 is not", "answering: check", "its cable.")


class Calibrate(Screen):
    """Teaches the box what a dog card weighs on its load cells: the low stage is
    weighed as it is, then with CARDS more dog cards on it."""

    name = "calibrate"
    sensing = True
    tick_ms = 100
    CARDS = 5
    MEASURE_MS = 1500  # averaged for this long, the stage still all along
    # A weighing waits this long from OK for the stage to be still: cards settle and a
    # hand leaves within a second or two; a stage still moving after this is noisy or
    # knocked about, or its load cell is gone.
    WAIT_MS = 10000

    def __init__(self):
        self.phase = 0  # 0: as it is, 1: with the cards, 2: the result
        self.waiting = None  # OK pressed at: waiting for a still stage, then weighing
        self.since = None  # averaging since (the stage still all along), or None
        self.total = 0  # raw readings averaged so far, and how many
        self.count = 0
        self.base = None
        self.value = None  # counts per gram found
        self.failed = None  # why the last weighing gave up (RESTLESS, SILENT), or None
        self.silent = False  # waiting on a load cell that does not answer

    def draw(self, c, app):
        widgets.title_bar(c, "Calibrate")
        if self.since is not None:
            lines = ["Weighing...", "", "Keep hands off."]
        elif self.waiting is not None and self.silent:
            lines = [SILENT[0], "answering...", "", "BACK: leave"]
        elif self.waiting is not None:
            lines = ["Hold still", "", "Waiting for the", "stage to settle."]
        elif self.failed is not None:
            lines = list(self.failed) + ["Old value kept.", "", "OK: retry BACK: leave"]
        elif self.phase == 0:
            lines = ["Leave the low stage", "as it is.", "", "OK: weigh it"]
        elif self.phase == 1:
            lines = ["Put %d dog cards on" % self.CARDS, "the low stage.", "",
                     "OK: weigh them"]
        elif self.value is None:
            lines = ["Nothing changed:", "no cards felt.", "", "OK: try again"]
        else:
            lines = ["%d counts a gram" % self.value, "(was %d)" % app.settings[
                "counts_per_gram"], "", "OK: keep it"]
        widgets.message(c, lines)

    def tick(self, app, now_ms):
        if self.waiting is None:
            return
        app.nav.dirty = True
        if not app.box.stages_still(0):
            # Moving (or silent): what was averaged is dropped, and it waits again.
            self.since = None
            stages = app.box.status()["stages"]
            self.silent = bool(stages) and stages[0] == "missing"
            if diff(now_ms, self.waiting) >= self.WAIT_MS:
                self.waiting = None
                self.failed = SILENT if self.silent else RESTLESS
            return
        self.silent = False
        if self.since is None:
            self.since, self.total, self.count = now_ms, 0, 0
        raw = app.box.raw[0] if app.box.raw else None
        if raw is not None:
            self.total += raw
            self.count += 1
        if diff(now_ms, self.since) >= self.MEASURE_MS:
            self.waiting = self.since = None
            self._measured(app, self.total / max(1, self.count))

    def _measured(self, app, mean):
        if not self.count:
            self.phase, self.value = 2, None
        elif self.phase == 0:
            self.base, self.phase = mean, 1
        else:
            per_card = (mean - self.base) / self.CARDS
            grams = app.settings["card_decigrams"] / 10
            value = int(per_card / grams + 0.5)
            self.value = value if 1 <= value <= 100000 else None
            self.phase = 2

    def key(self, app, k):
        if k in (BACK, UNDO):
            app.nav.pop()  # nothing was kept: the calibration before stays
        elif k != OK or self.waiting is not None:
            return
        elif self.failed is not None or self.phase < 2:
            # weigh (again: the same step, the weighing before it kept)
            self.failed = None
            self.waiting, self.since = app.now, None
        elif self.value is None:
            self.phase = 0
        else:
            app.settings["counts_per_gram"] = self.value
            app.box.apply_settings(app.settings)
            app.save_settings()
            app.nav.pop()
