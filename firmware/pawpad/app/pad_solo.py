# Solo Pick-a-Dog: no STOP, a stopwatch per round, the cards collected keyed in.
from pawpad.app import stats
from pawpad.app.pad_common import GO
from pawpad.app.pad_exam import RoundResult
from pawpad.app.screen import BACK, DOWN, OK, UNDO, UP, Screen
from pawpad.core.timers import Timer, stopwatch_text
from pawpad.games import pick_a_dog as rules
from pawpad.ui import widgets


class SoloRound(Screen):
    """The stopwatch runs; OK (or the player's button) when no card fits."""

    name = "pad-solo"
    tick_ms = 100
    live = True  # the screen never dims under a running stopwatch: OK always counts

    def __init__(self, host, now):
        self.host = host
        self.watch = Timer()
        self.watch.start(now)
        host.app.out.sound(GO)

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Solo", "round %d/3" % (st["round"] + 1))
        widgets.big_center(c, stopwatch_text(self.watch.elapsed(app.now)), 18, 3)
        widgets.footer(c, "", "OK: done")

    def tick(self, app, now_ms):
        app.nav.dirty = True

    def _done(self, app):
        self.watch.pause(app.now)
        app.nav.replace(SoloCount(self.host, self.watch.elapsed(app.now)))

    def key(self, app, k):
        if k == OK:
            self._done(app)
        elif k in (BACK, UNDO):
            app.nav.pop()

    def player(self, app, seat, t_us):
        self._done(app)


class SoloCount(Screen):
    name = "pad-solo-count"

    def __init__(self, host, ms):
        self.host = host
        self.ms = ms
        self.count = 1

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Solo", stopwatch_text(self.ms))
        c.text_center("Cards collected", 14)
        widgets.big_center(c, str(self.count), 26, 3)
        c.text_center("left on table: %d" % (st["table"] - self.count), 52)

    def key(self, app, k):
        table = self.host.state["table"]
        if k in (UP, DOWN):
            self.count = max(1, min(table, self.count + (1 if k == UP else -1)))
        elif k == OK:
            host = self.host
            if host.offer({"t": "result", "collected": [self.count]},
                          over=RoundResult(host, host.state)) and host.state["ended"]:
                if stats.is_best_solo(app.stats, rules.score(host.state, 0), host.play_ms()):
                    app.toast("Best solo game yet!")
        elif k in (BACK, UNDO):
            app.nav.pop()
