# The game in progress as the screens see it: its session (engine and log), its flow,
# the players' colours as they were when it began, and its timers. Every change of the
# state goes through here, and after each one the navigator shows the screen the state
# calls for: that is how undo, redo, corrections and resume land where they should.
from pawpad.app.shell import flow as flows
from pawpad.core.timers import Timer, clock_text
from pawpad.store.catalogues.roster import SHORT_MAX, shorts, who
from pawpad.store.records import draft, game_timer
from pawpad.store.records.score_sheet import Kept
from pawpad.ticks import diff
from pawpad.ui.lists import Notice
from pawpad.ui.screen import DONE, ERROR, TIME_UP, WARN

TIMER_KEEP_MS = 5000  # a running countdown goes to flash this often (not in a race)


class Game:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.flow = flows.load(session.name)
        self.sheet = Kept(session, self.flow)  # the score sheet, kept as the game goes
        self._base_ms = session.ms
        self._since = app.now
        self.timer = None  # the game menu's countdown, when one is set
        self._timer_kept = app.now  # when it last went to flash
        self.alarm = None  # (Timer, screen): a screen's own limit, run whatever is shown
        # What the screens of one round hand on to each other that is not the game
        # (the state is): Pick-a-Dog's STOP screen leaves its margin for the verdict.
        self.round = {}
        colours = session.header.get("colours")
        self.colours = colours if isinstance(colours, list) else app.settings["colours"]
        self.people = people = session.header.get("people")  # a name or None a seat, or None
        # The short names the game began with (a log of before them: made the same way)
        short = session.header.get("short")
        if people is not None and not isinstance(short, list):
            short = shorts(people, self.colours)
        self.short = short

    @property
    def state(self):
        return self.session.state

    @property
    def title(self):
        return self.flow.title(self.state)

    def name(self, seat):
        """Who plays at the seat in this game: the person sitting there, else the seat's
        colour (a change of colours or seats later changes nothing)."""
        return who(self.people, self.colours, seat) or self.colour(seat)

    def short_name(self, seat):
        """The seat's name where a screen has no room for the whole: unique at the
        table (roster.shorts), a colour's first three letters."""
        short = self.short
        if short is not None and seat < len(short) and short[seat] is not None:
            return short[seat]
        return self.name(seat)[:SHORT_MAX]

    def colour(self, seat):
        """The seat's colour in this game: its button's light."""
        if seat < len(self.colours):
            return self.colours[seat]
        return self.app.settings["colours"][seat]  # a seat not in this game

    def play_ms(self):
        return self._base_ms + diff(self.app.now, self._since)

    # --- changes of the state: each ends on the screen the state calls for ---
    def offer(self, event, over=None):
        """Feeds an event; True if the rules took it. Refused: says why and changes
        nothing. `over`: a screen to show over the state's own (it stays on top)."""
        why = self.session.offer(event, self.play_ms())
        return self._after(why, None, over)

    def undo(self):
        return self._table_follows("Undone", self.session.undo)

    def redo(self):
        return self._table_follows("Redone", self.session.redo)

    def _table_follows(self, done, change):
        """An undo or a redo; where the table holds what the state says (the stages
        on the load cells), what to put back or take off comes up over the screen the
        state calls for, and while it shows the stages are not weighed: they are
        weighed afresh once the table has done it."""
        before = self.flow.on_table(self.state)
        ok = self._after(change(self.play_ms()), done)
        if ok and before is not None:
            lines = self.flow.put_back(before, self.state)
            if lines:
                self.app.nav.push(Notice(done, lines + ["", "Then OK."]))
        return ok

    def fix(self, index, event):
        return self._after(self.session.fix(index, event, self.play_ms()), "Corrected")

    def _after(self, why, done, over=None):
        app = self.app
        if why is not None:
            app.toast(why[:1].upper() + why[1:])
            app.box.sound(ERROR)
            return False
        if done:
            app.toast(done)
        self.show(over)
        return True

    def menu(self):
        """The game menu (undo, redo, rounds, timer, end) over this game: loaded when
        first opened, not with a new game's first screen."""
        from pawpad.app.shell.game_menu import GameMenu

        return GameMenu(self)

    def show(self, over=None):
        nav = self.app.nav
        was_over = nav.game is self and nav.floor > 2  # the results were up already
        nav.show_game(self, over)
        if self.state["ended"] and not was_over:
            self.app.box.sound(DONE)

    # --- timers: they run whatever screen of the game is up ---
    def tick(self, now_ms):
        """Runs the countdown and any screen's alarm; beeps the countdown's warnings."""
        t = self.timer
        if t is not None:
            for kind, _secs in t.poll(now_ms):
                if kind == "warn":
                    self.app.box.sound(WARN)
                else:
                    self.app.box.sound(TIME_UP)
                    self.app.toast("Time!")
                    self.keep_timer()
            if t.running and not self.app.top.busy:
                # the corner shows it (a live round draws its own clock, and nothing
                # else: a whole frame would make text while press times are taken)
                self.app.nav.dirty = True
                if diff(now_ms, self._timer_kept) >= TIMER_KEEP_MS:
                    self.keep_timer()  # not while press times are taken: see above
        if self.alarm is not None:
            timer, screen = self.alarm
            for kind, _secs in timer.poll(now_ms):
                screen.alarm(self.app, kind)

    def tick_ms(self):
        if self.alarm is not None or (self.timer is not None and self.timer.running):
            return 100
        return None

    def resume_timer(self):
        """The countdown as a power cut left it, back paused where it was kept; True
        if it was running then (the table is told)."""
        kept = game_timer.read(self.session)
        if kept is None:
            return False
        self.timer = Timer(kept[0])
        self.timer.set_left(kept[1])
        return kept[2]

    def keep_timer(self):
        """The countdown as it stands, on flash (or none kept, when there is none)."""
        t = self.timer
        self._timer_kept = self.app.now
        if t is None:
            game_timer.drop(self.session)
        else:
            game_timer.save(self.session, t.duration, t.remaining(self.app.now), t.running)

    def new_timer(self):
        if self.timer is None:
            self.timer = Timer(self.app.settings["timer_s"] * 1000)
        return self.timer

    def timer_text(self):
        if self.timer is None:
            return ""
        return clock_text(self.timer.remaining(self.app.now))


def open_game(app, session, resumed=False):
    """The game in `session` is the app's game in progress, on the screen its state
    calls for; `resumed` (from flash): with its countdown, and the step it was keying
    as far as it had gone (a new game has neither to read)."""
    app.session = session
    app.game = game = Game(app, session)
    if not resumed:
        game.show()
        return
    was_running = game.resume_timer()
    # The entries a step had taken when the power went come back over its screen, and a
    # correction keyed in part over them.
    game.show(game.flow.draft_screen(game))
    fixing = kept_fix(game)
    if fixing is not None:
        app.nav.push(fixing)
    if was_running:  # say so: the countdown waits for the table to start it again
        app.toast("Timer paused " + game.timer_text())


def kept_fix(game):
    """The correction a power cut came in (its draft: store/records/draft.py's FIX), as
    the flow's edit_round makes it, with what it had taken; None when there is none or
    it does not fit the game as it stands (another event, a crafted index or value)."""
    session = game.session
    kept = draft.fixing(session)
    if kept is None or not game.flow.corrects or game.state["ended"]:
        return None
    index, kind = kept
    events = session.events()
    if not 0 <= index < len(events):
        return None
    screen = game.flow.edit_round(game, index, events[index])
    if screen is None or getattr(screen, "kind", None) != kind:
        return None
    v = draft.read(session, kind, screen.kept_shape(), game.state["players"], draft.FIX)
    return screen if v is not None and screen.restore(v) else None
