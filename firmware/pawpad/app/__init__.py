# The app's modules, leaf first. preload() imports them in this order before the app
# starts: each import then finds what it needs already loaded, so no import nests more
# than a few levels deep. Imported the other way (runner -> device -> shell -> menus ->
# game_start -> host -> flow -> session -> storage -> gamelog ...) the chain of nested
# imports overflowed the rp2 port's small stack when it started from inside asyncio
# ("RuntimeError: maximum recursion depth exceeded"). A game's flow and the box's own
# screens stay out: they load when opened.
ORDER = ("pawpad.ticks", "pawpad.core.colours", "pawpad.core.settings", "pawpad.core.gamelog",
         "pawpad.core.timers", "pawpad.core.lockout", "pawpad.games.common",
         "pawpad.ui.canvas", "pawpad.ui.widgets", "pawpad.app.storage", "pawpad.app.engines",
         "pawpad.app.logread", "pawpad.app.session",
         "pawpad.app.screen", "pawpad.app.lists", "pawpad.app.version", "pawpad.app.stats",
         "pawpad.app.score_sheet",
         "pawpad.app.results", "pawpad.app.nav", "pawpad.app.flow", "pawpad.app.host",
         "pawpad.app.game_menu", "pawpad.app.board", "pawpad.app.game_start",
         "pawpad.app.menus", "pawpad.app.shell", "pawpad.app.device", "pawpad.app.runner")


def preload():
    for name in ORDER:
        __import__(name)
