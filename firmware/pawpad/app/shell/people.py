# The people who play: their names (entered once, on the box with a letter picker) and
# who sits where (each presses their own button while their name is chosen). Games then
# say the person where they said the seat's colour, and keep statistics by person.
from pawpad.core.colours import RGB
from pawpad.store.catalogues import roster as people
from pawpad.ui import widgets
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK, DOWN, OK, PRESS, UNDO, UP, Screen

ADD = "Add a name"


class Names(ListScreen):
    """The roster, each name with the short name its person chose (if any): OK on a
    name opens it (its short name, or off the roster); the last row adds one."""

    name = "names"
    title = "Names"

    def corner(self, app):
        return "%d/%d" % (len(app.roster.names), people.NAMES_MAX)

    def rows(self, app):
        short = app.roster.short
        out = [(n, short.get(n)) for n in app.roster.names]
        out.append((ADD, None))
        return out

    def choose(self, app, i):
        names = app.roster.names
        if i >= len(names):
            if len(names) >= people.NAMES_MAX:
                app.toast("%d names at most" % people.NAMES_MAX)
                return
            app.nav.push(NameEntry())
        else:
            app.nav.push(Person(names[i]))


class Person(ListScreen):
    """One name of the roster: its short name (the one screens with no room for the
    whole say; typed, or "box's": the box decides at each game), or off the roster (OK
    again to confirm)."""

    name = "person"

    def __init__(self, who):
        ListScreen.__init__(self)
        self.title = who
        self.doomed = False  # OK pressed once on "Take off"

    def rows(self, app):
        return [("Short name", app.roster.short.get(self.title) or "box's"),
                ("Take off", "OK again" if self.doomed else None)]

    def choose(self, app, i):
        if i == 0:
            app.nav.push(NameEntry(self.title))
        elif self.doomed:
            app.roster.remove(self.title)
            app.save_roster()
            app.nav.pop()
        else:
            self.doomed = True

    def key(self, app, k):
        if k != OK:
            self.doomed = False
        ListScreen.key(self, app, k)


# The letter picker: the characters in rows of seven, a cursor moved with UP/DOWN (the
# knob turns it fast), OK takes the character; a player's button jumps a row on.
KEYS = ("ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ-'", "abcdefg", "hijklmn", "opqrstu",
        "vwxyz. ", "0123456", "789")
DONE = len("".join(KEYS))  # the place after the last key: "Done"
DEL = DONE + 1  # and "Del"
ROW = 7


class NameEntry(Screen):
    """A new name, a character at a time. UP/DOWN move along the keys, a player's button
    jumps to the next row, OK types the key (or Del, or Done); BACK takes back the last
    character, and leaves when there is none. `short_for`: the short name of that name
    instead (Done with none typed: the box decides it at each game)."""

    name = "name-entry"

    def __init__(self, short_for=None):
        self.text = ""
        self.at = 0
        self.keys = "".join(KEYS)
        self.short_for = short_for
        self.most = people.NAME_MAX if short_for is None else people.SHORT_MAX

    def draw(self, c, app):
        title = "New name" if self.short_for is None else "Short: " + self.short_for
        widgets.title_bar(c, title, "%d/%d" % (len(self.text), self.most))
        c.text("> " + self.text + "_", 2, 12)
        at = self.at
        # three rows of keys around the cursor's, and Done / Del under them
        row = min(at, DONE - 1) // ROW
        first = max(0, min(row - 1, len(KEYS) - 3))
        y = 24
        for r in range(first, first + 3):
            for i, ch in enumerate(KEYS[r]):
                x = 4 + i * 16
                c.text("_" if ch == " " else ch, x + 4, y)
                if r * ROW + i == at:
                    c.invert_rect(x, y - 1, 14, widgets.ROW_H)
            y += widgets.ROW_H + 1
        for k, label, x in ((DONE, "Done", 4), (DEL, "Del", 60)):
            c.text(label, x + 2, 54)
            if at == k:
                c.invert_rect(x, 53, len(label) * 6 + 4, widgets.ROW_H)

    def key(self, app, k):
        n = DEL + 1
        if k in (UP, DOWN):
            self.at = (self.at + (1 if k == DOWN else -1)) % n
        elif k == OK:
            if self.at == DONE:
                self.done(app)
            elif self.at == DEL:
                self.text = self.text[:-1]
            elif len(self.text) < self.most:
                self.text += self.keys[self.at]
        elif k in (BACK, UNDO):
            if self.text:
                self.text = self.text[:-1]
            else:
                app.nav.pop()

    def player(self, app, seat, t_us):
        # a shortcut: the next row of keys (after the last: Done)
        app.box.sound(PRESS)
        if self.at >= DONE:
            self.at = 0
        else:
            self.at = min(DONE, (self.at // ROW + 1) * ROW)

    def done(self, app):
        name = self.text.strip()
        if self.short_for is None:
            why = app.roster.add(name)
        else:
            why = app.roster.choose_short(self.short_for, name)
        if why:
            app.toast(why)
            return
        app.save_roster()
        app.nav.pop()


class Seating(Screen):
    """Who sits where: a name is chosen with UP/DOWN, and its person presses their own
    button; the last row, "a colour", makes the seat pressed its colour again. OK or
    BACK: done (kept for the next games). A seated name shows its short name beside it,
    "Annie (Ani)", where it is not the whole name: the one the screens with no room for
    the whole will say (the game's start decides them as this shows them)."""

    name = "seating"

    def __init__(self):
        self.sel = 0
        self.top = 0

    def rows(self, app):
        r = app.roster
        players, colours = app.settings["players"], app.settings["colours"]
        short = r.shorts(players, colours) or ()
        out = []
        for n in r.names:
            seat = r.seats.index(n) if n in r.seats else None
            if seat is None or seat >= players:
                out.append((n, "-"))
                continue
            if short[seat] != n:
                n = "%s (%s)" % (n, short[seat])
            out.append((n, "%d %s" % (seat + 1, colours[seat])))
        out.append(("a colour", None))
        return out

    def draw(self, c, app):
        widgets.title_bar(c, "Press your button")
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top)

    def key(self, app, k):
        n = len(app.roster.names) + 1
        if k in (UP, DOWN):
            self.sel = (self.sel + (1 if k == DOWN else -1)) % n
        elif k in (OK, BACK):
            app.save_roster()
            app.nav.pop()

    def player(self, app, seat, t_us):
        r = app.roster
        name = r.names[self.sel] if self.sel < len(r.names) else None
        r.seat(seat, name)
        app.box.sound(PRESS)
        app.box.light(seat, RGB["White"])
        app.box.light_later(seat, RGB[app.seat_colour(seat)], 300)
        if name is not None:  # the next name without a seat
            for i in range(len(r.names)):
                j = (self.sel + 1 + i) % len(r.names)
                if r.names[j] not in r.seats:
                    self.sel = j
                    break
