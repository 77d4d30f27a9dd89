# About: the version, the runtime, the board, the last reset and the free heap.
from pawpad.app.menus.version import runtime_name, version_line
from pawpad.ui import widgets
from pawpad.ui.canvas import LINE_H
from pawpad.ui.screen import Screen


class About(Screen):
    name = "about"

    def draw(self, c, app):
        info = app.info
        widgets.title_bar(c, "About")
        lines = [version_line(), info.get("runtime") or runtime_name(),
                 "Board: " + info.get("board", "?"), "Reset: " + info.get("reset", "?"),
                 "Free RAM: %s" % info.get("free", "?")]
        widgets.message(c, lines, LINE_H + 4)
