# The players: how many play and each seat's colour (a player's button picks its row).
from pawpad.core.colours import NAMES, RGB
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import PRESS


class Players(ListScreen):
    """How many play and each seat's colour. Pressing a player's button picks its row,
    so everyone can check that their button works."""

    name = "players"
    title = "Players"

    def rows(self, app):
        s = app.settings
        out = [("Players", s["players"])]
        for seat in range(s["players"]):
            out.append(("Seat %d" % (seat + 1), s["colours"][seat]))
        return out

    def editable(self, i):
        return True

    def change(self, app, i, step):
        s = app.settings
        if i == 0:
            s["players"] = max(1, min(8, s["players"] + step))
        else:
            # the next colour no other player has: each button has its own colour
            seat = i - 1
            colours = s["colours"]
            taken = [colours[o] for o in range(s["players"]) if o != seat]
            k = NAMES.index(colours[seat])
            for _ in range(len(NAMES)):
                k = (k + step) % len(NAMES)
                if NAMES[k] not in taken:
                    break
            colours[seat] = NAMES[k]
        app.show_player_colours()

    def edited(self, app):
        app.save_settings()

    def player(self, app, seat, t_us):
        self.sel = seat + 1
        self.editing = False
        app.box.sound(PRESS)
        app.box.light(seat, RGB["White"])
        app.box.light_later(seat, RGB[app.colour(seat)], 300)
