# Every screen of the app, drawn with fixed settings and no hardware: for the test that
# compares the bytes drawn on CPython (adafruit_framebuf) and MicroPython (framebuf),
# and for PNGs to look at. Run on either runtime: python -m / micropython gallery.py.
from pawpad.app.menus.about import About
from pawpad.app.menus.boot import Boot
from pawpad.app.menus.hardware import HardwareCheck
from pawpad.app.menus.main import MainMenu
from pawpad.app.menus.players import Players
from pawpad.app.menus.settings import SettingsScreen
from pawpad.app.menus.statistics import Statistics
from pawpad.app.shell.app import App
from pawpad.app.shell.box import Box
from pawpad.core import settings
from pawpad.ui.canvas import Canvas
from pawpad.ui.lists import Notice


class QuietBox(Box):
    """The app's `out` with nothing behind it, and a box's figures to show."""

    raw = [None, None]

    def save_settings(self, values):
        return None

    def status(self):
        return {"stages": ["8g", "missing"], "tilt": "level", "stuck": "3"}

    def clock(self):
        return "2026-11-29 20:15:00"


def quiet_app(s, info=None):
    """An App over QuietBox with settings `s`, at its boot screen."""
    return App(QuietBox(), s, MainMenu, Boot(0), (), info or {}, now_ms=0)


def screens():
    s = settings.defaults()
    s["players"] = 6
    info = {"board": "gallery", "reset": "power on", "free": 150000,
            "runtime": "MicroPython 1.29.0"}
    app = quiet_app(s, info)
    out = [("boot", Boot(0))]
    main = MainMenu()
    out.append(("menu", main))
    scrolled = MainMenu()
    scrolled.sel = 7
    out.append(("menu-scrolled", scrolled))
    players = Players()
    players.sel = 2
    players.editing = True
    out.append(("players-editing", players))
    out.append(("settings", SettingsScreen()))
    hw = HardwareCheck()
    hw.stage(app, ("added", 0, 2, 0))
    out.append(("hardware", hw))
    out.append(("about", About()))
    out += set_aside_screens(("game.log.bad", 2400), ("settings.json.bad", 412))
    out.append(("notice", Notice("Notice", [
        "Settings file had errors:", "players must be a whole", "Kept as settings.json.bad"])))
    out += game_screens(app)
    out += rules_screens(app)
    return app, out


def rules_screens(app):
    """Rules here: a step's page, its second screen, and a box without the file."""
    from pawpad.app.shell.rules_here import RulesHere
    from pawpad.ui.screen import DOWN
    from pawsim.board import rules_file

    path = rules_file()
    second = RulesHere(None, "top_dogs/team-entry", path)
    second.key(app, DOWN)
    return [("rules-here", RulesHere(None, "pick_a_dog/pad-ready", path)),
            ("rules-here-2", second),
            ("rules-missing", RulesHere(None, "pick_a_dog/pad-ready", None))]


def set_aside_screens(*copies):
    """Settings > Set aside listing `copies` [(copy, bytes)], and its warning."""
    from pawpad.app.menus.set_aside import PutBack, SetAside

    listing = SetAside()
    listing.copies = list(copies)
    return [("set-aside", listing), ("put-back", PutBack(listing, *copies[0]))]


def calibrate_screens():
    """Check hardware > Calibrate stages at each of its steps, with the widest value it
    can find (the settings' counts a gram are at their widest too)."""
    from pawpad.app.menus import calibrate

    out = []
    for name, fields in (("calibrate", {}), ("calibrate-cards", {"phase": 1}),
                         ("calibrate-hold", {"phase": 1, "waiting": 0}),
                         ("calibrate-silent", {"phase": 1, "waiting": 0, "silent": True}),
                         ("calibrate-weighing", {"waiting": 0, "since": 0}),
                         ("calibrate-restless", {"failed": calibrate.RESTLESS}),
                         ("calibrate-no-cell", {"phase": 1, "failed": calibrate.SILENT}),
                         ("calibrate-none", {"phase": 2}),
                         ("calibrate-found", {"phase": 2, "value": 100000})):
        screen = calibrate.Calibrate()
        for k, v in fields.items():
            setattr(screen, k, v)
        out.append((name, screen))
    return out


def game_screens(app):
    """The games' own screens, each in a set position."""
    from pawpad.app.flows.pick_a_dog import countdown as pad_round
    from pawpad.app.flows.pick_a_dog import exam as pad_exam
    from pawpad.app.flows.pick_a_dog import flow as pad
    from pawpad.app.flows.pick_a_dog import stop as pad_stop
    from pawpad.app.flows.top_dogs import flow as tds
    from pawpad.app.shell.game import Game
    from pawpad.app.shell.game_menu import RoundsList
    from pawpad.app.shell.results import Results
    from pawpad.store.session import Session

    out = []
    s = Session.new(None, "top_dogs", 3)
    s.offer({"t": "teams", "cards": [[5, 5, 2], [5, 6, 2], [1, 1, 1]]})
    game = Game(app, s)
    out.append(("top-dogs-board", tds.TopDogsScoreboard(game)))
    entry = tds.TeamEntry(game, cards=[[5, 5, 2], [6, 6, 6], [3, 1, 2]], seat=1)
    out.append(("top-dogs-entry", entry))
    app.box.player_keys = 8  # a box of 8 buttons, Keypad on: the hint till one is used
    out.append(("top-dogs-entry-hint", tds.TeamEntry(game, cards=[[5, 5, 2]] * 3, seat=2)))
    app.box.player_keys = 0
    out.append(("top-dogs-rounds", RoundsList(game)))

    s = Session.new(None, "pick_a_dog", 6)
    game = Game(app, s)
    out.append(("pick-a-dog-ready", pad.Ready(game)))
    live = pad_round.Live(game, app, 1000, [])
    out.append(("pick-a-dog-live", live))
    from pawpad.core.stop.lockout import RoundClock

    clock = RoundClock(1000)
    for seat, t in ((2, 351000), (0, 359000), (4, 420000)):
        clock.press(seat, t)
    stopped = pad_stop.Stopped(game, app, clock)
    stopped.details = stopped.hint = True
    out.append(("pick-a-dog-stopped", stopped))
    out.append(("pick-a-dog-exam", pad_exam.Exam(game)))
    counts = pad_exam.Counts(game, True, values=[3, 0, 5, 4, 2, 1], broken=[3])
    counts.sel = 3
    out.append(("pick-a-dog-counts", counts))
    before = s.state
    s.offer(counts.event())
    out.append(("pick-a-dog-result", pad_exam.RoundResult(game, before)))
    out.append(("results", Results(Game(app, Session.new(None, "top_dogs", 3, {"rounds": 1})))))

    from pawpad.app.flows.top_dog import flow as tdg
    from pawpad.app.flows.top_dog.entry import PlayEntry
    from pawpad.app.flows.top_dog.judge import Judge, Rescue

    s = Session.new(None, "top_dog", 3)
    game = Game(app, s)
    out.append(("top-dog-board", tdg.TopDogScoreboard(game)))
    entry = PlayEntry(game, 1)
    entry.entries[1] = ["new", 4, 7, -1, 2]
    entry.field = 2
    out.append(("top-dog-play", entry))
    app.box.player_keys = 8
    entry = PlayEntry(game, 2)
    app.box.player_keys = 0
    entry.entries[2] = ["new", 30, 30, -1, 2]
    entry.field = 3
    out.append(("top-dog-play-hint", entry))
    s.offer({"t": "play", "plays": [[0, "new", None], [1, "new", None], [2, "new", None]]})
    out.append(("top-dog-judge", Judge(game)))
    s.offer({"t": "medals", "won": {"P": [0, "new"], "A": None, "W": [2, "new"], "S": None}})
    s.state["pound"] = 5
    s.state["phase"] = "rescue"
    out.append(("top-dog-rescue", Rescue(game)))

    from pawpad.app.flows.circus_puppy import flow as cpf
    from pawpad.app.flows.circus_puppy.perform import Hold, Perform
    from pawpad.app.flows.circus_puppy.steps import ActionPick, FallCount, StageAsk

    s = Session.new(None, "circus_puppy", 4)
    game = Game(app, s)
    out.append(("circus-board", cpf.CircusScoreboard(game)))
    pick = ActionPick(game)
    pick.action = 1  # double trick: the chosen action and the helper rows show
    pick.chosen = 2
    out.append(("circus-action", pick))
    s.offer({"t": "perform", "action": "acrobatics"})
    out.append(("circus-perform", Perform(game)))
    s.offer({"t": "move", "from": 1})
    s.offer({"t": "stack", "stage": 0})
    s.offer({"t": "done", "t_ms": 0})
    out.append(("circus-hold", Hold(game, 0)))
    out.append(("circus-fall", FallCount(game, 0)))
    out.append(("circus-ask", StageAsk(game, ("unsure", 0, 2, 0))))
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
# People at every other seat, each name as long as the roster allows and of every kind
# of character (pawpad.store.catalogues.roster): the screens show names and colours side by side.
LONG_PEOPLE = ["O'Ne.z", None, "Jo-A 1", None, "MMMMMM", None, "W.W-'y", None]

# Names that begin alike, for the test that every screen tells the people seated apart
# (roster.shorts): every pair of these that shares its first three letters (but for
# case) is seated, at every player count of every game.
ALIKE = ("Ann", "Anna", "Annie", "ANNE", "Annika", "Mark", "Marcus", "Mar", "marco",
         "Jo-A 1", "Jo-A 2", "MMMMMM", "MMMMMN", "Yel", "Yelena")
# and harsher tables: many alike at once, names alike but for the case of their first
# letters, names that are another's short name ("Ana" is Anna's, with Annie there), and
# names that are a colour's short name beside that colour's seat without a name.
HARSH = (
    ("Ann", "Anna", "ANNE", "annie", "Annika", "Ana", "Ani", "AnnaB"),
    ("Mark", "Marcus", "Mac", "Mak", "MARy", "mar", "Marco", "Ma"),
    ("ANNa", "Annie", "aNNe", "Ana", "Ani", "Ane"),
)
# Seats 0 (Yellow) and 6 (Blue) by colour: each beside a name that begins as it does.
BY_COLOUR = [None, "Yel", "Yelena", "Blu", "Bluey", "Pin", None, "Pinky"]


def pairs_alike():
    """Every pair of ALIKE that shares its first three letters but for case."""
    out = []
    for i in range(len(ALIKE)):
        for b in ALIKE[i + 1:]:
            if ALIKE[i][:3].lower() == b[:3].lower():
                out.append((ALIKE[i], b))
    return out


def spread(names, n):
    """The people at n seats, `names` spread over them as evenly as they go (the first
    at seat 0, the last of a pair at the middle seat or after), colours between."""
    out = [None] * n
    k = min(len(names), n)
    for i in range(k):
        out[i * n // k] = names[i]
    return out


def long_people(n):
    return LONG_PEOPLE[:n]


def worst_screens(people=long_people):
    """Every screen again with the longest values its fields can take: eight players
    with the longest colour names first, 5-digit times, long counts, every setting at
    its widest. For the test that every string fits. `people(n)`: who sits at a game of
    n seats (a name or None each; LONG_PEOPLE's by default)."""
    from pawpad.app.flows.circus_puppy import flow as cpf
    from pawpad.app.flows.circus_puppy.perform import Perform
    from pawpad.app.flows.circus_puppy.steps import ActionPick, FallCount, StageAsk, StageCardPick
    from pawpad.app.flows.pick_a_dog import countdown as pad_round
    from pawpad.app.flows.pick_a_dog import exam as pad_exam
    from pawpad.app.flows.pick_a_dog import flow as pad
    from pawpad.app.flows.pick_a_dog import solo as pad_solo
    from pawpad.app.flows.pick_a_dog import stop as pad_stop
    from pawpad.app.flows.top_dog import flow as tdg
    from pawpad.app.flows.top_dog.entry import PlayEntry
    from pawpad.app.flows.top_dog.judge import Judge, Rescue, RoundSummary
    from pawpad.app.flows.top_dogs import flow as tds
    from pawpad.app.shell.game import Game
    from pawpad.app.shell.game_menu import GameMenu, RoundsList, TimerScreen
    from pawpad.app.shell.game_start import GameSetup, WhoStarts
    from pawpad.app.shell.results import Results
    from pawpad.core.stop.lockout import RoundClock
    from pawpad.store.session import Session

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
    app = quiet_app(s, info)
    # the roster at its fullest: 16 names of the longest, people at every other seat
    from pawpad.app.shell.people import NameEntry, Names, Person, Seating
    from pawpad.store.catalogues.roster import NAMES_MAX, Roster

    seats = people(8)
    names = [p for p in seats if p]
    names += ["Zz-%03d" % i for i in range(NAMES_MAX - len(names))]
    app.roster = Roster(names, seats)
    out = []
    for cls in (MainMenu, Players, SettingsScreen,
                HardwareCheck, About, Statistics, Names, Seating, NameEntry):
        screen = cls()
        if hasattr(screen, "sel"):
            screen.sel = 0
        out.append((cls.__name__, screen))
    settings_screen = SettingsScreen()
    for i in range(len(settings_screen.fields)):
        scr = SettingsScreen()
        scr.sel = i
        scr.top = max(0, i - 5)
        scr.editing = True
        out.append(("settings-%d" % i, scr))
    out += set_aside_screens(("history.log.bad99999", 99999 * 1024),
                             ("settings.json.bad12", 1023), ("players.json.bad", 5))
    out += calibrate_screens()
    app.stats.update({c: {"stops": 999, "right": 998, "wrong": 1, "false": 999,
                          "games": 999, "wins": 999, "fastest_ms": 99999,
                          "cards_dog": 4900, "rounds_dog": 100, "cards_pog": 4900,
                          "rounds_pog": 100}
                      for c in LONG_COLOURS})
    app.stats.update({p: dict(app.stats[LONG_COLOURS[0]]) for p in names})
    out.append(("statistics-full", Statistics()))
    entry = NameEntry()
    entry.text = "MMMMMM"
    out.append(("name-entry-full", entry))
    app.roster.short[names[-1]] = "W.y"  # chosen by its person
    person = Person(names[-1])
    person.doomed = True
    out.append(("person", person))
    entry = NameEntry(names[-1])
    entry.text = "W.y"
    out.append(("short-entry-full", entry))

    # Pick-a-Dog for eight, with the widest of everything
    ses = Session.new(None, "pick_a_dog", 8, {"variant": "pog"}, LONG_COLOURS, people(8))
    game = Game(app, ses)
    out.append(("pad-ready", pad.Ready(game)))
    cd = pad_round.Countdown(game, app)
    cd.false = [(seat, 0) for seat in range(8)]
    out.append(("pad-countdown", cd))
    out.append(("pad-live", pad_round.Live(game, app, 1000, [])))
    clock = RoundClock(1000)
    clock.press(0, 1000 + 99999000)
    for seat in range(1, 8):
        clock.press(seat, 1000 + 99999000 + seat * 9999000)
    for seat in range(1, 8):
        clock.press(seat, 0)  # a false start each, in the countdown
    for hint in (False, True):  # the STOP's own frames; the verdict's keys 2 s later
        stopped = pad_stop.Stopped(game, app, clock)
        stopped.caller, stopped.reaction, stopped.part = 0, 99999, pad_stop.Shown
        stopped.details = True
        stopped.hint = hint
        out.append(("pad-stopped-keys" if hint else "pad-stopped", stopped))
    tie = pad_stop.Stopped(game, app, clock)
    tie.tied, tie.part, tie.details = list(range(8)), pad_stop.Tie, True
    out.append(("pad-tie", tie))
    ses.offer({"t": "stop", "seat": 0})
    out.append(("pad-exam", pad_exam.Exam(game)))
    counts = pad_exam.Counts(game, True, values=[49] * 8, broken=range(8))
    out.append(("pad-counts", counts))
    out.append(("pad-counts-fix", pad_exam.Counts(game, False, fix=0, values=[49] * 8)))
    before = ses.state
    ses.offer({"t": "result", "right": True, "collected": [3, 2, 1, 0, 0, 0, 0, 4]})
    out.append(("pad-result", pad_exam.RoundResult(game, before)))
    out.append(("game-menu", GameMenu(game)))
    out.append(("rounds", RoundsList(game)))
    game.new_timer()
    out.append(("timer", TimerScreen(game)))
    out.append(("results-pad", Results(game)))
    solo = Game(app, Session.new(None, "pick_a_dog", 1, {"variant": "solo"}, LONG_COLOURS))
    watch = pad_solo.SoloRound(solo, 0)
    out.append(("solo", watch))
    out.append(("solo-count", pad_solo.SoloCount(solo, 3599999)))

    # Top Dogs for five: the cup to a name of six letters with the highest team there
    # is (cards go to 20: 20-20-20 is 8000), a cup worth the most
    ses = Session.new(None, "top_dogs", 5, {"rounds": 30, "cups": 30, "cup_points": 10},
                      LONG_COLOURS, people(5))
    game = Game(app, ses)
    ses.offer({"t": "teams", "cards": [[19, 19, 19]] * 4 + [[20, 20, 20]]})
    out.append(("tds-board", tds.TopDogsScoreboard(game)))
    entry = tds.TeamEntry(game, cards=[[20, 20, 20]] * 5, seat=4)
    out.append(("tds-entry", entry))
    out.append(("tds-entry-tens", tds.TeamEntry(game, cards=[[10, 10, 10]] * 5, seat=4)))
    out.append(("tds-rounds", RoundsList(game)))
    out.append(("tds-setup", GameSetup(app, "top_dogs", 5)))
    out.append(("tds-results", Results(game)))
    out.append(("tds-last-cup", tds.LastCup(game)))
    who = WhoStarts(app, "circus_puppy", 5, {}, "first", ())
    who.sel = 4
    out.append(("cp-who-starts", who))

    # Top Dog for six
    ses = Session.new(None, "top_dog", 6, None, LONG_COLOURS, people(6))
    game = Game(app, ses)
    out.append(("td-board", tdg.TopDogScoreboard(game)))
    play = PlayEntry(game, 5)
    play.entries[5] = ["breed", 30, 30, 30, 30]
    out.append(("td-play", play))
    ses.offer({"t": "play", "plays": [[i, "new", None] for i in range(6)]})
    judge = Judge(game)
    judge.picks = [len(judge.choices) - 1] * len(judge.picks)
    out.append(("td-judge", judge))
    ses.offer({"t": "medals", "won": {"P": [5, "new"], "A": [4, "new"], "W": [3, "new"],
                                      "S": [2, "new"]}})
    out.append(("td-summary", RoundSummary(game)))
    ses.state["pound"] = 18
    out.append(("td-rescue", Rescue(game)))

    # Circus Puppy for five
    ses = Session.new(None, "circus_puppy", 5, {"red": list(range(1, 30))}, LONG_COLOURS,
                      people(5))
    game = Game(app, ses)
    out.append(("cp-setup", GameSetup(app, "circus_puppy", 5)))
    out.append(("cp-board", cpf.CircusScoreboard(game)))
    pick = ActionPick(game)
    pick.action = 1
    pick.chosen = 3
    out.append(("cp-action", pick))
    ses.offer({"t": "perform", "action": "double trick", "chosen": "helper", "helper": 1})
    perform = Perform(game)
    perform.lifted = (0, 0)
    out.append(("cp-perform", perform))
    out.append(("cp-stage-card", StageCardPick(game, None)))
    out.append(("cp-fall", FallCount(game, 0)))
    ask = StageAsk(game, ("unsure", 1, -12, 0))  # the widest answer: "12 dogs fell"
    out.append(("cp-ask", ask))
    out.append(("cp-results", Results(game)))
    return app, out
