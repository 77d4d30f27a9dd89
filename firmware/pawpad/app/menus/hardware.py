# The hardware check: each part of the box as it answers now.
from pawpad.app.menus.calibrate import Calibrate
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import PRESS


class HardwareCheck(ListScreen):
    """Live view of what the box senses: the last button, the stages, the tilt."""

    name = "hardware"
    title = "Hardware"
    tick_ms = 250
    sensing = True  # weigh the stages while this screen is up

    def __init__(self):
        ListScreen.__init__(self)
        self.last = "-"
        self.events = []
        self.fast_panel = "OK"  # what the 1 MHz check found; OK runs it

    def rows(self, app):
        hw = app.box.status()
        out = [("Last button", self.last)]
        for i, g in enumerate(hw["stages"]):
            out.append(("Stage %d" % (i + 1), g))
        out.append(("Tilt", hw["tilt"]))
        out.append(("Stuck", hw["stuck"] or "none"))
        out.append(("Panel 1 MHz", self.fast_panel))
        rec = app.box.recording()
        out.append(("Record stages", "off" if rec is None else "%d" % rec))
        out.append(("Calibrate stages", None))
        for e in self.events[-2:]:  # last: the rows above never move under the cursor
            out.append((e, None))
        return out

    def choose(self, app, i):
        label = self.rows(app)[i][0]
        if label == "Calibrate stages":
            app.nav.push(Calibrate())
        elif label == "Record stages":  # the stages' samples to a CSV on flash, or stop
            problem = app.box.record(app.box.recording() is None)
            if problem:
                app.toast(problem)
        elif label == "Panel 1 MHz":  # the whole frame at 1 MHz: acknowledged, and how fast
            self.fast_panel = app.box.check_fast_panel()

    def player(self, app, seat, t_us):
        self.last = "%d %s" % (seat + 1, app.seat_name(seat))
        app.box.sound(PRESS)

    def stage(self, app, event):
        kind, stage, cards, _began = event
        if kind == "unsure":  # shown with its guess, taken as the answer: nobody plays here
            app.box.stages_told(stage, cards)
            self.events.append("S%d ? %+d" % (stage + 1, cards))
        else:
            self.events.append("S%d %s %d" % (stage + 1, kind, cards))
        del self.events[:-2]

    def tick(self, app, now_ms):
        app.nav.dirty = True  # the weights move on their own
