# Each person's statistics over the finished games (a seat's colour where nobody had a
# name).
from pawpad.store.records import stats
from pawpad.ui import widgets
from pawpad.ui.screen import Screen


class Statistics(Screen):
    """Each colour's STOPs right of called, false starts, games and fastest STOP, over
    the finished games. UP/DOWN scroll."""

    name = "statistics"

    def __init__(self):
        self.first = 0

    def lines(self, app):
        return stats.lines(app.stats, stats.people(app.stats, app.roster.names +
                                                   list(app.settings["colours"])))

    def draw(self, c, app):
        lines = self.lines(app)
        widgets.title_bar(c, "Statistics")
        widgets.message(c, lines[self.first:self.first + 6])

    def key(self, app, k):
        if k == "down" and self.first + 6 < len(self.lines(app)):
            self.first += 1
        elif k == "up" and self.first > 0:
            self.first -= 1
        else:
            Screen.key(self, app, k)
