# The box's settings, one row each from the settings table (core/settings.py), and
# below them what the box set aside (set_aside.py).
from pawpad.core import settings as settings_rules
from pawpad.ui.lists import ListScreen


class SettingsScreen(ListScreen):
    """The box's settings, each row made from the settings table (core/settings.py):
    adding a setting there adds its row here."""

    name = "settings"
    title = "Settings"

    def __init__(self):
        ListScreen.__init__(self)
        self.fields = settings_rules.screen_rows()

    def rows(self, app):
        return [(f[1], settings_rules.shown(f, app.settings[f[0]])) for f in self.fields] + \
            [("Set aside", None)]

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
