# The load cells' calibration: a known weight on each stage.
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, OK, UNDO, Screen


class Calibrate(Screen):
    """Teaches the box what a dog card weighs on its load cells: the low stage is
    weighed as it is, then with CARDS more dog cards on it."""

    name = "calibrate"
    sensing = True
    tick_ms = 100
    CARDS = 5
    MEASURE_MS = 1500

    def __init__(self):
        self.phase = 0  # 0: as it is, 1: with the cards, 2: the result
        self.since = None  # measuring since, or None
        self.samples = []
        self.base = None
        self.value = None  # counts per gram found

    def draw(self, c, app):
        widgets.title_bar(c, "Calibrate")
        if self.since is not None:
            lines = ["Weighing...", "", "Keep hands off."]
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
        if self.since is None:
            return
        raw = app.box.raw[0] if app.box.raw else None
        if raw is not None:
            self.samples.append(raw)
        if diff(now_ms, self.since) >= self.MEASURE_MS:
            self.since = None
            self._measured(app, sum(self.samples) / max(1, len(self.samples)))
        app.nav.dirty = True

    def _measured(self, app, mean):
        if not self.samples:
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
        if k == OK and self.since is None:
            if self.phase < 2:
                self.since, self.samples = app.now, []
            elif self.value is None:
                self.phase = 0
            else:
                app.settings["counts_per_gram"] = self.value
                app.box.apply_settings(app.settings)
                app.save_settings()
                app.nav.pop()
        elif k in (BACK, UNDO):
            app.nav.pop()
