# The box's settings, one row each from the settings table (core/settings.py), and
# below them what the box set aside (set_aside.py).
from pawpad.app.shell.app import KEYPAD_KEYS
from pawpad.core import settings as settings_rules
from pawpad.ui.lists import ListScreen


class SettingsScreen(ListScreen):
    """The box's settings, each row made from the settings table (core/settings.py):
    adding a setting there adds its row here."""

    name = "settings"
    title = "Settings"

    def __init__(self):
        ListScreen.__init__(self)
        self.every = settings_rules.screen_rows()
        self.fields = self.every

    def _fitted(self, app):
        """The rows this box has: no Keypad on a box with too few player buttons for
        it (app.keypad_keys), where it would say "on" and do nothing."""
        if app.box.player_keys >= KEYPAD_KEYS:
            self.fields = self.every
        else:
            self.fields = [f for f in self.every if f[0] != "keypad"]
        if self.sel > len(self.fields):  # a row made for the whole list: kept on it
            self.sel = len(self.fields)
        if self.editing and not self.editable(self.sel):
            self.editing = False

    def rows(self, app):
        self._fitted(app)
        return [(f[1], settings_rules.shown(f, app.settings[f[0]])) for f in self.fields] + \
            [("Set aside", None)]

    def key(self, app, k):
        self._fitted(app)  # a key before the first frame finds the rows it shows
        ListScreen.key(self, app, k)

    def editable(self, i):
        return i < len(self.fields)

    def choose(self, app, i):
        from pawpad.app.menus.set_aside import SetAside  # loaded when opened

        app.nav.push(SetAside())

    def change(self, app, i, delta):
        f = self.fields[i]
        app.settings[f[0]] = settings_rules.stepped(f, app.settings[f[0]], delta)
        app.box.apply_settings(app.settings)

    def edited(self, app):
        app.save_settings()
        if self.fields[self.sel][0] == "lights":
            app.show_player_colours()
