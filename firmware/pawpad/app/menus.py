# The screens every moment of the box needs: boot, the game menu, the list and notice
# screens everything else is built from. The box's own settings screens are in
# box_menus, loaded when opened.
from pawpad.app.shell import BACK, DOWN, OK, UP, Screen, version_line
from pawpad.ticks import diff
from pawpad.ui import widgets

BOOT_MS = 1500


class Boot(Screen):
    name = "boot"
    tick_ms = 100

    def __init__(self, now_ms):
        self.since = now_ms

    def draw(self, c, app):
        widgets.big_center(c, "PAWPAD", 8, 3)
        c.text_center("dog card referee", 34)
        c.text_center("v" + version_line().split(" ")[1], 48)

    def key(self, app, k):
        self._done(app)

    def player(self, app, seat, t_us):
        self._done(app)

    def tick(self, app, now_ms):
        if diff(now_ms, self.since) >= BOOT_MS:
            self._done(app)

    def _done(self, app):
        app.replace(MainMenu())
        from pawpad.app.session import Session

        if Session.saved(app.store):
            from pawpad.app.play import ResumeOffer, open_game

            offer = ResumeOffer(app)
            if app.info.get("reset") == "watchdog" and offer.session is not None:
                open_game(app, offer.session)  # back where it was, without asking
                app.notices += offer.messages
            else:
                app.push(offer)
        if app.notices:
            app.push(Notice("Notice", app.notices))
            app.notices = []


class ListScreen(Screen):
    """A title and rows to move through with UP/DOWN. Subclasses say what the rows are
    (`rows(app)`: [(label, value)]) and what OK does (`choose`), or mark rows editable
    (`editable(i)`, `change(app, i, step)`), which OK then toggles."""

    title = ""

    def __init__(self):
        self.sel = 0
        self.top = 0
        self.editing = False

    def rows(self, app):
        return []

    def draw(self, c, app):
        widgets.title_bar(c, self.title, self.corner(app))
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top, self.editing)

    def corner(self, app):
        return ""

    def key(self, app, k):
        n = len(self.rows(app))
        if self.editing:
            if k in (UP, DOWN):
                self.change(app, self.sel, 1 if k == UP else -1)
            elif k in (OK, BACK):
                self.editing = False
                self.edited(app)
            return
        if k == UP:
            self.sel = (self.sel - 1) % n
        elif k == DOWN:
            self.sel = (self.sel + 1) % n
        elif k == OK:
            if self.editable(self.sel):
                self.editing = True
            else:
                self.choose(app, self.sel)
        elif k == BACK:
            app.pop()

    def choose(self, app, i):
        pass

    def editable(self, i):
        return False

    def change(self, app, i, step):
        pass

    def edited(self, app):
        pass


class Notice(Screen):
    name = "notice"

    def __init__(self, title, lines):
        self.title = title
        self.lines = list(lines)
        self.first = 0

    def draw(self, c, app):
        lines = widgets.wrap(self.lines)
        more = "%d/%d" % (self.first + 1, len(lines) - 5) if len(lines) > 6 else ""
        widgets.title_bar(c, self.title, more)
        widgets.message(c, lines[self.first:self.first + 6])

    def key(self, app, k):
        if k == DOWN and self.first + 6 < len(widgets.wrap(self.lines)):
            self.first += 1
        elif k == UP and self.first > 0:
            self.first -= 1
        elif k in (OK, BACK):
            app.pop()


GAMES = ("Pick-a-Dog", "Circus Puppy", "Top Dog", "Top Dogs")
GAME_IDS = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")
PLAYABLE = GAME_IDS  # games whose screens are built


class MainMenu(ListScreen):
    name = "menu"
    title = "Pawpad"

    def rows(self, app):
        return [(g, None) for g in GAMES] + [
            ("Players", app.settings["players"]),
            ("Settings", None),
            ("Statistics", None),
            ("History", None),
            ("Check hardware", None),
            ("About", None),
        ]

    def corner(self, app):
        return "%dP" % app.settings["players"]

    def key(self, app, k):
        if k == BACK:
            return  # the root menu: nowhere to go back to
        ListScreen.key(self, app, k)

    def choose(self, app, i):
        if i < len(GAMES) and GAME_IDS[i] == "pick_a_dog":
            app.push(PickVariant())
        elif i < len(GAMES) and GAME_IDS[i] in PLAYABLE:
            from pawpad.app.play import start_game

            start_game(app, GAME_IDS[i])
        elif i < len(GAMES):
            app.push(Notice(GAMES[i], [
                "This game's referee",
                "is still being built.",
                "",
                "Players, buttons and",
                "sound are ready.",
            ]))
        else:
            from pawpad.app import box_menus

            name = ("Players", "SettingsScreen", "Statistics", "History", "Hardware",
                    "About")[i - len(GAMES)]
            app.push(getattr(box_menus, name)())


class PickVariant(ListScreen):
    name = "pick-variant"
    title = "Pick-a-Dog"
    VARIANTS = (("Pick-a-Dog", "dog"), ("Pick-a-Pog", "pog"), ("Solo", "solo"))

    def rows(self, app):
        return [(label, "1P" if v == "solo" else "%dP" % app.settings["players"])
                for label, v in self.VARIANTS]

    def choose(self, app, i):
        from pawpad.app.play import start_game

        v = self.VARIANTS[i][1]
        start_game(app, "pick_a_dog", {"variant": v}, 1 if v == "solo" else None)
