# The unfinished game on flash offered again: at boot, or when a game is opened while
# one is there (never overwritten). Resumed, ended into the history, or set aside.
# Imported only when there is a game on flash.
from pawpad.app.shell.game import Game, open_game
from pawpad.app.shell.results import settle, summary
from pawpad.store.log.readback import LOG
from pawpad.store.records.history import recorded
from pawpad.store.resume import resume
from pawpad.ui import widgets
from pawpad.ui.lists import Notice
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, Screen


def resume_at_boot(app, watchdog, found=None):
    """At boot with a game on flash: a game already in the history (a power cut hit its
    ending) is settled quietly; after a watchdog reset, or a restart the computer's
    tools made (`watchdog` true for both), the game goes on without asking; otherwise
    the box asks. `found`: what the boot screen's reading of the log found (Session.
    resume's), else it is read now."""
    offer = ResumeOffer(app, found)
    s = offer.session
    done = None if s is None else recorded(app.store, s.game_id())
    if done is not None:
        # The record the history has: what the cut left undone is the statistics and
        # the log's removal, and nothing is replayed for a record not written again.
        settle(app, s, Game(app, s).flow, done)
        return
    if watchdog and s is not None:
        open_game(app, s, True)
        app.notices += offer.messages
        return
    if offer.empty():
        return
    app.nav.push(offer)


class ResumeOffer(Screen):
    """A game was in progress: where it stood; resume it, or end it (it then goes into
    the history as unfinished, with its scores so far), or set it aside: its log is
    kept as game.log.bad and counts nowhere (a game that stopped the box, say)."""

    name = "resume"

    def __init__(self, app, found=None):
        """`found`: (session or None, messages) of a reading of the log made already."""
        self.session, self.messages = found or resume(app.store)
        self.game = None if self.session is None else Game(app, self.session)
        self.confirm = False

    def empty(self):
        """Nothing to offer or say: the log held nothing saved and went quietly."""
        return self.session is None and not self.messages

    def draw(self, c, app):
        s = self.session
        if s is None:
            widgets.title_bar(c, "Saved game")
            widgets.message(c, widgets.wrap(self.messages)[:6])
            return
        flow = self.game.flow
        widgets.title_bar(c, "Resume?", flow.title(s.state))
        lines = [flow.said(s.state, self.game)] + flow.score_line(s.state, self.game)
        if self.confirm:
            lines = ["End it? OK: into the", "history, unfinished.",
                     "DOWN: set it aside,", "counted nowhere.", "BACK: keep it"]
        widgets.message(c, widgets.wrap(lines)[:5])
        if not self.confirm:
            widgets.footer(c, "OK resume", "BACK end")

    def key(self, app, k):
        s = self.session
        if s is None:
            app.nav.pop()
            return
        if self.confirm:
            if k == OK:
                settle(app, s, self.game.flow, summary(self.game, {"abandoned": True},
                                                          app.box.clock()))
                app.nav.pop()
            elif k == DOWN:
                self.set_aside(app)
            elif k in (BACK, UNDO):
                self.confirm = False
            return
        if k == OK:
            app.notices.extend(self.messages)
            open_game(app, s, True)
            app.show_notices()
        elif k in (BACK, UNDO):
            self.confirm = True

    def set_aside(self, app):
        try:
            lines = ["The saved game is", "kept as %s." % app.store.keep_aside(LOG)]
        except OSError as e:
            lines = ["The saved game could", "not be moved (%s)." % e]
        app.nav.pop()
        app.nav.push(Notice("Set aside", lines))
