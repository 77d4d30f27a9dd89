# Solo Pick-a-Dog: no STOP, a stopwatch per round, the cards collected keyed in.
from pawpad.app.flows.pick_a_dog.common import GO
from pawpad.app.flows.pick_a_dog.exam import RoundResult
from pawpad.core.timers import Timer, stopwatch_text
from pawpad.games import pick_a_dog as rules
from pawpad.store.records import draft, stats
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen


class SoloRound(Screen):
    """The stopwatch runs; OK (or the player's button) when no card fits."""

    name = "pad-solo"
    tick_ms = 100
    live = True  # the screen never dims under a running stopwatch: OK always counts

    def __init__(self, game, now):
        self.game = game
        self.watch = Timer()
        self.watch.start(now)
        game.app.box.sound(GO)

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, "Solo", "round %d/3" % (st["round"] + 1))
        widgets.big_center(c, stopwatch_text(self.watch.elapsed(app.now)), 18, 3)
        widgets.footer(c, "", "OK: done")

    def tick(self, app, now_ms):
        app.nav.dirty = True

    def _done(self, app):
        self.watch.pause(app.now)
        app.nav.replace(SoloCount(self.game, self.watch.elapsed(app.now)))

    def key(self, app, k):
        if k == OK:
            self._done(app)
        elif k in (BACK, UNDO):
            app.nav.pop()

    def player(self, app, seat, t_us):
        self._done(app)


class SoloCount(Screen):
    """The cards collected, UP/DOWN, OK saves the round. The stopwatch's time and the
    count are on flash as they are taken (store/records/draft.py): a power cut brings
    the screen back as it was."""

    name = "pad-solo-count"

    def __init__(self, game, ms, count=1):
        self.game = game
        self.ms = ms
        self.count = count
        self._keep()

    def _keep(self):
        draft.save(self.game.session, "solo", {"ms": self.ms, "count": self.count})

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, "Solo", stopwatch_text(self.ms))
        c.text_center("Cards collected", 14)
        widgets.big_center(c, str(self.count), 26, 3)
        c.text_center("left on table: %d" % (st["table"] - self.count), 52)

    def key(self, app, k):
        table = self.game.state["table"]
        if k in (UP, DOWN):
            self.count = max(1, min(table, self.count + (1 if k == UP else -1)))
            self._keep()
        elif k == OK:
            game = self.game
            if game.offer({"t": "result", "collected": [self.count]},
                          over=RoundResult(game, game.state)) and game.state["ended"]:
                if stats.is_best_solo(app.stats, rules.score(game.state, 0), game.play_ms()):
                    app.toast("Best solo game yet!")
        elif k in (BACK, UNDO):
            draft.drop(self.game.session)  # the round left: it is played again
            app.nav.pop()


def kept_count(game):
    """The count screen as a power cut left it (its draft), or None."""
    v = draft.read(game.session, "solo", (("ms", ("int", 0, rules.MAX_MS)),
                                          ("count", ("int", 1, game.state["table"]))), 1)
    return None if v is None else SoloCount(game, v["ms"], v["count"])
