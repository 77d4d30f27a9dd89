# The score sheet kept on flash as the game goes (store/records/score_sheet.py Kept,
# store/records/sheet.py): after every change a table makes (events, undo, redo, corrections)
# the kept rows are exactly the game replayed from its log; a power cut at any point,
# a damaged byte or another game's sheet on flash, and the sheet that comes back is
# still the replay's; opening the sheet of a long game reads it, never replays it.
# Every title, robots' games of hundreds of events. Both runtimes.
import os

from pawpad.app.shell import sheet_screen
from pawpad.app.shell.game import Game
from pawpad.store.files import Storage
from pawpad.store.records import score_sheet
from pawpad.store.records.sheet import SHEET
from pawpad.store.resume import resume
from pawsim.robots import Chooser, Even
from pawsim.robots import play as robot_play
from support.sheet import copy_dir, kept_rows, new_game, played, truth

# (title, players, settings, seed, chooser): robots whose games run long
GAMES = (("pick_a_dog", 3, {"variant": "pog"}, 7, "even"), ("circus_puppy", 3, None, 11, "lcg"),
         ("top_dog", 4, None, 5, "even"), ("top_dogs", 5, {"rounds": 30, "cups": 30}, 7, "lcg"))


def events_of(name, players, settings, seed, chooser, moves=300):
    robot = Even(seed) if chooser == "even" else Chooser(seed)
    return robot_play(name, players, settings, robot, moves)[1]


def test_the_kept_sheet_is_the_replay_after_every_change_of_every_title():
    for name, players, settings, seed, chooser in GAMES:
        events = events_of(name, players, settings, seed, chooser)
        store, app, s, game = new_game(name, players, settings)
        rnd = Chooser(seed + 100)
        for k, e in enumerate(events):
            assert s.offer(e, 0) is None
            if k % 7 == 3:  # a slip taken back, and put again: redone, or keyed again
                last = s.events()[len(s.timeline.events) - 1]
                assert s.undo(0) is None
                assert kept_rows(game) == truth(s, game.flow), (name, k, "undo")
                assert (s.redo(0) if rnd.num(0, 1) else s.offer(last, 0)) is None
            if k % 11 == 5 and len(s.timeline.events) > 2:  # an entry corrected as it was
                i = rnd.num(0, len(s.timeline.events) - 1)
                s.fix(i, s.events()[i], 0)
            if k % 5 == 0:
                s.flush()
                assert kept_rows(game) == truth(s, game.flow), (name, k)
        s.flush()
        rows = truth(s, game.flow)
        assert kept_rows(game) == rows and len(rows) > 3, (name, len(rows))


def test_a_long_sheet_opens_without_a_replay():
    # Kept as it went: the screen reads two rows of the file, whatever REPLAY_MAX says.
    store, app, s, game, n = played("top_dog", 6, None, Even(5), 900)
    assert n > 800, n  # a long game
    keep = score_sheet.REPLAY_MAX
    score_sheet.REPLAY_MAX = 0  # a replay of even one event is refused
    try:
        screen = sheet_screen.ScoreSheet(game)
        rows = list(screen.sheet)
    finally:
        score_sheet.REPLAY_MAX = keep
    assert not screen.too_long and isinstance(screen.sheet, score_sheet.OnFlash)
    assert rows == truth(s, game.flow) and len(rows) > 20
    for i in reversed(range(len(rows))):  # paged from the last row, as the screen opens
        assert screen.sheet.pair(i) == ((rows[i - 1] if i else None), rows[i]), i
    # not a row each; and the places make a page turned read from the nearest one
    most = score_sheet.OnFlash.PLACES
    assert min(len(rows), most // 2) <= screen.sheet.noted <= most


def test_a_power_cut_anywhere_brings_back_the_replays_sheet():
    for name, players, settings, seed, chooser in GAMES:
        events = events_of(name, players, settings, seed, chooser, 200)
        store, app, s, game = new_game(name, players, settings)
        cuts = 0
        for k, e in enumerate(events):
            assert s.offer(e, 0) is None
            if k % 9 == 4:  # undone and keyed again
                last = s.events()[len(s.timeline.events) - 1]
                assert s.undo(0) is None and s.offer(last, 0) is None
            if k % 4 == 2:  # the box loses power: the log without its queued records
                data = copy_dir(store.root)
                back, _messages = resume(Storage(data))
                if back is None:
                    continue
                again = Game(app, back)
                assert kept_rows(again) == truth(back, again.flow), (name, k)
                cuts += 1
            if k % 3 == 0:
                s.flush()
        assert cuts >= 2, (name, cuts)


def test_a_damaged_or_foreign_sheet_is_made_again_from_the_log():
    store, app, s, game, _ = played("circus_puppy", 3, None, Chooser(11), 200)
    want = truth(s, game.flow)
    path = store.path(SHEET)
    with open(path, "rb") as f:
        good = f.read()
    damages = [good[:len(good) // 2], good[:-1], good.replace(b"[", b"{", 1),
               good[:40] + b"\xff" + good[41:], b"", b"junk\n",
               good.replace(b'"sheet": "', b'"sheet": "x', 1)]
    for i in range(0, len(good), max(1, len(good) // 25)):  # a byte flipped
        damages.append(good[:i] + bytes([good[i] ^ 0x24]) + good[i + 1:])
    for bad in damages:
        with open(path, "wb") as f:
            f.write(bad)
        back, _ = resume(Storage(store.root))
        again = Game(app, back)
        assert kept_rows(again) == want, bad[:60]
    os.remove(path)
    back, _ = resume(Storage(store.root))
    assert kept_rows(Game(app, back)) == want  # no sheet at all: made from the log


def test_the_sheet_goes_with_the_game():
    _, events = robot_play("top_dogs", 3, None, Chooser(3), 100)
    store, app, s, game = new_game("top_dogs", 3, None)
    for e in events:
        s.offer(e, 0)
    s.flush()
    assert store.exists(SHEET)
    s.close()
    assert not store.exists(SHEET)
