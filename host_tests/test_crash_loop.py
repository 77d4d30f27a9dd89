# A pulled plug is never a crash, and a crash loop cannot hold the box. Only what the
# box itself ends counts (an exception out of the app, a watchdog reset), in one checked
# record: power cuts at any moment of the boot, again and again, set nothing aside, and
# no byte in the record's place makes a count. A failure that repeats sets aside the one
# file it implicates (the file it came out of, the game in play, the file the boot had
# just read), a wider step only if that did not cure it, and when nothing is left the
# box stops on a safe screen instead of restarting. Every copy is kept, and Settings >
# Set aside puts one back in two presses. Both runtimes.
import asyncio
import os

import main

from pawpad.store import crashes
from pawpad.store.files import Storage
from pawpad.store.records.history import HISTORY
from pawpad.store.session import LOG
from pawsim import board as simboard
from pawsim.script import Player, parse
from support.boot import all_files, press
from support.crash import GOOD, Board, PowerCut, crash_in, good_files, plays, run_main, scripted
from support.readers import tempdir, wipe


def contents(data):
    out = {}
    for name in sorted(os.listdir(data)):
        if os.stat(data + "/" + name)[0] & 0x4000:  # a folder
            out[name] = None
            continue
        with open(data + "/" + name, "rb") as f:
            out[name] = f.read()
    return out


def late_crash():
    async def crash(hw, *clocks):
        while not main.SETTLED[0]:  # the app runs past its settle time (made 0 ms)...
            await asyncio.sleep(0)
        raise RuntimeError("boom")  # ...then raises
    return crash


def early_crash(name):
    """A crash out of the reading of `name`, before the boot settled."""
    async def crash(hw, *clocks):
        store = Storage(hw.data_dir)
        with store.open_text(name) as f:
            for _ in f:
                raise ZeroDivisionError("the record it read")
    return crash


def runs(seen):
    async def run(hw, *clocks):
        seen.append((hw.reset_cause, list(hw.problems)))
    return run


def copies(data):
    return sorted(n for n in os.listdir(data) if ".bad" in n)


def test_power_cuts_in_the_first_six_seconds_set_nothing_aside():
    data = tempdir("cuts")
    try:
        good_files(data)
        before = contents(data)
        board = Board(data)
        for t in range(0, 6001, 100):
            for _ in range(1 + (t // 100) % 10):  # 1 to 10 cuts in a row at each moment
                settles = 0 if t >= 5000 else 10 ** 9
                assert run_main(board, plays(board, t, PowerCut()), settles) is PowerCut
            assert copies(data) == [], (t, copies(data))
            assert crashes.read(Storage(data)) is None
        assert run_main(board, plays(board, 1600)) is None  # then a clean boot
        assert board.player.dev.app.top.name == "resume"  # the game offered
        after = contents(data)
        for name in before:
            assert after.get(name) == before[name], name
        assert copies(data) == []
    finally:
        wipe(data)


def test_no_byte_in_the_record_makes_a_count():
    data = tempdir("record")
    try:
        good_files(data)
        store = Storage(data)
        path = store.path(crashes.RECORD)
        for b in range(256):
            for content in (bytes([b]), bytes([b]) * 3, b"2", b"9" * 50):
                with open(path, "wb") as f:
                    f.write(content)
                assert crashes.read(store) is None
                assert main.boot_begins(store, "power on") == []
        rec = crashes.failed(store, "crash", "x.py:1 E", LOG, [], False)
        rec = crashes.failed(store, "crash", "x.py:1 E", LOG, [], False)
        assert rec["n"] == 2
        with open(path, "rb") as f:
            good = f.read()
        for i in range(len(good) - 1):  # every bit of it flipped: no record, no count
            for bit in range(8):
                with open(path, "wb") as f:
                    f.write(good[:i] + bytes([good[i] ^ (1 << bit)]) + good[i + 1:])
                assert crashes.read(store) is None, (i, bit)
        os.remove(path)
        os.mkdir(path)  # a folder in its place
        assert crashes.read(store) is None
        assert main.boot_begins(store, "power on") == []
        os.rmdir(path)
        assert copies(data) == []
        assert contents(data)[LOG] == GOOD[LOG]
    finally:
        wipe(data)


def test_a_crash_after_the_boot_settled_is_counted_and_the_game_offered():
    data = tempdir("crash")
    try:
        all_files(data)
        store = Storage(data)
        assert run_main(Board(data), late_crash()) is RuntimeError
        rec = crashes.read(store)
        assert rec["n"] == 1 and rec["why"] == "crash" and rec["game"] and not rec["early"]
        assert rec["where"].endswith("RuntimeError") and "test_crash_loop.py:" in rec["where"]
        seen = []
        assert run_main(Board(data), runs(seen)) is None
        assert seen[0][0] == "crash"  # not resumed silently: offered
        p = boot_with(data, "crash")  # the boot screen leads to the offer
        assert p.dev.app.top.name in ("resume", "notice"), p.dev.app.top.name
        assert p.dev.app.session is None  # the game is not open behind it
        assert store.exists(LOG)
    finally:
        wipe(data)


def boot_with(data, cause):
    from pawpad.app.device.device import Device

    world = simboard.World(simboard.Clock(True), True, True)
    world.held_at_boot = ()
    hw = simboard.build(world, data, cause)
    p = Player(world, hw, Device, "/tmp")
    p.play(parse("1600 end"))
    return p


def test_the_same_crash_again_sets_the_game_aside_and_only_the_game():
    data = tempdir("crash")
    try:
        all_files(data)
        store = Storage(data)
        before = contents(data)
        assert run_main(Board(data), late_crash()) is RuntimeError  # the game crashes it
        assert run_main(Board(data), late_crash()) is RuntimeError  # ...again, offered
        seen = []
        assert run_main(Board(data), runs(seen)) is None
        said = seen[0][1]
        assert said[0] == "Pawpad stopped 2 times:", said
        assert "Set aside: game.log as game.log.bad." in said
        assert copies(data) == ["game.log.bad"]  # the rest stays where it was
        assert contents(data)["game.log.bad"] == before[LOG]
        for name in ("history.log", "stats.json", "setups.json", "settings.json"):
            assert store.exists(name), name
    finally:
        wipe(data)


def test_a_crash_out_of_a_file_sets_that_file_aside_and_a_wider_step_follows():
    data = tempdir("crash")
    try:
        good_files(data)
        store = Storage(data)
        board = Board(data)
        for _ in range(2):
            assert run_main(board, early_crash(HISTORY), 10 ** 9) is ZeroDivisionError
        rec = crashes.read(store)
        assert rec["file"] == HISTORY and rec["early"]
        seen = []
        assert run_main(board, runs(seen), 10 ** 9) is None
        assert "Set aside: history.log as history.log.bad." in seen[0][1], seen
        assert copies(data) == ["history.log.bad"]  # that file, and only that one
        # The same crash again (it was not the file): the next step, one file at a time.
        with open(store.path(HISTORY), "wb") as f:
            f.write(GOOD[HISTORY])
        assert run_main(board, early_crash(HISTORY), 10 ** 9) is ZeroDivisionError
        seen = []
        assert run_main(board, runs(seen), 10 ** 9) is None
        assert len(copies(data)) == 2, copies(data)  # one more, never two at once
        assert main.STUCK[0] is None
    finally:
        wipe(data)


def test_a_crash_nothing_cures_ends_on_the_safe_screen():
    data = tempdir("crash")
    try:
        store = Storage(data)  # no data files at all: nothing to set aside
        board = Board(data)
        for n in range(1, 4):
            assert run_main(board, late_crash()) is RuntimeError
            assert crashes.read(store)["n"] == n
        lines = main.STUCK[0]
        assert lines is not None and lines[0] == "Pawpad stopped 3 times", lines
        assert "RuntimeError" in " ".join(lines) and lines[-1] == "OK: try again"
        panel = board.world.panel
        assert any(panel.ram), "the safe screen is on the panel"
    finally:
        wipe(data)


def test_a_record_that_cannot_be_written_never_restarts_the_box():
    data = tempdir("crash")
    try:
        good_files(data)
        store = Storage(data)
        os.mkdir(store.path(crashes.RECORD))
        os.mkdir(store.path(crashes.RECORD + ".tmp"))
        restarted = []
        board = Board(data)
        plain = simboard.build

        def build(world, data_dir, cause="power on"):
            hw = plain(world, data_dir, cause)
            hw.restart = lambda: restarted.append(1)
            return hw

        simboard.build = build
        try:
            assert run_main(board, late_crash()) is RuntimeError
        finally:
            simboard.build = plain
        assert restarted == []  # not counted: no restart, the safe screen instead
        assert main.STUCK[0][0] == "Pawpad stopped:" and "not recorded" in main.STUCK[0][2]
        assert copies(data) == []
        os.rmdir(store.path(crashes.RECORD))
        os.rmdir(store.path(crashes.RECORD + ".tmp"))
    finally:
        wipe(data)


def test_watchdog_resets_count_and_a_repeated_hang_sets_aside_only_the_game():
    data = tempdir("hang")
    try:
        good_files(data)
        store = Storage(data)
        assert run_main(Board(data, "watchdog"), runs([]), 10 ** 9) is None
        assert crashes.read(store)["why"] == "hang" and copies(data) == []
        seen = []
        assert run_main(Board(data, "watchdog"), runs(seen), 10 ** 9) is None
        assert seen[0][0] == "watchdog"  # resumed as after any hang
        assert "Set aside: game.log as game.log.bad." in seen[0][1]
        assert copies(data) == ["game.log.bad"]
        # the tools' restart and a power-on are no failure, however many
        for cause in ("restart", "power on") * 3:
            assert run_main(Board(data, cause), runs([]), 10 ** 9) is None
        assert copies(data) == ["game.log.bad"]
    finally:
        wipe(data)


def test_a_clean_evening_after_a_crash_clears_the_count():
    data = tempdir("crash")
    try:
        store = Storage(data)
        assert run_main(Board(data), late_crash()) is RuntimeError
        assert main.boot_begins(store, "power on") == []  # the next boot...
        asyncio.run(main.settle(store, 0))  # ...settles: the crash is still counted
        assert crashes.read(store)["n"] == 1
        assert main.boot_begins(store, "power on") == []  # a boot that follows no crash
        asyncio.run(main.settle(store, 0))  # ...and settles clears it
        assert crashes.read(store) is None
    finally:
        wipe(data)


def test_every_copy_is_kept_and_set_aside_puts_one_back_in_two_presses():
    data = tempdir("aside")
    try:
        good_files(data)
        store = Storage(data)
        for i in range(5):  # five copies of the history: none is ever deleted
            with open(store.path(HISTORY), "wb") as f:
                f.write(b"copy %d\n" % i)
            store.keep_aside(HISTORY)
        store.tidy()  # a boot
        assert copies(data) == ["history.log.bad"] + ["history.log.bad%d" % i for i in range(1, 5)]
        with open(store.path("history.log.bad4"), "rb") as f:
            assert f.read() == b"copy 0\n"  # the oldest, still there
        with open(store.path(HISTORY), "wb") as f:
            f.write(GOOD[HISTORY])
        p = boot_with(data, "power on")
        for _ in range(4):
            if p.dev.app.top.name == "menu":
                break
            press(p, "ok") if p.dev.app.top.name != "resume" else press(p, "back", "ok")
        settings_at = [r[0] for r in p.dev.app.top.rows(p.dev.app)].index("Settings")
        press(p, *(["down"] * settings_at + ["ok", "up", "ok"]))
        assert p.dev.app.top.name == "set-aside", p.dev.app.top.name
        rows = [r[0] for r in p.dev.app.top.rows(p.dev.app)]
        assert rows[0] == "history.log.bad" and len(rows) == 5, rows
        with open(store.path(HISTORY), "rb") as f:
            there = f.read()  # (the saved game went into it at the boot)
        press(p, "down", "down", "down", "down", "ok", "ok")  # the oldest: two presses
        top = p.dev.app.top
        assert top.name == "notice" and "history.log is back." in top.lines, top.lines
        with open(store.path(HISTORY), "rb") as f:
            assert f.read() == b"copy 0\n"
        with open(store.path("history.log.bad"), "rb") as f:
            assert f.read() == there  # the one it replaced: set aside, kept
        assert len(copies(data)) == 5
    finally:
        wipe(data)


def test_a_copy_half_put_back_is_finished_at_boot():
    data = tempdir("aside")
    try:
        good_files(data)
        store = Storage(data)
        os.rename(store.path("stats.json"), store.path("stats.json.restore"))  # the cut
        with open(store.path("stats.json"), "wb") as f:
            f.write(b'{"Red": {}}')
        store.tidy()
        with open(store.path("stats.json"), "rb") as f:
            assert f.read() == b"{}"
        with open(store.path("stats.json.bad"), "rb") as f:
            assert f.read() == b'{"Red": {}}'
    finally:
        wipe(data)


def test_the_resume_offer_sets_a_game_aside():
    data = tempdir("crash")
    try:
        all_files(data)
        p = boot_with(data, "crash")
        for _ in range(3):  # the notices the damaged files gave, then the offer
            if p.dev.app.top.name == "resume":
                break
            press(p, "ok")
        assert p.dev.app.top.name == "resume"
        press(p, "back", "down")
        top = p.dev.app.top
        assert top.name == "notice" and "kept as game.log.bad." in top.lines, top.lines
        store = Storage(data)
        assert not store.exists(LOG) and store.exists(LOG + ".bad")
        press(p, "ok")
        assert p.dev.app.top.name == "menu"
    finally:
        wipe(data)


def phase_case(phase):
    """(the crash's place, the app's script on the board, the file it implicates)."""
    from pawpad.app.shell.app import App
    from pawpad.store.records import stats
    from pawpad.store.resume import Resuming

    if phase == "early boot":  # the statistics read at the app's start, then used
        return ((stats, "load", lambda a: len(a) > 1 and a[1] == stats.STATS),
                "1000 end", "stats.json")
    if phase == "resume":  # the saved game as the boot reads it, a slice at a time
        return (Resuming, "advance", lambda a: not main.SETTLED[0]), "3000 end", LOG
    if phase == "play":  # the game resumed and open (settled), on its screen's tick
        return ((App, "tick", lambda a: main.SETTLED[0] and a[0].game is not None),
                "6000 offer\nok", LOG)
    return ((stats, "merge", None),  # the game's end: its record into the statistics
            "6000 offer\nback ok", LOG)


def test_a_crash_in_each_phase_sets_aside_only_what_it_implicates_and_comes_back():
    for phase in ("early boot", "resume", "play", "end"):
        data = tempdir("phase")
        try:
            good_files(data)
            if phase == "early boot":  # no saved game to offer, so no game to end
                os.remove(data + "/" + LOG)
            before = contents(data)
            (where, attr, when), script, implicated = phase_case(phase)
            board = Board(data)
            settles = 0 if "6000" in script else 10 ** 9
            undo = crash_in(where, attr, when)
            try:
                for n in (1, 2):
                    assert run_main(board, scripted(board, script), settles) is \
                        ZeroDivisionError, phase
                    assert crashes.read(Storage(data))["n"] == n, phase
            finally:
                undo()
            seen = []
            assert run_main(board, runs(seen), 10 ** 9) is None
            assert copies(data) == [implicated + ".bad"], (phase, copies(data))
            assert "Set aside: %s as %s.bad." % (implicated, implicated) in seen[0][1]
            assert contents(data)[implicated + ".bad"] == before[implicated], phase
            p = boot_with(data, "power on")  # the Set aside screen puts it back
            to_settings(p)
            press(p, "up", "ok")
            assert p.dev.app.top.name == "set-aside"
            press(p, "ok", "ok")
            assert contents(data).get(implicated) == before[implicated], phase
            assert copies(data) == [], (phase, copies(data))
        finally:
            wipe(data)


def to_settings(p):
    """From what the boot shows to Settings, leaving any saved game where it is."""
    for _ in range(6):
        name = p.dev.app.top.name
        if name == "menu":
            break
        press(p, "ok" if name == "notice" else "back")
    assert p.dev.app.top.name == "menu", p.dev.app.top.name
    at = [r[0] for r in p.dev.app.top.rows(p.dev.app)].index("Settings")
    press(p, *(["down"] * at + ["ok"]))
    assert p.dev.app.top.name == "settings"


def test_a_cut_in_the_repair_of_a_long_log_leaves_the_game_whole_or_repaired():
    data = tempdir("repair")
    try:
        store = Storage(data)
        whole = GOOD[LOG] * 40 + b'{"e": 1}|00000000\n'  # a long log, a bad last record
        good = len(whole) - 18
        slices = good // 4096  # the copy yields after each
        # a cut after each slice of the copy, and between the two renames after it
        for stop in range(slices + 2):
            with open(store.path(LOG), "wb") as f:
                f.write(whole)
            if stop <= slices:
                steps = store.keeping_part(LOG, good)
                for _ in range(stop):
                    next(steps)
                steps = None  # the power goes
            else:  # the part written, the whole file set aside, the part not renamed
                store.copy_bytes(LOG, LOG + ".repair", good)
                store.keep_aside(LOG)
            store.tidy()
            left = contents(data)
            if LOG + ".bad" in left:
                assert left[LOG] == whole[:good] and left[LOG + ".bad"] == whole, stop
            else:
                assert left[LOG] == whole, stop
            assert sorted(left) in ([LOG], [LOG, LOG + ".bad"]), sorted(left)
            for name in left:
                if name != LOG:
                    os.remove(store.path(name))
        with open(store.path(LOG), "wb") as f:
            f.write(whole)
        steps = store.keeping_part(LOG, good)
        while True:
            try:
                next(steps)
            except StopIteration as e:
                assert e.value == LOG + ".bad"
                break
        assert contents(data) == {LOG: whole[:good], LOG + ".bad": whole}
    finally:
        wipe(data)
