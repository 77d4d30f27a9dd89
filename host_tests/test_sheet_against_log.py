# A kept score sheet (sheet.log) whose lines all carry a right checksum but say what
# the log does not: each total of each row, each row's mark, its count of events and
# its number, the header's mark, rows taken out, put twice or swapped. Whether the
# box was resumed with it (a file changed while the power was off) or it changed
# under the game being played (every other case each way), the history's score sheet
# at the game's end is the one made from the log alone, and a resume makes the rows
# after its snapshot the log's. Every title. Both runtimes.
from pawpad.app.shell import results
from pawpad.app.shell.game import Game
from pawpad.store.files import Storage
from pawpad.store.log import codec
from pawpad.store.records.sheet import SHEET
from pawpad.store.resume import resume
from pawsim.robots import Chooser, Even, Mixed
from support.sheet import copy_dir, kept_rows, played, truth

# (title, players, settings, chooser, seed, robot moves): games of 12 to 30 rows,
# the history keeping all or most of them, two of them past the log's first
# checkpoint (a resume starts from it)
GAMES = (("pick_a_dog", 3, {"variant": "pog"}, Even, 7, 60),
         ("circus_puppy", 3, None, Chooser, 12, 200),
         ("top_dog", 4, None, Mixed, 1, 80),
         ("top_dogs", 3, {"rounds": 12, "cups": 30}, Chooser, 7, 200))


def play(spec):
    name, players, settings, chooser, seed, moves = spec
    return played(name, players, settings, chooser(seed), moves)


def lines_of(path):
    with open(path) as f:
        return f.readlines()


def write(path, lines):
    with open(path, "w") as f:
        for line in lines:
            f.write(line)


def other(v):
    """Another value of a field, of the same kind where there is one."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 1
    if isinstance(v, list):
        return [other(v[0])] + v[1:] if v else [0]
    return [0, 0, False] if v is None else None


def changed(lines):
    """(what, the first line it changes, the sheet's lines) for every way of changing
    it with right checksums."""
    out = []
    for k, line in enumerate(lines):
        rec = codec.decode(line[:-1])
        for key in sorted(rec):
            if key == "sheet":
                continue
            if key == "t":
                for seat in range(len(rec["t"])):
                    t = list(rec["t"])
                    t[seat] += 1 if k % 2 else -1
                    out.append(("row %d total %d" % (k - 1, seat), k,
                                lines[:k] + [codec.encode(dict(rec, t=t))] +
                                lines[k + 1:]))
                continue
            for v in [other(rec[key])] + ([rec["n"] - 1] if key == "n" else []):
                out.append(("line %d %s %r" % (k, key, v), k,
                            lines[:k] + [codec.encode(dict(rec, **{key: v}))] +
                            lines[k + 1:]))
    rows = lines[1:]
    for k in range(len(rows)):
        # a row taken out (the numbers after it made to follow on), or put twice
        rest = [renumber(line, j) for j, line in enumerate(rows[:k] + rows[k + 1:])]
        out.append(("row %d taken out" % k, k + 1, lines[:1] + rest))
        out.append(("row %d twice" % k, k + 1, lines[:1] + rows[:k + 1] + rows[k:]))
        if k:
            swapped = rows[:k - 1] + [rows[k], rows[k - 1]] + rows[k + 1:]
            out.append(("rows %d, %d swapped" % (k - 1, k), k, lines[:1] + swapped))
    head = codec.decode(lines[0][:-1])
    last = codec.decode(lines[-1][:-1])
    # the header alone, saying the game is where it is now: no row ever closed
    out.append(("no rows", len(lines) - 1, [codec.encode(dict(head, m=last["m"]))]))
    return out


def renumber(line, i):
    return codec.encode(dict(codec.decode(line[:-1]), i=i))


def history_sheet(store, app, resumed=True):
    """The score sheet of the history's record, as the Results screen's OK makes it
    (the game resumed from `store` first, or `resumed`: the game itself)."""
    game = resumed
    if resumed is True:
        back, _ = resume(Storage(store.root))
        game = Game(app, back)
    return results.summary(game, {}).get("sheet")


def from_the_log(store, app):
    """The history's sheet made from the log alone: no sheet.log beside it."""
    data = copy_dir(store.root)
    bare = Storage(data)
    bare.remove(SHEET)
    return history_sheet(bare, app)


def test_a_sheet_changed_with_right_checksums_never_reaches_the_history():
    for spec in GAMES:
        name = spec[0]
        store, app, s, game, _ = play(spec)
        want = from_the_log(store, app)
        rows = want["rows"]
        assert 12 <= len(rows) and rows[-1][1] == truth(s, game.flow)[-1], (name, len(rows))
        assert history_sheet(store, app) == want, name  # as it was kept: the same
        good = lines_of(store.path(SHEET))
        cases = changed(good)
        assert len(cases) > 7 * len(good), (name, len(cases))
        kept = game.sheet
        as_kept = (kept.count, kept.last, kept.mark, kept.stale, kept.unwritten)
        for c, (what, _k, lines) in enumerate(cases):
            if c % 2:
                # the power off, the file changed, the box resumed, the game ended
                data = copy_dir(store.root)
                write(data + "/" + SHEET, lines)
                assert history_sheet(Storage(data), app) == want, (name, what)
                continue
            # changed under the game in progress, then the game ended: the sheet is
            # made again as the game kept it
            write(store.path(SHEET), lines)
            assert history_sheet(store, app, game) == want, (name, what, "in play")
            # (a row the history does not keep is not checked: it goes with the log)
            assert (kept.count, kept.last, kept.mark, kept.stale,
                    kept.unwritten) == as_kept, (name, what)


def test_a_resume_makes_the_rows_after_its_snapshot_the_logs():
    for spec in GAMES:
        name = spec[0]
        store, app, s, game, _ = play(spec)
        base = s.snap[0] if s.snap is not None else 0
        want = truth(s, game.flow)
        good = lines_of(store.path(SHEET))
        after = [k for k in range(1, len(good))
                 if codec.decode(good[k][:-1])["n"] > base]
        assert after, (name, base)  # rows closed after the last checkpoint
        tried = 0
        for what, k, lines in changed(good):
            if k < after[0]:
                continue  # before the snapshot: the game's end checks it
            data = copy_dir(store.root)
            write(data + "/" + SHEET, lines)
            back, _ = resume(Storage(data))
            again = Game(app, back)
            assert kept_rows(again) == want, (name, what)
            tried += 1
        assert tried > 5, (name, tried)
