# Every screen of the app, drawn with fixed settings and no hardware: for the test that
# compares the bytes drawn on CPython (adafruit_framebuf) and MicroPython (framebuf),
# and for PNGs to look at. Run on either runtime: python -m / micropython gallery.py.
from pawpad.app import box_menus, menus
from pawpad.app.lists import Notice
from pawpad.app.shell import App
from pawpad.core import settings
from pawpad.ui.canvas import Canvas


class QuietOut:
    """The app's `out` with nothing behind it."""

    def sound(self, notes, urgent=False):
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

    def date(self):
        return "2026-11-29"

    def stages_pending_since(self):
        return None

    def recording(self):
        return None

    def arm_stop(self, hz, seats):
        pass

    def disarm_stop(self):
        pass

    def prepare_frames(self, draw_base, draws):
        return {}

    def send_prepared(self, prep):
        pass

    def record(self, on):
        return None

    raw = [None, None]


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
    players = box_menus.Players()
    players.sel = 2
    players.editing = True
    out.append(("players-editing", players))
    out.append(("settings", box_menus.SettingsScreen()))
    hw = box_menus.Hardware()
    hw.stage(app, ("added", 0, 2, 0))
    out.append(("hardware", hw))
    out.append(("about", box_menus.About()))
    out.append(("notice", Notice("Notice", [
        "Settings file had errors:", "players must be a whole", "Kept as settings.json.bad"])))
    out += game_screens(app)
    return app, out


def game_screens(app):
    """The games' own screens, each in a set position."""
    from pawpad.app import flow_pick_a_dog as pad
    from pawpad.app import flow_top_dogs as tds
    from pawpad.app import pad_exam, pad_round
    from pawpad.app.game_menu import RoundsList
    from pawpad.app.host import Host
    from pawpad.app.results import Results
    from pawpad.app.session import Session

    out = []
    s = Session.new(None, "top_dogs", 3)
    s.offer({"t": "teams", "cards": [[5, 5, 2], [5, 6, 2], [1, 1, 1]]})
    host = Host(app, s)
    out.append(("top-dogs-board", tds.Board(host)))
    entry = tds.TeamEntry(host, cards=[[5, 5, 2], [6, 6, 6], [3, 1, 2]], seat=1)
    out.append(("top-dogs-entry", entry))
    out.append(("top-dogs-rounds", RoundsList(host)))

    s = Session.new(None, "pick_a_dog", 6)
    host = Host(app, s)
    out.append(("pick-a-dog-ready", pad.Ready(host)))
    live = pad_round.Live(host, app, 1000, [])
    out.append(("pick-a-dog-live", live))
    from pawpad.core.lockout import RoundClock

    clock = RoundClock(1000)
    for seat, t in ((2, 351000), (0, 359000), (4, 420000)):
        clock.press(seat, t)
    stopped = pad_round.Stopped(host, app, clock)
    stopped.details = stopped.hint = True
    out.append(("pick-a-dog-stopped", stopped))
    out.append(("pick-a-dog-exam", pad_exam.Exam(host)))
    counts = pad_exam.Counts(host, True, values=[3, 0, 5, 4, 2, 1], broken=[3])
    counts.sel = 3
    out.append(("pick-a-dog-counts", counts))
    before = s.state
    s.offer(counts.event())
    out.append(("pick-a-dog-result", pad_exam.RoundResult(host, before)))
    out.append(("results", Results(Host(app, Session.new(None, "top_dogs", 3, {"rounds": 1})))))

    from pawpad.app import flow_top_dog as tdg

    s = Session.new(None, "top_dog", 3)
    host = Host(app, s)
    out.append(("top-dog-board", tdg.Board(host)))
    entry = tdg.PlayEntry(host, 1)
    entry.entries[1] = ["new", 4, 7, -1, 2]
    entry.field = 2
    out.append(("top-dog-play", entry))
    s.offer({"t": "play", "plays": [[0, "new", None], [1, "new", None], [2, "new", None]]})
    out.append(("top-dog-judge", tdg.Judge(host)))
    s.offer({"t": "medals", "won": {"P": [0, "new"], "A": None, "W": [2, "new"], "S": None}})
    s.state["pound"] = 5
    s.state["phase"] = "rescue"
    out.append(("top-dog-rescue", tdg.Rescue(host)))

    from pawpad.app import flow_circus_puppy as cpf

    s = Session.new(None, "circus_puppy", 4)
    host = Host(app, s)
    out.append(("circus-board", cpf.Board(host)))
    pick = cpf.ActionPick(host)
    pick.action = 1  # double trick: the chosen action and the helper rows show
    pick.chosen = 2
    out.append(("circus-action", pick))
    s.offer({"t": "perform", "action": "acrobatics"})
    out.append(("circus-perform", cpf.Perform(host)))
    s.offer({"t": "move", "from": 1})
    s.offer({"t": "stack", "stage": 0})
    s.offer({"t": "done", "t_ms": 0})
    out.append(("circus-hold", cpf.Hold(host, 0)))
    out.append(("circus-fall", cpf.FallCount(host, 0)))
    return out


def render_all():
    """{name: frame bytes} for every screen."""
    app, items = screens()
    frames = {}
    for name, screen in items:
        c = Canvas()
        app.nav.stack = [screen]
        app.draw(c)
        frames[name] = bytes(c.buf)
    return frames


def main():
    import binascii

    for name, frame in sorted(render_all().items()):
        print(name, binascii.hexlify(frame).decode())


if __name__ == "__main__":
    main()


LONG_COLOURS = ["Yellow", "Orange", "Purple", "Green", "White", "Pink", "Blue", "Red"]


def worst_screens():
    """Every screen again with the longest values its fields can take: eight players
    with the longest colour names first, 5-digit times, long counts, every setting at
    its widest. For the test that every string fits."""
    from pawpad.app import flow_circus_puppy as cpf
    from pawpad.app import flow_pick_a_dog as pad
    from pawpad.app import flow_top_dog as tdg
    from pawpad.app import flow_top_dogs as tds
    from pawpad.app import pad_exam, pad_round, pad_solo
    from pawpad.app.game_menu import GameMenu, RoundsList, TimerScreen
    from pawpad.app.game_start import GameSetup
    from pawpad.app.host import Host
    from pawpad.app.results import Results
    from pawpad.app.session import Session
    from pawpad.core.lockout import RoundClock

    s = settings.defaults()
    s["players"] = 8
    s["colours"] = list(LONG_COLOURS)
    s["tie_rule"] = "choose"
    s["false_start_lock"] = True
    s["round_limit_s"] = 600
    s["dim_after_s"] = 3600
    s["tie_us"] = 100000
    s["counts_per_gram"] = 100000
    info = {"board": "gallery", "reset": "watchdog", "free": 237000,
            "runtime": "MicroPython 1.28.0"}
    app = App(QuietOut(), s, (), info, now_ms=0)
    out = []
    for cls in (menus.MainMenu, box_menus.Players, box_menus.SettingsScreen,
                box_menus.Hardware, box_menus.About, box_menus.Statistics):
        screen = cls()
        if hasattr(screen, "sel"):
            screen.sel = 0
        out.append((cls.__name__, screen))
    settings_screen = box_menus.SettingsScreen()
    for i in range(len(settings_screen.fields)):
        scr = box_menus.SettingsScreen()
        scr.sel = i
        scr.top = max(0, i - 5)
        scr.editing = True
        out.append(("settings-%d" % i, scr))
    app.stats.update({c: {"stops": 999, "right": 998, "wrong": 1, "false": 999,
                          "games": 999, "wins": 999, "fastest_ms": 99999,
                          "cards_dog": 4900, "rounds_dog": 100, "cards_pog": 4900,
                          "rounds_pog": 100}
                      for c in LONG_COLOURS})
    out.append(("statistics-full", box_menus.Statistics()))

    # Pick-a-Dog for eight, with the widest of everything
    ses = Session.new(None, "pick_a_dog", 8, {"variant": "pog"}, LONG_COLOURS)
    host = Host(app, ses)
    out.append(("pad-ready", pad.Ready(host)))
    cd = pad_round.Countdown(host, app)
    cd.false = [(seat, 0) for seat in range(8)]
    out.append(("pad-countdown", cd))
    out.append(("pad-live", pad_round.Live(host, app, 1000, [])))
    clock = RoundClock(1000)
    clock.press(0, 1000 + 99999000)
    for seat in range(1, 8):
        clock.press(seat, 1000 + 99999000 + seat * 9999000)
    for hint in (False, True):  # the STOP's own frames; the verdict's keys 2 s later
        stopped = pad_round.Stopped(host, app, clock, [(s, 0) for s in range(1, 8)])
        stopped.caller, stopped.reaction, stopped.deciding = 0, 99999, False
        stopped.details = True
        stopped.hint = hint
        out.append(("pad-stopped-keys" if hint else "pad-stopped", stopped))
    tie = pad_round.Stopped(host, app, clock)
    tie.winners, tie.deciding, tie.details = list(range(8)), False, True
    out.append(("pad-tie", tie))
    ses.offer({"t": "stop", "seat": 0})
    out.append(("pad-exam", pad_exam.Exam(host)))
    counts = pad_exam.Counts(host, True, values=[49] * 8, broken=range(8))
    out.append(("pad-counts", counts))
    out.append(("pad-counts-fix", pad_exam.Counts(host, False, fix=0, values=[49] * 8)))
    before = ses.state
    ses.offer({"t": "result", "right": True, "collected": [3, 2, 1, 0, 0, 0, 0, 4]})
    out.append(("pad-result", pad_exam.RoundResult(host, before)))
    out.append(("game-menu", GameMenu(host)))
    out.append(("rounds", RoundsList(host)))
    host.new_timer()
    out.append(("timer", TimerScreen(host)))
    out.append(("results-pad", Results(host)))
    solo = Host(app, Session.new(None, "pick_a_dog", 1, {"variant": "solo"}, LONG_COLOURS))
    watch = pad_solo.SoloRound(solo, 0)
    out.append(("solo", watch))
    out.append(("solo-count", pad_solo.SoloCount(solo, 3599999)))

    # Top Dogs for five
    ses = Session.new(None, "top_dogs", 5, {"rounds": 30, "cups": 30}, LONG_COLOURS)
    host = Host(app, ses)
    ses.offer({"t": "teams", "cards": [[20, 20, 20]] * 4 + [[20, 20, 19]]})
    out.append(("tds-board", tds.Board(host)))
    entry = tds.TeamEntry(host, cards=[[20, 20, 20]] * 5, seat=4)
    out.append(("tds-entry", entry))
    out.append(("tds-setup", GameSetup(app, "top_dogs", 5)))
    out.append(("tds-results", Results(host)))

    # Top Dog for six
    ses = Session.new(None, "top_dog", 6, None, LONG_COLOURS)
    host = Host(app, ses)
    out.append(("td-board", tdg.Board(host)))
    play = tdg.PlayEntry(host, 5)
    play.entries[5] = ["breed", 30, 30, 30, 30]
    out.append(("td-play", play))
    ses.offer({"t": "play", "plays": [[i, "new", None] for i in range(6)]})
    judge = tdg.Judge(host)
    judge.picks = [len(judge.choices) - 1] * len(judge.picks)
    out.append(("td-judge", judge))
    ses.offer({"t": "medals", "won": {"P": [5, "new"], "A": [4, "new"], "W": [3, "new"],
                                      "S": [2, "new"]}})
    out.append(("td-summary", tdg.RoundSummary(host)))
    ses.state["pound"] = 18
    out.append(("td-rescue", tdg.Rescue(host)))

    # Circus Puppy for five
    ses = Session.new(None, "circus_puppy", 5, {"red": list(range(1, 30))}, LONG_COLOURS)
    host = Host(app, ses)
    out.append(("cp-setup", GameSetup(app, "circus_puppy", 5)))
    out.append(("cp-board", cpf.Board(host)))
    pick = cpf.ActionPick(host)
    pick.action = 1
    pick.chosen = 3
    out.append(("cp-action", pick))
    ses.offer({"t": "perform", "action": "double trick", "chosen": "helper", "helper": 1})
    perform = cpf.Perform(host)
    perform.lifted = (0, 0)
    out.append(("cp-perform", perform))
    out.append(("cp-stage-card", cpf.StageCardPick(host, None)))
    out.append(("cp-fall", cpf.FallCount(host, 0)))
    out.append(("cp-results", Results(host)))
    return app, out
