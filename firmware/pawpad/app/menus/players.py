# The players: how many play, each seat's colour (a player's button picks its row), who
# sits where, and the names of the people who play.
from pawpad.core.colours import NAMES, RGB
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import PRESS


class Players(ListScreen):
    """How many play and each seat's colour. Pressing a player's button picks its row,
    so everyone can check that their button works."""

    name = "players"
    title = "Players"

    def __init__(self):
        ListScreen.__init__(self)
        self.seats = 0  # seat rows below the first, as last drawn (rows() sets it)

    def rows(self, app):
        s = app.settings
        self.seats = s["players"]
        out = [("Players", s["players"])]
        for seat in range(s["players"]):
            who = app.roster.person(seat)
            out.append(("Seat %d" % (seat + 1) + (" " + who if who else ""), s["colours"][seat]))
        out.append(("Who sits where", None))
        out.append(("Names", len(app.roster.names)))
        return out

    def editable(self, i):
        return i <= self.seats  # the count and the seats' colours; not the two below

    def choose(self, app, i):
        from pawpad.app.shell.people import Names, Seating

        if i == self.seats + 1:
            app.nav.push(Seating() if app.roster.names else Names())
        elif i == self.seats + 2:
            app.nav.push(Names())

    def change(self, app, i, delta):
        s = app.settings
        if i == 0:
            s["players"] = max(1, min(8, s["players"] + delta))
        else:
            # the next colour no other player has: each button has its own colour
            seat = i - 1
            colours = s["colours"]
            taken = [colours[o] for o in range(s["players"]) if o != seat]
            k = NAMES.index(colours[seat])
            for _ in range(len(NAMES)):
                k = (k + delta) % len(NAMES)
                if NAMES[k] not in taken:
                    break
            # a seat out of play that held it takes the old one: no two seats alike
            old = colours[seat]
            for other in range(len(colours)):
                if other != seat and colours[other] == NAMES[k]:
                    colours[other] = old
            colours[seat] = NAMES[k]
        app.show_player_colours()

    def edited(self, app):
        app.save_settings()

    def player(self, app, seat, t_us):
        self.sel = seat + 1
        self.editing = False
        app.box.sound(PRESS)
        app.box.light(seat, RGB["White"])
        app.box.light_later(seat, RGB[app.seat_colour(seat)], 300)
