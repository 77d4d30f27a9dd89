# Every screen of the app, drawn with fixed settings and no hardware: for the test that
# compares the bytes drawn on CPython (adafruit_framebuf) and MicroPython (framebuf),
# and for PNGs to look at. Run on either runtime: python -m / micropython gallery.py.
from pawpad.app import menus
from pawpad.app.shell import App
from pawpad.core import settings
from pawpad.ui.canvas import Canvas


class QuietOut:
    """The app's `out` with nothing behind it."""

    def sound(self, notes):
        pass

    def light(self, seat, rgb):
        pass

    def light_later(self, seat, rgb, ms):
        pass

    def save_settings(self, values):
        return None

    def apply_settings(self, values):
        pass

    def status(self):
        return {"stages": ["8g", "missing"], "tilt": "level", "stuck": "3"}


def screens():
    s = settings.defaults()
    s["players"] = 6
    info = {"board": "gallery", "reset": "power on", "free": 150000,
            "runtime": "MicroPython 1.29.0"}
    app = App(QuietOut(), s, (), info, now_ms=0)
    out = [("boot", menus.Boot(0))]
    main = menus.MainMenu()
    out.append(("menu", main))
    scrolled = menus.MainMenu()
    scrolled.sel = 7
    out.append(("menu-scrolled", scrolled))
    players = menus.Players()
    players.sel = 2
    players.editing = True
    out.append(("players-editing", players))
    out.append(("settings", menus.SettingsScreen()))
    hw = menus.Hardware()
    hw.stage(app, ("added", 0, 2, 0))
    out.append(("hardware", hw))
    out.append(("about", menus.About()))
    out.append(("notice", menus.Notice("Notice", [
        "Settings file had errors:", "players must be a whole", "Kept as settings.json.bad"])))
    return app, out


def render_all():
    """{name: frame bytes} for every screen."""
    app, items = screens()
    frames = {}
    for name, screen in items:
        c = Canvas()
        app.stack = [screen]
        app.draw(c)
        frames[name] = bytes(c.buf)
    return frames


def main():
    import binascii

    for name, frame in sorted(render_all().items()):
        print(name, binascii.hexlify(frame).decode())


if __name__ == "__main__":
    main()
