# The history's index (store/records/history_index.py), counted in bytes: opening
# History on a 300-game history reads the rows it draws, not the file; a game's end
# reads O(1) of the history (the prune's copy of the games it keeps aside); and an
# index missing, torn, damaged, behind or another history's is made again and gives
# the screens the whole reading gave before it. Both runtimes.
import os

from pawpad.app.menus import history as history_menu
from pawpad.app.menus.history import History
from pawpad.store import files
from pawpad.store.files import Storage
from pawpad.store.log import codec, lines
from pawpad.store.records import history as history_mod
from pawpad.store.records import history_index as hi
from pawpad.store.records.history import HISTORY, add_game, history
from pawpad.ui.canvas import Canvas
from pawsim import reads
from support.device import fresh_dir

COLOURS = ["Red", "Blue", "Green", "Yellow", "White", "Purple", "Orange", "Pink"]
MODULES = (hi, history_mod, lines, files, history_menu)


def Counting():
    """Every file the store's modules open, its reads counted ({name: bytes})."""
    return reads.Counting(MODULES)


class Nav:
    dirty = False

    def __init__(self):
        self.pushed = []

    def push(self, s):
        self.pushed.append(s)


class App:
    def __init__(self, store):
        self.store = store
        self.settings = {"colours": list(COLOURS)}
        self.nav = Nav()


def record(i, **more):
    rec = {"game": ("top_dogs", "pick_a_dog", "top_dog")[i % 3], "players": 3,
           "id": "g%05d" % i, "scores": [i, 3, 1], "winners": [i % 3], "ms": 60000 * i,
           "colours": ["Red", "Blue", "Green"], "date": "2026-01-%02d" % (1 + i % 28),
           "sheet": {"rows": [[n, [n, n + 1, n + 2]] for n in range(40)]}}
    rec.update(more)
    return rec


def long_history(n, junk=()):
    """history.log of n games (about 900 bytes each) as an older firmware left it: no
    index; a line of junk after each game of `junk`."""
    store = Storage(fresh_dir())
    with open(store.path(HISTORY), "w") as f:
        for i in range(n):
            f.write(codec.encode(record(i)))
            if i in junk:
                f.write("junk\n")
    return store


# The History screen as the code before the index made it: the whole file read (the
# tests' own copy, so that what the index gives is held to what it replaced).
def _old_readable(g):
    if not isinstance(g, dict) or not isinstance(g.get("scores"), list):
        return False
    won = g.get("winners")
    n = len(g["scores"])
    return won is None or (isinstance(won, list) and
                           all(isinstance(w, int) and 0 <= w < n for w in won))


def _old_title(g):
    from pawpad.app import registry

    t = g.get("title")
    if isinstance(t, str):
        return t
    try:
        return registry.title(g.get("game"))
    except ValueError:
        return "?"


def _old_seat(g, seat):
    from pawpad.store.catalogues.roster import who

    name = who(g.get("people"), g.get("colours"), seat)
    if name is not None:
        return name
    return COLOURS[seat] if 0 <= seat < 8 else "?"


def old_screen(store, keep=History.KEEP):
    """[(row, the game's notice lines)], newest first."""
    out = []
    for g in history(store):
        if not _old_readable(g):
            continue
        won = g.get("winners") or []
        who = _old_seat(g, won[0]) if len(won) == 1 else ("tie" if won else "-")
        ms = g.get("ms")
        mins = ms // 60000 if isinstance(ms, int) and ms >= 0 else 0
        lines_ = [history_mod.when(g) or "date unknown",
                  "%d min" % mins if mins else "under a minute"]
        lines_ += ["%s %s" % (_old_seat(g, s), v) for s, v in enumerate(g["scores"])]
        if g.get("abandoned"):
            lines_.append("(ended early)")
        out.append(((_old_title(g), who), (_old_title(g), lines_)))
        if len(out) > keep:
            out.pop(0)
    out.reverse()
    return out


def screen(store):
    """What History shows now, as old_screen says it: every row, and OK on each."""
    app = App(store)
    h = History()
    rows = h.rows(app)
    n = len(rows) if rows != [("No games yet", None)] else 0
    out = []
    for i in range(n):
        row = tuple(h.rows(app)[i])
        h.choose(app, i)
        notice = app.nav.pushed.pop()
        out.append((row, (notice.title, list(notice.lines))))
    return out


def test_opening_history_reads_the_rows_it_shows_not_the_file():
    for n in (60, 300):
        store = long_history(n)
        hi.current(store)  # made once (the boot does it, with its bar)
        app = App(store)
        with Counting() as read:
            h = History()
            h.draw(Canvas(), app)
            for _ in range(3):
                h.key(app, "down")
                h.draw(Canvas(), app)
        size = store.size(HISTORY)
        assert size > 250000 or n < 300, size
        # the ends of the index's first and last lines, checked against the history
        assert read.get(HISTORY, 0) <= 2 * 16, (n, read)
        # the five rows drawn and the one scrolled to, each found by halves
        assert read.get(hi.INDEX, 0) <= 64 * (2 + 6 * 12), (n, read)
        assert list(h.rows(app))[:6] == [r for r, _ in old_screen(store)[:6]]


def test_a_games_end_reads_o1_of_the_history():
    store = long_history(300)
    hi.current(store)
    size = store.size(HISTORY)
    with Counting() as read:  # no prune due (keep: more than the history holds)
        add_game(store, record(300, id="new1"), keep=1000)
    assert read.get(HISTORY, 0) <= 2048, read  # its own line read back for its entry
    with Counting() as read:  # the prune: the 50 games kept are copied, nothing else
        add_game(store, record(301, id="new2"))
    kept = 50 * 1000
    assert read.get(HISTORY, 0) <= kept, (read, size)
    assert [g["id"] for g in history(store)][-2:] == ["new1", "new2"]
    assert len(list(history(store))) == 50
    for i in range(302, 307):  # the ends after it, up to the next prune
        with Counting() as read:
            add_game(store, record(i))
        assert read.get(HISTORY, 0) <= 2048, (i, read)
    with Counting() as read:  # an ending done again (a power cut in it): found by its id
        add_game(store, record(306))
    assert read.get(HISTORY, 0) <= 2048, read
    assert [g["id"] for g in history(store)].count("g00306") == 1
    assert hi.current(store).n == 55 == len(list(history(store)))


def _flip(store, name, at):
    path = store.path(name)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[at] ^= 0x20
    with open(path, "wb") as f:
        f.write(data)


def _odd_history():
    """Games of every kind the screen meets, and lines that are none."""
    store = Storage(fresh_dir())
    odd = [record(1, title="Pick-a-Pog"), record(2, winners=[]), record(3, winners=[0, 2]),
           record(4, people=["Ann", None, "Bo"], winners=[0]),
           record(5, people=["Ann", None, "Bo"], winners=[1]),
           record(6, title="A title far too long for the entry"),
           record(7, people=["Someone-with-a-long-name-x", "B", "C"], winners=[0]),
           record(8, game="no_such_game"), record(9, abandoned=True, winners=[]),
           record(10, start="2026-12-01 10:00:00", end="2026-12-01 10:30:00")]
    del odd[2]["colours"]  # a record from before the box kept colours
    with open(store.path(HISTORY), "wb") as f:
        for i, g in enumerate(odd):
            f.write(codec.encode(g).encode())
            if i == 2:
                f.write(b"junk\n\xff\xfe not text\n")
            if i == 5:
                f.write(b"x" * 5000 + b"\n")  # too long to be a record
            if i == 7:
                f.write(codec.encode({"game": "top_dogs", "players": 2,
                                      "scores": [1]}).encode())  # no game's shape
        for i in range(60):
            f.write(codec.encode(record(20 + i)).encode())
        f.write(b'{"game": "top_dogs", "pla')  # cut short
    return store


def test_a_missing_stale_torn_or_damaged_index_gives_the_screens_as_before():
    store = _odd_history()
    before = old_screen(store)
    assert len(before) == History.KEEP
    assert screen(store) == before  # none: made from the history
    ix = hi.current(store)
    assert store.size(hi.INDEX) == ix.n * hi.ENTRY
    made = open(store.path(hi.INDEX), "rb").read()
    assert screen(store) == before  # the index as it was made
    with open(store.path(hi.INDEX), "ab") as f:  # torn: a power cut in an entry
        f.write(made[:30])
    assert screen(store) == before
    assert open(store.path(hi.INDEX), "rb").read() == made
    _flip(store, hi.INDEX, store.size(hi.INDEX) - 54)  # the last entry damaged
    assert screen(store) == before
    assert open(store.path(hi.INDEX), "rb").read() == made
    for back in (2, 3, 20):  # one the screen reads: met as its row is drawn
        _flip(store, hi.INDEX, store.size(hi.INDEX) - 64 * back + 10)
        assert screen(store) == before, back
        assert open(store.path(hi.INDEX), "rb").read() == made
    # another history in its place (a user's copy), as long as this one
    other = long_history(70)
    os.rename(other.path(HISTORY), store.path(HISTORY))
    assert screen(store) == old_screen(store)
    # games appended by a firmware without the index: caught up
    with open(store.path(HISTORY), "a") as f:
        for i in range(3):
            f.write(codec.encode(record(500 + i)))
    before = old_screen(store)
    assert "502 min" in before[0][1][1]  # the newest shown
    assert screen(store) == before
    hi.current(store)
    made = open(store.path(hi.INDEX), "rb").read()
    os.remove(store.path(hi.INDEX))
    hi.current(store)
    assert open(store.path(hi.INDEX), "rb").read() == made  # caught up = made again


def test_the_boot_makes_a_missing_index_with_its_bar():
    from pawpad.app.menus.boot import Boot

    store = long_history(120)
    app = App(store)
    app.info = {}
    app.nav.home = lambda: None
    app.show_notices = lambda: None
    boot = Boot(0)
    boot.tick(app, 0)
    assert boot.reading is not None and boot.reading.label == "Reading the history"
    t = 1
    shown = set()
    while boot.reading is not None and t < 10000:
        boot.tick(app, t)
        c = Canvas()
        boot.draw(c, app)
        shown.add(boot.shown)
        t += 1
    assert len(shown) > 3  # its bar moved
    assert hi.open_index(store).n == 120
    boot = Boot(0)
    boot.tick(app, 0)
    assert boot.reading is None  # made: nothing to read at the next boot
    with open(store.path(HISTORY), "a") as f:  # a firmware without the index appended
        for i in range(20):
            f.write(codec.encode(record(200 + i)))
    boot = Boot(0)
    boot.tick(app, 0)
    assert boot.reading is not None  # read at boot, with the bar
    t = 1
    while boot.reading is not None and t < 10000:
        boot.tick(app, t)
        t += 1
    assert hi.open_index(store).n == 140


def test_history_screen_without_an_index_reads_the_file_as_before():
    store = _odd_history()
    before = old_screen(store)
    history_menu_current = hi.current

    def full(_store):
        raise OSError(28)  # the flash full: no index can be written

    hi.current = full
    try:
        assert screen(store) == before
    finally:
        hi.current = history_menu_current
    assert history_menu.History.KEEP == 55
